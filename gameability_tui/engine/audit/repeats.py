"""Whether a candidate assert repeats one of the problem's own tests.

Threat: a candidate that repeats a test the benchmark already holds (MBPP's challenge tests,
which the loader keeps as ``Problem.hidden`` and the audit uses only as answer-key inputs) would
be exported as a duplicate and counted as a fix; and if the engine ranked it inside its cover
while the app ranked it last, the app's seat would open on an assert the engine had put after
it (issue 27). Both rank by this one rule: ``asserts.order_candidates`` puts a repeat after
every other candidate, and the app marks it.

Texts are compared parsed (spacing, quotes and the name the tests call the solution by, such as
HumanEval's ``candidate``, do not matter); a text that does not parse repeats only an identical one.
"""

from __future__ import annotations

import ast
from functools import lru_cache

from ..model import Problem

VISIBLE, CHALLENGE = "visible", "challenge"


@lru_cache(maxsize=4096)
def normal_form(text: str, alias: str, entry: str) -> str:
    """``text`` parsed, with calls by ``alias`` read as calls of ``entry``; the stripped text
    itself when it does not parse or cannot be written out."""
    try:
        tree = ast.parse(text.strip())
    except (SyntaxError, ValueError):
        return text.strip()
    if alias and entry and alias != entry:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == alias:
                node.id = entry
    try:
        return ast.dump(tree)
    except ValueError:  # an int constant past Python's int-to-text limit (an assert's hex literal)
        return text.strip()


def repeated(problem: Problem, entry: str, text: str) -> str:
    """``VISIBLE`` or ``CHALLENGE`` when ``text`` repeats one of the problem's own tests, else ""."""
    alias = problem.call_alias or ""
    mine = normal_form(text, alias, entry)
    for kind, tests in ((VISIBLE, problem.tests), (CHALLENGE, problem.hidden)):
        if any(normal_form(test, alias, entry) == mine for test in tests):
            return kind
    return ""
