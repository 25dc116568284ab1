"""A small idle process that forks the worker's candidate children for it (``sandbox._fork``).

While a forked child lives, every page its parent writes is a copy-on-write fault, and a worker
writes thousands of pages while it audits a problem (parse trees, mutants, orders, records):
measured on MBPP, about 940 faults per problem, a fifth of an ordinary problem's CPU time. The
zygote is forked from the worker once, then does nothing but fork: it writes almost no page, so
its children cost it nothing, and the worker itself never forks a candidate's child again.

Its children are the worker's own (``_isolation.fork_sibling``: CLONE_PARENT), so the worker
waits for them, kills them and reads how they died exactly as it does a child it forked, and they
die with the worker. Each starts as a copy of the worker made when the zygote was: the caller
makes a new zygote whenever what a child inherits has changed (``made_for``), so that a candidate
starts from the same modules, builtins and environment either way.
"""

from __future__ import annotations

import os
import pickle
import signal
import socket
import struct
from collections.abc import Callable
from typing import Any

from . import namespaces

try:  # the C helpers (setup.py builds them where a compiler is available)
    from .compiled import _isolation
except ImportError:
    _isolation = None

SWITCH = "GAMEABILITY_TUI_ZYGOTE"  # "off": every child is forked by the worker itself, as before
_PID = struct.Struct("<i")
_ENDS = 3  # descriptors a child is handed: its results pipe, orders pipe and wake pipe
_LARGEST_REQUEST = 1 << 16

# Runs in the new child with (made_for, its descriptors, the request); never returns.
StartChild = Callable[[Any, tuple[int, ...], Any], None]


def available() -> bool:
    """Whether children can be forked this way here (the C helper was built)."""
    return _isolation is not None and hasattr(_isolation, "fork_sibling")


class Zygote:
    """The forking process of one worker. ``fork`` returns a child's pid, or None once the zygote
    is gone (then the caller forks the child itself, and may make a new zygote)."""

    def __init__(self, made_for: Any, start_child: StartChild, theirs: set[int]) -> None:
        self.made_for = made_for
        self.owner = os.getpid()  # a process forked from the owner must not use it: not its children
        ours, connection = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:  # the zygote
            try:
                ours.close()
                for fd in theirs:  # not its children's: the worker's pipes to its other children
                    os.close(fd)
                _serve(connection, made_for, start_child)
            finally:
                os._exit(0)
        connection.close()
        self.pid, self.socket = pid, ours

    def fork(self, ends: tuple[int, int, int], request: Any) -> int | None:
        """A new child of this process holding ``ends`` (the caller still closes its copies)."""
        if self.pid <= 0:
            return None
        try:
            socket.send_fds(self.socket, [pickle.dumps(request)], list(ends))
            reply = self.socket.recv(_PID.size)
        except OSError:
            return None
        except BaseException:  # interrupted between a request and its answer: they no longer pair
            self.close()
            raise
        if len(reply) != _PID.size:
            return None
        pid = _PID.unpack(reply)[0]
        return pid if pid > 0 else None

    def close(self) -> None:
        """End the zygote (its children go on: they are not its own) and collect its exit."""
        if self.pid <= 0 or self.owner != os.getpid():
            return
        self.socket.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        self.pid = -1


def _serve(connection: socket.socket, made_for: Any, start_child: StartChild) -> None:
    """The zygote's life: fork one child per request until the worker closes the connection."""
    if _isolation is not None:
        _isolation.die_with_parent(signal.SIGKILL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the worker decides when its children stop
    while True:
        message, fds, _, _ = socket.recv_fds(connection, _LARGEST_REQUEST, _ENDS)
        if not message:
            return
        try:
            pid = namespaces.fork_child(sibling=True)
        except OSError:
            pid = -1
        if pid == 0:  # the candidates' child
            try:
                connection.close()
                start_child(made_for, tuple(fds), pickle.loads(message))
            finally:
                os._exit(0)
        for fd in fds:
            os.close(fd)
        connection.send(_PID.pack(pid))
