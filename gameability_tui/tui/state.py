"""What the triage app knows and decides, apart from how it is drawn.

Every rule of the review lives here, so it reads, and is tested, without a screen: which
candidate asserts a problem has (generated, edited, probed), what a problem's status is, where
the next undecided assert is, which set ``A`` accepts, and how ``u`` walks back the history.

Threats to the review and what this module does about them:

- An assert accepted without being the one stored: a decision is written to the store first and
  only then to this state, and it records the exact text decided on (the edited one if edited).
- An edit judged by the original's kill set: a candidate's kills are always those the engine
  measured on the text shown in its row.
- A reviewer-made assert lost on restart: probe and edit candidates come from the store.
- "1 of 1" that reads the same for accepted and rejected: counts are kept per decision.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine.model import Problem, ProblemResult
from ..store import DecisionStore
from ..vocabulary import ACCEPTED, EDIT, PROBE, REJECTED, SKIPPED, Decision, StoredCandidate
from .own_tests import RUNS_PAST, TestRuns, repeated
from .survivor_judging import SurvivorChange, SurvivorJudging
from .table_view import CONFIRMED, FILTERS, NOT_CONFIRMED, NOT_COVERED, SORTS, TableView

GENERATED = "generated"

FIXED, PARTLY_FIXED, WEAK, STRONG, EXCLUDED = "fixed", "partly fixed", "weak", "strong", "excluded"
STRONG_BY_REVIEW = "strong by review"  # every survivor judged correct per the task, none rejected


@dataclass(frozen=True)
class Candidate:
    """One row of a problem's asserts, as the reviewer sees it now."""

    key: str  # the text decisions are stored under (the generated text, or the probe's own)
    text: str  # what is shown, decided on and exported
    passes_reference: bool
    kills: tuple[int, ...]  # survivors rejected by ``text`` (measured on it, never on the original)
    origin: str  # GENERATED or PROBE
    flags: tuple[str, ...] = ()  # the engine's reasons to doubt it (unedited generated asserts only)
    repeats: str = ""  # "visible" or "challenge": it repeats one of the problem's own tests

    @property
    def edited(self) -> bool:
        return self.text != self.key


@dataclass(frozen=True)
class Change:
    """One step of the undo history: a decision (and, for a re-opening edit, a candidate) before
    and after."""

    problem_id: str
    key: str
    before: Decision | None
    after: Decision | None
    candidate_before: StoredCandidate | None = None
    candidate_after: StoredCandidate | None = None


@dataclass(frozen=True)
class ReviewCounts:
    accepted: int = 0
    rejected: int = 0
    skipped: int = 0
    undecided: int = 0

    @property
    def total(self) -> int:
        return self.accepted + self.rejected + self.skipped + self.undecided

    def __add__(self, other: ReviewCounts) -> ReviewCounts:
        return ReviewCounts(
            self.accepted + other.accepted,
            self.rejected + other.rejected,
            self.skipped + other.skipped,
            self.undecided + other.undecided,
        )


@dataclass
class TriageState(SurvivorJudging, TableView):
    problems: dict[str, Problem]
    store: DecisionStore
    # EvalPlus tasks by our problem id, when weak problems are to be confirmed against them.
    confirm_with: dict[str, Problem] | None = None
    results: dict[str, ProblemResult] = field(default_factory=dict)
    confirmations: dict[str, list] = field(default_factory=dict)
    filter: str = FILTERS[0]
    sort: str = SORTS[0]

    def __post_init__(self) -> None:
        self.decisions: dict[tuple[str, str], Decision] = self.store.all_decisions()
        self.verdicts: dict[str, tuple[str, str]] = self.store.all_verdicts()
        self.load_survivor_verdicts()
        self.made: dict[tuple[str, str], StoredCandidate] = {
            (c.problem_id, c.key): c for c in self.store.all_candidates()
        }
        # Decisions already on disk are history too: after a restart, ``u`` takes back the latest.
        earlier = sorted(self.decisions.values(), key=lambda d: d.at)
        # Survivor verdicts too, in the order they were made among the decisions.
        steps = [(d.at, Change(d.problem_id, d.text, None, d)) for d in earlier]
        steps += [(v.at, SurvivorChange(v.problem_id, v.survivor, None, v)) for v in self.correct.values()]
        steps.sort(key=lambda step: step[0])
        self.history: list[list[Change | SurvivorChange]] = [[change] for _, change in steps]
        self._totals: ReviewCounts | None = None
        self._undecided_since = 0  # asserts of untouched problems added since ``_totals`` was read
        # Problems the reviewer has touched (a decision or an assert of theirs, ever): every other
        # problem's asserts are its generated ones, all undecided. Counting those without listing
        # them kept a reopen of 10^5 results from spending seconds on ``candidates``.
        self._touched: set[str] = {pid for pid, _ in self.decisions} | {pid for pid, _ in self.made}
        # Running counts for the status line: rescanning every result per streamed row would make
        # a long stream quadratic.
        self.judged = 0
        self.weak = 0
        # What the table's filters and orders read of each result, kept as results arrive: at
        # 10^5 rows, reading it from every result (property calls) made a key take a second.
        self._weak_ids: set[str] = set()
        self._excluded_ids: set[str] = set()
        self._rank: dict[str, tuple[bool, str]] = {}  # (not weak, exclusion or ""): the status order
        self._survived: dict[str, int] = {}
        self._with_asserts: set[str] = set()  # problems the audit suggested asserts for
        self.test_runs: dict[str, TestRuns] = {}  # the engine's answer on each problem's own tests
        # Survivors that run past the allowance on a generated assert: rejected by it, as a
        # harness rejects them (the audit's gate counts them as passing).
        self.runs_past: dict[tuple[str, str], frozenset[int]] = {}

    # ------------------------------------------------------------------ candidates

    def candidates(self, problem_id: str) -> list[Candidate]:
        """Generated asserts (with the reviewer's edits applied), then the probes' asserts; any
        that repeats one of the problem's own tests last, marked (it would add nothing)."""
        result = self.results.get(problem_id)
        rows = []
        for generated in result.asserts if result else ():
            made = self.made.get((problem_id, generated.text))
            if made is not None:
                rows.append(Candidate(made.key, made.text, made.passes_reference, made.kills, GENERATED))
            else:
                kills = generated.kills
                looping = self.runs_past.get((problem_id, generated.text))
                if looping and generated.passes_reference:
                    kills = tuple(sorted(set(kills) | looping))
                rows.append(Candidate(generated.text, generated.text, generated.passes_reference,
                                      kills, GENERATED, generated.flags))  # fmt: skip
        generated_keys = {row.key for row in rows}
        for (owner, key), made in self.made.items():
            if owner == problem_id and made.origin == PROBE and key not in generated_keys:
                rows.append(Candidate(key, made.text, made.passes_reference, made.kills, PROBE))
        if not rows:
            return rows
        problem = self.problems[problem_id]
        if not (problem.tests or problem.hidden):
            return rows
        entry = (result.entry if result else None) or problem.entry or ""
        marked = [replace(row, repeats=repeated(problem, entry, row.text)) for row in rows]
        return sorted(marked, key=lambda row: bool(row.repeats))  # stable: the engine's order kept

    def take_test_runs(self, problem_id: str, runs: TestRuns) -> bool:
        """Keep the engine's answer on the problem's own tests and its generated asserts (in
        that order); True when a survivor runs past the allowance on a generated assert, which
        then rejects it (the kill sets, and so the status, changed)."""
        problem, result = self.problems[problem_id], self.results[problem_id]
        own = len(problem.tests) + len(problem.hidden)
        self.test_runs[problem_id] = runs
        changed = False
        if len(runs.reference) != own + len(result.asserts):
            return changed  # asked about an earlier result of the problem: its asserts differ
        for index, generated in enumerate(result.asserts):
            looping = frozenset(s for s, row in enumerate(runs.survivors) if row[own + index] == RUNS_PAST)
            if looping - set(generated.kills):
                self.runs_past[(problem_id, generated.text)] = looping
                self._touched.add(problem_id)
                self._totals = None
                changed = True
        return changed

    def candidate(self, problem_id: str, key: str) -> Candidate | None:
        return next((c for c in self.candidates(problem_id) if c.key == key), None)

    def has_key(self, problem_id: str, key: str) -> bool:
        return self.candidate(problem_id, key) is not None

    def decision(self, problem_id: str, key: str) -> str | None:
        found = self.decisions.get((problem_id, key))
        return found.decision if found else None

    def shown_text(self, problem_id: str, candidate: Candidate) -> str:
        """The text decided on when decided (the record is the truth), else the current text."""
        found = self.decisions.get((problem_id, candidate.key))
        return found.final_text if found else candidate.text

    def counts(self, problem_id: str) -> ReviewCounts:
        if problem_id not in self._touched:
            result = self.results.get(problem_id)
            return ReviewCounts(undecided=len(result.asserts) if result else 0)
        tally = {ACCEPTED: 0, REJECTED: 0, SKIPPED: 0, None: 0}
        for candidate in self.candidates(problem_id):
            tally[self.decision(problem_id, candidate.key)] += 1
        return ReviewCounts(tally[ACCEPTED], tally[REJECTED], tally[SKIPPED], tally[None])

    def totals(self) -> ReviewCounts:
        """Over the whole benchmark; kept between changes, since every streamed row and every
        decision redraws the counter and summing afresh made a long benchmark's stream quadratic."""
        if self._totals is None:
            total = ReviewCounts()
            for problem_id in self.results:
                total = total + self.counts(problem_id)
            self._totals, self._undecided_since = total, 0
        elif self._undecided_since:
            self._totals = self._totals + ReviewCounts(undecided=self._undecided_since)
            self._undecided_since = 0
        return self._totals

    def add_result(self, result: ProblemResult) -> None:
        previous = self.results.get(result.id)
        self.results[result.id] = result
        if previous is not None:
            self.judged -= previous.judged
            self.weak -= previous.weak
        self.judged += result.judged
        self.weak += result.weak
        pid, weak, exclusion = result.id, result.weak, result.exclusion
        (self._weak_ids.add if weak else self._weak_ids.discard)(pid)
        (self._excluded_ids.add if exclusion is not None else self._excluded_ids.discard)(pid)
        self._rank[pid] = (not weak, exclusion or "")
        self._survived[pid] = result.n_survived
        (self._with_asserts.add if result.asserts else self._with_asserts.discard)(pid)
        if self._totals is not None:
            if previous is not None:
                self._totals = None
            elif result.id in self._touched:
                self._totals = self._totals + self.counts(result.id)
            else:  # all its asserts undecided: counted as a number (10^5 rows arrive on a reopen)
                self._undecided_since += len(result.asserts)

    def add_results(self, results: list[ProblemResult]) -> None:
        for result in results:
            self.add_result(result)

    # ------------------------------------------------------------------ status

    def status(self, problem_id: str) -> str:
        """excluded, strong, weak (no accepted assert rejects a survivor), partly fixed (some
        survivors rejected) or fixed (accepted asserts reject every survivor the reviewer did not
        judge correct per the task); strong by review when every survivor is judged correct."""
        result = self.results[problem_id]
        if result.exclusion:
            return EXCLUDED
        if not result.weak:
            return STRONG
        accepted = [
            c
            for c in self.candidates(problem_id)
            if self.decision(problem_id, c.key) == ACCEPTED and c.passes_reference
        ]
        rejected = set().union(*(c.kills for c in accepted))
        everyone = set(range(len(result.survivors)))
        if rejected | self.judged_correct(problem_id) >= everyone:
            return FIXED if rejected else STRONG_BY_REVIEW
        return PARTLY_FIXED if rejected else WEAK

    # ------------------------------------------------------------------ moving through the review

    def rows_where(self, problem_id: str, wanted: str | None) -> list[int]:
        """Row indexes of a problem's candidates whose decision is ``wanted`` (None: undecided)."""
        return [
            i for i, c in enumerate(self.candidates(problem_id)) if self.decision(problem_id, c.key) == wanted
        ]

    def step(
        self, problem_id: str | None, row: int, forward: bool = True, wanted: str | None = None
    ) -> tuple[str, int] | None:
        """The next (or previous) candidate whose decision is ``wanted``: later rows of the same
        problem first, then the following problems in table order, wrapping round to the rows of
        this problem before ``row``."""
        ids = self.shown_ids() or self.ordered_ids()
        if problem_id in ids:
            start = ids.index(problem_id)
            others = ids[start + 1 :] + ids[:start] if forward else ids[:start][::-1] + ids[start + 1 :][::-1]
        else:
            others = ids if forward else ids[::-1]
        here = self.rows_where(problem_id, wanted) if problem_id in self.results else []
        later = [i for i in here if (i > row if forward else i < row)]
        if later:
            return problem_id, later[0] if forward else later[-1]
        for other in others:
            rows = self.rows_where(other, wanted)
            if rows:
                return other, rows[0] if forward else rows[-1]
        rest = [i for i in here if i != row]
        if rest:
            return problem_id, rest[0] if forward else rest[-1]
        return None

    def cover(self, problem_id: str) -> list[Candidate]:
        """The smallest set (greedy) of not-rejected, unflagged candidates that, with those already
        accepted, rejects every survivor it can; ties go to the earlier row, which is the engine's
        own order. A flagged assert (a sentinel, a reference that looks wrong) is never taken
        without being read: ``flagged_left`` says what it left."""
        result = self.results[problem_id]
        remaining = set(range(len(result.survivors)))
        usable = []
        for candidate in self.candidates(problem_id):
            decided = self.decision(problem_id, candidate.key)
            if decided == ACCEPTED and candidate.passes_reference:
                remaining -= set(candidate.kills)
            elif decided != REJECTED and candidate.passes_reference and not candidate.flags:
                usable.append(candidate)
        chosen = []
        while remaining:
            best = max(usable, key=lambda c: len(remaining & set(c.kills)), default=None)
            if best is None or not remaining & set(best.kills):
                break
            chosen.append(best)
            usable.remove(best)
            remaining -= set(best.kills)
        return chosen

    def flagged_left(self, problem_id: str) -> list[Candidate]:
        """The undecided flagged candidates ``cover`` leaves for the reviewer to read."""
        return [
            c for c in self.candidates(problem_id) if c.flags and self.decision(problem_id, c.key) is None
        ]

    # ------------------------------------------------------------------ changing the review

    def decide(self, problem_id: str, keys: list[str], decision: str) -> list[Change]:
        """Write ``decision`` on each key to disk, then here; one step of the undo history."""
        changes = []
        for key in keys:
            candidate = self.candidate(problem_id, key)
            if candidate is None:
                continue
            before = self.decisions.get((problem_id, key))
            edited = candidate.text if candidate.edited else None
            after = self.store.decide(problem_id, key, decision, edited)  # on disk before it is shown
            self._touched.add(problem_id)
            self.decisions[(problem_id, key)] = after
            changes.append(Change(problem_id, key, before, after))
        if changes:
            self.history.append(changes)
            self._totals = None
        return changes

    def save_candidate(self, made: StoredCandidate, reopen: bool = False) -> list[Change]:
        """Store a gated probe or edit. ``reopen``: the reviewer agreed to clear the decision on
        the assert it edits; that is one step of the undo history (``u`` restores both)."""
        before_candidate = self.made.get((made.problem_id, made.key))
        before = self.decisions.get((made.problem_id, made.key))
        self.store.save_candidate(made)
        self.made[(made.problem_id, made.key)] = made
        self._touched.add(made.problem_id)
        self._totals = None
        if not reopen or before is None:
            return []
        self.store.undo(made.problem_id, made.key)
        del self.decisions[(made.problem_id, made.key)]
        changes = [Change(made.problem_id, made.key, before, None, before_candidate, made)]
        self.history.append(changes)
        return changes

    def undo(self) -> list[Change]:
        """Take back the latest step of the history, wherever it was; [] when there is none."""
        while self.history:
            changes = self.history.pop()
            for change in reversed(changes):
                if isinstance(change, SurvivorChange):
                    self.restore_survivor(change)
                else:
                    self._restore(change)
            return changes
        return []

    def _restore(self, change: Change) -> None:
        self._totals = None
        self._touched.add(change.problem_id)
        key = (change.problem_id, change.key)
        if change.candidate_after is not None:
            if change.candidate_before is not None:
                self.store.save_candidate(change.candidate_before)
                self.made[key] = change.candidate_before
            else:
                self.store.forget_candidate(change.problem_id, change.key)
                self.made.pop(key, None)
        if change.before is None:
            self.store.undo(change.problem_id, change.key)
            self.decisions.pop(key, None)
        else:
            previous = change.before
            self.decisions[key] = self.store.decide(
                previous.problem_id, previous.text, previous.decision, previous.edited, at=previous.at
            )

    def set_verdict(self, problem_id: str, verdict: str, note: str) -> None:
        self.store.set_verdict(problem_id, verdict, note)
        self.verdicts[problem_id] = (verdict, note)


__all__ = [
    "CONFIRMED",
    "NOT_CONFIRMED",
    "NOT_COVERED",
    "EDIT",
    "FILTERS",
    "PROBE",
    "SORTS",
    "Candidate",
    "Change",
    "ReviewCounts",
    "SurvivorChange",
    "TriageState",
]
