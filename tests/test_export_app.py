"""The app's export key writes the same native outputs as the command: the patch in the source's
format, its diff and review.md, from the decisions just made on screen."""

from __future__ import annotations

import asyncio
import json

from conftest import EXAMPLES

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp


async def _wait_for(pilot, condition, timeout: float = 120.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "condition not reached in time"
        await pilot.pause(0.05)


async def test_export_key_writes_the_native_patch_its_diff_and_the_review(tmp_path):
    benchmark = load_benchmark(str(EXAMPLES))
    store = DecisionStore(tmp_path / "decisions.json", benchmark.name)
    app = GameabilityApp(
        benchmark, store, ResultCache(tmp_path / "cache.json"), workers=2, export_dir=tmp_path
    )
    async with app.run_test(size=(150, 45)) as pilot:
        await _wait_for(pilot, lambda: app.finished)
        table = app.query_one("#problems")
        table.move_cursor(row=table.get_row_index("max_pair_product"))
        await _wait_for(pilot, lambda: app.current == "max_pair_product")
        await pilot.pause()
        accepted = app.highlighted_assert()
        await pilot.press("a", "x")
        await _wait_for(pilot, lambda: (tmp_path / "toy-review.md").exists())
    source = EXAMPLES.read_text().splitlines()
    patched = (tmp_path / "toy-patched.jsonl").read_text().splitlines()
    assert [a == b for a, b in zip(source, patched)].count(False) == 1
    row = next(json.loads(line) for line in patched if '"max_pair_product"' in line)
    assert row["tests"][-1] == accepted and list(row) == list(json.loads(source[0]))
    assert (tmp_path / "toy-fixes.diff").read_text().startswith("--- a/toy.jsonl\n+++ b/toy.jsonl\n")
    assert "rejects survivor #1 " in (tmp_path / "toy-review.md").read_text()
