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

import contextlib
import fcntl
import functools
import gc
import hashlib
import json
import os
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB
from tinydb.storages import Storage

from .engine.model import ENGINE_VERSION, AuditParams, Problem, ProblemResult
from .errors import UserError
from .files import aside_name, write_atomically

ACCEPTED, REJECTED = "accepted", "rejected"
SKIPPED = "skipped"
DECISIONS = (ACCEPTED, REJECTED, SKIPPED)
VERDICTS = ("keep", "fix", "drop")
PROBE, EDIT = "probe", "edit"  # where a reviewer-made candidate assert came from
TABLES = {"decisions", "verdicts", "candidates"}


class StoreError(UserError):
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
                self._refuse(f"{error.msg}, line {error.lineno} column {error.colno}")
            problem = _shape_problem(data)
            if problem:
                self._refuse(problem)
            self._data = data
        return self._data

    def _refuse(self, why: str):
        """Keep a copy of the unusable file aside and say so; the file itself is never overwritten.
        One copy is enough: each start on the same broken file names the copy already made."""
        content = self.path.read_bytes()
        kept = [p for p in self.path.parent.glob(f"{self.path.name}.broken-*") if p.read_bytes() == content]
        aside = max(kept) if kept else aside_name(self.path, "broken")
        if not kept:
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
            for field, (wanted, allowed) in ROW_FIELDS[name].items():
                if not allowed(row.get(field)):
                    return f"row {row_id} of table {name!r}: field {field!r} must be {wanted}"
    return ""


def _text(value: Any) -> bool:
    return isinstance(value, str)


def _text_or_none(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and all(type(item) is int for item in value)


def _number_or_none(value: Any) -> bool:
    return value is None or (isinstance(value, (int, float)) and not isinstance(value, bool))


# What each row of each table must hold, beyond its benchmark and problem: a row edited by hand
# into another shape is named here, when the database opens, not met later as a traceback.
ROW_FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "decisions": {
        "text": ("a string", _text),
        "decision": (f"one of {', '.join(DECISIONS)}", lambda v: v in DECISIONS),
        "edited": ("a string or null", _text_or_none),
        "at": ("a number or null", _number_or_none),
    },
    "verdicts": {
        "verdict": ("a string", _text),
        "note": ("a string or null", _text_or_none),
    },
    "candidates": {
        "key": ("a string", _text),
        "text": ("a string", _text),
        "passes_reference": ("true or false", lambda v: isinstance(v, bool)),
        "kills": ("a list of survivor numbers", _numbers),
        "origin": ("a string", _text),
        "at": ("a number or null", _number_or_none),
    },
}


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


def lock_if_free(path: Path):
    """The lock of the database at ``path`` (as ``_lock_beside`` takes it, held until closed),
    or None while an app holds it: a command beside a running app only reads what it writes."""
    try:
        return _lock_beside(path)
    except StoreError:
        return None


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
        self.created = not self.path.exists()  # a new file: said, in case its path was a typo
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
    """Changes when the problem, any engine setting or the engine's rules change.

    The same digest as ``json.dumps([problem, params, ENGINE_VERSION], sort_keys=True)`` hashed
    whole (older caches are keyed by it), with the settings' part written once per settings:
    a 10^5-problem benchmark asks for a key per problem on every reopen."""
    return key_of_json(problem.canonical_json(), params)


def key_of_json(problem_json: str, params: AuditParams) -> str:
    """``problem_key`` of the problem whose ``canonical_json()`` is ``problem_json``: for a
    caller that has written the problem out already (the benchmark's fingerprint does)."""
    return hashlib.sha256(f"[{problem_json}, {_settings_json(params)}]".encode()).hexdigest()[:24]


@functools.lru_cache(maxsize=8)
def _settings_json(params: AuditParams) -> str:
    return f"{json.dumps(params.to_dict(), sort_keys=True)}, {json.dumps(ENGINE_VERSION)}"


_bulk_builds = 0  # bulk builds under way, in any thread
_collector_was_enabled = True
_bulk_lock = threading.Lock()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while 10^5 records are built in bulk.

    Each full pass of the collector walks every object the process holds, and building 100,000
    results from the cache set off passes over millions of objects: they cost twice the parse
    itself (6.1 s of CPU for the parse with them, 2.2 s without). What a bulk build makes is kept,
    not garbage, so nothing is lost by waiting. Counted across threads (the app's audit thread
    and its screen may overlap): the collector is on again when the last build ends, and only
    if it was on before the first began."""
    global _bulk_builds, _collector_was_enabled
    with _bulk_lock:
        if _bulk_builds == 0:
            _collector_was_enabled = gc.isenabled()
            gc.disable()
        _bulk_builds += 1
    try:
        yield
    finally:
        with _bulk_lock:
            _bulk_builds -= 1
            if _bulk_builds == 0 and _collector_was_enabled:
                gc.enable()


CACHE_FORMAT = {"format": "gameability-tui result cache", "version": 1}
# Keys a cached result must have for ``ProblemResult.from_dict``; the rest have defaults.
RESULT_FIELDS = ("id", "status", "n_mutants", "n_broken", "n_survived")
_RESULT_FIELD_SET = frozenset(RESULT_FIELDS)


class ResultCache:
    """Audit results per problem, beside the decisions (not inside them): one JSON line per result.

    The file is appended to, never rewritten while the audit runs, so saving a batch costs the
    batch and not the whole benchmark (rewriting a 16,000-result JSON file took 121 ms a flush).
    Threats and defences:

    - A crash while a batch is written leaves a torn last line: it is ignored (and cut off before
      the next append), never fatal; every batch before it was fsync'd and is kept.
    - A result audited again (a line whose key is already in the file) is appended once more:
      the last line of a key wins on reopen.
    - A damaged line elsewhere (a disk error, a hand edit) is named by file and line in
      ``notes``; the file as it was is kept aside, the good lines are written back, and the
      problem it held is simply audited again.
    - The older cache (one JSON object rewritten whole) is still read: its results move into the
      new file once, with a note, so nothing audited before is audited again.
    """

    def __init__(self, path: Path, repair: bool = True) -> None:
        """``repair=False`` (a reader beside a running app, e.g. ``export``) reads only: an older
        or damaged file is used as it is, never moved or written back."""
        self.path = Path(path)
        self.repair = repair
        self.entries: dict[str, dict] = {}
        self.notes: list[str] = []  # what was found on opening and done about it, for the user
        self._pending: list[str] = []
        self._good_end = 0  # bytes of the file that hold whole lines; anything after is torn
        self._newline_owed = False  # the last line is whole but its newline never reached the disk
        # The audit thread puts and flushes while the app may flush on closing.
        self._lock = threading.Lock()
        self._load()

    @property
    def pending(self) -> int:
        """Results put since the last flush (not yet on disk)."""
        return len(self._pending)

    def get(self, problem: Problem, params: AuditParams) -> ProblemResult | None:
        return self.get_key(problem_key(problem, params))

    def get_key(self, key: str) -> ProblemResult | None:
        entry = self.entries.get(key)
        if entry is None:
            return None
        try:
            return ProblemResult.from_dict(entry)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None  # a result of the wrong shape is not evidence: the problem is audited again

    def put(self, problem: Problem, params: AuditParams, result: ProblemResult) -> None:
        self.put_key(problem_key(problem, params), result)

    def put_key(self, key: str, result: ProblemResult) -> None:
        """Keep ``result`` under ``key`` (a ``problem_key``); on disk at the next ``flush``."""
        data = result.to_dict()
        line = json.dumps({"key": key, "result": data})
        with self._lock:
            self.entries[key] = data
            self._pending.append(line)

    def flush(self) -> None:
        """Append the pending results in one write and fsync them."""
        with self._lock:
            if self._pending:
                self._append()

    def _append(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists() or self._good_end == 0
        with open(self.path, "r+b" if self.path.exists() else "wb") as handle:
            handle.seek(self._good_end)
            handle.truncate()  # a torn last line from a crash: never append after it
            head = (json.dumps(CACHE_FORMAT) + "\n") if fresh else ("\n" if self._newline_owed else "")
            data = (head + "\n".join(self._pending) + "\n").encode("utf-8")
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        self._good_end += len(data)
        self._newline_owed = False
        self._pending.clear()

    # ------------------------------------------------------------------ reading

    def _load(self) -> None:
        if not self.path.exists():
            legacy = self.path.with_suffix(".json")
            if self.path.suffix == ".jsonl" and legacy.is_file():
                self._migrate(legacy)
            return
        try:
            data = self.path.read_bytes()
        except OSError as error:
            raise StoreError(f"{self.path}: cannot read the result cache ({error.strerror}).") from None
        if not data.strip():
            return
        whole = data.rfind(b"\n") + 1  # the lines before it are whole; after it, one never finished
        tail, header_end = data[whole:], data.find(b"\n")
        if header_end < 0 and tail.startswith(b'{"format"') and _parse(tail) is None:
            return  # the very first write was torn: nothing was saved yet
        if _parse(data[:header_end] if header_end >= 0 else tail) != CACHE_FORMAT:
            self._migrate(self.path, data)
            return
        damaged: list[int] = []
        if header_end >= 0:
            with collector_paused():  # a view, not a copy, of up to 10^5 lines
                damaged = _read_records(memoryview(data)[header_end + 1 : whole], self.entries)
        self._good_end = whole
        if tail and header_end >= 0:
            record = _parse(tail)
            if record is not None and record != CACHE_FORMAT:  # whole, only its newline was lost
                self.entries[record["key"]] = record["result"]
                self._good_end, self._newline_owed = len(data), True
        if damaged and self.repair:
            self._set_aside(damaged)

    def _set_aside(self, damaged: list[int]) -> None:
        """Keep the file as it was, write the good lines back, and say which lines were lost."""
        aside = aside_name(self.path, "broken")
        shutil.copy2(self.path, aside)
        self._rewrite()
        more = f" and {len(damaged) - 5} more" if len(damaged) > 5 else ""
        shown = ", ".join(map(str, damaged[:5])) + more
        self.notes.append(
            f"{self.path}: line{'s' if len(damaged) > 1 else ''} {shown} not a cached result; "
            f"skipped (those problems are audited again). The file as it was is kept at {aside}."
        )

    def _migrate(self, legacy: Path, data: bytes | None = None) -> None:
        """Read the older single-object cache and move its results into this file."""
        try:
            old = json.loads(legacy.read_bytes() if data is None else data)
        except (json.JSONDecodeError, UnicodeDecodeError, OSError):
            old = None
        usable = isinstance(old, dict) and all(_is_result(v) for v in old.values())
        if not self.repair:
            self.entries = dict(old) if usable else {}
            return
        if not usable:
            aside = aside_name(legacy, "broken")
            os.replace(legacy, aside)
            self.notes.append(
                f"{legacy}: not a result cache this version can read; moved to {aside} and "
                "started afresh (its problems are audited again)."
            )
            return
        self.entries = dict(old)
        self._rewrite()
        if legacy != self.path:
            legacy.unlink()
        self.notes.append(
            f"{legacy}: a cache in the older format; its {len(old)} results were moved into "
            f"{self.path} (one line per result)."
        )

    def _rewrite(self) -> None:
        lines = [json.dumps(CACHE_FORMAT)]
        lines += [json.dumps({"key": key, "result": result}) for key, result in self.entries.items()]
        text = "\n".join(lines) + "\n"
        write_atomically(self.path, text)
        self._good_end, self._newline_owed = len(text.encode("utf-8")), False


def _read_records(body: memoryview, entries: dict[str, dict]) -> list[int]:
    """Put each record of ``body`` (whole lines after the header) into ``entries``; the file's
    line numbers that do not hold one.

    Each line is read where it lies in the decoded text by the JSON scanner, which must stop
    exactly at the line's end: ``json.loads`` per line cost a third more at 10^5 results (a copy,
    a decode and two calls per line). A line the scanner does not take whole goes through
    ``_parse``, so what counts as a record is the same either way."""
    try:
        text = str(body, "utf-8")
    except UnicodeDecodeError:  # a damaged byte somewhere: each line on its own
        return _read_lines(bytes(body).split(b"\n")[:-1], entries)
    damaged, scan, position, number = [], _SCANNER.scan_once, 0, 2
    while position < len(text):
        end = text.index("\n", position)  # ``body`` ends with a newline
        try:
            record, stop = scan(text, position)
        except (StopIteration, json.JSONDecodeError):
            record, stop = None, -1
        if stop != end or not _is_record(record):
            record = _parse(text[position:end].encode("utf-8"))
        _keep(record, number, entries, damaged)
        position, number = end + 1, number + 1
    return damaged


def _read_lines(lines: list[bytes], entries: dict[str, dict]) -> list[int]:
    damaged: list[int] = []
    for number, line in enumerate(lines, start=2):
        _keep(_parse(line), number, entries, damaged)
    return damaged


def _keep(record: dict | None, number: int, entries: dict[str, dict], damaged: list[int]) -> None:
    if record is None or record == CACHE_FORMAT:  # a second header is not a result either
        damaged.append(number)
    else:
        entries[record["key"]] = record["result"]


_SCANNER = json.JSONDecoder()


def _is_record(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("key"), str) and _is_result(value.get("result"))


def _parse(line: bytes) -> dict | None:
    """A line's record (or the header), or None when it is not a whole one."""
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return record if record == CACHE_FORMAT or _is_record(record) else None


def _is_result(value: Any) -> bool:
    return isinstance(value, dict) and value.keys() >= _RESULT_FIELD_SET


def default_db_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("gameability-tui")) / "decisions.json"


def cache_path_for(db_path: Path, benchmark: str) -> Path:
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in benchmark)
    return Path(db_path).parent / "cache" / f"{safe}.jsonl"
