"""The streaming census: completion order, independence from the worker count, cancellation."""

from __future__ import annotations

import os
import time

from conftest import STRONG_SUM, WEAK_MAX, alive, problem

from gameability_tui.engine.census import Census
from gameability_tui.engine.model import AuditParams

SLOW = problem(
    "slow",
    "def slow(n):\n    total = 0\n    for i in range(n):\n        total += i % 7\n    return total\n",
    ["assert slow(300000) == 899997", "assert slow(299999) == 899997"],
)


def _comparable(results):
    return {r.id: r.to_dict() | {"seconds": 0} for r in results}


def test_results_do_not_depend_on_the_number_of_workers():
    # SLOW's mutants are still being judged when the other workers run out of problems, so with
    # two or three workers they spread over the spare cores (sandbox.share_spare_cores).
    problems = [
        SLOW,
        WEAK_MAX,
        STRONG_SUM,
        problem("id", "def ident(x):\n    return x\n", ["assert ident(2) == 2"]),
    ]
    one = _comparable(Census(problems, AuditParams(), workers=1))
    assert set(one) == {p.id for p in problems}
    for workers in (2, 3):
        assert _comparable(Census(problems, AuditParams(), workers=workers)) == one


def test_results_stream_in_completion_order():
    ids = [r.id for r in Census([SLOW, WEAK_MAX], AuditParams(), workers=2)]
    assert ids == ["weak_max", "slow"]


def test_cancel_stops_every_worker_promptly():
    census = Census([SLOW] * 1 + [WEAK_MAX], AuditParams(), workers=2)
    iterator = iter(census)
    first = next(iterator)
    assert first.id == "weak_max"
    pids = census.worker_pids()
    started = time.monotonic()
    census.cancel()
    assert list(iterator) == []
    assert time.monotonic() - started < 3
    for pid in pids:
        assert not alive(pid)


def test_workers_started_nicer_judge_the_same_and_yield_the_cpu():
    # The app starts its audit at AUDIT_NICE, so a key is not queued behind the workers for a core.
    own = os.getpriority(os.PRIO_PROCESS, 0)
    census = Census([WEAK_MAX, STRONG_SUM], AuditParams(), workers=1, nice=5)
    iterator = iter(census)
    first = next(iterator)
    (pid,) = census.worker_pids()
    assert os.getpriority(os.PRIO_PROCESS, pid) == min(own + 5, 19)
    nicer = _comparable([first, *iterator])
    assert nicer == _comparable(Census([WEAK_MAX, STRONG_SUM], AuditParams(), workers=1))
