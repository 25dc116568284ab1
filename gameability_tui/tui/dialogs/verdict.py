"""keep / fix / drop with a note: the saved verdict and note are pre-selected, Enter saves."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList

from ...vocabulary import VERDICTS


class VerdictDialog(ModalScreen[tuple[str, str] | None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, problem_id: str, verdict: str = "", note: str = "") -> None:
        super().__init__()
        self.problem_id, self.verdict, self.note = problem_id, verdict, note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Verdict on {self.problem_id}", classes="dialog-title")
            yield OptionList(*VERDICTS, id="verdict-options")
            yield Input(
                value=self.note, placeholder="note (optional), e.g. the reference is wrong", id="note"
            )
            yield Label(
                "Enter on a verdict or in the note saves; tab moves; Escape cancels", classes="dialog-hint"
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = VERDICTS.index(self.verdict) if self.verdict in VERDICTS else 0
        options.focus()

    def _save(self) -> None:
        options = self.query_one(OptionList)
        chosen = VERDICTS[options.highlighted or 0]
        self.dismiss((chosen, self.query_one("#note", Input).value))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._save()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._save()

    def action_cancel(self) -> None:
        self.dismiss(None)
