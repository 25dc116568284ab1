"""The ``gameability-tui`` command: open the triage app, or run ``check`` / ``export`` headless.

Heavy modules (textual, datasets, the engine) are imported only inside the command that needs
them, so ``--help`` answers at once. Errors a user can fix (bad data, missing files) are one line
on stderr with exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
COMMANDS = ("check", "export")

BENCHMARK_HELP = (
    "mbpp, mbpp-sanitized, humaneval, kodcode:FILE, or a .jsonl file "
    "(one JSON object per line: id, reference, tests, and optional entry, setup, hidden, "
    "call_alias, harvest, prompt)"
)
DATA_HELP = (
    "read the benchmark from this local file instead of the Hugging Face hub "
    "(e.g. mbpp.jsonl, sanitized-mbpp.json); or set GAMEABILITY_TUI_DATA to a folder holding them"
)
DESCRIPTION = """\
Find the problems in a code benchmark whose tests accept broken solutions, and fix them.

The audit breaks each problem's reference solution in one small place (a mutant), proves the
mutant really is wrong on fresh inputs, and checks whether the problem's own tests notice. A
problem is WEAK when a broken mutant passes every visible test.

  gameability-tui humaneval                 open the triage app on HumanEval
  gameability-tui check humaneval --json r.json --fixes f.py
                                            audit headless, write a report and candidate asserts
  gameability-tui check mbpp --data mbpp.jsonl
                                            MBPP from a local file (no hub access needed)
"""


def _add_benchmark(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("benchmark", help=BENCHMARK_HELP)
    parser.add_argument("--data", type=Path, metavar="FILE", help=DATA_HELP)


def _add_engine(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("audit settings (defaults reproduce the published figures)")
    group.add_argument("--mutants", type=int, default=24, help="mutants per problem (default 24)")
    group.add_argument("--fresh", type=int, default=8, help="fresh inputs per problem (default 8)")
    group.add_argument("--seed", type=int, default=0, help="seed for fresh inputs and --limit (default 0)")
    group.add_argument(
        "--inputs",
        choices=("contract", "free"),
        default="contract",
        help="contract: fresh inputs stay inside each argument's observed domain (default); "
        "free: unconstrained perturbation",
    )
    group.add_argument(
        "--oracle",
        choices=("eq", "repr"),
        default="eq",
        help="eq: a mutant is broken when its result is != the reference's, as the tests compare "
        "(default); repr: compare reprs, as the published tool does",
    )
    group.add_argument("--workers", type=int, default=None, help="parallel worker processes (default: cores)")
    group.add_argument(
        "--memory-mb", type=int, default=1024, help="address-space limit per candidate process (default 1024)"
    )
    group.add_argument(
        "--cpu-seconds",
        type=float,
        default=1.0,
        help="CPU-time backstop per mutant for loops inside C code (default 1, or 5x the reference's "
        "own CPU time if more; the step budget is the real limit)",
    )
    group.add_argument(
        "--limit", type=int, default=None, metavar="N", help="audit a seeded random sample of N"
    )
    group.add_argument(
        "--reference-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help="wall-clock and CPU limit for each problem's reference run (default 60); the reference "
        "has no step budget, so this is what stops a reference that never finishes",
    )
    group.add_argument(
        "--steps",
        type=int,
        default=20_000,
        metavar="N",
        help="step budget floor per test or input (default 20000); a mutant may use max(N, 10x the "
        "reference's own steps) before it counts as not returning",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gameability-tui",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Commands: check (headless audit), export (write reviewed fixes), confirm (re-run "
        "survivors against EvalPlus). See `gameability-tui COMMAND --help`.",
    )
    _add_benchmark(parser)
    parser.add_argument("--db", type=Path, help="decisions database (default: in the user data folder)")
    parser.add_argument(
        "--confirm-with",
        metavar="PLUS",
        help="humaneval-plus or mbpp-plus: after the audit, show for each weak problem whether EvalPlus's "
        "tests reject its survivors (confirmed) or not",
    )
    parser.add_argument(
        "--plus-data", type=Path, metavar="FILE", help="the EvalPlus release file (or its folder)"
    )
    _add_engine(parser)
    return parser


def build_check_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gameability-tui check",
        description="Audit a benchmark headless: progress, summary, the first weak problems.",
    )
    _add_benchmark(parser)
    _add_engine(parser)
    parser.add_argument("--json", type=Path, metavar="FILE", help="write the full report as JSON")
    parser.add_argument(
        "--fixes", type=Path, metavar="FILE", help="write gated candidate asserts (unreviewed)"
    )
    parser.add_argument("--show", type=int, default=5, metavar="N", help="weak problems to print (default 5)")
    return parser


def params_from(args: argparse.Namespace):
    from .engine.model import AuditParams

    return AuditParams(
        mutants=args.mutants,
        fresh_inputs=args.fresh,
        seed=args.seed,
        inputs=args.inputs,
        oracle=args.oracle,
        memory_mb=args.memory_mb,
        cpu_seconds=args.cpu_seconds,
        step_floor=args.steps,
        reference_seconds=args.reference_seconds,
    )


def load(args: argparse.Namespace):
    """The benchmark named on the command line, sampled with --limit."""
    import random

    from .benchmarks import load_benchmark

    benchmark = load_benchmark(args.benchmark, args.data)
    if args.limit is not None and args.limit < len(benchmark.problems):
        chosen = set(id(p) for p in random.Random(args.seed).sample(benchmark.problems, args.limit))
        benchmark.problems = [p for p in benchmark.problems if id(p) in chosen]
    return benchmark


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from .benchmarks.base import LoadError

    try:
        if argv and argv[0] == "check":
            from .commands.check import run_check

            return run_check(build_check_parser().parse_args(argv[1:]))
        if argv and argv[0] == "confirm":
            from .commands.confirm import build_confirm_parser, run_confirm

            return run_confirm(build_confirm_parser().parse_args(argv[1:]))
        if argv and argv[0] == "export":
            from .commands.export import build_export_parser, run_export

            return run_export(build_export_parser().parse_args(argv[1:]))
        args = build_parser().parse_args(argv)
        from .commands.app import run_app

        return run_app(args)
    except LoadError as error:
        print(f"gameability-tui: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("gameability-tui: interrupted; no output file was written.", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
