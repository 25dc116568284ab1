"""Which Python fallback counts faster on 3.12+: ``sys.settrace`` or a ``sys.monitoring`` callback.

Each counter runs in its own process (``GAMEABILITY_TUI_STEPS``), on three shapes of candidate
work: many short counted calls (an audit's usual run: the cost of switching counting on and off
dominates), one long loop, and deep recursion. Printed: CPU seconds for each, best of --repeat,
with the compiled counters beside them.

    python bench/fallback_counters.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

CHILD = """
import json, sys, time
from gameability_tui.engine.sandbox.steps import STEP_COUNTER, count_steps

def small(n):
    total = 0
    for i in range(n):
        total += i
    return total

def recursion(n):
    return 0 if n == 0 else 1 + recursion(n - 1)

shapes = {
    "20,000 short calls": lambda: [count_steps(lambda: small(5), 10**6) for _ in range(20_000)],
    "a loop of 1,000,000 turns": lambda: count_steps(lambda: small(1_000_000), 10**9),
    "recursion 400 deep, 500 times": lambda: count_steps(lambda: [recursion(400) for _ in range(500)], 10**9),
}
best = {}
for name, shape in shapes.items():
    times = []
    for _ in range(int(sys.argv[1])):
        started = time.process_time()
        shape()
        times.append(time.process_time() - started)
    best[name] = min(times)
print(json.dumps({"counter": STEP_COUNTER, "seconds": best}))
"""


def measured(switch: str, repeat: int) -> dict:
    environment = dict(os.environ, GAMEABILITY_TUI_STEPS=switch)
    command = [sys.executable, "-c", CHILD, str(repeat)]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = [measured(switch, args.repeat) for switch in ("", "trace", "python", "trace-python")]
    shapes = list(rows[0]["seconds"])
    print(f"Python {sys.version.split()[0]}, CPU seconds, best of {args.repeat}")
    print(f"{'counter':<16}" + "".join(f"{shape:>32}" for shape in shapes))
    for row in rows:
        print(f"{row['counter']:<16}" + "".join(f"{row['seconds'][shape]:>32.3f}" for shape in shapes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
