"""Where a one-item list tells mutants apart: a not-found answer, a fixed position read.

``next((x for x in xs if x % 2), -1)``, a ``for`` loop that returns what it finds followed by a
``return -1``, a loop's ``else``: the answer after the search is given only where no item
matches, and tests that each pass a list holding a match never reach it (threat: ``first_odd``'s
``-1`` to ``-2`` was "equivalent" by default, every visible list holding an odd number: the
twenty-fifth pass). And a position read by a constant (``m = l[0]``, made ``l[1]`` by a mutant)
is past the end only on a list that short (the twenty-sixth pass's ``max_element``, every test
passing ten items). A one-item list cut from a visible one (its first, middle or last item) is
the shortest search there is, and holds no match as often as its item does not.
"""

from __future__ import annotations

import ast

from .calls import called_name, parsed


def answers_when_nothing_is_found(reference: str) -> bool:
    """Whether the reference has a not-found answer: ``next`` with a default, a loop with an
    ``else``, or a loop that returns from inside followed by another ``return``."""
    tree = parsed(reference)
    if tree is None:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and called_name(node) == "next" and len(node.args) == 2:
            return True
        if isinstance(node, (ast.For, ast.While)) and node.orelse:
            return True
        body = getattr(node, "body", None)
        if isinstance(body, list) and _returns_after_a_search(body):
            return True
    return False


def _returns_after_a_search(statements: list[ast.stmt]) -> bool:
    for position, statement in enumerate(statements):
        if isinstance(statement, (ast.For, ast.While)) and _returns_inside(statement):
            return any(isinstance(later, ast.Return) for later in statements[position + 1 :])
    return False


def _returns_inside(loop: ast.For | ast.While) -> bool:
    return any(
        isinstance(node, ast.Return)
        for statement in loop.body
        for node in ast.walk(statement)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    )


def reads_a_fixed_position(reference: str) -> bool:
    """Whether the reference reads a sequence at a constant position other than the first
    (``xs[1]``, ``xs[-1]``), or at the first where a mutant's ``+ 1`` moves it past a one-item
    list (``l[0]``): any constant index."""
    tree = parsed(reference)
    return tree is not None and any(
        isinstance(node, ast.Subscript) and _constant_index(node.slice) for node in ast.walk(tree)
    )


def _constant_index(index: ast.expr) -> bool:
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return isinstance(index, ast.Constant) and type(index.value) is int
