"""The triage app: holds what the review needs (benchmark, store, cache, settings, the engine
client) and shows the triage screen, which does the work.

Dependencies come in from outside, so tests pass real ones. The app never runs benchmark code:
the engine's worker processes do, reached through the one ``EngineClient`` it starts on mount.
``run()`` returns the review's summary line, which the command prints after the screen is gone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from textual.app import App, SystemCommand
from textual.screen import Screen

from ..benchmarks import Benchmark
from ..engine.executors.base import Executor
from ..engine.model import AuditParams, Problem
from ..store import DecisionStore, ResultCache
from . import heap
from .bindings import KEYS, key_label
from .dialogs.quit import QuitDialog
from .engine_client import EngineClient
from .screens.triage import TriageScreen
from .state import TriageState


class GameabilityApp(App[str]):
    TITLE = "gameability-tui"

    def __init__(
        self,
        benchmark: Benchmark,
        store: DecisionStore,
        cache: ResultCache,
        params: AuditParams | None = None,
        export_dir: Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        confirm_with: dict[str, Problem] | None = None,
        executor: Executor | None = None,
        keys: dict[str, str] | None = None,
    ) -> None:
        """``keys``: each problem's ``store.problem_key`` under ``params``, by id, where the caller
        has them already (the `app` command makes them with the fingerprint); else they are made
        as the audit needs them."""
        super().__init__()
        self.benchmark = benchmark
        self.store = store
        self.cache = cache
        self.params = params or AuditParams()
        self.problem_keys = keys or {}
        self.executor = executor or Executor()  # where the census runs: this machine's cores or a cluster
        self.export_dir = export_dir or Path.cwd()
        self.clock = clock  # injected so snapshot tests see a fixed elapsed time
        problems = {p.id: p for p in benchmark.problems}
        # Weak problems are confirmed against confirm_with (EvalPlus tasks) after the audit.
        self.state = TriageState(problems, store, confirm_with)
        self.engine: EngineClient | None = None

    def on_mount(self) -> None:
        heap.keep_loaded()  # the benchmark, the decisions and the result cache, read by now
        self.sub_title = f"{self.benchmark.name}: {len(self.benchmark.problems)} problems"
        self.engine = EngineClient(self.params)
        self.push_screen(TriageScreen(self.state))

    def on_unmount(self) -> None:
        if self.engine is not None:
            self.engine.stop()
        self.cache.flush()
        heap.release()

    @property
    def triage(self) -> TriageScreen | None:
        """The triage screen, once it is shown (dialogs may be on top of it)."""
        return next((s for s in self.screen_stack if isinstance(s, TriageScreen)), None)

    async def action_quit(self) -> None:
        """ctrl+q, Textual's own quit key (its ctrl+c hint names it), quits as q does: through
        the review summary, and returning it. On the summary itself it leaves at once."""
        triage = self.triage
        if triage is None:
            self.exit()
        elif self.screen is triage:
            triage.action_quit_review()
        elif isinstance(self.screen, QuitDialog):
            self.exit(result=self.screen.shown)  # the line on screen, printed as read
        else:
            self.exit(result=triage.summary())

    async def action_help_quit(self) -> None:
        """ctrl+c, which Textual binds to a hint that it does not quit: a reviewer presses it
        by reflex, and it goes through the same summary as q (on the summary: leave)."""
        await self.action_quit()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The command palette offers every key of the triage screen, read from the one table."""
        yield from super().get_system_commands(screen)
        if isinstance(screen, TriageScreen):
            for _, binding in KEYS:
                yield SystemCommand(
                    binding.tooltip, f"key: {key_label(binding)}", partial(screen.run_action, binding.action)
                )
