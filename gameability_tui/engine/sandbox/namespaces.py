"""Kernel isolation of a candidate's child: its own user, PID, mount, network and IPC namespaces.

Threats, each beside its defence (a child made here holds them for every job it runs):

- Writes anywhere (absolute paths, ``../..``, after ``chdir``): the child's mount namespace sees
  the whole file system read-only except its lane folder (a writable bind mount of itself).
- Reaching back into the worker (``/proc/PPID/fd``, ``/proc/PID/environ``, signals to the worker,
  a forged line in its answer pipe): the child is in a PID namespace of its own with its own
  ``/proc``; no process outside it has a pid it could name.
- Outliving the audit (a double-forked ``setsid`` daemon): the namespace's first process is a
  small init that waits for the runner; when it ends, or the worker kills it, the kernel kills
  everything else in the namespace.
- The network: a network namespace with nothing in it (not even ``lo`` up).
- Undoing all this from inside: once its mounts are made the runner drops every capability for
  good (bounding set, locked securebits, ``no_new_privs``), so it cannot unmount or remount.
- Secrets in the environment: the runner keeps only ``SAFE_VARIABLES`` (``scrub_environment``),
  with or without namespaces.

The child is root of its user namespace, mapped to an unprivileged user (nobody) where that user
can read the interpreter's files, else to the worker's own user; either way it has no capability
outside its namespaces. Where the kernel refuses namespaces, ``available`` says so once
(``GAP``) and children are forked as before, isolated only by their folder, limits and scrubbed
environment.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
import warnings

try:
    from .compiled import _isolation
except ImportError:
    _isolation = None

CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID = 0x00020000, 0x10000000, 0x20000000
CLONE_NEWNET, CLONE_NEWIPC, CLONE_NEWUTS = 0x40000000, 0x08000000, 0x04000000
FLAGS = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS

MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MS_NOATIME, MS_NODIRATIME, MS_RELATIME = 1024, 2048, 1 << 21
# statvfs flags of a mount that a remount inside a user namespace must keep (they are locked)
_KEPT_FLAGS = (
    (os.ST_NOSUID, MS_NOSUID), (os.ST_NODEV, MS_NODEV), (os.ST_NOEXEC, MS_NOEXEC),
    (os.ST_NOATIME, MS_NOATIME), (os.ST_NODIRATIME, MS_NODIRATIME), (os.ST_RELATIME, MS_RELATIME),
)  # fmt: skip

SAFE_VARIABLES = (b"PATH", b"LANG", b"PYTHONHASHSEED")  # and every LC_*, and HOME (the lane folder)
SWITCH = "GAMEABILITY_TUI_NAMESPACES"  # "off": fork children as before (bench/sandbox.py compares)
NOBODY = 65534

GAP = (
    "sandbox: candidates get no user/PID/mount namespaces of their own ({reason}); they run as the "
    "auditor's user and can read its processes' /proc, write outside their folder and reach the "
    "network; only their folder, limits and a scrubbed environment isolate them"
)

_STATE: dict[str, object] = {}  # "ok": bool, "reason": str, "outside": (uid, gid), per process


def available() -> bool:
    """Whether children here get their own namespaces: tried once per process, with a whole child
    made and sealed as a real one is; where refused, a warning names the gap once."""
    if "ok" not in _STATE:
        reason = _try_namespaces()
        _STATE["ok"], _STATE["reason"] = reason is None, reason or ""
        if reason is not None and os.environ.get(SWITCH, "on") != "off":
            _warn_once(reason)
    return bool(_STATE["ok"])


def cloned() -> bool:
    """Whether this process was cloned into new namespaces (``fork_child``): its init to be."""
    return _STATE.get("cloned") is True


def _warn_once(reason: str) -> None:
    if not _STATE.get("warned"):
        _STATE["warned"] = True
        warnings.warn(GAP.format(reason=reason), RuntimeWarning, stacklevel=3)


def in_use() -> bool:
    """Whether this process's children are made in namespaces (known once ``available`` ran)."""
    return _STATE.get("ok") is True


def runner_pid() -> int:
    """This runner's pid as its worker sees it (its own pid without namespaces)."""
    return int(_STATE.get("runner", os.getpid()))  # type: ignore[call-overload]


def gap() -> str | None:
    """The sentence that names what is not isolated here, or None when namespaces hold."""
    return None if available() else GAP.format(reason=_STATE["reason"])


def isolation_note() -> str | None:
    """``gap()`` for a command to say once in its own words: a worker's warning goes nowhere (its
    stderr is /dev/null), so the process that starts the census asks the kernel itself."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return gap()


def candidate_owner() -> tuple[int, int] | None:
    """The (uid, gid) outside the namespaces that candidates run as, where not this process's."""
    if not available():
        return None
    outside = _STATE["outside"]
    return None if outside == (os.geteuid(), os.getegid()) else outside  # type: ignore[return-value]


def fork_child(sibling: bool) -> int:
    """A new child (0 in it, its pid in the caller), in new namespaces where ``available``;
    ``sibling``: the caller's parent's child (``zygote.py``), else the caller's."""
    if not in_use():
        return _isolation.fork_sibling() if sibling else os.fork()
    try:
        pid, go = _isolation.clone_isolated(FLAGS, sibling)
    except OSError as error:  # a process with threads, or no namespace left: this child goes without
        _warn_once(f"a child could not be cloned into namespaces ({os.strerror(error.errno or 0)})")
        return _isolation.fork_sibling() if sibling else os.fork()
    if pid == 0:
        _STATE["cloned"] = True
        return 0
    try:
        _write_maps(pid, *_STATE["outside"])  # type: ignore[misc]
        os.write(go, b"!")
    except OSError:
        pass  # the child reads no byte and exits: it is reported as died before it started
    finally:
        os.close(go)
    return pid


def split_init() -> None:
    """In a new PID namespace's first process: fork the runner and return in it; this process
    stays the namespace's init, reaps what is reparented to it, and exits as the runner ended.
    Refuses to go on anywhere but as pid 1: ``seal`` must never mount in the worker's namespace."""
    if os.getpid() != 1:
        raise RuntimeError("not the first process of a new PID namespace")
    os.setresgid(0, 0, 0)  # become its namespace's root: the user it is mapped to outside
    os.setresuid(0, 0, 0)
    runner = os.fork()
    if runner == 0:
        return
    try:
        for number in range(1, signal.NSIG):  # init ignores every default-handled signal
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                signal.signal(number, signal.SIG_DFL)
        while True:
            pid, status = os.waitpid(-1, 0)
            if pid == runner:
                os._exit(encode_status(status))
    except BaseException:
        pass
    os._exit(1)


def encode_status(status: int) -> int:
    """The runner's end as init's exit code (an init cannot die by a signal it sends itself):
    its code, or 128 + the signal that ended it."""
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1


def seal(workdir: str) -> int:
    """In the runner, before any job: a private ``/proc``, the file system read-only but
    ``workdir``, and no capability left. Returns its pid outside (for its CPU wait time)."""
    outside_pid = int(os.readlink("/proc/self"))  # still the worker's /proc here
    _STATE["runner"] = outside_pid
    _isolation.mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    _isolation.mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    _isolation.mount(workdir, workdir, None, MS_BIND, None)
    for point in _mount_points():
        if point != workdir:
            _read_only(point)
    _isolation.drop_privileges()
    return outside_pid


def scrub_environment(workdir: str) -> dict:
    """Keep only what a benchmark needs (``SAFE_VARIABLES``, ``LC_*``, ``HOME`` = ``workdir``),
    in the process, in what its subprocesses inherit and in ``/proc/self/environ``; returns the
    environment it holds. (The caller drops its other copies: ``Inherited.environ``.)"""
    data = getattr(os.environ, "_data", None)
    if not isinstance(data, dict):
        return dict(os.environ)
    kept = {key: value for key, value in data.items() if key in SAFE_VARIABLES or key.startswith(b"LC_")}
    kept[b"HOME"] = os.fsencode(workdir)
    for key in [key for key in data if key not in kept]:
        os.unsetenv(key)
    for key, value in kept.items():
        os.putenv(key, value)
    data.clear()  # os.environ's own mapping, and posix.environ: the same dict
    data.update(kept)
    if _isolation is not None and hasattr(_isolation, "wipe_environ_block"):
        _isolation.wipe_environ_block()  # what /proc/self/environ shows: the worker's, as forked
    if "tempfile" in sys.modules:  # /tmp is read-only to it: temporary files go in its folder
        tempfile.tempdir = workdir
    return kept


def _write_maps(pid: int, uid: int, gid: int) -> None:
    for name, text in (("uid_map", f"0 {uid} 1"), ("setgroups", "deny"), ("gid_map", f"0 {gid} 1")):
        fd = os.open(f"/proc/{pid}/{name}", os.O_WRONLY)
        try:
            os.write(fd, text.encode())
        finally:
            os.close(fd)


def _mount_points() -> list[str]:
    with open("/proc/self/mountinfo", "rb") as handle:
        lines = handle.read().splitlines()
    points = []
    for line in lines:
        point = line.split(b" ")[4].decode("unicode_escape" if b"\\" in line else "ascii", "replace")
        if point not in points:
            points.append(point)
    return points


def _read_only(point: str) -> None:
    try:
        kept = os.statvfs(point).f_flag
    except OSError:
        return  # hidden under another mount, or gone: nothing reachable to remount
    flags = MS_REMOUNT | MS_BIND | MS_RDONLY
    for statvfs_flag, mount_flag in _KEPT_FLAGS:
        if kept & statvfs_flag:
            flags |= mount_flag
    _isolation.mount(None, point, None, flags, None)


def _outside_ids() -> tuple[int, int]:
    """Nobody where nobody can read the interpreter's files (its stdlib, site-packages), else
    this process's own user: an unprivileged uid that cannot import would fail every benchmark
    that imports a module the worker had not."""
    if os.geteuid() == 0 and all(_others_can_read(path) for path in sys.path if path and os.path.isdir(path)):
        return NOBODY, NOBODY
    return os.geteuid(), os.getegid()


def _others_can_read(path: str) -> bool:
    path = os.path.abspath(path)
    if not os.stat(path).st_mode & stat.S_IROTH:
        return False
    while True:
        if not os.stat(path).st_mode & stat.S_IXOTH:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


def _try_namespaces() -> str | None:
    """None if a child can be made and sealed here, else why not."""
    if os.environ.get(SWITCH, "on") == "off":
        return f"{SWITCH}=off"
    if _isolation is None or not hasattr(_isolation, "clone_isolated"):
        return "the compiled _isolation helper is missing"
    _STATE["outside"] = _outside_ids()
    folder = tempfile.mkdtemp(prefix="gameability-probe-")
    try:
        _STATE["ok"] = True  # for fork_child, while it tries
        try:
            pid = fork_child(sibling=False)
        except OSError as error:
            return f"clone: {os.strerror(error.errno or 0)}"
        finally:
            del _STATE["ok"]
        if pid == 0:
            code = 3
            try:
                split_init()
                seal(folder)
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return "a sealed child could not start"
        return None
    finally:
        with contextlib.suppress(OSError):
            os.rmdir(folder)
