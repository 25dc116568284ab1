"""Mutants that run a costly visible test exactly as the reference does pass it unrun
(``audit/infection.py``): known answers for where the probes go, for which mutants a probed run
finds unchanged, and that the audit's results are those of running every mutant on every test."""

from __future__ import annotations

import ast

import pytest
from conftest import GUARDED_SUM as GUARDED
from conftest import problem

from gameability_tui.engine import audit
from gameability_tui.engine.audit import infection, reference, verdict
from gameability_tui.engine.audit.reference import prepare
from gameability_tui.engine.model import AuditParams, ProblemResult


def _mutant(before: str, after: str, source: str = GUARDED) -> str:
    assert source.count(before) == 1
    return source.replace(before, after)


def _probed(programs: list[str], source: str = GUARDED) -> str:
    probed = infection.probed_program(source, programs)
    assert probed is not None
    return probed[0].replace("lambda :", "lambda:")  # (3.10's ast.unparse spaces a bare lambda's colon)


def test_a_guard_is_probed_by_its_whole_condition_and_a_statement_by_being_reached():
    text = _probed([_mutant("n > 2000", "n > 2001"), _mutant("s += i", "s -= i")])
    ast.parse(text)
    assert "__gameability_probe__(n > 2000, (0, lambda: (n,), lambda: n > 2001))" in text
    assert "__gameability_reached__((1,))\n        s += i" in text


def test_a_mutation_inside_a_call_is_probed_by_reaching_the_call():
    source = "def f(xs):\n    return sorted(xs, reverse=False)[0]\n"
    text = _probed([_mutant("reverse=False", "reverse=True", source)], source)
    # the keyword's value is a constant: compared as a value (False against True: always changed)
    assert "reverse=__gameability_probe__(False, (0, lambda: (), lambda: True))" in text
    source = "def f(xs):\n    return len(xs.copy())\n"
    text = _probed([_mutant("xs.copy()", "xs.clear()", source)], source)
    # a method read may run any code: the attribute is probed by being reached, before the call
    assert "len(__gameability_reached__((0,), xs.copy)())" in text


def test_the_reference_itself_has_no_site_and_an_unreadable_program_no_probe():
    probed = infection.probed_program(GUARDED, [GUARDED])
    assert probed is not None and probed[1] == [True]
    assert infection.probed_program(GUARDED, ["def f(:\n"]) is None


def test_probes_go_after_the_docstring_and_future_imports():
    source = '"""Doc."""\nfrom __future__ import annotations\nLIMIT = 3\ndef f(n):\n    return n < LIMIT\n'
    text = _probed([_mutant("LIMIT = 3", "LIMIT = 4", source)], source)
    body = ast.parse(text).body
    assert isinstance(body[1], ast.ImportFrom) and "__gameability_infected__" in ast.unparse(body[2])


COSTLY = ["assert f(3) == 3", "assert f(2000) == 1999000", "assert f(5) == 10"]


def _prepared_with_a_costly_test(case, monkeypatch):
    monkeypatch.setattr(reference, "COUNTED_TEST_STEPS", 1_000)  # f(2000) takes about 6,000 steps
    prepared = prepare(case, AuditParams())
    assert not isinstance(prepared, ProblemResult)
    assert reference.UNCOUNTED in [steps for _, _, steps in prepared.reference.tests.values()]
    return prepared


@pytest.mark.parametrize(
    "mutation, unchanged",
    [
        (("n > 2000", "n > 2001"), True),  # 2000 > 2000 and 2000 > 2001 are both False
        (("n > 2000", "n >= 2000"), False),  # f(2000) takes the guard's branch
        (("return -1", "return None"), True),  # never reached by f(2000)
        (("s += i", "s -= i"), False),  # reached on every step of the loop
        (("range(n)", "range(n + 1)"), False),  # n + 1 is not n
        (("s = 0", "s = 0 * n"), True),  # 0 * 2000 is 0: the same value, where it is read
    ],
)
def test_a_probed_run_finds_which_mutants_run_the_costly_test_as_the_reference(
    mutation, unchanged, monkeypatch
):
    case = problem("costly_guard", GUARDED, COSTLY)
    prepared = _prepared_with_a_costly_test(case, monkeypatch)
    steps, flags = infection.unchanged_flags(case, AuditParams(), prepared, [_mutant(*mutation)])
    assert steps == {("test", 1)}  # independent tests: only the costly one is passed unrun
    assert flags == [unchanged]


def test_a_site_whose_names_hold_objects_is_not_evaluated_again(monkeypatch):
    source = (
        "class Loud:\n"
        "    seen = 0\n"
        "    def __lt__(self, other):\n"
        "        Loud.seen += 1\n"
        "        return False\n"
        "def f(n):\n"
        "    x = Loud()\n"
        "    if x < n:\n"
        "        return -1\n"
        "    s = Loud.seen\n"
        "    for i in range(n):\n"
        "        s += i\n"
        "    return s\n"
    )
    # Comparing again would call the benchmark's __lt__ a second time and change the answer.
    case = problem("loud", source, ["assert f(3) == 4", "assert f(2000) == 1999002", "assert f(5) == 13"])
    prepared = _prepared_with_a_costly_test(case, monkeypatch)
    _, flags = infection.unchanged_flags(case, AuditParams(), prepared, [_mutant("x < n", "x <= n", source)])
    assert flags == [False]


def test_tests_that_share_state_need_every_step_unchanged(monkeypatch):
    source = "seen = []\n" + GUARDED.replace("    s = 0\n", "    seen.append(n)\n    s = 0\n")
    case = problem("stateful_guard", source, COSTLY)
    prepared = _prepared_with_a_costly_test(case, monkeypatch)
    assert not prepared.tests_independent
    mutants = [_mutant("n > 2000", "n > 2001", source), _mutant("n > 2000", "n > 4", source)]
    steps, flags = infection.unchanged_flags(case, AuditParams(), prepared, mutants)
    assert steps == {("test", 0), ("test", 1), ("test", 2)}
    assert flags == [True, False]  # f(5) takes `n > 4`'s branch: changed, though not on f(2000)


INFECTED_SURVIVOR = (
    "def f(n):\n"
    "    if n > 2000:\n"
    "        return -1\n"
    "    s = 0\n"
    "    for i in range(n):\n"
    "        if i >= 1000:\n"
    "            s += 1\n"
    "        s += i\n"
    "    return s\n"
)


@pytest.mark.parametrize(
    "case, counted",
    [
        # every mutant that reaches f(2000) keeps the reference's values there: nothing counted
        (problem("unchanged_only", GUARDED, COSTLY), 0),
        # `i >= 1000` -> `i > 1000` reaches f(2000) and changes there: its budget needs the count
        (problem("one_changed", INFECTED_SURVIVOR, [COSTLY[0], "assert f(2000) == 2000000", COSTLY[2]]), 1),
    ],
    ids=lambda value: value.id if hasattr(value, "id") else str(value),
)
def test_results_are_those_of_running_every_mutant_on_every_test(case, counted, monkeypatch):
    params = AuditParams()
    monkeypatch.setattr(reference, "COUNTED_TEST_STEPS", None)
    exact = audit.audit_problem(case, params)
    assert exact.n_survived >= 1
    exact = exact.to_dict()
    exact.pop("seconds")
    probed, counts = [], []
    real_flags, real_count = infection.unchanged_flags, audit.exact_test_steps
    monkeypatch.setattr(verdict, "unchanged_flags", lambda *a: probed.append(real_flags(*a)) or probed[-1])
    for stage in (verdict, reference):
        monkeypatch.setattr(stage, "exact_test_steps", lambda *a: counts.append(a[0].id) or real_count(*a))
    monkeypatch.setattr(reference, "COUNTED_TEST_STEPS", 1_000)
    capped = audit.audit_problem(case, params).to_dict()
    capped.pop("seconds")
    assert capped == exact
    assert probed and any(flags for _, flags in probed)  # some mutant passed f(2000) unrun
    assert len(counts) == counted
