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

from ..inputs.calls import called_name, class_names, defined_names, harvest_sources, parsed
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
