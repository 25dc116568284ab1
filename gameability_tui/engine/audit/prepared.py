"""What every stage of one problem's audit shares: the prepared problem (entry, fresh inputs, the
reference's answers, mutants) and the jobs built from it.

Every job of a problem is made by ``base_job``, so the reference, its mutants and the asserts run
with the same setup, entry, alias, oracle and memory: a stage that built its own could judge the
reference and the mutants under different rules."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

from ..inputs.calls import Call
from ..inputs.literals import evaluate_literal
from ..inputs.message_reads import message_fragments
from ..inputs.module_reads import module_reads
from ..inputs.raises import (
    attributes_read,
    caught_together,
    chains_raises,
    tests_check_messages,
    tests_expect_raises,
    watches_warnings,
)
from ..inputs.test_runs import runnable
from ..model import AuditParams, Problem
from ..mutants.sites import Mutant
from ..observed import prints, writes_errors
from ..outcome import SUPPRESSED_CONTEXT, Oracle
from ..sandbox import Job, Run
from .stated_domain import frees_order, states_the_message
from .stated_tolerance import stated_tolerance


def parse_checks(texts: tuple[str, ...]) -> list[tuple[tuple, dict]]:
    """Argument tuples written as Python literals (so tuples and sets keep their type)."""
    return [(tuple(evaluate_literal(text)), {}) for text in texts]


def problem_seed(seed: int, problem_id: str) -> int:
    """A per-problem seed that does not depend on hash randomisation or on audit order."""
    return zlib.crc32(f"{seed}:{problem_id}".encode())


@dataclass
class Prepared:
    """Everything a mutant is judged against: the entry, the fresh inputs and the reference's
    answers on them, the checks, and the mutants to try."""

    entry: str
    call_name: str
    visible: list[Call]
    fresh: list[Call]
    mutants: list[Mutant]
    reference: Run
    reference_calls: list
    raised: int
    checks: list
    call_order: list[int]  # cheapest first, by the reference's steps; the answer key's order
    call_steps: list[int]  # the reference's steps on each fresh call, in the answer key's run
    test_order: list[int]
    tests_independent: bool = False  # ``reference.tests_independent``
    # fresh inputs whose answer is a random draw (``reference._random_answers``): no witness
    random_answers: frozenset[int] = frozenset()


def oracle_for(problem: Problem, params: AuditParams) -> Oracle:
    """How outcomes are compared on this problem: EvalPlus's rule for its tasks, else the asserts';
    exceptions too where the visible tests show one (the types they only catch together as one,
    unless the task's text names one of them alone),
    and their messages where the tests read them (for the words they look for, where that is all
    and the text does not fix the whole message);
    the module data the tests read after a call; the warnings a call emits where the tests watch
    for them; a list as a bag where the text frees its order;
    floats within a tolerance the text states, where it is looser than the default rule."""
    seen = (problem.reference, tuple(problem.tests), problem.setup, problem.call_alias)
    raises = tests_expect_raises(*seen)
    messages = tests_check_messages(*seen)
    return Oracle(
        params.oracle, evalplus=bool(problem.checks), atol=problem.atol,
        raises=raises, messages=messages,
        prints=prints(problem.reference) or writes_errors(problem.reference),
        errors=writes_errors(problem.reference), reads=module_reads(problem.reference, problem.tests),
        warns=watches_warnings(problem.reference, tuple(problem.tests), problem.setup or ""),
        caught=apart_where_named(caught_together(tuple(problem.tests), problem.setup), problem.prompt)
        if raises else (),
        raise_reads=raise_reads(problem) if raises else (),
        fragments=message_fragments(tuple(problem.tests), problem.setup or "")
        if messages and not states_the_message(problem.prompt) else (),
        unordered=frees_order(problem.prompt),
        stated_atol=0.0 if problem.checks else stated_tolerance(problem.prompt),
    )  # fmt: skip


def raise_reads(problem: Problem) -> tuple[str, ...]:
    """The attributes of an escaped exception that are part of the answer: those the tests read
    (``caught.value.code``), and whether it hides the exception it was raised while handling,
    where the reference raises ``from`` something (``raise X from None``) and the text speaks of
    it."""
    read = attributes_read(tuple(problem.tests), problem.setup)
    return (*read, SUPPRESSED_CONTEXT) if chains_raises(problem.reference, problem.prompt) else read


EXCEPTION_NAME = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Warning)\b")  # ("raise TypeError")


def apart_where_named(groups: tuple[tuple[str, ...], ...], prompt: str) -> tuple[tuple[str, ...], ...]:
    """The groups of exception types the tests catch together, less those the task's text tells
    apart: where it names some of a group's types and not the others ("raise TypeError", the
    tests catching TypeError or ValueError), each is an answer of its own, and a mutant raising
    the other is broken (the eighteenth pass: such a mutant looked equivalent)."""
    named = set(EXCEPTION_NAME.findall(prompt or ""))
    return tuple(group for group in groups if not (named & set(group)) or set(group) <= named)


def base_job(problem: Problem, entry: str, params: AuditParams, **fields) -> Job:
    defaults = dict(program=problem.reference, tests=[runnable(test) for test in problem.tests])
    return Job(
        setup=problem.setup,
        entry=entry,
        alias=problem.call_alias,
        oracle=oracle_for(problem, params),
        memory_mb=params.memory_mb,
        **{**defaults, **fields},
    )


def backstop_seconds(cpu_seconds: float) -> float:
    """The wall-clock backstop of a job allowed ``cpu_seconds`` of CPU (a loaded machine runs it
    at half speed, plus the fork)."""
    return 2 * cpu_seconds + 2
