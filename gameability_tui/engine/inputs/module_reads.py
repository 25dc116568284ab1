"""The module data the tests read after a call, as they read it (``RESULTS[-1]``).

Threat: an entry that records its work in module data (``RESULTS.append(...)``) and returns None
looks the same in every mutant when only its return is compared: every mutant was called
equivalent and the problem excluded, though the tests check that data. Defence: where a test
reads, after a call, a name the reference defines at its top level as data (assigned, not a
function, class or import), by literal subscripts (``RESULTS[-1]``, ``TABLE['a']``), that read is
made after every call and is part of its answer (``Oracle.reads``, ``observed.read_after``).

A bare read of the name (``RESULTS == [10]``) is left out: the fresh calls run one after another
in one namespace, so the whole value holds every earlier call's work, which an assert run
anywhere else would not see; a subscript the tests take (the latest item) reads the call's own.
"""

from __future__ import annotations

import ast
import functools

from .calls import parsed

MAX_READS = 4  # a test reads a few; each is made after every call


@functools.lru_cache(maxsize=256)  # asked for every job of a problem (``oracle_for``), as raises are
def module_reads(reference: str, tests: tuple[str, ...]) -> tuple[str, ...]:
    """Each read of the reference's module data that a test makes after a call, as written, in
    the tests' order, deduplicated; empty where there is none."""
    data = _data_names(reference)
    if not data:
        return ()
    reads: list[str] = []
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        first_call = min(
            ((n.lineno, n.col_offset) for n in ast.walk(tree) if isinstance(n, ast.Call)), default=None
        )
        inner: set[int] = set()  # subscripts inside a read taken whole (``GRID[0]`` of ``GRID[0][1]``)
        for node in ast.walk(tree):  # outer nodes come first
            if not isinstance(node, ast.Subscript) or id(node) in inner or not isinstance(node.ctx, ast.Load):
                continue
            text = _literal_read(node, data)
            if text is None or first_call is None or (node.lineno, node.col_offset) < first_call:
                continue
            inner.update(id(part) for part in ast.walk(node.value))
            if text not in reads:
                reads.append(text)
    return tuple(reads[:MAX_READS])


def _data_names(reference: str) -> set[str]:
    """Names the reference binds at its top level to data only: never to a def, class, import or
    lambda (an entry bound by assignment is not data)."""
    tree = parsed(reference)
    if tree is None:
        return set()
    data, other = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            (other if isinstance(node.value, ast.Lambda) else data).update(names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            other.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return data - other


def _literal_read(node: ast.Subscript, data: set[str]) -> str | None:
    """``node`` as written where it subscripts a data name by literals only, at any depth
    (``GRID[0][1]``); None otherwise."""
    inner: ast.expr = node
    while isinstance(inner, ast.Subscript):
        try:
            ast.literal_eval(inner.slice)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            return None
        inner = inner.value
    if isinstance(inner, ast.Name) and inner.id in data:
        return ast.unparse(node)
    return None
