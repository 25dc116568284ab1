"""The problem table: one row per judged problem, keyed by problem id, streamed in as judged.

``COLUMNS`` is the one description of its columns. Below 160 columns only the columns a reviewer
needs to choose a problem stay (id, status, review), each whole, so the detail pane keeps its room:
the full set needs 80 columns, and half of a 120- to 159-column terminal cut ``review`` off (to
``rev``, or out of sight). Below 120 the status is shortened too (``partly``).

At 10^5 rows Textual's ``DataTable`` spends its time not drawing but re-listing every row after
each change: which row sits on line ``y`` (a list of every line, rebuilt whenever a row is added
or a cell changes), where row ``i`` starts (a sum over the rows above it), and the width of every
new cell (measured even for fixed-width columns). Every row here is one line high and every
column has a fixed width, so ``ProblemTable`` answers those from the row index directly; the
rest of the table (cursor, keys, mouse, rendering of the visible lines) is DataTable's own.

Adding a row through DataTable's ``add_row`` costs a reactive set and a cursor clamp per row,
and the row's cells built through Rich: far too much for a reopen of 10^5 cached results. Rows
are appended here in bulk, with the cursor clamped once
per batch, and a row holds only its id until it is first drawn or read: its cells are built from
the review state then, so they show what a row built eagerly and kept up to date by ``put`` would.

An order or a filter at 10^5 rows must not call code per row either: the state gives the ids in
order (``TriageState.ordered_ids``, ``shown_ids``), each problem's row and key are made once and
kept, the keys hash in C (``_ProblemRowKey``), and a new order only moves row positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual._two_way_dict import TwoWayDict
from textual.geometry import Region, Size, Spacing
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets.data_table import Row, RowKey

from ...store import collector_paused
from ..state import (
    CONFIRMED,
    EXCLUDED,
    FIXED,
    NOT_CONFIRMED,
    PARTLY_FIXED,
    STRONG,
    STRONG_BY_REVIEW,
    WEAK,
    TriageState,
)

STATUS_STYLES = {
    FIXED: "bold green",
    PARTLY_FIXED: "yellow",
    WEAK: "bold red",
    STRONG: "green",
    STRONG_BY_REVIEW: "green",
    EXCLUDED: "dim",
}


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    width: int
    narrow: int  # its width on a narrow terminal; 0: left out there
    medium: int  # its width from 120 to 159 columns; 0: left out there


COLUMNS = (
    Column("id", "problem", 18, 16, 18),
    Column("status", "status", 22, 6, 16),
    Column("broken", "broken", 6, 0, 0),
    Column("survivors", "surv", 4, 0, 0),
    Column("asserts", "asrt", 4, 0, 0),
    Column("review", "review", 12, 9, 12),
)
FULL, MEDIUM, NARROW = "full", "medium", "narrow"


def table_width(layout: str) -> int:
    """The table's whole width in ``layout``: its columns, their padding and a scroll bar."""
    widths = [getattr(c, layout) if layout != FULL else c.width for c in COLUMNS]
    shown = [w for w in widths if w]
    return sum(shown) + 2 * len(shown) + 2


SHORT_STATUS = {PARTLY_FIXED: "partly", EXCLUDED: "excl.", STRONG_BY_REVIEW: "ok*"}


def shortened(problem_id: str, width: int) -> str:
    """``problem_id`` as it fits in ``width`` cells: whole, or cut in its middle with an ellipsis,
    so that a cut shows and both ends stay (a long id's number, ``HumanEval/129``'s or
    ``Leetcode_4821_I``'s, is at its end; the detail pane names it whole)."""
    if len(problem_id) <= width or width < 5:
        return problem_id
    head = (width - 1) // 2
    return f"{problem_id[:head]}…{problem_id[len(problem_id) - (width - 1 - head) :]}"


def review_cell(state: TriageState, problem_id: str) -> Text:
    """The verdict (first: a narrow column must not cut it off), then the accepted, rejected,
    skipped and undecided counts, each in its own colour and sign, so one accepted assert never
    reads like one rejected one."""
    counts = state.counts(problem_id)
    cell = Text()
    verdict = state.verdicts.get(problem_id)
    if verdict and verdict[0]:
        cell.append(f"{verdict[0]} ", style="bold")
    for count, sign, style in (
        (counts.accepted, "✓", "green"),
        (counts.rejected, "✗", "red"),
        (counts.skipped, "»", "magenta"),
        (counts.undecided, "?", "yellow"),
    ):
        if count:
            cell.append(f"{count}{sign} ", style=style)
    correct = len(state.judged_correct(problem_id))
    if correct:  # survivors judged correct per the task
        cell.append(f"{correct}ok ", style="bold green")
    return cell


def status_cell(state: TriageState, problem_id: str, short: bool = False) -> Text:
    status = state.status(problem_id)
    result = state.results[problem_id]
    if short:
        return Text(SHORT_STATUS.get(status, status), style=STATUS_STYLES[status])
    if status == EXCLUDED:
        # Cut with an ellipsis where the column is too narrow: the seat has the whole reason.
        return Text(f"excl. {result.exclusion}", style=STATUS_STYLES[status], overflow="ellipsis")
    marks = {CONFIRMED: " +", NOT_CONFIRMED: " ?"} if result.weak else {}
    return Text(status + marks.get(state.confirmation(problem_id), ""), style=STATUS_STYLES[status])


class ProblemTable(DataTable):
    """Rows are added and updated by key and never cleared while streaming, so the cursor stays."""

    layout: reactive[str] = reactive(FULL)  # FULL, MEDIUM or NARROW: set by the screen's width

    @property
    def narrow(self) -> bool:
        return self.layout == NARROW

    def __init__(self, state: TriageState, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.state = state
        # Each problem's row (and key), made once: a filter or an order puts 10^5 of them again.
        # A row is never changed in place (every row is one line high), so one serves every time.
        self._made_rows: dict[str, Row] = {}
        self._id_width = COLUMNS[0].width  # set with the columns: an id longer is cut in its middle

    def on_mount(self) -> None:
        self._add_columns()

    def _columns(self) -> tuple[Column, ...]:
        if self.layout == FULL:
            return COLUMNS
        return tuple(c for c in COLUMNS if getattr(c, self.layout))

    def _add_columns(self) -> None:
        for column, width in zip(self._columns(), self._widths()):
            self.add_column(column.label, key=column.key, width=width)
            if column.key == "id":
                self._id_width = width

    def _widths(self) -> list[int]:
        """Each column's width. On a narrow terminal the id column is only as wide as the longest
        id (MBPP's are three digits, not sixteen), and what it leaves goes to the review column,
        whose verdict and counts were cut there ("drop 3✓ 1" without its "✗")."""
        columns = self._columns()
        if self.layout == FULL:
            return [column.width for column in columns]
        widths = {column.key: getattr(column, self.layout) for column in columns}
        longest = max(map(len, self.state.problems), default=0)
        fitted = max(len("problem"), min(widths["id"], longest))
        widths["review"] += widths["id"] - fitted
        widths["id"] = fitted
        return [widths[column.key] for column in columns]

    def cells(self, problem_id: str) -> dict[str, object]:
        result = self.state.results[problem_id]
        return {
            "id": shortened(problem_id, self._id_width),
            "status": status_cell(self.state, problem_id, short=self.narrow),
            "broken": str(result.n_broken),
            "survivors": str(result.n_survived),
            "asserts": str(self.state.counts(problem_id).total),
            "review": review_cell(self.state, problem_id),
        }

    def put(self, problem_id: str) -> None:
        """Add the problem's row, or bring it up to date."""
        if problem_id in self.rows:
            if not self._drawn(problem_id):
                return  # never drawn nor read: its cells are built from the state when first needed
            cells = self.cells(problem_id)
            for column in self._columns():
                self.update_cell(problem_id, column.key, cells[column.key])
        elif self.state.visible(problem_id):
            self._append([problem_id])

    def add(self, problem_ids: list[str]) -> None:
        """Rows for newly judged problems, in one update of the screen."""
        with self.app.batch_update():
            rows, fresh = self.rows, []
            for problem_id in problem_ids:
                if problem_id in rows:
                    self.put(problem_id)  # judged again: a row already shown
                else:
                    fresh.append(problem_id)
            self._append(self.state.shown_ids(fresh))  # the filter, in one pass over the batch

    def reorder(self, keep: str | None) -> None:
        """After a change of order: the same rows in the state's order, the cursor on ``keep``.

        Only the rows' positions move (DataTable's ``sort`` does the same, with a key function
        called per row: a second at 10^5 rows); rebuilding every row, as a filter must, would
        also draw each again."""
        rows, ids = self.rows, self.state.ordered_ids()
        with collector_paused():  # 10^5 keys and places, kept
            if len(ids) != len(rows):  # not every judged problem has a row: keep those that do
                ids = [pid for pid in ids if pid in rows]
            made = self._made_rows
            ordered = [made[pid].key for pid in ids]
            self._row_locations = TwoWayDict(dict(zip(ordered, range(len(ordered)))))
        self._update_count += 1  # every cached line and cell is of the old order
        self.refresh()
        self.select(keep)

    def rebuild(self, keep: str | None) -> None:
        """After a filter or width change: the rows again, the cursor on ``keep``."""
        with self.app.batch_update(), collector_paused():  # up to 10^5 rows, kept
            self.clear(columns=True)
            self._add_columns()
            self._append(self.state.shown_ids())
        self.select(keep)

    def select(self, problem_id: str | None) -> None:
        if problem_id is not None and problem_id in self.rows:
            self.move_cursor(row=self.get_row_index(problem_id))

    # ------------------------------------------------------------------ one line per row

    def _append(self, problem_ids: list[str]) -> None:
        """Rows at the bottom for problems not in the table yet (every caller has checked), each
        holding only its id.

        DataTable's ``add_row`` per row, less what is per batch here: the cursor is clamped (and
        the first row highlighted) once. The appended rows are not counted as a change to the
        table: DataTable keys every cached line and cell by a count of changes, so counting each
        streamed row made it draw every visible row again through Rich. A row appended at the end
        changes no other row's place, stripe or cells, and every cache entry for it is keyed by
        its new index or key, so the cached lines stay right."""
        if not problem_ids:
            return
        first = self.row_count
        made = self._made_rows
        for problem_id in problem_ids:
            if problem_id not in made:
                made[problem_id] = Row(_ProblemRowKey(problem_id), 1)
        rows = [made[pid] for pid in problem_ids]
        row_keys = [row.key for row in rows]
        if first == 0:  # a new table (or one rebuilt by a filter): its index made in one go
            self._row_locations = TwoWayDict(dict(zip(row_keys, range(len(row_keys)))))
        else:
            locations = self._row_locations
            for index, row_key in enumerate(row_keys, start=first):
                locations[row_key] = index
        # The other cells: ``_draw``, when first needed.
        self._data.update(zip(row_keys, [{"id": pid} for pid in problem_ids]))
        self.rows.update(zip(row_keys, rows))
        self._require_update_dimensions = True
        self.cursor_coordinate = self.cursor_coordinate  # clamped, as ``add_row`` does per row
        if first == 0 and self.columns and self.show_cursor and self.cursor_type != "none":
            self._highlight_cursor()  # a cursor can show now where there was no row before
        self.check_idle()

    def _drawn(self, problem_id: str) -> bool:
        return len(self._data[RowKey(problem_id)]) > 1

    def _draw(self, row_key: RowKey | str) -> None:
        """Build a row's cells from the review state, the first time they are needed."""
        data = self._data.get(row_key)
        if data is not None and len(data) == 1:
            data.update(self.cells(data["id"]))

    def get_row(self, row_key: RowKey | str) -> list:
        self._draw(row_key)  # every read of a row (drawing it too: ``get_row_at``) passes here
        return super().get_row(row_key)

    def get_cell(self, row_key: RowKey | str, column_key):
        self._draw(row_key)
        return super().get_cell(row_key, column_key)

    @property
    def _y_offsets(self) -> _LinePerRow:
        return _LinePerRow(self)

    def _line_of(self, row_index: int) -> int:
        return row_index + (self.header_height if self.show_header else 0)

    def _row_width(self) -> int:
        return sum(c.get_render_width(self) for c in self.columns.values()) + self._row_label_column_width

    def _get_row_region(self, row_index: int) -> Region:
        if not self.is_valid_row_index(row_index):
            return Region(0, 0, 0, 0)
        return Region(0, self._line_of(row_index), max(self.size.width, self._row_width()), 1)

    def _get_cell_region(self, coordinate) -> Region:
        if not self.is_valid_coordinate(coordinate):
            return Region(0, 0, 0, 0)
        row_index, column_index = coordinate
        columns = self.ordered_columns
        x = sum(c.get_render_width(self) for c in columns[:column_index]) + self._row_label_column_width
        return Region(x, self._line_of(row_index), columns[column_index].get_render_width(self), 1)

    def _get_fixed_offset(self) -> Spacing:
        return Spacing(self.header_height if self.show_header else 0, 0, 0, self._row_label_column_width)

    def _update_dimensions(self, new_rows) -> None:
        size = Size(self._row_width(), self._line_of(self.row_count))
        if self._only_longer(size):
            # Only the scroll bar's thumb changes. ``virtual_size`` is a reactive that lays out
            # the whole screen, the detail pane's highlighted source included, and a key waits
            # for that; setting it for each batch of streamed rows laid the screen out each time.
            self.set_reactive(Widget.virtual_size, size)
            self._scroll_update(size)
        else:
            self.virtual_size = size

    def _only_longer(self, size: Size) -> bool:
        """Rows were added to a table that already scrolls: no scroll bar appears or goes."""
        before = self.virtual_size
        return (
            self.show_vertical_scrollbar
            and size.width == before.width
            and size.height >= before.height
            and before.height > self.scrollable_content_region.height
        )

    def watch_layout(self, before: str, now: str) -> None:
        if before != now and self.is_mounted:
            current = None
            if self.row_count:
                current = self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
            self.rebuild(current)


class _ProblemRowKey(str, RowKey):
    """A row key that is also its problem id as a ``str``, so the table's dicts hash and compare
    it in C: DataTable's own key hashes in Python, and a filter or an order of 10^5 rows spent a
    third of its time there. It equals (and hashes as) its id and a ``RowKey`` of it, as a
    ``RowKey`` does, so every lookup by id or by key finds it."""


class _LinePerRow:
    """DataTable's line -> (row key, line within the row) list, for rows one line high: read from
    the row index when asked instead of listing every line again after each change."""

    def __init__(self, table: ProblemTable) -> None:
        self.table = table

    def __len__(self) -> int:
        return self.table.row_count

    def __getitem__(self, line: int):
        if not 0 <= line < self.table.row_count:
            raise IndexError(line)
        return self.table._row_locations.get_key(line), 0

    def clear(self) -> None:
        """Nothing is kept, so there is nothing to forget (``DataTable.clear`` calls it)."""
