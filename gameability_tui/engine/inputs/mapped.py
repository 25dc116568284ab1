"""Functions the tests call without naming them: through ``map`` and ``filter``, or handed to a
checker they define (``check(sq)``, ``handed.py``).

Kept apart from ``calls`` (which counts the calls that name the entry) and from ``unrolled``
(which reads ``calls``), so entry inference can use it without an import cycle.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter

from .handed import handed_in


def mapped_names(sources: list[str] | tuple[str, ...]) -> Counter:
    """How often each name is passed to ``map`` or ``filter`` as the function it applies, or
    handed to a checker the test defines: a call the test makes through them (threat:
    ``list(map(inc, [1, 2, 3]))`` named no entry, and the problem was excluded as one whose tests
    call no function the reference defines)."""
    counts: Counter = Counter()
    for source in sources:
        counts.update(_mapped_in(source))
    return counts


@functools.lru_cache(maxsize=64)
def _mapped_in(source: str) -> tuple[str, ...]:
    """The names one source maps, filters or hands to a checker with, once per use (parsed once
    per source: entry inference reads a problem's tests several times)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return ()
    return handed_in(tree) + tuple(
        node.args[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("map", "filter")
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
    )
