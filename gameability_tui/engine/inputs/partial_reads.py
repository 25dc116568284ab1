"""Whether the tests look at only part of what a call returns (``len(empty_board()) == 3``,
``default_config()['level'] == 3``) or compare the whole of it (``answer() == 42``).

Threat (the fifteenth pass): a call with nothing to draw (``empty_board()`` takes no argument)
left no fresh input, so the problem was excluded, though its tests check only part of the one
input there is: a mutant making a 3x2 board passes ``len(...) == 3`` and ``[0][0] == ' '``.
Where some test looks at part of the call's result, the visible call itself is a witness: its
whole result is the answer, as a fresh input's is. Where every test compares the whole result,
the visible call is a witness too (``audit.reference``): each mutant then fails a test or
answers the same, and the problem is strong, not excluded (the eighteenth pass).
"""

from __future__ import annotations

import ast

from .calls import called_name, parsed

# The unittest checks that compare the whole of their first two arguments.
_WHOLE_CHECKS = frozenset(("assertEqual", "assertEquals", "assertIs", "assertAlmostEqual"))


def looked_at_in_part(tests: tuple[str, ...], call_name: str) -> bool:
    """Whether some test uses a call of ``call_name`` that passes nothing (with what the tests
    chain on it, passing nothing too) other than by comparing the whole of it with ``==`` or an
    equality check. A chain whose steps pass arguments (``Solution().reverseList(build([1,
    2]))``) is not the visible call, which holds none of them: it is no witness."""
    for test in tests:
        tree = parsed(test)
        if tree is None:
            continue
        parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and called_name(node) == call_name and _in_part(node, parents):
                return True
    return False


def _in_part(node: ast.Call, parents: dict[int, ast.AST]) -> bool:
    """Whether the chain rooted at ``node`` passes nothing and is not compared whole."""
    top, parent = node, parents.get(id(node))
    while (isinstance(parent, ast.Attribute) and parent.value is top) or (
        isinstance(parent, ast.Call) and parent.func is top
    ):
        top, parent = parent, parents.get(id(parent))
    if any(isinstance(link, ast.Call) and (link.args or link.keywords) for link in ast.walk(top)):
        return False
    if isinstance(parent, ast.Compare):
        return not all(isinstance(op, ast.Eq) for op in parent.ops)
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute) and top in parent.args[:2]:
        return parent.func.attr not in _WHOLE_CHECKS
    return True
