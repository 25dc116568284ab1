"""SIGKILL while decisions are being written: every decision reported saved is on disk afterwards,
and the database always opens. The writer is a real child process using the real store, killed
at random moments (a seeded schedule, so a failure can be replayed)."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import threading
import time

from conftest import EXAMPLES

from gameability_tui.store import DecisionStore

WRITER = """
import sys
from gameability_tui.store import DecisionStore
store = DecisionStore(sys.argv[1], "bench")
start = int(sys.argv[2])
for index in range(start, start + 100000):
    store.decide("p%d" % (index % 50), "assert f(%d) == %d" % (index, index), "accepted")
    print(index, flush=True)  # the screen would now show this decision as saved
"""

KILLS = 40


def test_sigkill_at_random_moments_loses_no_saved_decision(tmp_path):
    path = tmp_path / "decisions.json"
    rng = random.Random(0)
    saved: list[int] = []
    start = 0
    for _ in range(KILLS):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(start)], stdout=subprocess.PIPE, text=True
        )
        time.sleep(rng.uniform(0.2, 0.6))
        writer.send_signal(signal.SIGKILL)
        output, _ = writer.communicate()
        reported = [int(line) for line in output.split()]
        saved += reported
        start = (reported[-1] + 1) if reported else start
        on_disk = DecisionStore(path, "bench").all_decisions()  # must open, every time
        texts = {text for _, text in on_disk}
        missing = [i for i in saved if f"assert f({i}) == {i}" not in texts]
        assert missing == []
    assert len(saved) > KILLS  # the writer really wrote between kills


APP_WRITER = """
import asyncio, sys
from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.executors.base import Executor
from gameability_tui.store import DecisionStore, ResultCache
from gameability_tui.tui.app import GameabilityApp

async def main():
    benchmark = load_benchmark(sys.argv[1])
    store = DecisionStore(sys.argv[2], benchmark.name, exclusive=True)
    app = GameabilityApp(benchmark, store, ResultCache(sys.argv[3]), executor=Executor(workers=2))
    async with app.run_test(size=(150, 45)) as pilot:
        while not (app.triage is not None and app.triage.finished):
            await pilot.pause(0.05)
        screen = app.triage
        while True:
            await pilot.press("n")
            problem, text = screen.current, screen.detail.highlighted().key
            await pilot.press("a")
            if "accepted" in screen.detail.asserts.get_row(text)[0].plain:
                print(problem, "|", text, flush=True)  # the screen now shows it as accepted

asyncio.run(main())
"""


def test_sigkill_of_the_real_app_loses_nothing_it_showed_as_saved(tmp_path):
    # Many weak problems, so every accept is a new decision and the saved set only grows.
    examples = EXAMPLES.read_text().splitlines()
    weak = json.loads(next(line for line in examples if '"max_pair_product"' in line))
    benchmark = tmp_path / "many.jsonl"
    benchmark.write_text("".join(json.dumps(weak | {"id": f"weak{i}"}) + "\n" for i in range(20)))
    database, cache = tmp_path / "decisions.json", tmp_path / "cache.json"
    rng = random.Random(1)
    shown: list[tuple[str, str]] = []
    for _ in range(6):
        app = subprocess.Popen(
            [sys.executable, "-c", APP_WRITER, str(benchmark), str(database), str(cache)],
            stdout=subprocess.PIPE,
            text=True,
        )
        # The kill lands at a random moment after the app starts accepting, however long its
        # start and audit take on a loaded machine.
        watchdog = threading.Timer(120, app.kill)  # an app that never accepts fails, not hangs
        watchdog.start()
        first = app.stdout.readline()
        watchdog.cancel()
        time.sleep(rng.uniform(0.3, 2.0))
        app.send_signal(signal.SIGKILL)
        output, _ = app.communicate()
        shown += [tuple(line.split(" | ", 1)) for line in (first + output).splitlines()]
        on_disk = DecisionStore(database, "many.jsonl").all_decisions()  # opens after every kill
        assert [pair for pair in shown if pair not in on_disk] == []
    assert len(shown) >= 10  # the app really saved decisions between kills
