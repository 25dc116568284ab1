"""What the commands share, written once: their arguments, the audit settings they build, the
benchmark they load (sampled with ``--limit``) and the decisions database they open.

Nothing here imports the engine, the loaders or the store at module level: ``--help`` must answer
before any of them is loaded. Every failure a user can fix is raised as a ``UserError``, which the
entry point prints as one line.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..benchmarks import NAMES
from ..errors import UserError

if TYPE_CHECKING:
    from ..benchmarks import Benchmark
    from ..engine.executors.base import Executor
    from ..engine.model import AuditParams, Problem
    from ..store import DecisionStore


class HelpFormatter(argparse.HelpFormatter):
    """Help wrapped at spaces only: wrapping at a hyphen split names a user types whole
    (``mbpp-`` / ``plus``, ``sanitized-`` / ``mbpp.json``). A description's paragraphs are wrapped
    to the terminal; an indented one (a block of examples) is kept as written."""

    def _split_lines(self, text: str, width: int) -> list[str]:
        import textwrap

        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False, break_long_words=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        paragraphs = []
        for paragraph in text.strip("\n").split("\n\n"):
            if paragraph.startswith(" "):
                paragraphs.append("\n".join(indent + line for line in paragraph.splitlines()))
            else:
                lines = self._split_lines(paragraph, width - len(indent))
                paragraphs.append("\n".join(indent + line for line in lines))
        return "\n\n".join(paragraphs)


BENCHMARK_HELP = (
    f"{', '.join(NAMES)}, kodcode:FILE, or a .jsonl file "
    "(one JSON object per line: id, reference, tests, and optional entry, setup, hidden, "
    "call_alias, harvest, prompt)"
)
DATA_HELP = (
    "read the benchmark from this local file instead of the Hugging Face hub "
    "(e.g. mbpp.jsonl, sanitized-mbpp.json); or set GAMEABILITY_TUI_DATA to a folder holding them"
)


def add_benchmark(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("benchmark", help=BENCHMARK_HELP)
    parser.add_argument("--data", type=Path, metavar="FILE", help=DATA_HELP)


def add_db(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", type=Path, help="decisions database (default: in the user data folder)")


def add_plus_data(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--plus-data", type=Path, metavar="FILE", help="the EvalPlus release file (or its folder)"
    )


def load_plus_tasks(spec: str, data: Path | None) -> dict[str, Problem]:
    """The EvalPlus tasks a run confirms against (``--with`` / ``--confirm-with``), by id. The
    loader's advice names ``--data``, its flag where the EvalPlus set is the benchmark itself;
    here the file comes with ``--plus-data``."""
    from ..benchmarks import LoadError, load_benchmark

    try:
        return {p.id: p for p in load_benchmark(spec, data).problems}
    except LoadError as error:
        raise LoadError(str(error).replace("--data", "--plus-data")) from None


def add_ray(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="run the audit on a Ray cluster: its address (HOST:PORT), or auto for the one this "
        "machine is part of; needs pip install 'gameability-tui[ray]' (same results as a local run)",
    )


def add_audit_settings(parser: argparse.ArgumentParser) -> None:
    from ..engine.step_units import STEPS  # the step floor's default is the counter's own

    group = parser.add_argument_group("audit settings (defaults reproduce the published figures)")
    group.add_argument(
        "--attack",
        choices=("sample", "deep"),
        default="sample",
        help="sample: at most --mutants mutants of six kinds, --fresh random inputs and up to "
        "3/4 as many on the boundaries of the reference's comparisons (default); "
        "deep: every mutation site of many more operators, "
        "inputs aimed at the mutants and further draws while they still find broken ones (slower, "
        "the census to trust)",
    )
    group.add_argument("--mutants", type=positive(int), default=24, help="mutants per problem (default 24)")
    group.add_argument(
        "--fresh", type=positive(int), default=8, help="random fresh inputs per problem (default 8)"
    )
    group.add_argument("--seed", type=int, default=0, help="seed for fresh inputs and --limit (default 0)")
    group.add_argument(
        "--inputs",
        choices=("contract-v2", "contract", "free"),
        default="contract-v2",
        help="contract-v2: fresh inputs stay inside each argument's observed domain, keep the "
        "relations every visible call keeps between arguments and the benchmark's written contract, "
        "and candidate asserts carry flags (default); contract: the v1 method, which reproduces the "
        "published figures and earlier reports field by field; free: unconstrained perturbation",
    )
    group.add_argument(
        "--oracle",
        choices=("eq", "repr"),
        default="eq",
        help="eq: a mutant is broken when its result is != the reference's, as the tests compare "
        "(default); repr: compare reprs, as the published tool does",
    )
    group.add_argument(
        "--workers", type=positive(int), default=None, help="parallel worker processes (default: cores)"
    )
    group.add_argument(
        "--memory-mb",
        type=positive(int),
        default=1024,
        help="address-space limit per candidate process (default 1024)",
    )
    group.add_argument(
        "--cpu-seconds",
        type=positive(float),
        default=1.0,
        help="CPU-time backstop per mutant for loops inside C code (default 1, or 5x the reference's "
        "own CPU time if more; the step budget is the real limit)",
    )
    group.add_argument(
        "--limit", type=positive(int), default=None, metavar="N", help="audit a seeded random sample of N"
    )
    group.add_argument(
        "--reference-seconds",
        type=positive(float),
        default=60.0,
        metavar="S",
        help="wall-clock and CPU limit for each problem's reference run (default 60); the reference "
        "has no step budget, so this is what stops a reference that never finishes",
    )
    group.add_argument(
        "--steps",
        type=positive(int),
        default=STEPS.step_floor,
        metavar="N",
        help=f"step budget floor per test or input (default {STEPS.step_floor}, in this Python's "
        "step unit); a mutant may use max(N, 10x the reference's own steps) before it counts as "
        "not returning",
    )
    group.add_argument(
        "--harness-steps",
        type=positive(int),
        default=STEPS.harness_steps,
        metavar="N",
        help=f"a harness's time limit, in steps (default {STEPS.harness_steps:,}, in this Python's "
        "step unit: some 100 ms of plain Python): a mutant that ran out of its budget gets at "
        "least N before it counts as not returning or failing a test, and one that answers right "
        "within it is slow, not wrong. A larger N stands closer to the 1 s a harness allows, and "
        "each mutant that loops forever in a way the tool cannot prove pays for it (README, "
        "'Speed')",
    )


def positive(kind: type, or_zero: bool = False) -> Callable[[str], Any]:
    """An argparse type: a number of ``kind`` above zero (or zero too). Zero mutants, inputs or
    workers would run and then blame the benchmark ("no mutation sites"), and a negative sample
    size raised from deep inside, so such a value is refused up front, naming the option."""

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if not (value >= 0 if or_zero else value > 0):  # NaN fails both
            raise argparse.ArgumentTypeError(f"{text} must be {'0 or more' if or_zero else 'above 0'}")
        return value

    parse.__name__ = kind.__name__  # argparse names the type in its own messages
    return parse


def executor_from(args: argparse.Namespace) -> Executor:
    """Where the command's census runs: ``--workers`` cores here, or the ``--ray`` cluster."""
    from ..engine.executors.base import Executor

    return Executor(workers=args.workers, ray_address=getattr(args, "ray", None))  # export has no --ray


def audit_params(args: argparse.Namespace) -> AuditParams:
    """The audit settings given by ``add_audit_settings``'s options."""
    from ..engine.model import AuditParams

    return AuditParams(
        attack=args.attack,
        mutants=args.mutants,
        fresh_inputs=args.fresh,
        seed=args.seed,
        inputs=args.inputs,
        oracle=args.oracle,
        memory_mb=args.memory_mb,
        cpu_seconds=args.cpu_seconds,
        step_floor=args.steps,
        harness_steps=args.harness_steps,
        reference_seconds=args.reference_seconds,
    )


def load_sampled(args: argparse.Namespace) -> Benchmark:
    """The benchmark named on the command line, sampled with --limit (seeded by --seed)."""
    import random

    from ..benchmarks import load_benchmark

    benchmark = load_benchmark(args.benchmark, args.data)
    if args.limit is not None and args.limit < len(benchmark.problems):
        chosen = set(id(p) for p in random.Random(args.seed).sample(benchmark.problems, args.limit))
        total = len(benchmark.problems)
        benchmark.problems = [p for p in benchmark.problems if id(p) in chosen]
        # Said wherever the source is ("supplied 100" alone read as the whole benchmark).
        benchmark.source += f"; a sample of {args.limit} of its {total} problems (--limit, seed {args.seed})"
    return benchmark


def open_store(db_path: Path, benchmark: str, exclusive: bool = False) -> DecisionStore:
    """The decisions database, read in full now, so a broken file is named before any work starts."""
    from ..store import DecisionStore

    store = DecisionStore(db_path, benchmark, exclusive=exclusive)
    store.all_decisions()
    return store


def benchmark_file(args: argparse.Namespace) -> Path | None:
    """The file the benchmark is read from, where the user named one (``--data``, or a JSONL
    benchmark given by its path)."""
    from ..benchmarks import jsonl_path

    return args.data or jsonl_path(args.benchmark)


def refuse_bad_outputs(outputs: dict[str, Path | None], source: Path | None = None) -> None:
    """Outputs that could not be written are refused before minutes of audit, each in one line
    naming its flag (``files.ensure_writable``, which makes no folder here: a typo would make
    one), and so is the benchmark's own file ``source``, which writing would replace with the
    results or the patch."""
    from ..files import Unwritable, ensure_writable, same_file

    for flag, path in outputs.items():
        if path is None:
            continue
        if source is not None and same_file(path, source):
            stem, dot, suffixes = path.name.partition(".")
            example = f" (e.g. {path.with_name(f'{stem}-patched{dot}{suffixes}')})" if flag == "patch" else ""
            raise UserError(
                f"--{flag} {path} is the benchmark itself: writing it would replace the data it is "
                f"read from. Give another file{example}."
            )
        try:
            ensure_writable(path, make_folder=False)
        except Unwritable as error:
            raise UserError(f"--{flag} {error}.") from None


def fingerprint_and_keys(benchmark: Benchmark, params: AuditParams) -> tuple[str, dict[str, str]]:
    """The benchmark's fingerprint (it names the app's cache file) and each problem's cache key
    under ``params``, by id, writing each problem out as JSON once for both: on a
    10^5-problem benchmark each pass took seconds."""
    from ..store import key_of_json

    keys: dict[str, str] = {}

    def key(problem: Problem, text: str) -> None:
        keys[problem.id] = key_of_json(text, params)

    return benchmark.fingerprint(key), keys
