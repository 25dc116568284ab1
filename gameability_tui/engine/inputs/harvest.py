"""The tests' literal calls to the entry, as fresh inputs are drawn from them.

Threat: a call harvested without what the tests do with its result measures less than the tests
do. ``Counter(5)`` alone shows only the object's state; the tests call ``bump()`` on it, inline
(``Counter(5).bump()``) or through a name (``c = Counter(5)`` then ``c.bump()``, the unittest
habit), so the chain of calls is harvested with it, and the object drawn fresh is used as the
test uses it. Only calls whose arguments are all literals (or names bound once to one) are
harvested, so every fresh input can be written back into an assert that round-trips.
"""

from __future__ import annotations

import ast
from typing import Any

from .calls import Call, ChainStep, called_name
from .unrolled import unrolled


def harvest_calls(sources: list[str] | tuple[str, ...], name: str) -> list[Call]:
    """Literal argument tuples of every call to ``name`` in ``sources``, in order, deduplicated,
    with the chain of literal calls the tests make on its result (``Counter(5).bump()``, or
    through a name bound to it: ``bound_chains``): the whole chain is the call, its first link alone
    is not taken again."""
    seen: set[str] = set()
    calls: list[Call] = []
    for source in sources:
        tree = unrolled(source)  # loops over literal data unrolled, arguments folded
        if tree is None:
            continue
        inside: set[int] = set()  # the first links of chains taken whole
        bound = _bound_literals(tree)
        named = bound_chains(tree, name, inside, bound)
        for node in ast.walk(tree):  # outer calls come before the calls inside them
            found = named.get(id(node))
            if found is None and (not isinstance(node, ast.Call) or id(node) in inside):
                continue
            found = found or _chained_call(node, name, inside, bound)
            if found is not None and found.key() not in seen:
                seen.add(found.key())
                calls.append(found)
    return calls


def _bound_literals(tree: ast.Module) -> dict[str, ast.expr]:
    """Names a test binds once, at its top level, to a literal (``x = 4`` before
    ``make_adder(3)(x)``): a call passing one is a literal call (threat: its chain was cut at the
    variable, the returned closure never called, and every mutant of it looked equivalent)."""
    stores: dict[str, int] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stores[node.id] = stores.get(node.id, 0) + 1
    bound = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
            if stores.get(target) == 1 and _is_literal(node.value):
                bound[target] = node.value
    return bound


def _is_literal(node: ast.expr) -> bool:
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _chained_call(
    node: ast.Call, name: str, inside: set[int], bound: dict[str, ast.expr] | None = None
) -> Call | None:
    """The call to ``name`` at the root of ``node``'s chain of calls, all arguments literal."""
    steps: list[ChainStep] = []
    links = []
    while True:
        if isinstance(node.func, ast.Name) or ("." in name and called_name(node) == name):
            if called_name(node) != name:
                return None
            root = _literal_call(node, bound)
            if root is None:
                return None
            inside.update(id(link) for link in links)
            inside.add(id(node))
            return Call(root.args, root.kwargs, tuple(reversed(steps)))
        if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Call):
            method, inner = node.func.attr, node.func.value
        elif isinstance(node.func, ast.Call):
            method, inner = "", node.func
        else:
            return None
        step = _literal_call(node, bound)
        if step is None:
            return None
        steps.append((method, step.args, step.kwargs))
        links.append(node)
        node = inner


def _literal_call(node: ast.Call, bound: dict[str, ast.expr] | None = None) -> Call | None:
    """The call's arguments as values, where each is a literal or a name ``bound`` to one."""

    def value(argument: ast.expr) -> Any:
        if bound and isinstance(argument, ast.Name) and argument.id in bound:
            argument = bound[argument.id]
        return ast.literal_eval(argument)

    try:
        if any(isinstance(arg, ast.Starred) for arg in node.args):
            return None
        if any(keyword.arg is None for keyword in node.keywords):
            return None
        args = tuple(value(arg) for arg in node.args)
        kwargs = tuple((k.arg, value(k.value)) for k in node.keywords)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return Call(args, kwargs)


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def bound_chains(
    tree: ast.Module, name: str, inside: set[int], bound: dict[str, ast.expr]
) -> dict[int, Call]:
    """The calls to ``name`` a test binds to a name and then calls on (``c = Counter(5)``, then
    ``c.bump()``; ``add3 = make_adder(3)``, then ``add3(4)``), keyed by the ``id`` of the
    binding's node. One use is the inline chain (``Counter(5).bump()``); several are ``uses``, in
    the test's order, on one object, and so is one use after which the test reads an attribute
    (``acc.deposit(50)``, then ``acc.balance``: ``reads``), so that its assert can read it too.
    The bound call's own node goes into ``inside``: it is not taken again alone.

    Threat: harvested alone, the call only made the object, its methods were never called on
    fresh inputs, and every mutant of them looked equivalent (a problem excluded as having no
    broken mutant, though ``return None`` fails its visible test). A name bound more than once in
    its scope, or used other than as the root of a chain of literal calls or to read an
    attribute (passed elsewhere, compared whole), is left as it was: its uses cannot be replayed."""
    found: dict[int, Call] = {}
    for scope in [
        tree,
        *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))),
    ]:
        nodes, parents = _scope_nodes(scope)
        stores: dict[str, int] = {}
        for node in nodes:
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                stores[node.id] = stores.get(node.id, 0) + 1
        for node in nodes:
            if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
                continue
            target = node.targets[0]
            if not isinstance(target, ast.Name) or stores.get(target.id) != 1:
                continue
            if not isinstance(node.value, ast.Call):
                continue
            root = _chained_call(node.value, name, set(), bound)
            uses, reads = _uses(target.id, node, nodes, parents, bound) or ([], ())
            if root is None or not uses:
                continue
            _chained_call(node.value, name, inside, bound)  # its links are not taken alone
            if len(uses) == 1 and not reads:
                found[id(node)] = Call(root.args, root.kwargs, root.chain + uses[0])
            else:
                found[id(node)] = Call(root.args, root.kwargs, root.chain, tuple(uses), target.id, reads)
    return found


def _scope_nodes(scope: ast.AST) -> tuple[list[ast.AST], dict[int, ast.AST]]:
    """The nodes of ``scope``'s own body (not of a function or class inside it), and each one's
    parent."""
    nodes: list[ast.AST] = []
    parents: dict[int, ast.AST] = {}
    pending = list(ast.iter_child_nodes(scope))
    for child in pending:
        parents[id(child)] = scope
    while pending:
        node = pending.pop()
        nodes.append(node)
        if isinstance(node, _SCOPES):
            continue
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
            pending.append(child)
    return nodes, parents


def _uses(
    target: str, binding: ast.Assign, nodes: list[ast.AST], parents: dict[int, ast.AST], bound: dict
) -> tuple[list[tuple[ChainStep, ...]], tuple[str, ...]] | None:
    """Each chain of literal calls made on ``target`` after ``binding``, in source order, and the
    attributes read on it after the first of them (``acc.balance``; not a method it calls); None
    where the name is used any other way than those."""
    loads = sorted(
        (n for n in nodes if isinstance(n, ast.Name) and n.id == target and isinstance(n.ctx, ast.Load)),
        key=lambda n: (n.lineno, n.col_offset),
    )
    uses = []
    read: list[str] = []
    for load in loads:
        if (load.lineno, load.col_offset) < (binding.lineno, binding.col_offset):
            return None
        steps = _steps_from(load, parents, bound)
        if steps is None:
            return None
        if steps:
            uses.append(steps)
        elif uses and _read_attribute(load, parents) not in (None, *read):
            read.append(_read_attribute(load, parents))  # type: ignore[arg-type]
    called = {method for use in uses for method, _, _ in use}
    return uses, tuple(attribute for attribute in read if attribute not in called)


def _read_attribute(node: ast.AST, parents: dict[int, ast.AST]) -> str | None:
    """The attribute ``node``'s name is read for (``acc.balance``), or None where it is stored
    to or deleted (``acc.balance = 5``): a store is not a read the test checks."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Attribute) and isinstance(parent.ctx, ast.Load):
        return parent.attr
    return None


def _steps_from(node: ast.AST, parents: dict[int, ast.AST], bound: dict) -> tuple[ChainStep, ...] | None:
    """The chain of literal calls rooted at ``node`` (``c.bump()``, ``add3(4)``): empty for an
    attribute read (``c.value``), None where the name is used otherwise or an argument is not a
    literal."""
    steps: list[ChainStep] = []
    while True:
        parent = parents.get(id(node))
        method = ""
        if isinstance(parent, ast.Attribute) and parent.value is node:
            method, node, parent = parent.attr, parent, parents.get(id(parent))
        if not (isinstance(parent, ast.Call) and parent.func is node):
            if method and not steps:  # an attribute read, not called: not a call the test makes
                return ()
            return tuple(steps) if steps else None
        step = _literal_call(parent, bound)
        if step is None:
            return None
        steps.append((method, step.args, step.kwargs))
        node = parent
