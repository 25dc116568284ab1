"""The calls a test makes before the call it checks, where they set up state: ``Call.before``.

Threat: a module API tested as a sequence (``set_rate('EUR', 2)``, then ``assert to_usd(10,
'EUR') == 5``; ``reset()``, ``add(5)``, then ``assert total() == 5``) was drawn one call at a
time from a fresh load: ``to_usd`` raised on every fresh input (no rate set), ``total()``
answered 0 whatever ``add`` did, and every mutant of the API looked equivalent (the
twenty-first pass's v3; the eighth pass's getter). Defence: such a call carries the calls its
test made first, in order, drawn with it (their literals are positions of its shape) and made
before it from a fresh load, as its assert makes them.

Taken only where the test's body before the call is made of such calls alone: each statement
before it calls only the reference's functions, on literals, and at least one is a statement of
its own (``set_rate('EUR', 2)``, whose answer the test throws away: a call made for what it
leaves behind). A test that only asserts one call after another (HumanEval's ``check``) has none.
"""

from __future__ import annotations

import ast
from typing import Any

from .folded import is_literal

# (function name, positional arguments, keyword arguments) of one call made before
Prelude = tuple[tuple[str, tuple, tuple[tuple[str, Any], ...]], ...]
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def statement_positions(tree: ast.Module) -> dict[int, tuple[list[ast.stmt], int]]:
    """For each node of ``tree``, the list of statements that holds it and its statement's index
    there: the module's body, or the body of the innermost function around it."""
    positions: dict[int, tuple[list[ast.stmt], int]] = {}
    bodies = [tree.body] + [node.body for node in ast.walk(tree) if isinstance(node, FUNCTIONS)]
    for body in bodies:  # (outer bodies first: an inner function's statements override)
        for index, statement in enumerate(body):
            for node in ast.walk(statement):
                positions[id(node)] = (body, index)
    return positions


def prelude_of(
    node: ast.Call, positions: dict[int, tuple[list[ast.stmt], int]], functions: frozenset[str]
) -> Prelude:
    """The calls of ``functions`` the test makes before ``node``, in order, where the statements
    before it are such calls alone (on literals) and one of them is a statement of its own; else
    none."""
    body, index = positions.get(id(node), ([], 0))
    made: list[tuple[str, tuple, tuple]] = []
    alone = False
    for statement in body[:index]:
        calls = [part for part in ast.walk(statement) if isinstance(part, ast.Call)]
        for call in calls:
            made_call = _literal_call_of(call, functions)
            if made_call is None:
                return ()
            made.append(made_call)
        alone = alone or (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call))
    return tuple(made) if alone else ()


def _literal_call_of(call: ast.Call, functions: frozenset[str]) -> tuple[str, tuple, tuple] | None:
    """``call`` as (name, args, kwargs), where it calls one of ``functions`` by name on literals."""
    if not (isinstance(call.func, ast.Name) and call.func.id in functions):
        return None
    if any(isinstance(arg, ast.Starred) or not is_literal(arg) for arg in call.args):
        return None
    if any(keyword.arg is None or not is_literal(keyword.value) for keyword in call.keywords):
        return None
    args = tuple(ast.literal_eval(arg) for arg in call.args)
    return call.func.id, args, tuple((k.arg, ast.literal_eval(k.value)) for k in call.keywords)
