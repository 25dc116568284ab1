"""Where a benchmark's rows came from, kept so that the export can write them back untouched.

Threat: a patch that rewrites every row (reordered keys, added fields, another JSON style) cannot
be reviewed or applied; the issue that asked for this module measured exactly that. Defences:

- each row's exact text is kept (its span in the file, found by the JSON decoder itself), so an
  unchanged row is written back byte for byte, whatever style the source used;
- a changed row is re-serialised in the style measured on the source's own rows (``ensure_ascii``
  on or off, whichever reproduces more of them), with its keys in their original order;
- gzip is remembered so the patched file is compressed when the source was, and the diff is of
  the uncompressed text under the uncompressed name (a diff of compressed bytes applies nowhere).

Rows loaded from the hub have no file: they are given one (JSONL, in the rows' own key order)
and the dataset's name, config and revision are kept, so an export can say what it patches.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from .reading import LoadError, not_json

JSONL, JSON_ARRAY = "jsonl", "json-array"
_DECODER = json.JSONDecoder()


@dataclass(frozen=True)
class HubOrigin:
    """A dataset on the Hugging Face hub, as `datasets` loaded it."""

    repository: str
    config: str | None
    revision: str  # the commit the rows came from, or "unknown" when `datasets` did not say

    def describe(self) -> str:
        config = f" (config {self.config})" if self.config else ""
        return f"{self.repository}{config} at revision {self.revision}"


@dataclass(frozen=True)
class SourceFile:
    """The text of a benchmark file and where each row sits in it.

    ``name`` is the file's name as a checkout holds it, without ``.gz``: the name the diff uses.
    ``spans[i]`` is the (start, end) of row ``i``'s JSON object in ``text``; ``rows[i]`` is that
    object parsed (key order kept); ``row_of`` maps a problem id to the row it was made from.
    """

    name: str
    layout: str  # JSONL or JSON_ARRAY
    gzipped: bool
    text: str
    spans: tuple[tuple[int, int], ...]
    rows: tuple[dict, ...]
    ensure_ascii: bool = True
    path: Path | None = None
    hub: HubOrigin | None = None
    row_of: Mapping[str, int] = field(default_factory=dict)

    @property
    def suffix(self) -> str:
        """What a file in this format is named with: ``.jsonl``, ``.json``, plus ``.gz``."""
        return (".jsonl" if self.layout == JSONL else ".json") + (".gz" if self.gzipped else "")

    def with_ids(self, ids: Mapping[str, int]) -> SourceFile:
        return replace(self, row_of=dict(ids))

    def raw(self, index: int) -> str:
        start, end = self.spans[index]
        return self.text[start:end]

    def dumps(self, record: dict) -> str:
        """A changed row in the source's own JSON style."""
        return json.dumps(record, ensure_ascii=self.ensure_ascii)

    def rewritten(self, changed: Mapping[int, dict]) -> str:
        """The file's text with the rows in ``changed`` replaced; every other byte as read."""
        parts, cursor = [], 0
        for index in sorted(changed):
            start, end = self.spans[index]
            parts += [self.text[cursor:start], self.dumps(changed[index])]
            cursor = end
        parts.append(self.text[cursor:])
        return "".join(parts)

    def encode(self, text: str) -> bytes:
        """The bytes of a file in this format (gzip with a fixed timestamp: same input, same bytes)."""
        data = text.encode("utf-8")
        return gzip.compress(data, mtime=0) if self.gzipped else data


def read_source(path: Path, layout: str | None = None) -> SourceFile:
    """Read a JSONL or JSON-array file (gzipped or not), keeping every row's exact text."""
    gzipped = path.suffix == ".gz"
    try:
        raw = path.read_bytes()
        text = (gzip.decompress(raw) if gzipped else raw).decode("utf-8")
    except (OSError, EOFError, UnicodeDecodeError) as error:
        raise LoadError(f"{path}: cannot read it ({error})") from None
    return source_from_text(text, path, gzipped, layout)


def source_from_text(text: str, path: Path, gzipped: bool = False, layout: str | None = None) -> SourceFile:
    """The rows of ``text`` (read from ``path``) with their exact spans."""
    plain_name = path.name.removesuffix(".gz")
    if layout is None:
        layout = JSON_ARRAY if plain_name.endswith(".json") else JSONL
    try:
        spans, rows = (_array_rows if layout == JSON_ARRAY else _line_rows)(text)
    except json.JSONDecodeError as error:
        raise not_json(f"{path}:{error.lineno}", error) from None
    return SourceFile(
        plain_name, layout, gzipped, text, tuple(spans), tuple(rows), _ascii_style(text, spans, rows), path
    )


def hub_source(rows: list[dict], hub: HubOrigin) -> SourceFile:
    """Hub rows given a JSONL file of their own: one row per line, keys in the rows' order."""
    name = f"{hub.repository.split('/')[-1]}{'-' + hub.config if hub.config else ''}.jsonl"
    lines = [json.dumps(row, ensure_ascii=False) for row in rows]
    spans, cursor = [], 0
    for line in lines:
        spans.append((cursor, cursor + len(line)))
        cursor += len(line) + 1
    text = "".join(line + "\n" for line in lines)
    return SourceFile(name, JSONL, False, text, tuple(spans), tuple(rows), ensure_ascii=False, hub=hub)


def _line_rows(text: str) -> tuple[list[tuple[int, int]], list]:
    spans, rows, cursor = [], [], 0
    for line in text.split("\n"):  # not splitlines(): a JSON string may hold U+2028 unescaped
        stripped = len(line) - len(line.lstrip())
        if line.strip():
            row, end = _DECODER.raw_decode(text, cursor + stripped)
            if text[end : cursor + len(line)].strip():
                raise json.JSONDecodeError("extra data after the object", text, end)
            spans.append((cursor + stripped, end))
            rows.append(row)
        cursor += len(line) + 1
    return spans, rows


def _array_rows(text: str) -> tuple[list[tuple[int, int]], list]:
    position = len(text) - len(text.lstrip())
    if not text.startswith("[", position):
        raise json.JSONDecodeError("expected a JSON array", text, position)
    spans, rows = [], []
    position = _skip_space(text, position + 1)
    while position < len(text) and text[position] != "]":
        row, end = _DECODER.raw_decode(text, position)
        spans.append((position, end))
        rows.append(row)
        position = _skip_space(text, end)
        if text.startswith(",", position):
            position = _skip_space(text, position + 1)
    return spans, rows


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _ascii_style(text: str, spans: list[tuple[int, int]], rows: list) -> bool:
    """Whether the source escapes non-ASCII text: the choice that reproduces more of its own rows.

    A row written in ASCII without a ``\\u`` escape holds no non-ASCII text, so both choices
    write it alike and it counts the same for each: only the other rows are written out to
    compare (dumping every row twice was a third of loading a 10^5-row file)."""
    escaped = literal = 0
    for (start, end), row in zip(spans, rows):
        raw = text[start:end]
        if raw.isascii() and "\\u" not in raw:
            continue
        escaped += json.dumps(row) == raw
        literal += json.dumps(row, ensure_ascii=False) == raw
    return escaped >= literal


@dataclass(frozen=True)
class RowPatch:
    """A row with accepted asserts added in its benchmark's own way, and those it could not take."""

    record: dict
    not_expressible: tuple[tuple[str, str], ...] = ()  # (assert text, why it cannot be written here)
