"""Where candidates run: forked children under step budgets and limits, one job at a time.

A job travels from the worker (``lanes.py`` hands it out, ``wire.py`` frames it) to a child that
``processes.py`` made and ``limits.py`` bounds, where ``runner.py`` runs it under ``steps.py``'s
budget and sends records back; ``clean.py`` decides whether the child may take the next job. What
the audit needs is imported from here.
"""

from .jobs import AssertRun, Job, Run
from .lanes import children_kept, run_job, run_jobs
from .namespaces import isolation_note
from .processes import keep_from_children, kill_active_children
from .spare_cores import (
    SPARE_CORES_VARIABLE,
    share_spare_cores,
    shares_spare_cores,
    spare_cores_from_environment,
)
from .steps import COMPILED_COUNTER, SLOW_COUNTER_NOTE

__all__ = [
    "SPARE_CORES_VARIABLE",
    "AssertRun",
    "Job",
    "Run",
    "children_kept",
    "keep_from_children",
    "local_notes",
    "kill_active_children",
    "run_job",
    "run_jobs",
    "share_spare_cores",
    "shares_spare_cores",
    "spare_cores_from_environment",
]


def local_notes() -> list[str]:
    """What a local audit says once before it starts: steps counted in Python (slower), or
    candidates not isolated by the kernel. ``check`` prints them and the app shows them."""
    return [note for note in (None if COMPILED_COUNTER else SLOW_COUNTER_NOTE, isolation_note()) if note]
