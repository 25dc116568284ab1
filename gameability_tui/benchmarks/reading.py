"""Reading a benchmark's text: JSON Lines split as Python splits them, and the one-line errors
that name the file, the line and what to do.

Below every loader and the source-file model, so that each of them raises the same ``LoadError``
with the same wording for the same fault."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from ..errors import UserError


class LoadError(UserError):
    """Bad or missing benchmark data; the message names the file/line/field and what to do."""


def not_json(where: str, error: json.JSONDecodeError) -> LoadError:
    """The one-line error for text at ``where`` that does not parse as JSON, saying what to do
    where the cause is the file's encoding rather than its content."""
    if error.msg.startswith("Unexpected UTF-8 BOM"):
        return LoadError(
            f"{where}: the file starts with a byte-order mark (BOM); save it as UTF-8 without one"
        )
    # Some of json's messages end in "at" ("Invalid control character at"): one "at" is enough.
    return LoadError(f"{where}: not valid JSON ({error.msg.removesuffix(' at')} at column {error.colno})")


def jsonl_lines(text: str) -> list[str]:
    """The lines of a JSON Lines text. Split at ``\n`` only: ``str.splitlines`` would also split
    inside a string holding a raw U+2028 or form feed, which JSON allows unescaped."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def stream_jsonl_lines(path: Path) -> Iterator[tuple[int, str]]:
    """(line number, text) of each line of a UTF-8 JSON Lines file, read one line at a time so a
    file of a million lines is never held whole. Lines end at ``\n`` only, as in ``jsonl_lines``
    (a file opened in binary splits there and nowhere else); a ``\r`` before it is dropped. The
    errors are ``load_jsonl``'s: a missing or unreadable file, and text that is not UTF-8 (with
    the line and the byte offset in the file)."""
    try:
        with path.open("rb") as handle:
            offset = 0
            for number, raw in enumerate(handle, start=1):
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as error:
                    byte = offset + error.start
                    message = f"not UTF-8 text (byte {byte}); save the file as UTF-8"
                    raise LoadError(f"{path}:{number}: {message}") from None
                offset += len(raw)
                yield number, text.removesuffix("\n").removesuffix("\r")
    except FileNotFoundError:
        raise LoadError(f"{path}: no such file") from None
    except OSError as error:
        raise LoadError(f"{path}: cannot read it ({error.strerror})") from None
