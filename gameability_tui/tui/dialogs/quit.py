"""Quitting shows what the session leaves behind, as ``cargo insta review`` does: the same line
is printed to the terminal after the app exits.

The line is drawn again each second while the dialog is up (the audit may still be streaming
results in), and the line printed is the one on screen when the reviewer confirmed: the dialog
once said 318 judged and the line printed after exit 501."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

REFRESH_SECONDS = 1.0


class QuitDialog(ModalScreen[bool]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        # ctrl+c too: on a modal screen the app's own ctrl+c binding is not consulted.
        Binding("q,y,enter,ctrl+c", "answer(True)", "Quit"),
        Binding("escape,n", "answer(False)", "Stay"),
    ]

    def __init__(self, summary: Callable[[], str]) -> None:
        super().__init__()
        self.summarize = summary
        self.shown = summary()  # what the reviewer reads: the line printed if they confirm

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label("Leaving the review", classes="dialog-title")
            yield Static(self.shown.replace("; ", "\n"), id="quit-summary", markup=False)
            yield Label("q / Enter: quit    Escape: stay", classes="dialog-hint")

    def on_mount(self) -> None:
        self.set_interval(REFRESH_SECONDS, self._refresh_summary)

    def _refresh_summary(self) -> None:
        line = self.summarize()
        if line != self.shown:
            self.shown = line
            self.query_one("#quit-summary", Static).update(line.replace("; ", "\n"))

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)
