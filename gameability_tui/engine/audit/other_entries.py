"""The other names the tests call as entries: each is audited beside the problem's entry.

A problem whose tests make several of the reference's classes or functions (``Rect(2,
3).area()``, ``Square(2).describe()``, ``Circle(1).describe()``) has one entry, the one called
most; the calls of the others were no inputs, so a mutant of ``Circle.area`` was judged on no
circle, and "equivalent" (the twenty-sixth pass). Each other name the reference defines at top
level that a test calls for itself (not to make another call's argument: ``norm(Point(3, 4))``
keeps ``Point`` a maker) is an entry of its own: its calls are drawn and asserted as the entry's
are, and a mutant is broken where it differs on any entry's inputs.
"""

from __future__ import annotations

import ast
import copy
import re
from collections import Counter

from ..inputs.calls import (
    called_name,
    called_names,
    class_names,
    defined_names,
    harvest_sources,
    parameter_names,
    parsed,
    top_level_classes,
)
from ..model import Problem

MAX_OTHER_ENTRIES = 4  # each costs an audit of its own: a table of a dozen classes is no task


def other_entries(problem: Problem, entry: str) -> list[str]:
    """The names besides ``entry`` the reference defines at top level that some test calls for
    itself (a call that is no argument of a call of the reference's, nor inside one), in the
    order the tests first call them; none where the tests call the solution through an alias
    (HumanEval's ``candidate``)."""
    if problem.call_alias:
        return []
    classes = class_names(problem.reference)  # (a class's own methods are its calls, not entries;
    own = {  # a namespace's functions are: ``angles.flip`` beside ``angles.norm``)
        name
        for name in defined_names(problem.reference)
        if "." not in name or name.partition(".")[0] not in classes
    }
    found: list[str] = []
    for source in harvest_sources(problem):
        tree = parsed(source)
        for node in _calls_for_themselves(tree, own) if tree is not None else ():
            name = called_name(node)
            if name in own and name != entry and name not in found:
                found.append(name)
    return found[:MAX_OTHER_ENTRIES]


def named_siblings(problem: Problem, called: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """Each function the reference defines that the task's text names but no test calls, nor
    the reference's own code, with the tests' calls of a ``called`` function of as many
    parameters written as calls of it (``double(5)`` read as ``quadruple(5)``): its inputs.
    Threat: "double, triple and quadruple" whose tests call only the first two passed any
    ``quadruple`` (the thirtieth pass); a text naming a function makes it part of the task, and
    a function no test and no other code calls is checked by nothing. A helper the entry calls
    is the entry's part, judged through it. A base class the text names that no test makes is
    one too, on a subclass's calls (``_untested_bases``)."""
    if problem.call_alias or not problem.prompt:
        return []
    sources = harvest_sources(problem)
    tested = called_names(sources)
    read = _names_read(problem.reference)
    arity = {name: len(parameter_names(problem.reference, name)) for name in called}
    classes = class_names(problem.reference)
    found = [
        (base, tuple(_renamed_calls(source, donor, base, keep_arguments) for source in sources))
        for base, donor, keep_arguments in _untested_bases(problem.reference, called, tested)
        if _named_in(problem.prompt, base)
    ]
    for name in defined_names(problem.reference):
        if (
            "." in name
            or name in classes
            or tested[name]
            or name in read
            or not _named_in(problem.prompt, name)
        ):
            continue
        own = len(parameter_names(problem.reference, name))
        donor = next((other for other in called if own and arity[other] == own), None)
        if donor is not None:
            found.append((name, tuple(_renamed_calls(source, donor, name) for source in sources)))
    return found[:MAX_OTHER_ENTRIES]


def subclassed_base(problem: Problem) -> tuple[str, tuple[str, ...]] | None:
    """Where the tests call no name of the reference but make objects of classes they derive
    from one of its classes (``class Triangle(Shape): sides = 3``, then ``Triangle().describe()``),
    that base class, with the tests' calls of its subclasses read as calls of it (made as the
    base is made: with none of the arguments where it takes none), to draw inputs from. Threat:
    such a problem was excluded, no entry point, and a wrong ``describe`` for a shape of 0 sides
    went unseen (the thirty-second pass): the base's methods are what the tests check."""
    classes = _classes_of(problem.reference)
    sources = harvest_sources(problem)
    tested = called_names(sources)
    derived: dict[str, list[tuple[str, bool]]] = {}
    for source in sources:
        test_tree = parsed(source)
        for node in ast.walk(test_tree) if test_tree is not None else ():
            bases = [base.id for base in getattr(node, "bases", ()) if isinstance(base, ast.Name)]
            base = next((name for name in bases if name in classes), None)
            if not isinstance(node, ast.ClassDef) or base is None or not tested[node.name]:
                continue
            made_with = _init_arity(base, classes)
            own_init = "__init__" in _methods(node)
            if made_with == 0 or (made_with is not None and not own_init):
                derived.setdefault(base, []).append((node.name, made_with != 0))
    for base, subclasses in derived.items():
        renamed = sources
        for name, keep_arguments in subclasses:
            renamed = tuple(_renamed_calls(source, name, base, keep_arguments) for source in renamed)
        return base, renamed
    return None


def _untested_bases(reference: str, called: list[str], tested: Counter) -> list[tuple[str, str, bool]]:
    """Each class of the reference no test makes that a ``called`` class derives from and whose
    own methods it overrides, with that subclass and whether its calls' arguments fit the base
    (an ``__init__`` of as many parameters; where neither the base nor what it derives from in
    the reference has one, it is made with none: ``Shape()``). Threat: "Shape is a base class
    whose area() raises NotImplementedError" whose tests make only squares passed a ``Shape``
    whose ``area`` returned None (the thirtieth pass): the base's own methods are part of what
    the text asks, and are reached only through an object of the base."""
    classes = _classes_of(reference)
    found: list[tuple[str, str, bool]] = []
    for donor in called:
        node = classes.get(donor)
        for base in _own_bases(node, classes) if node is not None else ():
            if tested[base] or any(base == seen for seen, _, _ in found):
                continue
            overridden = _methods(classes[base]) & _methods(node) - {"__init__"}
            made_with = _init_arity(base, classes)
            if overridden and made_with in (0, _init_arity(donor, classes)):
                found.append((base, donor, made_with != 0))
    return found[:MAX_OTHER_ENTRIES]


def _classes_of(reference: str) -> dict[str, ast.ClassDef]:
    """The classes the reference defines at top level, by name."""
    return top_level_classes(parsed(reference) or ast.Module([], []))


def _own_bases(node: ast.ClassDef, classes: dict[str, ast.ClassDef]) -> list[str]:
    """The classes of the reference ``node`` derives from, nearest first."""
    found: list[str] = []
    waiting = [node]
    while waiting:
        for base in waiting.pop(0).bases:
            if isinstance(base, ast.Name) and base.id in classes and base.id not in found:
                found.append(base.id)
                waiting.append(classes[base.id])
    return found


def _methods(node: ast.ClassDef) -> set[str]:
    return {item.name for item in node.body if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _init_arity(name: str, classes: dict[str, ast.ClassDef]) -> int | None:
    """How many positional arguments the reference's class ``name`` is made with (its own
    ``__init__``'s, else the nearest base's in the reference; 0 where none has one); None where
    it takes any number, or derives from a class defined elsewhere (whose ``__init__`` is not
    read)."""
    node = classes[name]
    for item in node.body:
        if isinstance(item, ast.FunctionDef) and item.name == "__init__":
            arguments = item.args
            if arguments.vararg is not None or arguments.kwarg is not None:
                return None
            return len(arguments.posonlyargs) + len(arguments.args) - 1
    bases = [base.id for base in node.bases if isinstance(base, ast.Name)]
    if len(bases) != len(node.bases) or any(base not in classes for base in bases if base != "object"):
        return None
    inside = [base for base in bases if base in classes]
    return _init_arity(inside[0], classes) if inside else 0


def _names_read(reference: str) -> set[str]:
    """The names the reference's code reads (a helper's name, read where it is called)."""
    tree = parsed(reference)
    nodes = ast.walk(tree) if tree is not None else ()
    return {node.id for node in nodes if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}


def _named_in(prompt: str, name: str) -> bool:
    """Whether the text writes ``name`` as a word of its own (``quadruple``, not ``quadrupled``)."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", prompt) is not None


def _renamed_calls(source: str, old: str, new: str, keep_arguments: bool = True) -> str:
    """``source`` with each call of ``old`` by name written as a call of ``new`` (to read its
    calls from, never to run); without ``keep_arguments``, a call of ``new`` with none."""
    tree = parsed(source)
    if tree is None:
        return source
    renamed = copy.deepcopy(tree)
    for node in ast.walk(renamed):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == old:
            node.func.id = new
            if not keep_arguments:
                node.args, node.keywords = [], []
    return ast.unparse(renamed)


def _calls_for_themselves(tree: ast.AST, own: set[str]) -> list[ast.Call]:
    """The calls in ``tree`` that are no argument of a call of ``own`` names, nor inside one,
    in source order."""
    arguments = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and called_name(node) in own
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]
        for inner in ast.walk(argument)
    }
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and id(node) not in arguments]
    return sorted(calls, key=lambda node: (node.lineno, node.col_offset))
