"""The detail pane: one problem's summary, prompt, reference, survivors, diff and asserts.

It draws what the ``TriageState`` holds about the problem; it decides nothing and writes nothing.
"""

from __future__ import annotations

import difflib

from rich.console import RenderableType
from rich.syntax import Syntax
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from ..engine.model import Problem, ProblemResult
from ..store import ACCEPTED
from .state import TriageState

EVALPLUS_LABELS = {True: "rejects", False: "passes", None: "?"}


class ProblemDetail(VerticalScroll):
    def __init__(self, state: TriageState, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.problem_id: str | None = None

    def compose(self) -> ComposeResult:
        yield Static("Select a problem.", id="summary")
        yield Static("", id="prompt")
        yield Static("", id="reference")
        yield Static("Surviving broken solutions (enter shows the whole diff)", classes="section")
        yield DataTable(id="survivors", cursor_type="row")
        yield Static("", id="diff")
        yield Static("Candidate asserts (a accept, r reject, u undo, e edit)", classes="section")
        yield DataTable(id="asserts", cursor_type="row")

    def on_mount(self) -> None:
        self.query_one("#survivors", DataTable).add_columns("#", "kind", "line", "change", "EvalPlus")
        self.query_one("#asserts", DataTable).add_columns("decision", "kills", "assert")

    def show(self, problem_id: str) -> None:
        self.problem_id = problem_id
        result, problem = self.state.results[problem_id], self.state.problems[problem_id]
        self.query_one("#summary", Static).update(self._summary(result))
        self.query_one("#prompt", Static).update(
            Text(problem.prompt.strip() or "(no prompt)", style="italic")
        )
        self._show_reference(problem, {result.survivors[0].line} if result.survivors else set())
        survivors = self.query_one("#survivors", DataTable)
        survivors.clear()
        rejected = self.state.confirmations.get(problem_id, [])
        for index, s in enumerate(result.survivors):
            evalplus = EVALPLUS_LABELS.get(rejected[index]) if index < len(rejected) else ""
            change = f"{s.before.strip()}  ->  {s.after.strip()}"
            survivors.add_row(str(index), s.kind, str(s.line), change, evalplus, key=str(index))
        self.show_note("")
        self.show_asserts()

    def _summary(self, result: ProblemResult) -> str:
        lines = [f"[b]{result.id}[/b]  {result.status}"]
        if result.judged:
            lines.append(
                f"{result.n_survived} of {result.n_broken} broken solutions pass every visible test "
                f"({result.n_mutants} mutants, {result.n_equivalent} equivalent, "
                f"{result.n_truncated} truncated)"
            )
        if result.detail:
            lines.append(Text(result.detail).markup)
        verdict = self.state.verdicts.get(result.id)
        if verdict:
            lines.append(f"verdict: [b]{verdict[0]}[/b] {Text(verdict[1]).markup}")
        confirmation = self.state.confirmation(result.id)
        if result.weak and confirmation:
            lines.append(f"[i]{confirmation}[/i]")
        return "\n".join(lines)

    def _show_reference(self, problem: Problem, marked: set[int]) -> None:
        self.query_one("#reference", Static).update(
            Syntax(problem.reference, "python", line_numbers=True, highlight_lines=marked, word_wrap=True)
        )

    def show_asserts(self, keep_row: int | None = None) -> None:
        """The candidate asserts with their decisions; the cursor stays on ``keep_row`` (or where it was)."""
        table = self.query_one("#asserts", DataTable)
        row = table.cursor_row if keep_row is None else keep_row
        table.clear()
        if self.problem_id is None:
            return
        for text, kills in self.state.assert_texts(self.problem_id):
            decision = self.state.decisions.get((self.problem_id, text))
            label = Text("undecided", style="yellow")
            if decision is not None:
                style = "green" if decision.decision == ACCEPTED else "red"
                label = Text(f"{decision.decision} (saved)", style=style)
            shown = self.state.shown_text(self.problem_id, text)
            table.add_row(label, ", ".join(map(str, kills)), shown, key=text)
        if table.row_count:
            table.move_cursor(row=min(row, table.row_count - 1))
        self.app.refresh_bindings()

    def show_note(self, note: RenderableType) -> None:
        """The space under the survivors: a survivor's whole diff, or a probe's answer."""
        self.query_one("#diff", Static).update(note)

    @on(DataTable.RowSelected, "#survivors")
    def survivor_selected(self, event: DataTable.RowSelected) -> None:
        index = int(event.row_key.value)
        result, problem = self.state.results[self.problem_id], self.state.problems[self.problem_id]
        survivor = result.survivors[index]
        diff = "".join(
            difflib.unified_diff(
                problem.reference.splitlines(keepends=True), survivor.source.splitlines(keepends=True),
                "reference", f"survivor {index}",
            )
        )  # fmt: skip
        self.show_note(Syntax(diff, "diff", word_wrap=True))
        self._show_reference(problem, {survivor.line})

    def highlighted_assert(self) -> str | None:
        """The generated text (the decision key) of the assert under the cursor."""
        table = self.query_one("#asserts", DataTable)
        if self.problem_id is None or table.row_count == 0:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
