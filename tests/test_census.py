"""The streaming census: completion order, independence from the worker count, cancellation."""

from __future__ import annotations

import os
import time

from conftest import STRONG_SUM, WEAK_MAX, alive, problem

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


KILLS_ITS_WORKER = problem(
    "kills_its_worker",
    "import os, signal\nos.kill(os.getppid(), signal.SIGKILL)\n\ndef ident(x):\n    return x\n",
    ["assert ident(1) == 1"],
)


def test_a_worker_that_dies_loses_only_the_problem_it_was_on():
    # One worker, so the problems after the killer sit queued behind it when the worker dies: they
    # were never started, and a new worker judges them as if nothing had happened.
    after = [WEAK_MAX, STRONG_SUM, problem("id", "def ident(x):\n    return x\n", ["assert ident(2) == 2"])]
    results = {r.id: r for r in Census([KILLS_ITS_WORKER, *after], AuditParams(), workers=1)}
    assert results["kills_its_worker"].status == "excluded:audit-crashed"
    assert "died on this problem" in results["kills_its_worker"].detail
    assert _comparable(results[p.id] for p in after) == _comparable(Census(after, AuditParams(), workers=1))


def test_no_candidate_holds_its_workers_request_or_answer_pipe(tmp_path):
    # A candidate that held them could read the next problem's request, queued behind its own,
    # or write into the answers the census reads. Each candidate here writes down what its
    # descriptors are (reference and mutants alike, in every child of the problem).
    seen = tmp_path / "descriptors.txt"
    lists_its_descriptors = problem(
        "lists_fds",
        "import os\n"
        f"with open({str(seen)!r}, 'a') as out:\n"
        "    for fd in os.listdir('/proc/self/fd'):\n"
        "        try:\n"
        "            out.write(os.readlink('/proc/self/fd/' + fd) + '\\n')\n"
        "        except OSError:\n"
        "            pass\n\n"
        "def ident(x):\n    return x + 0\n",
        ["assert ident(1) == 1", "assert ident(2) == 2"],
    )
    worker = WorkerProcess()
    try:
        answer = worker.request(engine_request("audit", lists_its_descriptors, AuditParams()))
        channels = {
            f"pipe:[{os.fstat(end.fileno()).st_ino}]" for end in (worker.process.stdin, worker.process.stdout)
        }
    finally:
        worker.stop()
    assert answer["result"]["status"] == "ok" and answer["result"]["n_mutants"] > 0
    held = set(seen.read_text().split())
    assert held and any(name.startswith("pipe:") for name in held)  # it saw its own pipes
    assert not held & channels
