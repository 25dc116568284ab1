"""Benchmark loaders: one per source, each returning problems plus what it dropped and why."""

from __future__ import annotations

from pathlib import Path

from .base import DATA_ENV, Benchmark, LoadError

NAMES = (
    "mbpp",
    "mbpp-sanitized",
    "humaneval",
    "humaneval-plus",
    "mbpp-plus",
    "humaneval-plus-origref",
    "mbpp-plus-origref",
)


def load_benchmark(spec: str, data: Path | None = None) -> Benchmark:
    """Load ``spec``: a name of ``NAMES``, ``kodcode:FILE`` or a .jsonl file."""
    if spec == "mbpp":
        from .mbpp import load_mbpp

        return load_mbpp(data)
    if spec == "mbpp-sanitized":
        from .mbpp import load_mbpp_sanitized

        return load_mbpp_sanitized(data)
    if spec == "humaneval":
        from .humaneval import load_humaneval

        return load_humaneval(data)
    if spec in ("humaneval-plus", "mbpp-plus", "humaneval-plus-origref", "mbpp-plus-origref"):
        from .evalplus import load_evalplus

        return load_evalplus(spec.split("-")[0], data, origref=spec.endswith("-origref"))
    if spec.startswith("kodcode:"):
        from .kodcode import load_kodcode

        return load_kodcode(Path(spec.split(":", 1)[1]))
    path = jsonl_path(spec)
    if path is not None:
        from .jsonl import load_jsonl

        return load_jsonl(path)
    raise LoadError(
        f"unknown benchmark {spec!r}: use one of {', '.join(NAMES)}, kodcode:FILE, or a path to a .jsonl file"
    )


def jsonl_path(spec: str) -> Path | None:
    """The file ``spec`` names when it is your own JSONL benchmark (what ``load_benchmark`` reads
    with ``load_jsonl``), else None: a named or ``kodcode:`` benchmark."""
    if spec in NAMES or spec.startswith("kodcode:"):
        return None
    path = Path(spec)
    return path if path.suffix in (".jsonl", ".json") or path.exists() else None


__all__ = ["DATA_ENV", "Benchmark", "LoadError", "NAMES", "jsonl_path", "load_benchmark"]
