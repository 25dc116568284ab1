"""The reviewer's verdict on a survivor: "correct per the task", with an optional note.

Some survivors are not bugs: MBPP/66's survivor is the right answer, MBPP/121 #2 is correct on
every input the task allows, a tie the task does not fix. Without a way to say so, such a problem
stays weak for ever and ``fixed`` is out of reach. Part of ``TriageState``, kept apart so the
rules of the assert review read on their own.

Threats: a verdict filed under a survivor's number would move to another program after a
re-audit that numbers them differently, so it is stored under the program (``survivor_key``);
a verdict shown before it is on disk could be lost, so the store is written first.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..engine.model import ProblemResult
from ..store import DecisionStore
from ..vocabulary import SurvivorVerdict, survivor_key

keyed = lru_cache(maxsize=65536)(survivor_key)  # every status asks; hashing again each time is waste


@dataclass(frozen=True)
class SurvivorChange:
    """One step of the undo history: a survivor's verdict before and after."""

    problem_id: str
    survivor: str
    before: SurvivorVerdict | None
    after: SurvivorVerdict | None
    key: str = ""  # no assert row is about it: ``u`` shows the problem from its first assert


class SurvivorJudging:
    """Survivor verdicts for ``TriageState`` (which sets ``store``, ``results`` and ``history``)."""

    store: DecisionStore
    results: dict[str, ProblemResult]
    history: list

    def load_survivor_verdicts(self) -> None:
        self.correct: dict[tuple[str, str], SurvivorVerdict] = self.store.all_survivor_verdicts()

    def judged_correct(self, problem_id: str) -> set[int]:
        """Indexes of the problem's survivors the reviewer judged correct per the task."""
        result = self.results.get(problem_id)
        if result is None or not self.correct:
            return set()
        return {i for i, s in enumerate(result.survivors) if (problem_id, keyed(s.source)) in self.correct}

    def survivor_verdict(self, problem_id: str, index: int) -> SurvivorVerdict | None:
        survivors = self.results[problem_id].survivors
        if not 0 <= index < len(survivors):
            return None
        return self.correct.get((problem_id, keyed(survivors[index].source)))

    def correct_count(self) -> int:
        """Survivors judged correct among the problems judged so far (the status line's count)."""
        problems = {pid for pid, _ in self.correct if pid in self.results}
        return sum(len(self.judged_correct(pid)) for pid in problems)

    def judge_survivor(self, problem_id: str, index: int, note: str = "") -> SurvivorChange:
        """Judge the survivor at ``index`` correct (on disk first); one step of the undo history."""
        survivor = keyed(self.results[problem_id].survivors[index].source)
        before = self.correct.get((problem_id, survivor))
        after = self.store.judge_survivor(problem_id, survivor, note)
        self.correct[(problem_id, survivor)] = after
        change = SurvivorChange(problem_id, survivor, before, after)
        self.history.append([change])
        return change

    def unjudge_survivor(self, problem_id: str, index: int) -> SurvivorChange | None:
        """Take the verdict off the survivor at ``index``; None when it had none."""
        survivor = keyed(self.results[problem_id].survivors[index].source)
        before = self.correct.get((problem_id, survivor))
        if before is None:
            return None
        self.store.unjudge_survivor(problem_id, survivor)
        del self.correct[(problem_id, survivor)]
        change = SurvivorChange(problem_id, survivor, before, None)
        self.history.append([change])
        return change

    def restore_survivor(self, change: SurvivorChange) -> None:
        """Put a survivor's verdict back as it was before ``change`` (an undo)."""
        where = (change.problem_id, change.survivor)
        if change.before is None:
            self.store.unjudge_survivor(*where)
            self.correct.pop(where, None)
        else:
            old = change.before
            self.correct[where] = self.store.judge_survivor(*where, old.note, at=old.at)
