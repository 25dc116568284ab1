"""The triage app driven as a user drives it: real engine, real TinyDB file, real export."""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import EXAMPLES

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.export import worker_gate, write_export
from gameability_tui.store import ACCEPTED, REJECTED, DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp

SIZE = (150, 45)


def make_app(tmp_path, **options) -> GameabilityApp:
    benchmark = load_benchmark(str(EXAMPLES))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    cache = ResultCache(tmp_path / "cache.json")
    return GameabilityApp(benchmark, store, cache, workers=2, export_dir=tmp_path, **options)


async def wait_for(pilot, condition, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.05)


async def open_problem(pilot, problem_id: str) -> None:
    """Select a problem the way a user does: move the table's cursor onto its row."""
    app = pilot.app
    table = app.query_one("#problems")
    await pilot.pause()
    table.move_cursor(row=table.get_row_index(problem_id))
    await wait_for(pilot, lambda: app.current == problem_id)
    await pilot.pause()


async def answer_dialog(pilot, key: str, text: str) -> None:
    """Open a text dialog with ``key``, type ``text`` and confirm it."""
    await pilot.press(key)
    pilot.app.screen.query_one("#dialog-input").value = text
    await pilot.press("enter")


async def test_rows_stream_in_and_the_first_weak_problem_opens(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        table = app.query_one("#problems")
        assert table.row_count == 9
        assert app.current in {"max_pair_product", "index_of"}
        assert app.census is not None  # the audit really ran


async def test_accept_reject_undo_persist_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await pilot.press("n")
        problem = app.current
        texts = [t for t, _ in app.state.assert_texts(problem)]
        await pilot.press("a")  # first assert accepted, cursor moves on
        await pilot.press("r")  # second rejected
        await pilot.press("r")  # third rejected...
        await pilot.press("up", "u")  # ...then undone
        saved = json.loads((tmp_path / "decisions.json").read_text())["decisions"]
        assert {(row["text"], row["decision"]) for row in saved.values()} == {
            (texts[0], ACCEPTED),
            (texts[1], REJECTED),
        }
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: again.finished)
        assert again.census is None  # every result came from the cache: no re-audit
        assert again.state.decisions[(problem, texts[0])].decision == ACCEPTED
        assert again.state.decisions[(problem, texts[1])].decision == REJECTED
        assert (problem, texts[2]) not in again.state.decisions


async def test_edited_assert_is_gated_before_it_can_be_accepted(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await open_problem(pilot, "max_pair_product")
        original = app.highlighted_assert()
        await answer_dialog(pilot, "e", "assert max_pair_product([2, 3]) == 7")
        await wait_for(pilot, lambda: ("max_pair_product", original) in app.state.edits)
        assert app.state.edits[("max_pair_product", original)][1] is False  # fails on the reference
        await pilot.press("a")
        assert ("max_pair_product", original) not in app.state.decisions  # refused
        right = "assert max_pair_product([2, 3, 1]) == 6"
        await answer_dialog(pilot, "e", right)
        await wait_for(pilot, lambda: app.state.edits[("max_pair_product", original)][0] == right)
        text, passes, kills = app.state.edits[("max_pair_product", original)]
        assert passes and kills  # passes on the reference and rejects survivors
        await pilot.press("a")
        assert app.state.decisions[("max_pair_product", original)].final_text == right


async def test_probe_compares_reference_and_survivors(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await open_problem(pilot, "index_of")
        await answer_dialog(pilot, "p", "[1, 2], 9")
        await wait_for(pilot, lambda: len(app.state.extra_asserts.get("index_of", [])) == 1)
        assert app.state.extra_asserts["index_of"][0][0] == "assert index_of([1, 2], 9) == -1"


async def test_export_contains_exactly_the_accepted_asserts(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await open_problem(pilot, "max_pair_product")
        first = app.highlighted_assert()
        await pilot.press("a", "r")
    benchmark = load_benchmark(str(EXAMPLES))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    gate, close = worker_gate(app.params)
    try:
        plan = write_export(
            benchmark, store, gate, tmp_path / "f.py", tmp_path / "p.jsonl", tmp_path / "s.md"
        )
    finally:
        close()
    assert plan.accepted == {"max_pair_product": [first]}
    fixes = (tmp_path / "f.py").read_text()
    assert [line for line in fixes.splitlines() if line.startswith("assert")] == [first]
    patched = [json.loads(line) for line in (tmp_path / "p.jsonl").read_text().splitlines()]
    tests = next(row["tests"] for row in patched if row["id"] == "max_pair_product")
    assert tests[-1] == first


async def test_filter_and_verdict(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await pilot.press("f")  # weak only
        assert app.state.filter == "weak" and app.query_one("#problems").row_count == 2
        await open_problem(pilot, "index_of")
        await pilot.press("v")
        await pilot.press("down", "enter")  # "fix"
        assert app.state.verdicts["index_of"][0] == "fix"
    store = DecisionStore(tmp_path / "decisions.json", "toy.jsonl")
    assert store.all_verdicts()["index_of"][0] == "fix"


@pytest.fixture
def snapshot_app(tmp_path):
    return make_app(tmp_path, clock=lambda: 0.0)


async def _settle(pilot) -> None:
    await wait_for(pilot, lambda: pilot.app.finished)
    pilot.app.show_problem("max_pair_product")
    pilot.app.query_one("#problems").move_cursor(row=0)
    await pilot.pause()


def test_snapshot_main_screen(snap_compare, snapshot_app):
    assert snap_compare(snapshot_app, terminal_size=SIZE, run_before=_settle)


def test_snapshot_survivor_diff(snap_compare, snapshot_app):
    async def open_diff(pilot) -> None:
        await _settle(pilot)
        pilot.app.query_one("#survivors").focus()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(snapshot_app, terminal_size=SIZE, run_before=open_diff)


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
    app = GameabilityApp(benchmark, store, ResultCache(tmp_path / "cache.json"), workers=2)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.census is not None and len(app.state.results) >= 3)
        assert not app.finished
        pids = [worker.process.pid for worker in app.census._pool]
        started = time.monotonic()
    assert time.monotonic() - started < 5
    for pid in pids:
        try:
            os.kill(pid, 0)
            with open(f"/proc/{pid}/stat") as handle:
                assert handle.read().split()[2] == "Z"
        except ProcessLookupError:
            pass


async def test_command_palette_offers_the_triage_actions(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.finished)
        await pilot.press("ctrl+p")
        await pilot.press(*"filter problems")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.state.filter == "weak", timeout=5)


async def test_the_app_stays_responsive_over_hostile_code(tmp_path):
    from pathlib import Path

    hostile = load_benchmark(str(Path(__file__).parent / "hostile" / "hostile.jsonl"))
    store = DecisionStore(tmp_path / "decisions.json", hostile.name)
    app = GameabilityApp(hostile, store, ResultCache(tmp_path / "cache.json"), workers=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # the UI answers keys while hostile code runs in the engine
        assert app.state.filter == "weak"
        await wait_for(pilot, lambda: app.finished)
        assert len(app.state.results) == len(hostile.problems)
        await pilot.press("f", "f")
        assert app.state.filter == "excluded" and app.query_one("#problems").row_count == 5


async def test_weak_problems_are_confirmed_against_evalplus_checks(tmp_path):
    from dataclasses import replace

    benchmark = load_benchmark(str(EXAMPLES))
    weak = next(p for p in benchmark.problems if p.id == "max_pair_product")
    # An EvalPlus-style task for it: pairs of two (which the visible tests never try) reject the
    # survivors that mishandle short lists.
    plus = replace(weak, tests=(), harvest=weak.tests, checks=("([2, 3],)", "([4, 5, 1],)", "([7, 1],)"))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    app = GameabilityApp(
        benchmark, store, ResultCache(tmp_path / "cache.json"), workers=2, confirm_with={weak.id: plus}
    )
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: weak.id in app.state.confirmations)
        assert app.state.confirmation(weak.id) == "confirmed by EvalPlus"
        assert app.state.confirmation("index_of") == "not covered"
        rejected = app.state.confirmations[weak.id]
        assert len(rejected) == app.state.results[weak.id].n_survived and True in rejected
        await open_problem(pilot, weak.id)
        column = [app.query_one("#survivors").get_row_at(i)[4] for i in range(len(rejected))]
        assert column == [{True: "rejects", False: "passes", None: "?"}[v] for v in rejected]
