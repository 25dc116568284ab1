"""Do the audit's fresh inputs stay inside the contract they were drawn from?

    python bench/contract_check.py BENCH [--data FILE] [--fresh 8] [--seed 0] [--aimed]

Draws each problem's fresh inputs exactly as the audit does (same seeds, contract mode) and checks
each against the domain learned from the problem's visible calls (``contract_violations``). With
--aimed, the deep attack's aimed inputs too (which must also keep ``relation_violations`` empty).
Prints the count and the first few that leave it; exits 1 if any does.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import problem_seed, visible_calls
from gameability_tui.engine.inputs.aimed import aimed_calls
from gameability_tui.engine.inputs.fresh import contract_violations, fresh_calls, relation_violations
from gameability_tui.engine.mutants.attack import DEEP_AGGREGATES, DEEP_AIMED


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--fresh", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--aimed", action="store_true", help="check the deep attack's aimed inputs too")
    args = parser.parse_args()
    benchmark = load_benchmark(args.benchmark, args.data)
    drawn, aimed, outside = 0, 0, []
    for problem in benchmark.problems:
        found = visible_calls(problem)
        if found is None:
            continue
        _, name, visible = found
        for call in fresh_calls(visible, args.fresh, problem_seed(args.seed, problem.id)):
            drawn += 1
            reasons = contract_violations(call, visible)
            if reasons:
                outside.append((problem.id, call.render(name), reasons[0]))
        if args.aimed:
            for call in aimed_calls(
                visible, problem.reference, set(), DEEP_AIMED, aggregates=DEEP_AGGREGATES
            ):
                aimed += 1
                reasons = contract_violations(call, visible) + relation_violations(call, visible)
                if reasons:
                    outside.append((problem.id, call.render(name), reasons[0]))
    aimed_text = f" and {aimed} aimed" if args.aimed else ""
    print(f"{benchmark.name}: {drawn} fresh inputs drawn{aimed_text}, {len(outside)} outside the contract")
    for problem_id, shown, reason in outside[:10]:
        print(f"  {problem_id}: {shown[:80]}  ({reason})")
    return 1 if outside else 0


if __name__ == "__main__":
    sys.exit(main())
