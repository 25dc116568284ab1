"""The app with thousands of problems: results reach the table in batches, the status line's
counts stay equal to a full rescan, and a key is answered while rows still pour in.

The results are real: the toy benchmark is audited once by the real engine, and each replica of a
toy problem (a distinct id) gets its source's result, put in the real result cache, which the
real app then reopens."""

from __future__ import annotations

import asyncio
import gc
import json

import pytest
from conftest import EXAMPLES

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.engine.executors.local import Census
from gameability_tui.engine.model import AuditParams
from gameability_tui.engine.stats import wilson_interval
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp
from gameability_tui.tui.screens.auditing import DRAIN_MAX_ROWS
from gameability_tui.tui.widgets.problem_table import ProblemTable, shortened
from gameability_tui.vocabulary import ACCEPTED, REJECTED

SIZE = (160, 48)


@pytest.fixture(scope="module")
def toy_results():
    benchmark = load_benchmark(str(EXAMPLES))
    return {result.id: result for result in Census(benchmark.problems, AuditParams(), workers=2)}


def _id_width(table) -> int:
    """The id column's width: an id longer than it is drawn cut in its middle (``shortened``)."""
    return next(column.width for column in table.columns.values() if column.key.value == "id")


def replicated_app(tmp_path, toy_results, count: int, decided=()) -> GameabilityApp:
    """``count`` replicas of the toy problems, every one already in the result cache; ``decided``:
    (problem id, assert text, decision) already in the decisions file, as after a restart."""
    rows = [json.loads(line) for line in EXAMPLES.read_text().splitlines() if line.strip()]
    path = tmp_path / f"many-{count}.jsonl"
    with path.open("w") as handle:
        for index in range(count):
            row = rows[index % len(rows)]
            handle.write(json.dumps(row | {"id": f"{row['id']}~{index}"}) + "\n")
    benchmark = load_benchmark(str(path))
    cache = ResultCache(tmp_path / "cache.jsonl")
    for problem in benchmark.problems:
        source = toy_results[problem.id.rsplit("~", 1)[0]]
        cache.put(problem, AuditParams(), type(source).from_dict(source.to_dict() | {"id": problem.id}))
    cache.flush()
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    for problem_id, text, decision in decided:
        store.decide(problem_id, text, decision)
    return GameabilityApp(
        benchmark, store, ResultCache(tmp_path / "cache.jsonl"), executor=Executor(workers=2)
    )


async def until(condition, timeout: float = 120.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.002)


async def test_thousands_of_results_reach_the_table_in_batches_with_counts_equal_to_a_rescan(
    tmp_path, toy_results, monkeypatch
):
    count = 3000
    batches: list[int] = []
    add = ProblemTable.add

    def counted(table, problem_ids):
        batches.append(len(problem_ids))
        return add(table, problem_ids)

    monkeypatch.setattr(ProblemTable, "add", counted)
    app = replicated_app(tmp_path, toy_results, count)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.triage is not None and app.triage.finished)
        await pilot.pause()
        screen = app.triage
        assert screen.audit.census is None  # every result came from the cache
        assert sum(batches) == count and screen.table.row_count == count
        assert len(batches) <= count // 20  # one table update per batch, not one per result
        judged = [r for r in app.state.results.values() if r.judged]
        weak = sum(r.weak for r in judged)
        assert weak and app.state.weak_share()[:2] == (weak, len(judged))
        low, high = wilson_interval(weak, len(judged))
        share = f"{100 * weak / len(judged):.1f}% [{100 * low:.1f}, {100 * high:.1f}]"
        assert screen.status.weak == f"{weak}/{len(judged)} {share}"
        assert screen.status.done == count
        rescanned = sum(app.state.counts(pid).undecided for pid in app.state.results)
        assert screen.status.undecided == app.state.totals().undecided == rescanned
        shown = [screen.table.coordinate_to_cell_key((i, 0)).row_key.value for i in range(5)]
        assert shown == [p.id for p in app.benchmark.problems[:5]]  # settled into benchmark order
        table = screen.table
        table.move_cursor(row=count - 1)
        await pilot.pause()
        drawn = [table.render_line(y).text for y in range(table.size.height)]
        last = app.benchmark.problems[-1].id  # scrolled to the cursor, each line drawn from its row
        assert table.scroll_y > 0 and any(line.startswith(f" {last} ") for line in drawn)
        assert screen.current == last


async def test_a_key_pressed_while_rows_pour_in_is_answered_and_no_row_is_lost(tmp_path, toy_results):
    """A key pressed while rows are shown is answered, and every row still arrives once, in order.

    How many rows pass while the key waits is not asserted any more: the table now takes a
    backlog of 16,000 rows in about a second, so that count measures how fast this machine draws
    a screen, not whether the key queued behind the rows. bench/app_scale.py times the key."""
    from textual import events

    count = 8 * DRAIN_MAX_ROWS
    app = replicated_app(tmp_path, toy_results, count)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.triage is not None and app.triage.current is not None)
        screen = app.triage
        before = screen.current
        app.post_message(events.Key("down", None))  # as the terminal driver delivers a key
        await until(lambda: screen.current != before)
        await until(lambda: screen.finished)
        await pilot.pause()
        table = screen.table
        assert table.row_count == count == len(app.state.results)
        shown = [table.coordinate_to_cell_key((i, 0)).row_key.value for i in range(count)]
        assert shown == [p.id for p in app.benchmark.problems]  # each once, in benchmark order


async def test_a_row_far_down_is_drawn_with_the_review_it_has_when_it_comes_into_view(tmp_path, toy_results):
    """Rows hold only their id until drawn: one never drawn must still show its decisions."""
    count = 3000
    ids = [json.loads(line)["id"] for line in EXAMPLES.read_text().splitlines() if line.strip()]
    source = next(pid for pid in ids if toy_results[pid].weak and len(toy_results[pid].asserts) >= 2)
    far = next(f"{source}~{i}" for i in reversed(range(count)) if ids[i % len(ids)] == source)
    first, second = (a.text for a in toy_results[source].asserts[:2])
    app = replicated_app(tmp_path, toy_results, count, [(far, first, ACCEPTED), (far, second, REJECTED)])
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.triage is not None and app.triage.finished)
        await pilot.pause()
        table = app.triage.table
        assert gc.get_freeze_count() > 0  # the loaded benchmark and results: out of the collector's walks
        assert table.get_row_index(far) > count - len(ids)  # at the bottom, never drawn so far
        table.move_cursor(row=table.get_row_index(far))
        await pilot.pause()
        line = table.render_line(table.header_height + table.cursor_row - round(table.scroll_y)).text
        assert line.startswith(f" {shortened(far, _id_width(table))}")  # the row under the cursor, drawn now
        undecided = len(toy_results[source].asserts) - 2
        review = "1✓ 1✗ " + (f"{undecided}? " if undecided else "")
        assert review.strip() in line  # the decisions made before the app opened
        assert table.get_cell(far, "review").plain == review
    assert gc.get_freeze_count() == 0  # handed back to the collector when the app closed


async def test_every_order_and_filter_places_each_row_where_the_review_rules_put_it(tmp_path, toy_results):
    """Orders and filters are computed in bulk (and only row positions move on a sort): after
    each key, the table's rows, read back line by line, are exactly the rows the rules below
    give, written here one row at a time, and the cursor stays on the problem it was on."""
    count = 1500
    decided = [("clamp~1", "assert clamp(5, 0, 3) == 3", ACCEPTED)]
    app = replicated_app(tmp_path, toy_results, count, decided)
    async with app.run_test(size=SIZE) as pilot:
        await until(lambda: app.triage is not None and app.triage.finished)
        screen, table, state = app.triage, app.triage.table, app.state
        order = {problem.id: index for index, problem in enumerate(app.benchmark.problems)}
        keys = {
            "benchmark order": order.__getitem__,
            "most survivors": lambda pid: (-state.results[pid].n_survived, order[pid]),
            "status": lambda pid: (
                not state.results[pid].weak,
                state.results[pid].exclusion or "",
                order[pid],
            ),
        }
        shows = {
            "all": lambda pid: True,
            "weak": lambda pid: state.results[pid].weak,
            "excluded": lambda pid: state.results[pid].exclusion is not None,
            "undecided": lambda pid: state.counts(pid).undecided + state.counts(pid).skipped > 0,
        }
        seen = set()
        for key in ("o", "o", "o", "f") * 4:  # every order under every filter
            current = screen.current
            await pilot.press(key)
            expected = sorted(
                (pid for pid in state.results if shows[state.filter](pid)), key=keys[state.sort]
            )
            rows = [table.coordinate_to_cell_key((i, 0)).row_key.value for i in range(table.row_count)]
            assert rows == expected, (state.sort, state.filter)
            drawn = [table.get_row_at(i)[0] for i in (0, len(rows) - 1)]
            assert drawn == [shortened(rows[0], _id_width(table)), shortened(rows[-1], _id_width(table))]
            if current in rows:
                assert rows[table.cursor_row] == current
            seen.add((state.sort, state.filter))
        assert seen == {(order_name, name) for order_name in keys for name in shows}
