"""Kernel isolation of a candidate's child: its own user, PID, mount, network and IPC namespaces,
as nobody.

Threats, each beside its defence (a child made here holds them for every job it runs):

- Reading the auditor's files (``~/.ssh``, tokens, its home, whatever only its user may read):
  the child runs as nobody (65534) outside its namespaces, with no supplementary group and no
  capability. Where the interpreter lies under a folder nobody cannot enter (Python under
  ``/root``, mode 700), the child covers that folder in its own mount namespace with an empty
  tmpfs and binds back, read-only and at their own paths, only the trees the interpreter needs
  (``reach.py``): the rest of the folder is not there to name. Nothing changes on the host.
- Writes anywhere (absolute paths, ``../..``, after ``chdir``): the child's mount namespace sees
  the whole file system read-only except its lane folder (a writable bind mount of itself).
- Reaching back into the worker (``/proc/PPID/fd``, ``/proc/PID/environ``, signals to the worker,
  a forged line in its answer pipe): the child is in a PID namespace of its own with its own
  ``/proc``; no process outside it has a pid it could name.
- Outliving the audit (a double-forked ``setsid`` daemon): the namespace's first process is a
  small init that waits for the runner and asks the kernel to kill it when the worker dies
  (again once it has changed user: a change of user clears that request); when it ends, or the
  worker kills it, the kernel kills everything else in the namespace.
- The network: a network namespace with nothing in it (not even ``lo`` up).
- Undoing all this from inside: once its mounts are made the runner drops every capability for
  good (bounding set, locked securebits, ``no_new_privs``), so it cannot unmount or remount.
- Secrets in the environment: the runner keeps only ``SAFE_VARIABLES`` (``scrub_environment``),
  with or without namespaces.

The child is root of its user namespace, which is nobody outside where the worker is root (only
root may map another user); a worker that is not root maps its children to its own, unprivileged
user. Where nobody cannot be given what the interpreter needs (a library folder nobody cannot read
itself, or a cover the kernel refuses), children are mapped to the worker's own user, still
without any capability, and ``USER_GAP`` says so once. Where the kernel refuses namespaces,
``available`` says so once (``GAP``) and children are forked as before, isolated only by their
folder, limits and scrubbed environment.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import sys
import tempfile
import warnings

from . import reach

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
NOBODY = reach.NOBODY
COVER_OPTIONS = "mode=0755,size=64k"  # a cover holds only the empty folders its binds are made on

GAP = (
    "sandbox: candidates get no user/PID/mount namespaces of their own ({reason}); they run as the "
    "auditor's user and can read its processes' /proc, write outside their folder and reach the "
    "network; only their folder, limits and a scrubbed environment isolate them"
)

USER_GAP = (
    "sandbox: candidates run as the auditor's user inside their namespaces ({reason}); they have "
    "no capability, but can read every file that user can"
)

# Per process: "ok": bool, "reason": str, "outside": (uid, gid), "covers": the folders a child
# covers (reach.Cover), "paths": what the interpreter reads from, "user_gap": str
_STATE: dict[str, object] = {}


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


def _warn_once(reason: str, sentence: str = GAP) -> None:
    """Warn of each gap (``GAP``, ``USER_GAP``) once per process, whatever its reason."""
    warned: set[str] = _STATE.setdefault("warned", set())  # type: ignore[assignment]
    if sentence not in warned:
        warned.add(sentence)
        warnings.warn(sentence.format(reason=reason), RuntimeWarning, stacklevel=3)


def in_use() -> bool:
    """Whether this process's children are made in namespaces (known once ``available`` ran)."""
    return _STATE.get("ok") is True


def runner_pid() -> int:
    """This runner's pid as its worker sees it (its own pid without namespaces)."""
    return int(_STATE.get("runner", os.getpid()))  # type: ignore[call-overload]


def gap() -> str | None:
    """The sentence that names what is not isolated here, or None when namespaces hold."""
    return None if available() else GAP.format(reason=_STATE["reason"])


def user_gap() -> str | None:
    """The sentence that says candidates run as the auditor's own user (root, here) because
    nobody could not be given the interpreter's files; None where they run as nobody, or as the
    unprivileged user this process is, or have no namespaces at all (``gap`` says so)."""
    return _STATE.get("user_gap") if available() else None  # type: ignore[return-value]


def isolation_note() -> str | None:
    """``gap()`` or ``user_gap()``, for a command to say once in its own words: a worker's warning
    goes nowhere (its stderr is /dev/null), so the process that starts the census asks itself."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        return gap() or user_gap()


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
    becomes the user it is mapped to, stays the namespace's init, reaps what is reparented to
    it, and exits as the runner ended. Refuses to go on anywhere but as pid 1: ``seal`` must
    never mount in the worker's namespace."""
    if os.getpid() != 1:
        raise RuntimeError("not the first process of a new PID namespace")
    runner = os.fork()
    if runner == 0:
        return  # still the worker's user: ``seal`` opens what it binds back before it changes
    _become_namespace_root()
    _isolation.die_with_parent(signal.SIGKILL)  # a change of user clears it (set in child_main)
    os.chdir("/")  # not the worker's folder, which /proc/1/cwd would reach past a cover
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
    """In the runner, before any job: the user it is mapped to, a private ``/proc``, the folders
    nobody cannot enter covered but for the trees the interpreter needs (``reach.py``), the file
    system read-only but ``workdir``, and no capability left. Returns its pid outside (for its
    CPU wait time)."""
    outside_pid = int(os.readlink("/proc/self"))  # still the worker's /proc here
    _STATE["runner"] = outside_pid
    covers = _covers_for(workdir)
    trees = _open_trees(covers)  # as the worker's user: it can still enter what it covers
    _become_namespace_root()
    if hasattr(_isolation, "make_dumpable"):  # its /proc/self files its own again (not its init's)
        _isolation.make_dumpable()
    _isolation.mount(None, "/", None, MS_REC | MS_PRIVATE, None)
    _isolation.mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, None)
    for cover, opened in zip(covers, trees):
        _cover(cover, opened)
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


def _become_namespace_root() -> None:
    """Become the namespace's root, the user it is mapped to outside, with no supplementary
    group of the worker's (root's groups would open files nobody's cannot) where it may drop them."""
    if _drops_groups():
        os.setgroups([])
    os.setresgid(0, 0, 0)
    os.setresuid(0, 0, 0)


def _drops_groups() -> bool:
    """Whether a child drops its supplementary groups: where it is mapped to nobody, by root,
    whose maps may leave ``setgroups`` allowed (an unprivileged user's must deny it)."""
    return _STATE.get("outside") == (NOBODY, NOBODY)


def _covers_for(workdir: str) -> tuple[reach.Cover, ...]:
    """What this child covers: the interpreter's plan, and its lane folder's own trees where
    the lane lies under a folder nobody cannot enter (a ``TMPDIR`` under ``/root``, say). Run
    in the child, mapped already, before it changes user: it sees owners as ``reach.INSIDE``."""
    covers: tuple[reach.Cover, ...] = _STATE.get("covers", ())  # type: ignore[assignment]
    if _STATE.get("outside") != (NOBODY, NOBODY):
        return covers
    if reach.first_closed(os.path.realpath(workdir), reach.INSIDE) is None:
        return covers
    return reach.plan([*_STATE["paths"], workdir], reach.INSIDE)  # type: ignore[misc]


def _open_trees(covers: tuple[reach.Cover, ...]) -> list[list[int]]:
    """A descriptor of each tree to bind back, opened before its cover hides it."""
    flags = os.O_PATH | os.O_CLOEXEC
    return [[os.open(tree, flags) for tree in cover.trees] for cover in covers]


def _cover(cover: reach.Cover, opened: list[int]) -> None:
    """An empty tmpfs over ``cover.folder``, and each of its trees bound back at its own path
    from the descriptor opened before (``/proc/self/fd``: the path itself is hidden now)."""
    _isolation.mount("tmpfs", cover.folder, "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, COVER_OPTIONS)
    for tree, fd in zip(cover.trees, opened):
        _make_mount_point(tree, stat.S_ISDIR(os.fstat(fd).st_mode))
        _isolation.mount(f"/proc/self/fd/{fd}", tree, None, MS_BIND | MS_REC, None)
        os.close(fd)


def _make_mount_point(path: str, folder: bool) -> None:
    """An empty folder (or file) at ``path`` in a cover, with the folders above it."""
    os.makedirs(os.path.dirname(path), mode=0o755, exist_ok=True)
    if folder:
        os.mkdir(path, 0o755)
    else:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o444))


def _write_maps(pid: int, uid: int, gid: int) -> None:
    steps = [("uid_map", f"0 {uid} 1"), ("gid_map", f"0 {gid} 1")]
    if not _drops_groups():
        steps.insert(1, ("setgroups", "deny"))  # before gid_map: the kernel asks it of a non-root
    for name, text in steps:
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


def _candidate_user(paths: list[str]) -> tuple[tuple[int, int], tuple[reach.Cover, ...], str | None]:
    """Who candidates run as outside: nobody, with the covers that let it read ``paths``, where
    this process may map nobody (it is root); else this process's own user, and why not nobody
    (None where this process is not root: the kernel lets it map only itself, unprivileged)."""
    own = (os.geteuid(), os.getegid())
    if own[0] != 0:
        return own, (), None
    try:
        return (NOBODY, NOBODY), reach.plan(paths), None
    except (reach.Unreachable, OSError) as error:
        return own, (), str(error)


def _try_namespaces() -> str | None:
    """None if a child can be made and sealed here, else why not. A child that cannot be made
    as nobody (a cover refused) is tried again as this process's own user, and the gap named."""
    if os.environ.get(SWITCH, "on") == "off":
        return f"{SWITCH}=off"
    if _isolation is None or not hasattr(_isolation, "clone_isolated"):
        return "the compiled _isolation helper is missing"
    paths = reach.interpreter_paths()
    _STATE["paths"] = paths
    user, covers, not_nobody = _candidate_user(paths)
    reason = _try_as(user, covers, paths)
    if reason is not None and user == (NOBODY, NOBODY):
        not_nobody = f"a child mapped to nobody failed: {reason}"
        user, covers = (os.geteuid(), os.getegid()), ()
        reason = _try_as(user, covers, paths)
    if reason is None and not_nobody is not None:
        _STATE["user_gap"] = USER_GAP.format(reason=not_nobody)
        if os.environ.get(SWITCH, "on") != "off":
            _warn_once(not_nobody, USER_GAP)
    return reason


def _try_as(user: tuple[int, int], covers: tuple[reach.Cover, ...], paths: list[str]) -> str | None:
    """Make a whole child as ``user`` with ``covers`` and seal it as a real one is, in a folder
    handed to that user as a lane is; None if it then reads ``paths`` and writes its folder."""
    _STATE["outside"], _STATE["covers"] = user, covers
    folder = tempfile.mkdtemp(prefix="gameability-probe-")
    try:
        os.chown(folder, *user)
        _STATE["ok"] = True  # for fork_child, while it tries
        try:
            pid = fork_child(sibling=False)
        except OSError as error:
            return f"clone: {os.strerror(error.errno or 0)}"
        finally:
            del _STATE["ok"]
        if pid == 0:
            _probe_child(folder, paths)
        _, status = os.waitpid(pid, 0)
        if not os.WIFEXITED(status) or os.WEXITSTATUS(status) not in (0, _CANNOT_REACH):
            return "a sealed child could not start"
        if os.WEXITSTATUS(status) == _CANNOT_REACH:
            return "a sealed child could not read what the interpreter needs, or write its folder"
        return None
    finally:
        with contextlib.suppress(OSError):
            os.rmdir(folder)


_CANNOT_REACH = 4  # a probe child's exit code: sealed, but short of what a candidate needs


def _probe_child(folder: str, paths: list[str]) -> None:
    """The probe's child, sealed as a candidate's; it exits 0 if it reads every one of ``paths``
    (and lists the folders) and may write ``folder``, ``_CANNOT_REACH`` if not, 3 if it failed."""
    code = 3
    try:
        split_init()
        seal(folder)
        reaches = all(os.access(path, os.R_OK | (os.X_OK if os.path.isdir(path) else 0)) for path in paths)
        code = 0 if reaches and os.access(folder, os.W_OK | os.X_OK) else _CANNOT_REACH
    finally:
        os._exit(code)
