"""The streaming census: completion order, independence from the worker count, cancellation."""

from __future__ import annotations

import os
import signal
import threading
import time

from conftest import STRONG_SUM, WEAK_MAX, alive, problem, running

from gameability_tui.engine.executors.local import Census, WorkerProcess, engine_request
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


ITS_WORKER_IS_KILLED = problem(
    "its_worker_is_killed",
    "import subprocess\nsubprocess.run(['sleep', '59'])\n\ndef ident(x):\n    return x\n",
    ["assert ident(1) == 1"],
)


def _kill_the_worker_once_it_sleeps(census: Census) -> None:
    """Kill the census's worker from outside while its candidate sleeps (a candidate cannot
    reach its worker itself: ``test_hostile_sandbox.py``)."""
    deadline = time.monotonic() + 60
    while not running(["sleep", "59"], grace=0) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in census.worker_pids():
        os.kill(pid, signal.SIGKILL)


def test_a_worker_that_dies_loses_only_the_problem_it_was_on():
    # One worker, so the problems after the dying one sit queued behind it when the worker dies:
    # they were never started, and a new worker judges them as if nothing had happened.
    after = [WEAK_MAX, STRONG_SUM, problem("id", "def ident(x):\n    return x\n", ["assert ident(2) == 2"])]
    census = Census([ITS_WORKER_IS_KILLED, *after], AuditParams(), workers=1)
    killer = threading.Thread(target=_kill_the_worker_once_it_sleeps, args=(census,))
    killer.start()
    results = {r.id: r for r in census}
    killer.join()
    assert results["its_worker_is_killed"].status == "excluded:audit-crashed"
    assert "died on this problem" in results["its_worker_is_killed"].detail
    assert _comparable(results[p.id] for p in after) == _comparable(Census(after, AuditParams(), workers=1))
    assert running(["sleep", "59"]) == []  # its candidate went with it


def test_no_candidate_holds_its_workers_request_or_answer_pipe():
    # A candidate that held them could read the next problem's request, queued behind its own,
    # or write into the answers the census reads. Each candidate here lists its descriptors when
    # it loads, and the reference fails its tests if it held either of them.
    worker = WorkerProcess()
    try:
        channels = sorted(
            f"pipe:[{os.fstat(end.fileno()).st_ino}]" for end in (worker.process.stdin, worker.process.stdout)
        )
        lists_its_descriptors = problem(
            "lists_fds",
            "import os\n"
            "HELD = []\n"
            "for fd in os.listdir('/proc/self/fd'):\n"
            "    try:\n"
            "        HELD.append(os.readlink('/proc/self/fd/' + fd))\n"
            "    except OSError:\n"
            "        pass\n\n"
            "def ident(x):\n    return x + 0\n",
            [
                "assert ident(1) == 1",
                "assert ident(2) == 2",
                "assert any(name.startswith('pipe:') for name in HELD)",  # it saw its own pipes
                f"assert not set(HELD) & set({channels!r})",
            ],
        )
        answer = worker.request(engine_request("audit", lists_its_descriptors, AuditParams()))
    finally:
        worker.stop()
    assert answer["result"]["status"] == "ok" and answer["result"]["n_mutants"] > 0
