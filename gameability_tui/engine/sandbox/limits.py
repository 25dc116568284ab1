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
import stat
import tempfile
from collections.abc import Iterator
from typing import Any

from ..step_units import STEPS
from . import namespaces
from .jobs import Job
from .steps import COMPILED_COUNTER

try:  # C helpers for the child (setup.py builds them where a compiler is available)
    from .compiled import _isolation
except ImportError:
    _isolation = None


ARENAS = 2  # glibc malloc arenas a child's threads share (``isolate``)


# A slow machine's pace of counted steps: the CPU backstop of a confirmation run. Measured on a
# 2-core shared machine (3.11 and 3.12, trace counter): 10-28 million steps a second with the
# compiled counter, 4.5-8.7 million with the Python one; these allow some 2.5x less (a mutant
# whose steps take longer still is one whose data grows at every turn: ``confirmation_cpu``).
# In the counter's own unit (``step_units.py``).
CONFIRM_STEPS_PER_SECOND = STEPS.compiled_pace if COMPILED_COUNTER else STEPS.python_pace


_LIBC: Any = None


_WORKDIR: tuple[int, str] | None = None  # (owning pid, path): one throwaway folder per process


_LANE_FOLDERS: dict[str, tuple[int, int]] = {}  # each lane folder made: (device, inode)


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
    if _WORKDIR is None or _WORKDIR[0] != os.getpid() or not _is_plain_folder(_WORKDIR[1]):
        _WORKDIR = (os.getpid(), tempfile.mkdtemp(prefix="gameability-"))
        atexit.register(shutil.rmtree, _WORKDIR[1], True)
    return _WORKDIR[1]


def _is_plain_folder(path: str) -> bool:
    """A folder itself, not a link to one."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def remove_workdir() -> None:
    if _WORKDIR is not None and _WORKDIR[0] == os.getpid():
        shutil.rmtree(_WORKDIR[1], ignore_errors=True)


def empty_folder(folder: str) -> None:
    """Remove everything in ``folder`` without ever following a symbolic link.

    Threat: a candidate renames its lane folder and leaves a link to another folder in its
    place; a cleanup that follows it deletes that folder's contents. Defence: the folder is
    opened with ``O_NOFOLLOW`` and emptied through its descriptor, each folder in it likewise
    (``_empty_at``: Python 3.10's ``shutil.rmtree`` takes no ``dir_fd``); a link, or anything
    but a folder, is unlinked itself. Whatever stands at that path afterwards is not trusted:
    ``lane_folder`` makes it anew.
    """
    parent, name = os.path.split(folder)
    try:
        parent_fd = os.open(parent, _FOLDER_FLAGS)
    except OSError:
        return
    try:
        _empty_at(parent_fd, name)
    finally:
        os.close(parent_fd)


_FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)


def _empty_at(parent_fd: int, name: str) -> None:
    """Empty the folder ``name`` in ``parent_fd``; unlink it if it is a link or not a folder."""
    try:
        fd = os.open(name, _FOLDER_FLAGS, dir_fd=parent_fd)
    except FileNotFoundError:
        return
    except OSError:  # a link (ELOOP) or not a folder (ENOTDIR): remove the entry, not its target
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=parent_fd)
        return
    try:
        with os.scandir(fd) as entries:
            leftovers = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in entries]
        for entry, is_folder in leftovers:
            if is_folder:
                with contextlib.suppress(OSError, RecursionError):  # (a nest deeper than the stack)
                    _empty_at(fd, entry)
                    os.rmdir(entry, dir_fd=fd)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(entry, dir_fd=fd)
    finally:
        os.close(fd)


def lane_folder(lane: int) -> str:
    """A throwaway folder per lane inside this process's, so lanes running at once never meet.

    Threat: a candidate replaced it (renamed it, left a link or a file in its place). Defence:
    a folder is used only while it is the very folder this process made (same device and inode,
    seen without following links); anything else at its path is removed, never followed, and
    the folder made again. Entries in the process's folder that are no lane's are removed too.
    """
    workdir = _workdir()
    folder = os.path.join(workdir, f"lane-{lane}")
    try:
        seen = os.lstat(folder)
        same = stat.S_ISDIR(seen.st_mode) and _LANE_FOLDERS.get(folder) == (seen.st_dev, seen.st_ino)
    except FileNotFoundError:
        same = False
    if not same:
        empty_folder(folder)
        with contextlib.suppress(OSError):
            os.rmdir(folder)
        os.mkdir(folder, 0o700)
        _chown_for_candidates(folder)
        made = os.lstat(folder)
        _LANE_FOLDERS[folder] = (made.st_dev, made.st_ino)
    return folder


def _chown_for_candidates(folder: str) -> None:
    """Hand a new lane folder to the user candidates run as (``namespaces.py``), the one place
    they may write; its parent only lets them through."""
    owner = namespaces.candidate_owner()
    if owner is not None:
        with contextlib.suppress(OSError):
            os.chmod(os.path.dirname(folder), 0o711)
            os.chown(folder, *owner, follow_symlinks=False)


def remove_strays() -> None:
    """Remove what a candidate left in this process's folder beside the lanes (a renamed lane
    folder, say), without following links."""
    if _WORKDIR is None or _WORKDIR[0] != os.getpid():
        return
    workdir = _WORKDIR[1]
    lanes = {os.path.basename(folder) for folder in _LANE_FOLDERS if os.path.dirname(folder) == workdir}
    try:
        fd = os.open(workdir, _FOLDER_FLAGS)
    except OSError:
        return
    try:
        strays = [name for name in os.listdir(fd) if name not in lanes]
        for name in strays:
            _empty_at(fd, name)
            with contextlib.suppress(OSError):
                os.rmdir(name, dir_fd=fd)
    finally:
        os.close(fd)


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent (the worker, or its init) exits."""
    if _isolation is not None:
        _isolation.die_with_parent(signal.SIGKILL)
    elif _LIBC:
        _LIBC.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


def isolate(memory_mb: int, address_space: int) -> None:
    """Cut the child off from the terminal, the worker's pipes, the user's folder and the machine."""
    os.setpgid(0, 0)
    die_with_parent()
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)
    _signal.signal(signal.SIGINT, _signal.SIG_DFL)
    _signal.signal(signal.SIGTERM, _signal.SIG_DFL)
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (64 << 20, 64 << 20))
    # Threat to a right answer: glibc reserves 64 MB of address space for each thread's arena
    # (untouched, but counted by RLIMIT_AS), so a reference that starts ~15 threads lost its
    # answers to a 1 GB limit. Defence: threads share two arenas; the limit counts what they use.
    if _isolation is not None and hasattr(_isolation, "arena_max"):
        _isolation.arena_max(ARENAS)
    limit = address_space + (memory_mb << 20)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def limit_cpu(job: Job) -> None:
    """This job's CPU backstops: a profiling timer (SIGPROF ends the child), exact to the
    millisecond, and ``RLIMIT_CPU``, which counts whole seconds of the whole child and ends it
    whatever the job does with signal handlers: set to what the child has used so far plus the
    job's limit (a confirmation run raises it for its own time, ``confirmation_cpu``)."""
    signal.setitimer(signal.ITIMER_PROF, job.cpu_seconds)
    _allow_cpu_for(job.cpu_seconds, exactly=True)


def _allow_cpu_for(seconds: float, exactly: bool = False) -> None:
    """``RLIMIT_CPU`` at what the child has used plus ``seconds`` and a second: exactly (a job's
    start), or no lower than that (a confirmation run, which must not cut the job's own)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    soft = math.ceil(usage.ru_utime + usage.ru_stime + seconds) + 1
    current, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    if exactly or current == resource.RLIM_INFINITY or current < soft:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


@contextlib.contextmanager
def confirmation_cpu(steps: int) -> Iterator[float]:
    """A confirmation run's own CPU time (yielded, in seconds): what ``steps`` take at a slow
    machine's pace, in place of what the job has left, which it gets back afterwards.

    Threat: a mutant that loops while its data grows (a big integer multiplied at each turn, a
    string built by prepending) takes ever longer per step, so the CPU backstop, not the step
    allowance, ends it. With what the job had left on top (a second or more), each one cost over
    a second of CPU; with the allowance's own time, it costs about what a harness's time limit
    does, and a run whose steps go at any ordinary pace still meets its allowance in steps, so
    its verdict is the same on every machine."""
    seconds = steps / CONFIRM_STEPS_PER_SECOND
    _allow_cpu_for(seconds)
    left = signal.setitimer(signal.ITIMER_PROF, seconds)[0]
    try:
        yield seconds
    finally:
        signal.setitimer(signal.ITIMER_PROF, left)


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
