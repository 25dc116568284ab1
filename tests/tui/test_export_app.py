"""The app's export key writes the same native outputs as the command: the patch in the source's
format, its diff and review.md, from the decisions just made on screen."""

from __future__ import annotations

import json

from app_helpers import answer_dialog, make_app, open_problem, ready, under_review, wait_for
from conftest import EXAMPLES


async def test_export_key_writes_the_native_patch_its_diff_and_the_review(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=(160, 48)) as pilot:
        await ready(pilot)
        screen = await open_problem(pilot, "max_pair_product")
        accepted = under_review(screen).text
        await pilot.press("a")
        await answer_dialog(pilot, "x", str(tmp_path / "out"))
        await wait_for(pilot, lambda: screen.exported)
        assert "exported to " in screen.summary() and "changed since" not in screen.summary()
        await pilot.press("u")  # the export no longer holds the review as it is
        await pilot.pause()
        assert "but the review changed since (export again)" in screen.summary()
    out = tmp_path / "out"
    source = EXAMPLES.read_text().splitlines()
    patched = (out / "toy-patched.jsonl").read_text().splitlines()
    assert [a == b for a, b in zip(source, patched)].count(False) == 1
    row = next(json.loads(line) for line in patched if '"max_pair_product"' in line)
    assert row["tests"][-1] == accepted and list(row) == list(json.loads(source[0]))
    # examples/toy.jsonl in a git checkout, toy.jsonl elsewhere (test_cli.py holds both to it)
    first, second = (out / "toy-fixes.diff").read_text().splitlines()[:2]
    assert first.startswith("--- a/") and first.endswith("toy.jsonl") and second == "+++ b/" + first[6:]
    assert "rejects survivor #1 " in (out / "toy-review.md").read_text()
