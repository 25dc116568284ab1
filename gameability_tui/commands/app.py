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
        benchmark, store, cache, params_from(args), workers=args.workers, confirm_with=confirm_with
    )
    app.run()
    store.close()
    return 0
