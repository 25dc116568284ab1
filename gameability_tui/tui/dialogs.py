"""Modal dialogs that return a value: text input (edit, probe, search), verdict, help."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static


class TextDialog(ModalScreen[str | None]):
    """One line of text; Enter returns it, Escape returns None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text, self.value, self.placeholder = title, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(value=self.value, placeholder=self.placeholder, id="dialog-input")
            yield Label("Enter to confirm, Escape to cancel", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)

    def action_cancel(self) -> None:
        self.dismiss(None)


class VerdictDialog(ModalScreen[tuple[str, str] | None]):
    """keep / fix / drop, then a note."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, problem_id: str, note: str = "") -> None:
        super().__init__()
        self.problem_id, self.note = problem_id, note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(f"Verdict on {self.problem_id}", classes="dialog-title")
            yield OptionList("keep", "fix", "drop", id="verdict-options")
            yield Input(
                value=self.note, placeholder="note (optional), e.g. the reference is wrong", id="note"
            )
            yield Label("Pick with Enter; Escape cancels", classes="dialog-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss((str(event.option.prompt), self.query_one("#note", Input).value))

    def action_cancel(self) -> None:
        self.dismiss(None)


HELP = """\
[b]Problems[/b]
  up/down   move            enter   open the problem
  f         filter: all / weak / undecided / excluded
  s         sort: benchmark order / most survivors / status (weak, EvalPlus-confirmed first)
  /         find a problem by id
  n         next undecided assert, across problems

[b]Asserts of the open problem[/b]
  tab       move between the tables
  a         accept the highlighted assert
  r         reject it
  u         undo the decision
  e         edit it (the edited text is run again on the reference and the survivors)
  p         probe: type arguments, compare the reference with every survivor
  v         verdict on the problem: keep / fix / drop, with a note

[b]Anywhere[/b]
  x         export accepted asserts (fixes.py, patched .jsonl, summary .md)
  ctrl+p    command palette      ?   this help      q   quit
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog help"):
            yield Label("Keys", classes="dialog-title")
            yield Static(HELP)

    def action_close(self) -> None:
        self.dismiss(None)
