"""Inputs at the ends of the ranges a task's text states of its whole-number parameters.

"for 0 <= n <= 200" promises ``trib(200)`` an answer, and a solution that cannot give it in a
harness's time (a memo dropped: exponential) is wrong; tests that stop at ``trib(15)`` never
see it, nor does a random draw near their numbers (the twenty-fourth and twenty-sixth passes'
Fibonacci and Tribonacci). The bottom of a range is its other promise (``n = 0``). Each end
(``audit/stated_domain.stated_ends`` reads them) gets one input: a visible call that passes a
whole number for that parameter, with that number made the end.
"""

from __future__ import annotations

from dataclasses import replace

from .calls import Call


def calls_at_ends(
    visible: list[Call], ends: tuple[tuple[str, int], ...], parameters: tuple[str, ...], known: set[str]
) -> list[Call]:
    """One call per end of ``ends`` (name, value) that no visible call passes already: the first
    visible call passing an int (not a bool) for that parameter, by position or by keyword,
    with the end put in its place; none where no visible call passes one."""
    made: list[Call] = []
    seen = set(known)
    for name, value in ends:
        position = parameters.index(name) if name in parameters else -1
        passed = [_passed(call, name, position) for call in visible]
        if value in passed:
            continue
        for call, given in zip(visible, passed):
            if type(given) is int:
                edited = _with(call, name, position, value)
                if edited.key() not in seen:
                    seen.add(edited.key())
                    made.append(edited)
                break
    return made


def _passed(call: Call, name: str, position: int) -> object:
    """What ``call`` passes for the parameter ``name`` (at ``position``), else None."""
    if 0 <= position < len(call.args):
        return call.args[position]
    return dict(call.kwargs).get(name)


def _with(call: Call, name: str, position: int, value: int) -> Call:
    if 0 <= position < len(call.args):
        return replace(call, args=(*call.args[:position], value, *call.args[position + 1 :]))
    return replace(call, kwargs=tuple((key, value if key == name else given) for key, given in call.kwargs))
