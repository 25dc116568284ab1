"""Run candidate programs (the reference, mutants) in forked child processes.

Benchmark code is third-party and mutants are broken on purpose, so candidates never run in the
worker: a child runs them, one after another, each in a fresh namespace and under its own limits,
for as long as each leaves the child as it found it (``_Clean``); one that dies loses only itself,
and one that leaves anything behind ends the child. A runaway costs only that candidate, never the
problem. What runs inside the child, and in which order, is ``runner.py``'s job; this module
isolates the processes. What could make a result wrong, and the defence:

- Machine load deciding outcomes: verdicts rest on step counts (``runner.py``); wall-clock and CPU
  limits are only backstops for loops inside C code; a candidate stopped by them is TRUNCATED.
  The wall-clock backstop does not count the time the child spent waiting for a core
  (``/proc/PID/schedstat``): on a loaded machine a busy child is ended by its CPU limit, as on a
  quiet one, and only a child that sleeps or blocks is ended by the wall clock.
- Printed output corrupting results: the child's stdin/stdout/stderr point at /dev/null and results
  travel over a private pipe as length-prefixed ``marshal`` frames.
- Files written by benchmark code: the child runs in a throwaway directory, removed afterwards.
- Memory hogs: ``RLIMIT_AS`` bounds the child's address space; a CPU timer each candidate's CPU
  time, and ``RLIMIT_CPU`` the child's.
- Orphans: the child leads its own process group, killed whole when the candidate ends, and asks
  the kernel to kill it if its parent (the worker) dies.
- A truncated candidate is reported with what it finished; it is never counted as rejected.

The worker does not fork the children itself where it can help it: a small idle process forked
from it does, and they are still the worker's own children (``zygote.py``). A fork makes every
page the worker writes afterwards a copy-on-write fault while the child lives, and the worker
writes many while it audits a problem.
"""

from __future__ import annotations

import _signal
import atexit
import contextlib
import copy
import ctypes
import dataclasses
import marshal
import math
import os
import pickle
import resource
import select
import shutil
import signal
import struct
import sys
import tempfile
import time
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import zygote
from .runner import CONFIRM_STEPS_PER_SECOND, HEADER, Channel, Job, run_candidate

try:  # C helpers for the child (setup.py builds them where a compiler is available)
    from . import _isolation
except ImportError:
    _isolation = None

ACTIVE_CHILDREN: set[int] = set()  # pids of running candidates, for the worker's SIGTERM handler
_UNREAPED: set[int] = set()  # killed candidates whose exit status is not collected yet
_LANE_FOLDERS: set[str] = set()
_PIPES: set[int] = set()  # this process's ends of its children's pipes
_OWN_CHANNELS: set[int] = set()  # a worker's request and answer pipes (``keep_from_children``)

ORDER = struct.Struct("<I")  # the length of an order: a pickled (index, job), parent to child
# Fields an order may leave out: a job that differs from the one sent before only in its program
# (a problem's mutants) travels as (index, program), not as a whole pickled job.
_SHARED_FIELDS = tuple(f.name for f in dataclasses.fields(Job) if f.name != "program")
SPARE_CORES_VARIABLE = "GAMEABILITY_TUI_SPARE_CORES"  # "READ_FD,WRITE_FD" of the census's pipe
_SPARE_CORES: tuple[int, int] | None = None
_KEEPING = False  # inside children_kept(): children outlive run_jobs, for the next call's jobs
_KEPT: list[_Child] = []  # idle children, waiting for the next run_jobs of the same problem

__all__ = [
    "SPARE_CORES_VARIABLE",
    "AssertRun",
    "children_kept",
    "Job",
    "Run",
    "kill_active_children",
    "run_job",
    "run_jobs",
    "share_spare_cores",
    "shares_spare_cores",
    "spare_cores_from_environment",
]


class AssertRun(NamedTuple):
    """One assert text's run: did it pass, in how many steps, and did it run out of its budget."""

    passed: bool
    steps: int
    exceeded: bool


@dataclass
class Run:
    """What came back from one child. ``complete`` is False when it was stopped or died."""

    complete: bool = False
    load: Any = None  # None when the program loaded, else an outcome
    load_steps: int = 0
    tests: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, why, steps)
    calls: dict[int, tuple[Any, int]] = field(default_factory=dict)  # i -> (outcome, steps)
    checks: dict[int, tuple[bool, Any, int]] = field(default_factory=dict)  # i -> (passed, outcome, steps)
    asserts: dict[int, AssertRun] = field(default_factory=dict)
    slow: set[int] = field(default_factory=set)  # calls that returned the right answer, given time
    pending: set[int] = field(default_factory=set)  # tests it stopped at: their budgets were not known
    cpu: float = 0.0
    stopped: str = ""  # why an incomplete child ended


_LIBC: Any = None
_WORKDIR: tuple[int, str] | None = None  # (owning pid, path): one throwaway folder per process


def _libc() -> Any:
    """libc, loaded once in the parent so each child need not load it again."""
    global _LIBC
    if _LIBC is None:
        try:
            _LIBC = ctypes.CDLL(None, use_errno=True)
            _LIBC.prctl  # looked up here, once, not in every child  # noqa: B018
        except (OSError, AttributeError):
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


def _isolate(memory_mb: int, address_space: int) -> None:
    """Cut the child off from the terminal, the worker's pipes, the user's folder and the machine."""
    os.setpgid(0, 0)
    if _isolation is not None:
        _isolation.die_with_parent(signal.SIGKILL)
    elif _LIBC:
        _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: die with the worker
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    _signal.signal(signal.SIGINT, _signal.SIG_DFL)
    _signal.signal(signal.SIGTERM, _signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    limit = address_space + (memory_mb << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def _limit_cpu(job: Job) -> None:
    """This job's CPU backstops: a profiling timer (SIGPROF ends the child), exact to the
    millisecond, and ``RLIMIT_CPU``, which counts whole seconds of the whole child and ends it
    whatever the job does with signal handlers: set to what the child has used so far plus the
    most this job may use (with its confirmation runs)."""
    signal.setitimer(signal.ITIMER_PROF, job.cpu_seconds)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + _cpu_ceiling(job)) + 1
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


class _Inherited(NamedTuple):
    """What a child starts with from its worker, and must still hold after each job: builtins,
    modules and environment. Copied in the worker, not in each child: a copy made in a new child
    writes to every module and builtin it refers to (their reference counts), and each of those
    writes is a copy-on-write page fault, about a millisecond per child in all."""

    builtins: dict
    modules: dict
    environ: dict


_INHERITED: tuple[int, _Inherited] | None = None  # (len(sys.modules) when made, the copy)


def _environ_data() -> dict:
    """The environment as the process holds it (``os.environ``'s own bytes mapping where it has
    one, compared in C without decoding every variable)."""
    data = getattr(os.environ, "_data", None)
    return data if isinstance(data, dict) else dict(os.environ)


def _inherited() -> _Inherited:
    """The worker's builtins, modules and environment as a child forked now starts with; made
    again whenever they changed (a module the worker imported later, say)."""
    global _INHERITED
    import builtins

    environ = _environ_data()
    current = _INHERITED
    if (
        current is None
        or current[0] != len(sys.modules)
        or current[1].builtins != builtins.__dict__
        or current[1].environ != environ
    ):
        copy_ = _Inherited(dict(builtins.__dict__), dict(sys.modules), dict(environ))
        _INHERITED = current = (len(sys.modules), copy_)
    return current[1]


class _Clean:
    """What a candidate could leave behind in the child that would change the next one's run.

    A child runs jobs one after another only while each leaves it as it found it: no thread, no
    process, no file, no open descriptor, no alarm or signal handler, the same builtins, modules,
    sys streams, recursion limit, environment and working folder, and no more than 256 MB kept.
    Anything else ends the child, and the next job gets a new one. Not checked: attributes set
    inside an already imported module; benchmark code is careless, not malicious.
    """

    def __init__(self, workdir: str, inherited: _Inherited) -> None:
        self.workdir = workdir
        self.inherited = inherited  # copied by the worker before the fork (``_inherited``)
        self.threads = _count("/proc/self/task")
        self.descriptors = _count("/proc/self/fd")
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
        inherited = self.inherited
        return (
            _resident_mb() < self.resident_mb + 256  # memory it kept: give the next job a new child
            and _count("/proc/self/fd") == self.descriptors
            and os.getcwd() == self.workdir
            and not os.listdir(self.workdir)
            and _same_entries(builtins.__dict__, inherited.builtins)
            and _holds_entries(sys.modules, inherited.modules)  # new modules may come
            and _same_entries(_environ_data(), inherited.environ)
            and _sys_state() == self.sys_state
            and _handlers() == self.handlers
        )


def _holds_entries(current: dict, inherited: dict) -> bool:
    """Every entry of ``inherited`` is still in ``current``, the very same object."""
    if _isolation is not None:  # reads borrowed references: no page of the worker's is written
        return _isolation.holds_entries(inherited, current)
    return all(current.get(key, current) is value for key, value in inherited.items())


def _same_entries(current: dict, inherited: dict) -> bool:
    """``current`` holds exactly the entries of ``inherited``, each the very same object."""
    if _isolation is not None:
        return _isolation.same_entries(inherited, current)
    return len(current) == len(inherited) and _holds_entries(current, inherited)


def _count(folder: str) -> int:
    return len(os.listdir(folder))


def _resident_mb() -> float:
    return _memory_bytes(resident=True) / (1 << 20)


def _memory_bytes(resident: bool) -> int:
    """This process's resident memory, or its whole address space, in bytes (/proc/self/statm)."""
    return int(_read_proc("/proc/self/statm").split()[1 if resident else 0]) * resource.getpagesize()


def _read_proc(path: str) -> bytes:
    """A small /proc file, read with os-level calls: it is read at every job (start and end), and
    a file object adds three system calls and a buffer each time."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 256)
    finally:
        os.close(fd)


def _sys_state() -> tuple:
    return (sys.getrecursionlimit(), sys.stdin, sys.stdout, sys.stderr, sys.getprofile(), list(sys.path))


def _handlers() -> tuple:
    return tuple(_signal.getsignal(number) for number in _WATCHED_SIGNALS)  # raw: no enum lookups


_WATCHED_SIGNALS = (
    signal.SIGALRM, signal.SIGPROF, signal.SIGVTALRM, signal.SIGXCPU,
    signal.SIGTERM, signal.SIGINT, signal.SIGCHLD,
)  # fmt: skip


# --------------------------------------------------------------------------- spare cores


def share_spare_cores(read_fd: int, write_fd: int) -> None:
    """Take part in a census's spare cores: a pipe holding one byte per core whose worker has run
    out of problems (the census writes them). A child for more jobs of a problem starts only on a
    byte taken from it, and gives it back when it ends, so children never outnumber cores."""
    global _SPARE_CORES
    os.set_blocking(read_fd, False)
    _SPARE_CORES = (read_fd, write_fd)


def spare_cores_from_environment() -> None:
    """``share_spare_cores`` with the pipe the census named in ``SPARE_CORES_VARIABLE``, if any."""
    named = os.environ.get(SPARE_CORES_VARIABLE, "")
    read_fd, _, write_fd = named.partition(",")
    if read_fd.isdigit() and write_fd.isdigit():
        share_spare_cores(int(read_fd), int(write_fd))


def shares_spare_cores() -> bool:
    return _SPARE_CORES is not None


def _take_core() -> bool:
    if _SPARE_CORES is None:
        return False
    try:
        return os.read(_SPARE_CORES[0], 1) == b"+"
    except (BlockingIOError, OSError):
        return False


def _give_core() -> None:
    if _SPARE_CORES is not None:
        with contextlib.suppress(OSError):
            os.write(_SPARE_CORES[1], b"+")


# --------------------------------------------------------------------------- parent side


def run_job(job: Job) -> Run:
    """Fork a child for ``job``, collect its records, and clean up whatever it left behind."""
    return run_jobs([job])[0]


@contextlib.contextmanager
def children_kept() -> Iterator[None]:
    """Within this block (one problem's audit), a child that has run the jobs it was handed and is
    still clean waits for the next ``run_jobs`` call instead of ending, and is handed its jobs.

    A problem runs its reference, its mutants, further rounds and its asserts in separate calls;
    a fork and the copy-on-write faults that follow cost more than most of those jobs, and a
    child kept clean (``_Clean``) is as good as a new one. Children never outlive the block, so
    no state, even one ``_Clean`` cannot see, passes from one problem to another.
    """
    global _KEEPING
    _KEEPING = True
    try:
        yield
    finally:
        _KEEPING = False
        while _KEPT:
            _KEPT.pop().close()


def run_jobs(jobs: list[Job], lanes: int = 1) -> list[Run]:
    """Run ``jobs``, each in a fresh namespace, sharing a child while each leaves it clean.

    A fork per candidate costs more than most candidates' own work, so a child runs one job after
    another. Isolation does not depend on it: a job that dies (a limit, a crash) loses only
    itself, and one that leaves anything behind (see ``_Clean``) ends the child; the remaining
    jobs go on in a new one. Results are the same as with a child per job.

    Jobs are handed out in order, one at a time, to ``lanes`` children at once (each in its own
    folder), and to one more child for each spare core the census offers while jobs are waiting
    (``share_spare_cores``): at the end of an audit, the cores whose workers have run out of
    problems take the mutants of a costly problem still being judged. Verdicts rest on step
    counts, and every job starts from the same state in any child, so neither the number of
    lanes nor which child runs which job changes a result.
    """
    runs = [Run() for _ in jobs]
    waiting = deque(range(len(jobs)))
    children: list[_Child] = []
    for _ in range(max(1, min(lanes, len(jobs)))):
        children.append(_child_for(jobs, runs, waiting, children))
    try:
        while children:
            while waiting and _take_core():
                children.append(_child_for(jobs, runs, waiting, children, borrowed=True))
            deadline = min(child.deadline for child in children)
            timeout = min(max(0.0, deadline - time.monotonic()), 0.1)
            watched = [child.wake for child in children]
            if _SPARE_CORES is not None and waiting:
                watched.append(_SPARE_CORES[0])
            ready, _, _ = select.select(watched, [], [], timeout)
            for index, child in enumerate(list(children)):
                if not child.advance(child.wake in ready):
                    continue
                if child.idle and _KEEPING and not child.borrowed:
                    _KEPT.append(child)
                else:
                    child.close()
                if waiting:
                    children[index] = _child_for(jobs, runs, waiting, children, child.borrowed)
                else:
                    children[index] = None
                    if child.borrowed:
                        _give_core()
            children = [child for child in children if child is not None]
    finally:
        for child in children:
            child.close()
            if child.borrowed:
                _give_core()
    return runs


def _child_for(
    jobs: list[Job], runs: list[Run], waiting: deque, running: list, borrowed: bool = False
) -> _Child:
    """A kept child (``children_kept``) that can take these jobs, else a new one in a free lane."""
    while _KEPT:
        child = _KEPT.pop()
        if child.memory_mb == jobs[0].memory_mb and child.take(jobs, runs, waiting, borrowed):
            return child
        child.close()
    busy = {child.lane for child in running if child is not None} | {child.lane for child in _KEPT}
    lane = next(number for number in range(len(busy) + 1) if number not in busy)
    return _Child(jobs, runs, waiting, lane, borrowed)


class _Child:
    """One forked child, the jobs handed to it, and what has come back from it.

    It is handed one job at a time, the next when it reports the last one done (a job travels
    pickled, and the child reads it only then, so neither side ever waits on a full pipe while
    the other does); no job waits in a busy child while another is free. A child made for the last job
    waiting (``solo``), outside ``children_kept``, runs that one alone and skips the state
    snapshot that sharing needs.
    """

    def __init__(self, jobs: list[Job], runs: list[Run], waiting: deque, lane: int, borrowed: bool = False):
        self.lane = lane
        self.memory_mb = jobs[0].memory_mb
        self.buffer = b""
        self.exited = False
        self.solo = len(waiting) == 1 and not _KEEPING
        self.workdir = _lane_folder(lane)
        self.ever_started = False  # it has reported starting a job, in this call or an earlier one
        self.sent: Job | None = None  # the last job handed to it, which the next order may extend
        self.pid, self.fd, self.orders, self.wake = _fork(jobs[0].memory_mb, self.workdir, self.solo)
        # If it died at once, ``take`` left the job waiting (and current); ``advance`` ends the child.
        self.take(jobs, runs, waiting, borrowed)

    def take(self, jobs: list[Job], runs: list[Run], waiting: deque, borrowed: bool) -> bool:
        """Start on these jobs (a new child, or a kept one); False if it could not be handed one."""
        self.jobs, self.runs, self.waiting, self.borrowed = jobs, runs, waiting, borrowed
        self.handed: deque[int] = deque()  # handed to it and not started yet
        self.given = 0  # jobs handed to it for these jobs
        self.idle = False  # it ran what it was handed and waits for more
        self.current = waiting[0]
        self._hand_next()
        self._start_clock()
        return bool(self.handed)

    def _hand_next(self) -> None:
        if not self.waiting or (self.solo and self.given):
            return
        index = self.waiting.popleft()
        job = self.jobs[index]
        shown = job.program if _only_program_differs(job, self.sent) else job
        order = pickle.dumps((index, shown), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            os.write(self.orders, ORDER.pack(len(order)) + order)
        except OSError:  # it has died: the job waits for another child
            self.waiting.appendleft(index)
            return
        self.sent = job
        self.handed.append(index)
        self.given += 1

    def _start_clock(self) -> None:
        self.started = time.monotonic()
        self.allowance = self.jobs[self.current].wall_seconds
        self.waited_before = _waited_for_a_core(self.pid)

    @property
    def deadline(self) -> float:
        return self.started + self.allowance

    def _out_of_time(self) -> bool:
        """Past the wall-clock allowance, not counting the time spent waiting for a core."""
        if time.monotonic() < self.deadline:
            return False
        waited = _waited_for_a_core(self.pid) - self.waited_before
        if waited > 0:
            self.allowance += waited
            self.waited_before += waited
        return time.monotonic() >= self.deadline

    def advance(self, woken: bool) -> bool:
        """Take in what the child sent; True once it has ended, or has nothing left to do.
        ``woken``: its wake pipe is readable (a job done, more time granted, a full pipe, or the
        child gone); what it sent is read at every wake, woken or not."""
        if woken:
            with contextlib.suppress(BlockingIOError):
                os.read(self.wake, 1 << 12)
        if self._read_available():
            if self.runs[self.current].complete and not self.handed:
                self._hand_next()  # jobs given back by a child that ended
                self.idle = not self.handed
                return self.idle
            return False
        run = self.runs[self.current]
        if self._out_of_time():
            run.stopped = "wall-clock limit"
            return self._ended()
        if self.exited:  # it exited and nothing is left to read
            if not run.complete:  # else it ended between jobs (the last one left it unclean)
                run.stopped = run.stopped or "died"
            return self._ended()
        done_pid, status = os.waitpid(self.pid, os.WNOHANG)
        if done_pid:
            self.exited = True
            self._read_available()  # what it sent after we looked: the end of its last job, perhaps
            run = self.runs[self.current]
            if not run.complete:
                run.stopped = _death_reason(status)
        return False

    def _read_available(self) -> bool:
        """Take in everything now in its pipe, without waiting (a process it started may hold
        the pipe open after it exits); whether anything came."""
        came = False
        try:
            while chunk := os.read(self.fd, 1 << 16):
                self._absorb(chunk)
                came = True
        except BlockingIOError:
            pass
        return came

    def _ended(self) -> bool:
        """Give the jobs it was handed and never started back, first in line; but a new child
        that ended before starting its first job has failed that job, so that no job is handed on
        and on to new children that cannot start (a kept child may end between jobs: it had left
        itself unclean, and its job goes to a new one)."""
        if self.handed and self.handed[0] == self.current and not self.ever_started:
            self.handed.popleft()
            self.runs[self.current].stopped = self.runs[self.current].stopped or "died before it started"
        self.waiting.extendleft(reversed(self.handed))
        self.handed.clear()
        return True

    def _absorb(self, chunk: bytes) -> None:
        self.buffer += chunk
        while True:
            record, self.buffer = _next_record(self.buffer, self.runs[self.current])
            if record is None:
                return
            if record[0] == "job":
                self.ever_started = True
                if record[1] in self.handed:
                    self.handed.remove(record[1])
                if record[1] != self.current:
                    self.current = record[1]
                    self._start_clock()
            elif record[0] == "extend":  # a confirmation run was granted more CPU time
                self.allowance += 2 * record[1]
            else:
                _apply(self.runs[self.current], record)
                if record[0] == "done" and not self.handed and not self.exited:
                    self._hand_next()

    def close(self) -> None:
        if self.pid < 0:  # closed already
            return
        for fd in (self.fd, self.orders, self.wake):
            os.close(fd)
            _PIPES.discard(fd)
        _kill_group(self.pid, wait=False)
        ACTIVE_CHILDREN.discard(self.pid)
        _empty(self.workdir)
        _reap()
        self.pid = -1


def _waited_for_a_core(pid: int) -> float:
    """Seconds ``pid`` has spent runnable but waiting for a core (0 where the kernel does not say)."""
    try:
        return int(_read_proc(f"/proc/{pid}/schedstat").split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return 0.0


def _lane_folder(lane: int) -> str:
    """A throwaway folder per lane inside this process's, so lanes running at once never meet."""
    folder = os.path.join(_workdir(), f"lane-{lane}")
    if folder not in _LANE_FOLDERS or not os.path.isdir(folder):
        os.makedirs(folder, exist_ok=True)
        _LANE_FOLDERS.add(folder)
    return folder


def _fork(memory_mb: int, workdir: str, solo: bool) -> tuple[int, int, int, int]:
    """Start a child that runs, in ``workdir``, each job it reads from its orders pipe (the first
    alone when ``solo``); its pid, the read end of its results pipe (non-blocking), the write end
    of its orders pipe and the read end of its wake pipe (``Channel``). The zygote forks it where
    it can (``zygote.py``), else this process does; either way it is this process's child."""
    _libc()
    state = _inherited()  # made before the fork: see _Inherited
    forker = _zygote_for(state)  # before the pipes: they are not the zygote's to hold
    read_fd, write_fd = os.pipe()
    orders_read, orders_write = os.pipe()
    wake_read, wake_write = os.pipe()
    ends = (write_fd, orders_read, wake_write)
    ours = {read_fd, orders_write, wake_read}
    try:
        pid = forker.fork(ends, (memory_mb, workdir, solo)) if forker is not None else None
        if pid is None:
            _drop_zygote()  # gone, or it could not fork: the next child makes a new one
            pid = os.fork()
            if pid == 0:
                _child(state, ends, (memory_mb, workdir, solo), _kept_from_children() | ours)
    except BaseException:  # no child to hand these to (one the zygote made ends at their close)
        for fd in ours | set(ends):
            os.close(fd)
        raise
    for fd in ends:
        os.close(fd)
    _PIPES.update((read_fd, orders_write, wake_read))
    os.set_blocking(read_fd, False)
    os.set_blocking(wake_read, False)
    ACTIVE_CHILDREN.add(pid)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    return pid, read_fd, orders_write, wake_read


def _child(
    state: _Inherited, ends: tuple[int, ...], request: tuple[int, str, bool], theirs: Iterable[int] = ()
) -> None:
    """A candidates' child, from its start to its exit (it never returns): it closes ``theirs``,
    runs the jobs it is sent in ``ends`` (results, orders, wake) while it stays clean, and exits."""
    write_fd, orders_read, wake_write = ends
    memory_mb, workdir, solo = request
    try:
        for fd in theirs:
            os.close(fd)
        os.chdir(workdir)
        _isolate(memory_mb, _memory_bytes(resident=False))  # it starts as a copy of its forker
        channel = Channel(write_fd, wake_write)
        clean = None if solo else _Clean(workdir, state)
        job = None
        while (order := _next_order(orders_read, job)) is not None:
            index, job = order
            channel.send(("job", index))
            _limit_cpu(job)
            run_candidate(job, channel)
            if clean is None or not clean.still_clean():
                break
    except BaseException:
        pass
    finally:
        os._exit(0)


def keep_from_children(*fds: int) -> None:
    """Close ``fds`` in every candidate child: a worker's request and answer pipes, where a
    candidate could read the next problem's request or write into the answers."""
    _OWN_CHANNELS.update(fds)


def _kept_from_children() -> set[int]:
    """Descriptors no child may hold: the other children's pipes, the process's own channels,
    and the spare cores (one descriptor for both ends where they are a node's named pipe, on
    Ray), whose bytes a candidate could take."""
    return _PIPES | _OWN_CHANNELS | set(_SPARE_CORES or ())


# bench/zygote.py turns it off (GAMEABILITY_TUI_ZYGOTE=off) to measure what it saves.
USE_ZYGOTE = zygote.available() and os.environ.get(zygote.SWITCH, "on") != "off"
_ZYGOTE: zygote.Zygote | None = None


def _zygote_for(state: _Inherited) -> zygote.Zygote | None:
    """This process's zygote, made again when what a child inherits has changed; None where
    there is none to have (the caller forks)."""
    global _ZYGOTE
    if not USE_ZYGOTE:
        return None
    if _ZYGOTE is not None and (
        _ZYGOTE.pid <= 0 or _ZYGOTE.made_for is not state or _ZYGOTE.owner != os.getpid()
    ):
        _drop_zygote()
    if _ZYGOTE is None:
        _ZYGOTE = zygote.Zygote(state, _child, _kept_from_children())
    return _ZYGOTE


def _drop_zygote() -> None:
    global _ZYGOTE
    if _ZYGOTE is not None:
        _ZYGOTE.close()  # not if this process is a forked copy of its owner: then it is not ours
    _ZYGOTE = None


# Collected at exit, so that its CPU time counts in its worker's (and a benchmark's) total.
atexit.register(_drop_zygote)


def _only_program_differs(job: Job, sent: Job | None) -> bool:
    """Whether ``job`` is ``sent`` with another program (the very same objects in every other
    field, as ``dataclasses.replace`` leaves them), so that its order can carry the program alone."""
    return sent is not None and all(getattr(job, name) is getattr(sent, name) for name in _SHARED_FIELDS)


def _next_order(fd: int, previous: Job | None) -> tuple[int, Job] | None:
    """The next (index, job) from the parent; None once it has closed the pipe. An order that
    holds a program alone is ``previous`` with that program."""
    header = _read_exactly(fd, ORDER.size)
    if header is None:
        return None
    payload = _read_exactly(fd, ORDER.unpack(header)[0])
    if payload is None:
        return None
    index, shown = pickle.loads(payload)
    if isinstance(shown, Job):
        return index, shown
    job = copy.copy(previous)
    job.program = shown
    return index, job


def _read_exactly(fd: int, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = os.read(fd, size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def _cpu_ceiling(job: Job) -> float:
    """The most CPU time ``job`` may use: its own limit, and what its confirmation runs may add."""
    return job.cpu_seconds + 1 + sum(job.confirm_budgets) / CONFIRM_STEPS_PER_SECOND


def kill_active_children() -> None:
    """Kill every running candidate and whatever it spawned, and the zygote (used when the
    worker is stopped)."""
    for pid in list(ACTIVE_CHILDREN | _UNREAPED):
        _kill_group(pid)
    _UNREAPED.clear()
    _drop_zygote()
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
    while len(buffer) >= HEADER.size:
        (size,) = HEADER.unpack_from(buffer)
        if len(buffer) < HEADER.size + size:
            break
        payload = buffer[HEADER.size : HEADER.size + size]
        buffer = buffer[HEADER.size + size :]
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
    elif tag == "slow":
        run.slow.add(record[1])
    elif tag == "pending":
        run.pending.add(record[1])
    elif tag == "assert":
        run.asserts[record[1]] = AssertRun(record[2], record[3], record[4])
    elif tag == "done":
        run.cpu = record[1]
        run.complete = True
