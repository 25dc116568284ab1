"""Run candidate programs (the reference, mutants) in forked child processes.

Benchmark code is third-party and mutants are broken on purpose, so candidates never run in the
worker: a child runs them, one after another, each in a fresh namespace and under its own limits,
for as long as each leaves the child as it found it (``_Clean``); one that dies loses only itself,
and one that leaves anything behind ends the child. A runaway costs only that candidate, never the
problem. What could make a result wrong, and the defence:

- Machine load deciding outcomes: each call runs under a deterministic *step budget* (a count of
  trace events), so a looping mutant stops at the same point on any machine. The C counter
  (``_steps.c``) keeps raising once the budget is spent, so a bare ``except:`` cannot swallow
  it. Wall-clock and CPU limits are only backstops for loops inside C code; a candidate stopped
  by them is TRUNCATED.
- Printed output corrupting results: the child's stdin/stdout/stderr point at /dev/null and results
  travel over a private pipe as length-prefixed ``marshal`` frames.
- Files written by benchmark code: the child runs in a throwaway directory, removed afterwards.
- Memory hogs: ``RLIMIT_AS`` bounds the child's address space; a CPU timer each candidate's CPU
  time, and ``RLIMIT_CPU`` the child's.
- Orphans: the child leads its own process group, killed whole when the candidate ends, and asks
  the kernel to kill it if its parent (the worker) dies.
- A truncated candidate is reported with what it finished; it is never counted as rejected.
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import functools
import marshal
import math
import os
import resource
import select
import shutil
import signal
import struct
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from . import outcome as oc

try:  # the C step counter (setup.py builds it where a compiler is available)
    from . import _steps
except ImportError:
    _steps = None

_HEADER = struct.Struct("<I")
ACTIVE_CHILDREN: set[int] = set()  # pids of running candidates, for the worker's SIGTERM handler
_UNREAPED: set[int] = set()  # killed candidates whose exit status is not collected yet
_LANE_FOLDERS: set[str] = set()
MODULE_NAME = "candidate"  # not "__main__": a benchmark's `if __name__ == "__main__"` must not run


class StepBudgetExceeded(BaseException):
    """Raised from the trace hook; a BaseException so `except Exception` in user code lets it by."""


@dataclass
class Job:
    """What one child does. ``mode`` is "reference", "mutant" or "asserts"."""

    mode: str
    program: str
    setup: str
    entry: str
    alias: str | None
    tests: list[str] = field(default_factory=list)
    calls: list[tuple[tuple, dict]] = field(default_factory=list)
    asserts: list[str] = field(default_factory=list)
    # Per-step budgets (None = unlimited, for the reference: it must never fail on our limits).
    load_budget: int | None = None
    test_budgets: list[int | None] = field(default_factory=list)
    call_budgets: list[int | None] = field(default_factory=list)
    assert_budgets: list[int | None] = field(default_factory=list)
    reference_calls: list[Any] = field(default_factory=list)  # outcomes, for early stopping
    # Differential visible tests (EvalPlus): a mutant passes check i when its result on checks[i]
    # matches the reference's (within atol for numbers), as EvalPlus judges a solution.
    checks: list[tuple[tuple, dict]] = field(default_factory=list)
    check_budgets: list[int | None] = field(default_factory=list)
    reference_checks: list[Any] = field(default_factory=list)
    atol: float = 0.0
    # Reference mode: fresh calls get max(floor, factor x the median visible test's steps), so a
    # fresh input that sends the reference into a (near) endless loop, or costs far more than a
    # typical visible test, is dropped instead of being paid for by every mutant.
    fresh_budget: tuple[int, int] | None = None
    # Mutant mode: cheapest first (by the reference's step counts), so a broken or failing mutant
    # is found on a cheap input before an expensive one. Tests are only reordered when each is a
    # lone assert, since statements that set up state must keep their order.
    call_order: list[int] = field(default_factory=list)
    test_order: list[int] = field(default_factory=list)
    oracle: str = "eq"
    cpu_seconds: float = 4.0
    wall_seconds: float = 10.0
    memory_mb: int = 1024


@dataclass
class Run:
    """What came back from one child. ``complete`` is False when it was stopped or died."""

    complete: bool = False
    load: Any = None  # None when the program loaded, else an outcome
    load_steps: int = 0
    tests: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, why, steps)
    calls: dict[int, tuple[Any, int]] = field(default_factory=dict)  # i -> (outcome, steps)
    checks: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, outcome, steps)
    asserts: dict[int, tuple[bool, int]] = field(default_factory=dict)
    cpu: float = 0.0
    stopped: str = ""  # why an incomplete child ended


# --------------------------------------------------------------------------- child side


def _count_steps(action, budget: int | None) -> tuple[Any, int, BaseException | None, bool]:
    """Run ``action()`` under the step budget; returns (value, steps, error, exceeded)."""
    limit = budget if budget is not None else 1 << 62
    if _steps is not None:
        return _steps.run(action, limit, StepBudgetExceeded)
    return _count_steps_in_python(action, limit)


def _count_steps_in_python(action, limit: int) -> tuple[Any, int, BaseException | None, bool]:
    """The fallback when the C counter was not built: the same events, counted by sys.settrace."""
    steps = 0

    def tracer(frame, event, arg):
        nonlocal steps
        steps += 1
        if steps > limit:
            raise StepBudgetExceeded
        return tracer

    sys.settrace(tracer)
    try:
        value = action()
    except StepBudgetExceeded:
        sys.settrace(None)
        return None, steps, None, True
    except BaseException as error:  # SystemExit, KeyboardInterrupt... are outcomes too
        sys.settrace(None)
        return None, steps, error, False
    sys.settrace(None)
    return value, steps, None, False


class _Channel:
    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, record: tuple) -> None:
        try:
            payload = marshal.dumps(record)
        except ValueError:  # unmarshallable leftovers: ship the record without its value
            payload = marshal.dumps(record[:2] + (("object", "<unshippable>", ""),) + record[3:])
        data = _HEADER.pack(len(payload)) + payload
        while data:
            written = os.write(self.fd, data)
            data = data[written:]


_LIBC: Any = None
_WORKDIR: tuple[int, str] | None = None  # (owning pid, path): one throwaway folder per process


def _libc() -> Any:
    """libc, loaded once in the parent so each child need not load it again."""
    global _LIBC
    if _LIBC is None:
        try:
            _LIBC = ctypes.CDLL(None, use_errno=True)
        except OSError:
            _LIBC = False
    return _LIBC


def _workdir() -> str:
    """This process's throwaway folder for candidates, emptied after any candidate that wrote to it."""
    global _WORKDIR
    if _WORKDIR is None or _WORKDIR[0] != os.getpid() or not os.path.isdir(_WORKDIR[1]):
        _WORKDIR = (os.getpid(), tempfile.mkdtemp(prefix="gameability-"))
        atexit.register(shutil.rmtree, _WORKDIR[1], True)
    return _WORKDIR[1]


def remove_workdir() -> None:
    if _WORKDIR is not None and _WORKDIR[0] == os.getpid():
        shutil.rmtree(_WORKDIR[1], ignore_errors=True)


def _empty(folder: str) -> None:
    with os.scandir(folder) as entries:
        leftovers = [entry.path for entry in entries]
    for path in leftovers:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(path)


def _isolate(memory_mb: int, address_space: int, cpu_seconds_total: float) -> None:
    """Cut the child off from the terminal, the worker's pipes, the user's folder and the machine."""
    os.setpgid(0, 0)
    if _LIBC:
        _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: die with the worker
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    # Each job has its own CPU timer (_limit_cpu); this bounds the whole child, whatever it does.
    total = math.ceil(cpu_seconds_total) + 1
    resource.setrlimit(resource.RLIMIT_CPU, (total, total + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    limit = address_space + (memory_mb << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _limit_cpu(seconds: float) -> None:
    """This job's CPU backstop: a profiling timer (SIGPROF ends the child), exact to the
    millisecond where ``RLIMIT_CPU`` counts whole seconds of the whole child."""
    signal.setitimer(signal.ITIMER_PROF, seconds)


class _Clean:
    """What a candidate could leave behind in the child that would change the next one's run.

    A child runs jobs one after another only while each leaves it as it found it: no thread, no
    process, no file, no open descriptor, no alarm or signal handler, the same builtins, modules,
    sys streams, recursion limit, environment and working folder, and no more than 256 MB kept.
    Anything else ends the child, and the next job gets a new one. Not checked: attributes set
    inside an already imported module; benchmark code is careless, not malicious.
    """

    def __init__(self, workdir: str) -> None:
        import builtins

        self.workdir = workdir
        self.builtins = dict(builtins.__dict__)
        self.modules = dict(sys.modules)
        self.threads = _count("/proc/self/task")
        self.descriptors = _count("/proc/self/fd")
        self.environ = dict(os.environ)
        self.sys_state = _sys_state()
        self.handlers = _handlers()
        self.resident_mb = _resident_mb()

    def still_clean(self) -> bool:
        import builtins

        if signal.alarm(0) or signal.getitimer(signal.ITIMER_VIRTUAL)[0]:
            return False  # a timer that would fire during the next job
        if _count("/proc/self/task") != self.threads:
            return False
        try:
            os.waitpid(-1, os.WNOHANG)
            return False  # it has a child process, running or exited
        except ChildProcessError:
            pass
        return (
            _resident_mb() < self.resident_mb + 256  # memory it kept: give the next job a new child
            and _count("/proc/self/fd") == self.descriptors
            and os.getcwd() == self.workdir
            and not os.listdir(self.workdir)
            and builtins.__dict__ == self.builtins
            and all(sys.modules.get(name) is module for name, module in self.modules.items())
            and os.environ == self.environ
            and _sys_state() == self.sys_state
            and _handlers() == self.handlers
        )


def _count(folder: str) -> int:
    return len(os.listdir(folder))


def _resident_mb() -> float:
    return _memory_bytes(resident=True) / (1 << 20)


def _memory_bytes(resident: bool) -> int:
    """This process's resident memory, or its whole address space, in bytes (/proc/self/statm)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1 if resident else 0]) * resource.getpagesize()


def _sys_state() -> tuple:
    return (sys.getrecursionlimit(), sys.stdin, sys.stdout, sys.stderr, sys.getprofile(), list(sys.path))


def _handlers() -> tuple:
    return tuple(signal.getsignal(number) for number in _WATCHED_SIGNALS)


_WATCHED_SIGNALS = (
    signal.SIGALRM, signal.SIGPROF, signal.SIGVTALRM, signal.SIGXCPU,
    signal.SIGTERM, signal.SIGINT, signal.SIGCHLD,
)  # fmt: skip


def _call_outcome(function, args: tuple, kwargs: dict, budget: int | None) -> tuple[Any, int]:
    value, steps, error, exceeded = _count_steps(lambda: function(*args, **kwargs), budget)
    if exceeded:
        return oc.BUDGET_OUTCOME, steps
    if error is not None:
        return oc.encode_raise(error), steps
    return oc.encode_value(value), steps


def _child(job: Job, channel: _Channel) -> None:
    namespace: dict[str, Any] = {"__name__": MODULE_NAME, "__builtins__": __builtins__}
    if _steps is not None:
        # Benchmark code that calls sys.settrace(None) would switch the step counter off and loop
        # unbounded; in the child nothing else needs settrace, so it becomes a no-op.
        sys.settrace = lambda function: None

    def load() -> None:
        program = compile(job.program, "<candidate>", "exec")
        setup = compile(job.setup, "<setup>", "exec") if job.setup else None
        try:
            if setup is not None:
                exec(setup, namespace)
        except NameError:  # setup that builds objects from the solution's classes (MBPP 367)
            exec(program, namespace)
            exec(setup, namespace)
            return
        exec(program, namespace)

    _, steps, error, exceeded = _count_steps(load, job.load_budget)
    failure = oc.BUDGET_OUTCOME if exceeded else (oc.encode_raise(error) if error else None)
    function = namespace.get(job.entry)
    if failure is None and not callable(function):
        failure = ("raise", "NameError")
    channel.send(("load", failure, steps))
    if failure is not None:
        channel.send(("done", time.process_time()))
        return
    if job.alias:
        namespace[job.alias] = function

    test_steps: list[int] = []

    def run_test(index: int) -> bool:
        code = compile(job.tests[index], f"<test {index}>", "exec")
        _, steps, error, exceeded = _count_steps(lambda: exec(code, namespace), job.test_budgets[index])
        why = oc.BUDGET_OUTCOME if exceeded else (oc.encode_raise(error) if error else None)
        channel.send(("test", index, why is None, why, steps))
        test_steps.append(steps)
        return why is None

    def run_call(index: int) -> Any:
        args, kwargs = marshal.loads(marshal.dumps(job.calls[index]))  # a fresh copy per call
        result, steps = _call_outcome(function, args, kwargs, job.call_budgets[index])
        channel.send(("call", index, result, steps))
        return result

    def run_check(index: int) -> bool:
        args, kwargs = marshal.loads(marshal.dumps(job.checks[index]))
        result, steps = _call_outcome(function, args, kwargs, job.check_budgets[index])
        expected = None if job.mode == "reference" else job.reference_checks[index]
        passed = expected is None or oc.matches(result, expected, job.atol, job.oracle)
        channel.send(("check", index, passed, result if job.mode == "reference" else None, steps))
        test_steps.append(steps)
        return passed

    if job.mode == "reference":
        for index in range(len(job.tests)):
            run_test(index)
        for index in range(len(job.checks)):
            run_check(index)
        if job.fresh_budget is not None:
            floor, factor = job.fresh_budget
            typical = sorted(test_steps)[len(test_steps) // 2] if test_steps else 0
            job.call_budgets = [max(floor, factor * typical)] * len(job.calls)
        for index in range(len(job.calls)):
            run_call(index)
    elif job.mode == "checks":  # confirmation: the checks alone, until the first that fails
        for index in range(len(job.checks)):
            if not run_check(index):
                break
    elif job.mode == "mutant":
        _mutant_plan(job, run_test, run_call, run_check)
    else:
        for index, text in enumerate(job.asserts):
            code = compile(text, f"<assert {index}>", "exec")
            action = functools.partial(exec, code, namespace)
            _, steps, error, exceeded = _count_steps(action, job.assert_budgets[index])
            channel.send(("assert", index, error is None and not exceeded, steps))
    channel.send(("done", time.process_time()))


def _mutant_plan(job: Job, run_test, run_call, run_check) -> None:
    """Run only what decides the verdict, in the cheapest order.

    Broken needs one fresh input where the mutant differs; survival needs every visible test to
    pass; witnesses (for asserts) need the remaining fresh inputs of a survivor only. The verdict
    is the same as running everything, at a fraction of the cost for looping mutants.
    """
    done: set[int] = set()
    broken = False
    for index in job.call_order or range(len(job.calls)):
        done.add(index)
        if not oc.same(run_call(index), job.reference_calls[index], job.oracle):
            broken = True
            break
    if not broken:
        return
    for index in job.test_order or range(len(job.tests)):
        if not run_test(index):
            return
    for index in range(len(job.checks)):
        if not run_check(index):
            return
    for index in range(len(job.calls)):
        if index not in done:
            run_call(index)


# --------------------------------------------------------------------------- parent side


def run_job(job: Job) -> Run:
    """Fork a child for ``job``, collect its records, and clean up whatever it left behind."""
    return run_jobs([job])[0]


def run_jobs(jobs: list[Job], lanes: int = 1) -> list[Run]:
    """Run ``jobs``, each in a fresh namespace, sharing a child while each leaves it clean.

    A fork per candidate costs more than most candidates' own work, so a child runs one job after
    another. Isolation does not depend on it: a job that dies (a limit, a crash) loses only
    itself, and one that leaves anything behind (see ``_Clean``) ends the child; the remaining
    jobs go on in a new one. Results are the same as with a child per job.

    With ``lanes`` > 1 the jobs are split into that many runs of consecutive jobs, each in its own
    child and folder, at the same time: for a problem whose mutants are costly, so that it does
    not hold up the end of an audit. Verdicts rest on step counts, so they do not change.
    """
    runs = [Run() for _ in jobs]
    lanes = max(1, min(lanes, len(jobs)))
    bounds = [len(jobs) * lane // lanes for lane in range(lanes + 1)]
    children: list[_Child | None] = [
        _Child(jobs, runs, bounds[lane], bounds[lane + 1], lane) for lane in range(lanes) if jobs
    ]
    try:
        while children:
            deadline = min(child.deadline for child in children)
            timeout = min(max(0.0, deadline - time.monotonic()), 0.1)
            ready, _, _ = select.select([child.fd for child in children], [], [], timeout)
            for index, child in enumerate(children):
                following = child.advance(child.fd in ready)
                if following is not None:
                    child.close()
                    more = following < child.end
                    children[index] = _Child(jobs, runs, following, child.end, child.lane) if more else None
            children = [child for child in children if child is not None]
    finally:
        for child in children:
            if child is not None:
                child.close()
    return runs


class _Child:
    """One forked child running jobs[start:end] in order, and what has come back from it."""

    def __init__(self, jobs: list[Job], runs: list[Run], start: int, end: int, lane: int) -> None:
        self.jobs, self.runs, self.end, self.lane = jobs, runs, end, lane
        self.current = start
        self.buffer = b""
        self.exited = False
        self.deadline = time.monotonic() + jobs[start].wall_seconds
        self.workdir = _lane_folder(lane)
        self.pid, self.fd = _fork(jobs, start, end, self.workdir)

    def advance(self, readable: bool) -> int | None:
        """Take in what the child sent; the first job it will not run once it has ended, else None."""
        if readable:
            chunk = os.read(self.fd, 1 << 16)
            if chunk:
                self._absorb(chunk)
                return self.end if self.runs[self.end - 1].complete else None
        if time.monotonic() >= self.deadline:
            self.runs[self.current].stopped = "wall-clock limit"
            return self.current + 1
        run = self.runs[self.current]
        if self.exited:  # it exited and nothing is left to read
            if not run.complete:  # else it ended between jobs (the last one left it unclean)
                run.stopped = run.stopped or "died"
            return self.current + 1
        done_pid, status = os.waitpid(self.pid, os.WNOHANG)
        if done_pid:
            self.exited = True
            if not run.complete:
                run.stopped = _death_reason(status)
        return None

    def _absorb(self, chunk: bytes) -> None:
        self.buffer += chunk
        while True:
            record, self.buffer = _next_record(self.buffer, self.runs[self.current])
            if record is None:
                return
            if record[0] == "job":
                if record[1] != self.current:
                    self.current = record[1]
                    self.deadline = time.monotonic() + self.jobs[self.current].wall_seconds
            else:
                _apply(self.runs[self.current], record)

    def close(self) -> None:
        if self.pid < 0:  # closed already
            return
        os.close(self.fd)
        _kill_group(self.pid, wait=False)
        ACTIVE_CHILDREN.discard(self.pid)
        _empty(self.workdir)
        _reap()
        self.pid = -1


def _lane_folder(lane: int) -> str:
    """A throwaway folder per lane inside this process's, so lanes running at once never meet."""
    folder = os.path.join(_workdir(), f"lane-{lane}")
    if folder not in _LANE_FOLDERS or not os.path.isdir(folder):
        os.makedirs(folder, exist_ok=True)
        _LANE_FOLDERS.add(folder)
    return folder


def _fork(jobs: list[Job], start: int, end: int, workdir: str) -> tuple[int, int]:
    """Fork a child that runs jobs[start:end] in ``workdir``; its pid and the read end of its pipe."""
    _libc()
    address_space = _memory_bytes(resident=False)  # the child starts as a copy of this process
    cpu_total = sum(job.cpu_seconds + 1 for job in jobs[start:end])
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        try:
            os.close(read_fd)
            os.chdir(workdir)
            _isolate(jobs[start].memory_mb, address_space, cpu_total)
            channel = _Channel(write_fd)
            clean = _Clean(workdir) if end - start > 1 else None
            for index in range(start, end):
                channel.send(("job", index))
                _limit_cpu(jobs[index].cpu_seconds)
                _child(jobs[index], channel)
                if index + 1 < end and not clean.still_clean():
                    break
        except BaseException:
            pass
        finally:
            os._exit(0)
    os.close(write_fd)
    ACTIVE_CHILDREN.add(pid)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    return pid, read_fd


def kill_active_children() -> None:
    """Kill every running candidate and whatever it spawned (used when the worker is stopped)."""
    for pid in list(ACTIVE_CHILDREN | _UNREAPED):
        _kill_group(pid)
    _UNREAPED.clear()
    remove_workdir()


def _kill_group(pid: int, wait: bool = True) -> None:
    """Kill a candidate and everything it spawned. Without ``wait`` the dead child is reaped
    later (``_reap``): its teardown then overlaps the next candidate instead of delaying it."""
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, signal.SIGKILL)):
        try:
            target()
        except (ProcessLookupError, PermissionError):
            pass
    try:
        if os.waitpid(pid, 0 if wait else os.WNOHANG)[0] == 0:
            _UNREAPED.add(pid)
    except ChildProcessError:
        pass


def _reap() -> None:
    for pid in list(_UNREAPED):
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == 0:
                continue
        except ChildProcessError:
            pass
        _UNREAPED.discard(pid)


def _death_reason(status: int) -> str:
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        if sig in (signal.SIGXCPU, signal.SIGPROF):
            return "CPU-time limit"
        return f"killed by {signal.Signals(sig).name}"
    return f"exited with code {os.WEXITSTATUS(status)}"


def _next_record(buffer: bytes, run: Run) -> tuple[tuple | None, bytes]:
    """The first whole record in ``buffer`` and what follows it; a garbled one marks ``run``."""
    while len(buffer) >= _HEADER.size:
        (size,) = _HEADER.unpack_from(buffer)
        if len(buffer) < _HEADER.size + size:
            break
        payload = buffer[_HEADER.size : _HEADER.size + size]
        buffer = buffer[_HEADER.size + size :]
        try:
            record = marshal.loads(payload)
        except (ValueError, EOFError, TypeError):
            run.stopped = "garbled result channel"
            continue
        if isinstance(record, tuple) and record:
            return record, buffer
    return None, buffer


def _apply(run: Run, record: tuple) -> None:
    tag = record[0]
    if tag == "load":
        run.load, run.load_steps = record[1], record[2]
    elif tag == "test":
        run.tests[record[1]] = (record[2], record[3], record[4])
    elif tag == "check":
        run.checks[record[1]] = (record[2], record[3], record[4])
    elif tag == "call":
        run.calls[record[1]] = (record[2], record[3])
    elif tag == "assert":
        run.asserts[record[1]] = (record[2], record[3])
    elif tag == "done":
        run.cpu = record[1]
        run.complete = True
