"""The review's vocabulary: what a reviewer can say about an assert and a problem, as the store
keeps it, the app shows it and the export reads it.

One module below all three, so that none of them takes the words from another's internals (the
app and the export used to import them from the persistence layer).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

ACCEPTED, REJECTED = "accepted", "rejected"
SKIPPED = "skipped"
DECISIONS = (ACCEPTED, REJECTED, SKIPPED)
VERDICTS = ("keep", "fix", "drop")
PROBE, EDIT = "probe", "edit"  # where a reviewer-made candidate assert came from
CORRECT = "correct"  # a survivor the reviewer judged correct per the task: not a bug to reject
SURVIVOR_VERDICTS = (CORRECT,)


@dataclass(frozen=True)
class Decision:
    problem_id: str
    text: str  # the assert as first offered: the key
    decision: str  # ACCEPTED, REJECTED or SKIPPED
    edited: str | None = None  # the text decided on, when the reviewer edited it
    at: float = 0.0  # when it was made: the order of the undo history after a restart

    @property
    def final_text(self) -> str:
        return self.edited or self.text


@dataclass(frozen=True)
class StoredCandidate:
    """An assert the reviewer made, gated by the engine: a probe's, or an edit of a candidate.

    ``key`` is the text the decisions use: the generated text an edit replaces, or the probe's
    own text. ``kills`` were measured on ``text`` itself, never on the text it replaced."""

    problem_id: str
    key: str
    text: str
    passes_reference: bool
    kills: tuple[int, ...]
    origin: str  # PROBE or EDIT


def survivor_key(source: str) -> str:
    """What a survivor's verdict is stored under: its program, not its number, which a re-audit
    may change (another sample, another order); the same program keeps its verdict."""
    return hashlib.sha256(source.encode("utf-8")).hexdigest()[:20]


@dataclass(frozen=True)
class SurvivorVerdict:
    """The reviewer's word that a survivor is correct per the task (MBPP/66's survivor is the
    right answer; a tie the task does not fix): it stays, and the problem is not weak for it."""

    problem_id: str
    survivor: str  # survivor_key of its program
    verdict: str = CORRECT
    note: str = ""
    at: float = 0.0
