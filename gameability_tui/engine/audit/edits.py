"""What a survivor changed in the reference, as syntax: the one node that differs, and where.

A mutant edits one node (``mutants/sites.py``), but a survivor carries only its whole source and
the changed line's text; the flags that ask "does this survivor differ only at a tie, or only at
a boundary?" need the node itself (which comparison, which operator became which) and its
context (the ``if`` it tests). Both sources are parsed and walked together to the smallest
subtree that differs. Threat: a source that does not parse, or differs in more than one place,
has no single edit: None, and no flag is raised from it.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ..inputs.calls import parsed
from ..mutants.sites import same_tree


@dataclass(frozen=True)
class Edit:
    """``before`` (a node of the reference) became ``after``; ``parents`` lead from the module
    down to ``before``'s parent."""

    before: ast.AST
    after: ast.AST
    parents: tuple[ast.AST, ...]


def edit_of(reference: str, mutant: str) -> Edit | None:
    """The single node in which ``mutant`` differs from ``reference``, or None. (The trees are
    ``parsed``'s, shared: only read here.)"""
    try:
        before, after = parsed(reference), parsed(mutant)
        if before is None or after is None:
            return None
        return _smallest_difference(before, after, ())
    except RecursionError:
        return None


def _smallest_difference(before: ast.AST, after: ast.AST, parents: tuple[ast.AST, ...]) -> Edit | None:
    if type(before) is not type(after):
        return Edit(before, after, parents)
    differing: list[tuple[ast.AST, ast.AST]] = []
    for name in before._fields:
        mine, theirs = getattr(before, name, None), getattr(after, name, None)
        if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
            pairs = list(zip(mine, theirs))
        elif isinstance(mine, ast.AST) and isinstance(theirs, ast.AST):
            pairs = [(mine, theirs)]
        elif mine == theirs:
            continue
        else:  # a plain field (a constant's value, a name) or a list of another length
            return Edit(before, after, parents)
        for one, other in pairs:
            if not isinstance(one, ast.AST) or not isinstance(other, ast.AST):
                if one != other:
                    return Edit(before, after, parents)
            elif not same_tree(one, other):  # stops at the first difference; a dump writes both out
                differing.append((one, other))
    if not differing:
        return None
    if len(differing) > 1:
        return Edit(before, after, parents)
    return _smallest_difference(*differing[0], parents + (before,))
