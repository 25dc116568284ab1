"""Writing a problem's candidate asserts from its witnesses, and the gold gate every assert passes.

An assert's kill set holds a survivor only when the assert, run as exported, fails on it as a
harness would fail it: one that merely runs long is given the confirmation allowance (at least a
harness's time limit, ``AuditParams.confirm_for``) and is never counted as rejected for being
slow; one that runs past even that is stopped by any harness's time limit, and rejected. The
app's edits and probes, the export and the re-audit of a patched file all judge by this one
rule. An assert the reference fails is never shown."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from difflib import SequenceMatcher

from .. import outcome as oc
from ..inputs.calls import Call, lazy_kind, parameter_names
from ..inputs.contract import V1_MODES
from ..inputs.test_runs import runnable
from ..inputs.written import with_contract
from ..model import AuditParams, CandidateAssert, Problem, Survivor
from ..observed import CHAINED_MARK
from ..sandbox import AssertRun, run_job
from ..sandbox.limits import CONFIRM_STEPS_PER_SECOND
from .advancing_state import advances_module_state
from .asserts import GatedText, assert_text, cut_answer, order_candidates
from .flags import compares_exactly, value_flags, visible_answers
from .prepared import Prepared, backstop_seconds, base_job, oracle_for
from .reference import may_keep_state, rules_crossed
from .repeats import repeated
from .stated_domain import domain_flags
from .survivor_flags import survivor_flags
from .verdict import Verdict
from .visible_order import order_flags


def witness_texts(prepared: Prepared, witnesses: tuple[int, ...]) -> tuple[str, ...]:
    """The witness calls as text; one that cannot be written (no literal) is left out, never fatal.
    A chain the reference's answer left early (a plain value, on which the test's operators were
    not applied) is written as far as it went: ``Circle(1).area()``, not the test's whole ``abs(...
    - 12.56636) < 1e-9`` with its constants drawn afresh."""
    texts = []
    for index in witnesses:
        call, answer = prepared.fresh[index], prepared.reference_calls[index]
        data = answer[1] if answer and answer[0] == "value" else None
        name = prepared.call_name
        try:
            if call.uses:  # each use as far as its answer went
                answers = data[1] if cut_answer(data) or _chained(data) else ()
                answers = answers if type(answers) is tuple else ()
                cuts = {k: a[2] for k, a in enumerate(answers[: len(call.uses)]) if cut_answer(a)}
                texts.append("; ".join([*call.render_bindings(name), *call.render_uses(cuts)]))
            elif cut_answer(data):
                texts.append(call.render_chain(f"{name}({call.render_arguments()})", data[2]))  # type: ignore[index]
            else:
                texts.append(call.render(name))
        except (ValueError, RecursionError):
            continue
    return tuple(texts)


def _chained(answer: object) -> bool:
    return type(answer) is tuple and len(answer) == 2 and answer[0] == CHAINED_MARK


def candidate_asserts(
    problem: Problem,
    params: AuditParams,
    prepared: Prepared,
    survivors: list[Survivor],
    verdicts: list[Verdict],
) -> list[CandidateAssert]:
    """One assert per witness input, written to check what the survivors get wrong there: the
    result, and the arguments' states too where a survivor differs in those."""
    v2 = params.inputs not in V1_MODES
    visible_tests = tuple(problem.tests) + tuple(problem.harvest or ())
    answers = visible_answers(visible_tests, prepared.call_name) if v2 else []
    exact = v2 and compares_exactly(visible_tests)
    texts: dict[str, int] = {}
    oracle = oracle_for(problem, params)
    flags: dict[str, tuple[str, ...]] = {}
    distance: dict[str, float] = {}
    values: dict[str, object] = {}
    parameters = parameter_names(problem.reference, prepared.entry) if v2 else ()
    crossed = rules_crossed(problem, parameters, prepared.visible)
    lazy = lazy_kind(problem.reference, prepared.entry)
    twice = _made_twice(prepared.fresh)
    witnesses = sorted({i for verdict in verdicts for i in verdict.witnesses})
    exported = _answers_where_exported(problem, params, prepared, witnesses, twice)
    for index in witnesses:
        judged = prepared.reference_calls[index]
        expected = exported.get(index, judged)
        if expected[0] not in ("value", "raise"):  # a raise is a witness only where tests expect one
            continue
        check_arguments = not problem.checks and any(  # EvalPlus's tests see results only
            not oc.same_arguments(verdict.outcomes[index], judged)
            for verdict in verdicts
            if index in verdict.outcomes
        )
        call = prepared.fresh[index]
        text = assert_text(
            call, prepared.call_name, expected, check_arguments, oracle.raises, exact, lazy, oracle.prints,
            caught=oracle.caught, fragments=oracle.fragments, unordered=oracle.unordered,
            atol=oracle.stated_atol,
        )  # fmt: skip
        if text is not None and call.key() in twice:
            text = _after_once(call.render(prepared.call_name), text)
        if text is not None and text not in texts:
            texts[text] = len(call.render(""))
            if v2:
                value = oc.returned_value(expected)
                returned = expected[0] == "value"  # a raise's assert expects its type, not a value
                flags[text] = (
                    (value_flags(value, answers, problem.prompt) if returned else ())
                    + domain_flags(call, problem.prompt, parameters, crossed)
                    + (order_flags(call, prepared.visible, value) if returned else ())
                )
                values[text] = value
                distance[text] = nearest_visible(call, prepared.visible)
    if not texts:
        return []
    gated = gate_asserts(problem, prepared.entry, [s.source for s in survivors], list(texts), params)
    if v2:
        kills = {text: killed for text, (_, killed) in zip(texts, gated)}
        found = survivor_flags(problem, prepared.entry, params, answers, values, kills, survivors)
        for text, more in found.items():
            flags[text] = flags[text] + more
    if v2 and problem.check_reference:
        for text, why in zip(texts, reference_disagrees(problem, prepared.entry, list(texts), params)):
            flags[text] = flags[text] + ((why,) if why else ())
    ordered = order_candidates(
        [
            GatedText(
                t,
                texts[t],
                passes,
                kills,
                flags.get(t, ()),
                distance.get(t, 0.0),
                repeated(problem, prepared.entry, t) if v2 else "",
            )
            for t, (passes, kills) in zip(texts, gated)
        ],
        len(survivors),
        params.max_asserts,
        flagged_last=v2,
    )
    if v2 and len(ordered) > 1 and may_keep_state(problem.reference):
        return _held_together(problem, prepared.entry, ordered, params)
    return ordered


AFTER_OTHERS = "state: it fails after the asserts offered before it (it holds after the visible tests alone)"


def _held_together(
    problem: Problem, entry: str, asserts: list[CandidateAssert], params: AuditParams
) -> list[CandidateAssert]:
    """Where the reference keeps state, the asserts as an export that takes several of them runs
    them: each after the visible tests and the ones offered before it. One that fails there is
    left out where those reject every survivor it rejects, else flagged (threat: six asserts
    ``vars(Ticket('x')) == {'number': 4, ...}``, each right after the tests' three tickets, and
    the second of them wrong after the first: the twenty-second pass)."""
    kept = [asserts[0]]
    for candidate in asserts[1:]:
        after = replace(problem, tests=(*problem.tests, *(earlier.text for earlier in kept)))
        held = run_asserts(after, entry, problem.reference, [candidate.text], None, params)
        if 0 in held and held[0].passed:
            kept.append(candidate)
        elif not set(candidate.kills) <= {survivor for earlier in kept for survivor in earlier.kills}:
            kept.append(replace(candidate, flags=(*candidate.flags, AFTER_OTHERS)))
    return kept


def _answers_where_exported(
    problem: Problem, params: AuditParams, prepared: Prepared, witnesses: list[int], twice: set[str]
) -> dict[int, oc.Outcome]:
    """Where the reference keeps state between calls, its outcome on each witness call where a
    patch makes it: from a fresh load, after the visible tests (``Job.after_tests``), so that an
    assert states what a harness running the patched tests sees (threat: ``add(3)`` then ``assert
    total() == 6`` held from a fresh load, and failed after tests that had added 10). A call made
    twice keeps its own answer where it is a cache's second, and is made twice there where the
    module's state moves on with each call (``advancing_state``: ``new_id()`` after the tests').
    Elsewhere: none, every answer is the key's."""
    plain = [index for index in witnesses if prepared.fresh[index].key() not in twice]
    if advances_module_state(problem.reference) and prepared.call_name.isidentifier():
        plain += [index for index in witnesses if prepared.fresh[index].key() in twice]
    if not plain or not may_keep_state(problem.reference):
        return {}
    calls = [_made_once_first(prepared.fresh[i], prepared.call_name, twice) for i in plain]
    run = run_job(
        base_job(
            problem, prepared.entry, params, mode="calls", calls=[call.as_job() for call in calls],
            call_budgets=[None] * len(plain), after_tests=True,
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    return {index: run.calls[position][0] for position, index in enumerate(plain) if position in run.calls}


def _made_once_first(call: Call, call_name: str, twice: set[str]) -> Call:
    """``call``, made once before itself where it is made twice: its second answer, on the state
    the first left, where a counter or an iterator the module keeps moves on with each call."""
    if call.key() not in twice:
        return call
    return replace(call, before=((call_name, call.args, call.kwargs), *call.before))


def _made_twice(fresh: list[Call]) -> set[str]:
    """The keys of the calls made twice (``reference._made_again``): an answer to one may be the
    second, which a state the first left gives."""
    made = Counter(call.key() for call in fresh)
    return {key for key, times in made.items() if times > 1}


def _after_once(call: str, text: str) -> str:
    """``text`` with ``call`` made once before its assert, after any import it starts with
    (``slow_square(2)`` then ``assert slow_square(2) == 4``), so a fresh load reaches the state a
    second call answers from."""
    lines = text.split("\n")
    return "\n".join([*lines[:-1], call, lines[-1]])


def nearest_visible(call: Call, visible: list[Call]) -> float:
    """How far ``call``'s arguments read from the nearest visible call's (0: the same text)."""
    try:
        mine = call.render_arguments()
        return min(
            (1 - SequenceMatcher(None, mine, v.render_arguments()).ratio() for v in visible), default=0.0
        )
    except (ValueError, RecursionError):
        return 1.0


LOOKS_WRONG = "reference: the fixed reference returns something else here (the reference looks wrong)"


def reference_disagrees(problem: Problem, entry: str, texts: list[str], params: AuditParams) -> list[str]:
    """For each assert, why the FIXED reference (``check_reference``) rejects it, or "": its
    written contract refuses the input, or it returns something else (the reference looks wrong)."""
    fixed = run_asserts(problem, entry, problem.check_reference, texts, None, params)
    contract = problem.contract or problem.check_contract
    contracted = with_contract(problem.check_reference, entry, contract) if contract else None
    refused = run_asserts(problem, entry, contracted, texts, None, params) if contracted else {}
    reasons = []
    for i in range(len(texts)):
        if i in fixed and not fixed[i].passed:
            reasons.append(LOOKS_WRONG)
        elif i in refused and not refused[i].passed:
            reasons.append("reference: the benchmark's written contract refuses this input")
        else:
            reasons.append("")
    return reasons


def gate_asserts(
    problem: Problem,
    entry: str,
    survivor_sources: list[str],
    texts: list[str],
    params: AuditParams,
) -> list[tuple[bool, frozenset[int]]]:
    """For each assert text: does the reference pass it, and which survivors does it reject?

    A survivor is rejected where the assert, run as exported, fails on it. One that runs out of
    its step budget is given the confirmation allowance; one that finishes within it is slow,
    not failing, and one that still has not finished is stopped by a harness's time limit there:
    rejected."""
    reference = run_asserts(problem, entry, problem.reference, texts, None, params)
    passes = [reference[i].passed if i in reference else False for i in range(len(texts))]
    steps = [reference[i].steps if i in reference else 0 for i in range(len(texts))]
    kills: list[set[int]] = [set() for _ in texts]
    live = [i for i, ok in enumerate(passes) if ok]
    for survivor_index, source in enumerate(survivor_sources):
        pending = live
        for confirming, allowance in enumerate((params.budget_for, params.confirm_for)):
            results = run_asserts(
                problem,
                entry,
                source,
                [texts[i] for i in pending],
                [allowance(steps[i]) for i in pending],
                params,
                # confirming: a proof that it never ends watches as far as the budget it ran out of
                reach=[params.budget_for(steps[i]) for i in pending] if confirming else None,
            )
            ran_out = []
            for position, text_index in enumerate(pending):
                result = results.get(position)
                if result is None or result.passed:
                    continue
                if result.exceeded:
                    ran_out.append(text_index)
                else:
                    kills[text_index].add(survivor_index)
            pending = ran_out
            if not pending:
                break
        for text_index in pending:  # past the confirmation allowance too: a harness stops it
            kills[text_index].add(survivor_index)
    return [(passes[i], frozenset(kills[i])) for i in range(len(texts))]


def run_asserts(
    problem: Problem,
    entry: str,
    program: str,
    texts: list[str],
    budgets: list[int] | None,
    params: AuditParams,
    reach: list[int] | None = None,
) -> dict[int, AssertRun]:
    """Run assert texts in one child; if it dies on one, that one stays unknown and the rest rerun.
    ``reach``: each assert's budget before its allowance in ``budgets`` (``Job.assert_reach``).

    Each assert runs from a fresh load; where the program keeps state between calls, after the
    visible tests too, as an exported patch runs it (threat: an id registry's assert passed alone
    and failed where the patch put it, after tests that had registered names already)."""
    results: dict[int, AssertRun] = {}
    pending = list(range(len(texts)))
    unlimited = budgets is None
    cpu = params.reference_seconds if unlimited else params.cpu_seconds
    tests = [runnable(test) for test in problem.tests] if program and may_keep_state(program) else []
    if not unlimited:
        cpu = max(cpu, sum(budgets) / CONFIRM_STEPS_PER_SECOND)
    while pending:
        run = run_job(
            base_job(
                problem, entry, params, mode="asserts", program=program, tests=tests,
                after_tests=bool(tests),
                asserts=[texts[i] for i in pending],
                assert_budgets=[None if unlimited else budgets[i] for i in pending],
                assert_reach=[reach[i] for i in pending] if reach else [],
                load_budget=None, cpu_seconds=cpu, wall_seconds=backstop_seconds(cpu),
            )
        )  # fmt: skip
        if run.load is not None:
            return {i: AssertRun(False, 0, False) for i in pending} | results
        for position, outcome in run.asserts.items():
            results[pending[position]] = outcome
        if run.complete:
            break
        pending = pending[len(run.asserts) + 1 :]  # skip the one it died on: unknown
    return results
