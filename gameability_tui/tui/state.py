"""What the triage app knows and decides, apart from how it is drawn.

The app's widgets show this state and its handlers change it; every rule about it (which rows a
filter shows, in which order, what a row says, where the next undecided assert is) lives here, so
it reads, and is tested, without a screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.text import Text

from ..engine.model import Problem, ProblemResult
from ..engine.stats import wilson_interval
from ..store import Decision

FILTERS = ("all", "weak", "undecided", "excluded")
SORTS = ("benchmark order", "most survivors", "status")
CONFIRMED = "confirmed by EvalPlus"
NOT_CONFIRMED = "not confirmed"
NOT_COVERED = "not covered"

AssertText = tuple[str, tuple[int, ...]]  # text, indices of the survivors it rejects


@dataclass
class TriageState:
    problems: dict[str, Problem]
    decisions: dict[tuple[str, str], Decision]
    verdicts: dict[str, tuple[str, str]]
    # EvalPlus tasks by our problem id, when weak problems are to be confirmed against them.
    confirm_with: dict[str, Problem] | None = None
    results: dict[str, ProblemResult] = field(default_factory=dict)
    # (problem, original text) -> (edited text, passes the reference, survivors it rejects)
    edits: dict[tuple[str, str], tuple[str, bool, tuple[int, ...]]] = field(default_factory=dict)
    extra_asserts: dict[str, list[AssertText]] = field(default_factory=dict)  # from probes
    confirmations: dict[str, list] = field(default_factory=dict)
    filter: str = FILTERS[0]
    sort: str = SORTS[0]

    def __post_init__(self) -> None:
        self.order = {problem_id: index for index, problem_id in enumerate(self.problems)}

    # ------------------------------------------------------------------ asserts and review

    def assert_texts(self, problem_id: str) -> list[AssertText]:
        result = self.results.get(problem_id)
        generated = [(a.text, a.kills) for a in result.asserts] if result else []
        return generated + self.extra_asserts.get(problem_id, [])

    def review(self, problem_id: str) -> tuple[int, int]:
        """(decided, total) candidate asserts of a problem."""
        texts = self.assert_texts(problem_id)
        return sum((problem_id, t) in self.decisions for t, _ in texts), len(texts)

    def shown_text(self, problem_id: str, text: str) -> str:
        """An assert as the reviewer last left it: as decided, else as edited, else as generated."""
        decision = self.decisions.get((problem_id, text))
        if decision is not None:
            return decision.final_text
        return self.edits.get((problem_id, text), (text,))[0]

    def undecided(self, problem_id: str) -> list[int]:
        texts = self.assert_texts(problem_id)
        return [i for i, (text, _) in enumerate(texts) if (problem_id, text) not in self.decisions]

    def next_undecided(self, after: str | None) -> tuple[str, int] | None:
        """The next problem (in table order, wrapping round) with an undecided assert, and its row."""
        ids = self.ordered_ids()
        start = ids.index(after) if after in ids else -1
        for problem_id in ids[start + 1 :] + ids[: start + 1]:
            rows = self.undecided(problem_id)
            if rows:
                return problem_id, rows[0]
        return None

    # ------------------------------------------------------------------ EvalPlus

    def confirmation(self, problem_id: str) -> str:
        """CONFIRMED / NOT_CONFIRMED / NOT_COVERED, "checking EvalPlus..." or "" (not asked)."""
        if not self.confirm_with:
            return ""
        if problem_id not in self.confirm_with:
            return NOT_COVERED
        rejected = self.confirmations.get(problem_id)
        if rejected is None:
            return "checking EvalPlus..."
        return CONFIRMED if any(v is True for v in rejected) else NOT_CONFIRMED

    # ------------------------------------------------------------------ the problem table

    def row(self, result: ProblemResult) -> tuple:
        if result.exclusion:
            status = Text(f"excl. {result.exclusion}", style="dim")
        elif result.weak:
            marks = {CONFIRMED: " +", NOT_CONFIRMED: " ?"}
            status = Text("weak" + marks.get(self.confirmation(result.id), ""), style="bold red")
        else:
            status = Text("strong", style="green")
        decided, total = self.review(result.id)
        review = f"{decided} of {total}" if total else ""
        verdict = self.verdicts.get(result.id)
        if verdict:
            review = f"{review} {verdict[0]}".strip()
        return (result.id, status, str(result.n_broken), str(result.n_survived), str(total), review)

    def visible(self, problem_id: str) -> bool:
        result = self.results[problem_id]
        if self.filter == "weak":
            return result.weak
        if self.filter == "excluded":
            return result.exclusion is not None
        if self.filter == "undecided":
            decided, total = self.review(problem_id)
            return decided < total
        return True

    def sort_key(self, problem_id: str) -> int | tuple:
        result = self.results[problem_id]
        if self.sort == "most survivors":
            return (-result.n_survived, self.order[problem_id])
        if self.sort == "status":  # weak first, EvalPlus-confirmed ones before the rest
            confirmed = self.confirmation(problem_id) == CONFIRMED
            return (not result.weak, not confirmed, result.exclusion or "", self.order[problem_id])
        return self.order[problem_id]

    def ordered_ids(self) -> list[str]:
        return sorted(self.results, key=self.sort_key)

    def cycle_filter(self) -> None:
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]

    def cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]

    # ------------------------------------------------------------------ the status line

    def weak_share(self) -> tuple[int, int, str]:
        """(weak, judged, "share [interval]") over the problems judged so far."""
        judged = [r for r in self.results.values() if r.judged]
        weak = sum(r.weak for r in judged)
        if not judged:
            return weak, 0, "-"
        low, high = wilson_interval(weak, len(judged))
        return weak, len(judged), f"{100 * weak / len(judged):.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
