"""Writing files so that a crash or Ctrl-C never leaves a half-written one that looks complete.

The temp file ``mkstemp`` makes is private (0600); renamed over the target it would keep that
mode, and a patch or report handed to a maintainer would be unreadable to anyone else. It is
given the mode an ordinary ``open()`` would create (0666 minus the umask: 0644 usually).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO

from .errors import UserError


def write_atomically(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` via a temp file in the same folder, fsync, then rename it over."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    with atomic_writer(path, "wb") as handle:
        handle.write(data)


@contextlib.contextmanager
def atomic_writer(path: Path, mode: str = "w") -> Iterator[IO]:
    """A handle on a temp file beside ``path``; on a clean exit it is fsync'd and renamed over
    ``path``, on any exception removed (so ``path`` keeps its old content). For a file written
    piece by piece, too big to build in memory first."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(descriptor, mode, encoding=encoding) as handle:
            yield handle
            handle.flush()
            os.fchmod(handle.fileno(), 0o666 & ~current_umask())
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def current_umask() -> int:
    """The process umask, read without changing it where Linux reports it (``os.umask`` can only
    be read by setting it, which races with other threads creating files)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class Unwritable(UserError):
    """An output path that cannot be written; the message names it and why."""


def ensure_writable(path: Path, make_folder: bool = True) -> None:
    """Fail now, in one sentence, if ``path`` cannot be written later.

    Called before long work (an audit, an export) so a report is never lost at the end of it to a
    read-only folder or a parent that is a file. A missing folder is made (the app's export
    dialog names a folder to write into) unless ``make_folder`` is False (a command line: a typo
    would make one); then a temporary file is made and removed in it: the only test that holds
    for every user, root included."""
    path = Path(path)
    folder = path.parent
    if path.is_dir():
        raise Unwritable(f"{path} is a folder; name a file")
    existing = next(a for a in (folder.absolute(), *folder.absolute().parents) if a.exists())
    if not existing.is_dir():
        raise Unwritable(f"{path}: {existing} is a file, not a folder")
    if not folder.is_dir() and not make_folder:
        raise Unwritable(f"{path}: the folder {folder} does not exist; create it first")
    if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
        raise Unwritable(f"{path}: the folder {folder} is not writable; pass another path")
    if path.exists() and not os.access(path, os.W_OK):
        raise Unwritable(f"{path}: the file exists and is read-only; pass another path")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, probe = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".probe")
        os.close(descriptor)
        os.unlink(probe)
    except OSError as error:
        raise Unwritable(f"{path}: cannot write in {folder} ({error.strerror}); pass another path") from None


def same_file(one: Path, other: Path) -> bool:
    """Whether two paths name one file (False where either does not exist yet)."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def aside_name(path: Path, label: str) -> Path:
    """A name beside ``path`` for a copy kept aside, dated to the second and never an earlier
    copy's: ``decisions.json.broken-20261201-151402`` (``-2``, ``-3`` within the same second)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.{label}-{stamp}")
    number = 1
    while aside.exists():
        number += 1
        aside = path.with_name(f"{path.name}.{label}-{stamp}-{number}")
    return aside
