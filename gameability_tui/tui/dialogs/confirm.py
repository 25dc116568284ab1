"""A yes/no question, for the one change that must not happen silently: re-opening a decision."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label


class ConfirmDialog(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            yield Label("y / Enter: yes    n / Escape: no", classes="dialog-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
