"""Plain data that crosses layers: problems in, audit results out.

Every result type here converts to a JSON-ready dict and back without loss, because the store
caches results and the app reopens them later: a field that did not survive the round trip would
silently change what a reviewer sees after a restart. ``tests/engine/test_model.py`` checks the round trip.
"""

from __future__ import annotations

import functools
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from .step_units import STEPS

# Bumped whenever a change to the engine can change a verdict, or what a reviewer is shown of one
# (the candidate asserts' flags and order): cached results made by another version are audited
# again, never shown as if this engine had judged them.
# 4: verdicts round two and contract-v2 inputs, each alone; 5: both; 6: flags from coverage,
# edits and the task's text, repeats of the problem's own tests ranked last; 7: no kind or answer
# flag on a value the task's text states; 8: order and stated-precondition flags; 9: a red-team
# pass (raises forbidden or shown by more forms, a run-out where a raise is the answer, int
# answers exact, the candidate's stack, entries bound to functions, complex draws, the entry
# before its arguments' constructors, async generators drained, coroutines on virtual time,
# static and class methods as entries, names a test binds to literals); 10: a Counter's own ==,
# identity masked, messages where tests read them; 11: the third red-team pass (raises reached
# through bound names and matched by subclass, chains through a bound name, coroutines at a
# chain's end, entries bound to methods or instances or under an if, tests that do not compile,
# a raising setup, prints on every call, nested floats, ranges and dict views); 12: state the
# tests read (an object's attributes after their calls on it, module data after a call); 13:
# each candidate assert gated from a fresh load, no print under `if __name__ == "__main__":`;
# 14: entries bound to an instance whose __call__ is inherited, or to a partial of a method;
# 15: or to a method named by getattr; 16: round six (chains through setUp, objects acting on
# each other, test classes and functions run as a runner runs them, module state by attribute or
# whole, floats in containers, tuples of expected exceptions, calls in literal loops, candidate
# code compiled without the runner's __future__ imports); 17: round seven (pytest fixtures the
# tests define, names bound per scope and per binding, KodCode's test classes, the callable form
# of raises checks, checkers handed the entry, arguments a chain's method changes in place, the
# setup's makers, IntEnum and OrderedDict/Counter equality); 18: the harness floor at 2,000,000
# steps, with a proof that a loop never ends sparing its confirmation; 19: the floor at 4,000,000
# (the proof reads text joined, floats that come back, the math module), module state read
# through a getter of the reference's own (``total()``) after a call; 20: tests wanting pytest's
# capsys, tmp_path, monkeypatch or a fixture with params are run; 21: operators and protocols
# the tests use on objects of the reference's classes are steps of their chains; arguments divided
# from literals (``1.0/3``) are literals, and so are objects made in a list the tests pass; 22:
# arguments made by a standard-library value type (``Decimal('20')``, ``date(...)``, ``range(5)``),
# a look at an object (``str(t)``, ``isinstance``, ``print``) no longer stops its uses being replayed,
# a statement the test expects to raise keeps its answer, a field read keeps the whole result, a
# function handed to ``assertRaises`` is the entry, and a mutant's load gets a harness's allowance;
# 23: raise guards on methods and between two arguments are aimed at, and a chain's literals too;
# a literal stored to an object's attribute (a property's setter) or item is a step of its uses; a
# class built as the expected value is not the entry, nor is one a namedtuple call makes; an Enum
# member passed is drawn as another member, and a plain Enum's member is compared by which it is;
# a call with nothing to draw is its own witness where the tests read part of it; a text literal
# two calls on an object share is kept shared in every other draw; a numeral is any numeral; a
# call through a table of the reference's functions (``OPS['add'](2, 3)``) names its entry;
# 24: the default attack meets the constants the reference compares with (``boundary_calls``),
# named ones too (``LIMIT = 100``), and lengths; a raise guard's every pair of arguments meets
# early, and an object is made with fewer calls on it; a method's argument the entry class makes
# is drawn with its chain; where the reference memoizes, calls are made a second time; two
# values compared by name meet by default; 25: inputs keep what the task's text states of them
# (ranges said in words too); an input whose answer is a random draw is no witness; a cache a
# class or an object keeps is asked twice; on a reference that keeps state, asserts are written
# and gated after the visible tests; each boundary value gets one input before any a second;
# 26: a number inside a text is met where the reference slices it out, and in a list of texts; a
# text holding digits may hold any digit; an arithmetic of the arguments meets its compared
# constant, and a list's total its; two items compared meet where an item is repeated (on a
# budget of their own); the text's parity of a parameter is its domain; the deep attack also
# makes a comparison's other partners, ``/`` and ``//``, text literals and raised types; a raised
# type the text names is its own answer where the tests catch it together with another; 27: a
# call that passes nothing is its own witness where the tests compare its whole result; the deep
# attack also makes ``+`` and ``*`` both ways, a dropped negation or operand, ``None`` to ``0``,
# a method's twin, an exception class's base and deleted stores and rebindings; 28: a clamp of a
# parameter is crossed like a raise guard; the deep attack grows each list by one item, meets a
# rounding tie at the places the reference rounds to, and makes a standard-library option's twin;
# a flat draw that makes no standard-library value takes no place; one square grid is no rule; a
# message the tests read for words is judged by those words; a remainder's divisor the reference
# computes with is a boundary of the default attack; a rule of the text the tests cross expecting
# a raise is no promise; the text lifts learned rules where it speaks of empty, repeated or
# signed inputs; a square grid grows into a square; built-in and lambda callbacks the tests pass
# are kept as written; an async helper of the test is read in place; the deep attack aims at
# padded texts, floats, x and -x ties and undecodable bytes, swaps a grid's dimensions and a
# positional option; 30: a raise's state (a SystemExit's status, a benchmark exception's
# attributes) is part of it, and where the tests expect raises each visible call is a witness;
# an item of a result the test calls is called; an entry a factory makes is found; the default
# attack takes the inputs the text speaks of; the text's case, white space, line ends, floor of
# 0 and relations between arguments; slow is not wrong on a fresh input up to 10,000,000 steps;
# the deep attack drops captured defaults and normalizing calls, splits at a space alone, loops
# until equal and moves a range's bound. 31: both attacks pass a default no test overrides
# (keyword-only, or the returned closure's) and keywords in the other order; where the text
# speaks of them, words tied on their length and a sub-text overlapping itself; a dict in the
# other order; the deep attack makes `sorted` a `list` and drops a unary plus; a generator's
# return value is part of what it shows; the calls a test makes before the one it checks are
# made with it, and the entry is the function whose answer the test uses; the text's odd
# lengths, powers of two, multiples and 'for' ranges are the domain; 'in any order' compares a
# list as a bag, and 'any one of them' makes a tie-only mutant no broken solution; a message
# the text fixes is judged whole; a doubled object's second round takes other ints; bytearray
# arguments are drawn; a type guard is crossed with values of other types; a setup's helper
# handed the entry and its arguments reads as the call it makes; format() is a protocol step;
# a class's data stored anew is state; a handler reading type(e) alone reads no message;
# 'upper or lower case' lifts case, one letter takes the other case; a running best by any key.
# 32: the text's own example calls are inputs; a sign said of several unnamed ints, a list's
# sum's parity, a divisibility, distinct neighbours and decimal places are the domain; a
# tolerance the text states is the oracle's and the asserts'; more words free a tie; a method
# or function the text names and no test calls is called; a read before the last write, a call
# before its setup, a call moving module state twice; an attribute read is no message read;
# four other seeds tell a random draw; raw bytes take any byte; keywords are aimed at; the deep
# attack writes a name as its neighbour and drops a copy
# 33: a number in a line of words (``'Ann,34'``) takes any digits; a number parsed in base 16, 8
# or 2 is written in its base; a constant compared inside a branch is met first from the calls
# that take the branch; a one-item list where a search has a not-found answer or a position is
# read by a constant; a tested remainder's divisor; "xs is sorted in decreasing order", "acyclic"
# and a fine tie in more words are read; tests rejecting every mutant make a problem strong;
# asserts on kept state hold together; a parameter the text's signature leaves out is not
# passed; each other name the tests call for itself is an entry too; the deep attack drops a
# ``tuple(...)`` and a copy of an attribute or item; an assert pinning a search's not-found
# answer is flagged ``path``
# 34: a bound written as a power (``10**12``, ``10^3``) or with separators is read whole; each end
# of a range the text states of a whole-number parameter is an input; a remainder compared with
# constants is met a period on; a rounding to places takes numbers that are no integers where
# the text never says integers; a range of every item (``nums[i]``, "each item is between") is
# the domain; a survivor that only picks another of the tied candidates, where the text frees
# ties, is none; the deep attack drops a caching decorator; the reference has a harness's time
# at a range's ends, where trial division meets the largest prime below the top
# 35: the deep attack takes ``%`` and ``-`` for each other, cuts a text's last character and
# drops a Fraction or Decimal made of a value; one range of several parameters bounds each; the
# warnings a call emits are part of its answer where the tests watch for warnings; a call that
# passes nothing, on module state it moves, is made on past the tests' run; the deep attack puts
# a mark the reference strips, deletes or tests for into the texts and bytes it is given
# a text or bytes stream the tests pass (``io.StringIO()``) is drawn, and what is written to it
# (``getvalue()``) is an answer; a ``sys.stdout`` default is no printing
# text rules read: "whichever ... you like" frees a tie, "non-zero" items, "n <= 0" lifts the floor,
# "NaN" draws one; an entry bound to a literal's method; a bool where a guard refuses one; the
# reference's dict keys and compared texts, and a letter compared with ``==``, are drawn (deep)
# an attribute read only after every write is read between them; a dropped ``set()`` (deep);
# "count unique keys" says the input may hold repeats
# what the tests read of an object after its uses is read after every other test's uses too
# (deep) where the reference returns a copy of what it keeps, a result cleared by its caller;
# (deep) a call made after a ``with`` block the tests open ends
# 36: names bound by unpacking a factory's tuple are entries; a range of characters the text
# names ("a-z") puts its ends into texts; "for ints 0 <= e <= 10**12" is a stated range; a ``with``
# block on an object is entered and left as steps; what the tests read of such an object anywhere
# is read after its uses; (deep) a fallback dropped (``next(it, None)``), a warning's category
# swapped, a growing product's remainder left out, a space doubled where ``split()`` runs, and
# an f-string format spec's numbers moved; a table a registering decorator fills names entries, and
# a mutant whose entry is no longer callable is judged by its tests and calls; two spaces in a row
# only where the text speaks of white space, none where it says single spaces; (deep) ``.date()``
# and ``Decimal(repr(x))``'s text dropped; a compile error is the program's; a ``SimpleNamespace``'s
# functions are entries; "different lengths" lifts the one-length rule; a lambda's numbers drawn;
# a witness written as far as the answer went
# 37: names a module-level loop binds through ``globals()`` are entries; a function the text names
# that no test and no other code calls is audited on a sibling's calls; a clause on several
# parameters states a precondition, and a relation a "for" opens is kept; whole numbers written
# out are drawn as numbers; by default a match's literal cases, items compared by index, a loop's
# first value, the characters a range test ends on, an arithmetic bound to a name and the texts a
# table is keyed by are met; a reference's failure carries its message; a test defining the entry
# first excludes the problem; a lookup ``globals()['f']`` is an alias and an answer's "for" range
# a case; an object the setup makes is read; lists of one sum keep it; a private attribute
# ``__eq__`` never reads is no state; an object asked if empty is drawn with fewer uses
# 38: a base class the text names and no test makes is audited on its subclass's calls; a special
# number written out is made its neighbour (`'NaN'` to `'sNaN'`), and a chain on a standard-library value
# is not replayed: the whole value is the answer; a format spec's zero flag is dropped alone; a raise
# from something keeps its context hidden (drop-raise-cause); "of any size" draws ints past 2 ** 53; a
# parameter the text says is a multiple of a number is drawn only so; an input the text says comes in
# any order is drawn out of order; where ties keep the order given, records are drawn tied; a
# reference class the tests only derive from is the entry; a parameter passed to a call is
# swapped for its sibling (parameter-twin); a bare failed assert of the reference says what it
# compared; bytes keep one length as lists do; a memoized call is made again after one other;
# what iterating an object of a sequence class yields is part of what it shows
# 39: the deep attack's other arithmetic makes a product a power (``x * k`` as ``x ** k``); a
# keyword argument is left out (drop-keyword); a range written with two dots bounds its
# parameter, and an aside opening with an article speaks of the word before it
ENGINE_VERSION = 39


@dataclass(frozen=True)
class Problem:
    """One benchmark problem, in the shape the audit needs.

    ``tests`` are the visible asserts (each a source string run in order in one namespace);
    ``hidden`` are held-out asserts whose calls only add answer-key inputs; ``call_alias`` is the
    name the tests call the solution by (HumanEval's ``candidate``).
    """

    id: str
    reference: str
    tests: tuple[str, ...]
    entry: str | None = None
    setup: str = ""
    hidden: tuple[str, ...] = ()
    call_alias: str | None = None
    harvest: tuple[str, ...] | None = None
    prompt: str = ""
    # EvalPlus-style differential tests: argument tuples as Python literals (tuples and sets
    # survive, unlike JSON), judged against the reference's own results within ``atol``.
    checks: tuple[str, ...] = ()
    atol: float = 0.0
    # The program whose results are the checks' expected values, when it is not ``reference``
    # (EvalPlus's canonical solution while auditing the original benchmark's reference); without
    # checks (``check --plus-data``), a fixed reference the ``reference`` flag judges asserts by.
    check_reference: str = ""
    # The benchmark's written preconditions (EvalPlus's ``contract`` lines), put back at the top
    # of the entry to refuse the inputs the task excludes (``audit.written_contract``).
    contract: str = ""
    # The fixed reference's own written contract (``check --plus-data``): read by the
    # ``reference`` flag only; unlike ``contract`` it does not shape the inputs, so the verdicts
    # stay those of the benchmark as published.
    check_contract: str = ""

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["tests"] = list(self.tests)
        data["hidden"] = list(self.hidden)
        data["harvest"] = None if self.harvest is None else list(self.harvest)
        data["checks"] = list(self.checks)
        _drop_defaults(data, self)
        return data

    def canonical_json(self) -> str:
        """``json.dumps(self.to_dict(), sort_keys=True)`` (tuples dump as lists), without
        ``asdict``'s deep copy, which costs many times as much: the benchmark's fingerprint and
        every cache key are made from it, once per problem, on every open of a 10^5-problem
        benchmark. ``tests/engine/test_model.py`` holds the two equal."""
        data = dict(vars(self))
        _drop_defaults(data, self)
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Problem:
        harvest = data.get("harvest")
        return cls(
            id=str(data["id"]),
            reference=data["reference"],
            tests=tuple(data["tests"]),
            entry=data.get("entry"),
            setup=data.get("setup") or "",
            hidden=tuple(data.get("hidden") or ()),
            call_alias=data.get("call_alias"),
            harvest=None if harvest is None else tuple(harvest),
            prompt=data.get("prompt") or "",
            checks=tuple(data.get("checks") or ()),
            atol=float(data.get("atol") or 0.0),
            check_reference=data.get("check_reference") or "",
            contract=data.get("contract") or "",
            check_contract=data.get("check_contract") or "",
        )


def _drop_defaults(data: dict[str, Any], problem: Problem) -> None:
    """Keep the plain JSONL format (and so every fingerprint and cache key made before) for
    problems without checks, a contract or a fixed reference: their fields are left out at
    their defaults."""
    if not problem.checks:
        del data["checks"], data["atol"]
        if not problem.check_reference:
            del data["check_reference"]
    if not problem.contract:
        del data["contract"]
    if not problem.check_contract:
        del data["check_contract"]


@dataclass(frozen=True)
class AuditParams:
    """Engine settings. Two audits with equal params and equal problems give equal results."""

    mutants: int = 24
    fresh_inputs: int = 8
    seed: int = 0
    # "contract-v2": the domain, relations between arguments and a benchmark's written contract;
    # "contract": the v1 method (published figures, field by field); "free": no rules
    inputs: str = "contract-v2"
    oracle: str = "eq"  # "eq": compare as the tests do; "repr": the published tool's oracle
    # Absolute step amounts are in the counter's unit (``step_units.py``): its table's values.
    step_floor: int = STEPS.step_floor
    step_factor: int = 10
    reference_fresh_floor: int = STEPS.reference_fresh_floor
    reference_fresh_factor: int = 2
    cpu_seconds: float = 1.0
    memory_mb: int = 1024
    reference_seconds: float = 60.0
    max_asserts: int = 12
    slow_factor: int = 100
    # A harness's time limit, in steps. Every harness we know allows at least 1 s (EvalPlus:
    # max(1 s, 4 x the reference's time)), so a mutant that returns within it is slow, never
    # wrong, however much slower than the reference it is. Steps, not seconds: the same verdict
    # on any machine. Its price sets it lower than a harness's: these steps are some 150 to 500
    # ms of plain Python (``bench/floor_pace.py``: 15 to 50 ms a million), and each mutant that
    # loops forever on a fresh input after passing every visible test pays them, unless the loop
    # is proved never to end (``sandbox/never_ends``). On a visible test, which every looping
    # mutant meets, the floor is lower (``test_confirm_for``).
    harness_steps: int = STEPS.harness_steps
    attack: str = "sample"  # or "deep" (engine/attack.py)

    def budget_for(self, reference_steps: int) -> int:
        """A mutant's step budget where the reference needed ``reference_steps``."""
        return max(self.step_floor, self.step_factor * reference_steps)

    def confirm_for(self, reference_steps: int) -> int:
        """How many steps a mutant that ran out of its budget on a fresh input (or an assert's
        call, or its load) gets before "it did not return" is evidence: ``slow_factor`` times the
        reference's own steps (10x the budget), and never less than ``harness_steps``, what a
        harness's time limit allows. A mutant that returns the right answer within this is slow,
        not wrong (the twenty-first pass: a memo dropped, exponential but done in 0.06 to 0.14 s,
        was "broken" at 4,000,000 steps)."""
        return max(self.harness_steps, self.slow_factor * reference_steps)

    def test_confirm_for(self, reference_steps: int) -> int:
        """How many steps a mutant that ran out of its budget on a visible test (or check) gets
        before it counts as failing it: a multiple of the reference's time (EvalPlus: 4x; the
        budget already gives 10x), and never less than ``STEPS.test_harness_steps`` (nor than
        ``harness_steps`` where that is lower). Lower than a fresh input's floor: every mutant
        that loops meets a visible test, and pays its floor there; a correct mutant slower than it
        on a visible test only counts as rejected, which moves no verdict unless it is also wrong
        elsewhere. Not 100x: a looping mutant would pay a hundred times a whole test suite
        (HumanEval's ``check``) for nothing any harness would grant."""
        return max(min(self.harness_steps, STEPS.test_harness_steps), self.budget_for(reference_steps))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> AuditParams:
        return cls(**data)


@dataclass(frozen=True)
class Survivor:
    """A broken mutant that passes every visible test, with the place it was changed."""

    kind: str
    line: int
    before: str
    after: str
    source: str
    witnesses: tuple[str, ...] = ()  # call texts on which it differs from the reference

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["witnesses"] = list(self.witnesses)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Survivor:
        return _frozen(
            cls,
            kind=data["kind"],
            line=data["line"],
            before=data["before"],
            after=data["after"],
            source=data["source"],
            witnesses=tuple(data.get("witnesses", ())),
        )


@dataclass(frozen=True)
class CandidateAssert:
    """An assert text, executed as-is against the reference and every survivor.

    ``flags`` are reasons a maintainer might reject it as written ("kind: ...", "reference: ...";
    ``audit.flags``); ``extra`` marks one outside the covering set (it rejects no survivor that
    the asserts before it leave). Both are left out of the dict at their defaults, so reports of
    the v1 method, which sets neither, reproduce field by field."""

    text: str
    passes_reference: bool
    kills: tuple[int, ...]  # indexes into ProblemResult.survivors
    flags: tuple[str, ...] = ()
    extra: bool = False

    @property
    def flagged(self) -> bool:
        return bool(self.flags)

    def to_dict(self) -> dict[str, Any]:
        data = {"text": self.text, "passes_reference": self.passes_reference, "kills": list(self.kills)}
        if self.flags:
            data["flags"] = list(self.flags)
        if self.extra:
            data["extra"] = True
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CandidateAssert:
        passes = bool(data["passes_reference"])
        return _frozen(
            cls,
            text=data["text"],
            passes_reference=passes,
            kills=tuple(data["kills"]),
            flags=tuple(data.get("flags", ())),
            extra=bool(data.get("extra", False)),
        )


@dataclass(frozen=True)
class KindCount:
    built: int = 0
    broken: int = 0
    survived: int = 0


@dataclass(frozen=True)
class ProblemResult:
    """The verdict on one problem. ``status`` is "ok" or "excluded:<reason>"."""

    id: str
    status: str
    detail: str = ""
    entry: str | None = None
    n_mutants: int = 0
    n_equivalent: int = 0
    n_broken: int = 0
    n_survived: int = 0
    n_truncated: int = 0
    n_slow: int = 0  # equivalent mutants that ran out of their budget somewhere, yet were right
    n_fresh: int = 0
    reference_raised: int = 0
    kinds: dict[str, KindCount] = field(default_factory=dict)
    survivors: tuple[Survivor, ...] = ()
    asserts: tuple[CandidateAssert, ...] = ()
    seconds: float = 0.0

    @property
    def judged(self) -> bool:
        return self.status == "ok"

    @property
    def weak(self) -> bool:
        return self.judged and self.n_survived > 0

    @property
    def unsure(self) -> bool:
        """Weak, but every candidate assert is flagged: it needs judgement ("weak?")."""
        return self.weak and bool(self.asserts) and all(a.flags for a in self.asserts)

    @property
    def exclusion(self) -> str | None:
        return self.status.split(":", 1)[1] if self.status.startswith("excluded:") else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "status": self.status,
            "detail": self.detail,
            "entry": self.entry,
            "n_mutants": self.n_mutants,
            "n_equivalent": self.n_equivalent,
            "n_broken": self.n_broken,
            "n_survived": self.n_survived,
            "n_truncated": self.n_truncated,
            "n_slow": self.n_slow,
            "n_fresh": self.n_fresh,
            "reference_raised": self.reference_raised,
            "kinds": {kind: asdict(count) for kind, count in self.kinds.items()},
            "survivors": [s.to_dict() for s in self.survivors],
            "asserts": [a.to_dict() for a in self.asserts],
            "seconds": self.seconds,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ProblemResult:
        """The result ``to_dict`` wrote. Built without the frozen dataclass's ``__init__`` (one
        guarded ``object.__setattr__`` per field): the app builds 10^5 of these on a reopen, and
        that ``__init__`` and ``KindCount``'s were most of each one's cost. ``tests/engine/test_model.py``
        holds the two ways equal, defaults included."""
        kinds = data.get("kinds", {})
        return _frozen(
            cls,
            id=str(data["id"]),
            status=data["status"],
            detail=data.get("detail", ""),
            entry=data.get("entry"),
            n_mutants=data["n_mutants"],
            n_equivalent=data.get("n_equivalent", 0),
            n_broken=data["n_broken"],
            n_survived=data["n_survived"],
            n_truncated=data.get("n_truncated", 0),
            n_slow=data.get("n_slow", 0),
            n_fresh=data.get("n_fresh", 0),
            reference_raised=data.get("reference_raised", 0),
            kinds={k: _kind_count(**v) for k, v in kinds.items()},
            survivors=tuple(Survivor.from_dict(s) for s in data.get("survivors", ())),
            asserts=tuple(CandidateAssert.from_dict(a) for a in data.get("asserts", ())),
            seconds=data.get("seconds", 0.0),
        )


def _frozen(cls: type, **values: Any) -> Any:
    """An instance of the frozen dataclass ``cls`` holding ``values`` (every field, none other),
    as its ``__init__`` would make it, when it has no ``__post_init__``."""
    instance = object.__new__(cls)
    instance.__dict__.update(values)
    return instance


@functools.lru_cache(maxsize=4096)
def _kind_count(**counts: int) -> KindCount:
    """Frozen, so one instance serves every result with the same counts (most share a few)."""
    return KindCount(**counts)
