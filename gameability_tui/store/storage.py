"""The decisions database's file: written whole and atomically, locked for one writer, refused
before anything is created where it cannot live.

- A crash mid-write must never corrupt the decisions: TinyDB's default storage rewrites the file
  in place. ``AtomicJSONStorage`` writes a temp file in the same folder, fsyncs, and renames it
  over the old one, so the file on disk is always the previous or the new state.
- A file that is not JSON, not UTF-8, or JSON of another shape: a clear error naming it, with a
  copy kept aside; never overwritten. A path that cannot hold a database (a directory, a folder
  that cannot be written, a parent that is a file) is refused before anything is created, and a
  store that fails to open leaves no lock file behind."""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from ..errors import UserError
from ..files import aside_name, write_atomically
from ..vocabulary import DECISIONS, SURVIVOR_VERDICTS

TABLES = {"decisions", "verdicts", "candidates", "survivors"}


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
    """The lock of the database at ``path`` (as ``lock_beside`` takes it, held until closed),
    or None while an app holds it: a command beside a running app only reads what it writes."""
    try:
        return lock_beside(path)
    except StoreError:
        return None


def lock_beside(path: Path):
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
    "survivors": {
        "survivor": ("a string", _text),
        "verdict": (f"one of {', '.join(SURVIVOR_VERDICTS)}", lambda v: v in SURVIVOR_VERDICTS),
        "note": ("a string or null", _text_or_none),
        "at": ("a number or null", _number_or_none),
    },
}
