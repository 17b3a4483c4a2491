"""Build hook: the compiled search cores (Red7's, Stick to Colours', bridge's double-dummy core), optional.
Without a C compiler (or Python headers) the build goes on and each solver uses its pure-Python search,
which gives the same answers."""

from setuptools import Extension, setup

CORE = {"extra_compile_args": ["-O2", "-std=c11"], "depends": ["solver/_search_table.h"], "optional": True}

setup(
    ext_modules=[
        Extension("arbiter.solver.red7._red7core", sources=["solver/red7/_red7core.c"], **CORE),
        Extension("arbiter.solver.stick_to_colours._stickcore", sources=["solver/stick_to_colours/_stickcore.c"],
                  **CORE),
        Extension("arbiter.solver.bridge._bridgecore", sources=["solver/bridge/_bridgecore.c"],
                  extra_compile_args=["-O2", "-std=c11"], optional=True),
    ]
)
