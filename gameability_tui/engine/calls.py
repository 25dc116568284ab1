"""Entry-point inference and literal call harvesting from test source.

Threat: picking the wrong function measures nothing. "The most called name" in
``assert set(f(x)) == set(y)`` is ``set``; the entry must be a function the reference DEFINES
and the tests CALL. Only calls whose arguments are all literals are harvested, so every fresh
input can be written back into an assert that round-trips.
"""

from __future__ import annotations

import ast
from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Call:
    """One call's arguments as Python values (positional, then keywords)."""

    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()

    def as_job(self) -> tuple[tuple, dict]:
        return self.args, dict(self.kwargs)

    def render(self, name: str) -> str:
        from .literals import render_literal

        parts = [render_literal(value) for value in self.args]
        parts += [f"{key}={render_literal(value)}" for key, value in self.kwargs]
        return f"{name}({', '.join(parts)})"

    def key(self) -> str:
        return repr((self.args, self.kwargs))


def _parse(source: str) -> ast.AST | None:
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def defined_names(reference: str) -> list[str]:
    """Top-level functions (then classes) the reference defines, in source order."""
    tree = _parse(reference)
    if tree is None:
        return []
    functions = [n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    classes = [n.name for n in tree.body if isinstance(n, ast.ClassDef)]
    return functions + classes


def called_names(sources: list[str] | tuple[str, ...]) -> Counter:
    counts: Counter = Counter()
    for source in sources:
        tree = _parse(source)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                counts[node.func.id] += 1
    return counts


def infer_entry(reference: str, tests: tuple[str, ...], declared: str | None = None) -> str | None:
    """The function the reference defines and the tests call (most called among those)."""
    defined = defined_names(reference)
    if declared:
        return declared if declared in defined else None
    called = called_names(tests)
    candidates = [name for name in defined if called[name] > 0]
    if not candidates:
        return None
    return max(candidates, key=lambda name: (called[name], -defined.index(name)))


def harvest_calls(sources: list[str] | tuple[str, ...], name: str) -> list[Call]:
    """Literal argument tuples of every call to ``name`` in ``sources``, in order, deduplicated."""
    seen: set[str] = set()
    calls: list[Call] = []
    for source in sources:
        tree = _parse(source)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id != name:
                continue
            call = _literal_call(node)
            if call is not None and call.key() not in seen:
                seen.add(call.key())
                calls.append(call)
    return calls


def _literal_call(node: ast.Call) -> Call | None:
    try:
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            return None
        if any(keyword.arg is None for keyword in node.keywords):
            return None
        args = tuple(ast.literal_eval(arg) for arg in node.args)
        kwargs = tuple((k.arg, ast.literal_eval(k.value)) for k in node.keywords)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return Call(args, kwargs)
