"""The sandbox against misbehaving candidates: each runs in a real forked child."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace

import pytest
from conftest import alive, problem, running

from gameability_tui.engine.audit import audit_problem
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.sandbox import Job, clean, lanes, limits, processes, run_job, steps, wire, zygote
from gameability_tui.engine.sandbox import spare_cores as spare

# A worker is single-threaded, and so are the zygote and the children it forks. A test that
# runs the sandbox from a second thread on purpose (to hold one child's pipes open while another
# starts) forks from a multi-threaded process, which Python 3.12+ warns can deadlock the child;
# here the other thread only waits on a pipe, so nothing it holds is needed in the child.
FORKS_FROM_A_SECOND_THREAD = pytest.mark.filterwarnings(
    "ignore:This process .* is multi-threaded, use of fork\\(\\) may lead to deadlocks:DeprecationWarning"
)

# A candidate that returns its runner's pid as this process sees it (in its own PID namespace,
# ``os.getpid()`` is the same small number in every child).
RUNNER_PID = (
    "def f(x):\n"
    "    from gameability_tui.engine.sandbox import namespaces\n"
    "    return namespaces.runner_pid()\n"
)


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("PPid:")).split()[1])


def _job(program: str, **fields) -> Job:
    defaults = dict(
        mode="reference", setup="", entry="f", alias=None, calls=[((1,), {})], call_budgets=[100_000]
    )
    return Job(program=program, **{**defaults, **fields})


def test_printed_output_does_not_corrupt_results():
    run = run_job(
        _job("import sys\ndef f(x):\n    print('done', x)\n    sys.stderr.write('x\\n')\n    return x + 1\n")
    )
    assert run.complete and run.calls[0][0][:2] == ("value", 2)


def test_hard_exit_is_truncated_not_rejected():
    run = run_job(_job("import os\ndef f(x):\n    os._exit(0)\n"))
    assert not run.complete and 0 not in run.calls


def test_sys_exit_is_an_outcome():
    run = run_job(_job("import sys\ndef f(x):\n    sys.exit(3)\n"))
    assert run.complete and run.calls[0][0] == ("raise", "SystemExit", None, (("code", 3),))  # its status


def test_loop_inside_c_code_hits_the_cpu_limit():
    # Squaring a growing integer: few steps, ever more work inside C. The CPU limit stops it long
    # before the (generous) wall clock would.
    run = run_job(
        _job("def f(x):\n    y = 3\n    while True:\n        y = y * y\n", cpu_seconds=1, wall_seconds=30)
    )
    assert not run.complete
    assert run.stopped == "CPU-time limit"


def test_memory_hog_fails_alone():
    run = run_job(_job("def f(x):\n    return len(bytearray(4 << 30))\n", memory_mb=256))
    assert run.complete and run.calls[0][0] == ("raise", "MemoryError")


def test_files_land_in_a_throwaway_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = run_job(_job("def f(x):\n    open('litter.txt', 'w').write('x')\n    return 1\n"))
    assert run.complete
    assert not (tmp_path / "litter.txt").exists()


def test_truncated_mutant_is_counted_apart_from_rejected():
    # Mutating `n % 7` into `n * 7` makes the loop's numbers grow inside C code: the CPU backstop
    # stops it. It must be reported truncated, never counted as broken.
    spin = problem(
        "gcdish",
        "def g(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n",
        ["assert g(12, 8) == 4", "assert g(9, 6) == 3", "assert g(7, 5) == 1"],
    )
    result = audit_problem(spin, AuditParams(cpu_seconds=1))
    assert result.n_truncated >= 1
    assert result.n_truncated + result.n_broken + result.n_equivalent == result.n_mutants


def test_no_candidate_is_left_running():
    run_job(_job("import subprocess\ndef f(x):\n    subprocess.Popen(['sleep', '30'])\n    return 1\n"))
    assert running(["sleep", "30"]) == []


needs_c_counter = pytest.mark.skipif(not steps.COMPILED_COUNTER, reason="the C step counter was not built")


@pytest.mark.skipif(
    steps._steps is None, reason="the C trace counter is not the one in use (3.12+: the monitor counter)"
)
def test_c_counter_counts_the_same_events_as_the_python_tracer():
    def work():
        return sum(i % 7 for i in range(500))

    c_value, c_steps, _, _ = steps._steps.run(work, 10**9, steps.StepBudgetExceeded)
    py_value, py_steps, _, _ = steps._count_steps_in_python(work, 10**9)
    assert (c_value, c_steps) == (py_value, py_steps)


@needs_c_counter
def test_bare_except_cannot_swallow_the_budget():
    run = run_job(
        _job(
            "def f(x):\n    while True:\n        try:\n            x += 1\n"
            "        except:\n            pass\n"
        )
    )
    assert run.complete and run.calls[0][0] == ("budget",)


# Jobs share a child while each leaves it clean; whatever one leaves behind must not reach the next.
PROBE_NEXT = _job(
    "import os, signal, threading\n"
    "def f(x):\n"
    "    return (threading.active_count(), abs(-3), os.listdir('.'), signal.alarm(0))\n"
)


@pytest.mark.parametrize(
    "leaves",
    [
        "import threading, time\nthreading.Thread(target=time.sleep, args=(30,), daemon=True).start()",
        "import builtins\nbuiltins.abs = lambda value: 0",
        "import sys, types\nsys.modules['threading'] = types.SimpleNamespace(active_count=lambda: 9)",
        "open('litter.txt', 'w').write('x')",
        "import signal\nsignal.alarm(1)",
        "import os\nos._exit(0)",
        "while True:\n    y = 3 ** 10 ** 7",  # loops inside C code until the CPU limit
    ],
    ids=["thread", "builtins", "module", "file", "alarm", "hard-exit", "cpu-loop"],
)
def test_what_one_job_leaves_behind_does_not_reach_the_next(leaves):
    program = f"def f(x):\n    return 1\n{leaves}\n"
    _, second = lanes.run_jobs([_job(program, cpu_seconds=1, wall_seconds=30), PROBE_NEXT])
    assert second.complete and second.calls[0][0][1] == (1, 3, [], 0)


def test_jobs_sharing_a_child_give_the_results_of_a_child_each():
    programs = [
        "def f(x):\n    return [x] * 3\n",
        "import os\ndef f(x):\n    os._exit(0)\n",
        "def f(x):\n    open('litter.txt', 'w').write('x')\n    return x\n",
        "def f(x):\n    raise ValueError(x)\n",
        "def f(x):\n    while True:\n        x += 1\n",
        "import sys\ndef f(x):\n    print(x)\n    return sys.getrecursionlimit()\n",
    ]
    jobs = [_job(program) for program in programs]
    together, in_two_lanes = lanes.run_jobs(jobs), lanes.run_jobs(jobs, lanes=2)
    for job, run, laned in zip(jobs, together, in_two_lanes):
        alone = run_job(job)
        assert (run.complete, run.load, run.calls) == (alone.complete, alone.load, alone.calls)
        assert (laned.complete, laned.load, laned.calls) == (alone.complete, alone.load, alone.calls)


def test_orders_that_carry_only_a_program_give_the_results_of_whole_jobs():
    # A problem's mutants differ from each other only in their program, so after the first the
    # child is sent the program alone; a job that differs in more (other calls) goes whole, and
    # the mutants after it whole again, so each runs exactly the job it was given.
    base = _job("def f(x):\n    return x + 1\n", calls=[((1,), {}), ((2,), {})], call_budgets=[1000, 1000])
    other_calls = _job("def f(x):\n    return x * 10\n", calls=[((7,), {})], call_budgets=[1000])
    jobs = [
        base,
        replace(base, program="def f(x):\n    return x - 1\n"),
        other_calls,
        replace(base, program="def f(x):\n    return x * x\n"),
        replace(base, program="def f(x):\n    return -x\n"),
    ]
    assert wire.only_program_differs(jobs[1], jobs[0])
    assert not wire.only_program_differs(jobs[2], jobs[1])
    assert not wire.only_program_differs(jobs[3], jobs[2])
    assert wire.only_program_differs(jobs[4], jobs[3])
    together = lanes.run_jobs(jobs)
    expected = [[2, 3], [0, 1], [70], [1, 4], [-1, -2]]
    for job, run, values in zip(jobs, together, expected):
        assert run.calls == run_job(job).calls
        assert [run.calls[i][0][1] for i in sorted(run.calls)] == values


def test_records_larger_than_the_pipe_all_arrive_in_order():
    # The parent is woken when a job is done, not for every record; a job whose records fill
    # the pipe many times over must still deliver every one of them, in order.
    calls = [((n,), {}) for n in range(40)]
    run = run_job(_job("def f(x):\n    return str(x) * 20_000\n", calls=calls, call_budgets=[10**6] * 40))
    assert run.complete and sorted(run.calls) == list(range(40))
    assert all(run.calls[n][0][1].startswith(str(n) * 10) for n in range(40))


def test_without_the_c_helpers_a_child_is_kept_and_ended_as_with_them(monkeypatch):
    # Where _isolation.c was not built, the child sets its parent-death signal through ctypes and
    # checks its inherited state in Python: the same jobs share a child while clean, and one
    # that replaces a module or a builtin still ends it.
    programs = [
        "def f(x):\n    return x + 1\n",
        "import sys\ndef f(x):\n    sys.modules['json'] = None\n    return x\n",
        "def f(x):\n    return x * 2\n",
        "import builtins\ndef f(x):\n    builtins.ascii = repr\n    return x\n",
        "def f(x):\n    return ascii(x) == repr(x)\n",
    ]
    jobs = [_job(program) for program in programs]
    with_c = lanes.run_jobs(jobs)
    forks = []
    real_fork = processes.start_child
    monkeypatch.setattr(clean, "_isolation", None)
    monkeypatch.setattr(limits, "_isolation", None)
    monkeypatch.setattr(processes, "USE_ZYGOTE", False)  # it needs the C helpers too
    monkeypatch.setattr(processes, "start_child", lambda *a: forks.append(1) or real_fork(*a))
    in_python = lanes.run_jobs(jobs)
    assert [run.calls for run in in_python] == [run.calls for run in with_c]
    assert [run.calls[0][0][1] for run in in_python] == [2, 1, 2, 1, True]
    assert len(forks) == 3  # a new child after each job that changed what it inherited


def test_a_sleeping_candidate_is_ended_by_the_wall_clock():
    run = run_job(_job("import time\ndef f(x):\n    time.sleep(30)\n", cpu_seconds=5, wall_seconds=1))
    assert not run.complete and run.stopped == "wall-clock limit"


@pytest.mark.skipif(not os.path.exists("/proc/self/schedstat"), reason="the kernel gives no schedstat")
def test_a_busy_candidate_waiting_for_a_core_is_not_ended_by_the_wall_clock():
    # The candidate needs ~0.3 s of CPU under a 1 s wall-clock allowance, and shares one core
    # with eight busy processes, so it takes ~3 s of wall time: time spent waiting for the core
    # must not count. (C code with no Python steps, so only the backstops could stop it.) The
    # CPU it needs stays well under its CPU allowance, so other work on the machine, which slows
    # the candidate's own CPU too, cannot push it over; and it waits long enough that a fast
    # machine still keeps it past the wall-clock allowance (with four, 0.2 s once ended in 0.99 s).
    program = "def f(x):\n    return sum(range(x))\n"
    calls = [((20_000_000,), {})]
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(8)]
    before = os.sched_getaffinity(0)
    try:
        core = {min(before)}
        for hog in hogs:
            os.sched_setaffinity(hog.pid, core)
        os.sched_setaffinity(0, core)
        # Children come from the zygote, which keeps the affinity it was made with: one made by an
        # earlier test would fork the candidate onto every core. A new one is made on this core
        # (and dropped after: it would keep it).
        processes._drop_zygote()
        started = time.monotonic()
        run = run_job(_job(program, calls=calls, call_budgets=[None], cpu_seconds=20, wall_seconds=1))
        waited = time.monotonic() - started
    finally:
        os.sched_setaffinity(0, before)
        processes._drop_zygote()
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert waited > 1, "the candidate did not wait for the core: the test shows nothing"
    assert run.complete, run.stopped
    assert run.calls[0][0][:2] == ("value", sum(range(20_000_000)))


@pytest.fixture
def spare_cores(monkeypatch):
    """A census's spare-core pipe holding two cores, shared by this process for the test."""
    monkeypatch.setattr(spare, "_SPARE_CORES", None)
    read_fd, write_fd = os.pipe()
    os.write(write_fd, b"++")
    spare.share_spare_cores(read_fd, write_fd)
    yield read_fd
    os.close(read_fd)
    os.close(write_fd)


def test_spare_cores_take_waiting_jobs_and_are_given_back(spare_cores):
    whose = [_job(RUNNER_PID) for _ in range(12)]
    pids = {run.calls[0][0][1] for run in lanes.run_jobs(whose)}
    assert len(pids) == 3  # the lane of its own and one child on each spare core
    assert os.read(spare_cores, 8) == b"++"  # both cores given back once the jobs were done


def test_jobs_on_spare_cores_give_the_results_of_one_child(spare_cores):
    programs = [
        "def f(x):\n    return sum(range(x * 1000))\n",
        "import os\ndef f(x):\n    os._exit(0)\n",
        "def f(x):\n    while True:\n        x += 1\n",
        "def f(x):\n    open('litter.txt', 'w').write('x')\n    return x\n",
        "def f(x):\n    raise ValueError(x)\n",
    ] * 3
    jobs = [_job(program) for program in programs]
    spread = lanes.run_jobs(jobs)
    spare._SPARE_CORES = None  # the same jobs with no spare core: one child after another
    alone = lanes.run_jobs(jobs)
    for run, single in zip(spread, alone):
        assert (run.complete, run.load, run.calls, run.stopped) == (
            single.complete,
            single.load,
            single.calls,
            single.stopped,
        )


def test_a_child_kept_for_the_problem_runs_its_next_calls_and_ends_with_it():
    whose = _job(RUNNER_PID)
    litter = _job("def f(x):\n    open('litter.txt', 'w').write('x')\n    return x\n")

    def pid_of_call() -> int:
        return lanes.run_jobs([whose])[0].calls[0][0][1]

    with lanes.children_kept():
        first, second = pid_of_call(), pid_of_call()
        assert lanes.run_jobs([litter])[0].complete  # run by the kept child, which it leaves unclean
        third = pid_of_call()
        assert third == pid_of_call()
    assert second == first  # the child was kept for the next call
    assert third != first  # the litter ended it: the next call got a new child
    assert lanes._KEPT == []
    for pid in (first, third):  # every kept child was killed with the block
        assert _ends_soon(pid)
    assert pid_of_call() != pid_of_call()  # outside the block, a child per call


def _ends_soon(pid: int, seconds: float = 5.0) -> bool:
    """Whether ``pid`` is gone or a zombie within ``seconds`` (SIGKILL takes effect at once, but
    the process may still be seen running for a moment)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not alive(pid):
            return True
        time.sleep(0.05)
    return False


def test_kept_children_give_the_results_of_new_ones():
    programs = [
        "def f(x):\n    return [x] * 3\n",
        "import os\ndef f(x):\n    os._exit(0)\n",
        "def f(x):\n    while True:\n        x += 1\n",
        "import sys\ndef f(x):\n    sys.setrecursionlimit(50)\n    return x\n",
        "def f(x):\n    raise ValueError(x)\n",
    ]
    jobs = [_job(program) for program in programs]
    alone = [run_job(job) for job in jobs]
    with lanes.children_kept():
        kept = [lanes.run_jobs([job])[0] for job in jobs] + lanes.run_jobs(jobs)
    for run, single in zip(kept, alone + alone):
        assert (run.complete, run.load, run.calls) == (single.complete, single.load, single.calls)


@FORKS_FROM_A_SECOND_THREAD
def test_a_child_that_cannot_start_fails_its_job_instead_of_handing_it_on_forever(monkeypatch):
    def cannot_isolate(*args):
        raise OSError("a limit this child may not set")

    monkeypatch.setattr(processes, "isolate", cannot_isolate)  # the forked child inherits it
    processes._drop_zygote()  # and so does a new zygote's (dropped again after: it would keep it)
    runs: list = []
    attempt = threading.Thread(
        target=lambda: runs.extend(lanes.run_jobs([_job("def f(x):\n    return x\n")]))
    )
    try:
        attempt.start()
        attempt.join(30)  # a job handed on and on to new children would never come back
    finally:
        processes._drop_zygote()
    assert runs, "run_jobs kept forking children that could not start"
    assert not runs[0].complete and runs[0].stopped == "exited with code 0"


def test_the_clean_state_checks_agree_in_c_and_in_python(monkeypatch):
    # The child compares what it inherited with C helpers that write no reference counts; the
    # Python fallback (no compiler) must judge every case the same way.
    if clean._isolation is None:
        pytest.skip("the C helpers are not built here (no compiler): only the fallback runs")
    shared, other = object(), object()
    base = {"a": shared, "b": 1}
    cases = [
        ({"a": shared, "b": 1}, base),  # the same entries
        ({"a": shared, "b": 1, "c": 2}, base),  # one more (a module imported since)
        ({"a": other, "b": 1}, base),  # replaced by another object
        ({"b": 1}, base),  # one removed
        ({"a": shared, "b": 10**30}, {"a": shared, "b": 10**30}),  # equal ints, different objects
        ({}, {}),
    ]
    in_c = [(clean._holds_entries(c, i), clean._same_entries(c, i)) for c, i in cases]
    monkeypatch.setattr(clean, "_isolation", None)
    in_python = [(clean._holds_entries(c, i), clean._same_entries(c, i)) for c, i in cases]
    assert in_c == in_python
    assert in_c[:4] == [(True, True), (True, False), (False, False), (False, False)]


# --------------------------------------------------------------------------- the zygote


needs_zygote = pytest.mark.skipif(
    not zygote.available(), reason="the C helpers (fork_sibling) were not built"
)


def _pipes_held_by(pid: int) -> set[str]:
    """The pipes ``pid`` holds open, by their kernel names ("pipe:[inode]")."""
    held = set()
    for name in os.listdir(f"/proc/{pid}/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{pid}/fd/{name}")
            if target.startswith("pipe:"):
                held.add(target)
    return held


@needs_zygote
def test_a_child_forked_by_the_zygote_is_this_processs_own():
    with lanes.children_kept():
        runner = run_job(_job(RUNNER_PID)).calls[0][0][1]
        (pid,) = processes.ACTIVE_CHILDREN  # the runner itself, or its namespaces' init
        forker = processes._ZYGOTE
        assert forker is not None and forker.pid not in (pid, os.getpid())
        assert _parent(pid) == os.getpid()  # so it is waited for, killed and its death read as before
        assert os.getpgid(pid) == pid  # it leads its own process group, killed whole when it ends
        assert runner == pid or _parent(runner) == pid
    assert _ends_soon(pid) and _ends_soon(runner)


@needs_zygote
def test_zygote_children_give_the_results_of_children_this_process_forks(monkeypatch):
    programs = [
        "def f(x):\n    return [x] * 3\n",
        "import os\ndef f(x):\n    os._exit(0)\n",
        "def f(x):\n    while True:\n        x += 1\n",
        "import sys\ndef f(x):\n    print(x)\n    return sorted(sys.modules)\n",
        "def f(x):\n    return bytearray(2_000 << 20)\n",  # past the memory limit either way
        "import os\ndef f(x):\n    return (sorted(os.environ), os.getcwd() == os.path.realpath('.'))\n",
    ]
    jobs = [_job(program, memory_mb=512) for program in programs]
    with lanes.children_kept():
        from_the_zygote = lanes.run_jobs(jobs, lanes=2)
    monkeypatch.setattr(processes, "USE_ZYGOTE", False)
    with lanes.children_kept():
        forked_here = lanes.run_jobs(jobs, lanes=2)
    for zygotes, ours in zip(from_the_zygote, forked_here):
        assert (zygotes.complete, zygotes.load, zygotes.calls) == (ours.complete, ours.load, ours.calls)


@FORKS_FROM_A_SECOND_THREAD
@needs_zygote
def test_the_zygote_holds_no_pipe_of_a_child_and_a_child_none_of_another():
    whose = _job(RUNNER_PID)
    with lanes.children_kept():
        kept = lanes.run_jobs([whose])[0].calls[0][0][1]  # its child waits, pipes open
        processes._drop_zygote()  # the next child comes from a new zygote, made while they are open
        jobs = [whose, _job("import time\ndef f(x):\n    time.sleep(30)\n", wall_seconds=60)]
        waiter = threading.Thread(target=lanes.run_jobs, args=(jobs,), kwargs={"lanes": 2})
        waiter.start()
        deadline = time.monotonic() + 10
        while len(processes.PIPES) < 6 and time.monotonic() < deadline:
            time.sleep(0.01)
        mine = {os.readlink(f"/proc/self/fd/{fd}") for fd in list(processes.PIPES)}
        assert processes._ZYGOTE is not None and not _pipes_held_by(processes._ZYGOTE.pid) & mine
        for pid in processes.ACTIVE_CHILDREN - {kept}:
            assert len(_pipes_held_by(pid) & mine) == 3  # its own three pipes, none of another child's
        for pid in list(processes.ACTIVE_CHILDREN):
            os.kill(pid, signal.SIGKILL)
        waiter.join(30)


@needs_zygote
def test_a_zygote_that_died_is_replaced_and_no_job_is_lost():
    job = _job("def f(x):\n    return x * 7\n")
    assert run_job(job).calls[0][0][1] == 7
    first = processes._ZYGOTE
    os.kill(first.pid, signal.SIGKILL)
    os.waitpid(first.pid, 0)
    runs = [run_job(job) for _ in range(3)]  # a child each: the first forked here, then a new zygote
    assert [run.calls[0][0][1] for run in runs] == [7, 7, 7]
    assert processes._ZYGOTE is not None and processes._ZYGOTE.pid != first.pid


@needs_zygote
def test_a_new_zygote_is_made_when_what_a_child_inherits_changes(monkeypatch):
    # (an LC_* variable: the sandbox passes those on, and scrubs most others)
    job = _job("import os\ndef f(x):\n    return os.environ.get('LC_GAMEABILITY_TUI_TEST_MARK')\n")
    assert run_job(job).calls[0][0][1] is None
    first = processes._ZYGOTE
    monkeypatch.setenv("LC_GAMEABILITY_TUI_TEST_MARK", "seen")
    assert run_job(job).calls[0][0][1] == "seen"  # as a child this process forked would see it
    assert processes._ZYGOTE is not first and _ends_soon(first.pid)


@needs_zygote
def test_a_request_interrupted_mid_way_drops_the_zygote_and_loses_no_descriptor():
    # Ctrl-C between a request and its answer: the answer would be read by the next request, so
    # that zygote is dropped; the pipes made for the child are closed, and the next job runs.
    job = _job("def f(x):\n    return x + 1\n")
    assert run_job(job).calls[0][0][1] == 2
    interrupted = processes._ZYGOTE
    real, its_pid = interrupted.socket, interrupted.pid

    class InterruptedSocket:
        def __getattr__(self, name):
            return getattr(real, name)

        def recv(self, size):
            raise KeyboardInterrupt

    descriptors = len(os.listdir("/proc/self/fd"))
    interrupted.socket = InterruptedSocket()
    with pytest.raises(KeyboardInterrupt):
        run_job(job)
    assert interrupted.pid == -1 and _ends_soon(its_pid)  # killed and collected
    assert run_job(job).calls[0][0][1] == 2
    assert processes._ZYGOTE is not interrupted
    assert len(os.listdir("/proc/self/fd")) == descriptors  # the new zygote's socket for the old's


def test_a_lane_folder_replaced_by_a_link_is_made_anew_and_never_followed(tmp_path):
    # What a candidate could do where namespaces are refused: rename its lane folder and leave a
    # link to another folder in its place, for the worker's cleanup to empty and later
    # candidates to run in. Done here between jobs, as the candidate would.
    canary = tmp_path / "canary"
    canary.mkdir()
    (canary / "keep.txt").write_text("precious")
    assert run_job(_job("def f(x):\n    return x\n")).complete
    folder = limits.lane_folder(0)
    os.rename(folder, folder + "-moved")
    os.symlink(canary, folder)
    limits.empty_folder(folder)  # as a child's close does
    limits.remove_strays()
    assert (canary / "keep.txt").read_text() == "precious"
    litter = _job("def f(x):\n    open('litter.txt', 'w').write('x')\n    return x\n")
    assert run_job(litter).complete
    assert sorted(os.listdir(canary)) == ["keep.txt"]
    assert not os.path.islink(limits.lane_folder(0)) and not os.path.exists(folder + "-moved")
