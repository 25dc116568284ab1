"""The problem's own tests, as the benchmark writes them, beside the assert under review.

A reviewer judges a suggested assert against the benchmark's conventions (every MBPP/29 test
passes ``arr_size == len(arr)``; an order the task leaves to ties), so the visible tests and the
challenge tests (MBPP's ``challenge_test_list``, which the loader keeps as ``Problem.hidden``:
they only add answer-key inputs to the audit, and showing them here changes nothing it judges)
are shown as written, each marked with what the survivor under review does on it. That answer
comes from the engine (``tests`` request): the app never runs benchmark code itself.

Threat: a candidate that repeats a test the row already has would be exported as a duplicate and
counted as a fix. ``repeated`` (the engine's rule, ``audit.repeats``) compares the parsed texts
(spacing, quotes and the name the tests call the solution by do not matter); the engine ranks such
a candidate last and the review marks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.audit.repeats import CHALLENGE, VISIBLE, repeated
from ..engine.model import Problem

__all__ = ["CHALLENGE", "VISIBLE", "repeated"]  # the engine's rule, read here by the review
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
