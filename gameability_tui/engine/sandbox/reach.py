"""What a candidate's child covers so that it can run as nobody and still import (``namespaces.py``).

A child mapped to nobody must read every file the interpreter may still load: a stdlib module the
worker had not imported, site-packages, this project. Where one of them lies under a folder nobody
cannot enter (Python under ``/root``, mode 700, say), the child covers that folder, in its own
mount namespace, with an empty tmpfs, and binds back, read-only, exactly the trees the interpreter
needs, at their own paths: module paths do not change, and the rest of that folder (the
auditor's ``~/.ssh``, its files) is not even there to name. Nothing changes on the host.

This module only plans it, in the worker, from real paths and nobody's permission bits;
``namespaces.seal`` carries it out in each child, and ``namespaces`` checks once, in a sealed
child, that nobody really reads what it needs.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterable
from dataclasses import dataclass

NOBODY = 65534

OUTSIDE = (NOBODY, NOBODY)  # nobody's uid and gid as a process outside the child's namespaces sees them
# ... and as the child itself sees them before it covers anything: nobody is its namespace's root
# (0), and a file of any other owner shows the overflow uid (65534), which must not read as nobody's.
INSIDE = (0, 0)


class Unreachable(Exception):
    """A path the interpreter needs that no cover opens to nobody: its own mode shuts nobody out."""


@dataclass(frozen=True)
class Cover:
    """A folder nobody cannot enter, covered by an empty tmpfs, and the trees inside it bound
    back at their own paths (real paths, none inside another)."""

    folder: str
    trees: tuple[str, ...]


def interpreter_paths() -> list[str]:
    """Every path the interpreter may read from in a child, as it spells them: its prefixes,
    its executable's folder, its library entries of ``sys.path`` (``_library_entries``), and the
    folders of every top-level module and package loaded but ``__main__`` (an editable install's
    lie outside ``sys.path``). One inside another stays: it may shut nobody out where the outer
    one does not."""
    found = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}
    found.add(os.path.dirname(os.path.realpath(sys.executable)))
    found.update(entry for entry in _library_entries() if entry)
    for name, module in list(sys.modules.items()):
        if "." not in name and name != "__main__":
            found.update(_module_folders(module))
    return sorted({os.path.abspath(path) for path in found if path and os.path.exists(path)})


def _library_entries() -> list[str]:
    """``sys.path`` but its first entry, the program's own folder (a worker's is the auditor's
    working folder, which ``-m`` puts there), unless ``-P`` left it out. A candidate has no
    business importing from the auditor's folder, and one that nobody cannot read (``cd ~``)
    must not keep every candidate as the auditor's user; the project itself is a loaded package."""
    return list(sys.path) if getattr(sys.flags, "safe_path", False) else sys.path[1:]  # (3.11+: -P)


def _module_folders(module: object) -> list[str]:
    """Where a top-level module or package was loaded from (nothing for a built-in one)."""
    folders = getattr(module, "__path__", None)
    if folders is not None:
        try:
            return [folder for folder in folders if isinstance(folder, str)]
        except TypeError:  # a __path__ that is no iterable of folders: a module playing tricks
            return []
    filename = getattr(module, "__file__", None)
    return [os.path.dirname(filename)] if isinstance(filename, str) else []


def plan(paths: Iterable[str], seen_as: tuple[int, int] = OUTSIDE) -> tuple[Cover, ...]:
    """The covers that let nobody read every one of ``paths``: one per outermost folder above
    them nobody cannot enter, binding back the trees below it. Raises ``Unreachable`` for a
    path nobody could not read even then. ``seen_as``: nobody's ids as this process sees them."""
    trees: dict[str, list[str]] = {}
    for path in {os.path.realpath(path) for path in paths}:
        if not nobody_may_read(path, seen_as):
            raise Unreachable(f"nobody cannot read {path}")
        closed = first_closed(path, seen_as)
        if closed == "/":
            raise Unreachable(f"nobody cannot enter / on the way to {path}")
        if closed is not None:
            trees.setdefault(closed, []).append(path)
    return tuple(Cover(folder, tuple(_outermost(inside))) for folder, inside in sorted(trees.items()))


def first_closed(path: str, seen_as: tuple[int, int] = OUTSIDE) -> str | None:
    """The outermost folder above ``path`` (a real path) that nobody cannot enter, or None."""
    folder = "/"
    for part in path.strip("/").split("/")[:-1]:
        if not _nobody_may(os.stat(folder), stat.S_IXOTH, seen_as):
            return folder
        folder = os.path.join(folder, part)
    return None if _nobody_may(os.stat(folder), stat.S_IXOTH, seen_as) else folder


def nobody_may_read(path: str, seen_as: tuple[int, int] = OUTSIDE) -> bool:
    """Whether nobody, with no group but its own, may read ``path`` (and list it, a folder)."""
    info = os.stat(path)
    wanted = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(info.st_mode) else 0)
    return _nobody_may(info, wanted, seen_as)


def _nobody_may(info: os.stat_result, other_bits: int, seen_as: tuple[int, int]) -> bool:
    """The permission ``other_bits`` (as the "other" class spells it) for nobody: its owner's
    bits where nobody owns the file, its group's where nobody's group does, else the others'."""
    uid, gid = seen_as
    shift = 6 if info.st_uid == uid else 3 if info.st_gid == gid else 0
    return (info.st_mode >> shift) & other_bits == other_bits


def _outermost(paths: Iterable[str]) -> list[str]:
    """``paths`` without those inside another of them (a bind of the outer brings them along)."""
    kept: list[str] = []
    for path in sorted(set(paths), key=lambda path: path.split("/")):  # a folder, then all inside it
        if not kept or not _inside(path, kept[-1]):
            kept.append(path)
    return kept


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")
