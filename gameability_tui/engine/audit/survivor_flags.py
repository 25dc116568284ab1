"""The flags read from the survivors an assert rejects, once the gate has said which they are.

``flags.value_flags`` judge an assert by its answer alone; these judge it by what the survivors it
rejects changed: a special case no visible test runs (``special_cases.py``, with the reference's
coverage from ``coverage.py``), a search's not-found answer (``not_found.py``), a tie or a
boundary at 0 the task's text decides otherwise (``edges.py``). An assert that rejects any
survivor changed elsewhere gets none of them: it rejects something plainly broken.
"""

from __future__ import annotations

from typing import Any

from ..model import AuditParams, Problem, Survivor
from .coverage import reference_coverage
from .edges import edge_flags
from .flags import stated_in
from .not_found import not_found_flags
from .special_cases import could_flag, path_flags, special_cases


def survivor_flags(
    problem: Problem,
    entry: str,
    params: AuditParams,
    answers: list[Any],
    expected: dict[str, Any],
    kills: dict[str, frozenset[int]],
    survivors: list[Survivor],
) -> dict[str, tuple[str, ...]]:
    """text -> its ``path``, ``tie`` and ``boundary`` flags, for each assert text of ``expected``
    (its answer) and ``kills`` (the survivors it rejects)."""
    cases = special_cases(problem.reference)
    texts = [text for text in expected if kills.get(text)]
    covered = None
    if could_flag([expected[text] for text in texts], cases):
        covered = reference_coverage(problem, entry, texts, params)
    found: dict[str, tuple[str, ...]] = {}
    for text in texts:
        killed = [survivors[k] for k in sorted(kills[text])]
        visible = covered.visible if covered else None
        ran = covered.by_assert.get(text) if covered else None
        # (a special case's answer the text states is the task's: "1 for an empty list")
        stated = stated_in(expected[text], problem.prompt)
        path = () if stated else path_flags(expected[text], answers, cases, killed, visible, ran)
        if not path:  # (a search that found nothing: ``not_found.py``, which reads the text itself)
            path = not_found_flags(problem.reference, killed, problem.prompt, expected[text], answers)
        found[text] = path + edge_flags(problem.reference, killed, problem.prompt)
    return found
