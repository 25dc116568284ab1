"""Default command: open the triage app on a benchmark."""

from __future__ import annotations

import argparse
from pathlib import Path


def run_app(args: argparse.Namespace) -> int:
    from ..cli import load, params_from
    from ..store import DecisionStore, ResultCache, StoreError, cache_path_for, default_db_path
    from ..tui.app import GameabilityApp

    benchmark = load(args)
    db_path = Path(args.db) if args.db else default_db_path()
    try:
        store = DecisionStore(db_path, benchmark.name, exclusive=True)
        store.all_decisions()  # read it now: a broken file is reported before the screen opens
    except StoreError as error:
        from ..benchmarks.base import LoadError

        raise LoadError(str(error)) from None
    cache = ResultCache(cache_path_for(db_path, f"{benchmark.name}-{benchmark.fingerprint()}"))
    confirm_with = None
    if args.confirm_with:
        from ..benchmarks import load_benchmark
        from .confirm import plus_id

        plus = {p.id: p for p in load_benchmark(args.confirm_with, args.plus_data).problems}
        confirm_with = {
            p.id: plus[plus_id(benchmark.name, p.id)]
            for p in benchmark.problems
            if plus_id(benchmark.name, p.id) in plus
        }
    app = GameabilityApp(
        benchmark,
        store,
        cache,
        params_from(args),
        workers=args.workers,
        export_dir=export_folder(args),
        confirm_with=confirm_with,
    )
    try:
        summary = app.run()
    finally:
        store.close()
    if summary:
        print(summary)  # the quit screen's line, left in the terminal
    return 0


def export_folder(args: argparse.Namespace) -> Path:
    """Where ``x`` offers to write: beside the benchmark's file, or here for a named benchmark."""
    if args.data is not None:
        data = Path(args.data)
        return data if data.is_dir() else data.parent
    spec = args.benchmark.split(":", 1)[1] if args.benchmark.startswith("kodcode:") else args.benchmark
    path = Path(spec)
    return path.parent.resolve() if path.is_file() else Path.cwd()
