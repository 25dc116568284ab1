"""A proof that a run never ends, so that its confirmation need not be paid for.

Slow is not wrong, so a run out of its budget is run again with a harness's time limit of steps
before "it did not return" counts, and a mutant that loops forever pays that limit in full. Many
such loops can be seen never to end long before: ``shapes.py`` reads which loops the proof can
judge and how, ``intervals.py`` bounds a loop's test for every value its names can take,
``watch.py`` watches a run and proves, or gives up. A loop it cannot judge is confirmed in full,
as before, so a proof changes no verdict: it only spares the time.
"""

from .shapes import plans_in
from .watch import PROGRAM_FILE, EndlessWatch, proved_endless, run_watched

__all__ = ["PROGRAM_FILE", "EndlessWatch", "plans_in", "proved_endless", "run_watched"]
