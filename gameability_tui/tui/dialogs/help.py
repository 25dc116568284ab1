"""The review's words in five lines, then every key, read from the one bindings table, in two
columns so it fits an 80x24 terminal."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ..bindings import KEYS, key_label

# The words the seat and the table use, defined before the keys: a first-time reviewer meets them
# on the first screen ("1 of 14 broken pass") with nothing else to read them by.
GLOSSARY = (
    ("survivor", "a broken copy that passes every visible test"),
    ("broken", "the reference changed a little, now wrong somewhere"),
    ("weak", "a problem with a survivor: its tests let it through"),
    ("1 of 14 broken pass", "14 broken copies, 1 of them a survivor"),
    ("candidate assert", "a test written where a survivor goes wrong"),
)
NEXT = "Keys (esc closes) · a/r/s move to the next undecided assert the seat names"

TABLES = (("↑↓", "move in the focused table"), ("tab", "to the next table"),
          ("⏎", "a survivor's whole diff"), ("^p", "command palette"))  # fmt: skip


def _section_rows() -> list[list[tuple[str, str]]]:
    """Each section of the bindings table as (key, what it does) rows under a bold title."""
    sections: dict[str, list[tuple[str, str]]] = {}
    for name, binding in KEYS:
        sections.setdefault(name, []).append((key_label(binding), binding.tooltip))
    sections["Tables"] = list(TABLES)
    return [[("", f"[b]{name}[/b]"), *rows] for name, rows in sections.items()]


def keys_table() -> Table:
    """Two columns of sections, so every key shows at once on an 80x24 terminal."""
    sections = _section_rows()
    left: list[tuple[str, str]] = []
    right: list[tuple[str, str]] = []
    for rows in sections:  # fill the shorter column, keeping the table's order within each
        (left if len(left) <= len(right) else right).extend(rows)
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    for _ in range(2):
        table.add_column(style="bold cyan", no_wrap=True)
        table.add_column(ratio=1)
    blank = ("", "")
    for index in range(max(len(left), len(right))):
        a = left[index] if index < len(left) else blank
        b = right[index] if index < len(right) else blank
        table.add_row(*a, *b)
    return table


def glossary_table() -> Table:
    """Five lines: each word, then what it means."""
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(ratio=1)
    for word, meaning in GLOSSARY:
        table.add_row(word, meaning)
    return table


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static(glossary_table(), id="glossary")
            yield Label(NEXT, classes="dialog-title help-title help-next")
            yield Static(keys_table())

    def action_close(self) -> None:
        self.dismiss(None)
