"""Your own benchmark: one JSON object per line.

Fields: ``id``, ``reference``, ``tests`` (list of strings) required; ``entry``, ``setup``,
``hidden``, ``call_alias``, ``harvest``, ``prompt`` optional. A bad line is a LoadError naming the
file, the line and the field, so a maintainer can fix it without guessing.

Written back (``add_asserts``), accepted asserts are appended to the row's ``tests``; the row keeps
its keys in their order and gains nothing else.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine.model import Problem
from .base import Benchmark
from .reading import LoadError, jsonl_lines, not_json, stream_jsonl_lines
from .source import JSONL, RowPatch, SourceFile, source_from_text

REQUIRED = {"id": (str, int), "reference": (str,), "tests": (list,)}
OPTIONAL_TEXT = ("entry", "setup", "call_alias", "prompt")
OPTIONAL_LISTS = ("hidden", "harvest")


def problem_from_record(record: object, where: str) -> Problem:
    if not isinstance(record, dict):
        raise LoadError(f"{where}: expected a JSON object, got {type(record).__name__}")
    for name, types in REQUIRED.items():
        if name not in record:
            raise LoadError(f"{where}: missing field {name!r}{_known_format(record, where)}")
        if not isinstance(record[name], types) or isinstance(record[name], bool):
            wanted = " or ".join(t.__name__ for t in types)
            raise LoadError(f"{where}: field {name!r} must be {wanted}, got {type(record[name]).__name__}")
    for name in ("tests", *OPTIONAL_LISTS):
        value = record.get(name)
        if value is not None and not (isinstance(value, list) and all(isinstance(t, str) for t in value)):
            raise LoadError(f"{where}: field {name!r} must be a list of strings")
    for name in OPTIONAL_TEXT:
        value = record.get(name)
        if value is not None and not isinstance(value, str):
            raise LoadError(f"{where}: field {name!r} must be a string, got {type(value).__name__}")
    return Problem.from_dict(record)


# Rows of benchmarks this tool reads by name, given instead as your own JSONL: the fields that
# tell them apart, and the name to give.
KNOWN_FORMATS = (
    ({"task_id", "code", "test_list"}, "mbpp"),
    ({"task_id", "prompt", "canonical_solution", "test"}, "humaneval"),
)


def _known_format(record: dict, where: str) -> str:
    """What to run instead, when ``record`` (at ``where``, FILE:LINE) is a row of a benchmark read
    by name."""
    for fields, name in KNOWN_FORMATS:
        if fields <= record.keys():
            file = where.rpartition(":")[0]
            return f"; it is a row in {name}'s own format: give the benchmark as `{name} --data {file}`"
    return " (each line holds id, reference and tests; see --help)"


def load_jsonl(path: Path) -> Benchmark:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise LoadError(f"{path}: no such file") from None
    except OSError as error:
        raise LoadError(f"{path}: cannot read it ({error.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise LoadError(
            f"{path}:{line}: not UTF-8 text (byte {error.start}); save the file as UTF-8"
        ) from None
    # The file is parsed once, for its rows and where each sits (the write-back needs both).
    try:
        origin = source_from_text(text, path, layout=JSONL)
    except LoadError:  # the line by line reading names the first bad line and its column
        list(problems_from_lines(path, enumerate(jsonl_lines(text), start=1)))
        raise
    problems = list(problems_from_records(path, _numbered(origin)))
    if not problems:
        raise LoadError(f"{path}: no problems in the file (expected one JSON object per line)")
    origin = origin.with_ids({p.id: index for index, p in enumerate(problems)})
    return Benchmark(path.name, problems, str(path), origin=origin, writer="jsonl")


def _numbered(origin: SourceFile) -> Iterator[tuple[int, object]]:
    """(line number, row) of each row of a JSON Lines source (lines end at ``\n``)."""
    number, cursor = 1, 0
    for (start, _), row in zip(origin.spans, origin.rows):
        number += origin.text.count("\n", cursor, start)
        cursor = start
        yield number, row


def problems_from_lines(path: Path, lines: Iterable[tuple[int, str]]) -> Iterator[Problem]:
    """The problem on each non-blank line, checked; a repeated id is an error naming both lines.
    Only the ids are remembered, so a streamed file is never held whole."""
    return problems_from_records(path, _parsed_lines(path, lines))


def _parsed_lines(path: Path, lines: Iterable[tuple[int, str]]) -> Iterator[tuple[int, object]]:
    for number, line in lines:
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise not_json(f"{path}:{number}", error) from None
        yield number, record


def problems_from_records(path: Path, records: Iterable[tuple[int, object]]) -> Iterator[Problem]:
    """The problem each (line number, parsed record) holds, checked; a repeated id is an error
    naming both lines."""
    seen: dict[str, int] = {}
    for number, record in records:
        where = f"{path}:{number}"
        problem = problem_from_record(record, where)
        if problem.id in seen:
            raise LoadError(
                f"{where}: field 'id': {problem.id!r} was already used on line {seen[problem.id]}"
            )
        seen[problem.id] = number
        yield problem


@dataclass(frozen=True)
class StreamedJsonl:
    """A JSONL benchmark read line by line: checked whole once (so a bad line 900,000 is reported
    before the audit starts, with ``load_jsonl``'s message), then streamed again for the audit.
    Holds no problem, only the file's name and how many problems it has."""

    path: Path
    count: int

    @classmethod
    def open(cls, path: Path) -> StreamedJsonl:
        count = sum(1 for _ in problems_from_lines(path, stream_jsonl_lines(path)))
        if not count:
            raise LoadError(f"{path}: no problems in the file (expected one JSON object per line)")
        return cls(path, count)

    def problems(self) -> Iterator[Problem]:
        """The problems in file order, one line at a time."""
        return problems_from_lines(self.path, stream_jsonl_lines(self.path))


def add_asserts(row: dict, texts: Sequence[str], entry: str) -> RowPatch:
    """``row`` with ``texts`` appended to its ``tests``, in the field's own place."""
    return RowPatch({**row, "tests": [*row["tests"], *texts]})
