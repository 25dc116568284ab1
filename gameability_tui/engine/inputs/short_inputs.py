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
        if isinstance(node, ast.Call) and is_next_with_default(node):
            return True
        if isinstance(node, (ast.For, ast.While)) and node.orelse:
            return True
        body = getattr(node, "body", None)
        if isinstance(body, list) and any(
            isinstance(statement, ast.Return) and follows_a_search(body, position)
            for position, statement in enumerate(body)
        ):
            return True
    return False


def is_next_with_default(node: ast.Call) -> bool:
    """``next(items, default)``: a search whose answer for nothing found is ``default``."""
    return called_name(node) == "next" and len(node.args) == 2


def follows_a_search(block: list[ast.stmt], position: int) -> bool:
    """Whether ``block[position]`` comes after a loop of ``block`` that returns from inside (what
    it finds): what runs there runs where the loop found nothing."""
    return any(
        isinstance(statement, (ast.For, ast.While))
        and any(isinstance(node, ast.Return) for inner in statement.body for node in ast.walk(inner))
        for statement in block[:position]
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
