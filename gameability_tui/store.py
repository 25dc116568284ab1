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
- A file that is not JSON, not UTF-8, or JSON of another shape: a clear error naming it, with a
  copy kept aside; never overwritten. A path that cannot hold a database (a directory, a folder
  that cannot be written, a parent that is a file) is refused before anything is created, and a
  store that fails to open leaves no lock file behind.
- Decisions are keyed by benchmark, problem id and assert text, so they survive a re-audit.
- Asserts the reviewer made (an edit, a probe) exist nowhere else: they are stored with their text,
  kill set and origin as soon as the engine has gated them, so a decision on one still has its
  assert after a restart.
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
PROBE, EDIT = "probe", "edit"  # where a reviewer-made candidate assert came from
TABLES = {"decisions", "verdicts", "candidates"}


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
            try:
                text = self.path.read_text(encoding="utf-8")
            except UnicodeDecodeError as error:
                self._refuse(f"not UTF-8 text (byte {error.start})")
            except OSError as error:
                raise StoreError(f"{self.path}: cannot read it ({error.strerror}). Pass --db FILE.") from None
            if not text.strip():
                return None
            try:
                data = json.loads(text)
            except json.JSONDecodeError as error:
                self._refuse(f"{error.msg} at line {error.lineno}")
            problem = _shape_problem(data)
            if problem:
                self._refuse(problem)
            self._data = data
        return self._data

    def _refuse(self, why: str):
        """Keep a copy of the unusable file aside and say so; the file itself is never overwritten."""
        aside = self.path.with_suffix(self.path.suffix + f".broken-{int(time.time())}")
        shutil.copy2(self.path, aside)
        raise StoreError(
            f"{self.path}: not a valid database ({why}). "
            f"A copy is kept at {aside}; move the file away or pass --db to start a new one."
        ) from None

    def write(self, data: dict[str, Any]) -> None:
        try:
            write_atomically(self.path, json.dumps(data))
        except BaseException:
            self._data = None  # TinyDB changed our copy in place: forget it, the file is the truth
            raise
        self._data = data

    def close(self) -> None:
        pass


def _shape_problem(data: Any) -> str:
    """What is wrong with the shape of a parsed database, or "" when TinyDB can use it."""
    if not isinstance(data, dict):
        return f"expected a JSON object of tables, found {type(data).__name__}"
    for name, table in data.items():
        if not isinstance(table, dict):
            return f"table {name!r} is {type(table).__name__}, not an object of rows"
        if name not in TABLES:
            continue
        for row_id, row in table.items():
            if not isinstance(row, dict) or not all(
                isinstance(row.get(k), str) for k in ("benchmark", "problem")
            ):
                return f"row {row_id} of table {name!r} is not a record with benchmark and problem"
    return ""


def check_database_path(path: Path) -> None:
    """Refuse, in one sentence, a path that cannot hold a database, before anything is created.

    Checked up front because TinyDB and the lock would otherwise fail with a bare OSError deep
    inside, or (for a folder that cannot be written) only at the first decision."""
    path = Path(path)
    if path.is_dir():
        raise StoreError(f"{path} is a folder; pass --db with a file name, e.g. {path / 'decisions.json'}.")
    parent = path.parent
    for ancestor in (parent, *parent.parents):
        if ancestor.exists():
            if not ancestor.is_dir():
                raise StoreError(f"{path}: {ancestor} is a file, not a folder. Pass --db with another path.")
            if not os.access(ancestor, os.W_OK | os.X_OK):
                raise StoreError(
                    f"{path}: the folder {ancestor} cannot be written. Pass --db with another path."
                )
            break
    if path.exists() and not os.access(path, os.R_OK):
        raise StoreError(f"{path}: cannot be read. Pass --db with another path.")


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


class DecisionStore:
    """Decisions, verdicts and reviewer-made asserts for one benchmark, in a TinyDB file.

    One writer: the UI thread. With ``exclusive=True`` (the app) a lock file beside the database
    keeps a second app from writing the same file: the last writer would silently erase the
    other's decisions. The file is read and checked before the lock is taken, so a database that
    cannot be opened leaves nothing behind.
    """

    def __init__(self, path: Path, benchmark: str, exclusive: bool = False) -> None:
        self.path = Path(path)
        self.benchmark = benchmark
        check_database_path(self.path)
        self.db = TinyDB(str(self.path), storage=AtomicJSONStorage)
        self.db.storage.read()  # a broken file is refused here, before the lock file exists
        self._lock = _lock_beside(self.path) if exclusive else None
        self.decisions = self.db.table("decisions")
        self.verdicts = self.db.table("verdicts")
        self.candidates = self.db.table("candidates")

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
