"""Why each problem's verdict differs between gameability-tui and the published tool.

    python bench/peer_differences.py BENCH [--data FILE] --ours OURS.json --peer PEER.json

Reads the two tools' JSON reports of the same benchmark (compare_peer.py writes both, and calls
this module itself). A verdict is judged, weak or excluded; a difference in the exclusion reason
alone is not a verdict difference. Each difference gets a reason that is measured, not guessed:

- the published tool excluded what we judge: its runaway mutants, its fixed step budget, or its
  inputs, read from its report and checked against our reference run;
- it found a survivor we did not: its surviving program is judged here by our engine's own rules
  (``judge_program``) and its witness input is checked against our input contract
  (``contract_violations``), which says whether we missed it or our rules reject it;
- we found a survivor it did not: ours, with the input that shows it is wrong.

Each reason has a class. "sampling" means both tools would call the mutant a survivor and only one
of them drew it (or drew an input that shows it): the difference is chance, in either direction.
"regression" means the published tool's finding is valid by our rules and our engine rejected it
for a reason of its own, or that we exclude a problem it judges by a rule it does not share;
compare_peer exits non-zero on any.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from gameability_tui.benchmarks import load_benchmark
from gameability_tui.engine.audit import Prepared, exact_test_steps, judge_program, prepare
from gameability_tui.engine.inputs.calls import Call
from gameability_tui.engine.inputs.fresh import contract_violations
from gameability_tui.engine.inputs.literals import evaluate_literal
from gameability_tui.engine.model import AuditParams, Problem

PUBLISHED_STEP_BUDGET = 200_000  # the published tool's fixed trace budget per run
MORE_INPUTS = 64  # fresh inputs drawn when a published survivor comes without its witness


@dataclass
class Difference:
    problem_id: str
    published: str
    ours: str
    category: str  # gain, sampling, contract, regression
    reason: str


def verdict_class(status: str, n_survived: int) -> str:
    if status != "ok":
        return "excluded"
    return "weak" if n_survived else "judged"


def ours_verdicts(report: dict) -> dict[str, tuple[str, dict]]:
    return {p["id"]: (verdict_class(p["status"], p.get("n_survived", 0)), p) for p in report["problems"]}


def peer_verdicts(report: dict) -> dict[str, tuple[str, dict]]:
    return {str(r["pid"]): (verdict_class(r["status"], r.get("n_survived", 0)), r) for r in report["rows"]}


def explain_all(problems: list[Problem], ours: dict, peer: dict) -> list[Difference]:
    params = AuditParams.from_dict(ours["params"])
    mine, theirs = ours_verdicts(ours), peer_verdicts(peer)
    found = []
    for problem in problems:
        if problem.id not in mine or problem.id not in theirs:
            continue
        (our_class, our_row), (peer_class, peer_row) = mine[problem.id], theirs[problem.id]
        if our_class == peer_class:
            continue
        category, reason = _explain(problem, params, our_row, peer_row, our_class, peer_class)
        published = peer_row["status"] if peer_class == "excluded" else peer_class
        ours_label = our_row["status"] if our_class == "excluded" else our_class
        found.append(Difference(problem.id, published, ours_label, category, reason))
    return found


def _explain(
    problem: Problem, params: AuditParams, ours: dict, peer: dict, our_class: str, peer_class: str
) -> tuple[str, str]:
    if peer_class == "excluded":
        return _published_excluded(problem, params, ours, peer)
    if our_class == "excluded":
        return _our_exclusion(ours)
    if peer_class == "weak":
        return _published_survivor(problem, params, peer)
    return _our_survivor(ours, peer)


def _our_exclusion(ours: dict) -> tuple[str, str]:
    """A problem the published tool judges and we exclude is lost, unless the rule is one both
    tools share: no literal calls to perturb, or no mutant shown broken (a sampling outcome)."""
    reason = ours["status"].removeprefix("excluded:")
    text = f"excluded here: {reason} ({ours.get('detail') or 'no detail'})"
    category = {"no-fresh-inputs": "contract", "no-broken-mutant": "sampling"}.get(reason, "regression")
    return category, text


def _published_excluded(problem: Problem, params: AuditParams, ours: dict, peer: dict) -> tuple[str, str]:
    status = peer["status"].removeprefix("excluded:")
    here = f"here {ours['n_broken']} of {ours['n_mutants']} mutants are broken"
    here += f", {ours['n_truncated']} truncated"
    if status == "no-genuinely-broken-mutant" and peer.get("truncated"):
        return "gain", (
            f"the published tool lost all {peer['truncated']} of its mutants to runaways (truncated); "
            f"here a runaway costs only its own candidate: {here}"
        )
    if status == "no-genuinely-broken-mutant":
        tried = peer.get("n_mutants", "?")
        return "gain", f"all {tried} published mutants equal the reference on its inputs; {here}"
    if status == "reference-fails-own-tests":
        prepared = prepare(problem, params)
        if isinstance(prepared, Prepared) and exact_test_steps(problem, params, prepared):
            steps = max(steps for _, _, steps in prepared.reference.tests.values())
            if steps > PUBLISHED_STEP_BUDGET:
                return "gain", (
                    f"the reference needs {steps:,} steps on its costliest test, over the published "
                    f"fixed {PUBLISHED_STEP_BUDGET:,}-step budget; here the reference is never cut short "
                    f"and each mutant's budget is scaled to the reference's own cost"
                )
            return "gain", f"the reference passes every test here ({steps:,} steps at most)"
    if status == "no-usable-oracle":
        answered = ours["n_fresh"] - ours["reference_raised"]
        return "gain", (
            f"the published reference raised on all its fresh inputs; here {answered} of "
            f"{ours['n_fresh']} contract inputs have an answer"
        )
    return "gain", f"published {status}; {here}"


def _published_survivor(problem: Problem, params: AuditParams, peer: dict) -> tuple[str, str]:
    prepared = prepare(problem, params)
    if not isinstance(prepared, Prepared):
        return "contract", f"excluded here: {prepared.status}"
    ours = {ast.dump(ast.parse(m.source)) for m in prepared.mutants}
    findings = []
    for index, example in enumerate(peer.get("examples", [])):
        witness = peer["witness"][index] if index < len(peer.get("witness", [])) else None
        findings.append(_replay(problem, params, prepared, ours, example["src"], witness))
    if not findings:
        return "sampling", "the published report shows no survivor program to replay"
    # The problem is a regression only if every published survivor is one.
    order = ("sampling", "oracle", "contract", "unconfirmed", "regression")
    category, text = min(findings, key=lambda finding: order.index(finding[0]))
    if len(findings) > 1:
        text += f" (1 of {len(findings)} published survivors)"
    return category, text


def _replay(
    problem: Problem, params: AuditParams, prepared: Prepared, ours: set[str], source: str, witness
) -> tuple[str, str]:
    change = f"`{_changed_line(problem.reference, source)}`"
    verdict = judge_program(problem, params, prepared, source)
    if verdict.survived:
        if ast.dump(ast.parse(source)) in ours:
            return "regression", f"{change} is one of our mutants and survives here, yet was not reported"
        return "sampling", f"{change} survives here too; it is not among our {len(prepared.mutants)} mutants"
    if verdict.truncated:
        return "regression", f"{change} hits a limit here before its verdict is known"
    if verdict.broken:
        return "regression", f"{change} fails a visible test here"
    call = _witness_call(witness)
    if call is None:  # no published input to add: draw more of our own instead
        more = replace(params, fresh_inputs=MORE_INPUTS)
        with_more = prepare(problem, more)
        if isinstance(with_more, Prepared) and judge_program(problem, more, with_more, source).survived:
            return "sampling", (
                f"{change} equals the reference on our {len(prepared.fresh)} inputs; with "
                f"{MORE_INPUTS} fresh inputs instead, it survives here too (the report gives no witness)"
            )
        return "unconfirmed", (
            f"{change} equals the reference on our inputs, also on {MORE_INPUTS} fresh ones; the "
            f"published report gives no witness to try"
        )
    shown = call.render(prepared.call_name)
    outside = contract_violations(call, prepared.visible)
    if outside:
        return "contract", f"{change} differs only on {shown}, outside the contract: {outside[0]}"
    # Add the published input to ours and judge again: the same engine must then agree.
    with_witness = prepare(replace(problem, hidden=problem.hidden + (shown,)), params)
    if isinstance(with_witness, Prepared) and judge_program(problem, params, with_witness, source).survived:
        return "sampling", (
            f"{change} equals the reference on our {len(prepared.fresh)} inputs; with the published "
            f"input {shown} (inside the contract) added, it survives here too"
        )
    return "oracle", f"{change} equals the reference here even on {shown} (the tests' == sees no difference)"


def _our_survivor(ours: dict, peer: dict) -> tuple[str, str]:
    first = ours["survivors"][0]
    witness = first["witnesses"][0] if first["witnesses"] else "an input on which the reference raises"
    more = f" (+{len(ours['survivors']) - 1} more)" if len(ours["survivors"]) > 1 else ""
    return "sampling", (
        f"here `{first['before'].strip()}` -> `{first['after'].strip()}`{more} survives, wrong on "
        f"{witness}; the published tool tried {peer.get('n_mutants', '?')} mutants and reports none"
    )


def _changed_line(before: str, after: str) -> str:
    """The one line a mutant changed. The published tool may re-lay out the code, so both sides
    are compared in ``ast.unparse``'s layout."""
    old, new = (ast.unparse(ast.parse(text)).splitlines() for text in (before, after))
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for tag, i1, _, j1, _ in matcher.get_opcodes():
        if tag != "equal" and i1 < len(old) and j1 < len(new):
            return _clip(old[i1].strip(), new[j1].strip())
    return "(no line changed)"


def _clip(before: str, after: str, width: int = 60) -> str:
    """Both sides of a long line cut to a window around where they first differ."""
    if max(len(before), len(after)) <= width:
        return f"{before} -> {after}"
    start = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), 0)
    start = max(0, start - width // 3)
    head = "..." if start else ""
    tail = ["..." if len(text) > start + width else "" for text in (before, after)]
    cut = [head + text[start : start + width] + end for text, end in zip((before, after), tail)]
    return f"{cut[0]} -> {cut[1]}"


def _witness_call(witness) -> Call | None:
    if not witness:
        return None
    try:
        return Call(tuple(evaluate_literal(f"({witness[0]},)")))
    except (ValueError, SyntaxError, TypeError):
        return None


def print_differences(differences: list[Difference]) -> None:
    counts: dict[str, int] = {}
    for difference in differences:
        counts[difference.category] = counts.get(difference.category, 0) + 1
    summary = ", ".join(f"{name} {count}" for name, count in sorted(counts.items()))
    print(f"\nproblems whose verdict differs: {len(differences)} ({summary or 'none'})")
    sampled = [d for d in differences if d.category == "sampling"]
    if sampled:
        here = sum(d.ours == "weak" for d in sampled)
        there = len(sampled) - here
        print(f"sampling, both ways: weak only here {here}, weak only in the published tool {there}")
    for d in differences:
        print(f"  {d.problem_id:<14} published {d.published:<40} ours {d.ours:<9} [{d.category}]")
        print(f"  {'':<14} {d.reason}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("benchmark")
    parser.add_argument("--data", type=Path)
    parser.add_argument("--ours", type=Path, required=True, help="gameability-tui check --json report")
    parser.add_argument("--peer", type=Path, required=True, help="gameability check --json report")
    args = parser.parse_args()
    benchmark = load_benchmark(args.benchmark, args.data)
    ours, peer = json.loads(args.ours.read_text()), json.loads(args.peer.read_text())
    differences = explain_all(list(benchmark.problems), ours, peer)
    print_differences(differences)
    return 1 if any(d.category == "regression" for d in differences) else 0


if __name__ == "__main__":
    sys.exit(main())
