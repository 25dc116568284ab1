"""``gameability-tui export``: write the reviewed fixes without opening the app.

Every output path is checked before any work is done (an audit can take a while; finding out
afterwards that the folder is missing or read-only would waste it), and each problem is one line.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from .options import (
    HelpFormatter,
    add_audit_settings,
    add_benchmark,
    add_db,
    audit_params,
    benchmark_file,
    executor_from,
    fingerprint_and_keys,
    open_store,
    refuse_bad_outputs,
)

if TYPE_CHECKING:
    from ..engine.executors.base import Executor

OUTPUTS = ("fixes", "patch", "diff", "summary")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        formatter_class=HelpFormatter,
        prog="gameability-tui export",
        description="Write the ACCEPTED asserts of a review, each re-run against the reference first "
        "(one that no longer passes is refused and named). Give the audit settings the review was "
        "made with (e.g. --attack deep): --summary judges every problem under them.",
    )
    add_benchmark(parser)
    add_db(parser)
    # The review's settings: the accepted asserts are gated, and --summary judges the problems,
    # under them (a review made with --attack deep is summed up against the deep audit).
    add_audit_settings(parser)
    parser.add_argument(
        "--fixes", type=Path, metavar="FILE", help="Python file of accepted asserts per problem"
    )
    parser.add_argument(
        "--patch",
        type=Path,
        metavar="FILE",
        help="the benchmark in its own format (HumanEval .jsonl.gz, MBPP .jsonl / .json, EvalPlus, "
        "KodCode, your JSONL) with the accepted asserts added; untouched rows are byte-identical",
    )
    parser.add_argument(
        "--diff",
        type=Path,
        metavar="FILE",
        help="unified diff of the patched file against the original (git apply / patch -p1); "
        "for a gzipped source, of the uncompressed text",
    )
    parser.add_argument(
        "--summary", type=Path, metavar="FILE", help="Markdown review: accepted, rejected, skipped, left weak"
    )
    return parser


def run(args: argparse.Namespace) -> int:
    from ..benchmarks import load_benchmark
    from ..errors import UserError
    from ..export import patch_suffix, worker_judge, write_export
    from ..store import default_db_path
    from ..words import counted

    if not any(getattr(args, name) for name in OUTPUTS):
        raise UserError("nothing to write: pass --fixes, --patch, --diff and/or --summary FILE")
    if args.limit is not None:
        raise UserError("--limit does not apply to export: it writes every reviewed problem.")
    refuse_bad_outputs({name: getattr(args, name) for name in OUTPUTS}, benchmark_file(args))
    benchmark = load_benchmark(args.benchmark, args.data)
    suffix = patch_suffix(benchmark)
    if args.patch is not None and not args.patch.name.endswith(suffix):
        raise UserError(
            f"--patch {args.patch}: {benchmark.name} is written as {suffix} (like its source); "
            f"name the file *{suffix}"
        )
    db_path = args.db or default_db_path()
    if not db_path.exists():
        raise UserError(f"{db_path}: no decisions database. Review in the app first, or pass --db.")
    store = open_store(db_path, benchmark.name)
    params = audit_params(args)
    results = audit_results(benchmark, db_path, params, executor_from(args)) if args.summary else None
    judge, close = worker_judge(params)
    try:
        plan = write_export(
            benchmark, store, None, args.fixes, args.patch, args.summary,
            diff=args.diff, results=results, judge=judge,
        )  # fmt: skip
    finally:
        close()
    print(
        f"exported {counted(plan.count, 'accepted assert')} in {counted(len(plan.accepted), 'problem')} "
        f"({len(plan.rejected)} rejected, {len(plan.skipped)} skipped)"
    )
    for problem_id, text, why in plan.refused:
        print(f"refused ({why}): {problem_id}: {text}")
    if plan.native is not None:
        origin = plan.native.source
        changed = len(plan.native.changed)
        print(f"  {changed} rows of {origin.name} changed; every other row is as in the source")
        if origin.hub is not None:
            print(f"  the rows patch the hub dataset {origin.hub.describe()}")
        for problem_id, text, why in plan.native.not_expressible:
            print(f"not expressible in {origin.name}: {problem_id}: {text} ({why})")
    for name in OUTPUTS:
        if getattr(args, name):
            print(f"  wrote {getattr(args, name)}")
    return 0


def audit_results(benchmark, db_path: Path, params, executor: Executor) -> dict:
    """The audit of every problem, for the review: the app's cache where it holds a problem,
    else audited now (the review names weak problems left unfixed, so it needs all of them).
    What is audited here goes into that cache, so the app does not audit it again, unless an app
    has the database open: it may be appending to the cache, which then is only read."""
    from ..store import ResultCache, cache_path_for, lock_if_free
    from ..store.cached_audit import CachedAudit
    from ..words import counted

    fingerprint, keys = fingerprint_and_keys(benchmark, params)
    lock = lock_if_free(db_path)
    cache = ResultCache(cache_path_for(db_path, benchmark.name, fingerprint), repair=lock is not None)
    audit = CachedAudit(benchmark.problems, params, cache, executor, keys, store_new=lock is not None)
    try:
        results = {result.id: result for result in audit.from_cache()}
        if audit.pending:
            missed = counted(len(audit.pending), "problem")
            print(f"auditing {missed} not in the app's cache, for the review...", flush=True)
            results.update((result.id, result) for result in audit.audited())
    finally:
        if lock is not None:
            lock.close()
    return results
