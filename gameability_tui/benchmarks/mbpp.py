"""MBPP (full) and MBPP sanitized, from the hub through `datasets` or from the original files.

Full MBPP's task ids 1-10 are the few-shot prompt split, not the benchmark: they are dropped and
counted. The original files are ``mbpp.jsonl`` and ``sanitized-mbpp.json``; pass one with
``--data`` or name a folder holding them in the GAMEABILITY_TUI_DATA environment variable.

Threat: decisions and cached results are keyed by the benchmark's name, so ``mbpp --data
sanitized-mbpp.json`` must not file the sanitized subset's decisions under full MBPP. The name
follows what the file holds (sanitized records carry ``prompt``, full ones ``text``), not the
name typed on the command line.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.model import Problem
from .base import DATA_ENV, Benchmark, LoadError, jsonl_lines, load_hub_rows, local_file

HUB_REPOSITORY = "google-research-datasets/mbpp"
PROMPT_SPLIT_IDS = range(1, 11)
HINT = (
    "Pass the original file with --data (mbpp.jsonl or sanitized-mbpp.json), "
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


def _read_rows(path: Path) -> list[dict]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise LoadError(f"{path}: cannot read it ({error})") from None
    try:
        if path.suffix == ".json":
            rows = json.loads(text)
        else:
            rows = [json.loads(line) for line in jsonl_lines(text) if line.strip()]
    except json.JSONDecodeError as error:
        raise LoadError(f"{path}:{error.lineno}: not valid JSON ({error.msg})") from None
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise LoadError(f"{path}: expected MBPP records (JSON objects)")
    return rows


def _convert(rows: list[dict], convert, where: str) -> list[Problem]:
    problems = []
    for number, row in enumerate(rows, start=1):
        try:
            problems.append(convert(row))
        except (KeyError, TypeError) as error:
            raise LoadError(f"{where}: record {number}: missing or malformed field {error}") from None
    return problems


def _is_sanitized(rows: list[dict]) -> bool:
    """Sanitized MBPP's records have ``prompt`` where full MBPP's have ``text``."""
    return bool(rows) and all("prompt" in row and "text" not in row for row in rows)


def load_mbpp(data: Path | None) -> Benchmark:
    path = local_file(data, "mbpp.jsonl")
    if path is not None:
        rows, source = _read_rows(path), str(path)
        if _is_sanitized(rows):
            return _sanitized(rows, source)
    else:
        rows = load_hub_rows(HUB_REPOSITORY, "full", ["test", "validation", "train", "prompt"], HINT)
        source = f"hub:{HUB_REPOSITORY} (full)"
    problems = _convert(rows, _full_problem, source)
    kept = [p for p in problems if int(p.id) not in PROMPT_SPLIT_IDS]
    dropped = {"few-shot prompt split (task ids 1-10)": len(problems) - len(kept)}
    return Benchmark("mbpp", sorted(kept, key=lambda p: int(p.id)), source, dropped)


def load_mbpp_sanitized(data: Path | None) -> Benchmark:
    path = local_file(data, "sanitized-mbpp.json")
    if path is not None:
        rows, source = _read_rows(path), str(path)
        if not _is_sanitized(rows):
            return load_mbpp(path)  # the full benchmark, whatever name was typed
    else:
        rows = load_hub_rows(HUB_REPOSITORY, "sanitized", ["test", "validation", "train", "prompt"], HINT)
        source = f"hub:{HUB_REPOSITORY} (sanitized)"
    return _sanitized(rows, source)


def _sanitized(rows: list[dict], source: str) -> Benchmark:
    problems = _convert(rows, _sanitized_problem, source)
    return Benchmark("mbpp-sanitized", sorted(problems, key=lambda p: int(p.id)), source)
