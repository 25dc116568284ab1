"""The benchmark's own file with accepted asserts added: each loader's writer applied to its rows.

Threat: a patch a maintainer cannot apply as it is. Each row is changed only by its loader's
writer, in the way that benchmark writes tests, and only where an assert was accepted; every
other row, and every byte between rows, is the source's own text. Asserts a format cannot hold
are returned by name, never dropped in silence.
"""

from __future__ import annotations

import difflib
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from pathlib import PurePosixPath

from .base import Benchmark
from .source import RowPatch, SourceFile

Writer = Callable[[dict, Sequence[str], str], RowPatch]
NO_NEWLINE = "\\ No newline at end of file\n"


@dataclass(frozen=True)
class NativePatch:
    """The source's text before and after, and what could not be written in its format."""

    source: SourceFile
    original: str
    patched: str
    changed: tuple[str, ...]  # problem ids whose rows changed
    not_expressible: tuple[tuple[str, str, str], ...]  # (problem id, assert text, why)

    def patched_bytes(self) -> bytes:
        return self.source.encode(self.patched)

    def diff(self) -> str:
        """A unified diff of the uncompressed text that `git apply` and `patch -p1` apply."""
        return unified_diff(self.original, self.patched, diff_name(self.source))


def diff_name(source: SourceFile) -> str:
    """The path the diff names the source by: relative to the top of the git checkout that tracks
    the file (where `git apply` is run: naming it ``toy.jsonl`` made the diff of
    ``examples/toy.jsonl`` fail there), else its name, for ``patch -p1`` in its folder. A file git
    does not track (a packaged HumanEval inside a virtualenv in a checkout) keeps its name."""
    if source.path is None:
        return source.name
    try:
        done = subprocess.run(
            ["git", "ls-files", "--full-name", "--error-unmatch", "--", source.path.name],
            cwd=source.path.parent, capture_output=True, text=True, timeout=30,
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):  # no git here
        return source.name
    tracked = done.stdout.strip().splitlines()
    if done.returncode != 0 or len(tracked) != 1:
        return source.name
    return str(PurePosixPath(tracked[0]).parent / source.name)  # ``source.name``: without ``.gz``


def writer_for(benchmark: Benchmark) -> Writer:
    from . import WRITERS  # the loader table names each benchmark's writer module

    if benchmark.writer not in WRITERS:
        raise ValueError(f"{benchmark.name}: no native writer for this benchmark")
    return import_module(f".{benchmark.writer}", __package__).add_asserts


def native_patch(
    benchmark: Benchmark, accepted: Mapping[str, Sequence[str]], entries: Mapping[str, str]
) -> NativePatch:
    """``benchmark``'s source with ``accepted[problem id]`` added to each problem's row.

    ``entries`` names the function each problem's asserts call (the row's writer may rename it to
    the benchmark's calling convention).
    """
    source = benchmark.origin
    if source is None:
        raise ValueError(f"{benchmark.name}: the loader kept no source to write back")
    write = writer_for(benchmark)
    changed: dict[int, dict] = {}
    changed_ids, refused = [], []
    for problem_id, texts in accepted.items():
        index = source.row_of.get(problem_id)
        if index is None or not texts:
            continue
        patch = write(source.rows[index], list(texts), entries.get(problem_id, ""))
        refused += [(problem_id, text, why) for text, why in patch.not_expressible]
        if patch.record != source.rows[index]:
            changed[index] = patch.record
            changed_ids.append(problem_id)
    return NativePatch(source, source.text, source.rewritten(changed), tuple(changed_ids), tuple(refused))


def unified_diff(original: str, patched: str, name: str) -> str:
    """``diff -u a/NAME b/NAME``, marking a last line that has no newline as diff tools expect."""
    lines = difflib.unified_diff(_lines(original), _lines(patched), f"a/{name}", f"b/{name}")
    return "".join(line if line.endswith("\n") else line + "\n" + NO_NEWLINE for line in lines)


def _lines(text: str) -> list[str]:
    """Lines as `patch` sees them, split at line feeds only: ``str.splitlines`` also splits at
    U+2028, form feeds and other characters that a JSON string may hold unescaped."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
