"""The tests' source as harvesting reads it: loops over literal data unrolled, arguments folded.

Threat: a test that calls the entry inside a loop over a literal table (``for x, y in [(2, 4),
(3, 9)]: assert sq(x) == y``, HumanEval's habit), in a comprehension, under
``@pytest.mark.parametrize``, through ``map(inc, [1, 2, 3])``, or with an argument built from
literals (``total([1] * 3)``, ``big(frozenset({1, 2}))``, ``add(*(1, 2))``) makes literal calls
all the same; read as written none of them has literal arguments, so the problem was excluded
as having "no literal calls to perturb" and its real survivor was missed.

This module rewrites a test's tree for harvesting only (the tests still run as written): each
such loop becomes one copy of its body per element, with the loop's names replaced by the
element's value; each parametrize row becomes one copy of the test's body; ``map`` and
``filter`` over literals become the calls they make; a pure expression on literals becomes its
value. Nothing is evaluated but literals and a few pure operations on them (``+ - * ** / // %``,
comparisons, ``list/tuple/set/frozenset/dict/range/enumerate/zip/reversed/sorted``), with sizes
capped: benchmark code is never called, and ``range(10 ** 6)`` yields only its first copies.
"""

from __future__ import annotations

import ast
import copy
import functools
from typing import Any

from ..observed import READ_STEP
from ..syntax import ending_name
from .calls import parsed
from .folded import NotFoldable, fold, is_literal, is_plain, items_of
from .handed import checkers_inlined
from .mapped import EXPECTS_RAISE, key_function, raised_callable
from .protocols import called_items_read_as_steps, protocols_read_as_steps
from .renamed import aliases_followed, name_stores, one_name_per_binding

MAX_COPIES = 50  # copies of one loop's body (or one test's parametrize rows)


def _iterated(node: ast.expr, env: dict[str, Any]) -> list:
    """The elements a loop over ``node`` takes, the first MAX_COPIES; NotFoldable if not data."""
    return items_of(fold(node, env))[:MAX_COPIES]


def _bind(target: ast.expr, value: Any, into: dict[str, Any]) -> None:
    """Bind a loop target (a name, or nested tuples of names) to ``value`` as Python would."""
    if isinstance(target, ast.Name):
        into[target.id] = value
        return
    if isinstance(target, (ast.Tuple, ast.List)) and not any(isinstance(t, ast.Starred) for t in target.elts):
        items = items_of(value)
        if len(items) != len(target.elts):
            raise NotFoldable("unpacking")
        for inner, item in zip(target.elts, items):
            _bind(inner, item, into)
        return
    raise NotFoldable("loop target")


def _target_names(target: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def _stored(nodes: list[ast.AST]) -> set[str]:
    """Names any of ``nodes`` binds (assignments, nested loops, function parameters, defs)."""
    names = set()
    for root in nodes:
        for node in ast.walk(root):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                names.add(node.arg)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
    return names


def _leaves_early(body: list[ast.stmt], inner: bool = False) -> bool:
    """Whether the loop's body may stop the loop (``break``, ``return``): its later elements may
    not run, so their calls are not calls the test makes. A ``break`` inside a nested loop stops
    only that one."""
    for node in (node for statement in body for node in _own_nodes(statement)):
        if isinstance(node, ast.Return) or (isinstance(node, ast.Break) and not inner):
            return True
        loop = isinstance(node, (ast.For, ast.AsyncFor, ast.While))
        if loop and (_leaves_early(node.body, True) or _leaves_early(node.orelse, inner)):
            return True
    return False


def _own_nodes(statement: ast.stmt) -> list[ast.AST]:
    """``statement`` and the nodes inside it, not those of a nested loop's body or of a function
    or class defined in it (their ``break`` and ``return`` are their own)."""
    found: list[ast.AST] = []
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        found.append(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            continue  # its body is read by _leaves_early with ``inner``
        pending.extend(ast.iter_child_nodes(node))
    return found


class _Substitute(ast.NodeTransformer):
    """Each load of a bound name becomes its value, held as a constant (``ast.literal_eval``
    takes a constant of any value, so a frozenset element harvests as itself), a copy of its
    own (no two calls share one list). A value that is not plain data (a ``range``) stays a
    name: a call passing it is not a literal call."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.values and is_plain(self.values[node.id]):
            return ast.copy_location(ast.Constant(copy.deepcopy(self.values[node.id])), node)
        return node


class _Unroll(ast.NodeTransformer):
    """The rewrite: loops, comprehensions, parametrize rows, ``map``/``filter`` and folded
    arguments (see the module's docstring). ``data``: names the test binds once to literal data
    (``cases = [(2, 4), (3, 9)]``); ``objects``: names bound to a call's result, whose later
    method calls harvesting follows in their own scope (a copy that binds names of its own goes
    into a function of its own, unless it uses one of those)."""

    def __init__(self, scoped: dict[int, dict[str, Any]], module: int, objects: set[str]) -> None:
        self.scoped = scoped
        self.data = scoped[module]  # the scope being visited: the module's, then a function's
        self.objects = objects

    def _copies(self, body: list[ast.stmt], rows: list[dict[str, Any]], at: ast.AST) -> list[ast.stmt]:
        stores = _stored(body)
        loads = {n.id for s in body for n in ast.walk(s) if isinstance(n, ast.Name)}
        wrap = bool(stores) and not (loads - stores) & self.objects
        copies: list[ast.stmt] = []
        for number, row in enumerate(rows):
            statements = [_Substitute(row).visit(copy.deepcopy(s)) for s in body]
            statements = _flat([self.visit(s) for s in statements])
            if wrap:
                function = ast.FunctionDef(
                    name=f"_unrolled_{number}", args=ast.arguments([], [], None, [], [], None, []),
                    body=statements, decorator_list=[], returns=None,
                )  # fmt: skip
                copies.append(ast.copy_location(function, at))
            else:
                copies += statements
        return [ast.fix_missing_locations(s) for s in copies]

    def visit_For(self, node: ast.For) -> Any:
        names = _target_names(node.target)
        body_loads = {n.id for s in node.body for n in ast.walk(s) if isinstance(n, ast.Name)}
        if not names & body_loads or names & _stored(node.body) or _leaves_early(node.body):
            return self.generic_visit(node)
        try:
            rows = []
            for value in _iterated(node.iter, self.data):
                row: dict[str, Any] = {}
                _bind(node.target, value, row)
                rows.append(row)
        except (NotFoldable, TypeError, ValueError, RecursionError):
            return self.generic_visit(node)
        return self._copies(node.body, rows, node) + _flat([self.visit(s) for s in node.orelse])

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Any:
        outer = self.data
        rows = parametrize_rows(node, outer)  # its decorators are read where it is defined
        own = _stored(node.body) | {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        self.data = {**{k: v for k, v in outer.items() if k not in own}, **self.scoped.get(id(node), {})}
        try:
            if rows is None or _stored(node.body) & set().union(*rows) or _leaves_early(node.body):
                return self.generic_visit(node)
            node = copy.copy(node)
            node.decorator_list = []
            node.body = self._copies(node.body, rows, node) or [ast.Pass()]
            return ast.fix_missing_locations(node)
        finally:
            self.data = outer

    def _comprehension(self, node: ast.AST, elements: list[ast.expr]) -> ast.AST | None:
        """The elements a comprehension makes, one copy per binding of its generators (in order,
        a condition that folds to false skipping it); None where a generator is not over data."""
        rows: list[dict[str, Any]] = [{}]
        try:
            for generator in node.generators:  # type: ignore[attr-defined]
                if generator.is_async:
                    return None
                grown = []
                for row in rows:
                    for value in _iterated(generator.iter, {**self.data, **row}):
                        bound = dict(row)
                        _bind(generator.target, value, bound)
                        if all(fold(test, {**self.data, **bound}) for test in generator.ifs):
                            grown.append(bound)
                rows = grown[:MAX_COPIES]
        except (NotFoldable, TypeError, ValueError, RecursionError):
            return None
        made = [self.visit(_Substitute(row).visit(copy.deepcopy(e))) for row in rows for e in elements]
        return ast.copy_location(ast.List(made, ast.Load()), node)

    def visit_ListComp(self, node: ast.ListComp) -> Any:
        return self._comprehension(node, [node.elt]) or self.generic_visit(node)

    visit_SetComp = visit_GeneratorExp = visit_ListComp  # type: ignore[assignment]

    def visit_DictComp(self, node: ast.DictComp) -> Any:
        return self._comprehension(node, [node.key, node.value]) or self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> Any:
        node = self.generic_visit(node)  # type: ignore[assignment]
        mapped = self._mapped(node)
        if mapped is not None:
            return mapped
        return _folded_arguments(node, self.data)

    def _mapped(self, node: ast.Call) -> ast.AST | None:
        """``map(f, [1, 2])`` as ``[f(1), f(2)]``; ``filter(f, [1, 2])`` likewise; and
        ``sorted([1, 2], key=f)`` (``min``, ``max``) as ``[f(1), f(2)]``
        too: the calls the test makes through them (``mapped.key_function``)."""
        keyed = key_function(node)
        if keyed is not None:  # the items: what holds them, or ``min``'s several arguments
            function, arguments = keyed[0], [keyed[1]] if keyed[1] is not None else node.args
        elif not (isinstance(node.func, ast.Name) and node.func.id in ("map", "filter")) or node.keywords:
            return None
        else:
            function, arguments = node.args[0] if node.args else None, node.args[1:]
            if node.func.id == "filter" and len(node.args) != 2:
                return None
        if not arguments or not isinstance(function, (ast.Name, ast.Attribute)):
            return None
        try:
            if keyed is not None and keyed[1] is None:  # ``min(a, b, key=f)``: each argument an item
                columns = [[fold(argument, self.data) for argument in arguments]]
            else:
                columns = [_iterated(argument, self.data) for argument in arguments]
        except (NotFoldable, TypeError, ValueError, RecursionError):
            return None
        calls = [
            ast.Call(copy.deepcopy(function), [ast.Constant(v) for v in row], []) for row in zip(*columns)
        ]
        return ast.fix_missing_locations(ast.copy_location(ast.List(calls, ast.Load()), node))


class _RaisesCallsMade(ast.NodeTransformer):
    """Each raises check that takes the callable read as the call it makes (``_raises_call``)."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        return _raises_call(node) or node


def _raises_call(node: ast.Call) -> ast.Call | None:
    """``self.assertRaises(ValueError, isqrt, -4)`` as the call it makes, ``isqrt(-4)``; read as
    written it held no call of the entry, so the raise the test expects was never drawn. The call
    is marked as one the test expects to raise (``mapped.EXPECTS_RAISE``): made as a statement,
    what it returns where the reference returns is still its answer."""
    found = raised_callable(node)
    if found is None:
        return None
    function, first, theirs = found
    keywords = [copy.deepcopy(k) for k in node.keywords if k.arg not in theirs]
    made = ast.Call(copy.deepcopy(function), [copy.deepcopy(a) for a in node.args[first + 1 :]], keywords)
    setattr(made, EXPECTS_RAISE, True)
    return ast.fix_missing_locations(ast.copy_location(made, node))


def _flat(visited: list) -> list[ast.stmt]:
    """Statements as visited: a visit that unrolls a loop gives a list of them in its place."""
    return [s for v in visited for s in (v if isinstance(v, list) else [v]) if s is not None]


def _folded_arguments(node: ast.Call, data: dict[str, Any]) -> ast.Call:
    """The call with each argument that is a pure expression on literals (not already a literal)
    replaced by its value, ``*(1, 2)`` spread and ``**{'k': 1}`` made keywords."""
    if all(is_literal(a) for a in node.args) and all(k.arg and is_literal(k.value) for k in node.keywords):
        return node
    try:
        args: list[ast.expr] = []
        for argument in node.args:
            if isinstance(argument, ast.Starred):
                args += [ast.Constant(v) for v in items_of(fold(argument.value, data))]
            else:
                args.append(_constant(argument, data))
        keywords = []
        for keyword in node.keywords:
            if keyword.arg is None:
                spread = fold(keyword.value, data)
                if type(spread) is not dict or not all(type(k) is str for k in spread):
                    return node
                keywords += [ast.keyword(k, ast.Constant(v)) for k, v in spread.items()]
            else:
                keywords.append(ast.keyword(keyword.arg, _constant(keyword.value, data)))
    except (NotFoldable, TypeError, ValueError, RecursionError):
        return node
    if any(isinstance(a, ast.Constant) and not is_plain(a.value) for a in args):
        return node
    if any(isinstance(k.value, ast.Constant) and not is_plain(k.value.value) for k in keywords):
        return node
    folded = ast.Call(node.func, args, keywords)
    return ast.fix_missing_locations(ast.copy_location(folded, node))


def _constant(argument: ast.expr, data: dict[str, Any]) -> ast.expr:
    if is_literal(argument):
        return argument
    return ast.Constant(fold(argument, data))


def parametrize_rows(node: ast.FunctionDef, data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The bindings of a test's ``@pytest.mark.parametrize`` decorators (their product, the first
    MAX_COPIES), or None where it has none or one is not over literal data."""
    rows: list[dict[str, Any]] = [{}]
    found = False
    for decorator in node.decorator_list:
        if not (isinstance(decorator, ast.Call) and ending_name(decorator.func) == "parametrize"):
            continue
        found = True
        if len(decorator.args) < 2 or any(k.arg == "indirect" for k in decorator.keywords):
            return None
        try:
            names = fold(decorator.args[0], data)
            if isinstance(names, str):
                names = [n.strip() for n in names.split(",") if n.strip()]
            if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
                return None
            values = _parameter_rows(decorator.args[1], data)
            grown = []
            for row in rows:
                for value in values:
                    bound = dict(row)
                    items = [value] if len(names) == 1 else items_of(value)
                    if len(items) != len(names):
                        return None
                    bound.update(zip(names, items))
                    grown.append(bound)
            rows = grown[:MAX_COPIES]
        except (NotFoldable, TypeError, ValueError, RecursionError):
            return None
    return rows if found else None


def _parameter_rows(node: ast.expr, data: dict[str, Any]) -> list:
    """A parametrize decorator's rows, ``pytest.param(2, 4, id=...)`` read as its values."""
    if isinstance(node, (ast.List, ast.Tuple)):
        rows = []
        for element in node.elts[:MAX_COPIES]:
            if isinstance(element, ast.Call) and ending_name(element.func) == "param":
                rows.append(tuple(fold(a, data) for a in element.args))
            else:
                rows.append(fold(element, data))
        return rows
    return _iterated(node, data)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own_nodes_of(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module's or function's own scope: a nested function's body is its own
    (its decorators and defaults, evaluated where it is defined, are not)."""
    found: list[ast.AST] = []
    todo = list(scope.body) if isinstance(scope, (ast.Module, *_SCOPES[:2])) else [scope.body]
    while todo:
        node = todo.pop()
        found.append(node)
        if isinstance(node, _SCOPES):
            todo += [*getattr(node, "decorator_list", []), *node.args.defaults, *node.args.kw_defaults]
            todo = [n for n in todo if n is not None]
        else:
            todo += ast.iter_child_nodes(node)
    return found


class _ReadsAsSteps(ast.NodeTransformer):
    """An attribute read on what a call returned (``Rect(2, 3).area``, a property;
    ``Rect(1, 1).scale(2).area``) read as one more step of its chain (``observed.READ_STEP``):
    the read is replayed on fresh inputs and asserted as written. Threat: only the object was
    made, compared by its plain state, which a property is not: a mutant of ``area`` was
    "equivalent" and the problem excluded."""

    def __init__(self, only_read: set[str]) -> None:
        self.only_read = only_read

    def visit_Call(self, node: ast.Call) -> ast.AST:
        for field in ("args", "keywords"):  # the callee itself is read as it is: ``f(x).strip()``
            setattr(node, field, [self.visit(child) for child in getattr(node, field)])
        if isinstance(node.func, ast.Attribute):
            node.func.value = self.visit(node.func.value)
        else:
            node.func = self.visit(node.func)
        return node

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        read_on_a_call = isinstance(node.value, ast.Call)
        read_on_a_name = isinstance(node.value, ast.Name) and node.value.id in self.only_read
        if not (isinstance(node.ctx, ast.Load) and (read_on_a_call or read_on_a_name)):
            return node
        read = ast.Attribute(node.value, READ_STEP + node.attr, ast.Load())
        return ast.copy_location(ast.Call(ast.copy_location(read, node), [], []), node)


def _only_read(tree: ast.Module) -> set[str]:
    """The names bound once, each to a call, that the test only reads attributes of (``r =
    Rect(2, 3)``, then ``r.area``): no method called on them, never passed, never bound again.
    Their reads are steps of the chain through them, as the calls of other names' are."""
    nodes = list(ast.walk(tree))
    bound_to_calls = [
        node.targets[0].id
        for node in nodes
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Call)
    ]
    if not bound_to_calls:
        return set()  # (most tests: no more walks)
    stores = name_stores(nodes)
    made = {name for name in bound_to_calls if stores[name] == 1}
    if not made:
        return set()
    read: set[str] = set()
    used_otherwise: set[str] = set()
    parents = {id(child): node for node in nodes for child in ast.iter_child_nodes(node)}
    for node in nodes:
        if isinstance(node, ast.Name) and node.id in made and isinstance(node.ctx, ast.Load):
            parent = parents.get(id(node))
            is_read = isinstance(parent, ast.Attribute) and isinstance(parent.ctx, ast.Load)
            called = (
                is_read
                and isinstance(parents.get(id(parent)), ast.Call)
                and parents[id(parent)].func is parent
            )
            (read if is_read and not called else used_otherwise).add(node.id)
    return read - used_otherwise


def _sorts_read_as_sorted(tree: ast.Module) -> None:
    """In place: a statement ``ws.sort(key=f)`` read as ``sorted(ws, key=f)``, whose calls of
    ``f`` on the items ``_mapped`` draws (the items are the same in any order). Threat: an entry
    the tests only pass as ``list.sort``'s key named no entry, and ``ws`` was no data, being
    changed in place."""
    for node in ast.walk(tree):
        call = node.value if isinstance(node, ast.Expr) else None
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "sort"
            and isinstance(call.func.value, ast.Name)
            and not call.args
            and any(keyword.arg == "key" for keyword in call.keywords)
        ):
            node.value = ast.copy_location(
                ast.Call(ast.Name("sorted", ast.Load()), [call.func.value], call.keywords), call
            )


def _bound_data(tree: ast.Module) -> tuple[dict[int, dict[str, Any]], set[str]]:
    """For the module and each function in it (by ``id``), the names that scope binds once to
    literal data and never changes in place (``cases = [(2, 4), (3, 9)]``), with their values; and
    the names bound to a call's result. Two test functions may each bind ``nums`` to their own
    list: each is data in its own function (a name counted across the whole test was neither)."""
    changed: set[str] = set()
    objects: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.value, ast.Name):
            if isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Load):
                changed.add(node.value.id)  # cases.append(...), cases[0] = ...
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            objects |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            changed.update(node.names)  # rebound from another scope: never data
    scoped: dict[int, dict[str, Any]] = {}
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, _SCOPES[:2]))]:
        nodes = _own_nodes_of(scope)
        stores = name_stores(nodes)
        data: dict[str, Any] = {}
        assigns = [
            n
            for n in nodes
            if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
        ]
        for node in sorted(assigns, key=lambda n: (n.lineno, n.col_offset)):  # each after what it reads
            name = node.targets[0].id
            if stores[name] != 1 or name in changed:
                continue
            try:
                value = fold(node.value, data)
            except (NotFoldable, TypeError, ValueError, RecursionError):
                continue
            if is_plain(value) or isinstance(value, range):
                data[name] = value
        scoped[id(scope)] = data
    return scoped, objects


@functools.lru_cache(maxsize=64)
def unrolled(source: str, classes: frozenset[str] = frozenset()) -> ast.Module | None:
    """``source``'s tree as harvesting reads it (None if it does not parse); ``classes``: the
    reference's classes, whose objects' operators are steps of their chains
    (``protocols_read_as_steps``). Shared: no caller may change it. Where nothing is rewritten
    it is the parsed tree itself."""
    tree = parsed(source)
    if tree is None:
        return None
    copied = copy.deepcopy(tree)
    checkers_inlined(copied)
    one_name_per_binding(copied)
    aliases_followed(copied)
    if any(name in source for name in classes):  # (most tests use no object of the reference's)
        protocols_read_as_steps(copied, classes)
    if ")[" in source:  # (an item of a call's result, which the test may call)
        called_items_read_as_steps(copied)
    if "aises" in source:  # before the reads: ``acct.withdraw`` handed to it is a call, not a read
        _RaisesCallsMade().visit(copied)
    if ".sort(" in source:  # (most tests sort nothing in place: no walk)
        _sorts_read_as_sorted(copied)
    only_read = _only_read(copied)
    if only_read or ")." in source:  # (an attribute read on a call's result, or on such a name)
        _ReadsAsSteps(only_read).visit(copied)
    scoped, objects = _bound_data(copied)
    try:
        rewritten = _Unroll(scoped, id(copied), objects).visit(copied)
    except RecursionError:
        return tree
    return ast.fix_missing_locations(rewritten)
