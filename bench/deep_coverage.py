"""How stable and how complete a census is: seed stability, and what the deep attack still misses.

    python bench/deep_coverage.py BENCH [--data FILE] --deep D0.json D1.json ... \
        --sample S0.json S1.json ... [--peer PEER.json]

Reads `gameability-tui check --json` reports of one benchmark made at several seeds, with
``--attack deep`` (``--deep``, the first is the one whose coverage is checked) and with the default
attack (``--sample``), and optionally the published tool's report of the same benchmark. Prints:

- each mode's weak count per seed and the pairwise Jaccard similarity of its weak sets;
- coverage: every problem weak in the default attack at any seed that the deep report does not
  find weak;
- every problem the published tool finds weak and the deep report does not, with its class from
  ``peer_differences.py`` judged against the deep report. "sampling" there means the published
  survivor is valid by our rules and its witness lies inside the contract: a miss.

Exits 1 when the deep report misses a default-weak problem or a "sampling" one of the published tool.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
from pathlib import Path

from peer_differences import explain_all, peer_verdicts

from gameability_tui.benchmarks import load_benchmark


def weak_set(report: dict) -> set[str]:
    return {p["id"] for p in report["problems"] if p["status"] == "ok" and p.get("n_survived", 0)}


def jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def stability(name: str, reports: list[dict]) -> None:
    sets = [weak_set(report) for report in reports]
    seeds = [report["params"]["seed"] for report in reports]
    counts = ", ".join(f"seed {seed}: {len(found)}" for seed, found in zip(seeds, sets))
    print(
        f"{name}: weak {counts}; in every seed {len(set.intersection(*sets))}, in any {len(set.union(*sets))}"
    )
    pairs = [jaccard(a, b) for a, b in itertools.combinations(sets, 2)]
    if pairs:
        print(
            f"  pairwise Jaccard over {len(pairs)} pairs: min {min(pairs):.3f}, "
            f"median {statistics.median(pairs):.3f}, max {max(pairs):.3f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--deep", type=Path, nargs="+", required=True)
    parser.add_argument("--sample", type=Path, nargs="*", default=[])
    parser.add_argument("--peer", type=Path)
    args = parser.parse_args()
    deep = [json.loads(path.read_text()) for path in args.deep]
    sample = [json.loads(path.read_text()) for path in args.sample]
    stability("deep attack", deep)
    if sample:
        stability("default attack", sample)
    found = weak_set(deep[0])
    missed = sorted(set.union(set(), *(weak_set(r) for r in sample)) - found)
    print(f"coverage: default-weak at any seed, not weak in the deep report: {len(missed)}")
    for problem_id in missed:
        seeds = [r["params"]["seed"] for r in sample if problem_id in weak_set(r)]
        print(f"  {problem_id} (default-weak at seeds {seeds})")
    left = []
    if args.peer:
        peer = json.loads(args.peer.read_text())
        peer_weak = {pid for pid, (verdict, _) in peer_verdicts(peer).items() if verdict == "weak"}
        problems = [
            p for p in load_benchmark(args.benchmark, args.data).problems if p.id in peer_weak - found
        ]
        differences = explain_all(problems, deep[0], peer)
        print(f"published tool: weak {len(peer_weak)}, of which not weak in the deep report {len(problems)}")
        for difference in differences:
            label = f"{difference.problem_id:<14} ours {difference.ours:<10}"
            print(f"  {label} [{difference.category}] {difference.reason}")
        left = [d for d in differences if d.category in ("sampling", "regression")]
        print(f"published weak only there, witness inside the contract (sampling) or regression: {len(left)}")
    return 1 if missed or left else 0


if __name__ == "__main__":
    sys.exit(main())
