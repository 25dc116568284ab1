"""``gameability-tui check``: the headless audit with progress, summary and the first weak problems."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from ..benchmarks import Benchmark
from ..engine.executors.choice import open_census
from ..engine.model import ProblemResult
from ..engine.sandbox import local_notes
from ..engine.stats import Summary
from ..errors import UserError
from ..files import write_atomically
from ..report import fixes_text, report_dict, write_json
from ..resultlog import ResultLog
from ..words import counted, share_text
from .options import (
    HelpFormatter,
    add_audit_settings,
    add_benchmark,
    add_ray,
    audit_params,
    benchmark_file,
    executor_from,
    positive,
    refuse_bad_outputs,
)
from .streaming import Collected, Feed, open_source, resume

if TYPE_CHECKING:
    from ..engine.executors.ray_cluster import RayCensus

EXIT_INTERRUPTED = 130  # cli.py's: what a shell reports for Ctrl-C


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        formatter_class=HelpFormatter,
        prog="gameability-tui check",
        description="Audit a benchmark headless: progress, summary, the first weak problems.",
    )
    add_benchmark(parser)
    add_audit_settings(parser)
    add_ray(parser)
    parser.add_argument(
        "--plus-data",
        type=Path,
        metavar="FILE",
        help="EvalPlus's release file (MbppPlus-v0.2.0.jsonl.gz for mbpp and mbpp-sanitized, "
        "HumanEvalPlus-v0.1.10.jsonl.gz for humaneval) or its folder: its fixed canonical solution and "
        "written contract are set beside each problem's own reference (same function, same number of "
        "parameters), and a candidate assert they reject is flagged 'reference:' (the reference looks "
        "wrong there: a finding about the benchmark, not a test to add). The audit itself is unchanged: "
        "same inputs, same verdicts",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the full report as JSON")
    parser.add_argument(
        "--fixes", type=Path, metavar="FILE", help="write gated candidate asserts (unreviewed)"
    )
    parser.add_argument(
        "--show",
        type=positive(int, or_zero=True),
        default=5,
        metavar="N",
        help="weak problems to print (default 5)",
    )
    parser.add_argument(
        "--jsonl",
        type=Path,
        metavar="FILE",
        help="write one JSON line per problem as it is judged, with the settings that made it "
        "(loads with datasets.load_dataset('json', data_files=FILE))",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="with --jsonl: keep the results already in FILE that were made with the same settings "
        "and audit only the other problems",
    )
    return parser


def run(args: argparse.Namespace) -> int:
    # A line is never broken in the middle where the output is a file or a pipe (Rich assumes 80
    # columns there): each stays whole for grep and for the reader.
    console = Console(stderr=False, soft_wrap=True)
    # Before the audit, not after it.
    refuse_bad_outputs({"json": args.json, "fixes": args.fixes, "jsonl": args.jsonl}, benchmark_file(args))
    if args.resume and args.jsonl is None:
        raise UserError("--resume needs --jsonl FILE: the results file to resume.")
    params = audit_params(args)
    source = open_source(args)
    collected = Collected(keep=bool(args.json or args.fixes), show=args.show)
    reused = resume(console, args.jsonl, params, source, collected) if args.resume else set()
    feed = Feed(source.problems(), skip=reused, hashed=args.jsonl is not None)
    for note in source.notes:
        print(f"gameability-tui: note: {note}", file=sys.stderr)
    if args.ray is None:  # a cluster's nodes are checked for the counter instead
        for note in local_notes():
            print(f"gameability-tui: note: {note}", file=sys.stderr)
    started = time.monotonic()
    census = open_census(feed if source.streamed else list(feed), params, executor_from(args))
    log = ResultLog(args.jsonl, params, append=args.resume) if args.jsonl else None
    with Progress(
        TextColumn("[bold]auditing {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("weak {task.fields[weak]}"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,  # a file or pipe gets the summary, not a stray blank line
    ) as progress:
        task = progress.add_task(
            source.benchmark.name, total=source.total, completed=collected.tally.count, weak=collected.weak
        )
        try:
            for result in census:
                index, sha = feed.taken.pop(result.id)
                with keyboard_interrupts_deferred():  # a line written is a result counted
                    if log is not None:
                        log.write(result, sha)
                    collected.add(index, result)
                progress.update(task, advance=1, weak=collected.weak)
        except KeyboardInterrupt:
            if log is None:
                raise
            with keyboard_interrupts_held():  # a second Ctrl-C must not cut the last lines short
                census.cancel()
                log.close()
            print(
                f"gameability-tui: interrupted; {collected.tally.count} results are in {args.jsonl} "
                "(run again with --resume to audit the rest).",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
        finally:  # Ctrl-C included: no worker or candidate outlives the command
            census.cancel()
            if log is not None:
                log.close()
    elapsed = time.monotonic() - started
    summary = collected.tally.summary()
    # The files first: a terminal that goes away, or `| head`, must not cost the audit's outputs.
    results = collected.results()
    if args.json:
        write_json(args.json, report_dict(source.benchmark, params, summary, results))
    if args.fixes:
        write_atomically(args.fixes, fixes_text(source.benchmark, results))
    print_summary(console, source.benchmark, summary, elapsed, census.workers, collected.first_excluded)
    if args.ray:
        print_ray(console, census)
    print_weak(console, collected.first_weak(), args.show, collected.weak)
    if args.json:
        console.print(f"report written to {args.json}")
    if args.fixes:
        console.print(f"candidate asserts written to {args.fixes}")
    if args.jsonl:
        console.print(f"{collected.tally.count} result lines in {args.jsonl}", soft_wrap=True)
    return 0


@contextlib.contextmanager
def keyboard_interrupts_deferred() -> Iterator[None]:
    """Ctrl-C held back, not lost, until the block ends (where the platform can block a signal):
    pressed between a result's line and its count, the message said one result fewer than the
    file holds (seen under load in the test suite)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def keyboard_interrupts_held() -> Iterator[None]:
    """Ctrl-C ignored while the results file is closed (its last lines flushed and fsync'd): the
    user pressing it again, waiting, would otherwise lose them and the message saying where
    the rest is."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def print_summary(
    console: Console,
    benchmark: Benchmark,
    summary: Summary,
    elapsed: float,
    workers: int,
    first_excluded: Callable[[str], list[str]],
) -> None:
    """The audit's figures; ``first_excluded`` names the first problems excluded for a reason."""
    console.print(
        f"[bold]{benchmark.name}[/bold]  ({benchmark.source})  "
        f"{elapsed:.1f} s on {counted(workers, 'worker')}"
    )
    for reason, count in benchmark.dropped.items():
        if count:
            console.print(f"  dropped before the audit: {count} ({reason})")
    console.print(
        f"  supplied {summary.supplied}, judged {summary.judged}, "
        f"excluded {summary.supplied - summary.judged}"
    )
    for reason, count in summary.excluded.items():
        named = first_excluded(reason)
        more = f" and {count - len(named)} more" if count > len(named) else ""
        which = f": {', '.join(named)}{more}" if named else ""
        console.print(f"    excluded {count:4d}  {reason}{which}", markup=False)
    console.print(f"  weak {share_text(summary.weak, summary.judged)}", style="bold", markup=False)
    if summary.weak_unsure:
        console.print(
            f"    of which weak? {summary.weak_unsure}: every candidate assert is flagged (a sentinel, "
            "a convention, a tie, an input the task's text excludes, a reference that looks wrong): "
            "needs judgement",
            markup=False,
        )
    console.print(
        f"  mutants {summary.mutants}: equivalent {summary.equivalent}, broken {summary.broken}, "
        f"survived {summary.survived}, truncated {summary.truncated}, slow but right {summary.slow}"
    )
    if summary.fresh_inputs:
        share = 100 * summary.reference_raised / summary.fresh_inputs
        console.print(
            f"  the reference raised on {summary.reference_raised} of {summary.fresh_inputs} "
            f"fresh inputs ({share:.1f}%)"
        )
    table = Table("mutant kind", "built", "broken", "survived", "survival", box=None, padding=(0, 2))
    for kind, counts in summary.by_kind.items():
        broken = counts.get("broken", 0)
        rate = f"{100 * counts.get('survived', 0) / broken:.1f}%" if broken else "-"
        table.add_row(kind, str(counts.get("built", 0)), str(broken), str(counts.get("survived", 0)), rate)
    console.print(table)


def print_ray(console: Console, census: RayCensus) -> None:
    """Which nodes did the work, and how many problems were run again after losing their node."""
    nodes = ", ".join(sorted(census.nodes)) or "none"
    console.print(
        f"  on Ray: {census.workers} actors on nodes {nodes}; "
        f"problems run again after losing their worker: {census.lost}"
    )


def print_weak(
    console: Console, results: list[ProblemResult], show: int, weak_total: int | None = None
) -> None:
    """The first ``show`` weak problems of ``results``; ``weak_total`` when ``results`` holds only
    some of them (a streamed audit keeps just the first few)."""
    weak = [r for r in results if r.weak]
    for result in weak[:show]:
        survivor = result.survivors[0]
        console.print(
            f"  {result.id} -- {result.n_survived} of {result.n_broken} broken solutions "
            "pass every visible test",
            markup=False,
            soft_wrap=True,
        )
        console.print(f"      -{survivor.before}", markup=False, style="red", soft_wrap=True)
        console.print(f"      +{survivor.after}", markup=False, style="green", soft_wrap=True)
        catching = next(
            (a for a in result.asserts if 0 in a.kills), result.asserts[0] if result.asserts else None
        )
        if catching is not None:
            console.print(f"      a test that catches it: {catching.text}", markup=False, soft_wrap=True)
        else:
            console.print(
                "      no assert could be written for it (its witnesses are not literals)", markup=False
            )
    total = len(weak) if weak_total is None else weak_total
    if total > show:
        console.print(f"  ... and {total - show} more weak problems (--show N, --json FILE)")
