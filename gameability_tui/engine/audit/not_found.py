"""The ``path`` flag of an assert whose survivors differ only in what a search answers when it
finds nothing.

A one-item list (``short_inputs.py``) reaches a search's not-found answer: ``next(gen, -1)``'s
default, the ``return -1`` after a loop that returns what it finds, the ``maxx = 0`` a loop
raises only when an item matches. Where every survivor an assert rejects changes only that
value, the assert pins what the reference answers on an input holding nothing the task looks
for, and a task that asks for "the first odd number" or "the largest prime" of a list may
presuppose there is one (EvalPlus's contracts for MBPP/807 and HumanEval/94 say so): the
maintainer decides, the flag says why. A text that speaks of that case ("-1 if there is
none", "or -1 when it is absent") decides it, and no flag is raised; a text that merely writes
the value elsewhere (a 0 in an example list) does not.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from ..inputs.short_inputs import follows_a_search, is_next_with_default
from ..model import Survivor
from ..outcome import safe_repr
from ..syntax import statement_blocks
from .edits import Edit, edit_of

# the text speaks of the case where nothing is found
NOT_FOUND_SAID = re.compile(
    r"\b(if\s+(there\s+is|there\s+are|it\s+has|it\s+contains)\s+no|if\s+no(ne)?\b|not\s+found|no\s+such"
    r"|does\s+not\s+(exist|contain|occur|appear)|doesn't\s+(exist|contain|occur|appear)|is\s+not\s+in"
    r"|are\s+not\s+in|absent|missing|otherwise|not\s+present|none\s+exists?|no\s+match)",
    re.IGNORECASE,
)


def not_found_flags(
    reference: str, killed: list[Survivor], prompt: str, expected: Any, answers: list[Any]
) -> tuple[str, ...]:
    """The flag, where every survivor in ``killed`` changes only a not-found answer, the text
    says nothing of that case, and no visible test's answer is the assert's ``expected``: a
    search whose not-found answer the tests show (``is_prime``'s ``return True`` after its loop
    finds no divisor) answers it as the task asks, on inputs the task takes."""
    if (
        not killed
        or NOT_FOUND_SAID.search(prompt)
        or any(safe_repr(a) == safe_repr(expected) for a in answers)
    ):
        return ()
    edits = [edit_of(reference, survivor.source) for survivor in killed]
    if any(edit is None or not _changes_a_not_found_answer(edit) for edit in edits):
        return ()
    shown = killed[0].before.strip()
    return (
        f"path: every survivor it rejects changes only what the reference answers when its search "
        f"finds nothing (`{shown}`), which the task's text does not state: the task may presuppose "
        "that this input holds what it looks for",
    )


def _changes_a_not_found_answer(edit: Edit) -> bool:
    chain = (*edit.parents, edit.before)
    for depth, node in enumerate(chain[:-1]):
        inner = chain[depth + 1]
        if isinstance(node, ast.Call) and is_next_with_default(node) and inner is node.args[1]:
            return True
        for block in statement_blocks(node):
            if inner in block and _after_a_search(block, block.index(inner)):
                return True
            if isinstance(node, (ast.For, ast.While)) and block is node.orelse and inner in block:
                return True
    return False


def _after_a_search(block: list[ast.stmt], position: int) -> bool:
    """Whether ``block[position]`` is the answer after a search, a constant: a ``return``
    following a loop that returns from inside, or an assignment of a name a following loop
    stores under an ``if`` (``maxx = 0`` before ``if ...: maxx = x``; ``best = arr[0] * arr[1]``
    is a first candidate, no answer for nothing found)."""
    statement = block[position]
    if not _constant(getattr(statement, "value", None)):
        return False
    if isinstance(statement, ast.Return):
        return follows_a_search(block, position)
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target = statement.targets[0]
        if isinstance(target, ast.Name):
            loops = [s for s in block[position + 1 :] if isinstance(s, (ast.For, ast.While))]
            return any(_stores_under_an_if(loop, target.id) for loop in loops)
    return False


def _constant(node: ast.expr | None) -> bool:
    """A literal (``0``, ``-1``, ``None``, ``''``), signed or not."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        node = node.operand
    return isinstance(node, ast.Constant)


def _stores_under_an_if(loop: ast.For | ast.While, name: str) -> bool:
    for node in ast.walk(loop):
        if isinstance(node, ast.If):
            for statement in node.body:
                for inner in ast.walk(statement):
                    targets = inner.targets if isinstance(inner, ast.Assign) else []
                    if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                        return True
    return False
