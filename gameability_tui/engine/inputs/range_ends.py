"""Inputs at the ends of the ranges a task's text states of its whole-number parameters.

"for 0 <= n <= 200" promises ``trib(200)`` an answer, and a solution that cannot give it in a
harness's time (a memo dropped: exponential) is wrong; tests that stop at ``trib(15)`` never
see it, nor does a random draw near their numbers (the twenty-fourth and twenty-sixth passes'
Fibonacci and Tribonacci). The bottom of a range is its other promise (``n = 0``). Each end
(``audit/stated_domain.stated_ends`` reads them) gets one input: a visible call that passes a
whole number for that parameter, with that number made the end. Where the reference divides by
a value it steps through (trial division: ``while n % d == 0``), the largest prime at or below
the top is one more: such a loop runs longest on a prime, and ``d * d <= n`` made ``d + d <=
n`` is too slow only there (the twenty-fifth pass's ``largest_prime_factor``, "2 <= n <=
10**12", tested on numbers with small factors).
"""

from __future__ import annotations

import ast
from dataclasses import replace

from .calls import Call, parsed

PRIME_SEARCH = 2_000  # numbers below the top tried for a prime (primes are far closer at any size)
WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)  # decide primality exactly below 3.3e24


def calls_at_ends(
    visible: list[Call],
    ends: tuple[tuple[str, int], ...],
    parameters: tuple[str, ...],
    known: set[str],
    reference: str = "",
) -> list[Call]:
    """One call per end of ``ends`` (name, value) that no visible call passes already, and one at
    the largest prime at or below each top where ``reference`` divides by a stepped value: the
    first visible call passing an int (not a bool) for that parameter, by position or by
    keyword, with the end put in its place; none where no visible call passes one."""
    made: list[Call] = []
    seen = set(known)
    for name, value in _with_primes(ends) if divides_by_a_stepped_value(reference) else ends:
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


def divides_by_a_stepped_value(reference: str) -> bool:
    """Whether the reference takes a remainder or a floor quotient by a name (``n % d``, ``n //=
    d``) that it also steps (``d += 2``): a trial division."""
    tree = parsed(reference)
    if tree is None:
        return False
    stepped = {
        node.target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name)
    }
    divisors = (
        node.right if isinstance(node, ast.BinOp) else node.value
        for node in ast.walk(tree)
        if isinstance(node, (ast.BinOp, ast.AugAssign)) and isinstance(node.op, (ast.Mod, ast.FloorDiv))
    )
    return any(isinstance(divisor, ast.Name) and divisor.id in stepped for divisor in divisors)


def _with_primes(ends: tuple[tuple[str, int], ...]) -> list[tuple[str, int]]:
    """``ends``, each top (the larger end of a parameter) followed by the largest prime at or
    below it, where one is near."""
    tops: dict[str, int] = {}
    for name, value in ends:
        tops[name] = max(tops.get(name, value), value)
    found = list(ends)
    for name, top in tops.items():
        prime = next((n for n in range(top, max(top - PRIME_SEARCH, 1), -1) if is_prime(n)), None)
        if prime is not None and (name, prime) not in found:
            found.append((name, prime))
    return found


def is_prime(n: int) -> bool:
    """Miller-Rabin with the first twelve primes as witnesses: exact for n below 3.3 * 10**24."""
    if n < 2:
        return False
    for p in WITNESSES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def _passed(call: Call, name: str, position: int) -> object:
    """What ``call`` passes for the parameter ``name`` (at ``position``), else None."""
    if 0 <= position < len(call.args):
        return call.args[position]
    return dict(call.kwargs).get(name)


def _with(call: Call, name: str, position: int, value: int) -> Call:
    if 0 <= position < len(call.args):
        return replace(call, args=(*call.args[:position], value, *call.args[position + 1 :]))
    return replace(call, kwargs=tuple((key, value if key == name else given) for key, given in call.kwargs))
