"""MBPP (full) and MBPP sanitized, from the hub through `datasets` or from the original files.

Full MBPP's task ids 1-10 are the few-shot prompt split, not the benchmark: they are dropped and
counted. The original files are ``mbpp.jsonl`` and ``sanitized-mbpp.json``; pass one with
``--data`` or name a folder holding them in the GAMEABILITY_TUI_DATA environment variable.

Threat: decisions and cached results are keyed by the benchmark's name, so ``mbpp --data
sanitized-mbpp.json`` must not file the sanitized subset's decisions under full MBPP. The name
follows what the file holds (sanitized records carry ``prompt``, full ones ``text``), not the
name typed on the command line.

Written back (``add_asserts``), accepted asserts are appended to the row's ``test_list``; every
other field, and the order of the fields, stays as the source had it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..engine.model import Problem
from .base import DATA_ENV, Benchmark, load_hub_source, local_file
from .reading import LoadError
from .source import RowPatch, SourceFile, read_source

HUB_REPOSITORY = "google-research-datasets/mbpp"
PROMPT_SPLIT_IDS = range(1, 11)
SOURCE_URL = "https://github.com/google-research/google-research/tree/master/mbpp"


def _hint(filename: str) -> str:
    """What to do without the hub: the one file this benchmark is read from, and where it is."""
    return (
        f"Pass the original file with --data {filename} (from {SOURCE_URL}), "
        f"or set {DATA_ENV} to a folder that holds it."
    )


def _full_problem(row: dict) -> Problem:
    return Problem(
        id=str(row["task_id"]),
        reference=row["code"],
        tests=tuple(row["test_list"]),
        setup=row.get("test_setup_code") or "",
        hidden=tuple(row.get("challenge_test_list") or ()),
        prompt=row.get("text") or "",
    )


def _sanitized_problem(row: dict) -> Problem:
    return Problem(
        id=str(row["task_id"]),
        reference=row["code"],
        tests=tuple(row["test_list"]),
        setup="\n".join(row.get("test_imports") or ()),
        prompt=row.get("prompt") or "",
    )


def _read_source(path: Path) -> SourceFile:
    origin = read_source(path)
    if not all(isinstance(row, dict) for row in origin.rows):
        raise LoadError(f"{path}: expected MBPP records (JSON objects)")
    return origin


def _convert(rows: list[dict], convert, where: str) -> list[Problem]:
    problems = []
    for number, row in enumerate(rows, start=1):
        try:
            problems.append(convert(row))
        except (KeyError, TypeError) as error:
            raise LoadError(f"{where}: record {number}: missing or malformed field {error}") from None
    return problems


def _origin(data: Path | None, filename: str, config: str) -> tuple[SourceFile, str]:
    path = local_file(data, filename)
    if path is not None:
        return _read_source(path), str(path)
    splits = ["test", "validation", "train", "prompt"]
    source = load_hub_source(HUB_REPOSITORY, config, splits, _hint(filename))
    return source, f"hub:{HUB_REPOSITORY} ({config})"


def _is_sanitized(rows: Sequence[dict]) -> bool:
    """Sanitized MBPP's records have ``prompt`` where full MBPP's have ``text``."""
    return bool(rows) and all("prompt" in row and "text" not in row for row in rows)


def load_mbpp(data: Path | None) -> Benchmark:
    origin, source = _origin(data, "mbpp.jsonl", "full")
    if origin.hub is None and _is_sanitized(origin.rows):
        return _sanitized(origin, source)
    problems = _convert(list(origin.rows), _full_problem, source)
    origin = origin.with_ids({p.id: index for index, p in enumerate(problems)})
    kept = [p for p in problems if int(p.id) not in PROMPT_SPLIT_IDS]
    dropped = {"few-shot prompt split (task ids 1-10)": len(problems) - len(kept)}
    return Benchmark(
        "mbpp", sorted(kept, key=lambda p: int(p.id)), source, dropped, origin=origin, writer="mbpp"
    )


def load_mbpp_sanitized(data: Path | None) -> Benchmark:
    origin, source = _origin(data, "sanitized-mbpp.json", "sanitized")
    if origin.hub is None and not _is_sanitized(origin.rows):
        return load_mbpp(origin.path)  # the full benchmark, whatever name was typed
    return _sanitized(origin, source)


def _sanitized(origin: SourceFile, source: str) -> Benchmark:
    problems = _convert(list(origin.rows), _sanitized_problem, source)
    origin = origin.with_ids({p.id: index for index, p in enumerate(problems)})
    return Benchmark(
        "mbpp-sanitized", sorted(problems, key=lambda p: int(p.id)), source, origin=origin, writer="mbpp"
    )


def add_asserts(row: dict, texts: Sequence[str], entry: str) -> RowPatch:
    """``row`` with ``texts`` appended to its ``test_list``, in the field's own place."""
    return RowPatch({**row, "test_list": [*row["test_list"], *texts]})
