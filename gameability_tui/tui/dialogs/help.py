"""Every key, read from the one bindings table, in two columns so it fits an 80x24 terminal."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from ..bindings import KEYS, key_label

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


class HelpScreen(ModalScreen[None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Label("Keys (escape closes)", classes="dialog-title")
            yield Static(keys_table())

    def action_close(self) -> None:
        self.dismiss(None)
