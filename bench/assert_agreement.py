"""How often is a candidate assert right? Each weak problem's asserts, judged by EvalPlus.

    python bench/assert_agreement.py --reports DIR            # DIR/{mbpp,humaneval}-{sample,deep}.json
    python bench/assert_agreement.py --run DIR [-- CHECK ARGS] # make those reports first, then judge

An independent proxy for a maintainer's review: the audit is given no EvalPlus data (``check mbpp``,
``check humaneval``), and each candidate assert it writes is then run against EvalPlus's FIXED
canonical solution with EvalPlus's written input contract (its ``# $_CONTRACT_$`` lines) put back
at the top of the entry. An assert agrees when it passes there: the expected value is the fixed
reference's, and the input is one the task allows.

Threats to this measure, and what is done about each:
- A task whose EvalPlus entry has another name or number of parameters would fail every assert
  for a reason unrelated to the assert: such problems are skipped and counted.
- So would a task EvalPlus answers otherwise throughout (MBPP/406 returns a bool where MBPP's
  tests expect 'Even Parity', /92 takes an int where they pass a string): where not one of the
  original benchmark's own visible tests passes on EvalPlus's reference, the two do not pose the
  same task, and the problem is skipped and counted ("EvalPlus changed the task").
  ``--keep-changed-tasks`` judges them anyway (the measure as first published).
- An assert that loops in the fixed reference would hang the measure: each runs under an alarm in
  a child process, and a timeout counts as disagreeing.
- EvalPlus compares floats within ``atol``; our asserts carry their own tolerance, so no float is
  judged here by a rule stricter than the assert's own.
- Data absent (``../shared/data``): the benchmark is skipped with the reason, never counted as 0.

Two readings of "first assert agrees", both printed, per audit and pooled:

- every weak problem judged: the first assert the tool shows, flagged or not;
- leaving out the weak? problems (every assert flagged: the tool itself says it stands behind
  none of them and the problem needs judgement); how many those are, and how often their first
  assert agrees anyway, is printed beside, so nothing is hidden.

Printed per benchmark x attack: weak problems judged, first asserts agreeing (count, %) both ways,
weak problems with at least one agreeing assert, and how the assert flags split agreeing and
disagreeing asserts (all asserts, and per flag kind); then the pooled shares.
"""

from __future__ import annotations

import argparse
import ast
import gzip
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

from gameability_tui.engine.inputs.written import with_contract

# the development data beside the project (../shared/data), unless the environment names it
DATA = Path(os.environ.get("GAMEABILITY_TUI_DATA", Path(__file__).resolve().parents[2] / "shared" / "data"))
PLUS_FILES = {"mbpp": "MbppPlus-v0.2.0.jsonl.gz", "humaneval": "HumanEvalPlus-v0.1.10.jsonl.gz"}
RUNS = [("mbpp", "sample"), ("mbpp", "deep"), ("humaneval", "sample"), ("humaneval", "deep")]
ASSERT_SECONDS = 5


def plus_rows(kind: str) -> dict[str, dict] | None:
    path = DATA / "evalplus" / PLUS_FILES[kind]
    if not path.is_file():
        return None
    with gzip.open(path, "rt") as handle:
        rows = [json.loads(line) for line in handle]
    return {row["task_id"]: row for row in rows}


def plus_id(kind: str, problem_id: str) -> str:
    return f"Mbpp/{problem_id}" if kind == "mbpp" else problem_id


def parameters(source: str, entry: str) -> list[str] | None:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return [arg.arg for arg in node.args.args]
    return None


RUNNER = """
import json, signal, sys
spec = json.loads(sys.stdin.read())
def alarm(*_):
    raise TimeoutError
signal.signal(signal.SIGALRM, alarm)
space = {}
exec(compile(spec["program"], "<fixed>", "exec"), space)
exec(compile(spec["setup"], "<setup>", "exec"), space)
space["candidate"] = space[spec["entry"]]
verdicts = []
for text in spec["asserts"]:
    signal.alarm(spec["seconds"])
    try:
        exec(compile(text, "<assert>", "exec"), dict(space))
        verdicts.append("agrees")
    except AssertionError as error:
        verdicts.append("contract refuses" if "invalid input" in str(error) else "differs")
    except BaseException as error:
        verdicts.append("raises " + type(error).__name__)
    finally:
        signal.alarm(0)
print(json.dumps(verdicts))
"""


def judge(program: str, setup: str, entry: str, asserts: list[str]) -> list[str]:
    """Each assert's verdict against ``program`` (one child process for the problem)."""
    spec = json.dumps(
        {"program": program, "setup": setup, "entry": entry, "asserts": asserts, "seconds": ASSERT_SECONDS}
    )
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUNNER],
            input=spec,
            capture_output=True,
            text=True,
            timeout=ASSERT_SECONDS * len(asserts) + 30,
        )
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (subprocess.TimeoutExpired, IndexError, json.JSONDecodeError):
        return ["did not run"] * len(asserts)


def originals(kind: str) -> dict:
    from gameability_tui.benchmarks import load_benchmark

    return {problem.id: problem for problem in load_benchmark(kind).problems}


def measure(
    kind: str, report: dict, rows: dict[str, dict], problems: dict, keep_changed: bool = False
) -> dict:
    weak = [p for p in report["problems"] if p["status"] == "ok" and p["n_survived"] and p["asserts"]]
    skipped: Counter = Counter()
    first_agree = any_agree = judged = 0
    flags: Counter = Counter()  # (agrees?, flagged?) over every assert
    kinds: Counter = Counter()  # (flag kind, agrees?) over every flagged assert
    unsure = Counter()  # weak? problems (every assert flagged): (first agrees?)
    disagreeing: list[str] = []
    for entry in weak:
        row = rows.get(plus_id(kind, entry["id"]))
        problem = problems.get(entry["id"])
        if row is None or problem is None:
            skipped["no EvalPlus task"] += 1
            continue
        fixed = (row["prompt"] if kind == "humaneval" else "") + row["canonical_solution"]
        fixed_parameters = parameters(fixed, row["entry_point"])
        original_parameters = parameters(problem.reference, entry["entry"]) or []
        if row["entry_point"] != entry["entry"] or (
            fixed_parameters is None or len(fixed_parameters) != len(original_parameters)
        ):
            skipped["EvalPlus signature differs"] += 1
            continue
        program = with_contract(fixed, row["entry_point"], row.get("contract", ""))
        if not keep_changed and changed_task(program, problem, row["entry_point"]):
            skipped["EvalPlus changed the task"] += 1
            continue
        texts = [a["text"] for a in entry["asserts"]]
        verdicts = judge(program, problem.setup, row["entry_point"], texts)
        judged += 1
        first_agree += verdicts[0] == "agrees"
        any_agree += "agrees" in verdicts
        if verdicts[0] != "agrees":
            disagreeing.append(f"{entry['id']}: {verdicts[0]}: {texts[0][:110]}")
        for candidate, verdict in zip(entry["asserts"], verdicts):
            flags[(verdict == "agrees", bool(candidate.get("flags")))] += 1
            for flag_kind in {flag.split(":")[0] for flag in candidate.get("flags", ())}:
                kinds[(flag_kind, verdict == "agrees")] += 1
        if all(candidate.get("flags") for candidate in entry["asserts"]):
            unsure[verdicts[0] == "agrees"] += 1
        else:
            unsure["clean"] += 1
            unsure["clean first agrees"] += verdicts[0] == "agrees"
    return dict(
        weak=len(weak), judged=judged, first=first_agree, any=any_agree, skipped=dict(skipped),
        flags=flags, kinds=kinds, unsure=unsure, disagreeing=disagreeing,
    )  # fmt: skip


def changed_task(program: str, problem, entry: str) -> bool:
    """Whether not one of the problem's own visible tests that call it passes on ``program``."""
    calling = [test for test in problem.tests if entry in test or "candidate" in test]
    return bool(calling) and "agrees" not in judge(program, problem.setup, entry, calling)


def make_reports(folder: Path, extra: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for kind, attack in RUNS:
        out = folder / f"{kind}-{attack}.json"
        # this interpreter's install, whether or not its scripts folder is on PATH
        command = [sys.executable, "-m", "gameability_tui", "check", kind, "--attack", attack]
        command += ["--json", str(out), *extra]
        print("$", " ".join(command), file=sys.stderr)
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--reports", type=Path, help="folder holding {mbpp,humaneval}-{sample,deep}.json")
    where.add_argument("--run", type=Path, help="audit first, writing the four reports here")
    parser.add_argument("--show", type=int, default=0, help="list this many disagreeing first asserts each")
    parser.add_argument(
        "--keep-changed-tasks",
        action="store_true",
        help="judge problems whose EvalPlus reference passes none of their own visible tests too",
    )
    parser.add_argument("check_args", nargs="*", help="extra `check` arguments with --run (after --)")
    args = parser.parse_args()
    if args.run:
        make_reports(args.run, args.check_args)
    folder = args.run or args.reports
    pooled: Counter = Counter()
    for kind in ("mbpp", "humaneval"):
        rows = plus_rows(kind)
        if rows is None:
            absent = DATA / "evalplus" / PLUS_FILES[kind]
            print(f"{kind}: skipped: {absent} is absent (set GAMEABILITY_TUI_DATA)")
            continue
        problems = originals(kind)
        for attack in ("sample", "deep"):
            path = folder / f"{kind}-{attack}.json"
            if not path.is_file():
                print(f"{kind} {attack}: skipped: no report at {path}")
                continue
            found = measure(kind, json.loads(path.read_text()), rows, problems, args.keep_changed_tasks)
            unsure = found["unsure"]
            counted = dict(
                first=found["first"], judged=found["judged"], any=found["any"],
                clean_first=unsure["clean first agrees"], clean=unsure["clean"],
                unsure=unsure[True] + unsure[False], unsure_first=unsure[True],
            )  # fmt: skip
            pooled.update(counted)
            print(
                f"{kind:9} {attack:6} weak {found['weak']:3}, judged {found['judged']:3} "
                f"(skipped {found['skipped'] or 0}); "
                f"first assert agrees {_share(counted['first'], counted['judged'])}; "
                f"outside weak? {_share(counted['clean_first'], counted['clean'])} "
                f"(weak? {counted['unsure']}, first agrees in {counted['unsure_first']}); "
                f"problems with an agreeing assert {found['any']}"
            )
            split = found["flags"]
            by_kind = ", ".join(
                f"{name} {found['kinds'][(name, True)]}/{found['kinds'][(name, False)]}"
                for name in sorted({name for name, _ in found["kinds"]})
            )
            print(
                f"{'':17}asserts: agreeing {split[(True, False)]} unflagged + {split[(True, True)]} flagged; "
                f"disagreeing {split[(False, False)]} unflagged + {split[(False, True)]} flagged"
                + (f"; by flag (agree/disagree): {by_kind}" if by_kind else "")
            )
            for line in found["disagreeing"][: args.show]:
                print(f"{'':17}- {line}")
    if pooled["judged"]:
        print(
            f"pooled: first assert agrees {_share(pooled['first'], pooled['judged'], 1)} "
            f"(every weak problem); {_share(pooled['clean_first'], pooled['clean'], 1)} outside the "
            f"{pooled['unsure']} weak? ones (their first agrees in {pooled['unsure_first']}); "
            f"problems with an agreeing assert {pooled['any']}"
        )
    return 0


def _share(part: int, whole: int, digits: int = 0) -> str:
    return f"{part}/{whole} = {100 * part / whole:.{digits}f}%" if whole else f"{part}/0"


if __name__ == "__main__":
    sys.exit(main())
