"""Say what happens next: the seat names the assert a/r/s move to, and ? opens with the words."""

from __future__ import annotations

from app_helpers import SIZE, make_app, open_problem, ready, seat_text, wait_for

from gameability_tui.tui.dialogs.help import GLOSSARY, HelpScreen

PID = "max_pair_product"


async def test_the_seat_names_the_assert_a_moves_to_and_a_goes_there(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await ready(pilot)
        await open_problem(pilot, PID)
        rows = app.state.candidates(PID)
        assert f"then a/r/s → #2 {rows[1].text}" in seat_text(screen)
        await pilot.press("s")
        await wait_for(pilot, lambda: rows[1].text in seat_text(screen).splitlines())
        assert f"then a/r/s → #3 {rows[2].text}" in seat_text(screen)
        screen.go_to(PID, len(rows) - 1)
        await wait_for(pilot, lambda: rows[-1].text in seat_text(screen).splitlines())
        assert "then a/r/s → stay here" in seat_text(screen)


async def test_help_opens_with_five_words_defined_then_the_keys(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await ready(pilot)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        words = [word for word, _ in GLOSSARY]
        assert words == ["survivor", "broken", "weak", "1 of 14 broken pass", "candidate assert"]
        shown = app.screen.query_one("#glossary")
        assert shown.region.y < app.screen.query(".help-next").first().region.y  # words first
        assert "a/r/s move to the next undecided assert the seat names" in str(
            app.screen.query(".help-next").first().render()
        )
