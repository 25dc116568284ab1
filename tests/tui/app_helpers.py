"""What the app tests share: the app on the toy benchmark or on rows of their own, and waits for
what a user would wait for (the audit, a problem opened, a dialog).

The toy benchmark has two weak problems: max_pair_product (4 survivors, 5 candidate asserts) and
index_of (2 survivors, 4 candidate asserts); the rest are strong or excluded.
"""

from __future__ import annotations

import asyncio
import json

from conftest import EXAMPLES

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp
from gameability_tui.tui.screens.triage import TriageScreen

SIZE = (160, 48)
SMALL = (80, 24)


def make_app(tmp_path, **options) -> GameabilityApp:
    benchmark = load_benchmark(str(EXAMPLES))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    cache = ResultCache(tmp_path / "cache.json")
    return GameabilityApp(
        benchmark, store, cache, executor=Executor(workers=2), export_dir=tmp_path, **options
    )


def census_of(app):
    """The app's running census, once its audit has one."""
    audit = app.triage.audit if app.triage is not None else None
    return audit.census if audit is not None else None


def app_on_rows(tmp_path, rows: list[dict], workers: int = 2) -> GameabilityApp:
    """The app on a benchmark of ``rows``, written as JSONL (ids.jsonl) beside a fresh database."""
    source = tmp_path / "ids.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows))
    benchmark = load_benchmark(str(source))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    return GameabilityApp(
        benchmark, store, ResultCache(tmp_path / "cache.json"), executor=Executor(workers=workers)
    )


def reopen(app: GameabilityApp, tmp_path, **options) -> GameabilityApp:
    """The same database and cache again, as after quitting and relaunching."""
    app.store.close()
    return make_app(tmp_path, **options)


async def wait_for(pilot, condition, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.05)


async def ready(pilot) -> TriageScreen:
    """The triage screen once the audit has finished and a weak problem is open."""
    await wait_for(pilot, lambda: pilot.app.triage is not None and pilot.app.triage.finished)
    await pilot.pause()
    return pilot.app.triage


async def open_problem(pilot, problem_id: str, row: int = 0) -> TriageScreen:
    screen = pilot.app.triage
    screen.go_to(problem_id, row)
    await wait_for(pilot, lambda: screen.current == problem_id)
    await pilot.pause()
    return screen


def under_review(screen: TriageScreen):
    return screen.detail.highlighted()


def seat_text(screen: TriageScreen) -> str:
    return screen.detail.query_one("#seat").plain


async def dialog_input(pilot):
    """The text dialog's input, once the dialog is open."""
    await wait_for(pilot, lambda: bool(pilot.app.screen.query("#dialog-input")))
    return pilot.app.screen.query_one("#dialog-input")


async def answer_dialog(pilot, key: str, text: str) -> None:
    """Open a text dialog with ``key``, type ``text`` and confirm it."""
    await pilot.press(key)
    (await dialog_input(pilot)).value = text
    await pilot.press("enter")


def refusal_in_the_dialog(pilot, said: str) -> bool:
    """The open dialog says, where its hint was, why it did not take the text (and no toast
    says it far from the dialog)."""
    hint = pilot.app.screen.query_one(".dialog-hint")
    shown = str(hint.render())
    toasts = [n for n in pilot.app._notifications if said in str(n.message)]
    return hint.has_class("-refused") and shown.startswith("Not run: ") and said in shown and not toasts


def on_disk(tmp_path) -> dict[tuple[str, str], str]:
    rows = json.loads((tmp_path / "decisions.json").read_text()).get("decisions", {})
    return {(row["problem"], row["text"]): row["decision"] for row in rows.values()}


# ---------------------------------------------------------------------------- streaming
