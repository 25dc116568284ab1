"""The triage app: stream the audit into a table, review each weak problem's asserts, export.

The app never runs benchmark code: the audit runs in engine worker processes driven from a
background thread, and edits and probes are gated by an engine worker process too. Worker
threads only post messages; the UI thread alone touches widgets and writes to the store.
The rules of triage live in ``state.TriageState``, the detail pane in ``detail.ProblemDetail``;
this module holds the problem table, the key bindings and the background work.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Static

from ..benchmarks import Benchmark
from ..engine.calls import infer_entry
from ..engine.census import Census, WorkerProcess
from ..engine.model import AuditParams, Problem
from ..store import ACCEPTED, DecisionStore, ResultCache
from .commands import TriageCommands
from .detail import ProblemDetail
from .dialogs import HelpScreen, TextDialog, VerdictDialog
from .messages import AssertGated, AuditFinished, ProbeAnswered, ProblemConfirmed, ProblemJudged
from .state import TriageState

CACHE_FLUSH_EVERY = 50


class GameabilityApp(App):
    """Dependencies come in from outside (benchmark, store, cache, settings), so tests pass real ones."""

    CSS_PATH = "app.tcss"
    COMMANDS = App.COMMANDS | {TriageCommands}
    TITLE = "gameability-tui"
    BINDINGS = [
        Binding("a", "decide('accepted')", "Accept", id="accept", tooltip="Accept the highlighted assert"),
        Binding("r", "decide('rejected')", "Reject", id="reject", tooltip="Reject the highlighted assert"),
        Binding("u", "undo", "Undo", id="undo", tooltip="Forget the decision on the highlighted assert"),
        Binding("e", "edit", "Edit", id="edit", tooltip="Edit the assert; it is gated again"),
        Binding("n", "next_undecided", "Next", id="next", tooltip="Next undecided assert, across problems"),
        Binding(
            "p", "probe", "Probe", id="probe", tooltip="Run your own arguments on reference and survivors"
        ),
        Binding("v", "verdict", "Verdict", id="verdict", tooltip="keep / fix / drop this problem"),
        Binding("f", "cycle_filter", "Filter", id="filter"),
        Binding("s", "cycle_sort", "Sort", id="sort", show=False),
        Binding("slash", "search", "Find", id="search", show=False),
        Binding("x", "export", "Export", id="export"),
        Binding("question_mark", "help", "Keys", id="help"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    def __init__(
        self,
        benchmark: Benchmark,
        store: DecisionStore,
        cache: ResultCache,
        params: AuditParams | None = None,
        workers: int | None = None,
        export_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        confirm_with: dict[str, Problem] | None = None,
    ) -> None:
        super().__init__()
        self.benchmark = benchmark
        self.store = store
        self.cache = cache
        self.params = params or AuditParams()
        self.audit_workers = workers
        self.export_dir = export_dir or Path.cwd()
        self.problems = {p.id: p for p in benchmark.problems}
        # Weak problems are confirmed against confirm_with (EvalPlus tasks) after the audit.
        self.state = TriageState(self.problems, store.all_decisions(), store.all_verdicts(), confirm_with)
        self.current: str | None = None
        self.clock = clock  # injected so snapshot tests see a fixed elapsed time
        self.started = clock()
        self.finished = False
        self.census: Census | None = None
        self.engine: WorkerProcess | None = None
        self.last_message = ""

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield DataTable(id="problems", cursor_type="row", zebra_stripes=True)
            yield ProblemDetail(self.state, id="detail")
        yield Static("", id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = f"{self.benchmark.name}: {len(self.benchmark.problems)} problems"
        table = self.query_one("#problems", DataTable)
        for key, label, width in (("id", "problem", 18), ("status", "status", 20), ("broken", "broken", 6),
                                  ("survivors", "surv", 4), ("asserts", "asrt", 4),
                                  ("review", "review", 11)):  # fmt: skip
            table.add_column(label, key=key, width=width)
        self.set_interval(1.0, self.refresh_status)
        self.run_audit()

    # ------------------------------------------------------------------ audit worker

    @work(thread=True, exclusive=True, exit_on_error=False, group="audit")
    def run_audit(self) -> None:
        pending = []
        for problem in self.benchmark.problems:
            cached = self.cache.get(problem, self.params)
            if cached is not None:
                self.post_message(ProblemJudged(cached, cached=True))
            else:
                pending.append(problem)
        if not pending:
            self.post_message(AuditFinished())
            return
        self.census = Census(pending, self.params, workers=self.audit_workers)
        try:
            for result in self.census:
                self.post_message(ProblemJudged(result))
        except Exception as error:  # the engine failed: say so, keep what was judged
            self.post_message(AuditFinished(error=str(error)))
            return
        self.post_message(AuditFinished(cancelled=self.census.cancelled))

    @property
    def closing(self) -> bool:
        """True once the widgets are gone: background messages can still arrive while the app
        closes, and must then update state only, never the screen."""
        return not self.query("#problems")

    def on_problem_judged(self, message: ProblemJudged) -> None:
        result = message.result
        self.state.results[result.id] = result
        if not message.cached:
            self.cache.put(self.problems[result.id], self.params, result)
            if len(self.state.results) % CACHE_FLUSH_EVERY == 0:
                self.cache.flush()
        if self.closing:
            return
        if self.state.visible(result.id):
            table = self.query_one("#problems", DataTable)
            table.add_row(*self.state.row(result), key=result.id)
            if self.current is None and result.weak:
                self.show_problem(result.id)
        self.refresh_status()

    def on_audit_finished(self, message: AuditFinished) -> None:
        self.finished = True
        self.cache.flush()
        if self.closing:
            return
        self.rebuild_table()  # streamed in completion order; settle into the chosen order
        if self.state.confirm_with:
            self.confirm_weak()
        self.last_message = f"audit failed: {message.error}" if message.error else "audit complete"
        self.refresh_status()

    @work(thread=True, exclusive=True, exit_on_error=False, group="confirm")
    def confirm_weak(self) -> None:
        """Re-run each weak problem's survivors against EvalPlus, one problem at a time."""
        for result in [r for r in self.state.results.values() if r.weak]:
            target = self.state.confirm_with.get(result.id)
            if target is None:
                continue
            try:
                answer = self._engine().ask(
                    "confirm", target, self.params, survivors=[s.source for s in result.survivors]
                )
            except Exception:
                return  # the app is closing or the engine stopped: confirmation is optional
            if "confirm" in answer:
                self.post_message(ProblemConfirmed(result.id, answer["confirm"]))

    def on_problem_confirmed(self, message: ProblemConfirmed) -> None:
        self.state.confirmations[message.problem_id] = message.rejected
        if self.closing:
            return
        self.update_row(message.problem_id)
        if message.problem_id == self.current:
            self.show_problem(message.problem_id)

    def on_unmount(self) -> None:
        if self.census is not None:
            self.census.cancel()
        if self.engine is not None:
            self.engine.stop()
        self.cache.flush()

    # ------------------------------------------------------------------ the problem table

    def rebuild_table(self) -> None:
        """After a filter or sort change: same rows by key, cursor kept on the same problem."""
        table = self.query_one("#problems", DataTable)
        with self.batch_update():
            table.clear()
            for problem_id in self.state.ordered_ids():
                if self.state.visible(problem_id):
                    table.add_row(*self.state.row(self.state.results[problem_id]), key=problem_id)
        if self.current is not None and self.current in table.rows:
            table.move_cursor(row=table.get_row_index(self.current))

    def update_row(self, problem_id: str) -> None:
        table = self.query_one("#problems", DataTable)
        if problem_id in table.rows:
            for column, value in zip(("id", "status", "broken", "survivors", "asserts", "review"),
                                     self.state.row(self.state.results[problem_id])):  # fmt: skip
                table.update_cell(problem_id, column, value)

    @on(DataTable.RowHighlighted, "#problems")
    def problem_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.row_key is not None and event.row_key.value in self.state.results and not self.closing:
            self.show_problem(event.row_key.value)

    # ------------------------------------------------------------------ the detail pane

    @property
    def detail(self) -> ProblemDetail:
        return self.query_one(ProblemDetail)

    def show_problem(self, problem_id: str) -> None:
        self.current = problem_id
        self.detail.show(problem_id)

    def refresh_asserts(self, keep_row: int | None = None) -> None:
        self.detail.show_asserts(keep_row)

    def highlighted_assert(self) -> str | None:
        return self.detail.highlighted_assert()

    # ------------------------------------------------------------------ decisions

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        if action in ("decide", "undo", "edit"):
            return self.highlighted_assert() is not None
        if action in ("probe", "verdict"):
            return self.current is not None and self.state.results[self.current].judged
        return True

    def action_decide(self, decision: str) -> None:
        text = self.highlighted_assert()
        if text is None:
            return
        edited = self.state.edits.get((self.current, text))
        if decision == ACCEPTED and edited is not None and not edited[1]:
            self.notify(
                "The edited assert fails on the reference: edit it again or reject it.", severity="error"
            )
            return
        final = edited[0] if edited and edited[0] != text else None
        saved = self.store.decide(self.current, text, decision, final)  # on disk before it is shown
        self.state.decisions[(self.current, text)] = saved
        self.after_decision(move=True)

    def action_undo(self) -> None:
        text = self.highlighted_assert()
        if text is None or (self.current, text) not in self.state.decisions:
            return
        self.store.undo(self.current, text)
        del self.state.decisions[(self.current, text)]
        self.after_decision(move=False)

    def after_decision(self, move: bool) -> None:
        table = self.query_one("#asserts", DataTable)
        row = table.cursor_row
        if move:
            later = [i for i in self.state.undecided(self.current) if i > row]
            row = later[0] if later else row
        self.refresh_asserts(keep_row=row)
        self.update_row(self.current)
        self.refresh_status()

    def action_next_undecided(self) -> None:
        found = self.state.next_undecided(after=self.current)
        if found is None:
            self.notify("Every candidate assert has a decision.")
            return
        problem_id, row = found
        table = self.query_one("#problems", DataTable)
        if problem_id in table.rows:
            table.move_cursor(row=table.get_row_index(problem_id))
        self.show_problem(problem_id)
        self.refresh_asserts(keep_row=row)
        self.query_one("#asserts", DataTable).focus()

    # ------------------------------------------------------------------ edit and probe (gated)

    def _engine(self) -> WorkerProcess:
        if self.engine is None:
            self.engine = WorkerProcess()
        return self.engine

    def action_edit(self) -> None:
        text = self.highlighted_assert()
        if text is None:
            return
        problem_id = self.current
        current = self.state.edits.get((problem_id, text), (text,))[0]

        def edited(value: str | None) -> None:
            if value and value.strip() and value.strip() != current:
                self.gate_text(problem_id, text, value.strip())

        self.push_screen(TextDialog(f"Edit the assert of {problem_id}", current), edited)

    @work(thread=True, exit_on_error=False, group="engine")
    def gate_text(self, problem_id: str, original: str, text: str) -> None:
        problem, result = self.problems[problem_id], self.state.results[problem_id]
        entry = result.entry or infer_entry(problem.reference, problem.tests, problem.entry) or ""
        try:
            survivors = [s.source for s in result.survivors]
            answer = self._engine().ask(
                "gate", problem, self.params, entry=entry, survivors=survivors, texts=[text]
            )
            passes, kills = answer["gated"][0]
            self.post_message(AssertGated(problem_id, original, text, passes, tuple(kills)))
        except Exception as error:
            self.post_message(AssertGated(problem_id, original, text, False, (), error=str(error)))

    def on_assert_gated(self, message: AssertGated) -> None:
        if self.closing:
            return
        if message.error:
            self.notify(f"Could not run the assert: {message.error}", severity="error")
            return
        verdict = "passes on the reference" if message.passes_reference else "FAILS on the reference"
        kills = ", ".join(map(str, message.kills)) or "none"
        self.notify(
            f"{verdict}; rejects survivors: {kills}",
            severity="information" if message.passes_reference else "error",
        )
        if message.original:
            self.state.edits[(message.problem_id, message.original)] = (
                message.text,
                message.passes_reference,
                message.kills,
            )
        elif message.passes_reference:
            self.state.extra_asserts.setdefault(message.problem_id, []).append((message.text, message.kills))
        if message.problem_id == self.current:
            self.refresh_asserts()
            self.update_row(self.current)

    def action_probe(self) -> None:
        problem_id = self.current

        def probe(arguments: str | None) -> None:
            if arguments and arguments.strip():
                self.run_probe(problem_id, arguments)

        self.push_screen(TextDialog(f"Probe {problem_id}: arguments", placeholder="[4, 9], 2"), probe)

    @work(thread=True, exit_on_error=False, group="engine")
    def run_probe(self, problem_id: str, arguments: str) -> None:
        problem, result = self.problems[problem_id], self.state.results[problem_id]
        try:
            survivors = [s.source for s in result.survivors]
            answer = self._engine().ask(
                "probe",
                problem,
                self.params,
                entry=result.entry or "",
                survivors=survivors,
                arguments=arguments,
            )
        except Exception as error:
            answer = {"probe": {"error": str(error)}}
        self.post_message(ProbeAnswered(problem_id, answer.get("probe", answer)))

    def on_probe_answered(self, message: ProbeAnswered) -> None:
        answer = message.answer
        if self.closing:
            return
        if "error" in answer:
            self.notify(answer["error"], severity="error")
            return
        lines = [
            f"[b]probe[/b] {Text(answer['call']).markup}",
            f"  reference: {Text(answer['reference']).markup}",
        ]
        for index, row in enumerate(answer["survivors"]):
            mark = "[red]differs[/red]" if row["differs"] else "same"
            lines.append(f"  survivor {index}: {Text(row['outcome']).markup}  {mark}")
        self.detail.show_note("\n".join(lines))
        if answer.get("assert") and any(r["differs"] for r in answer["survivors"]):
            self.gate_text(message.problem_id, "", answer["assert"])

    # ------------------------------------------------------------------ verdicts, filters, search

    def action_verdict(self) -> None:
        problem_id = self.current
        note = self.state.verdicts.get(problem_id, ("", ""))[1]

        def chosen(value: tuple[str, str] | None) -> None:
            if value is not None:
                self.store.set_verdict(problem_id, value[0], value[1])
                self.state.verdicts[problem_id] = value
                self.update_row(problem_id)
                self.show_problem(problem_id)

        self.push_screen(VerdictDialog(problem_id, note), chosen)

    def action_cycle_filter(self) -> None:
        self.state.cycle_filter()
        self.rebuild_table()
        self.refresh_status()

    def action_cycle_sort(self) -> None:
        self.state.cycle_sort()
        self.rebuild_table()
        self.refresh_status()

    def action_search(self) -> None:
        def found(value: str | None) -> None:
            if not value:
                return
            matches = [pid for pid in self.state.ordered_ids() if value.strip() in pid]
            table = self.query_one("#problems", DataTable)
            visible = [pid for pid in matches if pid in table.rows]
            if not visible:
                self.notify(f"No problem id contains {value!r} under the '{self.state.filter}' filter.")
                return
            table.move_cursor(row=table.get_row_index(visible[0]))
            self.show_problem(visible[0])

        self.push_screen(TextDialog("Find a problem by id"), found)

    def action_help(self) -> None:
        self.push_screen(HelpScreen())

    # ------------------------------------------------------------------ export

    def action_export(self) -> None:
        self.notify("Exporting accepted asserts...")
        self.export_now()

    @work(thread=True, exclusive=True, exit_on_error=False, group="export")
    def export_now(self) -> None:
        from ..export import patch_suffix, worker_judge, write_export

        stem = self.export_dir / self.benchmark.name.replace(":", "_").removesuffix(".jsonl")
        patched = Path(f"{stem}-patched{patch_suffix(self.benchmark)}")
        judge, close = worker_judge(self.params)
        try:
            plan = write_export(
                self.benchmark, self.store, None,
                Path(f"{stem}-fixes.py"), patched, Path(f"{stem}-review.md"),
                diff=Path(f"{stem}-fixes.diff"), results=dict(self.state.results), judge=judge,
            )  # fmt: skip
        except Exception as error:
            self.call_from_thread(self.notify, f"Export failed: {error}", severity="error")
            return
        finally:
            close()
        count = sum(len(t) for t in plan.accepted.values())
        refused = f"; {len(plan.refused)} refused (fail on the reference)" if plan.refused else ""
        self.call_from_thread(
            self.notify, f"Exported {count} asserts to {stem}-fixes.py, {patched.name}, -fixes.diff{refused}"
        )

    # ------------------------------------------------------------------ status line

    def refresh_status(self) -> None:
        done, total = len(self.state.results), len(self.benchmark.problems)
        weak, judged, share = self.state.weak_share()
        elapsed = self.clock() - self.started
        eta = ""
        if 0 < done < total and not self.finished:
            eta = f" · ETA {elapsed / done * (total - done):.0f} s"
        self.query_one("#status", Static).update(
            f"{done} of {total} judged · {elapsed:.0f} s{eta} · weak {weak} of {judged} = {share}"
            f" · {len(self.state.decisions)} decisions saved · filter: {self.state.filter}"
            f" · sort: {self.state.sort}" + (f" · {self.last_message}" if self.last_message else "")
        )
