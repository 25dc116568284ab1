"""The census summary: counts, the weak share with its Wilson 95% interval, survival by kind.

The Wilson interval is used because weak shares are small proportions (often near 0.1) over a few
hundred problems, where the normal approximation is off and can leave [0, 1].
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .model import ProblemResult

Z_95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    if trials == 0:
        return (0.0, 0.0)
    share = successes / trials
    denominator = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - margin), min(1.0, centre + margin))


@dataclass
class Summary:
    supplied: int = 0
    judged: int = 0
    weak: int = 0
    weak_share: float = 0.0
    weak_ci: tuple[float, float] = (0.0, 0.0)
    excluded: dict[str, int] = field(default_factory=dict)
    mutants: int = 0
    equivalent: int = 0
    broken: int = 0
    survived: int = 0
    truncated: int = 0
    slow: int = 0
    by_kind: dict[str, dict[str, int]] = field(default_factory=dict)
    fresh_inputs: int = 0
    reference_raised: int = 0
    # Weak problems whose every candidate assert is flagged ("weak?": each survivor may be right
    # where the task is silent). Counted apart, never dropped; out of the dict when 0, so reports
    # of the v1 method, which flags nothing, reproduce field by field.
    weak_unsure: int = 0

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["weak_ci"] = list(self.weak_ci)
        if not self.weak_unsure:
            del data["weak_unsure"]
        return data


def summarize(results: Iterable[ProblemResult], supplied: int | None = None) -> Summary:
    """Aggregate per-problem results; ``supplied`` defaults to the number of results."""
    tally = Tally()
    for result in results:
        tally.add(result)
    return tally.summary(supplied)


class Tally:
    """The summary's counts kept running, one result at a time: a streamed audit of a million
    problems need not keep every result to print its summary, and adding one is O(1)."""

    def __init__(self) -> None:
        self.count = 0
        self._summary = Summary()
        self._excluded: Counter = Counter()
        self._kinds: dict[str, Counter] = {}

    def add(self, result: ProblemResult) -> None:
        summary = self._summary
        self.count += 1
        if result.exclusion is not None:
            self._excluded[result.exclusion] += 1
        else:
            summary.judged += 1
            summary.weak += result.weak
            summary.weak_unsure += result.unsure
        summary.mutants += result.n_mutants
        summary.equivalent += result.n_equivalent
        summary.broken += result.n_broken
        summary.survived += result.n_survived
        summary.truncated += result.n_truncated
        summary.slow += result.n_slow
        summary.fresh_inputs += result.n_fresh
        summary.reference_raised += result.reference_raised
        if result.judged:
            for kind, count in result.kinds.items():
                self._kinds.setdefault(kind, Counter()).update(asdict(count))

    def summary(self, supplied: int | None = None) -> Summary:
        """The summary of every result added so far (a copy: adding more does not change it)."""
        summary = replace(self._summary, supplied=self.count if supplied is None else supplied)
        summary.excluded = dict(sorted(self._excluded.items(), key=lambda item: (-item[1], item[0])))
        summary.by_kind = {kind: dict(counts) for kind, counts in sorted(self._kinds.items())}
        if summary.judged:
            summary.weak_share = summary.weak / summary.judged
        summary.weak_ci = wilson_interval(summary.weak, summary.judged)
        return summary
