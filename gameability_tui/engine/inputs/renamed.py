"""A test that binds one name again and again, read as one name per binding; and one that
binds a name to another, read as that other (``aliases_followed``).

Threat: ``c = Counter(1)``, ``assert c.bump() == 3``, then ``c = Counter(5)``, ``assert c.bump()
== 7``; or a unittest ``setUp`` binding ``self.c`` that the test method binds again. Harvesting
follows a name the test binds once (a literal, a chain through an object); bound twice, the name
was neither, so none of those calls was drawn and every mutant of ``bump`` looked equivalent.
Defence: in straight-line code (a module's or a function's own statements, in order) each
binding of such a name is a name of its own, and each read is the binding before it, as Python
reads it. Only where that is exactly what Python does: a name also bound inside a compound
statement, augmented, declared ``global``/``nonlocal`` or read by a nested function (which reads
the last binding whenever it is called) keeps its one name.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable

from ..syntax import is_namespace_call

_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)  # fmt: skip


def one_name_per_binding(tree: ast.Module) -> None:
    """Rename, in place, in the module's body and in each function's (see the module's docstring)."""
    taken = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    for scope in [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))),
    ]:
        _rename(scope.body, taken)


def _rename(body: list[ast.stmt], taken: set[str]) -> None:
    plain = Counter(
        target.id
        for statement in body
        if isinstance(statement, ast.Assign)
        for target in statement.targets
        if isinstance(target, ast.Name)
    )
    names = {name for name, count in plain.items() if count > 1} - _bound_otherwise(body)
    if not names:
        return
    current = {name: name for name in names}
    bound: set[str] = set()
    for statement in body:
        for node in _own_loads(statement):
            if node.id in current:
                node.id = current[node.id]
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name) and target.id in names:
                    if target.id in bound:  # bound before: this binding is a name of its own
                        current[target.id] = _free(target.id, taken)
                    bound.add(target.id)
                    target.id = current[target.id]


def _bound_otherwise(body: list[ast.stmt]) -> set[str]:
    """Names the body binds other than by a plain top-level ``name = ...``, or that a nested
    scope reads or a ``global``/``nonlocal`` declares: never renamed."""
    kept: set[str] = set()
    for statement in body:
        simple = isinstance(statement, ast.Assign)
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                if not (simple and node in statement.targets):
                    kept.add(node.id)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                kept.update(node.names)
            elif isinstance(node, (ast.arg, ast.alias)):
                kept.add(node.arg if isinstance(node, ast.arg) else (node.asname or node.name).split(".")[0])
            elif isinstance(node, _NESTED):
                kept.update(n.id for n in ast.walk(node) if isinstance(n, ast.Name))
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    kept.add(node.name)
    return kept


def _own_loads(statement: ast.stmt) -> list[ast.Name]:
    """The names a statement reads (none it binds), outside nested scopes (which keep theirs)."""
    loads: list[ast.Name] = []
    todo: list[ast.AST] = [statement.value] if isinstance(statement, ast.Assign) else [statement]
    while todo:
        node = todo.pop()
        if isinstance(node, _NESTED):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads.append(node)
        todo.extend(ast.iter_child_nodes(node))
    if isinstance(statement, ast.Assign):  # ``c[0] = ...``, ``c.x = ...``: the target reads ``c``
        for target in statement.targets:
            if not isinstance(target, ast.Name):
                todo = [target]
                while todo:
                    node = todo.pop()
                    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                        loads.append(node)
                    todo.extend(ast.iter_child_nodes(node))
    return loads


def _free(name: str, taken: set[str]) -> str:
    number = 2
    while f"{name}_{number}" in taken:
        number += 1
    taken.add(f"{name}_{number}")
    return f"{name}_{number}"


def aliases_followed(tree: ast.Module) -> None:
    """A name bound once to a bare name the test never binds (``g = sq``; a fixture's ``make =
    Counter``, as ``fixtures.made_before`` reads it), read as that name, in place: a call
    through it is a call of what it names. Threat: ``g = sq`` then ``assert g(5) == 25`` made no
    call of ``sq``, so the problem was excluded as having no literal calls. Bound in a function,
    it is read so in that function; at module level and nowhere else, everywhere. A name also
    bound any other way (a parameter, a loop, a definition, an import) is left as it is."""
    nodes = list(ast.walk(tree))
    if not binds_a_name_to_a_name(nodes):
        return  # (most tests)
    everywhere = name_stores(nodes)
    other = {n.arg for n in nodes if isinstance(n, ast.arg)}
    other |= {n.name for n in nodes if isinstance(n, (*_NESTED[:2], ast.ClassDef))}
    for n in nodes:
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            other |= {(alias.asname or alias.name).split(".")[0] for alias in n.names}
        elif isinstance(n, (ast.Global, ast.Nonlocal)):
            other |= set(n.names)
    bound = set(everywhere) | other
    for scope in [tree, *(n for n in nodes if isinstance(n, _NESTED[:2]))]:
        if scope is tree:
            own, stores, given = nodes, everywhere, other
        else:
            own = own_scope_nodes(scope)
            stores = name_stores(own)
            given = {n.arg for n in own if isinstance(n, ast.arg)} | _bound_otherwise(scope.body)
        aliases = {
            alias: named
            for node in (scope.body if scope is tree else own)
            if isinstance(node, ast.Assign) and len(node.targets) == 1
            for alias, named in name_pairs(node.targets[0], node.value)
            if stores[alias] == 1 and alias not in given and named not in bound
        }
        for node in own:
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id in aliases:
                node.id = aliases[node.id]


def binds_a_name_to_a_name(nodes: Iterable[ast.AST]) -> bool:
    """Whether any of ``nodes`` binds a name to a name (``g = sq``, ``g, h = sq, abs``): where
    none does, there is no alias to follow, and the walk or copy that would find one is spared."""
    return any(
        isinstance(n, ast.Assign) and len(n.targets) == 1 and name_pairs(n.targets[0], n.value) for n in nodes
    )


def name_pairs(target: ast.expr, value: ast.expr) -> list[tuple[str, str]]:
    """``g = sq`` as ``[("g", "sq")]``, ``g, h = sq, double`` as both pairs, ``fn =
    globals()['grade']`` as ``[("fn", "grade")]`` (a harness's lookup by name: the thirty-first
    pass's tests called ``grade`` only so, and the problem had "no entry"); [] otherwise."""
    named = value.id if isinstance(value, ast.Name) else _looked_up(value)
    if isinstance(target, ast.Name) and named:
        return [(target.id, named)]
    sequences = (ast.Tuple, ast.List)
    if isinstance(target, sequences) and isinstance(value, sequences) and len(target.elts) == len(value.elts):
        return [pair for t, v in zip(target.elts, value.elts) for pair in name_pairs(t, v)]
    return []


def _looked_up(value: ast.expr) -> str:
    """The name ``globals()['grade']`` (or ``vars()``, ``.get('grade')``) looks up; "" for any
    other value."""
    if isinstance(value, ast.Subscript):
        table, key = value.value, value.slice
    elif (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and len(value.args) == 1
    ):
        table, key = value.func.value, value.args[0]
    else:
        return ""
    text = key.value if isinstance(key, ast.Constant) else None
    return text if is_namespace_call(table) and type(text) is str and text.isidentifier() else ""


def name_stores(nodes: Iterable[ast.AST]) -> Counter:
    """How many times each name is bound (or deleted) among ``nodes``."""
    return Counter(n.id for n in nodes if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load))


def own_scope_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of a module's or function's own scope (a function's parameters included, the
    bodies of the functions, classes and comprehensions nested in it not)."""
    found: list[ast.AST] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        found.append(node)
        if not isinstance(node, _NESTED):
            todo += ast.iter_child_nodes(node)
    return found
