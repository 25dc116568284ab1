"""What the app keeps for the whole session is taken out of the cycle collector's walks.

A full pass of Python's cycle collector walks every object the process holds, and holds the GIL
while it does: with 10^5 problems and their results loaded that is millions of objects, and a
key pressed during a pass waits for it. The benchmark, the decisions, the result cache and the
results shown are kept until the app closes, so once they are loaded they are frozen
(``gc.freeze``): later passes walk only what was made since. A frozen object is still freed as
soon as nothing refers to it; only a reference cycle among frozen objects waits for ``release``,
which hands everything back to the collector when the app closes (tests open many apps in one
process).
"""

from __future__ import annotations

import gc


def keep_loaded() -> None:
    """Everything alive now stays out of the collector's passes until ``release``."""
    gc.freeze()


def release() -> None:
    gc.unfreeze()
