"""Builds the optional C parts; everything else is configured in pyproject.toml.

If the compiler or Python headers are missing the build is skipped and the engine falls back to
Python: a counter that counts exactly the same events, and the same clean-state checks in each
candidate's child, only slower. ``_monitor_steps`` counts on ``sys.monitoring``, so it is built
on Python 3.12 and later only; ``_steps`` (a trace function) is the counter before that.
"""

import sys

from setuptools import Extension, setup

COMPILED = "gameability_tui/engine/sandbox/compiled"

extensions = [
    Extension("gameability_tui.engine.sandbox.compiled._steps", [f"{COMPILED}/_steps.c"], optional=True),
    Extension(
        "gameability_tui.engine.sandbox.compiled._isolation", [f"{COMPILED}/_isolation.c"], optional=True
    ),
]
if sys.version_info >= (3, 12):
    extensions.append(
        Extension(
            "gameability_tui.engine.sandbox.compiled._monitor_steps",
            [f"{COMPILED}/_monitor_steps.c"],
            optional=True,
        )
    )

setup(ext_modules=extensions)
