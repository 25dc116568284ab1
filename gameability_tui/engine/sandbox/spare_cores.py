"""Cores a census's idle workers lend to a worker still auditing a costly problem.

The census holds a pipe with one byte per core whose worker has run out of problems; a worker
starts an extra lane only on a byte taken from it and gives the byte back when the lane ends, so
children never outnumber cores."""

from __future__ import annotations

import contextlib
import os

SPARE_CORES_VARIABLE = "GAMEABILITY_TUI_SPARE_CORES"  # "READ_FD,WRITE_FD" of the census's pipe


_SPARE_CORES: tuple[int, int] | None = None


def share_spare_cores(read_fd: int, write_fd: int) -> None:
    """Take part in a census's spare cores: a pipe holding one byte per core whose worker has run
    out of problems (the census writes them). A child for more jobs of a problem starts only on a
    byte taken from it, and gives it back when it ends, so children never outnumber cores."""
    global _SPARE_CORES
    os.set_blocking(read_fd, False)
    _SPARE_CORES = (read_fd, write_fd)


def spare_cores_from_environment() -> None:
    """``share_spare_cores`` with the pipe the census named in ``SPARE_CORES_VARIABLE``, if any."""
    named = os.environ.get(SPARE_CORES_VARIABLE, "")
    read_fd, _, write_fd = named.partition(",")
    if read_fd.isdigit() and write_fd.isdigit():
        share_spare_cores(int(read_fd), int(write_fd))


def pipe() -> tuple[int, int] | None:
    """The census's spare-cores pipe (read end, write end), if this worker shares one."""
    return _SPARE_CORES


def shares_spare_cores() -> bool:
    return _SPARE_CORES is not None


def take_core() -> bool:
    if _SPARE_CORES is None:
        return False
    try:
        return os.read(_SPARE_CORES[0], 1) == b"+"
    except (BlockingIOError, OSError):
        return False


def give_core() -> None:
    if _SPARE_CORES is not None:
        with contextlib.suppress(OSError):
            os.write(_SPARE_CORES[1], b"+")
