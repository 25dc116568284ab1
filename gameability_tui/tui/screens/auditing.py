"""The triage screen's audit: results from the cache and the census, streamed into the table.

The audit runs in engine worker processes driven from a thread of the screen; the thread only
fills an inbox, which the screen drains on a timer a chunk at a time, so a key pressed while
10^5 cached results pour in waits for one chunk, never for the whole queue."""

from __future__ import annotations

import asyncio
import time

from textual import work
from textual.worker import get_current_worker

from ...store import collector_paused
from ...store.cached_audit import CachedAudit
from .. import heap
from ..messages import AuditFinished, ProblemConfirmed
from ..widgets.detail import warm_highlighter

DRAIN_EVERY = 0.5  # seconds between two batches of streamed rows (each costs a layout)
DRAIN_BUDGET = 0.05  # seconds of the screen's thread one tick may spend showing rows
DRAIN_AGAIN = 0.005  # seconds to the next slice when rows are still waiting (a reopen)
SEAT_EVERY = 1.0  # seconds between two redraws of the seat's counter while rows stream
DRAIN_CHUNK = 200  # results shown between two looks at the clock
DRAIN_MAX_ROWS = 2000  # and at most this many per tick, however fast the machine
# Added to the audit workers' niceness: on a machine whose cores the audit fills, a key waits
# for the screen's thread to get a core; at +10 the scheduler gives it about nine times a
# worker's share whenever it is runnable. The audit loses only what the screen really uses.
AUDIT_NICE = 10


class AuditFeed:
    """The audit's part of ``TriageScreen``: its thread, the inbox and the timer that drains it."""

    @work(thread=True, exclusive=True, exit_on_error=False, group="audit")
    def run_audit(self) -> None:
        """Cached results, then the census's, into the inbox the screen drains on a timer.

        The thread also owns the cache's writes: each result is appended (and fsync'd in batches)
        before the screen shows it, so neither serialising nor fsync costs the screen's thread."""
        app, worker = self.app, get_current_worker()
        error = ""
        try:
            warm_highlighter()
            audit = CachedAudit(
                app.benchmark.problems, app.params, app.cache, app.executor, app.problem_keys, AUDIT_NICE
            )
            with collector_paused():  # up to 10^5 results built from the cache: kept, not garbage
                self._inbox.extend(audit.from_cache(cancelled=lambda: worker.is_cancelled))
            if worker.is_cancelled:
                return
            heap.keep_loaded()  # the cached results stay for the session
            from_cache = len(app.benchmark.problems) - len(audit.pending)
            app.call_from_thread(setattr, self.status, "from_cache", from_cache)
            self.audit = audit
            for result in audit.audited():
                self._inbox.append(result)
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

        One table update per chunk instead of one per result (a redraw of the table costs most
        of what a row costs), and at most ``DRAIN_BUDGET`` of the screen's thread (and
        ``DRAIN_MAX_ROWS`` rows) per tick, so a key pressed while 10^5 cached results pour in
        waits for neither the whole queue nor the whole tick: the loop is given back after each
        chunk, and each of the handlers a key passes through waits for one chunk at most."""
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
        if self.audit is not None:
            self.audit.cancel()

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
