"""Cached audit results: bulky, remade at will, and apart from the decisions.

- Bulky results slow down every decision write if they share a file: they live in a separate
  cache file, keyed by a hash of the problem and the engine settings, so a changed problem or
  setting is re-audited and an unchanged one is not.
- The file is appended to, never rewritten while the audit runs; a torn last line (a kill mid-
  write) is cut off, and the last line of a key wins."""

from __future__ import annotations

import contextlib
import functools
import gc
import hashlib
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..engine.model import ENGINE_VERSION, AuditParams, Problem, ProblemResult
from ..engine.step_units import TRACE, UNIT
from ..files import aside_name, write_atomically
from .storage import StoreError


def problem_key(problem: Problem, params: AuditParams) -> str:
    """Changes when the problem, any engine setting, the engine's rules or the step unit change.

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
    """Params and engine version; and the step unit where it is not the trace counter's, so
    that a result counted in one unit is never taken for the other's (``step_units.py``), while
    every key made before there was a second unit stays as it was."""
    settings = f"{json.dumps(params.to_dict(), sort_keys=True)}, {json.dumps(ENGINE_VERSION)}"
    return settings if UNIT == TRACE else f"{settings}, {json.dumps(UNIT)}"


_bulk_builds = 0  # bulk builds under way, in any thread


_collector_was_enabled = True


_bulk_lock = threading.Lock()


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while 10^5 records are built in bulk.

    Each full pass of the collector walks every object the process holds, and building 100,000
    results from the cache sets off passes over millions of objects, which cost more than the
    parse itself (docs/speed-history.md). What a bulk build makes is kept,
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
    batch and not the whole benchmark.
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


def cache_path_for(db_path: Path, benchmark: str, fingerprint: str) -> Path:
    """The result cache of this version of ``benchmark`` (its ``fingerprint``), beside the
    decisions database: the one place its name is made, so the app and export share one file."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in f"{benchmark}-{fingerprint}")
    return Path(db_path).parent / "cache" / f"{safe}.jsonl"
