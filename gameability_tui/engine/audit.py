"""The audit of one problem: gate the reference, build mutants, judge them, gate candidate asserts.

Threats to the measurement and where they are handled:

- Excluded problems are counted with their reason, never silently dropped (``excluded``).
- The step budget must never make the reference fail: the reference runs unlimited (a wall-clock
  backstop only) and each mutant's budget per call is scaled to the reference's own cost there.
- Equivalent mutants (same outcome as the reference on every fresh input) are discarded: they
  are not evidence of weak tests.
- A mutant whose child died or hit a wall-clock/CPU limit before its verdict was known is
  TRUNCATED: counted apart, never as rejected and never as surviving.
- A reference that raises on a fresh input cannot say what the right answer is: such inputs are
  counted (``reference_raised``), a mutant's outcome there is never a difference, and they never
  become witnesses for asserts.
- State: the answer key is made the way a mutant is judged (a fresh load, the same calls in the
  same order), so a reference with module-level state (a cache, a counter) judged as its own
  mutant is equivalent (``bench/self_equivalence.py`` checks it on whole benchmarks).
- Slow is not wrong: "did not return within the budget" is a difference only once a hundred times
  the reference's own steps confirm it (``runner.py``); a mutant that was merely slow is counted
  apart (``n_slow``). An assert's kill set holds only survivors on which the assert, run as
  exported, fails: one that merely runs long is never counted as rejected.
"""

from __future__ import annotations

import ast
import functools
import time
import zlib
from dataclasses import dataclass, field, replace

from . import outcome as oc
from .aimed_inputs import aimed_calls
from .asserts import GatedText, assert_text, order_candidates
from .attack import attack_for, round_seed
from .calls import Call, entry_of, harvest_calls, parsed
from .fresh_inputs import fresh_calls
from .literals import evaluate_literal
from .model import AuditParams, CandidateAssert, KindCount, Problem, ProblemResult, Survivor, excluded
from .mutation import Mutant, make_mutants
from .outcome import Oracle
from .runner import CONFIRM_STEPS_PER_SECOND, PENDING, UNCOUNTED, cost_order, median_steps
from .sandbox import AssertRun, Job, Run, children_kept, run_job, run_jobs, shares_spare_cores

COSTLY_PROBLEM_SECONDS = 1.0  # reference CPU x mutants past which mutants run in two lanes (no census)
# The reference's steps on a visible test are counted up to this many, and the test finished
# untraced past them: the gate of a test that costs tens of millions of steps (MBPP/123's
# amicable numbers to 9,999: 82 million) runs at full speed. Its steps are counted exactly, in a
# second run, only when a mutant needs that test's budget (``exact_test_steps``), so every budget
# and verdict is the one an exact count from the start gives.
COUNTED_TEST_STEPS = 5_000_000


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


def oracle_for(problem: Problem, params: AuditParams) -> Oracle:
    """How outcomes are compared on this problem: EvalPlus's rule for its tasks, else the asserts'."""
    return Oracle(params.oracle, evalplus=bool(problem.checks), atol=problem.atol)


def _base_job(problem: Problem, entry: str, params: AuditParams, **fields) -> Job:
    defaults = dict(program=problem.reference, tests=list(problem.tests))
    return Job(
        setup=problem.setup,
        entry=entry,
        alias=problem.call_alias,
        oracle=oracle_for(problem, params),
        memory_mb=params.memory_mb,
        **{**defaults, **fields},
    )


def audit_problem(problem: Problem, params: AuditParams) -> ProblemResult:
    started = time.perf_counter()
    with children_kept():  # its reference, mutants, rounds and asserts share children
        prepared = prepare(problem, params)
        result = prepared if isinstance(prepared, ProblemResult) else _judge(problem, params, prepared)
    seconds = round(time.perf_counter() - started, 3)
    return ProblemResult(**{**result.__dict__, "seconds": seconds})


def visible_calls(problem: Problem) -> tuple[str, str, list[Call]] | None:
    """The entry, the name the tests call it by, and their literal calls; None without an entry."""
    entry = entry_of(problem)
    if entry is None:
        return None
    call_name = problem.call_alias or entry
    sources = problem.harvest if problem.harvest is not None else problem.tests
    return entry, call_name, harvest_calls(sources, call_name)


def prepare(problem: Problem, params: AuditParams) -> Prepared | ProblemResult:
    """Gate the reference and build the answer key; an excluded result when the problem cannot be
    judged."""
    found = visible_calls(problem)
    if found is None:
        return _why_no_entry(problem)
    entry, call_name, visible = found
    attack = attack_for(params)
    draws = fresh_calls(visible, attack.draws, problem_seed(params.seed, problem.id), params.inputs)
    # The sample attack's own draws and the hidden inputs come first and are always kept; the
    # deep attack's further draws and aimed inputs follow, within its step allowance.
    fresh = draws[: params.fresh_inputs]
    known = {call.key() for call in visible + draws}
    fresh += [call for call in harvest_calls(problem.hidden, call_name) if call.key() not in known]
    always = len(fresh)
    fresh += draws[params.fresh_inputs :]
    if attack.aimed:
        known = {call.key() for call in visible + fresh}
        fresh += aimed_calls(
            visible, problem.reference, known, attack.aimed, params.inputs, attack.aggregates
        )
    return prepare_on(problem, params, entry, call_name, visible, fresh, always=always)


def _why_no_entry(problem: Problem) -> ProblemResult:
    """The exclusion of a problem whose entry cannot be found, with the cause a maintainer can
    mend: a reference that does not parse cannot load (its own reason, with the error), and a
    problem without a test has no call to name its entry."""
    try:
        ast.parse(problem.reference)
    except SyntaxError as error:
        detail = f"SyntaxError: {error.msg} (reference line {error.lineno})"
        return excluded(problem.id, "reference-does-not-load", detail)
    except ValueError as error:  # e.g. a NUL character
        return excluded(problem.id, "reference-does-not-load", f"ValueError: {error}")
    if not problem.tests and not problem.harvest:
        detail = "the problem has no visible tests to call an entry"
    else:
        detail = "no function that the reference defines is called by the tests"
    return excluded(problem.id, "no-entry-point", detail)


def prepare_on(
    problem: Problem,
    params: AuditParams,
    entry: str,
    call_name: str,
    visible: list[Call],
    fresh: list[Call],
    mutants: list[Mutant] | None = None,
    always: int | None = None,
) -> Prepared | ProblemResult:
    """``prepare`` on the given fresh inputs (the deep attack's later rounds add to them). Past the
    first ``always`` (default: all), an input is kept only within the attack's step allowance."""
    checks = parse_checks(problem.checks)
    reference = run_job(
        _base_job(
            problem, entry, params, mode="reference",
            calls=[call.as_job() for call in fresh],
            checks=checks, check_budgets=[None] * len(checks),
            test_budgets=[None] * len(problem.tests), call_budgets=[None] * len(fresh),
            fresh_budget=(params.reference_fresh_floor, params.reference_fresh_factor),
            count_tests_until=COUNTED_TEST_STEPS,
            fresh_allowance=_fresh_allowance(always, params),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    gate = _gate_reference(problem, reference, entry) or _gate_checks(
        problem, params, entry, checks, reference
    )
    if gate is not None:
        return gate
    # Fresh inputs on which the reference ran out of its (generous) budget have no answer key;
    # those past the attack's step allowance were not even run.
    ran = [i for i in range(len(fresh)) if i in reference.calls]
    endless = sum(reference.calls[i][0] == oc.BUDGET_OUTCOME for i in ran)
    keep = [i for i in ran if reference.calls[i][0] != oc.BUDGET_OUTCOME]
    keep = _within_step_allowance(keep, {i: reference.calls[i][1] for i in ran}, always, params)
    if not keep:
        return excluded(
            problem.id, "no-fresh-inputs", f"no literal calls to {call_name}() to perturb", entry=entry
        )
    if mutants is None:
        attack = attack_for(params)
        mutants = make_mutants(problem.reference, attack.mutant_limit, attack.operators)
    if not mutants:
        return excluded(problem.id, "no-mutation-sites", entry=entry, n_fresh=len(keep))
    order = sorted(range(len(keep)), key=lambda new: reference.calls[keep[new]][1])
    fresh = [fresh[i] for i in keep]
    key = {new: reference.calls[old] for new, old in enumerate(keep)}
    stateful = may_keep_state(problem.reference)
    reordered = keep != list(range(len(keep))) or order != list(range(len(keep)))
    if reordered and stateful:
        key = _answer_key(problem, params, entry, fresh, order, [key[i][1] for i in range(len(fresh))])
    reference.calls = key
    reference_calls = [key[i][0] for i in range(len(fresh))]
    raised = endless + sum(not oc.returned_normally(o) for o in reference_calls)
    if raised - endless == len(fresh):
        return excluded(
            problem.id, "no-usable-oracle", "the reference raises on every fresh input",
            entry=entry, n_fresh=len(fresh), reference_raised=raised,
        )  # fmt: skip
    test_order = _test_order(problem, reference, stateful)
    return Prepared(
        entry, call_name, visible, fresh, mutants, reference, reference_calls, raised, checks,
        call_order=order, call_steps=[key[i][1] for i in range(len(fresh))], test_order=test_order,
    )  # fmt: skip


def _test_order(problem: Problem, reference: Run, stateful: bool) -> list[int]:
    """The order a mutant runs the visible tests in. One that fails a test is found sooner on a
    cheap one; the order can change a result only through state, which lone asserts on a
    stateless reference do not have. (A test whose steps were not counted is costlier than any
    that was.)"""
    order = list(range(len(problem.tests)))
    if not stateful and all(_is_lone_assert(test) for test in problem.tests):
        order.sort(key=lambda i: cost_order(reference.tests[i][2]))
    return order


def exact_test_steps(problem: Problem, params: AuditParams, prepared: Prepared) -> bool:
    """Count the reference's steps on every visible test exactly, if some were not
    (``COUNTED_TEST_STEPS``): the tests again, from a fresh load, in order, as the gate ran
    them. Updates ``prepared`` (the steps and the test order); False if that run did not finish."""
    reference = prepared.reference
    if all(reference.tests[i][2] != UNCOUNTED for i in reference.tests):
        return True
    run = run_job(
        _base_job(
            problem, prepared.entry, params, mode="reference", calls=[],
            test_budgets=[None] * len(problem.tests),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    if not run.complete or len(run.tests) < len(problem.tests):
        return False
    reference.tests = run.tests
    # The mutants' CPU backstop is five times the reference's CPU time: counted, its tests cost
    # more than they did untraced, and the backstop must allow for that.
    reference.cpu += run.cpu
    prepared.test_order = _test_order(problem, reference, may_keep_state(problem.reference))
    return True


def _fresh_allowance(always: int | None, params: AuditParams) -> tuple[int, int] | None:
    allowance = attack_for(params).input_steps
    return None if always is None or allowance is None else (always, allowance)


def _within_step_allowance(
    keep: list[int], steps: dict[int, int], always: int | None, params: AuditParams
) -> list[int]:
    """The inputs of ``keep`` that the attack can afford: all of the first ``always``, then the
    others in order while the reference's total steps on the inputs stay within the attack's
    allowance. Every mutant pays for every input, so a problem whose every input costs the
    reference millions of steps is not given a hundred of them (steps are counted, not timed:
    the same inputs are kept on any machine)."""
    allowance = attack_for(params).input_steps
    if always is None or allowance is None:
        return keep
    kept, total = [], 0
    for index in keep:
        if index >= always and total + steps[index] > allowance:
            continue
        kept.append(index)
        total += steps[index]
    return kept


def _is_lone_assert(test: str) -> bool:
    tree = parsed(test)
    return tree is not None and len(tree.body) == 1 and isinstance(tree.body[0], ast.Assert)


@functools.lru_cache(maxsize=64)
def may_keep_state(source: str) -> bool:
    """Whether the reference could answer a call differently after other calls: module-level or
    class-level mutable data, ``global`` / ``nonlocal``, mutable default arguments, randomness.
    Only such a reference pays for a second run of its answer key in the mutants' order."""
    tree = parsed(source)
    if tree is None:
        return True
    mutable = (ast.List, ast.Dict, ast.Set, ast.Call, ast.ListComp, ast.DictComp, ast.SetComp)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            return True
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] + [getattr(node, "module", None) or ""]
            if any(name.split(".")[0] in ("random", "secrets", "itertools") for name in names):
                return True
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            defaults = node.args.defaults + [d for d in node.args.kw_defaults if d is not None]
            if any(isinstance(default, mutable) for default in defaults):
                return True
    scopes = [tree.body] + [node.body for node in ast.walk(tree) if isinstance(node, ast.ClassDef)]
    for body in scopes:
        for statement in body:
            value = getattr(statement, "value", None)
            assignment = isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            if assignment and isinstance(value, mutable):
                return True
    return False


def _answer_key(
    problem: Problem, params: AuditParams, entry: str, fresh: list[Call], order: list[int], steps: list[int]
) -> dict[int, tuple]:
    """The reference's outcomes on ``fresh``, called in ``order`` from a fresh load: exactly the
    sequence a mutant will see. (The first run also made the calls that were dropped since, in
    another order: a reference with state could have answered differently there.)"""
    run = run_job(
        _base_job(
            problem, entry, params, mode="calls", tests=[], calls=[call.as_job() for call in fresh],
            call_order=order, call_budgets=[max(params.reference_fresh_floor, 10 * s) for s in steps],
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    missing = ("raise", "ReferenceDidNotFinish")
    return {i: run.calls.get(i, (missing, 0)) for i in range(len(fresh))}


def _gate_reference(problem: Problem, run: Run, entry: str) -> ProblemResult | None:
    if run.load is not None:
        return excluded(problem.id, "reference-does-not-load", oc.describe(run.load), entry=entry)
    failing = [i for i in range(len(problem.tests)) if i in run.tests and not run.tests[i][0]]
    if failing:
        first = failing[0]
        why = oc.describe(run.tests[first][1])
        return excluded(problem.id, "reference-fails-tests", f"test {first + 1} fails: {why}", entry=entry)
    if not run.complete:
        return excluded(problem.id, "reference-did-not-finish", run.stopped, entry=entry)
    return None


def run_checks_unlimited(
    problem: Problem, params: AuditParams, entry: str, checks: list, program: str
) -> Run:
    """``program``'s results on the checks, with no step budget: the expected values."""
    return run_job(
        _base_job(
            problem, entry, params, mode="reference", program=program, tests=[],
            checks=checks, check_budgets=[None] * len(checks),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip


def _gate_checks(
    problem: Problem, params: AuditParams, entry: str, checks: list, reference: Run
) -> ProblemResult | None:
    """With a separate check reference, the audited reference must match its results on every
    check (within atol), as EvalPlus would require; the expected values are then the check
    reference's."""
    if not problem.check_reference or not checks:
        return None
    expected = run_checks_unlimited(problem, params, entry, checks, problem.check_reference)
    if expected.load is not None or not expected.complete:
        return excluded(problem.id, "reference-fails-tests", "the check reference does not run", entry=entry)
    for index in range(len(checks)):
        want, got = expected.checks[index][1], reference.checks[index][1]
        if not oc.matches(got, want, problem.atol, params.oracle):
            detail = f"check {index + 1}: {oc.describe(got)[:80]}, expected {oc.describe(want)[:80]}"
            return excluded(problem.id, "reference-fails-tests", detail, entry=entry)
    return None


@dataclass
class Verdict:
    """One mutant's fate: broken (differs from a normal return of the reference on a fresh input),
    surviving (broken yet passes every visible test and check), or truncated (a limit ended it
    before that was known). ``slow``: it ran out of its budget on an input but, given far more,
    returned the reference's answer there. ``outcomes``: its outcome on each witness."""

    broken: bool = False
    survived: bool = False
    truncated: bool = False
    slow: bool = False
    witnesses: tuple[int, ...] = ()
    outcomes: dict[int, tuple] = field(default_factory=dict)


def _verdict(run: Run, reference_calls: list, n_tests: int, oracle: Oracle, n_checks: int = 0) -> Verdict:
    slow = bool(run.slow)
    if run.load is not None:  # loads differently from the reference: broken, and fails its tests
        return Verdict(broken=True, slow=slow)
    differs = tuple(
        i
        for i, (got, _) in sorted(run.calls.items())
        if oc.returned_normally(reference_calls[i]) and not oracle.same(got, reference_calls[i])
    )
    if not differs:
        return Verdict(truncated=not run.complete, slow=slow)
    if any(not passed for passed, _, _ in run.tests.values()):
        return Verdict(broken=True, slow=slow)
    if len(run.tests) < n_tests:
        return Verdict(truncated=True, slow=slow)
    if any(not passed for passed, _, _ in run.checks.values()):
        return Verdict(broken=True, slow=slow)
    if len(run.checks) < n_checks:
        return Verdict(truncated=True, slow=slow)
    outcomes = {i: run.calls[i][0] for i in differs}
    return Verdict(broken=True, survived=True, slow=slow, witnesses=differs, outcomes=outcomes)


def judge_program(problem: Problem, params: AuditParams, prepared: Prepared, program: str) -> Verdict:
    """Judge ``program`` as a mutant of the reference, under the audit's budgets and inputs.

    The audit judges its own mutants this way; the difference report judges mutants another tool
    found, and ``bench/self_equivalence.py`` the reference itself, so all are judged by exactly
    the same rules."""
    return judge_programs(problem, params, prepared, [program])[0]


def judge_programs(
    problem: Problem, params: AuditParams, prepared: Prepared, programs: list[str]
) -> list[Verdict]:
    """``judge_program`` for many programs at once: they share child processes (``run_jobs``).

    A mutant that reaches a visible test whose reference steps were not counted stops there
    (its budget is PENDING); the reference's steps are then counted (``exact_test_steps``) and
    those mutants judged again from the start, with every budget exact."""
    job = _mutant_job(problem, params, prepared)
    # In a census, mutants spread over the cores of workers that have run out of problems
    # (sandbox.share_spare_cores). Elsewhere (a Ray actor, one problem alone) a problem whose
    # mutants will take seconds gets two children at once, so that it does not hold up the end.
    costly = prepared.reference.cpu * len(programs) >= COSTLY_PROBLEM_SECONDS
    lanes = 2 if costly and not shares_spare_cores() else 1
    runs = run_jobs([replace(job, program=program) for program in programs], lanes=lanes)
    waiting = [index for index, run in enumerate(runs) if run.pending]
    if waiting:
        if exact_test_steps(problem, params, prepared):
            job = _mutant_job(problem, params, prepared)
            again = run_jobs([replace(job, program=programs[index]) for index in waiting], lanes=lanes)
            for index, run in zip(waiting, again):
                runs[index] = run
        else:  # the reference did not finish its tests again: those verdicts cannot be known
            for index in waiting:
                runs[index] = Run(stopped="reference-did-not-finish")
    oracle = oracle_for(problem, params)
    n_tests, n_checks = len(problem.tests), len(prepared.checks)
    return [_verdict(run, prepared.reference_calls, n_tests, oracle, n_checks) for run in runs]


def _mutant_job(problem: Problem, params: AuditParams, prepared: Prepared) -> Job:
    """The job a mutant is judged by, but for its program: budgets from the reference's steps
    (PENDING on a test whose steps were not counted), limits from its CPU time."""
    reference, checks = prepared.reference, prepared.checks
    calls = [call.as_job() for call in prepared.fresh]
    cpu = max(params.cpu_seconds, 5 * reference.cpu)
    test_steps = [reference.tests[i][2] for i in range(len(problem.tests))]
    return _base_job(
        problem, prepared.entry, params, mode="mutant", calls=calls,
        load_budget=params.budget_for(reference.load_steps),
        test_budgets=[PENDING if steps == UNCOUNTED else params.budget_for(steps) for steps in test_steps],
        call_budgets=[params.budget_for(steps) for steps in prepared.call_steps],
        confirm_budgets=[params.confirm_for(steps) for steps in prepared.call_steps],
        reference_calls=prepared.reference_calls, cpu_seconds=cpu, wall_seconds=backstop_seconds(cpu),
        call_order=prepared.call_order, test_order=prepared.test_order, atol=problem.atol, checks=checks,
        reference_checks=[reference.checks[i][1] for i in range(len(checks))],
        check_budgets=[params.budget_for(reference.checks[i][2]) for i in range(len(checks))],
    )  # fmt: skip


def backstop_seconds(cpu_seconds: float) -> float:
    """The wall-clock backstop of a job allowed ``cpu_seconds`` of CPU (a loaded machine runs it
    at half speed, plus the fork)."""
    return 2 * cpu_seconds + 2


def _judge(problem: Problem, params: AuditParams, prepared: Prepared) -> ProblemResult:
    kinds: dict[str, KindCount] = {}
    survivors: list[Survivor] = []
    survivor_verdicts: list[Verdict] = []
    counts = {"equivalent": 0, "broken": 0, "truncated": 0, "slow": 0}
    verdicts = judge_programs(problem, params, prepared, [mutant.source for mutant in prepared.mutants])
    prepared, verdicts = _draw_while_it_pays(problem, params, prepared, verdicts)
    for mutant, verdict in zip(prepared.mutants, verdicts):
        previous = kinds.get(mutant.kind, KindCount())
        kinds[mutant.kind] = KindCount(
            previous.built + 1,
            previous.broken + verdict.broken,
            previous.survived + verdict.survived,
        )
        if verdict.truncated:
            counts["truncated"] += 1
        elif not verdict.broken:
            counts["equivalent"] += 1
            counts["slow"] += verdict.slow
        else:
            counts["broken"] += 1
        if verdict.survived:
            survivors.append(
                Survivor(
                    mutant.kind, mutant.line, mutant.before, mutant.after, mutant.source,
                    _witness_texts(prepared, verdict.witnesses),
                )
            )  # fmt: skip
            survivor_verdicts.append(verdict)
    common = dict(
        entry=prepared.entry, n_mutants=len(prepared.mutants), n_equivalent=counts["equivalent"],
        n_broken=counts["broken"], n_survived=len(survivors), n_truncated=counts["truncated"],
        n_slow=counts["slow"], n_fresh=len(prepared.fresh), reference_raised=prepared.raised, kinds=kinds,
    )  # fmt: skip
    if counts["broken"] == 0:
        detail = "every mutant behaves like the reference on the fresh inputs"
        if counts["truncated"]:
            detail += f" ({counts['truncated']} truncated)"
        return excluded(problem.id, "no-broken-mutant", detail, **common)
    asserts = _candidate_asserts(problem, params, prepared, survivors, survivor_verdicts)
    return ProblemResult(
        id=problem.id, status="ok", survivors=tuple(survivors), asserts=tuple(asserts), **common
    )


def _draw_while_it_pays(
    problem: Problem, params: AuditParams, prepared: Prepared, verdicts: list[Verdict]
) -> tuple[Prepared, list[Verdict]]:
    """The deep attack's further rounds: draw another round of fresh inputs until ``patience``
    rounds in a row have turned no equivalent mutant into a broken one (or the attack's cap).
    Only the mutants still equivalent are judged again: on the round's new inputs alone where the
    reference keeps no state (they showed no difference on the others), else on every input so
    far (the same calls in the same order, from a fresh load, as any mutant). Survivors found
    before the last round are judged once more on the final inputs, so that their witnesses
    cover every input."""
    attack = attack_for(params)
    stateless = not may_keep_state(problem.reference)
    verdicts = list(verdicts)
    judged_in = [0] * len(verdicts)
    last_round = fruitless = 0
    for round_number in range(1, attack.rounds + 1):
        open_mutants = [i for i, v in enumerate(verdicts) if not v.broken and not v.truncated]
        if not open_mutants:
            break
        known = {call.key() for call in prepared.visible + prepared.fresh}
        seed = round_seed(params.seed, problem.id, round_number)
        draws = fresh_calls(prepared.visible, attack.round_draws, seed, params.inputs)
        extra = [call for call in draws if call.key() not in known]
        spent = sum(prepared.call_steps)
        if not extra or (attack.input_steps is not None and spent >= attack.input_steps):
            break  # nothing new to draw, or no step left to spend on it
        if stateless:
            grown = _grown(problem, params, prepared, extra, attack.input_steps)
        else:
            grown = prepare_on(
                problem, params, prepared.entry, prepared.call_name, prepared.visible,
                prepared.fresh + extra, prepared.mutants, always=len(prepared.fresh),
            )  # fmt: skip
        if isinstance(grown, ProblemResult) or len(grown.fresh) == len(prepared.fresh):
            break  # nothing more the attack can afford (or, with state, judge): keep what we had
        judged_on = grown
        if stateless:
            judged_on = replace(grown, call_order=[i for i in grown.call_order if i >= len(prepared.fresh)])
        again = judge_programs(problem, params, judged_on, [prepared.mutants[i].source for i in open_mutants])
        for index, verdict in zip(open_mutants, again):
            verdict.slow = verdict.slow or verdicts[index].slow  # slow on an earlier input
            verdicts[index], judged_in[index] = verdict, round_number
        prepared, last_round = grown, round_number
        fruitless = 0 if any(verdict.broken for verdict in again) else fruitless + 1
        if fruitless >= attack.patience:
            break
    stale = [i for i, v in enumerate(verdicts) if v.survived and judged_in[i] < last_round]
    if stale:
        again = judge_programs(problem, params, prepared, [prepared.mutants[i].source for i in stale])
        for index, verdict in zip(stale, again):
            verdicts[index] = verdict
    return prepared, verdicts


def _grown(
    problem: Problem, params: AuditParams, prepared: Prepared, extra: list[Call], allowance: int | None
) -> Prepared:
    """``prepared`` with the answers to ``extra`` added, for a reference that keeps no state: only
    the new inputs are run (from a fresh load, under the budget the reference run gives fresh
    inputs), and kept by the same rules as ``prepare_on``, which would run every input again."""
    reference = prepared.reference
    typical = median_steps([reference.tests[i][2] for i in reference.tests])
    if typical == UNCOUNTED and exact_test_steps(problem, params, prepared):
        typical = median_steps([reference.tests[i][2] for i in reference.tests])
    budget = max(params.reference_fresh_floor, params.reference_fresh_factor * max(typical, 0))
    run = run_job(
        _base_job(
            problem, prepared.entry, params, mode="calls", tests=[], calls=[call.as_job() for call in extra],
            call_budgets=[budget] * len(extra),
            cpu_seconds=params.reference_seconds, wall_seconds=params.reference_seconds + 5,
        )
    )  # fmt: skip
    spent, endless, kept = sum(prepared.call_steps), 0, []
    for j in (j for j in range(len(extra)) if j in run.calls):
        if allowance is not None and spent >= allowance:
            break  # prepare_on's reference run would not have made this call, nor the rest
        outcome, cost = run.calls[j]
        endless += outcome == oc.BUDGET_OUTCOME
        if outcome == oc.BUDGET_OUTCOME or (allowance is not None and spent + cost > allowance):
            continue
        kept.append(j)
        spent += cost
    first = len(prepared.fresh)
    calls = dict(reference.calls) | {first + n: run.calls[j] for n, j in enumerate(kept)}
    call_steps = [calls[i][1] for i in range(len(calls))]
    new_outcomes = [run.calls[j][0] for j in kept]
    raised = prepared.raised + endless + sum(not oc.returned_normally(o) for o in new_outcomes)
    return replace(
        prepared,
        fresh=prepared.fresh + [extra[j] for j in kept],
        reference=replace(reference, calls=calls, cpu=reference.cpu + run.cpu),
        reference_calls=prepared.reference_calls + new_outcomes,
        raised=raised,
        call_order=sorted(range(len(calls)), key=lambda i: call_steps[i]),
        call_steps=call_steps,
    )


def _witness_texts(prepared: Prepared, witnesses: tuple[int, ...]) -> tuple[str, ...]:
    """The witness calls as text; one that cannot be written (no literal) is left out, never fatal."""
    texts = []
    for index in witnesses:
        try:
            texts.append(prepared.fresh[index].render(prepared.call_name))
        except (ValueError, RecursionError):
            continue
    return tuple(texts)


def _candidate_asserts(
    problem: Problem,
    params: AuditParams,
    prepared: Prepared,
    survivors: list[Survivor],
    verdicts: list[Verdict],
) -> list[CandidateAssert]:
    """One assert per witness input, written to check what the survivors get wrong there: the
    result, and the arguments' states too where a survivor differs in those."""
    texts: dict[str, int] = {}
    for index in sorted({i for verdict in verdicts for i in verdict.witnesses}):
        expected = prepared.reference_calls[index]
        if expected[0] != "value":
            continue
        check_arguments = not problem.checks and any(  # EvalPlus's tests see results only
            not oc.same_arguments(verdict.outcomes[index], expected)
            for verdict in verdicts
            if index in verdict.outcomes
        )
        call = prepared.fresh[index]
        text = assert_text(call, prepared.call_name, expected, check_arguments)
        if text is not None and text not in texts:
            texts[text] = len(call.render(""))
    if not texts:
        return []
    gated = gate_asserts(problem, prepared.entry, [s.source for s in survivors], list(texts), params)
    return order_candidates(
        [GatedText(t, texts[t], passes, kills) for t, (passes, kills) in zip(texts, gated)],
        len(survivors),
        params.max_asserts,
    )


def gate_asserts(
    problem: Problem,
    entry: str,
    survivor_sources: list[str],
    texts: list[str],
    params: AuditParams,
) -> list[tuple[bool, frozenset[int]]]:
    """For each assert text: does the reference pass it, and which survivors does it reject?

    A survivor is rejected only where the assert, run as exported, fails on it. One that runs out
    of its step budget is given the confirmation allowance; if it still has not finished, it is
    not counted as rejected (a slow survivor is not a failing one)."""
    reference = _run_asserts(problem, entry, problem.reference, texts, None, params)
    passes = [reference[i].passed if i in reference else False for i in range(len(texts))]
    steps = [reference[i].steps if i in reference else 0 for i in range(len(texts))]
    kills: list[set[int]] = [set() for _ in texts]
    live = [i for i, ok in enumerate(passes) if ok]
    for survivor_index, source in enumerate(survivor_sources):
        pending = live
        for allowance in (params.budget_for, params.confirm_for):
            results = _run_asserts(
                problem,
                entry,
                source,
                [texts[i] for i in pending],
                [allowance(steps[i]) for i in pending],
                params,
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
    return [(passes[i], frozenset(kills[i])) for i in range(len(texts))]


def _run_asserts(
    problem: Problem,
    entry: str,
    program: str,
    texts: list[str],
    budgets: list[int] | None,
    params: AuditParams,
) -> dict[int, AssertRun]:
    """Run assert texts in one child; if it dies on one, that one stays unknown and the rest rerun."""
    results: dict[int, AssertRun] = {}
    pending = list(range(len(texts)))
    unlimited = budgets is None
    cpu = params.reference_seconds if unlimited else params.cpu_seconds
    if not unlimited:
        cpu = max(cpu, sum(budgets) / CONFIRM_STEPS_PER_SECOND)
    while pending:
        run = run_job(
            _base_job(
                problem, entry, params, mode="asserts", program=program, tests=[],
                asserts=[texts[i] for i in pending],
                assert_budgets=[None if unlimited else budgets[i] for i in pending],
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
