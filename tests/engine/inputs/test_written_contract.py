"""A benchmark's written contract is the domain (issue 27): every fresh and aimed input the
contract refuses is dropped, in the v2 inputs; the v1 method keeps them (so this can fail)."""

from __future__ import annotations

from gameability_tui.engine.audit import prepare
from gameability_tui.engine.inputs.written import with_contract
from gameability_tui.engine.model import AuditParams, Problem

REFERENCE = '''def largest_prime_factor(n: int):
    """Assume n > 1 and is not a prime."""
    best = 1
    for k in range(2, n + 1):
        while n % k == 0:
            best, n = k, n // k
    return best
'''
CONTRACT = """
    assert isinstance(n, int), "invalid inputs" # $_CONTRACT_$
    def is_prime(a): # $_CONTRACT_$
        return not (a < 2 or any(a % x == 0 for x in range(2, int(a ** 0.5) + 1))) # $_CONTRACT_$
    assert n > 1 and not is_prime(n), "invalid inputs" # $_CONTRACT_$
"""
TESTS = (
    "assert largest_prime_factor(15) == 5",
    "assert largest_prime_factor(27) == 3",
    "assert largest_prime_factor(63) == 7",
    "assert largest_prime_factor(330) == 11",
)


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % k for k in range(2, int(n**0.5) + 1))


def test_the_contract_goes_after_the_docstring_with_the_bodys_indent():
    program = with_contract(REFERENCE, "largest_prime_factor", CONTRACT)
    lines = program.split("\n")
    assert lines[2].startswith("    assert isinstance(n, int)") and lines[1].strip().startswith('"""')
    assert (
        with_contract("def f(x):\n\treturn x\n", "f", " assert x > 0\n")
        == "def f(x):\n\tassert x > 0\n\treturn x\n"
    )


def test_no_fresh_or_aimed_input_breaks_the_written_contract():
    problem = Problem("59", REFERENCE, TESTS, contract=CONTRACT)
    for attack in ("sample", "deep"):
        prepared = prepare(problem, AuditParams(attack=attack))
        numbers = [call.args[0] for call in prepared.fresh]
        assert numbers and not [n for n in numbers if n <= 1 or is_prime(n)], (attack, numbers)
    old = prepare(problem, AuditParams(attack="deep", inputs="contract"))
    assert [call.args[0] for call in old.fresh if is_prime(call.args[0])]


def test_the_contract_round_trips_and_leaves_other_problems_as_they_were():
    problem = Problem("59", REFERENCE, TESTS, contract=CONTRACT)
    assert Problem.from_dict(problem.to_dict()) == problem
    plain = Problem("1", REFERENCE, TESTS)
    assert "contract" not in plain.to_dict() and "contract" not in plain.canonical_json()
