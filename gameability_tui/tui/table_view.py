"""What the problem table and the status line read of the review: which problems a filter shows,
in which order, and the weak share. Part of ``TriageState``, kept apart from the review's rules.

At 10^5 rows no order or filter may call code per row: each reads the dicts and sets that
``TriageState.add_result`` keeps as results arrive (weak, excluded, rank, survivors).
"""

from __future__ import annotations

from ..engine.stats import wilson_interval

FILTERS = ("all", "weak", "undecided", "excluded")
SORTS = ("benchmark order", "most survivors", "status")
CONFIRMED = "confirmed by EvalPlus"
NOT_CONFIRMED = "not confirmed"
NOT_COVERED = "not covered"


class TableView:
    """Filters, orders and the weak share for ``TriageState``, which holds what they read."""

    def visible(self, problem_id: str) -> bool:
        """Whether the filter shows the problem (one row; ``shown_ids`` for them all)."""
        return bool(self.shown_ids([problem_id]))

    def shown_ids(self, ids: list[str] | None = None) -> list[str]:
        """Of ``ids`` (default: every judged problem, in the table's order), those the filter
        shows, in the same order. One pass, with no call per row but for the problems a reviewer
        has touched: at 10^5 rows, a ``visible`` call per row made a filter key take a second."""
        ids = self.ordered_ids() if ids is None else ids
        if self.filter == "weak":
            weak = self._weak_ids
            return [pid for pid in ids if pid in weak]
        if self.filter == "excluded":
            excluded = self._excluded_ids
            return [pid for pid in ids if pid in excluded]
        if self.filter == "undecided":  # an untouched problem's asserts are all undecided
            touched, with_asserts = self._touched, self._with_asserts
            return [pid for pid in ids if (self._left_open(pid) if pid in touched else pid in with_asserts)]
        return list(ids)

    def _left_open(self, problem_id: str) -> bool:
        counts = self.counts(problem_id)
        return counts.undecided + counts.skipped > 0

    def ordered_ids(self) -> list[str]:
        """Every judged problem in the chosen order: benchmark order; most survivors first; or
        weak first (EvalPlus-confirmed ones before the rest), then judged, then excluded by
        reason. Ties keep benchmark order: each order is one stable sort of the benchmark order,
        by a key read from a dict kept as results arrive."""
        results = self.results
        if len(results) == len(self.problems):
            ids = list(self.problems)
        else:
            ids = [pid for pid in self.problems if pid in results]
        if self.sort == "most survivors":
            return sorted(ids, key=self._survived.__getitem__, reverse=True)  # reverse keeps ties' order
        if self.sort == "status":
            confirmed = {pid for pid in self.confirmations if self.confirmation(pid) == CONFIRMED}
            if not confirmed:
                return sorted(ids, key=self._rank.__getitem__)
            rank = {pid: (not_weak, pid not in confirmed, why) for pid, (not_weak, why) in self._rank.items()}
            return sorted(ids, key=rank.__getitem__)
        return ids

    def cycle_filter(self) -> None:
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]

    def cycle_sort(self) -> None:
        self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]

    # ------------------------------------------------------------------ the status line

    def weak_share(self) -> tuple[int, int, str]:
        """(weak, judged, "share [interval]") over the problems judged so far, from the running
        counts ``add_result`` keeps."""
        weak, judged = self.weak, self.judged
        if not judged:
            return weak, 0, "-"
        low, high = wilson_interval(weak, judged)
        return weak, judged, f"{100 * weak / judged:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"

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
