"""Candidate text as code: compiled as Python compiles a script, once per child, and the entry
found in a loaded namespace. The runner's own helpers, apart so that it stays one job's plans."""

from __future__ import annotations

import functools
from typing import Any


def as_a_script(text: str, filename: str) -> Any:
    """``text`` compiled as Python compiles a script: with none of this module's ``__future__``
    imports. Threat: ``compile`` inherits its caller's, and ``annotations`` here made every
    candidate's annotations strings, which a ``@dataclass`` resolves through ``sys.modules``
    (where a candidate's namespace is not): every dataclass reference "did not load", while an
    annotation naming nothing loaded where Python raises NameError."""
    return compile(text, filename, "exec", dont_inherit=True)


@functools.lru_cache(maxsize=512)
def compiled(text: str, filename: str) -> Any:
    """``text`` compiled once per child: every mutant of a problem runs the same tests and setup.
    (A code object is never changed by running it; each run still gets a fresh namespace.)"""
    return as_a_script(text, filename)


def entry_in(namespace: dict, entry: str) -> Any:
    """The entry in a loaded namespace (a name, a class's method: ``Calc.square``, a nested
    class or its method: ``Outer.Inner.f``), or None."""
    owner, _, rest = entry.partition(".")
    found = namespace.get(owner)
    for attribute in rest.split(".") if rest else ():
        found = getattr(found, attribute, None)
    return found
