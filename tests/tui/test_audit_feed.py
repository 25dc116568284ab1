"""The app's audit as a user sees it: rows stream in, the clock stops, the engine stops with the
app, hostile code cannot freeze it, and EvalPlus confirms what is weak."""

from __future__ import annotations

from app_helpers import (
    SIZE,
    app_on_rows,
    census_of,
    make_app,
    open_problem,
    ready,
    under_review,
    wait_for,
)
from conftest import EXAMPLES, HOSTILE, alive

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp
from gameability_tui.tui.dialogs.quit import QuitDialog
from gameability_tui.tui.screens.auditing import AUDIT_NICE
from gameability_tui.tui.screens.triage import TriageScreen


async def test_rows_stream_in_and_the_first_weak_problem_opens(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.table.row_count == 9
        assert screen.current in {"max_pair_product", "index_of"}
        assert screen.audit.census is not None  # the audit really ran
        assert under_review(screen) is not None


async def test_the_clock_stops_when_the_audit_ends(tmp_path):
    ticks = iter(range(1000))
    app = make_app(tmp_path, clock=lambda: float(next(ticks)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        line = str(screen.status.render())
        assert " audit " in line and "ETA" not in line
        await pilot.pause(1.3)  # a tick of the status line would read the clock again
        assert str(screen.status.render()) == line


async def test_quitting_mid_audit_stops_the_engine_promptly(tmp_path):
    import os
    import time

    from gameability_tui.engine.model import Problem

    slow = Problem(
        "slow",
        "def slow(n):\n    total = 0\n    for i in range(n):\n        total += i % 7\n    return total\n",
        ("assert slow(30000000) == 89999995",),
    )
    benchmark = load_benchmark(str(EXAMPLES))
    benchmark.problems = [slow] + benchmark.problems
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    app = GameabilityApp(benchmark, store, ResultCache(tmp_path / "cache.json"), executor=Executor(workers=2))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(
            pilot,
            lambda: (
                app.triage.audit is not None
                and app.triage.audit.census is not None
                and len(app.state.results) >= 3
            ),
        )
        assert not app.triage.finished
        pids = [*census_of(app).worker_pids(), app.engine.worker.process.pid]
        # The audit yields the CPU to the screen; the engine client answers keys, so it does not.
        # (A census worker with no problem left may have ended already.)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        auditing = [os.getpriority(os.PRIO_PROCESS, pid) for pid in pids[:-1] if alive(pid)]
        assert auditing and set(auditing) == {min(own + AUDIT_NICE, 19)}
        assert os.getpriority(os.PRIO_PROCESS, pids[-1]) == own
        started = time.monotonic()
    assert time.monotonic() - started < 5
    for pid in pids:
        assert not alive(pid)


async def test_the_app_stays_responsive_over_hostile_code(tmp_path):

    hostile = load_benchmark(str(HOSTILE))
    store = DecisionStore(tmp_path / "decisions.json", hostile.name)
    app = GameabilityApp(hostile, store, ResultCache(tmp_path / "cache.json"), executor=Executor(workers=2))
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TriageScreen))
        await pilot.press("f")  # the UI answers keys while hostile code runs in the engine
        assert app.state.filter == "weak"
        screen = await ready(pilot)
        assert len(app.state.results) == len(hostile.problems)
        await pilot.press("f", "f")
        assert app.state.filter == "excluded" and screen.table.row_count == 5


async def test_weak_problems_are_confirmed_against_evalplus_checks(tmp_path):
    from dataclasses import replace

    benchmark = load_benchmark(str(EXAMPLES))
    weak = next(p for p in benchmark.problems if p.id == "max_pair_product")
    # An EvalPlus-style task for it: pairs of two (which the visible tests never try) reject the
    # survivors that mishandle short lists.
    plus = replace(weak, tests=(), harvest=weak.tests, checks=("([2, 3],)", "([4, 5, 1],)", "([7, 1],)"))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    app = GameabilityApp(
        benchmark,
        store,
        ResultCache(tmp_path / "cache.json"),
        executor=Executor(workers=2),
        confirm_with={weak.id: plus},
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: weak.id in app.state.confirmations)
        assert app.state.confirmation(weak.id) == "confirmed by EvalPlus"
        assert app.state.confirmation("index_of") == "not covered"
        rejected = app.state.confirmations[weak.id]
        assert len(rejected) == app.state.results[weak.id].n_survived and True in rejected
        screen = await open_problem(pilot, weak.id)
        column = [screen.detail.query_one("#survivors").get_row_at(i)[4] for i in range(len(rejected))]
        assert column == [{True: "rejects", False: "passes", None: "?"}[v] for v in rejected]


async def test_quitting_while_the_audit_runs_says_so_in_the_summary(tmp_path):
    slow = "def slow(n):\n    total = 0\n    for i in range(n):\n        total += i % 7\n    return total\n"
    rows = [
        {"id": "slow", "reference": slow, "tests": ["assert slow(300000) == 899997"]},
        {"id": "quick", "reference": "def f(x):\n    return x + 1\n", "tests": ["assert f(1) == 2"]},
    ]
    app = app_on_rows(tmp_path, rows, workers=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.triage is not None)
        screen = app.triage
        assert not screen.finished
        await pilot.press("q")
        assert isinstance(app.screen, QuitDialog)
        shown = str(app.screen.query_one("#quit-summary").render())
        assert "the audit was still running (" in shown and "not exported in this session" in shown
        await pilot.press("escape")
        await wait_for(pilot, lambda: screen.finished)
        assert "still running" not in screen.summary()
