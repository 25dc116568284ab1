"""Actions carry the identity of what the reviewer saw (problem, assert), never "the row under
the cursor when the action lands": ``a`` then a resize once applied the next ``a`` to the
problem's first, already decided assert."""

from __future__ import annotations

from app_helpers import SIZE, make_app, open_problem, ready, seat_text, wait_for

from gameability_tui.vocabulary import ACCEPTED, REJECTED

PID = "max_pair_product"


async def test_keys_between_resizes_land_on_the_asserts_the_seat_showed(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await ready(pilot)
        await open_problem(pilot, PID)
        keys = [c.key for c in app.state.candidates(PID)]
        await pilot.press("r")
        await pilot.resize_terminal(100, 30)
        await pilot.press("a")
        await pilot.resize_terminal(*SIZE)
        await pilot.press("a")
        await pilot.pause()
        assert [app.state.decision(PID, key) for key in keys[:4]] == [REJECTED, ACCEPTED, ACCEPTED, None]


async def test_a_decision_goes_to_the_assert_in_the_seat_not_to_a_cursor_that_moved_since(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        keys = [c.key for c in app.state.candidates(PID)]
        assert keys[0] in seat_text(screen)
        screen.detail.asserts.move_cursor(row=3)  # the seat is drawn again only once this is handled
        screen.action_decide(REJECTED)  # ...but the key was pressed while the seat showed row 0
        assert app.state.decision(PID, keys[0]) == REJECTED and app.state.decision(PID, keys[3]) is None
        await wait_for(pilot, lambda: keys[1] in seat_text(screen))  # on to the next undecided
