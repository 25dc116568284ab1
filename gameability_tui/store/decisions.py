"""The reviewer's decisions: small, precious, and saved before the app says they are.

- A decision shown as saved must be on disk: every write goes straight through (no caching
  middleware); the UI shows "saved" only after the call returns.
- Decisions are keyed by benchmark, problem id and assert text, so they survive a re-audit.
- Asserts the reviewer made (an edit, a probe) exist nowhere else: they are stored with their
  text, kill set and origin as soon as the engine has gated them, so a decision on one still has
  its assert after a restart.
- A row edited by hand into another shape is named field by field when the database opens, kept
  aside, and never a traceback later."""

from __future__ import annotations

import time
from pathlib import Path

from tinydb import Query, TinyDB

from ..vocabulary import CORRECT, Decision, StoredCandidate, SurvivorVerdict
from .storage import AtomicJSONStorage, check_database_path, lock_beside


class DecisionStore:
    """Decisions, verdicts, survivors judged correct and reviewer-made asserts for one benchmark,
    in a TinyDB file.

    One writer: the UI thread. With ``exclusive=True`` (the app) a lock file beside the database
    keeps a second app from writing the same file: the last writer would silently erase the
    other's decisions. The file is read and checked before the lock is taken, so a database that
    cannot be opened leaves nothing behind.
    """

    def __init__(self, path: Path, benchmark: str, exclusive: bool = False) -> None:
        self.path = Path(path)
        self.benchmark = benchmark
        check_database_path(self.path)
        self.created = not self.path.exists()  # a new file: said, in case its path was a typo
        self.db = TinyDB(str(self.path), storage=AtomicJSONStorage)
        self.db.storage.read()  # a broken file is refused here, before the lock file exists
        self._lock = lock_beside(self.path) if exclusive else None
        self.decisions = self.db.table("decisions")
        self.verdicts = self.db.table("verdicts")
        self.candidates = self.db.table("candidates")
        self.survivors = self.db.table("survivors")  # survivors judged correct per the task

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def _key(self, problem_id: str, text: str):
        row = Query()
        return (row.benchmark == self.benchmark) & (row.problem == problem_id) & (row.text == text)

    def decide(
        self, problem_id: str, text: str, decision: str, edited: str | None = None, at: float | None = None
    ) -> Decision:
        """Write one decision (``at`` given when an undo puts an older one back)."""
        when = time.time() if at is None else at
        record = {
            "benchmark": self.benchmark,
            "problem": problem_id,
            "text": text,
            "decision": decision,
            "edited": edited,
            "at": when,
        }
        self.decisions.upsert(record, self._key(problem_id, text))
        return Decision(problem_id, text, decision, edited, when)

    def undo(self, problem_id: str, text: str) -> None:
        self.decisions.remove(self._key(problem_id, text))

    def all_decisions(self) -> dict[tuple[str, str], Decision]:
        rows = self.decisions.search(Query().benchmark == self.benchmark)
        return {
            (r["problem"], r["text"]): Decision(
                r["problem"], r["text"], r["decision"], r.get("edited"), float(r.get("at") or 0.0)
            )
            for r in rows
        }

    def set_verdict(self, problem_id: str, verdict: str, note: str = "") -> None:
        row = Query()
        self.verdicts.upsert(
            {"benchmark": self.benchmark, "problem": problem_id, "verdict": verdict, "note": note},
            (row.benchmark == self.benchmark) & (row.problem == problem_id),
        )

    def all_verdicts(self) -> dict[str, tuple[str, str]]:
        rows = self.verdicts.search(Query().benchmark == self.benchmark)
        return {r["problem"]: (r["verdict"], r.get("note", "")) for r in rows}

    def judge_survivor(
        self, problem_id: str, survivor: str, note: str = "", at: float | None = None
    ) -> SurvivorVerdict:
        """Store that a survivor (by ``vocabulary.survivor_key``) is correct per the task."""
        when = time.time() if at is None else at
        record = {"benchmark": self.benchmark, "problem": problem_id, "survivor": survivor,
                  "verdict": CORRECT, "note": note, "at": when}  # fmt: skip
        self.survivors.upsert(record, _survivor_row(self, problem_id, survivor))
        return SurvivorVerdict(problem_id, survivor, CORRECT, note, when)

    def unjudge_survivor(self, problem_id: str, survivor: str) -> None:
        self.survivors.remove(_survivor_row(self, problem_id, survivor))

    def all_survivor_verdicts(self) -> dict[tuple[str, str], SurvivorVerdict]:
        rows = self.survivors.search(Query().benchmark == self.benchmark)
        return {
            (r["problem"], r["survivor"]): SurvivorVerdict(
                r["problem"], r["survivor"], r["verdict"], r.get("note") or "", float(r.get("at") or 0.0)
            )
            for r in rows
        }

    def save_candidate(self, candidate: StoredCandidate) -> None:
        """Store a gated reviewer-made assert (replacing an earlier edit of the same key)."""
        row = Query()
        self.candidates.upsert(
            {
                "benchmark": self.benchmark,
                "problem": candidate.problem_id,
                "key": candidate.key,
                "text": candidate.text,
                "passes_reference": candidate.passes_reference,
                "kills": list(candidate.kills),
                "origin": candidate.origin,
                "at": time.time(),
            },
            (row.benchmark == self.benchmark)
            & (row.problem == candidate.problem_id)
            & (row.key == candidate.key),
        )

    def forget_candidate(self, problem_id: str, key: str) -> None:
        """Drop a reviewer-made assert (an undo of the step that made it)."""
        row = Query()
        self.candidates.remove(
            (row.benchmark == self.benchmark) & (row.problem == problem_id) & (row.key == key)
        )

    def all_candidates(self) -> list[StoredCandidate]:
        """Reviewer-made asserts, oldest first (the order they were made in)."""
        rows = sorted(
            self.candidates.search(Query().benchmark == self.benchmark), key=lambda r: r.get("at", 0)
        )
        return [
            StoredCandidate(
                r["problem"], r["key"], r["text"], bool(r["passes_reference"]), tuple(r["kills"]), r["origin"]
            )
            for r in rows
        ]


def _survivor_row(store: DecisionStore, problem_id: str, survivor: str):
    row = Query()
    return (row.benchmark == store.benchmark) & (row.problem == problem_id) & (row.survivor == survivor)


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("gameability-tui")) / "decisions.json"
