"""Functions the tests apply through ``map`` and ``filter``: calls they make without naming them.

Kept apart from ``calls`` (which counts the calls that name the entry) and from ``unrolled``
(which reads ``calls``), so entry inference can use it without an import cycle.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter


def mapped_names(sources: list[str] | tuple[str, ...]) -> Counter:
    """How often each name is passed to ``map`` or ``filter`` as the function it applies: a call
    the test makes through them (threat: ``list(map(inc, [1, 2, 3]))`` named no entry, and the
    problem was excluded as one whose tests call no function the reference defines)."""
    counts: Counter = Counter()
    for source in sources:
        counts.update(_mapped_in(source))
    return counts


@functools.lru_cache(maxsize=64)
def _mapped_in(source: str) -> tuple[str, ...]:
    """The names one source maps or filters with, once per use (parsed once per source: entry
    inference reads a problem's tests several times)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return ()
    return tuple(
        node.args[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("map", "filter")
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
    )
