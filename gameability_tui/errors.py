"""The one error type a user can fix: bad input, a missing file, an unreachable cluster.

Every layer raises a ``UserError`` (or a subclass named for its layer) with one sentence that says
what to do; ``cli.main`` catches it once and prints it with exit code 2. Anything else is a bug,
and keeps its traceback.
"""

from __future__ import annotations


class UserError(Exception):
    """Something the user can mend, said in one sentence that names the file, field or flag."""
