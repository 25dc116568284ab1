"""Writing files so that a crash or Ctrl-C never leaves a half-written one that looks complete.

The temp file ``mkstemp`` makes is private (0600); renamed over the target it would keep that
mode, and a patch or report handed to a maintainer would be unreadable to anyone else. It is
given the mode an ordinary ``open()`` would create (0666 minus the umask: 0644 usually).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, content: str | bytes) -> None:
    """Write ``content`` to ``path`` via a temp file in the same folder, fsync, then rename it over."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = content.encode("utf-8") if isinstance(content, str) else content
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
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
