"""The detail pane: the seat on top, the problem's candidate asserts under it, and below them,
scrolling, the problem's own tests, the survivors, the prompt and the reference with the mutated
line marked.

It draws what the ``TriageState`` holds about the problem; it decides nothing and writes nothing.
"""

from __future__ import annotations

import difflib

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.syntax import Syntax
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Collapsible, DataTable, Static
from textual.widgets._collapsible import CollapsibleTitle
from textual.widgets.data_table import Column

from ...review import survivor_number
from ..state import PROBE, Candidate, TriageState
from .own_tests import OwnTestsPane
from .seat import DECISION_LABELS, DECISION_STYLES, Seat, shown_survivor

EVALPLUS_LABELS = {True: "rejects", False: "passes", None: "?"}


def warm_highlighter() -> None:
    """Highlight a line of Python once, off the screen's thread: the first use of the lexer
    builds its tables (about 70 ms), which the first problem opened by a key would wait for."""
    Syntax("def f(x):\n    return x\n", "python").highlight("def f(x):\n    return x\n")


def hanging(prose: str) -> Group:
    """``prose`` a line at a time, each line's wrapped rest under its own first character: wrapped
    to the pane's left edge, the rest of an indented docstring line read as a line of its own."""
    lines = []
    for line in prose.expandtabs(4).splitlines():
        text = line.lstrip(" ")
        lines.append(Padding(Text(text, style="italic"), (0, 0, 0, len(line) - len(text))))
    return Group(*lines)


def fit_last(table: DataTable, cells: list[Text], others: list[int]) -> list[Text]:
    """``cells`` (the last column's) cut to the room the table has left after columns of widths
    ``others``, each cut one ending in an ellipsis: a cell that ran on, clipped at the pane's edge,
    would read as other code (``assert f(x)`` without its ``== False``). Uncut before the table
    is laid out; the table draws again when resized. Room is kept for a vertical scrollbar
    whether or not one shows: it comes once the rows are in, after they are cut."""
    gutter = table.styles.scrollbar_size_vertical
    room = table.size.width - gutter - sum(others) - 2 * table.cell_padding * (len(others) + 1)
    if room <= 0:
        return cells
    fitted = []
    for cell in cells:
        if cell.cell_len > room:
            cell = cell.copy()
            cell.truncate(room, overflow="ellipsis")
        fitted.append(cell)
    return fitted


def measured(column: Column, cells: list[Text]) -> None:
    """Give an auto-width column its cells' width now: DataTable measures new cells only when it
    is next idle, and a frame drawn before that (a busy machine, a snapshot) showed the column
    as wide as its label ("if len " for a whole change)."""
    column.content_width = max([len(str(column.label)), *(cell.cell_len for cell in cells)])


class AssertTable(DataTable):
    """A problem's candidate asserts, one row each, keyed by the text decisions are stored under."""

    class Moved(Message):
        """The cursor is on another assert (or the table was redrawn)."""

    WIDTHS = (11, 7)  # decision, rejects; the assert has the rest (whole in the seat above)

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", **kwargs)
        self._drawn: tuple[TriageState, str] | None = None

    def on_mount(self) -> None:
        self.add_column("decision", key="decision", width=self.WIDTHS[0])
        self.add_column("rejects", key="kills", width=self.WIDTHS[1])
        self.add_column("assert", key="text")

    def on_resize(self) -> None:
        """Drawn again at the new width, the cursor on the same assert (found by its key)."""
        if self._drawn is not None:
            state, problem_id = self._drawn
            key = self.highlighted_key()
            keys = [c.key for c in state.candidates(problem_id)]
            self.draw(state, problem_id, keys.index(key) if key in keys else self.cursor_row)

    def draw(self, state: TriageState, problem_id: str, row: int) -> None:
        self._drawn = (state, problem_id)
        self.clear()
        self.columns["text"].content_width = len("assert")  # as wide as this problem's asserts only
        survivors = len(state.results[problem_id].survivors)
        rows = []
        for candidate in state.candidates(problem_id):
            decided = state.decision(problem_id, candidate.key)
            label = Text(DECISION_LABELS[decided], style=DECISION_STYLES[decided].replace("bold ", ""))
            # How many of the survivors it rejects: the numbers are in the seat, which has room.
            kills = f"{len(candidate.kills)}/{survivors}" if candidate.passes_reference else "FAILS"
            # One line a row: a multi-line assert (from the editor) shows its lines joined visibly.
            text = Text(" ⏎ ".join(state.shown_text(problem_id, candidate).splitlines()))
            if candidate.edited or candidate.origin == PROBE:
                text = Text("✎ " if candidate.edited else "+ ", style="cyan") + text
            if candidate.repeats:  # one of the problem's own tests again: ranked last
                text = Text("= ", style="bold yellow") + text
            rows.append((label, kills, text, candidate.key))
        texts = fit_last(self, [text for _, _, text, _ in rows], list(self.WIDTHS))
        for (label, kills, _, key), text in zip(rows, texts):
            self.add_row(label, kills, text, key=key)
        measured(self.columns["text"], texts)
        if self.row_count:
            self.move_cursor(row=min(max(row, 0), self.row_count - 1), scroll=True)
        self.post_message(self.Moved())

    def highlighted_key(self) -> str | None:
        if self.row_count == 0:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

    @on(DataTable.RowHighlighted)
    def _moved(self) -> None:
        self.post_message(self.Moved())


class SurvivorTable(DataTable):
    """A problem's survivors, one row each; drawn again by the detail pane when its width changes
    (the pane's own scrollbar comes and goes with what is below it)."""

    class Resized(Message):
        pass

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", **kwargs)

    def on_resize(self) -> None:
        self.post_message(self.Resized())


class ProblemDetail(Vertical):
    def __init__(self, state: TriageState, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.problem_id: str | None = None

    def compose(self) -> ComposeResult:
        yield Seat("Select a problem.", id="seat")
        yield AssertTable(id="asserts")
        with VerticalScroll(id="more"):
            yield OwnTestsPane("", id="own-tests")
            yield Static("", classes="section", id="survivors-title")
            yield SurvivorTable(id="survivors")
            yield Static("", id="note")
            with Collapsible(title="prompt", id="prompt-box", collapsed=False):
                yield Static("", id="prompt")
            with Collapsible(title="reference", id="reference-box", collapsed=False):
                yield Static("", id="reference")

    def on_mount(self) -> None:
        # Tab goes from table to table, never to a collapsible's title, where Enter (meant for a
        # row) folded the prompt or the reference away by accident; a click still folds them.
        for title in self.query(CollapsibleTitle):
            title.can_focus = False

    @on(SurvivorTable.Resized)
    def _survivors_resized(self) -> None:
        if self.problem_id is not None:
            self._show_survivors()

    @property
    def asserts(self) -> AssertTable:
        return self.query_one(AssertTable)

    def show(self, problem_id: str, row: int = 0) -> None:
        """Draw a problem, the cursor on its ``row``-th assert."""
        self.problem_id = problem_id
        problem = self.state.problems[problem_id]
        self.query_one("#prompt", Static).update(hanging(problem.prompt.strip("\n") or "(no prompt)"))
        self._show_survivors()
        self.show_note("")
        self.query_one("#more", VerticalScroll).scroll_home(animate=False)  # a new problem from its top
        self.asserts.draw(self.state, problem_id, row)
        self.draw_seat()  # and the reference, its shown survivor's line marked, in the same frame

    def _show_survivors(self) -> None:
        """One row per survivor, the change last (cut to the room left, with an ellipsis; enter
        shows the whole diff). The columns are made again, as wide as this problem needs."""
        result = self.state.results[self.problem_id]
        rejected = self.state.confirmations.get(self.problem_id, [])
        rows = []
        for index, s in enumerate(result.survivors):
            # Text, not a string: a string cell is read as markup, and `arr[i - 1]` would lose its
            # brackets, the very change the row is about.
            change = Text(f"{s.before.strip()}  ->  {s.after.strip()}")
            number = survivor_number(index)
            if self.state.survivor_verdict(self.problem_id, index) is not None:
                number += " ok"  # judged correct per the task (the seat says it in full)
            evalplus = EVALPLUS_LABELS.get(rejected[index]) if index < len(rejected) else ""
            rows.append((number, s.kind, str(s.line), change, evalplus))
        survivors = self.query_one("#survivors", DataTable)
        survivors.display = bool(rows)  # a strong problem: a sentence, not an empty table
        if rows:
            title = "Surviving broken solutions (enter shows the whole diff)"
        elif not result.judged:  # excluded: no mutant was judged, so none was rejected
            title = "No mutant was judged (the problem is excluded)."
        else:
            title = "No surviving broken solution: the visible tests reject every broken mutant."
        self.query_one("#survivors-title", Static).update(title)
        labels = ["#", "kind", "line"] + (["EvalPlus"] if self.state.confirm_with else [])
        fields = [0, 1, 2] + ([4] if self.state.confirm_with else [])  # the change (3) has the rest
        widths = [max([len(label), *(len(row[i]) for row in rows)]) for label, i in zip(labels, fields)]
        changes = fit_last(survivors, [row[3] for row in rows], widths)
        survivors.clear(columns=True)
        for label, width in zip(labels[:3], widths):
            survivors.add_column(label, width=width)
        survivors.add_column("change")
        if self.state.confirm_with:
            survivors.add_column("EvalPlus", width=widths[3])
        for index, (row, change) in enumerate(zip(rows, changes)):
            evalplus = (row[4],) if self.state.confirm_with else ()
            survivors.add_row(*row[:3], change, *evalplus, key=str(index))
        measured(survivors.ordered_columns[3], changes)

    def redraw_survivors(self) -> None:
        """The survivors and the seat after a survivor's verdict changed, the cursor kept."""
        if self.problem_id is None:
            return
        survivors = self.query_one("#survivors", DataTable)
        row = survivors.cursor_row
        self._show_survivors()
        if survivors.row_count:
            survivors.move_cursor(row=min(max(row, 0), survivors.row_count - 1))
        self.draw_seat()

    def redraw(self, row: int | None = None) -> None:
        """The same problem after a decision or an edit; the cursor on ``row`` (or where it was)."""
        if self.problem_id is not None:
            self.asserts.draw(self.state, self.problem_id, self.asserts.cursor_row if row is None else row)

    def draw_seat(self) -> None:
        candidate = self.highlighted()
        self.query_one(Seat).draw(self.state, self.problem_id, candidate)
        if self.problem_id is not None and self.problem_id in self.state.results:
            survivors = self.state.results[self.problem_id].survivors
            shown = shown_survivor(len(survivors), candidate)
            self._show_reference(set() if shown is None else {survivors[shown].line})  # as the seat
            self.query_one(OwnTestsPane).draw(self.state, self.problem_id, shown)

    def survivor_under_review(self) -> int | None:
        """The survivor a verdict is about: the survivor table's row when that table has the
        focus, else the one the seat shows."""
        if self.problem_id is None or self.problem_id not in self.state.results:
            return None
        survivors = self.query_one("#survivors", DataTable)
        count = len(self.state.results[self.problem_id].survivors)
        if survivors.has_focus and 0 <= survivors.cursor_row < count:
            return survivors.cursor_row
        return shown_survivor(count, self.highlighted())

    def under_review(self) -> tuple[str, Candidate] | None:
        """The problem and assert the seat shows: what the reviewer saw when they pressed a key.
        Never "the row under the cursor when the action lands": a resize redraws the table, and
        a key pressed then must not land on whichever row the redraw left the cursor on."""
        problem_id, key = self.query_one(Seat).shows
        if problem_id is None or key is None or problem_id not in self.state.results:
            return None
        candidate = self.state.candidate(problem_id, key)
        return None if candidate is None else (problem_id, candidate)

    def highlighted(self) -> Candidate | None:
        """The assert under review: the one under the assert table's cursor."""
        key = self.asserts.highlighted_key()
        if self.problem_id is None or key is None:
            return None
        return self.state.candidate(self.problem_id, key)

    _marked: tuple[str | None, frozenset[int]] | None = None  # what the reference pane shows

    def _show_reference(self, marked: set[int]) -> None:
        """The reference with ``marked`` lines marked; drawn again only when that changes (each
        move of the assert cursor asks, and highlighting the source costs milliseconds)."""
        if self._marked == (self.problem_id, frozenset(marked)):
            return
        self._marked = (self.problem_id, frozenset(marked))
        problem = self.state.problems[self.problem_id]
        self.query_one("#reference", Static).update(
            Syntax(problem.reference, "python", line_numbers=True, highlight_lines=marked, word_wrap=True)
        )

    def show_note(self, note: RenderableType) -> None:
        """The space under the survivors: a survivor's whole diff, or a probe's answer."""
        self.query_one("#note", Static).update(note)

    @on(DataTable.RowSelected, "#survivors")
    def survivor_selected(self, event: DataTable.RowSelected) -> None:
        index = int(event.row_key.value)
        result, problem = self.state.results[self.problem_id], self.state.problems[self.problem_id]
        survivor = result.survivors[index]
        diff = "".join(
            difflib.unified_diff(
                problem.reference.splitlines(keepends=True), survivor.source.splitlines(keepends=True),
                "reference", f"survivor {survivor_number(index)}",
            )
        )  # fmt: skip
        self.show_note(Syntax(diff, "diff", word_wrap=True))
        self._show_reference({survivor.line})
