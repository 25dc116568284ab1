"""How long one decision takes to reach the disk, with many decisions already stored.

    python bench/store_write.py [--existing 5000] [--writes 50]

Fills a fresh TinyDB file (atomic storage: temp file, fsync, rename) with --existing decisions,
then times --writes more, each a full durable write, and prints the median and the 90th
percentile. Target: median under 50 ms with 5,000 decisions stored.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from gameability_tui.store import DecisionStore
from gameability_tui.vocabulary import ACCEPTED, REJECTED


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--existing", type=int, default=5000)
    parser.add_argument("--writes", type=int, default=50)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "decisions.json"
        store = DecisionStore(path, "bench")
        rows = [
            {"benchmark": "bench", "problem": str(i // 3), "text": f"assert f({i}) == {i * 2}",
             "decision": ACCEPTED, "edited": None, "at": 0.0}
            for i in range(args.existing)
        ]  # fmt: skip
        store.decisions.insert_multiple(rows)
        timings = []
        for i in range(args.writes):
            started = time.perf_counter()
            store.decide(f"new{i}", f"assert g({i}) == {i}", REJECTED)
            timings.append((time.perf_counter() - started) * 1000)
        size = path.stat().st_size / 1024
        print(f"decisions stored: {args.existing + args.writes}, file {size:.0f} KiB")
        print(
            f"one durable decision write: median {statistics.median(timings):.1f} ms, "
            f"p90 {sorted(timings)[int(0.9 * len(timings))]:.1f} ms, max {max(timings):.1f} ms"
        )


if __name__ == "__main__":
    main()
