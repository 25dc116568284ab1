"""A function handed to a checker the tests define: ``def check(candidate): ...`` then ``check(sq)``.

Threat: HumanEval's test shape, kept whole in one test (MultiPL-E, a pytest file wrapping it in
``def test_check(): check(sq)``). The checker calls its parameter, never ``sq``: no test named
the entry, so the problem was excluded as having no entry point, or, with the entry given, as
having "no literal calls to sq() to perturb", though every call in ``check`` is one. Defence: a
call handing a name to a checker the test defines counts as calling it (``handed_names``), and,
for harvesting, reads as the checker's body with its parameter named as the name handed
(``checkers_inlined``): ``assert candidate(2) == 4`` is ``assert sq(2) == 4``. The tests still
run as written.
"""

from __future__ import annotations

import ast
import copy
import functools
from collections import Counter


def _checkers(tree: ast.Module) -> dict[str, tuple[ast.FunctionDef, str]]:
    """The test's top-level functions of one parameter that they call (``check(candidate)``)."""
    found = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or len(node.args.args) != 1:
            continue
        parameter = node.args.args[0].arg
        if any(
            isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == parameter
            for inner in ast.walk(node)
        ):
            found[node.name] = (node, parameter)
    return found


def _handings(tree: ast.Module, checkers: dict) -> list[tuple[ast.Call, str]]:
    """Each call handing a plain name to a checker: ``check(sq)``, anywhere in the test."""
    return [
        (node, node.args[0].id)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in checkers
        and len(node.args) == 1
        and isinstance(node.args[0], ast.Name)
        and not node.keywords
    ]


def handed_names(sources: list[str] | tuple[str, ...]) -> Counter:
    """How often each name is handed to a checker the same test defines: a call of it."""
    counts: Counter = Counter()
    for source in sources:
        counts.update(_handed_in(source))
    return counts


@functools.lru_cache(maxsize=64)
def _handed_in(source: str) -> tuple[str, ...]:
    try:  # parsed here: ``calls.py`` reads these counts, so this module cannot import it
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return ()
    checkers = _checkers(tree)
    return tuple(name for _, name in _handings(tree, checkers)) if checkers else ()


def checkers_inlined(tree: ast.Module) -> None:
    """In place: after each checker handed a name, a copy of its body with the parameter read as
    that name (a function of its own, never called: harvesting reads it)."""
    checkers = _checkers(tree)
    if not checkers:
        return
    for number, (call, name) in enumerate(_handings(tree, checkers)):
        checker, parameter = checkers[call.func.id]  # type: ignore[attr-defined]
        body = [_Renamed(parameter, name).visit(copy.deepcopy(statement)) for statement in checker.body]
        nothing = ast.arguments([], [], None, [], [], None, [])
        made = ast.FunctionDef(
            name=f"_{checker.name}_{name}_{number}", args=nothing, body=body, decorator_list=[], returns=None
        )
        tree.body.append(ast.fix_missing_locations(ast.copy_location(made, checker)))


class _Renamed(ast.NodeTransformer):
    def __init__(self, parameter: str, name: str) -> None:
        self.parameter, self.name = parameter, name

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if node.id == self.parameter:
            return ast.copy_location(ast.Name(self.name, node.ctx), node)
        return node
