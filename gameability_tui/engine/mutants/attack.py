"""How hard an audit attacks each problem: which mutants it builds and which inputs it tries.

- "sample" (the default) reproduces the published figures: at most ``params.mutants`` mutants of
  six kinds, spread over the file, and ``params.fresh_inputs`` random draws.
- "deep" is the attack a maintainer should trust: every mutation site of every operator in
  ``operators.DEEP_OPERATORS``, more random draws, inputs aimed at the mutants
  (``aimed_inputs``), then rounds of further draws for as long as a round still turns an
  equivalent mutant into a broken one (up to ``rounds``, stopping after ``patience`` rounds in a
  row that found nothing). Every draw is seeded per problem and
  per round, so the deep attack is as deterministic as the default one.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

from ..model import AuditParams
from ..step_units import STEPS
from .operators import DEEP_OPERATORS, SAMPLE_OPERATORS, Operator

ATTACK_NAMES = ("sample", "deep")


@dataclass(frozen=True)
class Attack:
    operators: tuple[Operator, ...]
    mutant_limit: int | None  # None: every site
    draws: int  # random draws before any judging
    aimed: int  # at most this many aimed inputs (0: none)
    aggregates: int  # and at most this many aggregate meetings besides (aimed_inputs)
    round_draws: int  # random draws added by each further round
    rounds: int  # at most this many further rounds
    input_steps: int | None = None  # the reference's total steps the further inputs may cost
    patience: int = 1  # stop after this many rounds in a row that found nothing


def attack_for(params: AuditParams) -> Attack:
    if params.attack == "deep":
        return Attack(
            DEEP_OPERATORS,
            mutant_limit=None,
            draws=max(params.fresh_inputs, DEEP_FIRST_DRAWS),
            aimed=DEEP_AIMED,
            aggregates=DEEP_AGGREGATES,
            round_draws=DEEP_ROUND_DRAWS,
            rounds=DEEP_ROUNDS,
            input_steps=DEEP_INPUT_STEPS,
            patience=DEEP_PATIENCE,
        )
    return Attack(
        SAMPLE_OPERATORS, params.mutants, params.fresh_inputs, aimed=0, aggregates=0, round_draws=0, rounds=0
    )


DEEP_FIRST_DRAWS = 24
DEEP_AIMED = 48
DEEP_AGGREGATES = 8  # a number meeting a list's sum (aimed_inputs), beside the 48
DEEP_ROUND_DRAWS = 16
DEEP_ROUNDS = 4
DEEP_PATIENCE = 2
DEEP_INPUT_STEPS = STEPS.deep_input_steps  # about a second of the reference's work, on any machine


def round_seed(seed: int, problem_id: str, round_number: int) -> int:
    """The seed of one round's draws: a function of the audit's seed, the problem and the round
    alone (never of audit order or hash randomisation)."""
    return zlib.crc32(f"{seed}:{problem_id}:round {round_number}".encode())
