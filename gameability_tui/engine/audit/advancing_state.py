"""Whether the reference's calls advance state of the module's own: a counter a function bumps
through ``global``, an iterator at the top level it takes the next item of.

Threat: ``new_id()`` returning ``next(_ids)`` on ``_ids = itertools.count(100, 1)``, tested once
for its value and once for its type: every fresh input was that one call from a fresh load, so a
step of 2 was "equivalent" (the twenty-fourth pass: c6_count_step). Such a call answers anew on
the state the last one left; its calls are made twice, as a memoizing reference's are
(``reference._visible_twice``), so the second answer is compared too.
"""

from __future__ import annotations

import ast
import functools

from ..inputs.calls import assignments, called_name, parsed

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@functools.lru_cache(maxsize=256)
def advances_module_state(source: str) -> bool:
    """Whether a function of ``source`` bumps a name it declares ``global`` (``_hits += 1``) or
    takes ``next(...)`` of an iterator bound at the top level."""
    tree = parsed(source)
    if tree is None:
        return False
    top_level = {name for name, _ in assignments(tree.body)}
    for function in (node for node in ast.walk(tree) if isinstance(node, FUNCTIONS)):
        declared = {
            name for node in ast.walk(function) if isinstance(node, ast.Global) for name in node.names
        }
        for node in ast.walk(function):
            if (
                isinstance(node, ast.AugAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id in declared
            ):
                return True
            if (
                isinstance(node, ast.Call)
                and called_name(node) == "next"
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id in top_level
            ):
                return True
    return False
