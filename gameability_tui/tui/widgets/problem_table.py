"""The problem table: one row per judged problem, keyed by problem id, streamed in as judged.

``COLUMNS`` is the one description of its columns. On a narrow terminal only the columns a
reviewer needs to choose a problem stay (id, status, review), so the detail pane keeps its room.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import DataTable

from ..state import CONFIRMED, EXCLUDED, FIXED, NOT_CONFIRMED, PARTLY_FIXED, STRONG, WEAK, TriageState

STATUS_STYLES = {
    FIXED: "bold green",
    PARTLY_FIXED: "yellow",
    WEAK: "bold red",
    STRONG: "green",
    EXCLUDED: "dim",
}


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: int
    narrow: int  # its width on a narrow terminal; 0: left out there


COLUMNS = (
    Column("id", "problem", 18, 16),
    Column("status", "status", 22, 6),
    Column("broken", "broken", 6, 0),
    Column("survivors", "surv", 4, 0),
    Column("asserts", "asrt", 4, 0),
    Column("review", "review", 12, 9),
)
SHORT_STATUS = {PARTLY_FIXED: "partly", EXCLUDED: "excl."}


def review_cell(state: TriageState, problem_id: str) -> Text:
    """Accepted, rejected, skipped and undecided counts, each in its own colour and sign, so one
    accepted assert never reads like one rejected one; then the verdict."""
    counts = state.counts(problem_id)
    cell = Text()
    for count, sign, style in (
        (counts.accepted, "✓", "green"),
        (counts.rejected, "✗", "red"),
        (counts.skipped, "»", "magenta"),
        (counts.undecided, "?", "yellow"),
    ):
        if count:
            cell.append(f"{count}{sign} ", style=style)
    verdict = state.verdicts.get(problem_id)
    if verdict:
        cell.append(verdict[0], style="bold")
    return cell


def status_cell(state: TriageState, problem_id: str, short: bool = False) -> Text:
    status = state.status(problem_id)
    result = state.results[problem_id]
    if short:
        return Text(SHORT_STATUS.get(status, status), style=STATUS_STYLES[status])
    if status == EXCLUDED:
        return Text(f"excl. {result.exclusion}", style=STATUS_STYLES[status])
    marks = {CONFIRMED: " +", NOT_CONFIRMED: " ?"} if result.weak else {}
    return Text(status + marks.get(state.confirmation(problem_id), ""), style=STATUS_STYLES[status])


class ProblemTable(DataTable):
    """Rows are added and updated by key and never cleared while streaming, so the cursor stays."""

    narrow: reactive[bool] = reactive(False)

    def __init__(self, state: TriageState, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.state = state

    def on_mount(self) -> None:
        self._add_columns()

    def _columns(self) -> tuple[Column, ...]:
        return tuple(c for c in COLUMNS if c.narrow or not self.narrow)

    def _add_columns(self) -> None:
        for column in self._columns():
            self.add_column(
                column.label, key=column.key, width=column.narrow if self.narrow else column.width
            )

    def cells(self, problem_id: str) -> dict[str, object]:
        result = self.state.results[problem_id]
        return {
            "id": problem_id,
            "status": status_cell(self.state, problem_id, short=self.narrow),
            "broken": str(result.n_broken),
            "survivors": str(result.n_survived),
            "asserts": str(self.state.counts(problem_id).total),
            "review": review_cell(self.state, problem_id),
        }

    def put(self, problem_id: str) -> None:
        """Add the problem's row, or bring it up to date."""
        cells = self.cells(problem_id)
        if problem_id in self.rows:
            for column in self._columns():
                self.update_cell(problem_id, column.key, cells[column.key])
        elif self.state.visible(problem_id):
            self.add_row(*(cells[c.key] for c in self._columns()), key=problem_id)

    def add(self, problem_ids: list[str]) -> None:
        """Rows for newly judged problems, in one update of the screen."""
        with self.app.batch_update():
            for problem_id in problem_ids:
                self.put(problem_id)

    def reorder(self, keep: str | None) -> None:
        """After a change of order: the same rows sorted again, the cursor on ``keep``.

        Sorting moves row positions only; rebuilding every row (as a filter must) took seconds at
        10^5 rows."""
        self.sort("id", key=self.state.sort_key)
        self.select(keep)

    def rebuild(self, keep: str | None) -> None:
        """After a filter or width change: the rows again, the cursor on ``keep``."""
        with self.app.batch_update():
            self.clear(columns=True)
            self._add_columns()
            for problem_id in self.state.ordered_ids():
                if self.state.visible(problem_id):
                    cells = self.cells(problem_id)
                    self.add_row(*(cells[c.key] for c in self._columns()), key=problem_id)
        self.select(keep)

    def select(self, problem_id: str | None) -> None:
        if problem_id is not None and problem_id in self.rows:
            self.move_cursor(row=self.get_row_index(problem_id))

    def watch_narrow(self, before: bool, now: bool) -> None:
        if before != now and self.is_mounted:
            current = None
            if self.row_count:
                current = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
            self.rebuild(current)
