"""What a child is asked to run (``Job``) and what comes back from it (``Run``).

Both sides of the sandbox share these records: the worker builds jobs and reads runs; the child
(``runner.py``) reads jobs and sends the records a run is made from (``wire.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .. import outcome as oc

MODES = frozenset({"reference", "calls", "mutant", "tests", "checks", "asserts", "lines", "infection"})

RANDOM_SEED = 0  # ``random`` is seeded with this at every load, unless a job sets another

# "infection" mode: the program (the reference with probes at mutants' sites, ``audit/infection.py``)
# keeps in this module-level set the keys of the mutants whose site took another value
INFECTED_NAME = "__gameability_infected__"


@dataclass
class Job:
    """What one child does with one candidate program. ``mode`` is one of ``MODES``:

    - "reference": the visible tests and checks (a fresh namespace), then the fresh calls (another),
      each fresh call under ``fresh_budget`` (a looping input is dropped, not paid for by mutants);
    - "calls": the fresh calls alone, in the given order (the reference's answer key);
    - "mutant": only what decides the verdict (``mutant_plan``);
    - "tests": a mutant's visible tests and checks alone, as its verdict runs them, until the first
      that fails (does the visible suite reject it: ``verdict.rejected_by_tests``);
    - "checks": EvalPlus checks until the first that fails (confirmation);
    - "asserts": assert texts, each run as it will be exported;
    - "lines": which lines of the program the visible tests and checks run, together, then which
      each assert text runs (coverage, for the audit's ``path`` flag; no step budget: the job's
      CPU limit is its backstop);
    - "infection": the visible tests in ``test_order`` (untraced), then the checks, until the
      first that fails, with the program's probes recording which mutants' sites took another
      value there (``audit/infection.py``; no step budget: the CPU limit is its backstop).
    """

    mode: str
    program: str
    setup: str
    entry: str
    alias: str | None
    tests: list[str] = field(default_factory=list)
    calls: list[tuple[tuple, dict]] = field(default_factory=list)
    asserts: list[str] = field(default_factory=list)
    # Per-step budgets (None = unlimited, for the reference: it must never fail on our limits).
    load_budget: int | None = None
    test_budgets: list[int | None] = field(default_factory=list)
    call_budgets: list[int | None] = field(default_factory=list)
    confirm_budgets: list[int] = field(default_factory=list)  # mutant mode: "did it really not return?"
    assert_budgets: list[int | None] = field(default_factory=list)
    # asserts and calls modes: each assert (each call) from a fresh load after the visible tests
    # (``tests``), as a patch that appends it to them runs it, for a program that keeps state
    after_tests: bool = False
    # per assert given a confirmation allowance, the budget it ran out of first: how far a proof
    # that it never ends watches it (``never_ends.proved_endless``); none, no proof is tried
    assert_reach: list[int] = field(default_factory=list)
    reference_calls: list[Any] = field(default_factory=list)  # the answer key, for early stopping
    # Differential visible tests (EvalPlus): a mutant passes check i when its result on checks[i]
    # matches the reference's (EvalPlus's rule), as EvalPlus judges a solution.
    checks: list[tuple[tuple, dict]] = field(default_factory=list)
    check_budgets: list[int | None] = field(default_factory=list)
    reference_checks: list[Any] = field(default_factory=list)
    atol: float = 0.0
    # Reference mode: fresh calls get max(floor, factor x the median visible test's steps), so a
    # fresh input that sends the reference into a (near) endless loop, or costs far more than a
    # typical visible test, is dropped instead of being paid for by every mutant.
    fresh_budget: tuple[int, int] | None = None
    # Reference mode: (always, steps). Past the first ``always`` fresh calls, a call is made only
    # while the calls the audit can afford (``audit._within_step_allowance``) have cost fewer
    # than ``steps``: the rest would be dropped, so they are not computed.
    fresh_allowance: tuple[int, int] | None = None
    # Reference mode: a visible test is counted up to this many steps and finished untraced past
    # them (its steps are then UNCOUNTED): a test that costs the reference tens of millions of
    # steps passes its gate at full speed, and is counted exactly later only if a mutant needs
    # its budget (``audit.exact_test_steps``). None: count every step.
    count_tests_until: int | None = None
    # Mutant mode: the order the reference's answer key was made in (cheapest first), and the
    # order of the visible tests (cheapest first only where the order cannot change a result).
    call_order: list[int] = field(default_factory=list)
    test_order: list[int] = field(default_factory=list)
    # Mutant mode: the visible tests and checks give the same results in any order, so one that
    # runs out of its budget is confirmed only once every other has passed (``runner.py``).
    tests_independent: bool = False
    # Mutant mode: the visible tests ("test", i) and checks ("check", i) this mutant would run
    # exactly as the reference runs them (its site keeps the reference's values there:
    # ``audit/infection.py``); they pass without being run.
    unchanged_steps: frozenset[tuple[str, int]] = frozenset()
    oracle: oc.Oracle = field(default_factory=oc.Oracle)
    # ``random``'s seed at every load: another one asks whether the reference's answers are its
    # draws (``audit/reference.py``)
    random_seed: int = RANDOM_SEED
    cpu_seconds: float = 4.0
    wall_seconds: float = 10.0
    memory_mb: int = 1024

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown job mode {self.mode!r}; expected one of {sorted(MODES)}")


class AssertRun(NamedTuple):
    """One assert text's run: did it pass, in how many steps, and did it run out of its budget."""

    passed: bool
    steps: int
    exceeded: bool


@dataclass
class Run:
    """What came back from one child. ``complete`` is False when it was stopped or died."""

    complete: bool = False
    load: Any = None  # None when the program loaded, else an outcome
    load_steps: int = 0
    load_in_setup: bool = False  # the outcome in ``load`` came from the setup, not the program
    tests: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, why, steps)
    calls: dict[int, tuple[Any, int]] = field(default_factory=dict)  # i -> (outcome, steps)
    checks: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, outcome, steps)
    asserts: dict[int, AssertRun] = field(default_factory=dict)
    lines: tuple[int, ...] | None = None  # "lines" mode: the program's lines the visible tests ran
    assert_lines: dict[int, tuple[int, ...]] = field(default_factory=dict)  # and each assert ran
    slow: set[int] = field(default_factory=set)  # calls that returned the right answer, given time
    pending: set[int] = field(default_factory=set)  # tests it stopped at: their budgets were not known
    infected: tuple[int, ...] | None = None  # "infection" mode: the probes whose sites took another value
    endless: int = 0  # confirmations spared: their runs were proved never to end (``never_ends.py``)
    cpu: float = 0.0
    stopped: str = ""  # why an incomplete child ended
