"""The triage screen: owns the keys, the background work and what happens when it answers.

The audit runs in engine worker processes driven from a thread of this screen; edits, probes,
EvalPlus confirmation and export go through the app's one engine client, also from threads.
Threads only post messages; this screen's handlers alone touch widgets and write to the store.
A message posted after the screen has gone is dropped by Textual, so no handler checks for that.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header
from textual.worker import get_current_worker

from ...engine.audit import visible_calls
from ...engine.audit.asserts import why_not_a_test
from ...engine.audit.probe import BadArguments, parse_arguments
from ...engine.executors.choice import CensusRun, open_census
from ...engine.model import ProblemResult
from ...review import rejected_survivors, survivor_number
from ...store import (
    ACCEPTED,
    EDIT,
    PROBE,
    REJECTED,
    SKIPPED,
    StoredCandidate,
    collector_paused,
    problem_key,
)
from ...words import counted, home_path
from .. import heap
from ..bindings import BINDINGS
from ..dialogs.confirm import ConfirmDialog
from ..dialogs.help import HelpScreen
from ..dialogs.quit import QuitDialog
from ..dialogs.text import TextDialog
from ..dialogs.verdict import VerdictDialog
from ..messages import (
    AuditFinished,
    CandidateGated,
    ExportDone,
    ProbeAnswered,
    ProblemConfirmed,
)
from ..state import FILTERS, SORTS, Change, TriageState
from ..widgets.audit_status import AuditStatus
from ..widgets.detail import AssertTable, ProblemDetail, warm_highlighter
from ..widgets.problem_table import ProblemTable

CACHE_FLUSH_EVERY = 50  # results appended to the cache per fsync
DRAIN_EVERY = 0.5  # seconds between two batches of streamed rows (each costs a layout)
DRAIN_BUDGET = 0.05  # seconds of the screen's thread one tick may spend showing rows
DRAIN_AGAIN = 0.005  # seconds to the next slice when rows are still waiting (a reopen)
SEAT_EVERY = 1.0  # seconds between two redraws of the seat's counter while rows stream
DRAIN_CHUNK = 200  # results shown between two looks at the clock
DRAIN_MAX_ROWS = 2000  # and at most this many per tick, however fast the machine
NARROW_BELOW = 120  # columns: below this the problem table keeps only id, status and review
# Added to the audit workers' niceness: on a machine whose cores the audit fills, a key waits
# for the screen's thread to get a core; at +10 the scheduler gives it about nine times a
# worker's share whenever it is runnable. The audit loses only what the screen really uses.
AUDIT_NICE = 10


class TriageScreen(Screen):
    CSS_PATH = "triage.tcss"
    BINDINGS = BINDINGS

    current: reactive[str | None] = reactive(None)

    def __init__(self, state: TriageState) -> None:
        super().__init__()
        self.state = state
        self.finished = False
        self.census: CensusRun | None = None
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
        if self.app.store.created:  # a first run, or a mistyped --db: either way, where they go
            self.notify(f"A new decisions database: {home_path(self.app.store.path)}", timeout=10)
        self.run_audit()

    def on_resize(self, event) -> None:
        self._fit(event.size.width)

    def _fit(self, width: int) -> None:
        narrow = width < NARROW_BELOW
        self.set_class(narrow, "-narrow")
        self.table.narrow = narrow

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

    @work(thread=True, exclusive=True, exit_on_error=False, group="audit")
    def run_audit(self) -> None:
        """Cached results, then the census's, into the inbox the screen drains on a timer.

        The thread also owns the cache's writes: each result is appended (and fsync'd in batches)
        before the screen shows it, so neither serialising nor fsync costs the screen's thread."""
        app, worker = self.app, get_current_worker()
        error = ""
        try:
            warm_highlighter()
            pending, keys = [], {}
            with collector_paused():  # up to 10^5 results built from the cache: kept, not garbage
                for index, problem in enumerate(app.benchmark.problems):
                    if index % 1000 == 0 and worker.is_cancelled:
                        return
                    key = app.problem_keys.get(problem.id) or problem_key(problem, app.params)
                    cached = app.cache.get_key(key)
                    if cached is not None:
                        self._inbox.append(cached)
                    else:
                        keys[problem.id] = key
                        pending.append(problem)
            heap.keep_loaded()  # the cached results stay for the session
            from_cache = len(app.benchmark.problems) - len(pending)
            app.call_from_thread(setattr, self.status, "from_cache", from_cache)
            if pending:
                self.census = open_census(pending, app.params, app.executor, nice=AUDIT_NICE)
                for result in self.census:
                    app.cache.put_key(keys[result.id], result)
                    self._inbox.append(result)
                    if app.cache.pending >= CACHE_FLUSH_EVERY:
                        app.cache.flush()
        except Exception as failure:  # the engine failed: say so, keep what was judged
            error = str(failure)
        finally:
            try:
                app.cache.flush()
            except OSError as failure:
                error = error or f"the result cache could not be saved ({failure})"
        self.post_message(AuditFinished(error=error))

    async def _drain(self) -> None:
        """Show the results that arrived since the last tick, a chunk at a time.

        One table update per chunk instead of one per result (a redraw of the table was 72% of
        the 11 ms a streamed row cost), and at most ``DRAIN_BUDGET`` of the screen's thread (and
        ``DRAIN_MAX_ROWS`` rows) per tick, so a key pressed while 10^5 cached results pour in
        waits for neither the whole queue nor the whole tick: the loop is given back after each
        chunk. A key passes through several handlers (the app, the table, the screen), and each
        waited for a whole tick of rows before; now each waits for one chunk at most."""
        if self._draining:  # a tick is under way (between two chunks): it carries on
            return
        self._draining = True
        try:
            shown = await self._show_inbox()
        finally:
            self._draining = False
        if shown:
            self.status.done = len(self.state.results)
            weak, judged, share = self.state.weak_share()
            self.status.weak = f"{weak}/{judged} {share}"
            totals = self.state.totals()
            self.status.undecided, self.status.candidates = totals.undecided, totals.total
            # The seat's whole-benchmark counter: redrawing the seat lays the screen out again,
            # so while rows stream it is brought up to date once a second, not every batch.
            if self.current is not None and time.perf_counter() - self._seat_drawn > SEAT_EVERY:
                self._seat_drawn = time.perf_counter()
                self.detail.draw_seat()
            self._sync_bindings()
        if self._inbox:  # a backlog (a reopen from the cache): the next slice soon, keys between
            self.set_timer(DRAIN_AGAIN, self._drain)
        elif self._finished_with is not None:
            self._finish(self._finished_with)

    async def _show_inbox(self) -> int:
        """Rows for the results waiting, chunk by chunk, within the tick's budget; how many."""
        deadline = time.perf_counter() + DRAIN_BUDGET
        shown = 0
        while self._inbox and time.perf_counter() < deadline and shown < DRAIN_MAX_ROWS:
            batch = [self._inbox.popleft() for _ in range(min(DRAIN_CHUNK, len(self._inbox)))]
            self._show(batch)
            shown += len(batch)
            await asyncio.sleep(0)  # a key that arrived meanwhile is handled before the next chunk
        return shown

    def _show(self, batch: list) -> None:
        self.state.add_results(batch)
        self.table.add([result.id for result in batch])
        if not self._opened_weak:
            weak = next((result.id for result in batch if result.weak), None)
            if weak is not None:
                self._opened_weak = True
                self.go_to(weak, 0, focus=False)

    async def on_audit_finished(self, message: AuditFinished) -> None:
        self._finished_with = message  # the last rows may still be in the inbox: the drain ends it
        await self._drain()

    def _finish(self, message: AuditFinished) -> None:
        self._finished_with = None
        self._drainer.stop()
        self.finished = True
        self.status.finished = True
        self.table.reorder(self.current)  # streamed in completion order; settle into the chosen order
        heap.keep_loaded()  # every result and row of the finished audit stays for the session
        self._counts_changed()
        if self.state.confirm_with:
            self.confirm_weak()
        if message.error:
            self.status.message = f"audit failed: {message.error}"

    def on_unmount(self) -> None:
        if self.census is not None:
            self.census.cancel()

    @work(thread=True, exclusive=True, exit_on_error=False, group="confirm")
    def confirm_weak(self) -> None:
        """Re-run each weak problem's survivors against EvalPlus, one problem at a time."""
        for result in [r for r in self.state.results.values() if r.weak]:
            task = self.state.confirm_with.get(result.id)
            if task is None:
                continue
            try:
                rejected = self.app.engine.confirm(task, result)
            except Exception:
                return  # the engine stopped (the app is closing): confirmation is optional
            self.post_message(ProblemConfirmed(result.id, rejected))

    def on_problem_confirmed(self, message: ProblemConfirmed) -> None:
        self.state.confirmations[message.problem_id] = message.rejected
        self.table.put(message.problem_id)
        if message.problem_id == self.current:
            self.detail.show(self.current, self.detail.asserts.cursor_row)

    # ------------------------------------------------------------------ moving

    @on(DataTable.RowHighlighted, "#problems")
    def problem_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value in self.state.results:
            self._row_to_show = 0
            self.current = event.row_key.value

    def watch_current(self, problem_id: str | None) -> None:
        if problem_id is not None:
            self.detail.show(problem_id, self._row_to_show)
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
            return True if self.current is not None and self.detail.highlighted() is not None else None
        if action == "undo":
            return True if self.state.history else None
        if action in ("accept_cover", "reject_rest"):
            return True if self.current is not None and self.state.counts(self.current).total else None
        if action in ("probe", "verdict"):
            judged = self.current is not None and self.state.results[self.current].judged
            return True if judged else None
        return True

    def action_decide(self, decision: str) -> None:
        candidate = self.detail.highlighted()
        if candidate is None:
            return
        if decision == ACCEPTED and not candidate.passes_reference:
            self.notify("This assert fails on the reference: edit it or reject it.", severity="error")
            return
        row = self.detail.asserts.cursor_row
        self.state.decide(self.current, [candidate.key], decision)
        later = [i for i in self.state.rows_where(self.current, None) if i > row]
        self.detail.redraw(later[0] if later else row)
        self._counts_changed(self.current)

    def action_accept_cover(self) -> None:
        chosen = self.state.cover(self.current)
        if not chosen:
            self.notify("Nothing to accept: the accepted asserts already reject every survivor they can.")
            return
        self.state.decide(self.current, [c.key for c in chosen], ACCEPTED)
        left = self.state.status(self.current)
        self.notify(f"Accepted {counted(len(chosen), 'assert')}; {self.current} is {left}.")
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
        self._counts_changed(*{c.problem_id for c in changes})
        what = "decision" if len(changes) == 1 else f"{len(changes)} decisions"
        self.notify(f"Undid the {what} on {changes[0].problem_id}.")

    def _show_change(self, change: Change) -> None:
        keys = [c.key for c in self.state.candidates(change.problem_id)]
        row = keys.index(change.key) if change.key in keys else 0
        if change.problem_id not in self.table.rows:  # hidden by the filter: show every problem
            self.state.filter = "all"
            self.table.rebuild(self.current)
            self.status.view = self._view()
        self.go_to(change.problem_id, row)

    # ------------------------------------------------------------------ edit and probe (gated)

    def action_edit(self) -> None:
        candidate = self.detail.highlighted()
        if candidate is None:
            return
        problem_id = self.current
        decided = self.state.decision(problem_id, candidate.key)
        shown = self.state.shown_text(problem_id, candidate)

        def edit(reopen: bool) -> None:
            def edited(value: str | None) -> None:
                text = (value or "").strip()
                if not text or text == shown:
                    if reopen:
                        self.notify(f"Unchanged: the assert is still {decided}.")
                    return
                origin = PROBE if candidate.origin == PROBE else EDIT
                self.status.message = "running the edited assert..."
                self.gate_text(problem_id, candidate.key, text, origin, reopen)

            def refused(value: str) -> str | None:  # an unchanged or empty text is not refused
                text = value.strip()
                return None if not text or text == shown else why_not_a_test(text)

            self.app.push_screen(
                TextDialog(f"Edit the assert of {problem_id}", shown,
                           hint="Enter runs it on the reference and every survivor; Escape cancels",
                           check=refused),
                edited,
            )  # fmt: skip

        if decided is None:
            edit(False)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                edit(True)
            else:
                self.notify(f"Not edited: the assert stays {decided} as it is.")

        self.app.push_screen(
            ConfirmDialog(f"This assert is {decided}. Edit it and re-open it for review?"), answered
        )

    @work(thread=True, exit_on_error=False, group="engine")
    def gate_text(self, problem_id: str, key: str, text: str, origin: str, reopen: bool = False) -> None:
        problem, result = self.state.problems[problem_id], self.state.results[problem_id]
        try:
            gated = self.app.engine.gate(problem, result, [text])[0]
        except Exception as error:
            self.post_message(CandidateGated(problem_id, key, origin, None, reopen, error=str(error)))
            return
        self.post_message(CandidateGated(problem_id, key, origin, gated, reopen))

    def on_candidate_gated(self, message: CandidateGated) -> None:
        self.status.message = ""
        if message.gated is None:
            self.notify(f"Could not run the assert: {message.error}", severity="error")
            return
        gated = message.gated
        made = StoredCandidate(
            message.problem_id, message.key, gated.text, gated.passes_reference, gated.kills, message.origin
        )
        self.state.save_candidate(made, reopen=message.reopen)  # stored before it is shown
        if gated.passes_reference:
            survivors = len(self.state.results[message.problem_id].survivors)
            self.notify(f"Passes on the reference; rejects {rejected_survivors(gated.kills, survivors)}.")
        else:
            self.notify("FAILS on the reference: it cannot be accepted.", severity="error")
        keys = [c.key for c in self.state.candidates(message.problem_id)]
        if message.problem_id == self.current:
            self.detail.redraw(keys.index(message.key) if message.key in keys else None)
        self._counts_changed(message.problem_id)

    def action_probe(self) -> None:
        problem_id = self.current

        def probe(arguments: str | None) -> None:
            if arguments and arguments.strip():
                self.status.message = "probing..."
                self.run_probe(problem_id, arguments)

        def refused(arguments: str) -> str | None:  # read here, so a slip stays to be mended
            if not arguments.strip():
                return None
            try:
                parse_arguments(arguments)
            except BadArguments as error:
                return str(error)
            return None

        example = self._example_arguments(problem_id)
        self.app.push_screen(
            TextDialog(f"Probe {problem_id}: arguments", placeholder=example,
                       hint="The reference and every survivor are run on them; Escape cancels",
                       check=refused),
            probe,
        )  # fmt: skip

    def _example_arguments(self, problem_id: str) -> str:
        """The arguments of the problem's first visible call (``[4, 9], 2``): the form a probe takes."""
        found = visible_calls(self.state.problems[problem_id])
        if not found or not found[2]:
            return "the arguments, as in a call: [4, 9], 2"
        return found[2][0].render_arguments()

    @work(thread=True, exit_on_error=False, group="engine")
    def run_probe(self, problem_id: str, arguments: str) -> None:
        problem, result = self.state.problems[problem_id], self.state.results[problem_id]
        try:
            answer = self.app.engine.probe(problem, result, arguments)
        except Exception as error:
            self.post_message(ProbeAnswered(problem_id, None, error=str(error)))
            return
        self.post_message(ProbeAnswered(problem_id, answer))

    def on_probe_answered(self, message: ProbeAnswered) -> None:
        self.status.message = ""
        answer = message.answer
        if answer is None:
            self.notify(message.error, severity="error")
            return
        lines = Text()
        lines.append("probe ", style="bold")
        lines.append(f"{answer.call}\n  reference: {answer.reference}\n")
        for index, row in enumerate(answer.survivors):
            lines.append(f"  survivor {survivor_number(index)}: {row.outcome}  ")
            lines.append("differs\n" if row.differs else "same\n", style="red" if row.differs else "")
        if message.problem_id == self.current:
            self.detail.show_note(lines)
        if not answer.suggested:  # e.g. the wrong number of arguments: the reference raises
            self.notify(f"The reference returns no value there ({answer.reference}): no assert to add.")
            return
        if not answer.separates:
            self.notify("No survivor differs from the reference there: no assert to add.")
            return
        if self.state.has_key(message.problem_id, answer.suggested):
            self.notify("That assert is already a candidate.")
            keys = [c.key for c in self.state.candidates(message.problem_id)]
            self.go_to(message.problem_id, keys.index(answer.suggested))
            return
        self.gate_text(message.problem_id, answer.suggested, answer.suggested, PROBE)

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

    def action_export(self) -> None:
        def chosen(folder: str | None) -> None:
            if folder and folder.strip():
                self.status.message = "exporting..."
                self.export_to(Path(folder.strip()).expanduser())

        self.app.push_screen(
            TextDialog("Export the accepted asserts into which folder?", str(self.app.export_dir),
                       hint="Four files are written there; Enter exports, Escape cancels"),
            chosen,
        )  # fmt: skip

    @work(thread=True, exclusive=True, exit_on_error=False, group="export")
    def export_to(self, folder: Path) -> None:
        from ...export import patch_suffix, write_export
        from ...files import ensure_writable

        app = self.app
        stem = app.benchmark.name.replace(":", "_").removesuffix(".jsonl")
        patched = folder / f"{stem}-patched{patch_suffix(app.benchmark)}"  # the source's own format
        paths = [folder / f"{stem}-fixes.py", patched, folder / f"{stem}-review.md"]
        diff = folder / f"{stem}-fixes.diff"
        try:
            for path in [*paths, diff]:
                ensure_writable(path)
            plan = write_export(
                app.benchmark, app.store, None, *paths,
                diff=diff, results=dict(self.state.results), judge=app.engine.judge,
            )  # fmt: skip
        except Exception as error:
            self.post_message(ExportDone(error=str(error)))
            return
        exported = sum(len(texts) for texts in plan.accepted.values())
        self.post_message(ExportDone([*paths, diff], exported, len(plan.refused)))

    def on_export_done(self, message: ExportDone) -> None:
        if message.error:
            self.status.message = "export failed"
            self.notify(f"Export failed: {message.error}", severity="error", timeout=10)
            return
        self.exported, self.export_stale = message.written, False
        refused = f"; {message.refused} refused (the review says why)" if message.refused else ""
        names = ", ".join(str(p) for p in message.written)
        self.status.message = f"exported {counted(message.exported, 'assert')}"
        exported = counted(message.exported, "accepted assert")
        self.notify(f"Exported {exported}{refused}. Wrote {names}", timeout=10)

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
            f"{counted(verdicts, 'verdict')}; {exported}; "
            + (f"decisions in {path}" if path.exists() else "no decision saved (none made)")
            + running
        )

    def action_quit_review(self) -> None:
        line = self.summary()

        def answered(leave: bool | None) -> None:
            if leave:  # the summary as it is now: rows may have come in while the dialog was up
                self.app.exit(result=self.summary())

        self.app.push_screen(QuitDialog(line), answered)
