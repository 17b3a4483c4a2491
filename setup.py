"""Build hook: the compiled search cores (Red7's, bridge's double-dummy core), optional. Without a C compiler (or Python headers)
the build goes on and each solver uses its pure-Python search, which gives the same answers."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "arbiter.solver.red7._red7core",
            sources=["solver/red7/_red7core.c"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        ),
        Extension(
            "arbiter.solver.bridge._bridgecore",
            sources=["solver/bridge/_bridgecore.c"],
            extra_compile_args=["-O2", "-std=c11"],
            optional=True,
        ),
    ]
)
