"""The triage app driven as a user drives it: real engine, real TinyDB file, real export.

The toy benchmark has two weak problems: max_pair_product (4 survivors, 5 candidate asserts) and
index_of (2 survivors, 4 candidate asserts); the rest are strong or excluded.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from conftest import EXAMPLES, alive

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp
from gameability_tui.tui.dialogs.confirm import ConfirmDialog
from gameability_tui.tui.dialogs.help import HelpScreen
from gameability_tui.tui.dialogs.quit import QuitDialog
from gameability_tui.tui.screens.auditing import AUDIT_NICE
from gameability_tui.tui.screens.triage import TriageScreen
from gameability_tui.vocabulary import ACCEPTED, REJECTED, SKIPPED

SIZE = (160, 48)
SMALL = (80, 24)


def make_app(tmp_path, **options) -> GameabilityApp:
    benchmark = load_benchmark(str(EXAMPLES))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    cache = ResultCache(tmp_path / "cache.json")
    return GameabilityApp(
        benchmark, store, cache, executor=Executor(workers=2), export_dir=tmp_path, **options
    )


def _census_of(app):
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


async def test_rows_stream_in_and_the_first_weak_problem_opens(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.table.row_count == 9
        assert screen.current in {"max_pair_product", "index_of"}
        assert screen.census is not None  # the audit really ran
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


# ---------------------------------------------------------------------------- decisions


async def test_accept_reject_skip_persist_across_a_restart(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        screen = await open_problem(pilot, "max_pair_product")
        keys = [c.key for c in app.state.candidates("max_pair_product")]
        assert under_review(screen).text in seat_text(screen)  # what `a` accepts is on screen
        await pilot.press("a", "r", "s")
        assert on_disk(tmp_path) == {
            ("max_pair_product", keys[0]): ACCEPTED,
            ("max_pair_product", keys[1]): REJECTED,
            ("max_pair_product", keys[2]): SKIPPED,
        }
        assert under_review(screen).key == keys[3]  # the cursor moved on to the next undecided
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert screen.census is None  # every result came from the cache: no re-audit
        await wait_for(pilot, lambda: screen.finished)
        assert "9 judged · all from the cache" in str(screen.status.render())  # not an audit's time
        assert again.state.decision("max_pair_product", keys[0]) == ACCEPTED
        assert again.state.decision("max_pair_product", keys[1]) == REJECTED
        assert again.state.decision("max_pair_product", keys[2]) == SKIPPED
        review = screen.table.get_cell("max_pair_product", "review").plain
        assert review == "1✓ 1✗ 1» 2? "


async def test_one_accepted_and_one_rejected_do_not_look_the_same(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a")
        await open_problem(pilot, "index_of")
        await pilot.press("r")
        accepted = screen.table.get_cell("max_pair_product", "review")
        rejected = screen.table.get_cell("index_of", "review")
        assert accepted.plain.startswith("1✓") and rejected.plain.startswith("1✗")
        assert str(screen.table.get_cell("max_pair_product", "status")) in ("fixed", "partly fixed")
        assert str(screen.table.get_cell("index_of", "status")) == "weak"


async def test_undo_walks_back_the_history_wherever_it_was(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        first = under_review(screen).key
        await pilot.press("a")
        await open_problem(pilot, "index_of")
        second = under_review(screen).key
        await pilot.press("r")
        await pilot.press("r")
        assert len(on_disk(tmp_path)) == 3
        await pilot.press("u", "u")  # two steps back: both index_of decisions
        assert on_disk(tmp_path) == {("max_pair_product", first): ACCEPTED}
        assert under_review(screen).key == second  # shown where it was undone
        await pilot.press("u")  # the third step goes back to the other problem
        assert on_disk(tmp_path) == {}
        assert screen.current == "max_pair_product" and under_review(screen).key == first
        await pilot.press("u")
        assert screen.check_action("undo", ()) is None  # nothing left: shown disabled


async def test_undo_after_a_restart_takes_back_the_latest_decision(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        await pilot.press("a", "r")
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("u")
        assert list(on_disk(tmp_path).values()) == [ACCEPTED]
        assert screen.current == "index_of"


async def test_next_and_previous_undecided_stay_in_the_problem_first(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        rows = len(app.state.candidates("max_pair_product"))
        for row in range(1, rows):
            await pilot.press("n")
            assert (screen.current, screen.detail.asserts.cursor_row) == ("max_pair_product", row)
        await pilot.press("n")  # the problem's last assert: on to the next problem
        assert (screen.current, screen.detail.asserts.cursor_row) == ("index_of", 0)
        await pilot.press("N")  # and back to the previous one's last
        assert (screen.current, screen.detail.asserts.cursor_row) == ("max_pair_product", rows - 1)


async def test_skipped_asserts_come_back_when_nothing_else_is_left(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        await pilot.press("s")
        await pilot.press("R")  # reject the rest of index_of
        await open_problem(pilot, "max_pair_product")
        await pilot.press("R")
        assert app.state.totals().undecided == 0
        await pilot.press("n")
        assert screen.current == "index_of" and under_review(screen).key == next(
            key for (pid, key), d in app.state.decisions.items() if d.decision == SKIPPED
        )


async def test_accept_cover_rejects_every_survivor_and_undoes_in_one_step(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        candidates = {c.key: c for c in app.state.candidates("max_pair_product")}
        survivors = set(range(len(app.state.results["max_pair_product"].survivors)))
        first = under_review(screen).key
        assert set(candidates[first].kills) == survivors  # the engine's order puts the cover first
        await pilot.press("r")  # without it no single candidate rejects all four survivors
        await pilot.press("A")
        accepted = [k for (pid, k), d in app.state.decisions.items() if d.decision == ACCEPTED]
        assert set().union(*(candidates[k].kills for k in accepted)) == survivors
        assert len(accepted) == 2 and first not in accepted  # the smallest set, rejected ones left out
        assert str(screen.table.get_cell("max_pair_product", "status")) == "fixed"
        assert "fixed" in seat_text(screen)
        await pilot.press("u")  # both accepts in one step; the reject stays
        assert on_disk(tmp_path) == {("max_pair_product", first): REJECTED}


async def test_reject_rest_rejects_only_the_undecided(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "index_of")
        await pilot.press("a", "R")
        decisions = [d for (pid, _), d in on_disk(tmp_path).items() if pid == "index_of"]
        assert decisions == [ACCEPTED] + [REJECTED] * 3


# ---------------------------------------------------------------------------- edit and probe


async def test_an_edit_replaces_the_text_with_its_own_kill_set_and_survives_a_restart(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        original = under_review(screen)
        assert original.kills  # the generated assert rejects survivors...
        visible_test = "assert max_pair_product([1, 2, 3]) == 6"  # ...a visible test rejects none
        await answer_dialog(pilot, "e", visible_test)
        await wait_for(pilot, lambda: under_review(screen).text == visible_test)
        edited = under_review(screen)
        assert edited.edited and edited.key == original.key
        assert edited.kills == ()  # measured on the edited text, not the original's
        assert visible_test in seat_text(screen) and "edited" in seat_text(screen)
        row = screen.detail.asserts.get_row(original.key)
        assert visible_test in row[2].plain and row[1] == "0/4"  # rejects 0 of the 4 survivors
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        assert under_review(screen).text == visible_test and under_review(screen).kills == ()


async def test_an_edit_that_fails_on_the_reference_cannot_be_accepted(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        key = under_review(screen).key
        await answer_dialog(pilot, "e", "assert max_pair_product([2, 3]) == 7")
        await wait_for(pilot, lambda: under_review(screen).edited)
        assert not under_review(screen).passes_reference
        assert "FAILS on the reference" in seat_text(screen)
        await pilot.press("a")
        assert app.state.decision("max_pair_product", key) is None  # refused


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ('print("hi")', "has no assert statement"),  # passes everywhere: would be a fix that fixes nothing
        ("assert max_pair_product([2, 3] == 6", "not valid Python"),
    ],
)
async def test_an_edit_that_is_not_a_test_is_not_run_and_comes_back_to_be_mended(tmp_path, typed, said):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        original = under_review(screen)
        await answer_dialog(pilot, "e", typed)
        await pilot.pause()
        assert (await dialog_input(pilot)).value == typed  # still open, with nothing typed lost
        assert refusal_in_the_dialog(pilot, said)
        await pilot.press("escape")
        await pilot.pause()
        assert under_review(screen) == original and not under_review(screen).edited


async def test_the_edit_dialog_opens_with_the_cursor_after_the_text_not_selecting_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        text = under_review(screen).text
        await pilot.press("e")
        field = await dialog_input(pilot)
        await pilot.press("backspace", "7")  # mend the last character: the rest stays
        assert field.value == text[:-1] + "7"


async def test_editing_a_decided_assert_asks_to_reopen_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        key = under_review(screen).key
        await pilot.press("a", "up")
        await pilot.press("e")
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: nothing changes, and the reviewer is told
        assert app.state.decision("max_pair_product", key) == ACCEPTED
        assert under_review(screen).text == key
        await pilot.press("e")
        await pilot.press("y")
        new = "assert max_pair_product([2, 3, 1]) == 6"
        app.screen.query_one("#dialog-input").value = new
        await pilot.press("enter")
        await wait_for(pilot, lambda: under_review(screen).text == new)
        assert app.state.decision("max_pair_product", key) is None  # re-opened, with the new text
        assert ("max_pair_product", key) not in on_disk(tmp_path)
        await pilot.press("a")
        assert app.store.all_decisions()[("max_pair_product", key)].final_text == new
        await pilot.press("u", "u")  # the accept, then the re-opening: the old text, accepted
        assert app.store.all_decisions()[("max_pair_product", key)].final_text == key
        assert under_review(screen).text == key


async def test_an_accepted_probe_assert_is_shown_undoable_and_exported_after_a_restart(tmp_path):
    probed = "assert index_of([1, 2], 9) == -1"
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        before = len(app.state.candidates("index_of"))
        await answer_dialog(pilot, "p", "[1, 2], 9")
        await wait_for(pilot, lambda: len(app.state.candidates("index_of")) == before + 1)
        assert under_review(screen).text == probed  # the cursor is on the new assert
        assert "from a probe" in seat_text(screen)
        await pilot.press("a")
        await answer_dialog(pilot, "p", "[5, 6], 7")  # a second probe, left undecided
        await wait_for(pilot, lambda: len(app.state.candidates("index_of")) == before + 2)
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "index_of")
        texts = [c.text for c in again.state.candidates("index_of")]
        assert texts[before:] == [probed, "assert index_of([5, 6], 7) == -1"]
        assert again.state.decision("index_of", probed) == ACCEPTED
        assert again.state.candidate("index_of", probed).kills  # its kill set came back too
        await answer_dialog(pilot, "x", str(tmp_path / "out"))
        fixes = tmp_path / "out" / "toy-fixes.py"
        await wait_for(pilot, lambda: fixes.exists() and screen.exported)
        assert probed in fixes.read_text()
        await pilot.press("u")  # undoable after the restart
        assert again.state.decision("index_of", probed) is None


# ---------------------------------------------------------------------------- verdict, export, quit


async def test_verdict_dialog_preselects_the_saved_verdict_and_enter_in_the_note_saves(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "index_of")
        await pilot.press("v", "down", "enter")  # "fix"
        assert app.state.verdicts["index_of"] == ("fix", "")
        await pilot.press("v")
        dialog = app.screen
        assert dialog.query_one("#verdict-options").highlighted == 1  # the saved one
        await pilot.press("tab")
        dialog.query_one("#note").value = "tests miss the absent value"
        await pilot.press("enter")  # Enter in the note saves
        assert app.state.verdicts["index_of"] == ("fix", "tests miss the absent value")
        assert app.triage.table.get_cell("index_of", "review").plain.startswith(
            "fix "
        )  # first: never cut off
    store = DecisionStore(tmp_path / "decisions.json", "toy.jsonl")
    assert store.all_verdicts()["index_of"] == ("fix", "tests miss the absent value")


async def test_export_asks_where_and_names_the_four_files(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        first = under_review(screen).text
        await pilot.press("a")
        await pilot.press("x")
        assert app.screen.query_one("#dialog-input").value == str(tmp_path)  # the default folder
        app.screen.query_one("#dialog-input").value = str(tmp_path / "fixes")
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.exported)
        names = [p.name for p in screen.exported]
        assert names == ["toy-fixes.py", "toy-patched.jsonl", "toy-review.md", "toy-fixes.diff"]
        assert all(p.exists() for p in screen.exported)
        fixes = (tmp_path / "fixes" / "toy-fixes.py").read_text()
        assert [line for line in fixes.splitlines() if line.startswith("assert")] == [first]


async def test_export_into_an_unwritable_place_says_so(tmp_path):
    (tmp_path / "a-file").write_text("")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await answer_dialog(pilot, "x", str(tmp_path / "a-file" / "out"))
        await wait_for(pilot, lambda: screen.status.message == "export failed")
        assert screen.exported == []


async def test_quitting_shows_the_summary_and_returns_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a", "r", "s")
        await pilot.press("v", "enter")
        await pilot.press("q")
        assert isinstance(app.screen, QuitDialog)
        line = screen.summary()
        assert "1 accepted, 1 rejected, 1 skipped, 6 undecided left of 9; 1 verdict;" in line
        assert "not exported" in line and str(tmp_path / "decisions.json") in line
        shown = str(app.screen.query_one("#quit-summary").render())
        assert shown == line.replace("; ", "\n")  # the same, a part a line
        await pilot.press("escape")  # stay
        assert app.screen is screen
        await pilot.press("q", "enter")
    assert app.return_value == line


async def test_ctrl_q_quits_as_q_does_through_the_summary(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("escape")
        assert app.screen is screen
        line = screen.summary()
        await pilot.press("ctrl+q", "ctrl+q")  # on the summary: leave
    assert app.return_value == line


# ---------------------------------------------------------------------------- keys, layout


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


def test_export_is_offered_beside_the_benchmark_file_or_here(tmp_path, monkeypatch):
    from gameability_tui.commands.app import build_parser, export_folder

    monkeypatch.chdir(tmp_path)
    assert export_folder(build_parser().parse_args([str(EXAMPLES)])) == EXAMPLES.parent
    assert export_folder(build_parser().parse_args(["humaneval"])) == tmp_path
    data = tmp_path / "data" / "mbpp.jsonl"
    assert export_folder(build_parser().parse_args(["mbpp", "--data", str(data)])) == data.parent


# ---------------------------------------------------------------------------- snapshots


@pytest.fixture
def snapshot_app(tmp_path):
    return make_app(tmp_path, clock=lambda: 0.0)


async def _settle(pilot) -> None:
    screen = await ready(pilot)
    screen.go_to("max_pair_product", 1)
    pilot.app.clear_notifications()  # the layout, not the messages of the moment
    await pilot.pause()
    await pilot.pause()


def test_snapshot_main_screen(snap_compare, snapshot_app):
    assert snap_compare(snapshot_app, terminal_size=SIZE, run_before=_settle)


def test_snapshot_main_screen_at_80x24(snap_compare, snapshot_app):
    assert snap_compare(snapshot_app, terminal_size=SMALL, run_before=_settle)


# ---------------------------------------------------------------------------- engine


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
        pids = [*_census_of(app).worker_pids(), app.engine.worker.process.pid]
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
    from pathlib import Path

    hostile = load_benchmark(str(Path(__file__).parent / "hostile" / "hostile.jsonl"))
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


async def test_the_probe_dialog_shows_the_problems_own_arguments_as_its_example(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("p")
        assert (await dialog_input(pilot)).placeholder == "[1, 2, 3]"  # its first visible call


async def test_a_probe_the_reference_cannot_answer_says_so_rather_than_that_no_survivor_differs(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await answer_dialog(pilot, "p", "[1, 2], 3")  # one argument too many
        said = lambda: [str(n.message) for n in app._notifications]  # noqa: E731
        await wait_for(pilot, lambda: any("no assert to add" in text for text in said()))
        assert any("The reference returns no value there (raises TypeError" in text for text in said())


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


async def test_a_new_decisions_database_is_named_once_not_on_every_reopen(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert any("A new decisions database: " in str(n.message) for n in app._notifications)
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a")  # the file is written with the first decision
    again = reopen(app, tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await ready(pilot)
        assert not any("new decisions database" in str(n.message) for n in again._notifications)


async def test_probe_arguments_that_do_not_read_come_back_to_be_mended(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, "max_pair_product")
        await answer_dialog(pilot, "p", ")(")
        await pilot.pause()
        assert (await dialog_input(pilot)).value == ")("  # still open, with the text as typed
        assert refusal_in_the_dialog(pilot, "not valid arguments")


async def test_the_quit_summary_names_the_database_only_once_something_is_in_it(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        assert "no decision saved (none made)" in screen.summary()  # no file to look for yet
        await open_problem(pilot, "max_pair_product")
        await pilot.press("a")
        assert f"decisions in {tmp_path / 'decisions.json'}" in screen.summary()


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
