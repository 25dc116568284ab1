"""Every width from 80 to 200 columns shows the problem table's id, status and review columns
whole, and every height from 24 rows shows the seat's assert; snapshots at six sizes, and the
seat still usable at 50x15."""

from __future__ import annotations

import pytest
from app_helpers import make_app, open_problem, ready, seat_text, under_review
from test_layout import _settle

WIDTHS = [80, 90, 100, 110, 119, 120, 130, 140, 150, 159, 160, 170, 180, 200]
SNAPSHOT_SIZES = [(80, 24), (100, 30), (120, 36), (140, 40), (160, 48), (200, 50)]


def columns_whole(table) -> tuple[list[str], bool]:
    """The table's column keys, and whether every column (label and all) fits its visible width."""
    keys = [str(key.value) for key in table.columns]
    needed = sum(column.get_render_width(table) for column in table.columns.values())
    labels_fit = all(len(str(c.label)) <= c.width for c in table.columns.values())
    return keys, labels_fit and needed <= table.scrollable_content_region.width


async def test_every_width_keeps_id_status_and_review_whole_and_the_seat_shows_the_assert(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        text = under_review(screen).text
        for width in WIDTHS:
            for height in (24, 36):
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                await pilot.pause()
                keys, whole = columns_whole(screen.table)
                assert {"id", "status", "review"} <= set(keys) and whole, (width, height, keys)
                seat = screen.detail.query_one("#seat")
                lines = seat_text(screen).splitlines()
                at = next(i for i, line in enumerate(lines) if line == text)
                # the assert's line is inside the seat's drawn region (border excluded)
                assert seat.region.height - 1 > at and seat.region.bottom <= height, (width, height)
                header = screen.detail.query_one("#seat").content_size.width
                assert all(len(line) <= header for line in lines[:2]), (width, lines[:2])


async def test_at_50x15_the_seat_is_usable(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(50, 15)) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.pause()
        seat = screen.detail.query_one("#seat")
        assert seat.content_size.width >= 30  # the assert reads in lines, not 8-character shreds
        assert under_review(screen).text in seat_text(screen).splitlines()
        assert seat.region.height >= 4


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_at_size(snap_compare, tmp_path, size):
    app = make_app(tmp_path, clock=lambda: 0.0)
    assert snap_compare(app, terminal_size=size, run_before=_settle)


async def test_at_120_columns_the_status_line_with_a_filter_and_an_order_is_not_cut(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = await ready(pilot)
        screen.status.message = "running the edited assert..."  # the longest line a key makes
        await pilot.press("f", "o")
        await pilot.pause()
        line = str(screen.status.render())
        assert "filter: weak" in line and "order: most survivors" in line and "undecided" in line
        assert len(line) <= screen.status.content_size.width and not line.endswith("…")


@pytest.mark.parametrize(
    ("problem_id", "width", "shown"),
    [
        ("wrong_expectation", 16, "wrong_e…ectation"),  # both ends kept, the cut shown
        ("Leetcode_48212_I_extra", 16, "Leetcod…_I_extra"),
        ("HumanEval/129", 16, "HumanEval/129"),  # fits: whole
        ("wrong_expectation", 17, "wrong_expectation"),
    ],
)
def test_an_id_longer_than_its_column_is_cut_in_its_middle(problem_id, width, shown):
    from gameability_tui.tui.widgets.problem_table import shortened

    assert shortened(problem_id, width) == shown and len(shortened(problem_id, width)) <= width
