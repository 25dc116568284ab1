"""Running one candidate inside a sandboxed child: what to run, in which order, and what to send back.

``lanes.py`` and ``processes.py`` isolate the children (fork, limits, clean-state checks, kill and
reap); this module is
the audit policy that runs inside them. What could make a verdict wrong here, and the defence:

- Machine load deciding outcomes: every call runs under a deterministic *step budget* (a count of
  events: ``steps.py``), so a looping mutant stops at the same point on any machine. The counter
  keeps raising once the budget is spent, so a bare ``except:`` cannot swallow it.
- Slow is not wrong: a mutant that runs out of its budget on a fresh input, and passes every
  visible test, is re-run there with a much larger allowance (``confirm_budgets``: a hundred times
  the reference's own steps, at least a harness's time limit), from the same state (a fresh
  namespace and the same earlier calls); one that then returns the reference's answer is SLOW on
  that input, not different. A visible test or check that runs out of its budget is confirmed
  the same way, with what a harness allows a test (its time limit, or the budget where that is
  larger), before it counts as failed (``confirm_budgets`` holds one allowance per fresh call,
  then per visible test, then per check): no harness fails a test for being slow.
- Run order and state: the reference and every mutant make the fresh calls in one namespace, in
  the same order, from a fresh load; the visible tests run in their own fresh namespace in the
  benchmark's order, as the benchmark runs them. ``random`` is reseeded at every load, so a
  candidate's place in a shared child cannot change what it draws.
- Only inputs where the reference returned normally tell a mutant apart: one that returns where
  the reference raises (a weakened input check) is not different there.
- Counting steps slows the reference on a very costly test: past ``Job.count_tests_until`` steps
  the test finishes uncounted and its steps are UNCOUNTED, never guessed; whatever needs them
  (the fresh budget's median, a mutant's budget: PENDING) has them counted exactly first.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import io
import marshal
import random
import sys
import time
import unittest
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from .. import outcome as oc
from ..observed import (
    BENCHMARK_MODULE,
    PRELUDE_PARTS,
    called_again,
    changed_by_caller,
    load_event_loop_for,
    made_entry,
    make_prelude,
    passed_arguments,
    prelude_split,
    read_after,
    replay,
    settled,
)
from .encoding import ChainRaises, catching, encoded, raised
from .failed_assert import compared_sides
from .jobs import INFECTED_NAME, Job
from .limits import confirmation_cpu
from .line_tracer import lines_traced
from .never_ends import PROGRAM_FILE, EndlessWatch, proved_endless
from .script_code import as_a_script, compiled, entry_in
from .steps import PENDING, UNCOUNTED, count_steps, median_steps, start_counter
from .wire import Channel

MODULE_NAME = BENCHMARK_MODULE  # not "__main__": `if __name__ == "__main__"` must not run

# ``count_until`` for a run that needs no count: the counter stops at its first step (a test run
# to learn what it does, not what it costs), and the rest runs at full speed
UNTRACED = 1

# Threat: a candidate that replaces ``sys.modules['random']`` or wraps ``marshal`` breaks or
# steers the runner's own seeding and argument copies in its child. Defence: the runner uses
# these, taken when the worker imported it, before any benchmark code ran; the seed still
# reaches the ``random`` module benchmark code imports (the very same object, unless a candidate
# replaced it, and then ``clean.py`` ends the child after that job).
_RESEED = random.seed
_MODULES, _MODULE_TYPE = sys.modules, type(sys)  # the interpreter's own table, as imports use it
_DUMPS, _LOADS = marshal.dumps, marshal.loads


def _skips(error: BaseException) -> bool:
    """A test that skips itself (``pytest.skip()``, ``pytest.importorskip``, ``unittest.SkipTest``)."""
    return isinstance(error, unittest.SkipTest) or type(error).__name__ == "Skipped"


def _call_outcome(
    function,
    call: tuple[tuple, dict],
    budget: int | None,
    messages: bool = False,
    caught_as: tuple[str, ...] = (),
    after: tuple[dict, tuple[str, ...]] = ({}, ()),
    watch: EndlessWatch | None = None,
    on_raise: Callable | None = None,
    errors_too: bool = False,
    raise_reads: tuple[str, ...] = (),
    warns_too: bool = False,
    stdout_too: bool = True,
) -> tuple[Any, int]:
    """Call ``function`` on a fresh copy of ``call`` (its objects made in ``after``'s namespace);
    a returned iterator is drained and a returned coroutine driven to its end inside the step
    count, and the arguments' states after the call, and what it printed (as a test's
    ``redirect_stdout`` sees it), travel with the result; an escaped exception's message where
    ``messages``, its type as ``caught_as[0]`` where it is an instance of one of those
    (``encoding.raised``); with ``after``'s ``Oracle.reads``, the module data the tests read after it;
    ``on_raise``: what a use of the tests' chain answers where it raises (``encoding.ChainRaises``),
    and, where the tests expect raises and read module data after the call, the call itself: a
    raise is then an answer beside those reads (a call that changes the data, then raises, was
    one raise alike). ``errors_too``: what it writes to ``sys.stderr`` is part of what it printed
    (``Oracle.errors``). ``raise_reads``: the attributes of an escaped exception that count
    (``Oracle.raise_reads``). ``warns_too``: the categories it warns with, recorded as a test
    records them (every warning, each time), are part of what it printed (``Oracle.warns``);
    ``stdout_too`` False: its stdout is not (the reference's code never prints).
    Under a ``watch``, the call is watched for a loop that never ends instead (``count_steps``)."""
    args, kwargs, *rest = _LOADS(blob := _DUMPS(call))
    chain, before = prelude_split(rest)  # (``set_rate('EUR', 2)`` before ``to_usd(10, 'EUR')``)
    entry, named = made_entry(function, args, kwargs, chain, after[0], blob)  # ``norm(Point(3, 4))``

    def action() -> Any:
        make_prelude(before, after[0])
        value = entry(*args, **kwargs)
        if len(chain) == 1 and changed_by_caller(chain[0]):  # (its result cleared, the call made again,
            return called_again(entry, *_LOADS(blob)[:2], value)  # on arguments made afresh, as written)
        if chain:  # the tests' calls on a returned object or callable (observed.py)
            value = replay(value, *chain, maker=function, objects=named, on_raise=on_raise)
        value = settled(value)  # a coroutine awaited, an async iterator drained, as the tests do
        if oc.is_iterator(value):
            value = oc.drained(value)
        return value if chain else read_after(value, *after)

    def answered() -> Any:  # the raise is an answer, beside the module data read after it
        try:
            return action()
        except Exception as error:  # the step budget's stop is no Exception: it still ends the call
            return read_after(on_raise(error, 0), *after)  # type: ignore[misc]

    load_event_loop_for(function)
    printed, errors = io.StringIO(), (io.StringIO() if errors_too else None)
    shown, sys.stdout = sys.stdout, printed
    shown_errors = sys.stderr
    if errors is not None:
        sys.stderr = errors
    recording = warnings.catch_warnings(record=True) if warns_too else contextlib.nullcontext([])
    try:
        with recording as warned:
            if warns_too:
                warnings.simplefilter("always")
            expected_raise = getattr(on_raise, "raises", False)
            run = answered if expected_raise and after[1] and not chain else action
            value, steps, error, exceeded = count_steps(run, budget, watch=watch)
    finally:
        sys.stdout, sys.stderr = shown, shown_errors
    if exceeded:
        return oc.BUDGET_OUTCOME, steps
    if error is not None:
        return raised(error, messages, caught_as, raise_reads), steps
    text = printed.getvalue() if stdout_too else ""
    text += "" if errors is None else oc.ERRORS_MARK + errors.getvalue()
    text += oc.WARNINGS_MARK + "\n".join(w.category.__name__ for w in warned) if warns_too else ""
    return encoded(value, passed_arguments(args, kwargs, chain), text), steps


class _Candidate:
    """One program in the child: loads into fresh namespaces and runs what the job asks."""

    def __init__(self, job: Job, channel: Channel) -> None:
        self.job, self.channel = job, channel
        self.test_steps: list[int] = []
        self.load_steps = 0
        self.last_steps = 0  # the steps of the latest fresh call
        self.exceeded = False  # whether the latest visible test or check ran out of its budget
        self.code: tuple[Any, Any] | None = None  # the program and setup, compiled on first load
        self.watch: EndlessWatch | None = None  # its next test, check or call is watched, not counted

    def load(self) -> Any | None:
        """A fresh namespace holding the program (and setup), or None after reporting a failure."""
        job = self.job
        module = _MODULE_TYPE(MODULE_NAME)
        namespace: dict[str, Any] = module.__dict__
        namespace["__builtins__"] = __builtins__
        # Registered, as Python registers a script's module: ``dataclasses`` resolves a string
        # annotation, ``pickle`` a class, ``typing`` a forward reference through ``sys.modules``.
        _MODULES[MODULE_NAME] = module
        _RESEED(job.random_seed)  # a candidate's place in a shared child must not change its draws

        running = ["setup"]  # which part a raise came from: the setup fails every solution alike

        def run() -> None:
            program, setup = self._compiled(running)
            try:
                if setup is not None:
                    exec(setup, namespace)
            except NameError:  # setup that builds objects from the solution's classes (MBPP 367)
                running[0] = "program"
                exec(program, namespace)
                running[0] = "setup"
                exec(setup, namespace)
                return
            running[0] = "program"
            exec(program, namespace)

        _, steps, error, exceeded = count_steps(run, job.load_budget)
        said = job.mode == "reference"  # (an exclusion names what failed: "No module named 'numpy'")
        failure = oc.BUDGET_OUTCOME if exceeded else (oc.encode_raise(error, said) if error else None)
        function = entry_in(namespace, job.entry)
        # A mutant whose entry is no longer callable is judged by its tests and calls (each
        # raises), not refused at load: tests that reach the entry only through a table it fills
        # (``REGISTRY['square'](3)``) pass it, where the text says the name works too (the
        # twenty-seventh pass: a registering decorator's ``return cls`` made ``return None``).
        if failure is None and not callable(function) and job.mode != "mutant":
            failure = ("raise", "NameError")
            running[0] = "program"
        if failure is not None:
            self.channel.send(("load", failure, steps, running[0]))
            return None
        if job.alias:
            namespace[job.alias] = function
        self.load_steps = steps
        return namespace

    def _compiled(self, running: list[str]) -> tuple[Any, Any]:
        """The program and setup compiled once: a candidate may be loaded several times. Which
        part is compiled is kept in ``running``: a program that parses but does not compile
        (``global x`` after a use of ``x``) fails as itself, not as the setup (the thirtieth pass:
        a problem with no setup was excluded as one whose setup raises)."""
        if self.code is None:
            job = self.job
            running[0] = "program"
            program = as_a_script(job.program, PROGRAM_FILE)
            running[0] = "setup"
            self.code = (program, compiled(job.setup, "<setup>") if job.setup else None)
        return self.code

    def test(
        self, namespace: dict, index: int, count_until: int | None = None, budget: int | None = None
    ) -> bool:
        code = compiled(self.job.tests[index], f"<test {index}>")
        budget = budget or self.job.test_budgets[index]
        action = functools.partial(exec, code, namespace)
        _, steps, error, exceeded = count_steps(action, budget, count_until, self.watch)
        error = None if error is not None and _skips(error) else error  # skipped: checked nothing
        # (the reference's failure says what failed, where it has words: "name 'math' is not defined",
        # or what a bare assert compared: "square(3) is None, where the test expects 9")
        said = self.job.mode == "reference" and not isinstance(error, AssertionError)
        if self.job.mode == "reference" and isinstance(error, AssertionError) and not error.args:
            evaluate = self._evaluator(namespace, budget)
            compared = compared_sides(self.job.tests[index], f"<test {index}>", error, evaluate)
            error, said = (AssertionError(compared), True) if compared else (error, False)
        why = oc.BUDGET_OUTCOME if exceeded else (oc.encode_raise(error, said) if error else None)
        self.channel.send(("test", index, why is None, why, steps))
        self.test_steps.append(steps)
        self.exceeded = exceeded
        return why is None

    def _evaluator(self, namespace: dict, budget: int) -> Callable[[ast.expr], tuple[bool, Any]]:
        """Evaluates an expression of a test in its namespace, under ``budget`` steps: (whether it
        returned, its value)."""

        def evaluate(expression: ast.expr) -> tuple[bool, Any]:
            try:
                code = compile(ast.Expression(expression), "<compared>", "eval")
            except (SyntaxError, ValueError, TypeError):
                return False, None
            value, _, error, exceeded = count_steps(functools.partial(eval, code, namespace), budget)
            return error is None and not exceeded, value

        return evaluate

    def check(self, namespace: dict, index: int, budget: int | None = None) -> bool:
        job = self.job
        budget = budget or job.check_budgets[index]
        check = job.checks[index]
        result, steps = _call_outcome(
            entry_in(namespace, job.entry), check, budget, job.oracle.messages, watch=self.watch
        )
        reference = job.mode == "reference"
        passed = reference or oc.matches(result, job.reference_checks[index], job.atol, job.oracle.kind)
        self.channel.send(("check", index, passed, result if reference else None, steps))
        self.test_steps.append(steps)
        self.exceeded = result == oc.BUDGET_OUTCOME
        return passed

    def call(self, namespace: dict, index: int, budget: int | None) -> Any:
        job = self.job
        caught_as = catching(self._expected(index), job.oracle.caught)  # the answer is the raise
        if job.after_tests:  # where an exported assert makes it: after the visible tests
            namespace = self.after_tests(self.load()) or namespace
        elif job.oracle.reads or len(job.calls[index]) == PRELUDE_PARTS:  # module data the tests
            namespace = self.load() or namespace  # read, or the calls made before it, then hold this
            # call's work alone, as they do for an assert run from a fresh load
        call = (job.calls[index], budget, job.oracle.messages, caught_as, (namespace, job.oracle.reads))
        on_raise = self.on_raise(index)
        result, steps = _call_outcome(
            entry_in(namespace, job.entry),
            *call,
            watch=self.watch,
            on_raise=on_raise,
            errors_too=job.oracle.errors,
            raise_reads=job.oracle.raise_reads,
            warns_too=job.oracle.warns,
            stdout_too=job.oracle.prints or not job.oracle.warns,
        )
        self.channel.send(("call", index, result, steps))
        self.last_steps = steps
        return result

    def _expected(self, index: int, chained: bool = False) -> oc.Outcome:
        """The reference's outcome of call ``index`` where it is known (a mutant's job) and the
        tests expect raises (or, ``chained``, for its chain's refusal), else a blank one."""
        job = self.job
        wanted = job.oracle.raises or chained
        return job.reference_calls[index] if wanted and job.reference_calls else ("",)

    def on_raise(self, index: int) -> ChainRaises | None:
        """What a use of call ``index``'s chain answers where it raises: its type where the tests
        expect raises, the reference's refusal where they do not (``encoding.ChainRaises``);
        None for a call with no uses where no raise beside module reads is an answer (most)."""
        oracle = self.job.oracle
        with_uses = len(self.job.calls[index]) > 3 and bool(self.job.calls[index][3])
        if not (with_uses or (oracle.raises and oracle.reads)):
            return None
        return ChainRaises(self._expected(index, chained=True), oracle.caught, oracle.messages, oracle.raises)

    def after_tests(self, namespace: dict | None) -> dict | None:
        """A freshly loaded ``namespace`` as an exported assert finds it: after the visible tests,
        in order, where the program keeps state between calls (``Job.after_tests``; a patch
        appends its asserts to the tests). They run untraced; one that fails ends alone."""
        if namespace is not None and self.job.after_tests:
            for index in range(len(self.job.tests)):
                test = functools.partial(exec, compiled(self.job.tests[index], f"<test {index}>"), namespace)
                _quietly(functools.partial(count_steps, test, None, UNTRACED))
        return namespace

    def asserts(self, namespace: dict | None) -> None:
        """Each assert from a fresh load: any may be accepted alone, so none may use another's
        state. One given a confirmation allowance that is proved never to end fails it unpaid."""
        job = self.job
        window = functools.partial(_confirmation_window, self)
        for index in range(len(job.asserts)):
            if (namespace := self.after_tests(namespace if index == 0 else self.load())) is None:
                return
            reach = job.assert_reach[index] if index < len(job.assert_reach) else None
            budget = job.assert_budgets[index]
            attempt = functools.partial(_assert_run, index=index)
            if budget is None or proved_endless(self, reach, budget, attempt, window) is None:
                _assert_run(self, index, namespace)


def _assert_run(candidate: _Candidate, index: int, namespace: dict | None = None) -> bool:
    """Run assert ``index`` in ``namespace`` (a fresh load where none is given, after the visible
    tests where the job asks) and report it."""
    if namespace is None and (namespace := candidate.after_tests(candidate.load())) is None:
        return False
    job = candidate.job
    action = functools.partial(exec, as_a_script(job.asserts[index], f"<assert {index}>"), namespace)
    _, steps, error, exceeded = count_steps(action, job.assert_budgets[index], watch=candidate.watch)
    candidate.channel.send(("assert", index, error is None and not exceeded, steps, exceeded))
    return True


def run_candidate(job: Job, channel: Channel) -> None:
    """Run ``job`` and send its records; always ends with a "done" record, with the job's CPU time."""
    started = time.process_time()  # a child may have run other jobs before this one
    start_counter()  # once per child: later calls find it started and guarded
    candidate = _Candidate(job, channel)
    namespace = candidate.load()
    if namespace is not None:
        channel.send(("load", None, candidate.load_steps))
        _PLANS[job.mode](candidate, namespace)
    _MODULES.pop(MODULE_NAME, None)  # the next job, another candidate, finds none of it
    channel.send(("done", time.process_time() - started))


def _reference_plan(candidate: _Candidate, namespace: dict) -> None:
    job = candidate.job
    _every_test(candidate, namespace, job.count_tests_until)
    if not job.calls:
        return
    budgets = list(job.call_budgets)
    if job.fresh_budget is not None:
        floor, factor = job.fresh_budget
        typical = median_steps(candidate.test_steps)
        if typical == UNCOUNTED:  # the fresh budget needs it exactly: the tests again, counted
            namespace = candidate.load()
            if namespace is None:
                return
            candidate.test_steps = []
            _every_test(candidate, namespace)
            typical = median_steps(candidate.test_steps)
        fresh = max(floor, factor * typical)  # (a budget the job gives a call itself stands)
        budgets = [fresh if given is None else given for given in job.call_budgets or [None] * len(job.calls)]
    calls_namespace = candidate.load()  # the fresh calls start from a fresh load, as a mutant's do
    if calls_namespace is None:
        return
    always, allowance = job.fresh_allowance or (len(job.calls), 0)
    affordable = 0  # the steps of the calls the audit will keep, as it counts them
    for index in job.call_order or range(len(job.calls)):
        if index >= always and affordable >= allowance:
            break
        got = candidate.call(calls_namespace, index, budgets[index])
        if got != oc.BUDGET_OUTCOME and (index < always or affordable + candidate.last_steps <= allowance):
            affordable += candidate.last_steps


def _every_test(candidate: _Candidate, namespace: dict, count_until: int | None = None) -> None:
    """The reference's visible tests, then its checks, in order, in one namespace."""
    for index in range(len(candidate.job.tests)):
        candidate.test(namespace, index, count_until)
    for index in range(len(candidate.job.checks)):
        candidate.check(namespace, index)


def _calls_plan(candidate: _Candidate, namespace: dict) -> None:
    job = candidate.job
    for index in job.call_order or range(len(job.calls)):
        candidate.call(namespace, index, job.call_budgets[index])


def _tests_plan(candidate: _Candidate, namespace: dict) -> None:
    _passes_tests(candidate)


def _checks_plan(candidate: _Candidate, namespace: dict) -> None:
    for index in range(len(candidate.job.checks)):
        if not candidate.check(namespace, index):
            break


def _asserts_plan(candidate: _Candidate, namespace: dict) -> None:
    candidate.asserts(namespace)


def _mutant_plan(candidate: _Candidate, namespace: dict) -> None:
    """Run only what decides the verdict, in the reference's order.

    Broken needs one fresh input where the mutant differs from a normal return of the reference;
    survival needs every visible test (then every check) to pass, from a fresh load; witnesses
    (for asserts) need the remaining fresh inputs of a survivor only. The verdict is the same as
    running everything.

    A call that runs out of its budget is confirmed (``_confirm_budget``) before it counts, when
    the verdict turns on it: for a mutant that passes every visible test. One that fails a visible
    test is rejected whatever the confirmation says, so it is not paid for (it only moves the
    mutant between the broken and equivalent counts, and it is counted broken, as before).
    """
    job = candidate.job
    order = list(job.call_order or range(len(job.calls)))
    budgets = list(job.call_budgets)
    passes_tests: bool | None = None  # unknown until needed
    broken = False
    position = 0
    while position < len(order) and not broken:
        index = order[position]
        expected = job.reference_calls[index]
        got = candidate.call(namespace, index, budgets[index])
        if got == oc.BUDGET_OUTCOME and _is_answer(job, expected):
            if passes_tests is None:
                passes_tests = _passes_tests(candidate)
            if not passes_tests:
                return
            namespace, got = _confirm_budget(candidate, order[:position], budgets, index)
            if namespace is None:
                return
        position += 1
        broken = job.oracle.differs(got, expected)
    if not broken:
        return
    if passes_tests is None and not _passes_tests(candidate):
        return
    for later in range(position, len(order)):
        index = order[later]
        got = candidate.call(namespace, index, budgets[index])
        if got == oc.BUDGET_OUTCOME and _is_answer(job, job.reference_calls[index]):
            namespace, _ = _confirm_budget(candidate, order[:later], budgets, index)
            if namespace is None:
                return


def _is_answer(job: Job, expected: Any) -> bool:
    """Whether the reference's outcome is an answer a run-out call must be confirmed against: a
    normal return, or a raise where the tests show raises (``Oracle.differs``)."""
    return oc.returned_normally(expected) or (job.oracle.raises and expected[0] == "raise")


def _passes_tests(candidate: _Candidate) -> bool | None:
    """Every visible test, then every check, from a fresh load, until the first that fails.
    None, after a "pending" record, at a test whose budget is PENDING: the job ends there, and
    the audit runs it again once the reference's steps on that test are counted. One that ran out
    of its budget is confirmed (``_confirm_step``) before it counts as failed: at once, or, where
    the steps are independent (``Job.tests_independent``), once every other step has passed. One
    the mutant would run exactly as the reference does (``Job.unchanged_steps``) passes unrun."""
    job = candidate.job
    namespace = candidate.load()
    if namespace is None:
        return False
    steps = _tests_then_checks(job)
    deferred: list[tuple[str, int]] = []
    for position, (kind, index) in enumerate(steps):
        if (kind, index) in job.unchanged_steps:  # run as the reference runs it, which passes
            candidate.channel.send((kind, index, True, None, UNCOUNTED))
            continue
        if kind == "test" and job.test_budgets[index] == PENDING:
            candidate.channel.send(("pending", index))
            return None
        passed = candidate.test(namespace, index) if kind == "test" else candidate.check(namespace, index)
        if not passed and candidate.exceeded and _cheaper_to_defer(job, steps[position:]):
            deferred.append((kind, index))
            continue
        if not passed and candidate.exceeded:  # independent steps need no earlier one replayed
            earlier = [] if job.tests_independent else steps[:position]
            namespace, passed = _confirm_step(candidate, earlier, kind, index)
        if not passed:
            return False
    # Independent steps: a mutant that fails another outright is rejected whatever these would
    # say, so a confirmation (up to a harness's time limit of steps) is paid for only where it
    # decides.
    return all(_confirm_step(candidate, [], kind, index)[1] for kind, index in deferred)


def _tests_then_checks(job: Job) -> list[tuple[str, int]]:
    """The visible tests in the job's order (else as written), then the checks, as (kind, index)."""
    steps = [("test", i) for i in job.test_order or range(len(job.tests))]
    return steps + [("check", i) for i in range(len(job.checks))]


def _step_budget(job: Job, kind: str, index: int) -> int | None:
    return job.test_budgets[index] if kind == "test" else job.check_budgets[index]


def _confirm_slot(job: Job, kind: str, index: int) -> int:
    """Where a visible test's (or check's) allowance sits in ``confirm_budgets``."""
    return len(job.calls) + (index if kind == "test" else len(job.tests) + index)


def _step_allowance(job: Job, kind: str, index: int) -> int | None:
    """The confirmation allowance of a visible test (or check) that ran out of its budget; None
    where it gets none: the job holds none for it, or no more than its budget (its failure stands)."""
    slot = _confirm_slot(job, kind, index)
    budget = _step_budget(job, kind, index)
    if slot >= len(job.confirm_budgets) or budget is None or job.confirm_budgets[slot] <= budget:
        return None
    return job.confirm_budgets[slot]


def _cheaper_to_defer(job: Job, steps: list[tuple[str, int]]) -> bool:
    """Whether the confirmation of ``steps[0]``, which ran out of its budget, can wait until the
    rest have run: they are independent of it (``Job.tests_independent``) and cost less than it
    could (a mutant that fails one of them outright is rejected without it)."""
    allowance = _step_allowance(job, *steps[0])
    if not job.tests_independent or allowance is None:
        return False
    rest = [_step_budget(job, kind, index) for kind, index in steps[1:]]
    return None not in rest and PENDING not in rest and sum(rest) < allowance


def _confirm_step(
    candidate: _Candidate, earlier: list[tuple[str, int]], kind: str, index: int
) -> tuple[dict | None, bool]:
    """Run visible test (or check) ``index`` again with its confirmation allowance, from the same
    state: a fresh load and the same earlier tests and checks, under their own budgets. A run
    proved never to end (``never_ends.proved_endless``) fails it without being paid for."""
    job = candidate.job
    allowance = _step_allowance(job, kind, index)
    if allowance is None:  # no more than it had: the failure stands
        return None, False

    def attempt(runner: _Candidate) -> tuple[dict | None, bool]:
        namespace = runner.load()
        if namespace is None:
            return None, False
        for earlier_kind, earlier_index in earlier:
            if earlier_kind == "test":
                code = compiled(job.tests[earlier_index], f"<test {earlier_index}>")
                count_steps(functools.partial(exec, code, namespace), job.test_budgets[earlier_index])
            else:
                check, check_budget = job.checks[earlier_index], job.check_budgets[earlier_index]
                _call_outcome(entry_in(namespace, job.entry), check, check_budget)
        run = runner.test if kind == "test" else runner.check
        return namespace, run(namespace, index, budget=allowance)

    replayed = sum(b or 0 for b in (_step_budget(job, k, i) for k, i in earlier))
    namespace, passed = _confirmed(candidate, _step_budget(job, kind, index), allowance, replayed, attempt)
    if passed:
        candidate.channel.send(("slow", _confirm_slot(job, kind, index)))
    return namespace, passed


def _confirmed(
    candidate: _Candidate,
    budget: int | None,
    allowance: int,
    replayed: int,
    attempt: Callable[[_Candidate], tuple],
) -> tuple:
    """``attempt``'s outcome with the confirmation ``allowance``, in its CPU window (for it and
    ``replayed`` steps of earlier work); unpaid where a watched run of it is proved never to end
    (``never_ends.proved_endless``), which reports as running out of the allowance does."""
    window = functools.partial(_confirmation_window, candidate)
    proved = proved_endless(candidate, budget, allowance, attempt, window, replayed)
    if proved is not None:
        return proved
    with window(allowance + replayed):
        return attempt(candidate)


@contextlib.contextmanager
def _confirmation_window(candidate: _Candidate, steps: int) -> Iterator[None]:
    """The CPU time of a confirmation run of ``steps`` (``limits.confirmation_cpu``), and as much
    again on the worker's wall clock."""
    with confirmation_cpu(steps) as seconds:
        candidate.channel.send(("extend", seconds))
        yield


def _confirm_budget(
    candidate: _Candidate, earlier: list[int], budgets: list[int | None], index: int
) -> tuple[dict | None, Any]:
    """Re-run call ``index`` with its confirmation allowance, from the same state: a fresh load and
    the same earlier calls. A slow call's larger allowance is kept for later replays; a run proved
    never to end (``never_ends.proved_endless``) did not return, without being paid for."""
    job = candidate.job
    allowance = job.confirm_budgets[index]

    def attempt(runner: _Candidate) -> tuple[dict | None, Any]:
        namespace = runner.load()
        if namespace is None:
            return None, None
        for i in earlier:  # the namespace: an argument made in place (``observed.made``) needs it
            entry = entry_in(namespace, job.entry)
            _call_outcome(
                entry, job.calls[i], budgets[i], after=(namespace, ()), on_raise=runner.on_raise(i),
                warns_too=job.oracle.warns,
            )  # fmt: skip
        return namespace, runner.call(namespace, index, allowance)

    namespace, got = _confirmed(
        candidate, budgets[index], allowance, sum(budgets[i] or 0 for i in earlier), attempt
    )
    if got != oc.BUDGET_OUTCOME and job.oracle.same(got, job.reference_calls[index]):
        candidate.channel.send(("slow", index))
        budgets[index] = allowance
    return namespace, got


def _lines_plan(candidate: _Candidate, namespace: dict) -> None:
    """The program's lines that the visible tests and checks run, together (one namespace, in
    order, as the reference plan runs them), then those each assert text runs (from a fresh
    load): the coverage the audit's ``path`` flag reads. Threats: benchmark code that switches
    the tracer off would hide lines it ran, so ``sys.settrace`` is a no-op meanwhile; a test that
    raises still counts the lines it ran. No step budget: only the reference runs here, on its
    own tests, and the job's CPU limit is the backstop (an incomplete run is no coverage)."""
    job = candidate.job
    with lines_traced(PROGRAM_FILE) as seen:
        for index in range(len(job.tests)):
            _quietly(functools.partial(exec, compiled(job.tests[index], f"<test {index}>"), namespace))
        for index in range(len(job.checks)):  # argument tuples: the reference's lines are all we need
            args, kwargs, *_ = _LOADS(_DUMPS(job.checks[index]))
            _quietly(functools.partial(entry_in(namespace, job.entry), *args, **kwargs))
    candidate.channel.send(("lines", None, tuple(sorted(seen))))
    if not job.asserts:
        return
    namespace = candidate.load()
    if namespace is None:
        return
    for index, text in enumerate(job.asserts):
        with lines_traced(PROGRAM_FILE) as seen:
            _quietly(functools.partial(exec, as_a_script(text, f"<assert {index}>"), namespace))
        candidate.channel.send(("lines", index, tuple(sorted(seen))))


def _infection_plan(candidate: _Candidate, namespace: dict) -> None:
    """The probed reference (``audit/infection.py``) runs the visible tests in ``test_order``,
    untraced, then the checks, until the first that fails (a probe stops the run once every
    mutant's site has taken another value); then sends which did. A failed test or check means
    no mutant may be taken as unchanged there (the audit reads it so)."""
    infected = namespace.get(INFECTED_NAME)
    if not isinstance(infected, set):
        return
    for kind, index in _tests_then_checks(candidate.job):
        if kind == "test":
            passed = candidate.test(namespace, index, count_until=UNTRACED)
        else:
            passed = candidate.check(namespace, index)
        if not passed:
            break
    candidate.channel.send(("infected", tuple(sorted(infected))))


def _quietly(action: Callable[[], Any]) -> None:
    """Run ``action``; an exception it raises ends it, as a failing test ends, and nothing more."""
    try:
        action()
    except Exception:
        pass


_PLANS = {
    "reference": _reference_plan,
    "calls": _calls_plan,
    "mutant": _mutant_plan,
    "tests": _tests_plan,
    "checks": _checks_plan,
    "asserts": _asserts_plan,
    "lines": _lines_plan,
    "infection": _infection_plan,
}
