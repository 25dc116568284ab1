"""What the harness floor stands for: how long ``harness_steps`` steps take as plain Python.

    python bench/floor_pace.py [--runs 5] [--size 1000]

A mutant that runs out of its budget on a visible test or fresh input is re-run with at least
``AuditParams.harness_steps`` steps before "it did not return" counts (issue 26, "slow is not
wrong"). A harness allows a test its time limit (EvalPlus: at least 1 s), so the floor is fair
where those steps take about as long as that limit. This measures the steps of a few ordinary code
shapes (this Python's counter, ``step_units.py``) and their plain, uncounted time (median of
``--runs``), and prints what the floor stands for in each: the time a correct mutant may take
before the engine counts it as failing, where a harness would still pass it.

CPU-bound: run it alone, and read the median and the spread across shapes, not one figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable

from gameability_tui.engine.sandbox.steps import STEP_COUNTER, count_steps, start_counter
from gameability_tui.engine.step_units import STEPS

SHAPES = {
    "nested loops": (
        "def f(n):\n    c = 0\n    for i in range(n):\n        for j in range(i):\n"
        "            if (i + j) % 3 == 0:\n                c += 1\n    return c\n"
    ),
    "while, append": (
        "def f(n):\n    out = []\n    i = 0\n    while i < n * 40:\n        out.append(i * i)\n"
        "        i += 1\n    return len(out)\n"
    ),
    "recursion": (
        "def f(n):\n    def fib(k):\n        return k if k < 2 else fib(k - 1) + fib(k - 2)\n"
        "    return fib(n // 40)\n"
    ),
    "string building": (
        "def f(n):\n    s = ''\n    for i in range(n * 20):\n        s += str(i % 10)\n    return len(s)\n"
    ),
    "grid updates": (
        "def f(n):\n    m = [[0] * 30 for _ in range(30)]\n    for k in range(n // 10):\n"
        "        for r in range(30):\n            m[r][k % 30] += r\n    return m[0][0]\n"
    ),
}


def _function(source: str) -> Callable[[int], int]:
    namespace: dict = {}
    exec(compile(source, "<shape>", "exec", dont_inherit=True), namespace)
    return namespace["f"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="plain runs per shape (median)")
    parser.add_argument("--size", type=int, default=1000, help="the shapes' argument")
    args = parser.parse_args()
    plain = {}
    for name, source in SHAPES.items():  # before the counter starts: it stays on for good
        function = _function(source)
        times = []
        for _ in range(args.runs):
            started = time.perf_counter()
            function(args.size)
            times.append(time.perf_counter() - started)
        plain[name] = statistics.median(times)
    start_counter()
    floor = STEPS.harness_steps
    print(f"Python {sys.version.split()[0]}, counter {STEP_COUNTER}, harness floor {floor:,} steps")
    print("| shape | steps | plain ms | the floor as plain ms |\n|---|---|---|---|")
    stands_for = []
    for name, source in SHAPES.items():
        function = _function(source)
        _, steps, _, _ = count_steps(lambda f=function: f(args.size), None)
        stands_for.append(floor / steps * plain[name] * 1000)
        print(f"| {name} | {steps:,} | {plain[name] * 1000:.1f} | {stands_for[-1]:.0f} |")
    print(f"the floor stands for {min(stands_for):.0f} to {max(stands_for):.0f} ms of plain Python, "
          f"median {statistics.median(stands_for):.0f} ms; a harness allows 1,000 ms or more")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
