"""Quitting shows what the session leaves behind, as ``cargo insta review`` does: the same line
is printed to the terminal after the app exits."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static


class QuitDialog(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("q,y,enter", "answer(True)", "Quit"),
        Binding("escape,n", "answer(False)", "Stay"),
    ]

    def __init__(self, summary: str) -> None:
        super().__init__()
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Leaving the review", classes="dialog-title")
            yield Static(self.summary.replace("; ", "\n"), id="quit-summary", markup=False)
            yield Label("q / Enter: quit    Escape: stay", classes="dialog-hint")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
