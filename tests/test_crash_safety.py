"""SIGKILL while decisions are being written: every decision reported saved is on disk afterwards,
and the database always opens. The writer is a real child process using the real store, killed
at random moments (a seeded schedule, so a failure can be replayed)."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time

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
