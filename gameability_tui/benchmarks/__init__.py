"""Benchmark loaders: one per source, each returning problems plus what it dropped and why.

``LOADERS`` is the one table of what can be named on the command line: each benchmark's name (or
the prefix before a file, ``kodcode:FILE``), the module that reads it and the module that writes
its rows back with accepted asserts (``native.writer_for``). A file that no entry names is your
own JSONL benchmark. Adding a source is a module and one line here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path

from .base import DATA_ENV, Benchmark
from .reading import LoadError


@dataclass(frozen=True)
class Loader:
    """``name``: what the user types (a prefix ending in ``:`` takes a file after it); ``read``:
    ``module:function`` in this package, called with the data folder (or the file) and
    ``options``; ``writer``: the module whose ``add_asserts`` writes the benchmark's rows back."""

    name: str
    read: str
    writer: str
    options: tuple[tuple[str, object], ...] = ()

    @property
    def takes_file(self) -> bool:
        return self.name.endswith(":")

    def load(self, spec: str, data: Path | None) -> Benchmark:
        module, function = self.read.split(":")
        reader: Callable[..., Benchmark] = getattr(import_module(f".{module}", __package__), function)
        where = Path(spec[len(self.name) :]) if self.takes_file else data
        return reader(where, **dict(self.options))


def _evalplus(name: str, origref: bool) -> Loader:
    """HumanEval+ or MBPP+; ``origref``: the original benchmark's reference against EvalPlus's tests."""
    kind = name.split("-")[0]
    return Loader(
        name + "-origref" * origref,
        "evalplus:load_evalplus",
        "evalplus",
        (("kind", kind), ("origref", origref)),
    )


LOADERS = (
    Loader("mbpp", "mbpp:load_mbpp", writer="mbpp"),
    Loader("mbpp-sanitized", "mbpp:load_mbpp_sanitized", writer="mbpp"),
    Loader("humaneval", "humaneval:load_humaneval", writer="humaneval"),
    *(_evalplus(name, origref) for origref in (False, True) for name in ("humaneval-plus", "mbpp-plus")),
    Loader("kodcode:", "kodcode:load_kodcode", writer="kodcode"),
)
OWN_JSONL = Loader("", "jsonl:load_jsonl", writer="jsonl")  # any other file: your own benchmark
NAMES = tuple(loader.name for loader in LOADERS if not loader.takes_file)
WRITERS = frozenset(loader.writer for loader in (*LOADERS, OWN_JSONL))


def loader_for(spec: str) -> Loader | None:
    """The entry that reads ``spec``; None where no entry names it (it may be a JSONL file)."""
    for loader in LOADERS:
        if spec == loader.name or (loader.takes_file and spec.startswith(loader.name)):
            return loader
    return None


def load_benchmark(spec: str, data: Path | None = None) -> Benchmark:
    """Load ``spec``: a name of ``NAMES``, ``kodcode:FILE`` or a .jsonl file."""
    loader = loader_for(spec)
    if loader is not None:
        return loader.load(spec, data)
    path = jsonl_path(spec)
    if path is not None:
        return OWN_JSONL.load(str(path), path)
    raise LoadError(
        f"unknown benchmark {spec!r}: use one of {', '.join(NAMES)}, kodcode:FILE, or a path to a .jsonl file"
    )


def jsonl_path(spec: str) -> Path | None:
    """The file ``spec`` names when it is your own JSONL benchmark (what ``load_benchmark`` reads
    with ``load_jsonl``), else None: a named or ``kodcode:`` benchmark."""
    if loader_for(spec) is not None:
        return None
    path = Path(spec)
    return path if path.suffix in (".jsonl", ".json") or path.exists() else None


def named_file(spec: str) -> Path | None:
    """The file a benchmark spec itself names (``kodcode:FILE`` or a JSONL path), else None."""
    loader = loader_for(spec)
    if loader is not None:
        return Path(spec[len(loader.name) :]) if loader.takes_file else None
    return jsonl_path(spec)


__all__ = [
    "DATA_ENV",
    "LOADERS",
    "NAMES",
    "WRITERS",
    "Benchmark",
    "LoadError",
    "jsonl_path",
    "load_benchmark",
]
