"""The module data the tests read after a call, as they read it (``RESULTS[-1]``, ``STATE.total``).

Threat: an entry that records its work in module data (``RESULTS.append(...)``, ``STATE.total +=
x``) and returns None looks the same in every mutant when only its return is compared: every
mutant was called equivalent and the problem excluded, though the tests check that data.
Defence: where a test reads, after a call, a name the reference defines at its top level as data
(assigned, not a function, class or import), whole (``RESULTS``), by literal subscripts
(``RESULTS[-1]``, ``TABLE['a']``) or by attributes (``STATE.total``, ``STATE.items[-1]``,
``CONFIG['k'].x``), that read is made after every call and is part of its answer
(``Oracle.reads``, ``observed.read_after``).

Second threat: the whole value, or an accumulating attribute, holds every earlier call's work
when the calls share a namespace, which an assert run alone from a fresh load never sees: the
oracle would count a difference that no assert can state, and the assert written for it would
fail on the reference. Defence: where the tests read module data, each fresh call runs from a
fresh load (``runner``), as each assert does, so a read holds that call's work alone.

A call of one of the reference's functions that takes no arguments and that the tests never
give any (``add(3); add(4); assert total() == 7``) reads that data too, and is one such read:
what ``add`` did is seen only through it.

Not a read: one made before any call (the data as loaded), one inside the first call's
arguments (evaluated before it runs), and the function of any other call (``STATE.reset()``: a
method, not data).
"""

from __future__ import annotations

import ast
import functools

from .calls import parsed

MAX_READS = 4  # a test reads a few; each is made after every call


@functools.lru_cache(maxsize=256)  # asked for every job of a problem (``oracle_for``), as raises are
def module_reads(reference: str, tests: tuple[str, ...]) -> tuple[str, ...]:
    """Each read of the reference's module data that a test makes after a call, as written, in
    the tests' order, deduplicated; empty where there is none."""
    data, classes = _data_names(reference), _stateful_classes(reference)
    if not data and not classes:
        return ()
    getters = _getters(reference, tests)
    reads: list[str] = []
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        after = _end_of_first_call(tree)
        if after is None:
            continue
        inner: set[int] = set()  # parts of a read taken whole (``GRID[0]`` of ``GRID[0][1]``)
        for node in ast.walk(tree):  # outer nodes come first
            if id(node) in inner:
                continue
            if isinstance(node, ast.Call) and not _getter_call(node, getters):
                inner.add(id(node.func))  # its function is code, not data (``STATE.reset()``)
                continue
            text = ast.unparse(node) if isinstance(node, ast.Call) else _literal_read(node, data, classes)
            if text is None or (node.lineno, node.col_offset) < after:
                continue
            inner.update(id(part) for part in ast.walk(node))
            if text not in reads:
                reads.append(text)
    return tuple(reads[:MAX_READS])


def _getters(reference: str, tests: tuple[str, ...]) -> set[str]:
    """The reference's top-level functions that only read (``_reads_only``), take no arguments
    and are only ever called with none by the tests (``total()``): where state is kept in module
    data, such a call made after another reads it, as ``RESULTS[-1]`` does."""
    tree = parsed(reference)
    if tree is None:
        return set()
    own = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.ClassDef))}
    functions = {
        node.name for node in tree.body if isinstance(node, ast.FunctionDef) and _reads_only(node, own)
    }
    for tree in filter(None, map(parsed, tests)):
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and (node.args or node.keywords)
            ):
                functions.discard(node.func.id)
    return functions


def _reads_only(function: ast.FunctionDef, own: set[str]) -> bool:
    """A function of no parameters that returns a value and changes nothing: no ``global``, no
    attribute or item stored, no method called (``RESULTS.pop()`` might change what it reads),
    no call of the program's own functions or classes (``reset()``), no decorator."""
    arguments = function.args
    if arguments.args or arguments.posonlyargs or arguments.vararg or arguments.kwonlyargs or arguments.kwarg:
        return False
    if function.decorator_list or not any(
        isinstance(node, ast.Return) and node.value is not None for node in ast.walk(function)
    ):
        return False
    if _changed_roots(function):  # an attribute or item stored or deleted, a method called
        return False
    for node in ast.walk(function):
        if isinstance(node, (ast.Global, ast.Nonlocal, ast.Yield, ast.YieldFrom, ast.Await)):
            return False
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in own:
            return False
    return True


def _getter_call(node: ast.Call, getters: set[str]) -> bool:
    return isinstance(node.func, ast.Name) and node.func.id in getters and not node.args and not node.keywords


def _end_of_first_call(tree: ast.AST) -> tuple[int, int] | None:
    """Where the test's first call ends: a read from there on sees what a call did."""
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call)]
    if not calls:
        return None
    first = min(calls, key=lambda node: (node.lineno, node.col_offset))
    return (first.end_lineno or first.lineno, first.end_col_offset or first.col_offset)


def _data_names(reference: str) -> set[str]:
    """Names the reference binds at its top level to data only: never to a def, class, import or
    lambda (an entry bound by assignment is not data)."""
    tree = parsed(reference)
    if tree is None:
        return set()
    data, other = set(), set()
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            (other if isinstance(node.value, ast.Lambda) else data).update(names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            other.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            other.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return data - other


def _stateful_classes(reference: str) -> set[str]:
    """The reference's top-level classes whose own attributes its code changes (``Registry.count
    += 1``, ``Registry.items.append(x)``, ``Registry.table[k] = v``, ``cls.count += 1`` in a
    class method): state kept on a class, read by attribute as module data is
    (``Registry.count``). A class whose attributes nothing changes (an ``Enum``'s members,
    constants) is not state."""
    tree = parsed(reference)
    if tree is None:
        return set()
    classes = {node.name for node in tree.body if isinstance(node, ast.ClassDef)}
    changed = _changed_roots(tree)
    for node in tree.body:
        for method in node.body if isinstance(node, ast.ClassDef) else ():
            own = _class_argument(method)  # ``cls`` of a class method is the class
            if own is not None and own in _changed_roots(method):
                changed.add(node.name)
    return classes & changed


def _class_argument(node: ast.stmt) -> str | None:
    """The name a class method's first parameter gives its class (``cls``), else None."""
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or not node.args.args:
        return None
    marked = any(isinstance(d, ast.Name) and d.id == "classmethod" for d in node.decorator_list)
    return node.args.args[0].arg if marked else None


def _changed_roots(tree: ast.AST) -> set[str | None]:
    """Names whose attributes ``tree`` assigns, deletes or calls a method of."""
    changed = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            changed.add(_root(node))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            changed.add(_root(node.func.value))  # ``Registry.items.append``
    return changed


def _root(node: ast.expr) -> str | None:
    """The name under a chain of attributes and subscripts that holds at least one attribute."""
    attributes = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        attributes += isinstance(node, ast.Attribute)
        node = node.value
    return node.id if isinstance(node, ast.Name) and attributes else None


def _literal_read(node: ast.AST, data: set[str], classes: set[str]) -> str | None:
    """``node`` as written where it reads a data name, whole or through attributes and literal
    subscripts at any depth (``GRID[0][1]``, ``STATE.items[-1]``, ``CONFIG['k'].x``), or the
    state kept on one of ``classes`` through an attribute (``Registry.count``), in a load; None
    otherwise."""
    if not isinstance(node, (ast.Name, ast.Attribute, ast.Subscript)) or not isinstance(node.ctx, ast.Load):
        return None
    inner: ast.expr = node  # type: ignore[assignment]
    attributes = 0
    while isinstance(inner, (ast.Subscript, ast.Attribute)):
        if isinstance(inner, ast.Subscript):
            try:
                ast.literal_eval(inner.slice)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                return None
        attributes += isinstance(inner, ast.Attribute)
        inner = inner.value
    if isinstance(inner, ast.Name) and (inner.id in data or (inner.id in classes and attributes)):
        return ast.unparse(node)
    return None
