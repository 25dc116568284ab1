"""Builds the optional C parts; everything else is configured in pyproject.toml.

If the compiler or Python headers are missing the build is skipped and the engine falls back to
Python: a tracer that counts exactly the same events, and the same clean-state checks in each
candidate's child, only slower.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "gameability_tui.engine.sandbox.compiled._steps",
            ["gameability_tui/engine/sandbox/compiled/_steps.c"],
            optional=True,
        ),
        Extension(
            "gameability_tui.engine.sandbox.compiled._isolation",
            ["gameability_tui/engine/sandbox/compiled/_isolation.c"],
            optional=True,
        ),
    ]
)
