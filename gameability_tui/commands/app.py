"""The default command: open the triage app on a benchmark. Its parser is the top-level one, so
``gameability-tui --help`` is this command's help and introduces the whole tool."""

from __future__ import annotations

import argparse
import contextlib
import gc
import sys
from collections.abc import Iterator
from pathlib import Path

from ..errors import UserError
from .options import (
    HelpFormatter,
    add_audit_settings,
    add_benchmark,
    add_db,
    add_plus_data,
    add_ray,
    audit_params,
    executor_from,
    fingerprint_and_keys,
    load_plus_tasks,
    load_sampled,
    open_store,
)

DESCRIPTION = """\
Find the problems in a code benchmark whose tests accept broken solutions, and fix them.

The audit breaks each problem's reference solution in one small place (a mutant), proves the
mutant really is wrong on fresh inputs, and checks whether the problem's own tests notice. A
problem is WEAK when a broken mutant passes every visible test.

  gameability-tui humaneval
      open the triage app on HumanEval
  gameability-tui check humaneval --json r.json --fixes f.py
      audit headless, write a report and candidate asserts
  gameability-tui check mbpp --data mbpp.jsonl
      MBPP from a local file (no hub access needed)

Commands: check (headless audit), export (write reviewed fixes), confirm (re-run survivors against
EvalPlus). See `gameability-tui COMMAND --help`.
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gameability-tui",
        usage="gameability-tui [options] BENCHMARK\n       gameability-tui {check,export,confirm} ...",
        description=DESCRIPTION,
        formatter_class=HelpFormatter,
    )
    add_benchmark(parser)
    add_db(parser)
    parser.add_argument(
        "--confirm-with",
        metavar="PLUS",
        help="humaneval-plus or mbpp-plus: after the audit, show for each weak problem whether EvalPlus's "
        "tests reject its survivors (confirmed) or not",
    )
    add_plus_data(parser)
    add_audit_settings(parser)
    add_ray(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    from ..engine.executors.choice import join
    from ..store import ResultCache, cache_path_for, collector_paused, default_db_path
    from ..tui.app import GameabilityApp

    if args.db:
        refuse_unknown_folder(Path(args.db))  # before the benchmark is read: a slip said at once
    # What is read here is kept for the session, so the cycle collector is held off while it is
    # built (at 10^5 problems its passes over the growing heap were a third of the reading).
    with collector_paused():
        with step_note(f"reading {args.benchmark}..."):
            benchmark = load_sampled(args)
        executor = executor_from(args)
        join(executor)
        db_path = Path(args.db) if args.db else default_db_path()
        store = open_store(db_path, benchmark.name, exclusive=True)
        params = audit_params(args)
        with step_note(f"keying {len(benchmark.problems):,} problems..."):
            fingerprint, keys = fingerprint_and_keys(benchmark, params)
        with step_note("reading the result cache..."):
            cache = ResultCache(cache_path_for(db_path, benchmark.name, fingerprint))
    confirm_with = None
    if args.confirm_with:
        from ..benchmarks.evalplus import plus_id

        plus = load_plus_tasks(args.confirm_with, args.plus_data)
        confirm_with = {
            p.id: plus[plus_id(benchmark.name, p.id)]
            for p in benchmark.problems
            if plus_id(benchmark.name, p.id) in plus
        }
    app = GameabilityApp(
        benchmark,
        store,
        cache,
        params,
        keys=keys,
        export_dir=export_folder(args),
        confirm_with=confirm_with,
        executor=executor,
    )
    try:
        summary = app.run()
    finally:
        store.close()
    if summary:
        print(summary)  # the quit screen's line, left in the terminal
    # The session's objects are garbage now, but held in reference cycles (the app and its
    # widgets), so only the cycle collector can free them, and its last pass as Python exits takes
    # seconds at 10^5 problems: the terminal would hang after the summary. Everything is saved by now
    # (the cache on unmount, the decisions as made), so they are frozen out of that pass instead,
    # and the operating system takes the memory back.
    gc.freeze()
    return 0


def refuse_unknown_folder(db_path: Path) -> None:
    """A ``--db`` in a folder that does not exist is a typo more often than a new review: taken
    as given, it started an empty review (and a full audit, the cache lives beside it) without a
    word. A new review goes in a folder that exists; there the app says the database is new."""
    folder = db_path.expanduser().parent
    if not db_path.exists() and not folder.exists():
        raise UserError(
            f"--db {db_path}: no folder {folder}, so no review to resume there. Check the path, "
            f"or create the folder (mkdir -p {folder}) to start a new review in it."
        )


@contextlib.contextmanager
def step_note(text: str) -> Iterator[None]:
    """Before the screen opens, a large benchmark takes seconds to read, key and match against its
    cache: a line on a terminal's stderr says which step is under way, erased when it ends.

    Written once, with no thread: a spinner's refresh thread makes the main thread hand over the
    interpreter lock every few milliseconds, which a 10^5-problem open pays for in seconds."""
    shown = sys.stderr.isatty()
    if shown:
        sys.stderr.write(text)
        sys.stderr.flush()
    try:
        yield
    finally:
        if shown:
            sys.stderr.write("\r\x1b[K")  # back to the line's start, and clear it
            sys.stderr.flush()


def export_folder(args: argparse.Namespace) -> Path:
    """Where ``x`` offers to write: beside the benchmark's file, or here for a named benchmark."""
    from ..benchmarks import named_file

    if args.data is not None:
        data = Path(args.data)
        return data if data.is_dir() else data.parent
    path = named_file(args.benchmark)
    return path.parent.resolve() if path is not None and path.is_file() else Path.cwd()
