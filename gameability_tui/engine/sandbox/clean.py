"""Whether a child is still as clean as a new one, so that it may run the next job.

A child runs one job after another only while each leaves it as it found it; anything a
candidate leaves behind (a thread, a process, a file, a descriptor, a timer, a handler, a changed
builtin, module or environment variable, memory kept) ends the child, and the next job gets a new
one. What a child starts with is copied in the worker before the fork (``Inherited``), since a
copy made in each child costs a copy-on-write fault for every object it touches."""

from __future__ import annotations

import _signal
import os
import signal
import sys
from typing import NamedTuple

from .limits import _isolation, memory_bytes


class Inherited(NamedTuple):
    """What a child starts with from its worker, and must still hold after each job: builtins,
    modules and environment. Copied in the worker, not in each child: a copy made in a new child
    writes to every module and builtin it refers to (their reference counts), and each of those
    writes is a copy-on-write page fault, about a millisecond per child in all."""

    builtins: dict
    modules: dict
    environ: dict
    guarded: tuple  # (module, copy of its __dict__) for each of ``GUARDED_MODULES``


# Modules whose functions the runner and the record channel rely on. Threat: a candidate that
# wraps one (``marshal.dumps`` replaying the reference's answers, ``os.write``) in a child that
# then runs the next candidate. Defence: the runner holds its own references to them
# (``wire.py``, ``runner.py``), and a child whose modules here changed at all is ended.
GUARDED_MODULES = (
    "marshal", "os", "posix", "pickle", "random", "struct", "signal", "time", "hashlib",
    "gameability_tui.engine.outcome", "gameability_tui.engine.sandbox.encoding",
    "gameability_tui.engine.sandbox.runner", "gameability_tui.engine.sandbox.script_code",
    "gameability_tui.engine.sandbox.steps",
    "gameability_tui.engine.sandbox.monitor", "gameability_tui.engine.sandbox.line_tracer",
    "gameability_tui.engine.sandbox.wire",
)  # fmt: skip


def _guarded_now() -> tuple:
    return tuple(
        (sys.modules[name], dict(vars(sys.modules[name]))) for name in GUARDED_MODULES if name in sys.modules
    )


def _guarded_unchanged(guarded: tuple) -> bool:
    return all(_same_entries(vars(module), copy) for module, copy in guarded)


_INHERITED: tuple[int, Inherited] | None = None  # (len(sys.modules) when made, the copy)


def _environ_data() -> dict:
    """The environment as the process holds it (``os.environ``'s own bytes mapping where it has
    one, compared in C without decoding every variable)."""
    data = getattr(os.environ, "_data", None)
    return data if isinstance(data, dict) else dict(os.environ)


def inherited_state() -> Inherited:
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
        or not _guarded_unchanged(current[1].guarded)
    ):
        copy_ = Inherited(dict(builtins.__dict__), dict(sys.modules), dict(environ), _guarded_now())
        _INHERITED = current = (len(sys.modules), copy_)
    return current[1]


class CleanState:
    """What a candidate could leave behind in the child that would change the next one's run.

    A child runs jobs one after another only while each leaves it as it found it: no thread, no
    process, no file, no open descriptor, no alarm or signal handler, the same builtins, modules,
    sys streams, recursion limit, environment and working folder, the same functions in the
    modules the runner relies on (``GUARDED_MODULES``), and no more than 256 MB kept. Anything
    else ends the child, and the next job gets a new one. Not checked: attributes set inside
    other imported modules; a hostile candidate can change what its own child reports about
    itself, never its worker, and never another child.
    """

    def __init__(self, workdir: str, inherited: Inherited, environ: dict | None = None) -> None:
        self.workdir = workdir
        self.environ = inherited.environ if environ is None else environ  # as the child keeps it
        self.inherited = inherited  # copied by the worker before the fork (``inherited_state``)
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
            and _guarded_unchanged(inherited.guarded)
            and _same_entries(_environ_data(), self.environ)
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
    return memory_bytes(resident=True) / (1 << 20)


def _sys_state() -> tuple:
    return (
        sys.getrecursionlimit(), sys.stdin, sys.stdout, sys.stderr, sys.getprofile(), list(sys.path),
        _monitoring_tools(),
    )  # fmt: skip


# Threat: a candidate that claims a ``sys.monitoring`` tool and leaves callbacks behind, which
# would run (uncounted, as every monitoring callback is) inside the next candidate's calls.
# Defence: the tools in use are part of the state a job must leave as it found it.
_GET_TOOL = getattr(getattr(sys, "monitoring", None), "get_tool", None)


def _monitoring_tools() -> tuple:
    return tuple(_GET_TOOL(tool) for tool in range(6)) if _GET_TOOL is not None else ()


def _handlers() -> tuple:
    return tuple(_signal.getsignal(number) for number in _WATCHED_SIGNALS)  # raw: no enum lookups


_WATCHED_SIGNALS = (
    signal.SIGALRM, signal.SIGPROF, signal.SIGVTALRM, signal.SIGXCPU,
    signal.SIGTERM, signal.SIGINT, signal.SIGCHLD,
)  # fmt: skip
