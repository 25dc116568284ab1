"""One problem's audit: prepare it, judge its mutants, gate the asserts that reject the survivors.

``pipeline.audit_problem`` runs the stages in order; the names below are what the executors, the
app's engine line, the benchmarks' tools and the tests use.
"""

from .gating import gate_asserts
from .pipeline import audit_problem
from .prepared import Prepared, backstop_seconds, oracle_for, problem_seed
from .reference import exact_test_steps, prepare, visible_calls
from .verdict import Verdict, judge_program, judge_programs

__all__ = [
    "Prepared",
    "Verdict",
    "audit_problem",
    "backstop_seconds",
    "exact_test_steps",
    "gate_asserts",
    "judge_program",
    "judge_programs",
    "oracle_for",
    "prepare",
    "problem_seed",
    "visible_calls",
]
