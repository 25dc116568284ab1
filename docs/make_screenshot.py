"""Regenerate docs/screenshot.svg: the app on examples/toy.jsonl at 80x24, an assert under review.

Run from the repository root: ``python docs/make_screenshot.py``. It audits the toy benchmark with
the real engine into a throwaway database, opens max_pair_product on its second assert, and lets
Textual save the screen.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp

ROOT = Path(__file__).resolve().parent.parent


async def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        benchmark = load_benchmark(str(ROOT / "examples" / "toy.jsonl"))
        store = DecisionStore(Path(folder) / "d.json", benchmark.name)
        app = GameabilityApp(benchmark, store, ResultCache(Path(folder) / "c.json"), clock=lambda: 0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            while app.triage is None or not app.triage.finished:
                await pilot.pause(0.05)
            app.triage.go_to("max_pair_product", 0)
            await pilot.pause(0.3)
            await pilot.press("a")  # one decision, so the screen shows one
            app.clear_notifications()  # the screen itself, not the messages of the moment
            await pilot.pause(0.3)
            app.save_screenshot("screenshot.svg", str(ROOT / "docs"))


if __name__ == "__main__":
    asyncio.run(main())
