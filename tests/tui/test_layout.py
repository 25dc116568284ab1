"""What the screen shows and where: keys, the footer, help, the table's columns at each size, the
detail pane, filters, orders and find, and the approved snapshots."""

from __future__ import annotations

import json

import pytest
from app_helpers import (
    SIZE,
    SMALL,
    answer_dialog,
    app_on_rows,
    dialog_input,
    make_app,
    open_problem,
    ready,
    seat_text,
    under_review,
    wait_for,
)

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.store import ResultCache
from gameability_tui.tui.app import GameabilityApp
from gameability_tui.tui.dialogs.help import HelpScreen


async def test_keys_that_do_nothing_now_are_disabled_not_hidden(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "sum_to")  # strong: no assert to decide
        assert screen.check_action("decide", ("accepted",)) is None
        assert screen.check_action("edit", ()) is None
        await pilot.pause()
        keys = {key.key: key for key in app.screen.query("FooterKey")}
        assert keys["a"].has_class("-disabled") and keys["e"].has_class("-disabled")  # shown, dimmed
        assert not keys["n"].has_class("-disabled")
        await pilot.press("a")  # a disabled key does nothing
        assert app.state.decisions == {}


async def test_at_80x24_the_footer_shows_the_review_keys_and_help_fits(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        assert [c.key for c in screen.table.ordered_columns] == ["id", "status", "review"]
        candidate = under_review(screen)
        seat = screen.detail.query_one("#seat")
        assert seat.region.bottom <= 24 and candidate.text in seat_text(screen)
        shown = {key.key for key in app.screen.query("FooterKey") if key.region.right <= 80}
        assert {"a", "r", "n", "x", "question_mark", "q"} <= shown
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        dialog = app.screen.query_one(".help")
        assert dialog.region.height <= 24 and dialog.region.width <= 80
        assert dialog.max_scroll_y == 0  # every key visible without scrolling


def test_readme_key_table_is_the_bindings_table():
    from conftest import ROOT

    from gameability_tui.tui.bindings import markdown_table

    assert markdown_table() in (ROOT / "README.md").read_text()


async def test_command_palette_offers_the_triage_actions(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await pilot.press("ctrl+p")
        await pilot.press(*"filter")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.state.filter == "weak", timeout=5)


async def test_filter_shows_the_rows_it_names(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("f")  # weak only
        assert app.state.filter == "weak" and screen.table.row_count == 2


async def test_order_and_find_move_through_the_table(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("o")  # most survivors first
        first = screen.table.coordinate_to_cell_key((0, 0)).row_key.value
        assert app.state.sort == "most survivors" and first == "max_pair_product"
        await answer_dialog(pilot, "slash", "clam")
        await wait_for(pilot, lambda: screen.current == "clamp")
        assert screen.table.coordinate_to_cell_key(screen.table.cursor_coordinate).row_key.value == "clamp"


@pytest.fixture
def snapshot_app(tmp_path):
    return make_app(tmp_path, clock=lambda: 0.0)


async def _settle(pilot) -> None:
    screen = await ready(pilot)
    screen.go_to("max_pair_product", 1)
    await wait_for(pilot, lambda: "max_pair_product" in pilot.app.state.test_runs)  # the engine's marks
    pilot.app.clear_notifications()  # the layout, not the messages of the moment
    await pilot.pause()
    await pilot.pause()


def test_snapshot_main_screen(snap_compare, snapshot_app):
    assert snap_compare(snapshot_app, terminal_size=SIZE, run_before=_settle)


def test_snapshot_main_screen_at_80x24(snap_compare, snapshot_app):
    assert snap_compare(snapshot_app, terminal_size=SMALL, run_before=_settle)


async def test_a_survivors_change_is_shown_as_written_brackets_and_all(tmp_path):
    # `xs[k - 1]` -> `xs[k - 2]`: a cell read as markup would take `[k - 1]` for a style tag and
    # drop it, and with it the very change the row is about.
    reference = "def prev(xs, k):\n    if k > 0:\n        return xs[k - 1]\n    return None\n"
    row = {"id": "before_k", "reference": reference, "tests": ["assert prev([3, 3, 3], 2) == 3"]}
    app = app_on_rows(tmp_path, [row], workers=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        screen = await open_problem(pilot, "before_k")
        table = screen.detail.query_one("#survivors")
        drawn = "\n".join(
            "".join(part.text for part in table.render_line(y)) for y in range(table.size.height)
        )
        changes = [
            f"{s.before.strip()}  ->  {s.after.strip()}" for s in app.state.results["before_k"].survivors
        ]
        assert "return xs[k - 1]  ->  return xs[k - 2]" in changes
        for change in changes:
            assert change in drawn
        await answer_dialog(pilot, "/", "xs[k - 1]")  # no such id: the toast quotes it, as typed
        told = [n for n in app._notifications if "No problem id contains" in n.message]
        assert told and "'xs[k - 1]'" in told[-1].message and not told[-1].markup


@pytest.mark.parametrize("size", [SIZE, SMALL])
async def test_an_assert_too_long_for_its_column_ends_in_an_ellipsis(tmp_path, size):
    # Clipped at the pane's edge, `assert f([1, 2, 3], 0.0) == False` would read `assert f([1, 2,
    # 3], 0.0)`: another assert. Cut, it says so; whole, where there is room.
    app = make_app(tmp_path)
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        screen = await open_problem(pilot, "max_pair_product")
        table = screen.detail.asserts
        shown = [table.get_row_at(i)[2].plain for i in range(table.row_count)]
        whole = [
            app.state.shown_text("max_pair_product", c) for c in app.state.candidates("max_pair_product")
        ]
        assert len(shown) == len(whole) > 0
        for cell, text in zip(shown, whole):
            assert cell == text or (cell.endswith("…") and text.startswith(cell[:-1]))
        assert (shown == whole) == (size == SIZE)


async def test_a_strong_problem_says_it_has_no_survivor_instead_of_an_empty_table(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        for problem_id, weak in (("sum_to", False), ("max_pair_product", True), ("sum_to", False)):
            screen = await open_problem(pilot, problem_id)
            title = str(screen.detail.query_one("#survivors-title").render())
            assert screen.detail.query_one("#survivors").display is weak
            assert title.startswith("Surviving broken solutions" if weak else "No surviving broken solution")


async def test_find_goes_to_the_id_typed_before_ids_that_contain_it(tmp_path):
    rows = [
        {"id": problem_id, "reference": "def f(x):\n    return x + 1\n", "tests": ["assert f(1) == 2"]}
        for problem_id in ("11", "1")  # "11" comes first and contains "1"
    ]
    app = app_on_rows(tmp_path, rows)
    store, source = app.store, tmp_path / "ids.jsonl"
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await wait_for(pilot, lambda: screen.finished)
        await answer_dialog(pilot, "/", "1")
        await wait_for(pilot, lambda: screen.current == "1")
        await answer_dialog(pilot, "/", "11")
        await wait_for(pilot, lambda: screen.current == "11")
        assert not any("No problem" in str(n.message) for n in app._notifications)
        await answer_dialog(pilot, "/", "")  # nothing typed: nothing happens
        await answer_dialog(pilot, "/", "1 ")  # an exact id, with a stray blank
        await wait_for(pilot, lambda: screen.current == "1")
    rows = rows[:1]  # "11" alone: "1" is only part of an id now
    source.write_text(json.dumps(rows[0]) + "\n")
    benchmark = load_benchmark(str(source))
    app = GameabilityApp(benchmark, store, ResultCache(tmp_path / "cache.json"), executor=Executor(workers=2))
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await answer_dialog(pilot, "/", "1")
        await wait_for(pilot, lambda: screen.current == "11")
        assert any("No problem '1' here: 11 is the first id" in str(n.message) for n in app._notifications)


async def test_a_verdict_leads_the_review_cell_so_a_narrow_column_keeps_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("r", "s")
        app.state.set_verdict("max_pair_product", "fix", "add an assert")
        screen.table.put("max_pair_product")
        assert screen.table.get_cell("max_pair_product", "review").plain.startswith("fix 1✗ 1» ")


async def test_the_status_line_puts_the_view_before_the_figures_a_narrow_terminal_cuts(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await ready(pilot)
        await wait_for(pilot, lambda: screen.finished)
        await pilot.press("f")
        line = str(screen.status.render())
        assert screen.status.view and line.index(screen.status.view) < line.index("undecided") < line.rindex(
            "weak "
        )


async def test_a_dialogs_hint_wraps_on_a_narrow_terminal_instead_of_being_cut(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("e")
        await dialog_input(pilot)
        await pilot.pause()
        hint = app.screen.query_one(".dialog-hint")
        assert hint.size.height >= 2 and "Escape cancels" in str(hint.render())


def test_a_wrapped_prompt_line_goes_on_under_its_own_first_character():
    from rich.console import Console

    from gameability_tui.tui.widgets.detail import hanging

    prompt = 'def f(x):\n    """Return the number of elements of x that are closer to each other than t."""\n'
    console = Console(width=40, record=True, color_system=None)
    console.print(hanging(prompt))
    lines = [line.rstrip() for line in console.export_text().splitlines() if line.strip()]
    assert lines[0] == "def f(x):"
    assert len(lines) > 3 and all(line.startswith("    ") and line[4] != " " for line in lines[1:])


async def test_find_shows_a_problem_the_filter_hides_instead_of_another(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("f")  # weak only: sum_to (strong) is hidden
        assert app.state.filter == "weak" and "sum_to" not in screen.table.rows
        await answer_dialog(pilot, "/", "sum_to")
        await wait_for(pilot, lambda: screen.current == "sum_to")
        assert app.state.filter == "all" and "sum_to" in screen.table.rows
        assert any("hidden by the 'weak' filter" in n.message for n in app._notifications)


async def test_the_reference_marks_the_line_of_the_survivor_the_seat_shows(tmp_path):
    from rich.console import Console

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = await open_problem(pilot, "max_pair_product")
        survivors = app.state.results["max_pair_product"].survivors
        marked_lines = set()
        for row in range(screen.detail.asserts.row_count):
            screen.detail.asserts.move_cursor(row=row)
            await pilot.pause()
            candidate = under_review(screen)
            wanted = survivors[candidate.kills[0] if candidate.kills else 0].line
            console = Console(width=100, record=True, color_system=None)
            console.print(screen.detail.query_one("#reference").content)
            marked = [line for line in console.export_text().splitlines() if "❱" in line]
            assert len(marked) == 1 and marked[0].split("❱")[1].split()[0] == str(wanted)
            assert f"line {wanted}" in seat_text(screen)
            marked_lines.add(wanted)
        assert len(marked_lines) > 1  # the asserts here are about survivors on different lines


async def test_at_80x24_short_ids_leave_their_room_to_the_review_column(tmp_path):
    rows = [
        {"id": str(n), "reference": "def f(x):\n    return x + 1\n", "tests": ["assert f(1) == 2"]}
        for n in (7, 11, 123)
    ]
    app = app_on_rows(tmp_path, rows, workers=1)
    async with app.run_test(size=SMALL) as pilot:
        screen = await ready(pilot)
        widths = {key.value: column.width for key, column in screen.table.columns.items()}
        assert widths["id"] == len("problem") and widths["review"] == 9 + 16 - len("problem")
