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
    """Load ``spec``: a name (mbpp, mbpp-sanitized, humaneval), ``kodcode:FILE`` or a .jsonl file."""
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
    path = Path(spec)
    if path.suffix in (".jsonl", ".json") or path.exists():
        from .jsonl import load_jsonl

        return load_jsonl(path)
    raise LoadError(
        f"unknown benchmark {spec!r}: use one of {', '.join(NAMES)}, kodcode:FILE, or a path to a .jsonl file"
    )


__all__ = ["DATA_ENV", "Benchmark", "LoadError", "NAMES", "load_benchmark"]
