"""One line of text (edit, probe, find, export folder): Enter returns it, Escape returns None.

A dialog given a ``check`` keeps a text it refuses: the reason takes the hint's place, in the
dialog where the eye is, and the text stays as typed to be mended."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label


class TextDialog(ModalScreen[str | None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(
        self,
        title: str,
        value: str = "",
        placeholder: str = "",
        hint: str = "",
        check: Callable[[str], str | None] | None = None,
    ) -> None:
        """``check``: why a submitted text cannot be taken (None: it can)."""
        super().__init__()
        self.title_text, self.value, self.placeholder = title, value, placeholder
        self.hint = hint or "Enter to confirm, Escape to cancel"
        self.check = check

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            # Not selected on opening: the first key would replace the whole text (an edit of one
            # character lost the assert), the cursor waits at its end instead.
            yield Input(
                value=self.value, placeholder=self.placeholder, id="dialog-input", select_on_focus=False
            )
            yield Label(self.hint, classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        refused = self.check(event.value) if self.check is not None else None
        if refused is None:
            self.dismiss(event.value)
            return
        hint = self.query_one(".dialog-hint", Label)
        hint.update(f"Not run: {refused}. Mend it and press Enter, or Escape to cancel.")
        hint.add_class("-refused")

    def action_cancel(self) -> None:
        self.dismiss(None)
