"""The records that cross layers survive a JSON round trip field for field (engine/model.py).

Each sample sets every field away from its default, and a test checks that it does: a field added
later without being set here fails that check, instead of slipping through the round trip unseen.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json

import pytest

from gameability_tui.benchmarks.base import Benchmark
from gameability_tui.engine.model import (
    AuditParams,
    CandidateAssert,
    KindCount,
    Problem,
    ProblemResult,
    Survivor,
)

PROBLEM = Problem(
    id="7",
    reference="def add(a, b):\n    return a + b\n",
    tests=("assert candidate(1, 2) == 3",),
    entry="add",
    setup="import math",
    hidden=("assert candidate(2, 2) == 4",),
    call_alias="candidate",
    harvest=("assert candidate(0, 0) == 0",),
    prompt="def add(a, b):\n",
    checks=("(1, 2)", "((1,), {2})"),
    atol=1e-6,
    check_reference="def add(a, b):\n    return b + a\n",
    contract='    assert isinstance(a, int), "invalid inputs" # $_CONTRACT_$\n',
    check_contract='    assert a >= 0, "invalid inputs" # $_CONTRACT_$\n',
)
PARAMS = AuditParams(
    mutants=5,
    fresh_inputs=3,
    seed=11,
    inputs="free",
    oracle="repr",
    step_floor=1_000,
    step_factor=3,
    reference_fresh_floor=9_000,
    reference_fresh_factor=4,
    cpu_seconds=2.5,
    memory_mb=512,
    reference_seconds=9.0,
    max_asserts=4,
    slow_factor=7,
    harness_steps=123_456,
    attack="deep",
)
RESULT = ProblemResult(
    id="7",
    status="ok",
    detail="audited",
    entry="add",
    n_mutants=5,
    n_equivalent=1,
    n_broken=3,
    n_survived=1,
    n_truncated=1,
    n_slow=1,
    n_fresh=3,
    reference_raised=2,
    kinds={"arith": KindCount(built=2, broken=2, survived=1)},
    survivors=(Survivor("arith", 2, "a + b", "a - b", "def add(a, b):\n    return a - b\n", ("add(0, 1)",)),),
    asserts=(CandidateAssert("assert add(0, 1) == 1", True, (0,)),),
    seconds=0.25,
)


def _through_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("sample", [PROBLEM, PARAMS, RESULT], ids=lambda s: type(s).__name__)
def test_every_field_of_the_sample_is_set_away_from_its_default(sample):
    unset = [
        f.name
        for f in dataclasses.fields(sample)
        if (f.default is not dataclasses.MISSING and getattr(sample, f.name) == f.default)
        or (f.default_factory is not dataclasses.MISSING and getattr(sample, f.name) == f.default_factory())
    ]
    assert unset == []


def test_problem_round_trips_through_json():
    assert Problem.from_dict(_through_json(PROBLEM.to_dict())) == PROBLEM


def test_problem_without_checks_keeps_the_plain_jsonl_shape():
    plain = Problem(id="1", reference="def f():\n    return 1\n", tests=("assert f() == 1",))
    data = plain.to_dict()
    assert not {"checks", "atol", "check_reference", "check_contract"} & set(data)
    assert Problem.from_dict(_through_json(data)) == plain


def test_a_fixed_reference_without_checks_travels_to_the_workers():
    # ``check --plus-data`` sets one beside a plain MBPP problem; dropped, it would never reach
    # the worker that flags asserts by it, and the cache key would not tell the two audits apart.
    plain = Problem(id="1", reference="def f():\n    return 1\n", tests=("assert f() == 1",))
    fixed = dataclasses.replace(plain, check_reference="def f():\n    return 2\n", check_contract="  pass\n")
    assert Problem.from_dict(_through_json(fixed.to_dict())) == fixed
    assert fixed.canonical_json() != plain.canonical_json() and "checks" not in fixed.to_dict()


@pytest.mark.parametrize(
    "problem",
    [
        PROBLEM,
        dataclasses.replace(PROBLEM, checks=(), harvest=None),
        dataclasses.replace(PROBLEM, checks=(), check_reference="", check_contract=""),
        Problem("8", "x = 1\n", ()),
    ],
    ids=["every field", "no checks", "no checks nor fixed reference", "defaults"],
)
def test_the_canonical_json_is_the_dictionarys_and_so_is_the_fingerprint(problem):
    # Cache files are named by the fingerprint and their lines keyed by this text: a faster way
    # to write it that differed would orphan every cache already on disk.
    older = json.dumps(problem.to_dict(), sort_keys=True)
    assert problem.canonical_json() == older
    benchmark = Benchmark("b", [problem, PROBLEM], "here")
    digest = hashlib.sha256(older.encode() + json.dumps(PROBLEM.to_dict(), sort_keys=True).encode())
    assert benchmark.fingerprint() == digest.hexdigest()[:16]


def test_params_round_trip_through_json():
    assert AuditParams.from_dict(_through_json(PARAMS.to_dict())) == PARAMS


def test_result_round_trips_through_json():
    again = ProblemResult.from_dict(_through_json(RESULT.to_dict()))
    assert again == RESULT
    assert again.weak and again.exclusion is None


@pytest.mark.parametrize(
    "sample",
    [RESULT, ProblemResult("8", "excluded:no_tests", n_mutants=0, n_broken=0, n_survived=0)],
    ids=["every field", "defaults"],
)
def test_results_read_back_are_built_as_their_constructor_builds_them(sample):
    # from_dict skips the frozen __init__ for speed: every field must still be set on the
    # instance itself (a field it forgot would read the class default and compare equal), no
    # other attribute may appear, and the instance must stay frozen.
    again = ProblemResult.from_dict(_through_json(sample.to_dict()))
    assert vars(again) == vars(sample)
    inner = again.survivors + again.asserts
    assert [vars(part) for part in inner] == [vars(part) for part in sample.survivors + sample.asserts]
    with pytest.raises(dataclasses.FrozenInstanceError):
        again.n_survived = 0
