"""The census summary: counts, the weak share with its Wilson 95% interval, survival by kind.

The Wilson interval is used because weak shares are small proportions (often near 0.1) over a few
hundred problems, where the normal approximation is off and can leave [0, 1].
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import asdict, dataclass, field
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

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["weak_ci"] = list(self.weak_ci)
        return data


def summarize(results: list[ProblemResult], supplied: int | None = None) -> Summary:
    """Aggregate per-problem results; ``supplied`` defaults to the number of results."""
    summary = Summary(supplied=len(results) if supplied is None else supplied)
    excluded: Counter = Counter()
    kinds: dict[str, Counter] = {}
    for result in results:
        if result.exclusion is not None:
            excluded[result.exclusion] += 1
        else:
            summary.judged += 1
            summary.weak += result.weak
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
                kinds.setdefault(kind, Counter()).update(asdict(count))
    summary.excluded = dict(sorted(excluded.items(), key=lambda item: (-item[1], item[0])))
    summary.by_kind = {kind: dict(counts) for kind, counts in sorted(kinds.items())}
    if summary.judged:
        summary.weak_share = summary.weak / summary.judged
    summary.weak_ci = wilson_interval(summary.weak, summary.judged)
    return summary
