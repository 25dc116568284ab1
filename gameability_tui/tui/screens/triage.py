"""The triage screen: owns the keys, the background work and what happens when it answers.

The audit runs in engine worker processes driven from a thread of this screen; edits, probes,
EvalPlus confirmation and export go through the app's one engine client, also from threads.
Threads only post messages; this screen's handlers alone touch widgets and write to the store.
A message posted after the screen has gone is dropped by Textual, so no handler checks for that.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header

from ...engine.model import ProblemResult
from ...engine.sandbox import local_notes
from ...review import survivor_number
from ...store.cached_audit import CachedAudit
from ...vocabulary import ACCEPTED, REJECTED, SKIPPED
from ...words import counted, home_path
from ..bindings import BINDINGS
from ..dialogs.help import HelpScreen
from ..dialogs.quit import QuitDialog
from ..dialogs.text import TextDialog
from ..dialogs.verdict import VerdictDialog
from ..messages import (
    AuditFinished,
)
from ..state import FILTERS, SORTS, Change, SurvivorChange, TriageState
from ..widgets.audit_status import AuditStatus
from ..widgets.detail import AssertTable, ProblemDetail
from ..widgets.problem_table import FULL, MEDIUM, NARROW, ProblemTable, table_width
from .auditing import DRAIN_EVERY, AuditFeed
from .exporting import Exporting
from .reviewer_asserts import ReviewerAsserts

NARROW_BELOW = 120  # columns: below this the problem table's status is shortened too
TINY_BELOW = 80  # columns: below this the problem table is hidden and the detail has the width
FULL_FROM = 160  # columns: from here the problem table has every column, whole, in half the width


class TriageScreen(AuditFeed, ReviewerAsserts, Exporting, Screen):
    CSS_PATH = "triage.tcss"
    BINDINGS = BINDINGS

    current: reactive[str | None] = reactive(None)

    def __init__(self, state: TriageState) -> None:
        super().__init__()
        self.state = state
        self.finished = False
        self.audit: CachedAudit | None = None  # the cache's results, then the census's
        self.exported: list[Path] = []
        self.export_stale = False  # the review changed after the last export
        self._row_to_show = 0
        self._opened_weak = False
        self._enabled: tuple = ()
        # Results from the audit thread (deque appends and pops are thread-safe), drained on a timer.
        self._inbox: deque[ProblemResult] = deque()
        self._finished_with: AuditFinished | None = None
        self._seat_drawn = 0.0
        self._draining = False  # a drain tick is showing rows (it gives the loop back between chunks)
        self._tests_asked: set[str] = set()  # problems whose own tests the engine is running

    # ------------------------------------------------------------------ layout

    def notify(self, message: str, **options) -> None:
        """A toast, never read as markup: messages quote asserts, values, ids and paths, where a
        `[k - 1]` would be taken for a style tag and vanish."""
        super().notify(message, **{"markup": False, **options})

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            yield ProblemTable(self.state, id="problems")
            yield ProblemDetail(self.state, id="detail")
        yield AuditStatus(self.app.clock, id="status")
        footer = Footer(show_command_palette=False)
        footer.compact = True  # a reactive (not yet an argument in textual 0.82): every key fits 80 columns
        yield footer

    def on_mount(self) -> None:
        self.status.total = len(self.state.problems)
        self.status.view = self._view()
        self._fit(self.size.width)
        self._drainer = self.set_interval(DRAIN_EVERY, self._drain)
        for note in self.app.cache.notes:  # what opening the cache found and did about it
            self.notify(note, severity="warning", timeout=15)
        if self.app.executor.ray_address is None:  # a cluster's nodes are checked instead
            for note in local_notes():
                self.notify(note, severity="warning", timeout=15)
        if self.app.store.created:  # a first run, or a mistyped --db: either way, where they go
            self.notify(
                f"A new decisions database: {home_path(self.app.store.path)}. Nothing to resume "
                "there: if you meant another, quit (q) and pass --db with it.",
                severity="warning",
                timeout=15,
            )
        self.run_audit()

    def on_resize(self, event) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        layout = NARROW if width < NARROW_BELOW else MEDIUM if width < FULL_FROM else FULL
        self.set_class(layout == NARROW, "-narrow")
        # Below 80 columns the table would leave the seat a few characters (8 at 50x15): the
        # detail pane takes the width, and n, N and / move between problems.
        self.set_class(width < TINY_BELOW, "-tiny")
        if layout != FULL:  # exactly as wide as its columns: none of them is cut
            self.table.styles.width = table_width(layout)
        else:
            self.table.styles.width = "50%"
        self.table.layout = layout

    @property
    def table(self) -> ProblemTable:
        return self.query_one(ProblemTable)

    @property
    def detail(self) -> ProblemDetail:
        return self.query_one(ProblemDetail)

    @property
    def status(self) -> AuditStatus:
        return self.query_one(AuditStatus)

    def _view(self) -> str:
        """The filter and order, when they are not the defaults (the line is short at 80 columns)."""
        shown = [f"filter: {self.state.filter}"] if self.state.filter != FILTERS[0] else []
        shown += [f"order: {self.state.sort}"] if self.state.sort != SORTS[0] else []
        return " · ".join(shown)

    # ------------------------------------------------------------------ the audit

    # ------------------------------------------------------------------ moving

    @on(DataTable.RowHighlighted, "#problems")
    def problem_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value in self.state.results:
            self._row_to_show = 0
            self.current = event.row_key.value

    def watch_current(self, problem_id: str | None) -> None:
        if problem_id is not None:
            self.detail.show(problem_id, self._row_to_show)
            self.ask_own_tests(problem_id)
        self._sync_bindings()

    def go_to(self, problem_id: str, row: int, focus: bool = True) -> None:
        """Open a problem with the cursor on its ``row``-th assert, scrolled into view."""
        if problem_id != self.current:
            self._row_to_show = row
            self.current = problem_id
            self.table.select(problem_id)
        else:
            self.detail.redraw(row)
        if focus:
            self.detail.asserts.focus()

    def on_assert_table_moved(self, message: AssertTable.Moved) -> None:
        self.detail.draw_seat()
        self._sync_bindings()

    def _counts_changed(self, *problem_ids: str) -> None:
        """After the review of ``problem_ids`` changed (a decision, an edit, an undo, a verdict)."""
        if problem_ids and self.exported:
            self.export_stale = True  # the files written hold the review as it was
        for problem_id in problem_ids:
            self.table.put(problem_id)
        totals = self.state.totals()
        self.status.undecided, self.status.candidates = totals.undecided, totals.total
        self.status.correct = self.state.correct_count()
        if self.current is not None:  # the seat's counter covers the whole benchmark
            self.detail.draw_seat()
        self._sync_bindings()

    def action_step(self, forward: bool) -> None:
        row = self.detail.asserts.cursor_row
        found = self.state.step(self.current, row, forward)
        if found is None:
            found = self.state.step(self.current, row, forward, wanted=SKIPPED)
            if found is None:
                self.notify("Every candidate assert has a decision.")
                return
            self.notify("Only skipped asserts are left: here they are again.")
        self.go_to(*found)

    # ------------------------------------------------------------------ decisions

    DYNAMIC = ("decide", "edit", "undo", "accept_cover", "probe")

    def _sync_bindings(self) -> None:
        """Ask the footer to redraw only when a key's enabled state changed: each redraw rebuilds
        every footer key, which made a decision take a second on a loaded machine."""
        enabled = tuple(self.check_action(action, ()) for action in self.DYNAMIC)
        if enabled != self._enabled:
            self._enabled = enabled
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """None shows a key as disabled (the footer keeps its place) when it would do nothing now."""
        if action in ("decide", "edit"):
            return True if self.detail.under_review() is not None else None
        if action == "undo":
            return True if self.state.history else None
        if action in ("accept_cover", "reject_rest"):
            return True if self.current is not None and self.state.counts(self.current).total else None
        if action == "judge_survivor":
            has = self.current is not None and bool(self.state.results[self.current].survivors)
            return True if has else None
        if action in ("probe", "verdict"):
            judged = self.current is not None and self.state.results[self.current].judged
            return True if judged else None
        return True

    def action_decide(self, decision: str) -> None:
        """Decide on the assert the seat shows (the problem and assert the reviewer saw), then
        move to the next undecided assert of that problem, which the seat names beforehand."""
        seen = self.detail.under_review()
        if seen is None:
            return
        problem_id, candidate = seen
        if decision == ACCEPTED and not candidate.passes_reference:
            self.notify("This assert fails on the reference: edit it or reject it.", severity="error")
            return
        self.state.decide(problem_id, [candidate.key], decision)
        judged_correct = set(candidate.kills) & self.state.judged_correct(problem_id)
        if decision == ACCEPTED and judged_correct:  # the two judgements contradict each other
            named = ", ".join(survivor_number(i) for i in sorted(judged_correct))
            self.notify(
                f"This assert rejects survivor {named}, which you judged correct per the task: "
                "one of the two judgements is wrong (u undoes this one).",
                severity="warning",
                timeout=10,
            )
        if problem_id == self.current:
            keys = [c.key for c in self.state.candidates(problem_id)]
            row = keys.index(candidate.key)
            later = [i for i in self.state.rows_where(problem_id, None) if i > row]
            self.detail.redraw(later[0] if later else row)
        self._counts_changed(problem_id)

    def action_accept_cover(self) -> None:
        chosen = self.state.cover(self.current)
        flagged = self.state.flagged_left(self.current)
        unread = f" Left {counted(len(flagged), 'flagged assert')} to read." if flagged else ""
        if not chosen:
            self.notify(
                "Nothing to accept: the accepted asserts already reject every survivor unflagged ones can."
                + unread
            )
            return
        self.state.decide(self.current, [c.key for c in chosen], ACCEPTED)
        left = self.state.status(self.current)
        self.notify(f"Accepted {counted(len(chosen), 'assert')}; {self.current} is {left}.{unread}")
        self.detail.redraw()
        self._counts_changed(self.current)

    def action_reject_rest(self) -> None:
        keys = [self.state.candidates(self.current)[i].key for i in self.state.rows_where(self.current, None)]
        if not keys:
            self.notify("No undecided assert left in this problem.")
            return
        self.state.decide(self.current, keys, REJECTED)
        self.notify(f"Rejected {counted(len(keys), 'undecided assert')}.")
        self.detail.redraw()
        self._counts_changed(self.current)

    def action_undo(self) -> None:
        changes = self.state.undo()
        if not changes:
            self.notify("Nothing to undo.")
            return
        self._show_change(changes[0])
        if isinstance(changes[0], SurvivorChange):
            self.detail.redraw_survivors()  # the survivors table marks the verdict too
        self._counts_changed(*{c.problem_id for c in changes})
        if isinstance(changes[0], SurvivorChange):
            what = "verdict on a survivor"
        else:
            what = "decision" if len(changes) == 1 else f"{len(changes)} decisions"
        self.notify(f"Undid the {what} on {changes[0].problem_id}.")

    def _show_change(self, change: Change | SurvivorChange) -> None:
        keys = [c.key for c in self.state.candidates(change.problem_id)]
        row = keys.index(change.key) if change.key in keys else 0
        if change.problem_id not in self.table.rows:  # hidden by the filter: show every problem
            self.state.filter = "all"
            self.table.rebuild(self.current)
            self.status.view = self._view()
        self.go_to(change.problem_id, row)

    # ------------------------------------------------------------------ edit and probe (gated)

    # ------------------------------------------------------------------ verdicts, filters, search

    def action_verdict(self) -> None:
        problem_id = self.current
        verdict, note = self.state.verdicts.get(problem_id, ("", ""))

        def chosen(value: tuple[str, str] | None) -> None:
            if value is not None:
                self.state.set_verdict(problem_id, *value)
                self._counts_changed(problem_id)
                self.notify(f"Verdict on {problem_id}: {value[0] or 'cleared'}.")

        self.app.push_screen(VerdictDialog(problem_id, verdict, note), chosen)

    def action_judge_survivor(self) -> None:
        """Judge the survivor under review correct per the task, with an optional note; on one
        already judged, take the verdict back. Either is one step of the undo history."""
        problem_id, index = self.current, self.detail.survivor_under_review()
        if problem_id is None or index is None:
            return
        name = f"survivor {survivor_number(index)} of {problem_id}"
        if self.state.survivor_verdict(problem_id, index) is not None:
            self.state.unjudge_survivor(problem_id, index)
            self._survivor_judged(problem_id, f"The verdict on {name} is cleared (u puts it back).")
            return

        def noted(note: str | None) -> None:
            if note is None:
                return
            self.state.judge_survivor(problem_id, index, note.strip())
            now = f"{problem_id} is {self.state.status(problem_id)}"
            self._survivor_judged(problem_id, f"Judged {name} correct per the task; {now}.")

        self.app.push_screen(
            TextDialog(f"Judge {name} correct per the task", placeholder="why (optional)",
                       hint="Enter judges it correct, with the note if any; Escape cancels"),
            noted,
        )  # fmt: skip

    def _survivor_judged(self, problem_id: str, said: str) -> None:
        if problem_id == self.current:
            self.detail.redraw_survivors()
        self._counts_changed(problem_id)
        self.notify(said)

    def action_cycle_filter(self) -> None:
        self.state.cycle_filter()
        self._refiltered(self.current)

    def _refiltered(self, current: str | None) -> None:
        """The table and the status line under the state's (new) filter, ``current`` kept."""
        self.table.rebuild(current)
        self.status.view = self._view()

    def action_cycle_sort(self) -> None:
        self.state.cycle_sort()
        self.table.reorder(self.current)
        self.status.view = self._view()

    def action_search(self) -> None:
        def found(value: str | None) -> None:
            if not value:
                return
            wanted = value.strip()
            if wanted in self.table.rows:  # the id itself first: "11" is 11, not 113 ranked above it
                self.go_to(wanted, 0, focus=False)
                return
            if wanted in self.state.results:  # judged, but the filter hides it: show all, go there
                hidden_by, self.state.filter = self.state.filter, FILTERS[0]
                self._refiltered(wanted)
                self.go_to(wanted, 0, focus=False)
                self.notify(f"{wanted} was hidden by the '{hidden_by}' filter: every problem is shown now.")
                return
            if wanted in self.state.problems:
                self.notify(f"{wanted} is not judged yet: it is found once its row is in.")
                return
            visible = [pid for pid in self.state.ordered_ids() if wanted in pid and pid in self.table.rows]
            if not visible:
                self.notify(f"No problem id contains {value!r} under the '{self.state.filter}' filter.")
                return
            self.go_to(visible[0], 0, focus=False)
            self.notify(f"No problem {wanted!r} here: {visible[0]} is the first id that contains it.")

        self.app.push_screen(TextDialog("Find a problem by id"), found)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    # ------------------------------------------------------------------ export

    # ------------------------------------------------------------------ leaving

    def summary(self) -> str:
        """What the session leaves behind, in one line (shown on quit and printed after exit)."""
        totals, verdicts, path = self.state.totals(), len(self.state.verdicts), self.app.store.path
        if not self.exported:
            exported = "not exported in this session (x in the app, or gameability-tui export)"
        else:
            exported = f"exported to {self.exported[0].parent}"
            if self.export_stale:
                exported += ", but the review changed since (export again)"
        judged, problems = len(self.state.results), len(self.state.problems)
        running = "" if self.finished else f"; the audit was still running ({judged} of {problems} judged)"
        return (
            f"{self.app.benchmark.name}: {totals.accepted} accepted, {totals.rejected} rejected, "
            f"{totals.skipped} skipped, {totals.undecided} undecided left of {totals.total}; "
            f"{counted(verdicts, 'verdict')}; "
            f"{counted(self.state.correct_count(), 'survivor')} judged correct; {exported}; "
            + (f"decisions in {path}" if path.exists() else "no decision saved (none made)")
            + running
        )

    def action_quit_review(self) -> None:
        dialog = QuitDialog(self.summary)

        def answered(leave: bool | None) -> None:
            if leave:  # the line the reviewer read (the dialog keeps it up to date while open)
                self.app.exit(result=dialog.shown)

        self.app.push_screen(dialog, answered)
