"""A function handed to a checker the tests define: ``def check(candidate): ...`` then ``check(sq)``.

Threat: HumanEval's test shape, kept whole in one test (MultiPL-E, a pytest file wrapping it in
``def test_check(): check(sq)``). The checker calls its parameter, never ``sq``: no test named
the entry, so the problem was excluded as having no entry point, or, with the entry given, as
having "no literal calls to sq() to perturb", though every call in ``check`` is one. The same
for an assert helper the test calls with what to check (``_check(2, 4)`` around ``assert sq(x)
== want``). Defence: a call handing a name to a helper that calls that parameter counts as
calling it (``handed_in``, counted beside ``map``'s in ``mapped.py``), and, for harvesting, each
call of a helper the test defines reads as the helper's body with each parameter read as what
the call handed it (``checkers_inlined``): ``assert candidate(2) == 4`` is ``assert sq(2) ==
4``. The tests still run as written.
"""

from __future__ import annotations

import ast
import copy


def _helpers(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """The test's top-level functions whose parameters are all plain and positional, other than
    its tests (``test_*``, which a runner calls): helpers a test calls with what to check."""
    return {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and not node.name.startswith("test")
        and node.args.args
        and not (node.args.kwonlyargs or node.args.posonlyargs)
        and not node.decorator_list
    }


def handed_to(call: ast.Call, helper: ast.FunctionDef, bound: int = 0) -> dict[str, ast.expr] | None:
    """What a call hands each of a helper's parameters past the first ``bound`` (a method's
    ``self``), by position or by name, a default where it hands none, a ``*args`` the rest as a
    tuple and a ``**kw`` the other keywords as a dict; None where it does not hand each exactly
    once."""
    names = [argument.arg for argument in helper.args.args[bound:]]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    rest = call.args[len(names) :]
    if rest and helper.args.vararg is None:
        return None  # too many
    given = dict(zip(names, call.args))
    spread: list[ast.keyword] = []  # (``call(clamp, x=15)`` for ``call(fn, **kw)``)
    for keyword in call.keywords:
        if keyword.arg not in names and helper.args.kwarg is not None:
            spread.append(keyword)
        elif keyword.arg not in names or keyword.arg in given:
            return None  # none of its parameters, or one named twice
        else:
            given[keyword.arg] = keyword.value
    defaults = dict(zip(names[len(names) - len(helper.args.defaults) :], helper.args.defaults))
    given.update((name, value) for name, value in defaults.items() if name not in given)
    if len(given) != len(names):
        return None
    if helper.args.vararg is not None:  # (``status(check_port, '80')`` for ``status(fn, *args)``)
        given[helper.args.vararg.arg] = ast.Tuple(list(rest), ast.Load())
    if helper.args.kwarg is not None:
        keys: list[ast.expr | None] = [ast.Constant(keyword.arg) for keyword in spread]
        given[helper.args.kwarg.arg] = ast.Dict(keys, [keyword.value for keyword in spread])
    return given


def _calls_of(tree: ast.Module, helpers: dict) -> list[tuple[ast.Call, dict[str, ast.expr]]]:
    """Each call of a helper, anywhere in the test, with what it hands each parameter."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in helpers:
            given = handed_to(node, helpers[node.func.id])
            if given is not None:
                found.append((node, given))
    return found


def _called_parameters(helper: ast.FunctionDef) -> set[str]:
    """The parameters a helper calls (``candidate(2)``): those it is handed code in."""
    names = {argument.arg for argument in helper.args.args}
    return {
        inner.func.id
        for inner in ast.walk(helper)
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in names
    }


def handed_in(tree: ast.Module) -> tuple[str, ...]:
    """Each name a test hands to a checker it defines, which calls it: a call of that name."""
    helpers = _helpers(tree)
    handed = []
    for call, given in _calls_of(tree, helpers) if helpers else ():
        called = _called_parameters(helpers[call.func.id])  # type: ignore[attr-defined]
        handed += [v.id for name, v in given.items() if name in called and isinstance(v, ast.Name)]
    return tuple(handed)


def checkers_inlined(tree: ast.Module) -> None:
    """In place: after each statement that calls a helper the test defines, a copy of the
    helper's body with each parameter read as what the call handed it, in the same block, so the
    names the caller bound reach it (harvesting reads it; the tests run as written):
    ``check(sq)`` gives ``assert sq(2) == 4``, ``_check(2, 4)`` gives ``assert sq(2) == 4``, and
    ``s = Solution(); check(s.sq)`` gives ``assert s.sq(2) == 4``."""
    _returns_read_in_place(tree)
    helpers = _helpers(tree)
    if helpers:
        _inline_in(tree, helpers)


def _returns_read_in_place(tree: ast.Module) -> None:
    """In place, in the module and in each function: a call of a helper the scope defines whose
    body only returns an expression (``def make(n): return Counter(n)``; an ``async def`` too:
    ``asyncio.run(collect(3))`` reads ``countdown(3)`` where ``collect`` only gathers what
    ``countdown(n)`` yields, the twentieth pass), or of a name bound to
    one (a factory fixture's ``make = _make``), read as that expression with each parameter read
    as what the call handed it: ``make(5).bump()`` is ``Counter(5).bump()``. Threat: only the
    helper's own ``Counter(n)`` was seen, so the tests' calls on what it makes were never drawn."""
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not any(len(f.body) == 1 and isinstance(f.body[0], ast.Return) for f in functions):
        return  # no helper that only returns (most tests)
    for scope in [tree, *functions]:
        helpers = {
            node.name: node
            for node in scope.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and not node.name.startswith("test")
            and not (node.args.vararg or node.args.kwarg or node.args.kwonlyargs or node.args.posonlyargs)
            and not node.decorator_list
            and len(node.body) == 1
            and isinstance(node.body[0], ast.Return)
            and node.body[0].value is not None
        }
        helpers.update(
            (node.targets[0].id, helpers[node.value.id])
            for node in scope.body
            if isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and isinstance(node.value, ast.Name)
            and node.value.id in helpers
        )
        if helpers:
            for statement in scope.body:
                if statement not in helpers.values():
                    _ReturnsInPlace(helpers).visit(statement)


class _ReturnsInPlace(ast.NodeTransformer):
    """Each call of one of ``helpers`` read as the expression it returns (see above)."""

    def __init__(self, helpers: dict[str, ast.FunctionDef]) -> None:
        self.helpers = helpers

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        helper = self.helpers.get(node.func.id) if isinstance(node.func, ast.Name) else None
        given = handed_to(node, helper) if helper is not None else None
        if given is None:
            return node
        returned = substituted(helper.body[0].value, given)  # type: ignore[union-attr]
        return ast.fix_missing_locations(ast.copy_location(returned, node))


def _inline_in(node: ast.AST, helpers: dict[str, ast.FunctionDef]) -> None:
    for handler in getattr(node, "handlers", ()):
        _inline_in(handler, helpers)
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if not isinstance(block, list):
            continue
        grown: list[ast.stmt] = []
        for statement in block:
            _inline_in(statement, helpers)
            grown.append(statement)
            if hasattr(statement, "body"):  # a definition or compound statement: its blocks did it
                continue
            for call in (n for n in ast.walk(statement) if isinstance(n, ast.Call)):
                helper = helpers.get(call.func.id) if isinstance(call.func, ast.Name) else None
                given = handed_to(call, helper) if helper is not None else None
                if given is not None:
                    copied = [substituted(s, given) for s in helper.body]  # type: ignore[union-attr]
                    grown += [ast.fix_missing_locations(ast.copy_location(s, statement)) for s in copied]
        block[:] = grown


def substituted(node: ast.AST, given: dict[str, ast.expr]) -> ast.AST:
    """A copy of ``node`` with each read of a parameter replaced by what the call handed it."""
    return _Substituted(given).visit(copy.deepcopy(node))


class _Substituted(ast.NodeTransformer):
    """Each read of a parameter replaced by (a copy of) what the call handed it."""

    def __init__(self, given: dict[str, ast.expr]) -> None:
        self.given = given

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.given:
            return ast.copy_location(copy.deepcopy(self.given[node.id]), node)
        return node

    def visit_Call(self, node: ast.Call) -> ast.AST:
        """A call with ``*args`` handed a tuple, or ``**kw`` a dict, spread into its arguments:
        ``fn(*args)`` reads ``check_port('80')``, ``fn(**kw)`` reads ``clamp(x=15, lo=0)``."""
        self.generic_visit(node)
        spread = []
        for argument in node.args:
            if isinstance(argument, ast.Starred) and isinstance(argument.value, ast.Tuple):
                spread += argument.value.elts
            else:
                spread.append(argument)
        node.args = spread
        keywords = []
        for keyword in node.keywords:
            named = isinstance(keyword.value, ast.Dict) and all(
                isinstance(key, ast.Constant) and isinstance(key.value, str) for key in keyword.value.keys
            )
            if keyword.arg is None and named:
                keywords += [
                    ast.keyword(key.value, value)
                    for key, value in zip(keyword.value.keys, keyword.value.values)
                ]  # type: ignore[union-attr]
            else:
                keywords.append(keyword)
        node.keywords = keywords
        return node
