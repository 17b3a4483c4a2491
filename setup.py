"""Build hook: the compiled Red7 search core, optional. Without a C compiler (or Python headers)
the build goes on and ``arbiter.solver`` uses its pure-Python search, which gives the same answers."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "arbiter.solver.red7._red7core",
            sources=["solver/red7/_red7core.c"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        )
    ]
)
