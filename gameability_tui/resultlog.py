"""``check --jsonl FILE``: one JSON line per judged problem, written as each verdict arrives, and
the reading side that lets ``--resume`` skip what a killed or stopped run already judged.

Threats to what a resumed report says, and the defences:

- A result reused under other settings would be counted as if these settings had made it. Each
  line carries what made it: the engine version, the full ``AuditParams``, the step counter and
  a hash of the problem as audited (``problem_sha``). A line is reused only when all match this
  run (the counter by its unit: a line without one was made by the trace counter); any other
  line is audited again and the user is told how many and why.
- A run killed mid-write leaves a torn last line. It is ignored on resume and cut off before the
  first new line is appended, so the file stays one whole JSON object per line. A torn or foreign
  line anywhere else is not a kill's trace: the file is refused, naming the line.
- Counting a problem twice: the file is rewritten (atomically) with only the lines reused, one
  per problem id, before anything is appended; the summary adds those results to the new ones.
- Lost results: lines are flushed to the OS as written and fsync'd every ``SYNC_EVERY`` lines or
  ``SYNC_SECONDS`` seconds, and at close (Ctrl-C included). A power cut can lose at most the last
  unsynced batch; resume audits those problems again.

Shape, chosen so ``datasets.load_dataset("json", data_files=FILE)`` infers one Arrow schema for
every line: the ``ProblemResult`` fields, except ``kinds`` (a dict whose keys vary from problem
to problem, which Arrow would turn into a struct whose fields differ between blocks) is a list of
``{"kind", "built", "broken", "survived"}`` rows, and ``entry`` is ``""`` where there is none.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .benchmarks.reading import LoadError
from .engine.model import ENGINE_VERSION, AuditParams, KindCount, Problem, ProblemResult
from .engine.sandbox.steps import STEP_COUNTER
from .engine.step_units import unit_of
from .files import atomic_writer

SYNC_EVERY = 64
SYNC_SECONDS = 2.0


class ResultLogError(LoadError):
    """A results file that cannot be read, resumed or written; the message names the file and
    line. A ``LoadError``: the entry point prints it as one line, never a traceback."""


def problem_sha(problem: Problem) -> str:
    """Changes when anything the audit reads of the problem changes."""
    return hashlib.sha256(problem.canonical_json().encode()).hexdigest()[:16]


def settings_of(params: AuditParams) -> dict[str, Any]:
    """What a line must match to be reused, apart from its problem."""
    return {"engine_version": ENGINE_VERSION, "params": params.to_dict(), "step_counter": STEP_COUNTER}


def result_line(result: ProblemResult, settings: dict[str, Any], sha: str) -> str:
    """One line of the file (with its newline); ``settings`` is ``settings_of(params)``."""
    data = result.to_dict()
    data["entry"] = data["entry"] or ""
    data["kinds"] = [{"kind": kind, **counts} for kind, counts in data["kinds"].items()]
    data.update(settings, problem_sha=sha)
    return json.dumps(data, ensure_ascii=False) + "\n"


def result_from_line(data: dict[str, Any]) -> ProblemResult:
    """The ``ProblemResult`` a line was written from."""
    result = ProblemResult.from_dict({**data, "entry": data["entry"] or None, "kinds": {}})
    kinds = {row["kind"]: KindCount(row["built"], row["broken"], row["survived"]) for row in data["kinds"]}
    return replace(result, kinds=kinds)


def dataset_features():
    """The file's schema as ``datasets.Features``, for a file whose first 10 MB hold no weak
    problem: `datasets` infers a JSON Lines file's types from its first chunk only, and a list
    that is empty on every line there (``survivors``, ``asserts``) is typed as a list of nulls,
    which later lines cannot be cast to. ``load_dataset("json", data_files=FILE,
    features=dataset_features())`` reads any such file. Imports `datasets` only when called."""
    from datasets import Features, List, Value

    params = {
        name: Value("float64")
        if isinstance(value, float)
        else Value("int64")
        if isinstance(value, int)
        else Value("string")
        for name, value in AuditParams().to_dict().items()
    }
    counts = {"built": Value("int64"), "broken": Value("int64"), "survived": Value("int64")}
    return Features(
        {
            "id": Value("string"),
            "status": Value("string"),
            "detail": Value("string"),
            "entry": Value("string"),
            **{name: Value("int64") for name in _COUNTS},
            "kinds": List({"kind": Value("string"), **counts}),
            "survivors": List(
                {
                    "kind": Value("string"),
                    "line": Value("int64"),
                    "before": Value("string"),
                    "after": Value("string"),
                    "source": Value("string"),
                    "witnesses": List(Value("string")),
                }
            ),
            "asserts": List(
                {
                    "text": Value("string"),
                    "passes_reference": Value("bool"),
                    "kills": List(Value("int64")),
                    "flags": List(Value("string")),  # absent when empty (v1 reports have none)
                    "extra": Value("bool"),  # absent when False
                }
            ),
            "seconds": Value("float64"),
            "engine_version": Value("int64"),
            "params": params,
            "step_counter": Value("string"),
            "problem_sha": Value("string"),
        }
    )


_COUNTS = (
    "n_mutants",
    "n_equivalent",
    "n_broken",
    "n_survived",
    "n_truncated",
    "n_slow",
    "n_fresh",
    "reference_raised",
)


class ResultLog:
    """Appends result lines to an open file, fsync'ing in batches; ``close()`` syncs the rest."""

    def __init__(self, path: Path, params: AuditParams, append: bool) -> None:
        self.path = path
        self.settings = settings_of(params)  # once: the same on every line
        try:
            self._handle = open(path, "a" if append else "w", encoding="utf-8")  # noqa: SIM115 (held open)
        except OSError as error:
            raise ResultLogError(f"{path}: cannot write it ({error.strerror})") from None
        self._unsynced = 0
        self._synced_at = time.monotonic()

    def write(self, result: ProblemResult, sha: str) -> None:
        self._handle.write(result_line(result, self.settings, sha))
        self._handle.flush()  # to the OS at once: a killed process loses nothing written
        self._unsynced += 1
        if self._unsynced >= SYNC_EVERY or time.monotonic() - self._synced_at >= SYNC_SECONDS:
            self.sync()

    def sync(self) -> None:
        if self._unsynced:
            os.fsync(self._handle.fileno())
        self._unsynced = 0
        self._synced_at = time.monotonic()

    def __enter__(self) -> ResultLog:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if not self._handle.closed:
            self._handle.flush()
            self.sync()
            self._handle.close()


@dataclass
class Previous:
    """What an earlier run left in the file, as far as this run may reuse it."""

    usable: dict[str, str] = field(default_factory=dict)  # id -> problem_sha, this run's settings
    other_settings: int = 0
    difference: str = ""  # how the first line with other settings differs, for the message
    duplicates: int = 0
    torn: bool = False


def read_previous(path: Path, params: AuditParams) -> Previous:
    """Index the lines of an earlier run: which ids this run could reuse, and what it may not."""
    previous = Previous()
    wanted = settings_of(params)
    for data in _lines(path, previous):
        if not _same_settings(data, wanted):
            previous.other_settings += 1
            previous.difference = previous.difference or _difference(data, wanted)
        elif data["id"] in previous.usable:
            previous.duplicates += 1
        else:
            previous.usable[data["id"]] = data["problem_sha"]
    return previous


def keep_reused(
    path: Path, params: AuditParams, reuse: set[str], on_result: Callable[[ProblemResult], None]
) -> None:
    """Rewrite ``path`` with only the lines of ``reuse`` (the first line of each id with this run's
    settings), handing each one's result to ``on_result``. The new file is written beside the old
    one, fsync'd and renamed over it: a crash here leaves the old file whole. Line by line, so a
    file of a million results is never held in memory."""
    wanted = settings_of(params)
    left = set(reuse)
    with atomic_writer(path) as handle:
        for data in _lines(path, Previous()):
            if data["id"] in left and _same_settings(data, wanted):
                left.discard(data["id"])
                handle.write(json.dumps(data, ensure_ascii=False) + "\n")
                on_result(result_from_line(data))


def _same_settings(data: dict[str, Any], wanted: dict[str, Any]) -> bool:
    """The same engine and params, and steps in the same unit (the compiled counter and its
    Python fallback count alike)."""
    return (
        data.get("engine_version") == wanted["engine_version"]
        and data.get("params") == wanted["params"]
        and unit_of(data.get("step_counter")) == unit_of(wanted["step_counter"])
    )


def _difference(data: dict[str, Any], wanted: dict[str, Any]) -> str:
    if data.get("engine_version") != wanted["engine_version"]:
        return f"engine version {data.get('engine_version')} in the file, {wanted['engine_version']} here"
    if unit_of(data.get("step_counter")) != unit_of(wanted["step_counter"]):
        theirs = data.get("step_counter") or "trace"
        return f"steps counted by the {theirs} counter in the file, the {wanted['step_counter']} one here"
    theirs = data.get("params") if isinstance(data.get("params"), dict) else {}
    changed = [
        f"{name} {theirs.get(name)!r} in the file, {value!r} here"
        for name, value in wanted["params"].items()
        if theirs.get(name) != value
    ]
    return "; ".join(changed[:3]) or "audit settings differ"


REQUIRED = ("id", "status", "kinds", "problem_sha", "engine_version", "params")


def _lines(path: Path, previous: Previous) -> Iterator[dict[str, Any]]:
    """Each whole line of the file, parsed; a last line cut short by a kill (no newline) is skipped
    and noted in ``previous.torn``. Any other line that is not a result line is an error."""
    try:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, start=1):
                if not raw.endswith(b"\n"):  # only the last line can lack its newline
                    previous.torn = True
                elif raw.strip():
                    yield _parse(path, number, raw)
    except FileNotFoundError:
        return
    except OSError as error:
        raise ResultLogError(f"{path}: cannot read it ({error.strerror})") from None


def _parse(path: Path, number: int, raw: bytes) -> dict[str, Any]:
    where = f"{path}:{number}"
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ResultLogError(
            f"{where}: not a result line written by check --jsonl. Fix or remove that line, "
            "or run without --resume to start the file again."
        ) from None
    if not isinstance(data, dict) or any(key not in data for key in REQUIRED):
        missing = [key for key in REQUIRED if not isinstance(data, dict) or key not in data]
        raise ResultLogError(
            f"{where}: not a result line written by check --jsonl (missing {', '.join(missing)}). "
            "Run without --resume to start the file again."
        )
    return data
