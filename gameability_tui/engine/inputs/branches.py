"""Which visible calls take the branch a comparison sits in: a boundary is met from those first.

A constant compared inside a branch (``if b == 0: if a > 0: ...``) is met only by a call that
takes the branch: ``a`` moved to 0 on a call where ``b`` is 3 never reaches ``a > 0``, so ``a >=
0`` for ``a > 0`` parts from the reference only on ``safe_div(0, 0)``, the visible ``safe_div(5,
0)`` with ``a`` moved (threat: the default attack's few boundary inputs edited the visible calls
in order, the first ones taking the other branch, and the mutant was "equivalent": the
twenty-fifth pass). So the calls whose arguments take every branch around such a comparison are
edited first. A branch's test is read, never run (the engine runs no benchmark code in its own
process): a comparison of a parameter with a number, ``and``, ``or``, ``not``; any other test is
not known, and a call is not put first for it.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Iterator
from typing import Any

from ..syntax import statement_blocks
from .calls import Call, defined_function, parameter_names

Condition = tuple[ast.expr, bool]  # an ``if`` test, and whether the branch needs it true
COMPARED: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def nested_comparisons(
    reference: str, entry: str
) -> list[tuple[ast.Compare, tuple[Condition, ...], tuple[str, ...]]]:
    """Each comparison in the body of the top-level function ``entry`` that sits in a branch,
    with the tests of the branches around it, and the function's parameters."""
    function = defined_function(reference, entry)
    if function is None:
        return []
    parameters = parameter_names(reference, entry)
    return [(node, conditions, parameters) for node, conditions in _visit(function.body, ()) if conditions]


def _visit(
    statements: list[ast.stmt], around: tuple[Condition, ...]
) -> Iterator[tuple[ast.Compare, tuple[Condition, ...]]]:
    for statement in statements:
        if isinstance(statement, ast.If):
            yield from _compared_in(statement.test, around)
            yield from _visit(statement.body, (*around, (statement.test, True)))
            yield from _visit(statement.orelse, (*around, (statement.test, False)))
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue  # (another function's parameters)
        else:
            own = [node for node in ast.iter_child_nodes(statement) if isinstance(node, ast.expr)]
            for node in own:
                yield from _compared_in(node, around)
            for block in statement_blocks(statement):
                yield from _visit(block, around)
            for handler in getattr(statement, "handlers", ()):
                yield from _visit(handler.body, around)


def _compared_in(
    node: ast.expr, around: tuple[Condition, ...]
) -> Iterator[tuple[ast.Compare, tuple[Condition, ...]]]:
    for inner in ast.walk(node):
        if isinstance(inner, ast.Compare):
            yield inner, around


def takes_every_branch(call: Call, conditions: tuple[Condition, ...], parameters: tuple[str, ...]) -> bool:
    """Whether ``call``'s arguments are known to take every branch in ``conditions``."""
    bindings = dict(zip(parameters, call.args)) | dict(call.kwargs)
    return all(_holds(test, bindings) is wanted for test, wanted in conditions)


def _holds(test: ast.expr, bindings: dict[str, Any]) -> bool | None:
    """The truth of ``test`` on ``bindings``, where it is read (else None)."""
    if isinstance(test, ast.BoolOp):
        values = [_holds(value, bindings) for value in test.values]
        if isinstance(test.op, ast.And):
            return False if False in values else (None if None in values else True)
        return True if True in values else (None if None in values else False)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _holds(test.operand, bindings)
        return None if inner is None else not inner
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in COMPARED:
        left, right = _number(test.left, bindings), _number(test.comparators[0], bindings)
        if left is None or right is None:
            return None
        return COMPARED[type(test.ops[0])](left, right)
    return None


def _number(node: ast.expr, bindings: dict[str, Any]) -> int | float | None:
    if isinstance(node, ast.Name):
        value = bindings.get(node.id)
    elif isinstance(node, ast.Constant):
        value = node.value
    elif (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
    ):
        value = -node.operand.value if type(node.operand.value) in (int, float) else None
    else:
        return None
    return value if type(value) in (int, float) else None
