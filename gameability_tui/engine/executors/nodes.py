"""Whether another machine would judge exactly as this one: the facts a node's step counts rest on.

Verdicts rest on step counts, and step counts depend on the Python version, on which step counter
counts (``sandbox.steps.STEP_COUNTER``: the trace or the monitor counter, compiled or not) and on
the engine's own code. A cluster whose nodes differed in any of
these would judge the same mutant differently depending on where it ran; so a driver sends its
facts to every node, and a node whose facts differ refuses to audit, with the reason.
"""

from __future__ import annotations

import functools
import hashlib
import platform
from pathlib import Path
from typing import Any

from ..model import ENGINE_VERSION


@functools.lru_cache(maxsize=1)
def engine_digest() -> str:
    """A hash of the engine's source files: two nodes with the same digest judge alike."""
    digest = hashlib.sha256()
    engine = Path(__file__).parents[1]
    for path in sorted(engine.rglob("*.py")):
        digest.update(path.relative_to(engine).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def node_facts() -> dict[str, Any]:
    """What decides how this machine counts steps: Python, the step counter, the engine."""
    from ..sandbox.steps import STEP_COUNTER

    return {
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "step_counter": STEP_COUNTER,
        "engine": f"{ENGINE_VERSION}/{engine_digest()[:16]}",
    }


def refusal(driver: dict[str, Any], node: dict[str, Any], where: str) -> str | None:
    """Why the node ``where`` must not audit for a driver with ``driver``'s facts, or None."""
    if str(node["step_counter"]).endswith("-python"):
        return (
            f"the Ray node {where} has no compiled step counter (engine/sandbox/compiled/), so "
            "its step counts would differ from the other nodes'. Install gameability-tui there "
            "where a C compiler and the Python headers are available, or leave that node out."
        )
    if node["python"] != driver["python"]:
        return (
            f"the Ray node {where} runs {node['python']} and this machine {driver['python']}; step "
            "counts differ between Python versions. Use the same Python on every node."
        )
    if node["step_counter"] != driver["step_counter"]:
        return (
            f"the Ray node {where} counts steps with the {node['step_counter']} counter and this "
            f"machine with the {driver['step_counter']} one; their steps do not compare. Set "
            "GAMEABILITY_TUI_STEPS alike on every node (or on none)."
        )
    if node["engine"] != driver["engine"]:
        return (
            f"the Ray node {where} has another audit engine ({node['engine']}, here "
            f"{driver['engine']}). Install the same gameability-tui on every node."
        )
    return None
