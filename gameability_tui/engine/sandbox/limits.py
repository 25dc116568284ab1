"""What bounds a candidate's child: its throwaway folders, its address space, its CPU time and
what it can reach of the terminal and the worker.

Verdicts rest on step counts (``steps.py``); these limits are backstops for what steps cannot
see (loops inside C code, memory hogs, a child that sleeps). A candidate stopped by them is
TRUNCATED, never counted as rejected. Files written by benchmark code land in a throwaway
folder per lane, emptied after every child."""

from __future__ import annotations

import _signal
import atexit
import contextlib
import ctypes
import math
import os
import resource
import shutil
import signal
import tempfile
from typing import Any

from .jobs import Job

try:  # C helpers for the child (setup.py builds them where a compiler is available)
    from .compiled import _isolation
except ImportError:
    _isolation = None


CONFIRM_STEPS_PER_SECOND = 2_000_000  # a slow machine's pace: the CPU backstop of a confirmation


_LIBC: Any = None


_WORKDIR: tuple[int, str] | None = None  # (owning pid, path): one throwaway folder per process


_LANE_FOLDERS: set[str] = set()


def load_libc() -> Any:
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


def empty_folder(folder: str) -> None:
    with os.scandir(folder) as entries:
        leftovers = [entry.path for entry in entries]
    for path in leftovers:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(path)


def lane_folder(lane: int) -> str:
    """A throwaway folder per lane inside this process's, so lanes running at once never meet."""
    folder = os.path.join(_workdir(), f"lane-{lane}")
    if folder not in _LANE_FOLDERS or not os.path.isdir(folder):
        os.makedirs(folder, exist_ok=True)
        _LANE_FOLDERS.add(folder)
    return folder


def isolate(memory_mb: int, address_space: int) -> None:
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


def limit_cpu(job: Job) -> None:
    """This job's CPU backstops: a profiling timer (SIGPROF ends the child), exact to the
    millisecond, and ``RLIMIT_CPU``, which counts whole seconds of the whole child and ends it
    whatever the job does with signal handlers: set to what the child has used so far plus the
    most this job may use (with its confirmation runs)."""
    signal.setitimer(signal.ITIMER_PROF, job.cpu_seconds)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + cpu_ceiling(job)) + 1
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def cpu_ceiling(job: Job) -> float:
    """The most CPU time ``job`` may use: its own limit, and what its confirmation runs may add."""
    return job.cpu_seconds + 1 + sum(job.confirm_budgets) / CONFIRM_STEPS_PER_SECOND


def memory_bytes(resident: bool) -> int:
    """This process's resident memory, or its whole address space, in bytes (/proc/self/statm)."""
    return int(read_proc("/proc/self/statm").split()[1 if resident else 0]) * resource.getpagesize()


def read_proc(path: str) -> bytes:
    """A small /proc file, read with os-level calls: it is read at every job (start and end), and
    a file object adds three system calls and a buffer each time."""
    fd = os.open(path, os.O_RDONLY)
    try:
        return os.read(fd, 256)
    finally:
        os.close(fd)
