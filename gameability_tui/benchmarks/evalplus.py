"""EvalPlus (HumanEval+, MBPP+): the stronger test suites, as audit targets and as confirmation.

The visible suite is EvalPlus's full input set (base + plus inputs), one differential check per
input: a solution passes when its result equals the reference's (within the task's ``atol``).
Fresh inputs are harvested from the ORIGINAL benchmark's tests of the same task (HumanEval's
``check``, MBPP's asserts, both carried in the EvalPlus record), so MBPP and MBPP+ face the same
adversary.

Threat: EvalPlus stores inputs as JSON, which has no tuples or sets; given lists, a reference that
expects a tuple fails its own tests. Each argument's container types are restored from the shape
of the same argument in the original benchmark's literal calls (a tuple of tuples stays one), and
failing that from the task's contract (``isinstance(x, tuple)``). Inputs that cannot be written
back as literals are dropped and counted.

``*-origref`` variants keep EvalPlus's tests but audit the ORIGINAL benchmark's reference, so only
the tests differ from plain HumanEval / MBPP.

Written back (``add_asserts``): EvalPlus keeps inputs, not asserts (its harness computes each
expected output from the canonical solution), so an accepted assert becomes one more
``base_input`` only where it is a plain ``entry(literal args) == expected`` whose arguments JSON
can hold; any other assert is named as not expressible in this format, never silently dropped.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..engine.inputs.harvest import harvest_calls
from ..engine.inputs.literals import NotRenderable, render_literal
from ..engine.model import Problem
from .base import DATA_ENV, Benchmark, data_folder, load_hub_source
from .humaneval import ALIAS, split_check
from .reading import LoadError
from .source import RowPatch, SourceFile, read_source

FILES = {"humaneval": "HumanEvalPlus-v0.1.10.jsonl.gz", "mbpp": "MbppPlus-v0.2.0.jsonl.gz"}
HUB = {"humaneval": "evalplus/humanevalplus", "mbpp": "evalplus/mbppplus"}
UNRENDERABLE = "EvalPlus inputs that cannot be written as Python literals"


def _find(data: Path | None, filename: str) -> Path | None:
    """The release file: where ``data`` names it (the file, or a folder holding it), else in the
    folder ``GAMEABILITY_TUI_DATA`` names. A path given is the only place looked: a folder
    without the file is an error, never a quiet fall-back to another copy."""
    candidates = []
    if data is not None:
        candidates += [data] if data.is_file() else [data / filename, data / "evalplus" / filename]
    folder = data_folder()
    if folder is not None and data is None:
        candidates += [folder / filename, folder / "evalplus" / filename]
    found = next((path for path in candidates if path.is_file()), None)
    if found is None and data is not None:
        raise LoadError(f"{data}: no {filename} there. Pass --data with the EvalPlus release file.")
    return found


def _rows(kind: str, data: Path | None) -> tuple[SourceFile, str]:
    path = _find(data, FILES[kind])
    if path is None:
        hint = f"Pass the EvalPlus release file with --data ({FILES[kind]}), or set {DATA_ENV} to its folder."
        return load_hub_source(HUB[kind], None, ["test"], hint), f"hub:{HUB[kind]}"
    try:
        return read_source(path), str(path)
    except LoadError as error:
        raise LoadError(f"cannot read EvalPlus records: {error}") from None


# ------------------------------------------------------------------ type restoration


def shape_of(value: Any) -> Any:
    """The container skeleton of a value: ("tuple", [shapes]) / ("list", shape) / ... / None."""
    kind = type(value)
    if kind is tuple:
        return ("tuple", [shape_of(item) for item in value])
    if kind in (list, set, frozenset):
        return (kind.__name__, shape_of(value[0] if kind is list else next(iter(value))) if value else None)
    if kind is dict:
        return ("dict", shape_of(next(iter(value.values()))) if value else None)
    return None


def restore(value: Any, shape: Any) -> Any:
    """A JSON value given back the container types of ``shape``."""
    if shape is None or not isinstance(value, (list, dict)):
        return value
    kind, inner = shape
    if kind == "dict" and isinstance(value, dict):
        return {key: restore(item, inner) for key, item in value.items()}
    if not isinstance(value, list):
        return value
    if kind == "tuple":
        shapes = inner if len(inner) == len(value) else [inner[0] if inner else None] * len(value)
        return tuple(restore(item, s) for item, s in zip(value, shapes))
    items = [restore(item, inner) for item in value]
    if kind in ("set", "frozenset"):
        try:
            return set(items) if kind == "set" else frozenset(items)
        except TypeError:
            return items
    return items


_CONTRACT = re.compile(r"isinstance\((\w+),\s*(tuple|set|list|dict)\)")


def argument_shapes(reference: str, entry: str, original_calls: list, contract: str) -> list:
    """Per-position shapes: from the original benchmark's literal calls, else from the contract."""
    width = max((len(call.args) for call in original_calls), default=0)
    shapes = [
        next((shape_of(c.args[i]) for c in original_calls if len(c.args) > i), None) for i in range(width)
    ]
    names = _parameters(reference, entry)
    declared = dict(_CONTRACT.findall(contract or ""))
    for position, name in enumerate(names):
        if position >= len(shapes):
            shapes.append(None)
        if shapes[position] is None and name in declared:
            shapes[position] = (declared[name], None) if declared[name] != "tuple" else ("tuple", [])
    return shapes


def _parameters(reference: str, entry: str) -> list[str]:
    try:
        tree = ast.parse(reference)
    except SyntaxError:
        return []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return [arg.arg for arg in node.args.args]
    return []


# ------------------------------------------------------------------ records to problems


def _original_tests(kind: str, row: dict) -> tuple[str, tuple[str, ...]]:
    """(setup, original asserts) of the same task, carried inside the EvalPlus record."""
    if kind == "humaneval":
        return split_check(row["test"])
    tree = ast.parse(row.get("assertion") or "")
    return "", tuple(ast.get_source_segment(row["assertion"], node) for node in tree.body)


def _problem(
    kind: str, row: dict, reference: str, dropped: dict[str, int], check_reference: str = ""
) -> Problem:
    entry = row["entry_point"]
    setup, original = _original_tests(kind, row)
    alias = ALIAS if kind == "humaneval" else None
    calls = harvest_calls(original, alias or entry)
    shapes = argument_shapes(reference, entry, calls, row.get("contract", ""))
    checks = []
    for arguments in list(row.get("base_input") or []) + list(row.get("plus_input") or []):
        restored = tuple(
            restore(value, shapes[i] if i < len(shapes) else None) for i, value in enumerate(arguments)
        )
        try:
            checks.append(render_literal(restored))
        except (NotRenderable, RecursionError):
            dropped[UNRENDERABLE] = dropped.get(UNRENDERABLE, 0) + 1
    return Problem(
        id=row["task_id"],
        reference=reference,
        tests=(),
        entry=entry,
        setup=setup,
        call_alias=alias,
        harvest=original,
        prompt=row.get("prompt", ""),
        checks=tuple(checks),
        atol=float(row.get("atol") or 0.0),
        check_reference=check_reference,
        contract=row.get("contract") or "",
    )


def plus_id(benchmark: str, problem_id: str) -> str:
    """The EvalPlus task id of problem ``problem_id`` of the original benchmark ``benchmark``."""
    return f"Mbpp/{problem_id}" if benchmark.startswith("mbpp") else problem_id


def _original_references(kind: str, data: Path | None) -> dict[str, str]:
    """task id -> the original benchmark's reference solution, for the *-origref variants."""
    if kind == "humaneval":
        from .humaneval import load_humaneval

        return {p.id: p.reference for p in load_humaneval(None).problems}
    from .mbpp import load_mbpp_sanitized

    folder = data if data is not None and data.is_dir() else None
    try:
        sanitized = load_mbpp_sanitized(folder)
    except LoadError as error:
        raise LoadError(f"mbpp-plus-origref needs the original MBPP too: {error}") from None
    return {plus_id(kind, p.id): p.reference for p in sanitized.problems}


def load_evalplus(data: Path | None, kind: str, origref: bool = False) -> Benchmark:
    origin, source = _rows(kind, data)
    rows = origin.rows
    originals = _original_references(kind, data) if origref else {}
    dropped: dict[str, int] = {}
    problems = []
    for row in rows:
        try:
            canonical = (row["prompt"] if kind == "humaneval" else "") + row["canonical_solution"]
            if origref:
                if row["task_id"] not in originals:
                    dropped["tasks without an original reference"] = (
                        dropped.get("tasks without an original reference", 0) + 1
                    )
                    continue
                problems.append(_problem(kind, row, originals[row["task_id"]], dropped, canonical))
            else:
                problems.append(_problem(kind, row, canonical, dropped))
        except (KeyError, SyntaxError, TypeError) as error:
            raise LoadError(
                f"{source}: task {row.get('task_id', '?')}: malformed EvalPlus record ({error})"
            ) from None
    name = f"{kind}-plus" + ("-origref" if origref else "")
    origin = origin.with_ids({row["task_id"]: index for index, row in enumerate(rows)})
    return Benchmark(name, problems, source, dropped, origin=origin, writer="evalplus")


# ------------------------------------------------------------------ writing asserts back


def add_asserts(row: dict, texts: Sequence[str], entry: str) -> RowPatch:
    """``row`` with each expressible assert's arguments appended to ``base_input``."""
    if "base_input" not in row and "test" in row:  # HumanEval+ in HumanEval's own format
        from .humaneval import add_asserts as add_to_check

        return add_to_check(row, texts, entry)
    inputs, refused = list(row.get("base_input") or []), []
    for text in texts:
        arguments, why = base_input_of(text, {entry, ALIAS})
        if arguments is None:
            refused.append((text, why))
        else:
            inputs.append(arguments)
    if len(inputs) == len(row.get("base_input") or []):
        return RowPatch(row, tuple(refused))
    return RowPatch({**row, "base_input": inputs}, tuple(refused))


def base_input_of(text: str, names: set[str]) -> tuple[list | None, str]:
    """The JSON argument list of ``assert NAME(args) == expected``, or None and the reason."""
    plain = "not a plain `entry(args) == expected` assert (EvalPlus stores inputs only)"
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None, "does not parse"
    if len(tree.body) != 1 or not isinstance(tree.body[0], ast.Assert) or tree.body[0].msg is not None:
        return None, plain
    test = tree.body[0].test
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return None, plain
    call = test.left
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in names):
        return None, plain
    if call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
        return None, "keyword or starred arguments (EvalPlus inputs are positional)"
    try:
        values = [ast.literal_eval(arg) for arg in call.args]
        ast.literal_eval(test.comparators[0])
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None, "its arguments or expected value are not literals"
    if not all(_json_holds(value) for value in values):
        return None, "an argument JSON cannot hold (a set, bytes, a complex number or a non-string key)"
    return [_as_json(value) for value in values], ""


def _json_holds(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, (list, tuple)):
        return all(_json_holds(item) for item in value)
    if isinstance(value, dict):
        return all(isinstance(key, str) and _json_holds(item) for key, item in value.items())
    return False


def _as_json(value: Any) -> Any:
    """Tuples as lists, as EvalPlus stores them (the loader gives them back their tuple shape)."""
    if isinstance(value, (list, tuple)):
        return [_as_json(item) for item in value]
    if isinstance(value, dict):
        return {key: _as_json(item) for key, item in value.items()}
    return value
