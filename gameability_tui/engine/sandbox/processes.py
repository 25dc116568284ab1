"""Making, killing and reaping candidate children, and the zygote that forks them.

- Orphans: each child leads its own process group, killed whole when its candidate ends, and
  asks the kernel to kill it if its worker dies.
- Reaching back: a child closes every descriptor it must not hold (the other children's pipes,
  the worker's own request and answer pipes, the spare cores).
- Cost: the zygote (``zygote.py``) forks children on the worker's behalf, so the worker never
  pays the copy-on-write faults a live child costs every page it writes."""

from __future__ import annotations

import atexit
import os
import signal
from collections.abc import Iterable

from . import namespaces, spare_cores, zygote
from .clean import CleanState, Inherited, inherited_state
from .limits import die_with_parent, isolate, limit_cpu, load_libc, memory_bytes, remove_workdir
from .runner import run_candidate
from .steps import start_counter
from .wire import Channel, next_order

ACTIVE_CHILDREN: set[int] = set()  # pids of running candidates, for the worker's SIGTERM handler


_UNREAPED: set[int] = set()  # killed candidates whose exit status is not collected yet


PIPES: set[int] = set()  # this process's ends of its children's pipes


_OWN_CHANNELS: set[int] = set()  # a worker's request and answer pipes (``keep_from_children``)


def start_child(memory_mb: int, workdir: str, solo: bool) -> tuple[int, int, int, int]:
    """Start a child that runs, in ``workdir``, each job it reads from its orders pipe (the first
    alone when ``solo``); its pid, the read end of its results pipe (non-blocking), the write end
    of its orders pipe and the read end of its wake pipe (``Channel``). The zygote forks it where
    it can (``zygote.py``), else this process does; either way it is this process's child."""
    load_libc()
    namespaces.available()  # tried once, before the zygote is made: it forks as we would
    state = inherited_state()  # made before the fork: see Inherited
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
            pid = namespaces.fork_child(sibling=False)
            if pid == 0:
                child_main(state, ends, (memory_mb, workdir, solo), _kept_from_children() | ours)
    except BaseException:  # no child to hand these to (one the zygote made ends at their close)
        for fd in ours | set(ends):
            os.close(fd)
        raise
    for fd in ends:
        os.close(fd)
    PIPES.update((read_fd, orders_write, wake_read))
    os.set_blocking(read_fd, False)
    os.set_blocking(wake_read, False)
    ACTIVE_CHILDREN.add(pid)
    try:
        os.setpgid(pid, pid)
    except OSError:
        pass
    return pid, read_fd, orders_write, wake_read


def child_main(
    state: Inherited, ends: tuple[int, ...], request: tuple[int, str, bool], theirs: Iterable[int] = ()
) -> None:
    """A candidates' child, from its start to its exit (it never returns): it closes ``theirs``,
    runs the jobs it is sent in ``ends`` (results, orders, wake) while it stays clean, and exits."""
    write_fd, orders_read, wake_write = ends
    memory_mb, workdir, solo = request
    try:
        for fd in theirs:
            os.close(fd)
        outside_pid = 0
        if namespaces.cloned():  # this process is its namespaces' init; the runner goes on
            die_with_parent()
            namespaces.split_init()
            outside_pid = namespaces.seal(workdir)
        environ = namespaces.scrub_environment(workdir)
        state.environ.clear()  # the worker's whole environment, as copied before the fork
        os.chdir(workdir)
        isolate(memory_mb, memory_bytes(resident=False))  # it starts as a copy of its forker
        channel = Channel(write_fd, wake_write)
        if outside_pid:
            channel.send(("pid", outside_pid))
        start_counter()  # before the clean state is taken: the counter's tool is part of it
        clean = None if solo else CleanState(workdir, state, environ)
        job = None
        while (order := next_order(orders_read, job)) is not None:
            index, job = order
            channel.send(("job", index))
            limit_cpu(job)
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
    return PIPES | _OWN_CHANNELS | set(spare_cores.pipe() or ())


# bench/zygote.py turns it off (GAMEABILITY_TUI_ZYGOTE=off) to measure what it saves.
USE_ZYGOTE = zygote.available() and os.environ.get(zygote.SWITCH, "on") != "off"


_ZYGOTE: zygote.Zygote | None = None


def _zygote_for(state: Inherited) -> zygote.Zygote | None:
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
        _ZYGOTE = zygote.Zygote(state, child_main, _kept_from_children())
    return _ZYGOTE


def _drop_zygote() -> None:
    global _ZYGOTE
    if _ZYGOTE is not None:
        _ZYGOTE.close()  # not if this process is a forked copy of its owner: then it is not ours
    _ZYGOTE = None


# Collected at exit, so that its CPU time counts in its worker's (and a benchmark's) total.
atexit.register(_drop_zygote)


def kill_active_children() -> None:
    """Kill every running candidate and whatever it spawned, and the zygote (used when the
    worker is stopped)."""
    for pid in list(ACTIVE_CHILDREN | _UNREAPED):
        kill_group(pid)
    _UNREAPED.clear()
    _drop_zygote()
    remove_workdir()


def kill_group(pid: int, wait: bool = True) -> None:
    """Kill a candidate and everything it spawned. Without ``wait`` the dead child is reaped
    later (``reap``): its teardown then overlaps the next candidate instead of delaying it."""
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


def reap_later(pid: int) -> None:
    """A child that is ending by itself: collected by ``reap``, killed with the rest at the end."""
    _UNREAPED.add(pid)


def reap() -> None:
    for pid in list(_UNREAPED):
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == 0:
                continue
        except ChildProcessError:
            pass
        _UNREAPED.discard(pid)


def death_reason(status: int) -> str:
    """Why a child ended. A namespaces' init reports its runner's signal as 128 + the signal
    (``namespaces.encode_status``); a runner that exits with such a code itself reads the same."""
    signalled = os.WIFSIGNALED(status)
    sig = os.WTERMSIG(status) if signalled else 0
    if not signalled and namespaces.in_use() and 128 < os.WEXITSTATUS(status) < 128 + signal.NSIG:
        signalled, sig = True, os.WEXITSTATUS(status) - 128
    if signalled:
        if sig in (signal.SIGXCPU, signal.SIGPROF):
            return "CPU-time limit"
        try:
            return f"killed by {signal.Signals(sig).name}"
        except ValueError:
            return f"killed by signal {sig}"
    return f"exited with code {os.WEXITSTATUS(status)}"
