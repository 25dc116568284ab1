"""Deciding on asserts from the keyboard: accept, reject, skip, undo and the moves between them,
each decision on disk at once and back after a restart."""

from __future__ import annotations

import itertools

from app_helpers import (
    SIZE,
    make_app,
    on_disk,
    open_problem,
    ready,
    reopen,
    seat_text,
    under_review,
    wait_for,
)

from gameability_tui.vocabulary import ACCEPTED, REJECTED, SKIPPED


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
        assert screen.audit.census is None  # every result came from the cache: no re-audit
        await wait_for(pilot, lambda: screen.finished)
        assert "9 judged · all from the cache" in str(screen.status.render())  # not an audit's time
        assert again.state.decision("max_pair_product", keys[0]) == ACCEPTED
        assert again.state.decision("max_pair_product", keys[1]) == REJECTED
        assert again.state.decision("max_pair_product", keys[2]) == SKIPPED
        review = screen.table.get_cell("max_pair_product", "review").plain
        assert review == f"1✓ 1✗ 1» {len(keys) - 3}? "


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
        await pilot.press("r")
        await pilot.press("A")
        accepted = [k for (pid, k), d in app.state.decisions.items() if d.decision == ACCEPTED]
        assert set().union(*(candidates[k].kills for k in accepted)) == survivors
        assert first not in accepted  # rejected ones are left out
        others = [c for key, c in candidates.items() if key != first]
        smallest = min(
            size
            for size in range(1, len(others) + 1)
            for chosen in itertools.combinations(others, size)
            if set().union(*(c.kills for c in chosen)) == survivors
        )
        assert len(accepted) == smallest  # the smallest set
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
        rest = len(app.state.candidates("index_of")) - 1
        assert rest > 0 and decisions == [ACCEPTED] + [REJECTED] * rest
