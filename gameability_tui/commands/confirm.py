"""``gameability-tui confirm BENCH --with PLUS``: are the flagged problems confirmed by EvalPlus?

A flagged (weak) problem is CONFIRMED when at least one of its survivors, which passes the
original tests by construction, fails EvalPlus's tests of the same task.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from .options import (
    HelpFormatter,
    add_audit_settings,
    add_benchmark,
    add_plus_data,
    audit_params,
    load_plus_tasks,
    load_sampled,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        formatter_class=HelpFormatter,
        prog="gameability-tui confirm",
        description="Audit BENCH, then re-run every survivor of every weak problem against the EvalPlus "
        "tests of the same task (--with). Prints the confirmed share with its 95% interval and the "
        "unconfirmed problems.",
    )
    add_benchmark(parser)
    add_audit_settings(parser)
    parser.add_argument("--with", dest="plus", required=True, help="humaneval-plus or mbpp-plus")
    add_plus_data(parser)
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the confirmation report")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="confirm the weak problems of this `check --json` report of BENCH instead of auditing "
        "again (its audit settings are used; the audit settings above are then ignored)",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..benchmarks.evalplus import plus_id
    from ..engine.audit.confirm import rejected_by_checks
    from ..engine.executors.local import Census
    from ..engine.stats import wilson_interval
    from ..errors import UserError
    from ..files import write_atomically
    from ..report import sort_results
    from ..words import share_text

    console = Console()
    benchmark = load_sampled(args)
    family = next((name for name in ("humaneval", "mbpp") if benchmark.name.startswith(name)), None)
    if family is not None and not args.plus.startswith(family):
        raise UserError(
            f"--with {args.plus} holds the tasks of another benchmark than {benchmark.name}: "
            f"confirm {benchmark.name} --with {family}-plus"
        )
    if args.report is not None:
        params, results = read_check_report(args.report, benchmark)
    plus = load_plus_tasks(args.plus, args.plus_data)
    if args.report is None:
        params = audit_params(args)
        with console.status(f"auditing {benchmark.name}..."):
            census = Census(benchmark.problems, params, workers=args.workers)
            try:
                results = sort_results(list(census), benchmark)
            finally:
                census.cancel()
    weak = [r for r in results if r.weak]
    rows, confirmed, unconfirmed, uncovered = [], [], [], []
    with console.status(f"re-running survivors against {args.plus}..."):
        for result in weak:
            target = plus.get(plus_id(benchmark.name, result.id))
            if target is None:
                uncovered.append(result.id)
                continue
            verdicts = rejected_by_checks(target, [s.source for s in result.survivors], params)
            (confirmed if any(v is True for v in verdicts) else unconfirmed).append(result.id)
            rows.append({"id": result.id, "plus_id": target.id, "survivors_rejected_by_plus": verdicts})
    covered = len(confirmed) + len(unconfirmed)
    low, high = wilson_interval(len(confirmed), covered)
    share = len(confirmed) / covered if covered else 0.0
    console.print(
        f"[bold]{benchmark.name}[/bold]: {len(weak)} weak problems, {covered} covered by {args.plus}, "
        f"{len(uncovered)} not covered"
    )
    console.print(f"  confirmed {share_text(len(confirmed), covered)}", style="bold", markup=False)
    if unconfirmed:
        console.print(
            "  not confirmed (look twice: the survivor may be wrong only on inputs the problem "
            "never allowed): " + ", ".join(unconfirmed),
            soft_wrap=True,
        )
    if args.json:
        report = {
            "benchmark": benchmark.name,
            "with": args.plus,
            "weak": len(weak),
            "covered": covered,
            "confirmed": confirmed,
            "unconfirmed": unconfirmed,
            "not_covered": uncovered,
            "confirmed_share": share,
            "confirmed_ci": [low, high],
            "params": params.to_dict(),
            "problems": rows,
        }
        write_atomically(args.json, json.dumps(report, indent=1) + "\n")
        console.print(f"confirmation report written to {args.json}")
    return 0


def read_check_report(path: Path, benchmark) -> tuple:
    """The audit settings and results of a ``check --json`` report of ``benchmark``; a report of
    another benchmark (or version of it) is refused, in one line."""
    from ..engine.model import AuditParams, ProblemResult
    from ..errors import UserError

    try:
        data = json.loads(path.read_text())
        params = AuditParams.from_dict(data["params"])
        results = [ProblemResult.from_dict(row) for row in data["problems"]]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UserError(f"{path}: not a readable `check --json` report ({error})") from None
    if data.get("fingerprint") != benchmark.fingerprint():
        raise UserError(
            f"{path}: made from another benchmark or version of it than {benchmark.name} "
            f"(fingerprint {data.get('fingerprint')!r}); run `check --json` on it again"
        )
    return params, results
