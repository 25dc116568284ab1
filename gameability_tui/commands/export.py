"""``gameability-tui export``: write the reviewed fixes without opening the app."""

from __future__ import annotations

import argparse
from pathlib import Path


def build_export_parser() -> argparse.ArgumentParser:
    from ..cli import _add_benchmark

    parser = argparse.ArgumentParser(
        prog="gameability-tui export",
        description="Write the ACCEPTED asserts of a review, each re-run against the reference first "
        "(one that no longer passes is refused and named).",
    )
    _add_benchmark(parser)
    parser.add_argument("--db", type=Path, help="decisions database (default: in the user data folder)")
    parser.add_argument(
        "--fixes", type=Path, metavar="FILE", help="Python file of accepted asserts per problem"
    )
    parser.add_argument(
        "--patch", type=Path, metavar="FILE", help="the benchmark as JSONL with the accepted asserts added"
    )
    parser.add_argument("--summary", type=Path, metavar="FILE", help="Markdown summary of the review")
    return parser


def run_export(args: argparse.Namespace) -> int:
    from ..benchmarks import load_benchmark
    from ..benchmarks.base import LoadError
    from ..engine.model import AuditParams
    from ..export import worker_gate, write_export
    from ..store import DecisionStore, StoreError, default_db_path

    if not (args.fixes or args.patch or args.summary):
        raise LoadError("nothing to write: pass --fixes FILE, --patch FILE and/or --summary FILE")
    from .check import refuse_unwritable

    refuse_unwritable(args.fixes, args.patch, args.summary)
    benchmark = load_benchmark(args.benchmark, args.data)
    db_path = args.db or default_db_path()
    if not db_path.exists():
        raise LoadError(f"{db_path}: no decisions database. Review in the app first, or pass --db.")
    try:
        store = DecisionStore(db_path, benchmark.name)
        store.all_decisions()
    except StoreError as error:
        raise LoadError(str(error)) from None
    gate, close = worker_gate(AuditParams())
    try:
        plan = write_export(benchmark, store, gate, args.fixes, args.patch, args.summary)
    finally:
        close()
    count = sum(len(texts) for texts in plan.accepted.values())
    print(f"exported {count} accepted asserts in {len(plan.accepted)} problems ({plan.rejected} rejected)")
    for problem_id, text in plan.refused:
        print(f"refused (fails on the reference): {problem_id}: {text}")
    for path in (args.fixes, args.patch, args.summary):
        if path:
            print(f"  wrote {path}")
    return 0
