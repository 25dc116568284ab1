"""Functions the tests call without naming them: through ``map`` and ``filter``, as the ``key=``
of ``sorted``, ``min``, ``max``, ``list.sort`` or ``heapq.nlargest``, through a name bound to
them, handed to a checker they define (``check(sq)``, ``handed.py``), or to a raises check
(``assertRaises(ValueError, sq, -1)``).

Kept apart from ``calls`` (which counts the calls that name the entry) and from ``unrolled``
(which reads ``calls``), so entry inference can use it without an import cycle.
"""

from __future__ import annotations

import ast
import copy
import functools
from collections import Counter

from ..syntax import ending_name
from .fixtures import fixtures_in
from .handed import handed_in
from .renamed import binds_a_name_to_a_name, name_pairs, one_name_per_binding

# The raises checks that take the callable and its arguments (``assertRaises(E, f, -4)``,
# ``pytest.raises(E, f, -4)``), with the keywords that are theirs, not the callable's.
_CALLABLE_RAISES = {"assertRaises": ("msg",), "assertRaisesRegex": ("msg",), "raises": ("match",)}
# Set on a call read from such a check (``unrolled``): the test expects it to raise.
EXPECTS_RAISE = "expects_raise"


def raised_callable(node: ast.Call) -> tuple[ast.expr, int, tuple[str, ...]] | None:
    """In a raises check that takes the callable (``self.assertRaises(ValueError, isqrt, -4)``),
    the callable, where it sits among the arguments, and the check's own keywords."""
    called = ending_name(node.func)
    theirs = _CALLABLE_RAISES.get(called)
    first = 2 if called == "assertRaisesRegex" else 1  # the pattern comes before the callable
    if (
        theirs is None
        or len(node.args) <= first
        or any(isinstance(a, ast.Starred) for a in node.args[: first + 1])
    ):
        return None  # (a starred argument after the callable is the callable's: ``*[-4]``, folded)
    function = node.args[first]
    return (function, first, theirs) if isinstance(function, (ast.Name, ast.Attribute)) else None


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
    mapped = tuple(
        node.args[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("map", "filter")
        and len(node.args) >= 2
        and isinstance(node.args[0], ast.Name)
    )
    keyed = tuple(
        keyed[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (keyed := key_function(node)) is not None
        and isinstance(keyed[0], ast.Name)
    )
    raised = tuple(  # ``assertRaises(ValueError, safe_sqrt, -1)`` calls ``safe_sqrt``
        found[0].id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and (found := raised_callable(node)) is not None
        and isinstance(found[0], ast.Name)
    )
    return handed_in(tree) + mapped + keyed + raised + _called_through_aliases(tree)


def _called_through_aliases(tree: ast.Module) -> tuple[str, ...]:
    """The names a test binds to another name it then calls (``g = sq``, then ``g(5)``; ``g, h =
    sq, double``), or a fixture hands as its value (``return Counter``, a test calling
    ``make(5)``), followed through names bound to names: each named once per call through it
    (``renamed.aliases_followed`` reads the calls as theirs). A name bound again in straight-line
    code is a name per binding, as Python reads it (``g = sq`` ... ``g = abs``)."""
    if not fixtures_in(tree.body) and not binds_a_name_to_a_name(ast.walk(tree)):
        return ()  # (most tests): nothing to follow, no copy made
    tree = copy.deepcopy(tree)
    one_name_per_binding(tree)
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            aliases.update(name_pairs(node.targets[0], node.value))
    for name, fixture in fixtures_in(tree.body).items():
        given = fixture.node.body[-1]
        value = given.value if isinstance(given, ast.Return) else None
        if isinstance(given, ast.Expr) and isinstance(given.value, ast.Yield):
            value = given.value.value
        if isinstance(value, ast.Name):
            aliases.setdefault(name, value.id)

    def named(alias: str) -> str:
        seen = {alias}
        while aliases.get(alias) is not None and aliases[alias] not in seen:
            alias = aliases[alias]
            seen.add(alias)
        return alias

    return tuple(
        named(node.func.id)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in aliases
    )


# The builtins that call a ``key=`` function on each item of what they are handed.
_KEYED = ("sorted", "min", "max")


def key_function(node: ast.Call) -> tuple[ast.expr, ast.expr | None] | None:
    """``sorted(xs, key=f)``, ``min(xs, key=f)``, ``max(...)``, ``xs.sort(key=f)`` or
    ``heapq.nlargest(n, xs, key=f)`` (``nsmallest``): the function it calls on each item
    (``f``), and what holds the items (``xs``; None where they are ``min``'s or ``max``'s several
    arguments); None for any other call. Threat: an entry the tests only pass as ``key=`` named
    no entry, and the problem was excluded."""
    key = next((keyword.value for keyword in node.keywords if keyword.arg == "key"), None)
    if key is None or isinstance(key, ast.Lambda) or any(isinstance(a, ast.Starred) for a in node.args):
        return None
    if isinstance(node.func, ast.Name) and node.func.id in _KEYED and node.args:
        return key, node.args[0] if len(node.args) == 1 else None
    called = ending_name(node.func)
    if called in ("nlargest", "nsmallest") and len(node.args) == 2:  # ``heapq.nlargest(n, xs, key=f)``
        return key, node.args[1]
    if called == "sort" and isinstance(node.func, ast.Attribute) and not node.args:  # ``xs.sort(key=f)``
        return key, node.func.value
    return None
