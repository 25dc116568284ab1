"""Builds the optional C step counter; everything else is configured in pyproject.toml.

If the compiler or Python headers are missing the build is skipped and the engine falls back to
a pure-Python tracer that counts exactly the same events, only slower.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension("gameability_tui.engine._steps", ["gameability_tui/engine/_steps.c"], optional=True),
    ]
)
