"""Ctrl+C goes through the quit summary, the summary printed is the one the dialog showed, focus
is visible, and Tab and Enter never fold the prompt or the reference away."""

from __future__ import annotations

import json

from app_helpers import SIZE, app_on_rows, make_app, open_problem, ready, wait_for
from conftest import EXAMPLES
from textual.widgets import Collapsible, DataTable
from textual.widgets._collapsible import CollapsibleTitle

from gameability_tui.tui.dialogs.quit import QuitDialog


async def test_ctrl_c_opens_the_summary_and_again_leaves_with_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("escape")
        assert app.screen is screen
        await pilot.press("ctrl+c")
        line = app.screen.shown
        await pilot.press("ctrl+c")
    assert app.return_value == line


async def test_the_line_printed_is_the_line_the_dialog_showed_while_the_audit_streamed(tmp_path):
    rows = [json.loads(line) for line in EXAMPLES.read_text().splitlines()]
    many = [{**row, "id": f"{row['id']}_{n}"} for n in range(6) for row in rows]  # a few seconds' audit
    app = app_on_rows(tmp_path, many, workers=1)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: app.triage is not None)
        await pilot.press("q")  # at once: the audit is still running
        dialog = app.screen
        assert isinstance(dialog, QuitDialog) and "the audit was still running" in dialog.shown
        await wait_for(pilot, lambda: app.triage.finished, timeout=180)
        await wait_for(pilot, lambda: "still running" not in dialog.shown, timeout=5)  # drawn again
        shown = str(dialog.query_one("#quit-summary").render())
        await pilot.press("enter")
    assert app.return_value == dialog.shown and shown == dialog.shown.replace("; ", "\n")


async def test_tab_visits_the_tables_only_and_enter_folds_nothing(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        visited = []
        for _ in range(8):
            await pilot.press("tab")
            visited.append(app.focused)
            await pilot.press("enter")
            if isinstance(app.screen, QuitDialog):  # never: Enter is for a row
                break
        assert not any(isinstance(w, CollapsibleTitle) for w in visited)
        # the tables, and the pane that scrolls the survivors, prompt and reference
        assert all(isinstance(w, DataTable) or w.id == "more" for w in visited), visited
        assert not any(c.collapsed for c in screen.query(Collapsible))


async def test_the_focused_table_shows_it_in_its_header(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        asserts, problems = screen.detail.asserts, screen.table
        asserts.focus()
        await pilot.pause()
        focused = asserts.get_component_styles("datatable--header").background
        unfocused = problems.get_component_styles("datatable--header").background
        assert focused != unfocused
