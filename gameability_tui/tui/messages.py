"""Messages the background workers post to the triage screen (posting is thread-safe).

They go to the screen that started the work: once that screen is gone, Textual drops them, so no
handler needs to ask whether the app is closing."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from textual.message import Message

from .engine_client import Gated, ProbeAnswer
from .own_tests import TestRuns


@dataclass
class AuditFinished(Message):
    """Every result is in the screen's inbox (results themselves are drained on a timer, not
    posted one message each: at 10^5 problems the queue of messages kept keys waiting)."""

    error: str = ""  # the engine failed; what was judged before is kept


@dataclass
class CandidateGated(Message):
    """An edited or probed assert, run against the reference and every survivor."""

    problem_id: str
    key: str  # the decision key it belongs to: the text it edits, or its own (a probe)
    origin: str
    gated: Gated | None
    reopen: bool = False  # the reviewer agreed to clear the decision on the assert it edits
    error: str = ""


@dataclass
class ProbeAnswered(Message):
    problem_id: str
    answer: ProbeAnswer | None
    error: str = ""


@dataclass
class ProblemConfirmed(Message):
    """EvalPlus's verdict on each survivor of a weak problem (True: EvalPlus rejects it)."""

    problem_id: str
    rejected: list


@dataclass
class ExportDone(Message):
    written: list[Path] = field(default_factory=list)
    exported: int = 0
    refused: int = 0
    error: str = ""


@dataclass
class TestsRun(Message):
    """The engine's answer on a problem's own tests (``own_tests``)."""

    __test__ = False  # not a pytest class, whatever its name

    problem_id: str
    runs: TestRuns | None
    error: str = ""
