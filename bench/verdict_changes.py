"""List every problem whose verdict differs between two `check --json` reports of one benchmark,
and explain each by judging the old report's survivors again under today's rules.

    python bench/verdict_changes.py BENCH [--data FILE] --before OLD.json --after NEW.json

A verdict is "weak", "judged" (not weak) or "excluded:<reason>". For a problem that was weak and
is not any more, each old survivor is judged again (``judge_program``) and its fate printed:
"slow" (it returns the right answer given more steps), "equivalent", "killed by a visible test",
or "survives". For a newly weak problem, its new survivors and witnesses are printed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import Prepared, judge_program, prepare, visible_calls
from gameability_tui.engine.inputs.contract import contract_violations, relation_violations
from gameability_tui.engine.inputs.harvest import harvest_calls
from gameability_tui.engine.model import AuditParams

PARAMS = AuditParams()


def outside_rules(problem, witnesses: list[str]) -> str:
    """Why the old witnesses are no longer drawn: the first v2 rule each breaks."""
    found = visible_calls(problem)
    if found is None:
        return ""
    _, name, visible = found
    reasons = []
    for text in witnesses[:3]:
        calls = harvest_calls([text], name)
        if calls:
            why = contract_violations(calls[0], visible) + relation_violations(calls[0], visible)
            reasons.append(why[0] if why else "inside the v2 rules")
    return "; ".join(reasons)


def verdict(entry: dict) -> str:
    if entry["status"] != "ok":
        return entry["status"]
    return "weak" if entry["n_survived"] else "judged"


def fate(problem, prepared: Prepared | None, source: str) -> str:
    if prepared is None:
        return "problem excluded now"
    judged = judge_program(problem, PARAMS, prepared, source)
    if judged.survived:
        return "survives"
    if judged.broken:
        return "killed by a visible test"
    if judged.truncated:
        return "truncated"
    return "slow (right answer given more steps)" if judged.slow else "equivalent"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--before", type=Path, required=True)
    parser.add_argument("--after", type=Path, required=True)
    parser.add_argument("--attack", default="sample", choices=("sample", "deep"))
    args = parser.parse_args()
    global PARAMS
    PARAMS = AuditParams(attack=args.attack)
    problems = {p.id: p for p in load_benchmark(args.benchmark, args.data).problems}
    before = {e["id"]: e for e in json.loads(args.before.read_text())["problems"]}
    after = {e["id"]: e for e in json.loads(args.after.read_text())["problems"]}
    changed = [pid for pid in after if pid in before and verdict(before[pid]) != verdict(after[pid])]
    for pid in changed:
        old, new = before[pid], after[pid]
        print(f"{pid}: {verdict(old)} -> {verdict(new)}")
        if verdict(old) == "weak":
            prepared = prepare(problems[pid], PARAMS)
            prepared = prepared if isinstance(prepared, Prepared) else None
            for survivor in old["survivors"]:
                change = f"line {survivor['line']}: {survivor['after'].strip()}"
                print(f"    old survivor {change} -> {fate(problems[pid], prepared, survivor['source'])}")
                print(f"        witnesses then: {', '.join(survivor.get('witnesses', [])[:2])[:200]}")
                rules = outside_rules(problems[pid], survivor.get("witnesses", []))
                print(f"        v2 rules: {rules[:300]}")
        for survivor in new["survivors"] if verdict(new) == "weak" else []:
            print(f"    new survivor line {survivor['line']}: {survivor['after'].strip()}")
            print(f"        witnesses: {', '.join(survivor.get('witnesses', [])[:2])[:200]}")
    print(f"verdicts changed: {len(changed)} of {len(after)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
