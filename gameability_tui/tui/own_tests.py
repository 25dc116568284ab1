"""The problem's own tests, as the benchmark writes them, beside the assert under review.

A reviewer judges a suggested assert against the benchmark's conventions (every MBPP/29 test
passes ``arr_size == len(arr)``; an order the task leaves to ties), so the visible tests and the
challenge tests (MBPP's ``challenge_test_list``, which the loader keeps as ``Problem.hidden``:
they only add answer-key inputs to the audit, and showing them here changes nothing it judges)
are shown as written, each marked with what the survivor under review does on it. That answer
comes from the engine (``tests`` request): the app never runs benchmark code itself.

Threat: a candidate that repeats a test the row already has would be exported as a duplicate and
counted as a fix. ``repeated`` compares the parsed texts (spacing, quotes and the name the tests
call the solution by do not matter) and the review ranks such a candidate last, marked.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import lru_cache

from ..engine.model import Problem

VISIBLE, CHALLENGE = "visible", "challenge"
RUNS_PAST = "runs past the budget"  # the engine's word (``probe.RUNS_PAST``), read here only


@dataclass(frozen=True)
class OwnTest:
    text: str
    kind: str  # VISIBLE or CHALLENGE


@dataclass(frozen=True)
class TestRuns:
    """What the engine said each own test does: on the reference, and on each survivor (in the
    order of ``own_tests``): "passes", "fails" or "runs past the budget"."""

    __test__ = False  # not a pytest class, whatever its name

    reference: tuple[str, ...]
    survivors: tuple[tuple[str, ...], ...]


def own_tests(problem: Problem) -> list[OwnTest]:
    """The visible tests, then the challenge tests, in the benchmark's order."""
    return [OwnTest(t, VISIBLE) for t in problem.tests] + [OwnTest(t, CHALLENGE) for t in problem.hidden]


@lru_cache(maxsize=4096)
def normal_form(text: str, alias: str, entry: str) -> str:
    """``text`` parsed, with calls by ``alias`` (HumanEval's ``candidate``) read as calls of
    ``entry``; the text itself when it does not parse (only an identical text then repeats it)."""
    try:
        tree = ast.parse(text.strip())
    except (SyntaxError, ValueError):
        return text.strip()
    if alias and entry and alias != entry:
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == alias:
                node.id = entry
    return ast.dump(tree)


def repeated(problem: Problem, entry: str, text: str) -> str:
    """ "visible" or "challenge" when ``text`` repeats one of the problem's own tests, else ""."""
    alias = problem.call_alias or ""
    mine = normal_form(text, alias, entry)
    for test in own_tests(problem):
        if normal_form(test.text, alias, entry) == mine:
            return test.kind
    return ""
