"""Messages the background workers post to the UI thread (posting is thread-safe)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from ..engine.model import ProblemResult


@dataclass
class ProblemJudged(Message):
    """One problem's verdict, from the audit worker (or the cache)."""

    result: ProblemResult
    cached: bool = False


@dataclass
class AuditFinished(Message):
    cancelled: bool = False
    error: str = ""


@dataclass
class AssertGated(Message):
    """An edited or probed assert, executed against the reference and every survivor."""

    problem_id: str
    original: str  # the assert it replaces ("" for a new one)
    text: str
    passes_reference: bool
    kills: tuple[int, ...]
    error: str = ""


@dataclass
class ProbeAnswered(Message):
    problem_id: str
    answer: dict


@dataclass
class ProblemConfirmed(Message):
    """EvalPlus's verdict on each survivor of a weak problem (True: EvalPlus rejects it)."""

    problem_id: str
    rejected: list
