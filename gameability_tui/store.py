"""Persistence: the reviewer's decisions (small, precious) and cached audit results (bulky).

Threats and defences:

- A crash mid-write must never corrupt the decisions: TinyDB's default storage rewrites the file
  in place. ``AtomicJSONStorage`` writes a temp file in the same folder, fsyncs, and renames it
  over the old one, so the file on disk is always the previous or the new state.
- A decision shown as saved must be on disk: every write goes straight through (no caching
  middleware); the UI shows "saved" only after the call returns.
- Bulky results slow down every decision write if they share a file: they live in a separate
  cache file, keyed by a hash of the problem and the engine settings, so a changed problem or
  setting is re-audited and an unchanged one is not.
- A file that is not JSON: a clear error naming it, with a copy kept aside; never overwritten.
- Decisions are keyed by benchmark, problem id and assert text, so they survive a re-audit.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB
from tinydb.storages import Storage

from .engine.model import ENGINE_VERSION, AuditParams, Problem, ProblemResult
from .files import write_atomically

ACCEPTED, REJECTED = "accepted", "rejected"
SKIPPED = "skipped"
VERDICTS = ("keep", "fix", "drop")


class StoreError(Exception):
    """The database cannot be used; the message names the file and what to do."""


class AtomicJSONStorage(Storage):
    """TinyDB storage that never leaves a half-written file, and reads the file only once."""

    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._data: dict[str, Any] | None = None

    def read(self) -> dict[str, Any] | None:
        if self._data is None and self.path.exists():
            text = self.path.read_text(encoding="utf-8")
            if not text.strip():
                return None
            try:
                self._data = json.loads(text)
            except json.JSONDecodeError as error:
                aside = self.path.with_suffix(self.path.suffix + f".broken-{int(time.time())}")
                shutil.copy2(self.path, aside)
                raise StoreError(
                    f"{self.path}: not a valid database ({error.msg} at line {error.lineno}). "
                    f"A copy is kept at {aside}; move the file away or pass --db to start a new one."
                ) from None
        return self._data

    def write(self, data: dict[str, Any]) -> None:
        try:
            write_atomically(self.path, json.dumps(data))
        except BaseException:
            self._data = None  # TinyDB changed our copy in place: forget it, the file is the truth
            raise
        self._data = data

    def close(self) -> None:
        pass


def _lock_beside(path: Path):
    """An advisory lock held for the life of the store; released by the kernel if we crash."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path.with_name(path.name + ".lock"), "a+")  # noqa: SIM115 - held while the store lives
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        owner = handle.read().strip() or "another process"
        handle.close()
        raise StoreError(
            f"{path} is open in another gameability-tui ({owner}). Close it there, or pass --db "
            "with another file."
        ) from None
    handle.truncate(0)
    handle.write(f"pid {os.getpid()}")
    handle.flush()
    return handle


@dataclass(frozen=True)
class Decision:
    problem_id: str
    text: str  # the assert as generated: the key
    decision: str  # ACCEPTED or REJECTED
    edited: str | None = None  # the reviewer's version, gated, when it differs

    @property
    def final_text(self) -> str:
        return self.edited or self.text


class DecisionStore:
    """Decisions and verdicts for one benchmark, in a TinyDB file. One writer: the UI thread.

    With ``exclusive=True`` (the app) a lock file beside the database keeps a second app from
    writing the same file: the last writer would silently erase the other's decisions.
    """

    def __init__(self, path: Path, benchmark: str, exclusive: bool = False) -> None:
        self.path = Path(path)
        self.benchmark = benchmark
        self._lock = _lock_beside(self.path) if exclusive else None
        self.db = TinyDB(str(self.path), storage=AtomicJSONStorage)
        self.decisions = self.db.table("decisions")
        self.verdicts = self.db.table("verdicts")

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def _key(self, problem_id: str, text: str):
        row = Query()
        return (row.benchmark == self.benchmark) & (row.problem == problem_id) & (row.text == text)

    def decide(self, problem_id: str, text: str, decision: str, edited: str | None = None) -> Decision:
        record = {
            "benchmark": self.benchmark,
            "problem": problem_id,
            "text": text,
            "decision": decision,
            "edited": edited,
            "at": time.time(),
        }
        self.decisions.upsert(record, self._key(problem_id, text))
        return Decision(problem_id, text, decision, edited)

    def undo(self, problem_id: str, text: str) -> None:
        self.decisions.remove(self._key(problem_id, text))

    def all_decisions(self) -> dict[tuple[str, str], Decision]:
        rows = self.decisions.search(Query().benchmark == self.benchmark)
        return {
            (r["problem"], r["text"]): Decision(r["problem"], r["text"], r["decision"], r.get("edited"))
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


def problem_key(problem: Problem, params: AuditParams) -> str:
    """Changes when the problem, any engine setting or the engine's rules change."""
    payload = json.dumps([problem.to_dict(), params.to_dict(), ENGINE_VERSION], sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


class ResultCache:
    """Audit results per problem, in a JSON file beside the decisions (not inside them)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.entries: dict[str, dict] = {}
        if self.path.exists():
            try:
                self.entries = json.loads(self.path.read_text(encoding="utf-8"))
            except (json.JSONDecodeError, UnicodeDecodeError):
                self.entries = {}  # a cache is disposable: a broken one is rebuilt by re-auditing
        self.dirty = False

    def get(self, problem: Problem, params: AuditParams) -> ProblemResult | None:
        entry = self.entries.get(problem_key(problem, params))
        return ProblemResult.from_dict(entry) if entry is not None else None

    def put(self, problem: Problem, params: AuditParams, result: ProblemResult) -> None:
        self.entries[problem_key(problem, params)] = result.to_dict()
        self.dirty = True

    def flush(self) -> None:
        if self.dirty:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, json.dumps(self.entries))
            self.dirty = False


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("gameability-tui")) / "decisions.json"


def cache_path_for(db_path: Path, benchmark: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in benchmark)
    return Path(db_path).parent / "cache" / f"{safe}.json"
