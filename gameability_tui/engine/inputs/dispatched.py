"""Calls the tests make through a table of the reference's functions: ``OPS['add'](2, 3)``.

Threat (the twelfth and fifteenth passes): a reference that keeps its functions in a dict it
defines at top level (``OPS = {'add': add, 'mul': mul}``), and tests that call them through it,
named no entry: no test calls ``add`` by name, so the problem was excluded as one whose tests
call no function the reference defines. Defence: for finding the entry and harvesting its calls
only (the tests still run as written), such a call reads as the call of the function the table
holds under that key (``add(2, 3)``), where the table is a dict literal of constant keys whose
values are names of the reference's own functions and classes, bound once; or an empty dict a
decorator of the reference's fills as the module loads (``@register('square')`` on ``class
Square``, its ``deco`` storing ``REGISTRY[name] = cls``: the twenty-seventh pass's registry).
"""

from __future__ import annotations

import ast
import functools

Tables = tuple[tuple[str, tuple[tuple[object, str], ...]], ...]  # (table, ((key, name), ...)), ...


@functools.lru_cache(maxsize=64)
def tables(reference: str, defined: frozenset[str]) -> Tables:
    """The reference's top-level tables of its own (``defined``) functions and classes, by name:
    ``(('OPS', (('add', 'add'), ('mul', 'mul'))),)``."""
    try:
        tree = ast.parse(reference)
    except (SyntaxError, ValueError):
        return ()
    bound: dict[str, int] = {}
    found: dict[str, tuple[tuple[object, str], ...]] = {}
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            if isinstance(target, ast.Name):
                bound[target.id] = bound.get(target.id, 0) + 1
        if len(targets) == 1 and isinstance(targets[0], ast.Name) and isinstance(node.value, ast.Dict):
            entries = _entries(node.value, defined)
            if entries:
                found[targets[0].id] = entries
    for name, entries in _registered(tree, {t for t, n in bound.items() if n == 1}).items():
        found.setdefault(name, entries)
    return tuple((name, entries) for name, entries in found.items() if bound[name] == 1)


def _registered(tree: ast.Module, once: set[str]) -> dict[str, tuple[tuple[object, str], ...]]:
    """The tables (empty dicts bound once, ``REGISTRY = {}``) that a decorator of the module's
    fills with what it decorates: ``@register('square')`` where ``register(name)``'s inner
    function stores ``REGISTRY[name] = cls`` (the key the decorator is given), or ``@register``
    storing ``REGISTRY[fn.__name__] = fn`` (the name defined); each with its keys and names."""
    empty = {
        node.targets[0].id
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in once
        and isinstance(node.value, ast.Dict)
        and not node.value.keys
    }
    storing = {
        node.name: store
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        for store in [_store_of(node, empty)]
        if store is not None
    }
    found: dict[str, list[tuple[object, str]]] = {}
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            continue
        for decorator in node.decorator_list:
            called = decorator.func if isinstance(decorator, ast.Call) else decorator
            store = storing.get(called.id) if isinstance(called, ast.Name) else None
            if store is None:
                continue
            table, keyed = store
            given = decorator.args[0] if isinstance(decorator, ast.Call) and decorator.args else None
            if keyed and isinstance(given, ast.Constant):
                found.setdefault(table, []).append((given.value, node.name))
            elif not keyed and not isinstance(decorator, ast.Call):
                found.setdefault(table, []).append((node.name, node.name))
    return {table: tuple(entries) for table, entries in found.items()}


def _store_of(function: ast.FunctionDef, tables: set[str]) -> tuple[str, bool] | None:
    """(the table, whether by a key the decorator is given) where ``function`` is a registering
    decorator: ``register(name)`` whose inner function stores its argument under ``name``, or
    ``register(fn)`` storing ``fn`` under ``fn.__name__``."""
    given = [argument.arg for argument in function.args.args]
    if len(given) != 1:
        return None
    for node in ast.walk(function):
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1):
            continue
        target = node.targets[0]
        if not (isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name)):
            continue
        if target.value.id not in tables or not isinstance(node.value, ast.Name):
            continue
        key = target.slice
        if isinstance(key, ast.Name) and key.id == given[0] and node.value.id != given[0]:
            return target.value.id, True  # ``REGISTRY[name] = cls`` inside ``register(name)``'s deco
        named = isinstance(key, ast.Attribute) and key.attr == "__name__"
        if named and isinstance(key.value, ast.Name) and key.value.id == node.value.id == given[0]:
            return target.value.id, False  # ``REGISTRY[fn.__name__] = fn``
    return None


def _entries(table: ast.Dict, defined: frozenset[str]) -> tuple[tuple[object, str], ...]:
    """The table's keys and the names it holds under them; empty unless every key is a constant
    and every value a name the reference defines."""
    entries = []
    for key, value in zip(table.keys, table.values):
        if not (isinstance(key, ast.Constant) and isinstance(value, ast.Name) and value.id in defined):
            return ()
        entries.append((key.value, value.id))
    return tuple(entries)


def through_tables(sources: tuple[str, ...], held: Tables) -> tuple[str, ...]:
    """``sources`` with each call through one of the ``held`` tables read as the call of what it
    holds there (``OPS['add'](2, 3)`` as ``add(2, 3)``); a source that makes none as it is."""
    if not held:
        return sources
    return tuple(
        _read_through(source, held) if any(name in source for name, _ in held) else source
        for source in sources
    )


@functools.lru_cache(maxsize=256)
def _read_through(source: str, held: Tables) -> str:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    names = {table: dict(entries) for table, entries in held}
    changed = False
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        if (
            isinstance(func, ast.Subscript)
            and isinstance(func.value, ast.Name)
            and isinstance(func.slice, ast.Constant)
            and func.slice.value in names.get(func.value.id, {})
        ):
            node.func = ast.copy_location(ast.Name(names[func.value.id][func.slice.value], ast.Load()), func)  # type: ignore[union-attr]
            changed = True
    return ast.unparse(tree) if changed else source
