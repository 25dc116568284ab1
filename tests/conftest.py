"""Shared fixtures: small hand-written problems whose right verdict is known."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from gameability_tui.engine.model import AuditParams, Problem

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "toy.jsonl"
HOSTILE = (
    Path(__file__).resolve().parent / "engine" / "sandbox" / "hostile" / "hostile.jsonl"
)  # problems that attack the sandbox
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture
def params() -> AuditParams:
    return AuditParams()


def problem(id: str, reference: str, tests: list[str], **fields) -> Problem:
    return Problem(id=id, reference=reference, tests=tuple(tests), **fields)


# A sum whose test on f(2000) costs the reference some 6,000 steps, beside a guard no test
# crosses: with the count of tests capped low, that test is a costly one a survivor must pass
# (``test_uncounted_tests.py``, ``test_infection.py``).
GUARDED_SUM = (
    "def f(n):\n"
    "    if n > 2000:\n"
    "        return -1\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        s += i\n"
    "    return s\n"
)


WEAK_MAX = problem(
    "weak_max",
    "def max_pair_product(arr):\n"
    "    if len(arr) < 2:\n"
    "        return None\n"
    "    best = arr[0] * arr[1]\n"
    "    for i in range(len(arr)):\n"
    "        for j in range(i + 1, len(arr)):\n"
    "            if arr[i] * arr[j] > best:\n"
    "                best = arr[i] * arr[j]\n"
    "    return best\n",
    ["assert max_pair_product([1, 2, 3]) == 6", "assert max_pair_product([5, 1, 4]) == 20"],
)

STRONG_SUM = problem(
    "strong_sum",
    "def sum_to(n):\n    total = 0\n    for k in range(1, n + 1):\n        total += k\n    return total\n",
    ["assert sum_to(0) == 0", "assert sum_to(1) == 1", "assert sum_to(4) == 10"],
)


def running(command: list[str], grace: float = 5.0) -> list[str]:
    """Pids of live processes running exactly ``command``, after up to ``grace`` seconds for killed
    ones to go: SIGKILL takes effect when the process next runs, which on a loaded machine can
    take a moment. Something that escaped the kill is still listed."""
    wanted = "\x00".join(command) + "\x00"
    deadline = time.monotonic() + grace
    while True:
        found = [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmdline(pid) == wanted]
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process: neither gone nor a zombie waiting for its parent."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def _cmdline(pid: str) -> str:
    try:
        with open(f"/proc/{pid}/cmdline") as handle:
            return handle.read()
    except OSError:
        return ""


def as_from_a_shell() -> None:
    """In the child before it runs the command: Ctrl-C as a shell leaves it to a command it starts
    (this test process may have it ignored or blocked for a moment, and a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


def signal_state(pid: int) -> str:
    """The kernel's view of ``pid``'s blocked, ignored and caught signals, for a failure message."""
    try:
        lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    except OSError:
        return "(no /proc status)"
    return " ".join(line for line in lines if line.startswith(("SigBlk", "SigIgn", "SigCgt")))


@pytest.fixture(autouse=True)
def _no_editor(monkeypatch):
    """The app runs as if no editor were set, unless a test sets one: ``e`` then edits inline."""
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.delenv("EDITOR", raising=False)
