"""Mutation operators: each is one kind of single-site edit, with examples of what it does.

An operator looks at one AST node (and its parent) and says how many distinct edits it can make
there (``choices``); ``edit`` builds the replacement node for one of them, leaving the tree
untouched. ``mutation.py`` finds the sites, splices the replacement's text into the source and
checks the splice re-parses to exactly the intended tree.

Two catalogues:

- ``SAMPLE_OPERATORS``: the default attack's six kinds, which reproduce the published figures
  (their mutants are byte-identical to the engine before operators were split out);
- ``DEEP_OPERATORS``: those six and the edits mature mutation tools make (constants to 0/1/-1,
  index and slice bounds, ``min``/``max``, ``any``/``all``, ``not``, ``is``, ``break``/``continue``,
  loops that run zero times, deleted statements, ``+=`` to ``=``, reversed sorts); since round
  sixteen also a comparison's other partners, ``/`` and ``//``, text and bytes literals, and the
  type a ``raise`` names (the eighteenth red-team pass: weak problems whose one wrong edit was
  of these kinds were strong under both attacks); since round seventeen ``+`` and ``*`` both
  ways, a dropped negation, ``None`` to ``0``, a dropped operand of ``and``/``or``, a method's
  or rounding mode's twin, an exception class to its base, and deleted stores and rebindings
  (the nineteenth pass, likewise); since round eighteen a standard-library option's other value
  and a date format's neighbouring fields swapped; since round twenty-two a name of a tuple or a
  call's arguments written as its neighbour, and a defensive copy left out.

Each operator's ``examples`` are (source, one of its mutants) pairs;
``tests/engine/mutants/test_operators.py`` checks every example both ways: the operator produces
that mutant, and nothing else changes it.
"""

from __future__ import annotations

import ast
import copy
import re
from dataclasses import dataclass, replace
from typing import ClassVar

from ..syntax import ending_name


@dataclass(frozen=True)
class Operator:
    """One kind of edit. Subclasses override ``choices`` and ``edit``."""

    kind: str
    examples: tuple[tuple[str, str], ...] = ()  # (source, one of the mutants it makes of it)
    untouched: tuple[str, ...] = ()  # sources it must leave alone

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        """How many distinct edits this operator makes at ``node`` (0: it does not apply)."""
        raise NotImplementedError

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        """The node that replaces ``node`` for edit number ``choice`` (a new node)."""
        raise NotImplementedError

    def bound_to(self, tree: ast.Module) -> Operator:
        """This operator as it applies to ``tree`` (most need nothing of the module: themselves)."""
        return self


def _with(node: ast.AST, **fields) -> ast.AST:
    changed = copy.copy(node)
    for name, value in fields.items():
        setattr(changed, name, value)
    return changed


def _called_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id
    return None


def _is_number(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float)


# --- the default attack's kinds ---------------------------------------------------------------

COMPARE_SWAPS = {
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
}  # fmt: skip
ARITHMETIC_SWAPS = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult, ast.Mod: ast.Mult, ast.Pow: ast.Mult,
}  # fmt: skip
IDENTITY_SWAPS = {ast.Is: ast.IsNot, ast.IsNot: ast.Is}


@dataclass(frozen=True)
class SwapComparison(Operator):
    """One operator of a (possibly chained) comparison to each of its partners, e.g. ``<`` to
    ``<=``; ``swaps`` says which: (operator, its partners), one partner each in the default
    attack's table, two for ``==`` in the deep attack's other partners (``<=`` and ``>=``)."""

    swaps: tuple[tuple[type, tuple[type, ...]], ...] = ()

    def _edits(self, node: ast.AST) -> list[tuple[int, type]]:
        if not isinstance(node, ast.Compare):
            return []
        table = dict(self.swaps)
        return [(i, other) for i, op in enumerate(node.ops) for other in table.get(type(op), ())]

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(self._edits(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        position, other = self._edits(node)[choice]
        ops = list(node.ops)
        ops[position] = other()
        return _with(node, ops=ops)


def _one_each(table: dict[type, type]) -> tuple[tuple[type, tuple[type, ...]], ...]:
    return tuple((op, (other,)) for op, other in table.items())


@dataclass(frozen=True)
class SwapArithmetic(Operator):
    """``+`` to ``-``, ``*`` to ``//`` and so on, in expressions and augmented assignments;
    ``swaps`` says which, each (operator, partner) pair one edit, so an operator may have several
    partners (the deep attack's ``*`` is also ``+`` and ``**``; its ``/`` and ``//`` are one more
    table)."""

    swaps: tuple[tuple[type, type], ...] = tuple(ARITHMETIC_SWAPS.items())

    def _partners(self, node: ast.AST) -> list[type]:
        if not isinstance(node, (ast.BinOp, ast.AugAssign)):
            return []
        return [other for op, other in self.swaps if op is type(node.op)]

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(self._partners(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, op=self._partners(node)[choice]())


@dataclass(frozen=True)
class SwapBoolean(Operator):
    """``and`` to ``or`` and back."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.BoolOp))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, op=ast.Or() if isinstance(node.op, ast.And) else ast.And())


@dataclass(frozen=True)
class FlipBool(Operator):
    """``True`` to ``False`` and back."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.Constant) and type(node.value) is bool)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(not node.value)


@dataclass(frozen=True)
class IncrementInt(Operator):
    """An int literal plus one."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.Constant) and type(node.value) is int)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(node.value + 1)


@dataclass(frozen=True)
class ReturnNone(Operator):
    """A returned value replaced by ``None`` (the site is the value, so the statement stays)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(parent, ast.Return) or parent.value is not node:
            return 0
        return int(not (isinstance(node, ast.Constant) and node.value is None))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(None)


# --- the deep attack's further kinds ----------------------------------------------------------


@dataclass(frozen=True)
class ReplaceNumber(Operator):
    """A number literal to 0, 1, -1 or itself plus or minus one, except what ``IncrementInt``
    already makes: a guard on a constant must be probed on both sides; a round number of a
    hundred or more with a zero fewer or more. A negated literal (``-1``) is one number here,
    not a negation of a literal."""

    def _value(self, node: ast.AST, parent: ast.AST | None) -> int | float | None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _is_number(node.operand):
            return -node.operand.value if type(node.operand.value) is not bool else None
        negated = isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.USub)
        if _is_number(node) and type(node.value) is not bool and not negated:
            return node.value
        return None

    def _values(self, node: ast.AST) -> list:
        value = -node.operand.value if isinstance(node, ast.UnaryOp) else node.value
        covered = {value}
        if type(value) is int:  # IncrementInt's edit of the literal as written
            covered.add(value - 1 if isinstance(node, ast.UnaryOp) else value + 1)
        found: list = []
        # (a zero dropped or added: ``limit_denominator(100)`` written ``(10)``, the nineteenth pass)
        round_number = type(value) is int and abs(value) >= 100 and value % 10 == 0
        slips = (value // 10, value * 10) if round_number else ()
        for candidate in (0, 1, -1, value + 1, value - 1, *slips):
            candidate = type(value)(candidate)
            if candidate not in covered and candidate not in found:
                found.append(candidate)
        return found

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return 0 if self._value(node, parent) is None else len(self._values(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        value = self._values(node)[choice]
        if value < 0:  # written as the parser would read it back: a negation of a literal
            return ast.UnaryOp(ast.USub(), ast.Constant(-value))
        return ast.Constant(value)


def _shifted(expression: ast.expr, step: int) -> ast.expr:
    return ast.BinOp(expression, ast.Add() if step > 0 else ast.Sub(), ast.Constant(1))


@dataclass(frozen=True)
class ShiftIndex(Operator):
    """``a[i]`` to ``a[i + 1]`` and ``a[i - 1]`` where the index is computed (a literal index is
    already moved by the number operators)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(node, ast.Subscript):
            return 0
        index = node.slice
        computed = not isinstance(index, (ast.Slice, ast.Tuple, ast.Constant, ast.UnaryOp))
        return 2 if computed else 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, slice=_shifted(node.slice, 1 if choice == 0 else -1))


@dataclass(frozen=True)
class ShiftSliceBound(Operator):
    """A computed slice bound plus or minus one: ``a[i:j]`` to ``a[i + 1:j]``, ``a[i:j - 1]``..."""

    def _bounds(self, node: ast.AST) -> list[str]:
        if not isinstance(node, ast.Slice):
            return []
        return [
            name
            for name in ("lower", "upper")
            if getattr(node, name) is not None
            and not isinstance(getattr(node, name), (ast.Constant, ast.UnaryOp))
        ]

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return 2 * len(self._bounds(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        name = self._bounds(node)[choice // 2]
        return _with(node, **{name: _shifted(getattr(node, name), 1 if choice % 2 == 0 else -1)})


@dataclass(frozen=True)
class ShiftRangeBound(Operator):
    """A computed bound of a ``range`` plus or minus one: ``range(0, len(xs), 2)`` to ``range(0,
    len(xs) - 1, 2)``: a loop one turn short or long, which tests whose lengths all fall on the
    step never show (the twenty-first pass: pairs summed, an odd length's last item dropped)."""

    def _bounds(self, node: ast.AST) -> list[int]:
        if _called_name(node) != "range" or node.keywords or not 1 <= len(node.args) <= 3:
            return []
        bounds = range(min(len(node.args), 2))  # the start and the stop, not the step
        return [i for i in bounds if not isinstance(node.args[i], (ast.Constant, ast.UnaryOp, ast.Starred))]

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return 2 * len(self._bounds(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        position = self._bounds(node)[choice // 2]
        args = list(node.args)
        args[position] = _shifted(args[position], 1 if choice % 2 == 0 else -1)
        return _with(node, args=args)


@dataclass(frozen=True)
class SwapCalledName(Operator):
    """A call of one builtin turned into its twin: ``min`` and ``max``, ``any`` and ``all``."""

    pairs: tuple[tuple[str, str], ...] = ()

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(_called_name(node) in dict(self.pairs))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        twin = dict(self.pairs)[_called_name(node)]
        return _with(node, func=ast.Name(twin, ast.Load()))


@dataclass(frozen=True)
class RemoveNot(Operator):
    """``not x`` to ``x``."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return node.operand


@dataclass(frozen=True)
class SwapBreakContinue(Operator):
    """``break`` to ``continue`` and back."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, (ast.Break, ast.Continue)))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Continue() if isinstance(node, ast.Break) else ast.Break()


@dataclass(frozen=True)
class EmptyLoop(Operator):
    """A ``for`` loop that runs zero times: its iterable becomes ``[]``."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        loop = isinstance(parent, (ast.For, ast.AsyncFor)) and parent.iter is node
        return int(loop and not (isinstance(node, ast.List) and not node.elts))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.List([], ast.Load())


DELETABLE = (
    ast.Expr,
    ast.AugAssign,
    ast.Assign,
    ast.AnnAssign,
    ast.Return,
    ast.Raise,
    ast.Break,
    ast.Continue,
)


@dataclass(frozen=True)
class DeleteStatement(Operator):
    """A statement replaced by ``pass``: a call made for its effect (``out.append(x)``), an
    augmented assignment, a value stored on an object or in a container (``self._total = None``:
    a cache no longer cleared), a name rebound from itself (``k = k % len(xs)``: a reduction
    skipped), or the lone statement of an ``if`` (a guard that no longer acts). A constructor's
    binding is kept (its loss shows at the first read), but where a class of the module also
    binds that name in its body (``history = []``): then every object falls back to the one
    list the class holds, shared by all (the twenty-seventh pass's ``Tracker``)."""

    shadowed: tuple[str, ...] = ()  # the names classes of the module bind in their bodies

    def bound_to(self, tree: ast.Module) -> Operator:
        names = {
            target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef)
            for statement in node.body
            if isinstance(statement, (ast.Assign, ast.AnnAssign))
            for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
            if isinstance(target, ast.Name)
        }
        return replace(self, shadowed=tuple(sorted(names))) if names else self

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if isinstance(node, ast.Expr):
            return int(isinstance(node.value, ast.Call))
        if isinstance(node, ast.AugAssign) or _stores_or_rebinds(node, parent, self.shadowed):
            return 1
        guarded = isinstance(parent, ast.If) and len(parent.body) == 1 and parent.body[0] is node
        return int(guarded and isinstance(node, DELETABLE))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Pass()


def _stores_or_rebinds(node: ast.AST, parent: ast.AST | None, shadowed: tuple[str, ...] = ()) -> bool:
    """Whether ``node`` is ``obj.attr = ...`` or ``items[key] = ...`` (but the first bindings a
    constructor makes, whose loss every later read shows at once, unless a class binds the name
    too: ``shadowed``), or ``name = <an expression reading name>``."""
    if not isinstance(node, ast.Assign) or len(node.targets) != 1:
        return False
    target = node.targets[0]
    if isinstance(target, (ast.Attribute, ast.Subscript)):
        constructs = isinstance(parent, ast.FunctionDef) and parent.name == "__init__"
        return not constructs or (isinstance(target, ast.Attribute) and target.attr in shadowed)
    read = {inner.id for inner in ast.walk(node.value) if isinstance(inner, ast.Name)}
    return isinstance(target, ast.Name) and target.id in read


@dataclass(frozen=True)
class AugmentedToPlain(Operator):
    """``x += e`` to ``x = e``: the running total forgets what it held."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.AugAssign))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.copy_location(ast.Assign([copy.copy(node.target)], node.value, None), node)


@dataclass(frozen=True)
class ReverseSort(Operator):
    """``sorted(x)`` and ``x.sort()`` given ``reverse=True`` (an explicit ``reverse=`` is already
    flipped by ``FlipBool``)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(node, ast.Call) or any(k.arg == "reverse" for k in node.keywords):
            return 0
        method = isinstance(node.func, ast.Attribute) and node.func.attr == "sort"
        return int(_called_name(node) == "sorted" or method)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, keywords=[*node.keywords, ast.keyword("reverse", ast.Constant(True))])


# the other partners of a comparison (the sample's swap makes ``<=`` of ``<``, ``!=`` of ``==``)
FLIPPED_COMPARISONS = {
    ast.Lt: (ast.Gt,), ast.Gt: (ast.Lt,), ast.LtE: (ast.GtE,), ast.GtE: (ast.LtE,),
    ast.Eq: (ast.LtE, ast.GtE), ast.NotEq: (ast.Lt, ast.Gt),
}  # fmt: skip
DIVISIONS = {ast.Div: ast.FloorDiv, ast.FloorDiv: ast.Div}


@dataclass(frozen=True)
class ReplaceText(Operator):
    """A text or bytes literal made empty, or without its first or its last character: a
    separator (``' | '``), a set of letters (``'aeiou'`` to ``'eiou'``, ``b' \\n'`` to ``b' '``: the
    twenty-seventh pass's bytes a ``translate`` deletes, whose last no test held), a prefix, a
    name cut short (``'Wed'`` to ``'We'``); a number written with a
    point, one place off (``Decimal('0.01')`` to ``'0.1'`` and ``'0.001'``: the eighteenth pass's
    cents, where ``Decimal('12.0') == Decimal('12.00')`` hid it). Not a docstring (no site) nor a
    piece of an f-string (its pieces are no span of their own to splice)."""

    def _values(self, node: ast.AST) -> list:
        value = node.value
        found = [type(value)(), *([value[1:], value[:-1]] if len(value) > 1 else [])] if value else []
        found = list(dict.fromkeys(found))  # (``'aa'`` cut at either end is one mutant)
        if type(value) is str and DECIMAL_NUMERAL.fullmatch(value):  # a place slipped: ``'0.01'``
            whole, _, fraction = value.partition(".")
            fewer = [f"{whole}.{fraction[1:]}"] if fraction.startswith("0") else []
            found += [text for text in [*fewer, f"{whole}.0{fraction}"] if text not in found]
        twin = SPECIAL_NUMBER_TWINS.get(value.lower()) if type(value) is str else None
        if twin is not None:  # (``Decimal('NaN')`` to ``'sNaN'``, ``float('inf')`` to ``'-inf'``)
            found.append(twin)
        return found

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(node, ast.Constant) or type(node.value) not in (str, bytes):
            return 0
        return 0 if isinstance(parent, (ast.JoinedStr, ast.FormattedValue)) else len(self._values(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(self._values(node)[choice])


DECIMAL_NUMERAL = re.compile(r"-?[0-9]*\.[0-9]+")
# a special number's name and its neighbour of the same spelling: the quiet NaN and the
# signalling one (``Decimal('sNaN')`` passes ``is_nan()`` but not ``is_qnan()``, and raises where
# compared: the thirty-first pass), an infinity and the other sign's
SPECIAL_NUMBER_TWINS = {
    "nan": "sNaN",
    "snan": "NaN",
    "inf": "-inf",
    "-inf": "inf",
    "+inf": "-inf",
    "infinity": "-Infinity",
    "-infinity": "Infinity",
    "+infinity": "-Infinity",
}

# the other partners of an arithmetic (the sample's swap makes ``-`` of ``+``, ``//`` of ``*``);
# ``%`` and ``-`` each other's, as a remainder is what is left once the divisor is taken away as
# often as it goes: ``gcd(b, a % b)`` as ``gcd(b, a - b)`` (Euclid by subtraction, a recursion as
# deep as a / b), ``turn % n`` as ``turn - n`` (right for the first n turns), ``left - need`` as
# ``left % need`` (right while less than twice need: the twenty-sixth and twenty-seventh passes);
# ``*`` also ``**``, a power for a product (``x * k`` as ``x ** k`` is right where ``x`` is 0 or
# ``x`` and ``k`` are both 2: the thirty-third pass's multiplier, tested at (2, 2) and (0, 5))
OTHER_ARITHMETIC = (
    (ast.Add, ast.Mult), (ast.Mult, ast.Add), (ast.Mult, ast.Pow), (ast.Sub, ast.Mod), (ast.Mod, ast.Sub),
)  # fmt: skip


@dataclass(frozen=True)
class RemoveNegation(Operator):
    """``-x`` to ``x`` where ``x`` is no number literal (a literal's sign is the number
    operators'); ``+x`` to ``x`` too, which on a ``Counter`` drops the counts below one (the
    twenty-first pass: ``+c`` left out kept a zero count the text says to drop)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        signed = isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd))
        return int(signed and not _is_number(node.operand))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return node.operand


@dataclass(frozen=True)
class ReplaceNone(Operator):
    """A ``None`` returned or assigned to ``0``: a falsy answer (``assert not parse_int('x')``)
    or a start value (``best = None``) of another kind."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        valued = isinstance(parent, (ast.Return, ast.Assign)) and parent.value is node
        return int(valued and isinstance(node, ast.Constant) and node.value is None)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(0)


@dataclass(frozen=True)
class ReadDefault(Operator):
    """A parameter read as its default (``return default`` to ``return 0`` in ``def safe_int(s,
    default=0)``): the caller's value ignored, which only a test passing another value shows
    (the eighteenth pass). A name two functions give different defaults is left alone."""

    defaults: tuple[tuple[str, object], ...] = ()  # (parameter, its literal default)

    def bound_to(self, tree: ast.Module) -> Operator:
        found: dict[str, set] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for name, default in _defaults_of(node.args):
                    literal = repr(default.value) if _plain_constant(default) else None
                    found.setdefault(name, set()).add(literal)
        defaults = tuple(
            (name, ast.literal_eval(next(iter(values))))
            for name, values in sorted(found.items())
            if len(values) == 1 and None not in values
        )
        return replace(self, defaults=defaults) if defaults else self

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        read = isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
        return int(read and node.id in dict(self.defaults))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Constant(dict(self.defaults)[node.id])


@dataclass(frozen=True)
class DropCapture(Operator):
    """A value a closure captures by its default (``lambda x, k=k: x * k``) read late instead
    (``lambda x: x * k``): every closure made in a loop then sees the loop's last value, which a
    test calling only the last one never shows (the twentieth pass)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return 0
        return len(_captures(node.args))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        name, old = _captures(node.args)[choice], node.args
        given = [*old.posonlyargs, *old.args]
        defaulted = given[len(given) - len(old.defaults) :]
        arguments = _with(
            old,
            posonlyargs=[a for a in old.posonlyargs if a.arg != name],
            args=[a for a in old.args if a.arg != name],
            defaults=[d for a, d in zip(defaulted, old.defaults) if a.arg != name],
            kwonlyargs=[a for a in old.kwonlyargs if a.arg != name],
            kw_defaults=[d for a, d in zip(old.kwonlyargs, old.kw_defaults) if a.arg != name],
        )
        return _with(node, args=arguments)


def _captures(arguments: ast.arguments) -> list[str]:
    """The parameters whose default is the same name read where the function is made (``k=k``)."""
    return [
        name
        for name, default in _defaults_of(arguments)
        if isinstance(default, ast.Name) and default.id == name
    ]


def _defaults_of(arguments: ast.arguments) -> list[tuple[str, ast.expr]]:
    """Each parameter that has a default, positional or keyword-only, with it."""
    given = [*arguments.posonlyargs, *arguments.args]
    pairs = list(zip(given[len(given) - len(arguments.defaults) :], arguments.defaults))
    pairs += [(a, d) for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults) if d is not None]
    return [(argument.arg, default) for argument, default in pairs]


def _plain_constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) in (int, float, str, bool)


@dataclass(frozen=True)
class DropOperand(Operator):
    """One operand of an ``and`` or ``or`` dropped: ``a == b or b == c or a == c`` without a
    case (a chain of three or more; of two, the swap to the other operator and ``not`` cover
    most)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(node.values) if isinstance(node, ast.BoolOp) and len(node.values) > 2 else 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, values=[value for index, value in enumerate(node.values) if index != choice])


@dataclass(frozen=True)
class SwapSiblingName(Operator):
    """One name of a tuple, list or call's arguments written as another name beside it: a key
    ``(w, h)`` made ``(w, w)``, ``f(a, b)`` made ``f(b, b)``: a variable mixed up with its
    neighbour, which no edit of an operator or constant makes (the twenty-third pass:
    c6_cache_key, a memo keyed on one side of a rectangle)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(self._swaps(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        position, other = self._swaps(node)[choice]
        field = "args" if isinstance(node, ast.Call) else "elts"
        items = list(getattr(node, field))
        items[position] = ast.Name(other, ast.Load())
        return _with(node, **{field: items})

    @staticmethod
    def _swaps(node: ast.AST) -> list[tuple[int, str]]:
        if isinstance(node, ast.Call):
            items = node.args
        elif isinstance(node, (ast.Tuple, ast.List)) and isinstance(node.ctx, ast.Load):
            items = node.elts
        else:
            return []
        names = {index: item.id for index, item in enumerate(items) if isinstance(item, ast.Name)}
        distinct = list(dict.fromkeys(names.values()))
        return [(index, other) for index, name in names.items() for other in distinct if other != name]


@dataclass(frozen=True)
class SwapParameter(Operator):
    """A parameter passed to a call written as another parameter of its function:
    ``range(height)`` made ``range(width)``: one input mixed up with another, which tests whose
    inputs are all alike (squares) never tell (the thirty-second pass: a grid printed width
    lines for height). A name more than one function takes as a parameter is left alone."""

    siblings: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (a parameter, the others of its function)

    def bound_to(self, tree: ast.Module) -> Operator:
        seen: dict[str, int] = {}
        found: dict[str, tuple[str, ...]] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                arguments = (*node.args.posonlyargs, *node.args.args)
                names = [argument.arg for argument in arguments if argument.arg not in ("self", "cls")]
                for name in names:
                    seen[name] = seen.get(name, 0) + 1
                    found[name] = tuple(other for other in names if other != name)
        siblings = tuple((name, others) for name, others in found.items() if others and seen[name] == 1)
        return replace(self, siblings=siblings) if siblings else self

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        passed = isinstance(parent, ast.Call) and any(node is argument for argument in parent.args)
        read = isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)
        return len(dict(self.siblings).get(node.id, ())) if passed and read else 0  # type: ignore[attr-defined]

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return ast.Name(dict(self.siblings)[node.id][choice], ast.Load())  # type: ignore[attr-defined]


# the nearest other of a method call or a named constant: a mistake of one word
METHOD_TWINS = {
    "isdigit": "isalnum", "isalpha": "isalnum", "isalnum": "isalpha", "isnumeric": "isalnum",
    "isupper": "islower", "islower": "isupper", "lower": "upper", "upper": "lower",
    "lstrip": "rstrip", "rstrip": "lstrip", "strip": "rstrip", "startswith": "endswith",
    "endswith": "startswith", "find": "rfind", "rfind": "find", "appendleft": "append",
    "popleft": "pop", "extend": "append", "weekday": "isoweekday", "isoweekday": "weekday",
}  # fmt: skip
# a reading written as a method where its twin is an attribute (a duration's whole seconds
# against its seconds within the day: the nineteenth pass's ``.total_seconds()`` to ``.seconds``)
METHOD_TO_ATTRIBUTE = {"total_seconds": "seconds"}
NAMED_TWINS = {
    "ROUND_HALF_UP": "ROUND_HALF_EVEN", "ROUND_HALF_EVEN": "ROUND_HALF_UP",
    "ROUND_HALF_DOWN": "ROUND_HALF_UP", "ROUND_UP": "ROUND_DOWN", "ROUND_DOWN": "ROUND_UP",
    "ROUND_CEILING": "ROUND_FLOOR", "ROUND_FLOOR": "ROUND_CEILING",
}  # fmt: skip


@dataclass(frozen=True)
class SwapMethod(Operator):
    """A method called by its twin (``s.isdigit()`` to ``s.isalnum()``, ``lstrip`` to
    ``rstrip``, ``.total_seconds()`` to ``.seconds``), and a named rounding mode by its twin
    (``ROUND_HALF_UP`` to ``ROUND_HALF_EVEN``)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            read = node.func.attr in METHOD_TO_ATTRIBUTE and not (node.args or node.keywords)
            return int(node.func.attr in METHOD_TWINS or read)
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            return int(node.id in NAMED_TWINS and not isinstance(parent, ast.ImportFrom))
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            return int(
                node.attr in NAMED_TWINS and not (isinstance(parent, ast.Call) and parent.func is node)
            )
        return 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        if isinstance(node, ast.Call) and node.func.attr in METHOD_TO_ATTRIBUTE:
            return _with(node.func, attr=METHOD_TO_ATTRIBUTE[node.func.attr])
        if isinstance(node, ast.Call):
            return _with(node, func=_with(node.func, attr=METHOD_TWINS[node.func.attr]))
        if isinstance(node, ast.Name):
            return _with(node, id=NAMED_TWINS[node.id])
        return _with(node, attr=NAMED_TWINS[node.attr])


# an option's other values, where a keyword names it: how ``decode`` treats bad bytes, which
# end of a number ``to_bytes`` writes first
OPTION_TWINS = {
    "errors": {"strict": "replace", "replace": "ignore", "ignore": "replace", "backslashreplace": "replace"},
    "byteorder": {"big": "little", "little": "big"},
}
DATE_FORMATTERS = frozenset(("strftime", "strptime"))
# the options a call also takes by position: ``int.from_bytes(b, 'big')``, ``b.decode('utf-8', 'replace')``
POSITIONAL_OPTIONS = {
    "from_bytes": "byteorder", "to_bytes": "byteorder", "decode": "errors", "encode": "errors",
}  # fmt: skip
DIRECTIVE = re.compile(r"%[A-Za-z]")


@dataclass(frozen=True)
class SwapOption(Operator):
    """A standard-library option's other value (``errors='replace'`` to ``'ignore'``,
    ``byteorder='big'`` to ``'little'``), and a date format with two neighbouring fields in each
    other's place (``'%Y-%m-%d'`` to ``'%Y-%d-%m'``: a test whose day is its month reads alike,
    the nineteenth pass). An option passed by position is one too (``int.from_bytes(b, 'big')``,
    the twentieth pass; ``b.decode('utf-8', 'replace')``)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if isinstance(node, ast.keyword) and node.arg in OPTION_TWINS:
            return int(isinstance(node.value, ast.Constant) and node.value.value in OPTION_TWINS[node.arg])
        if not isinstance(node, ast.Constant) or type(node.value) is not str:
            return 0
        called = _positional_of(node, parent)
        if called in POSITIONAL_OPTIONS:
            return int(node.value in OPTION_TWINS[POSITIONAL_OPTIONS[called]])
        return len(_swapped_fields(node.value)) if called in DATE_FORMATTERS else 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        if isinstance(node, ast.keyword):
            return _with(node, value=ast.Constant(OPTION_TWINS[node.arg][node.value.value]))
        for twins in OPTION_TWINS.values():  # a date format is no option's value
            if node.value in twins:
                return ast.Constant(twins[node.value])
        return ast.Constant(_swapped_fields(node.value)[choice])


def _positional_of(node: ast.AST, parent: ast.AST | None) -> str:
    """The name of the call ``node`` is a positional argument of (``strftime``), else ""."""
    if not isinstance(parent, ast.Call) or node not in parent.args:
        return ""
    called = parent.func
    return called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")


def _swapped_fields(text: str) -> list[str]:
    """``text`` with each pair of neighbouring, different directives in each other's place."""
    found = list(DIRECTIVE.finditer(text))
    swapped = []
    for first, second in zip(found, found[1:]):
        if first.group() != second.group():
            start, middle, end = first.start(), text[first.end() : second.start()], second.end()
            swapped.append(text[:start] + second.group() + middle + first.group() + text[end:])
    return swapped


# the calls that give back a value of their argument's kind, made to normalize it: a text's
# case or spaces, a list's order, a number's sign
NORMALIZING_METHODS = frozenset(
    ("lower", "upper", "casefold", "strip", "lstrip", "rstrip", "replace", "title", "capitalize")
    + ("date",)  # (a datetime's day: without it a datetime, never equal to a date: the thirtieth pass)
)
NORMALIZING_CALLS = frozenset(("sorted", "abs", "tuple", "set"))
# the exact number types a value is made into so that what follows stays exact: without the
# call, ``Fraction(sum(xs)) / len(xs)`` is a float, equal to the Fraction on every mean exact in
# binary and off it on ``[1, 1, 2]`` (the twenty-fourth pass)
EXACT_NUMBER_CALLS = frozenset(("Fraction", "Decimal"))


@dataclass(frozen=True)
class DropNormalizing(Operator):
    """A call that normalizes a value left out (``s.lower()`` to ``s``, ``a.replace(' ', '')``
    to ``a``, ``sorted(xs)`` to ``xs``, ``abs(n)`` to ``n``, ``tuple(xs)`` to ``xs``, ``set(xs)``
    to ``xs``): the case, spaces, order, sign, type or repeats the text says to ignore or asks
    for, which tests written in one case, with one-word texts, in order, with positive numbers,
    without repeats or reading items alone never show
    (the twenty-first pass: a palindrome test "ignoring case" with no capital, a title case whose
    words were lower already; the twenty-sixth: "as a tuple (so it can be a dict key)", tested
    through ``list(...)`` and ``==`` between two answers); a number made exact
    (``Fraction(total)`` to ``total``), where it is made of a value, not written as text, and
    the text an exact number is made of (``Decimal(repr(x))`` to ``Decimal(x)``: 2.675 is then
    the float's binary value, 2.67499...; the thirtieth pass); a datetime's ``.date()``."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if _reduced(node):
            return 1
        if not isinstance(node, ast.Call) or node.keywords:
            return 0
        if isinstance(node.func, ast.Attribute):
            return int(node.func.attr in NORMALIZING_METHODS)
        if _called_name(node) == "sorted" and len(node.args) == 1:
            return 2  # (left out, or made ``list``: the same type, in the order it comes)
        if _called_name(node) in EXACT_NUMBER_CALLS and len(node.args) == 1:
            return int(not isinstance(node.args[0], ast.Constant))  # (``Decimal('0.1')`` is text)
        if _called_name(node) in ("repr", "str") and len(node.args) == 1:  # ``Decimal(repr(x))``
            return int(isinstance(parent, ast.Call) and _called_name(parent) in EXACT_NUMBER_CALLS)
        return int(_called_name(node) in NORMALIZING_CALLS and len(node.args) == 1)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        if _reduced(node):
            return node.left
        if choice == 1:  # ``sorted(set(xs))`` to ``list(set(xs))`` (the twenty-first pass: s5, t6)
            return ast.Call(ast.Name("list", ast.Load()), node.args, [])
        return node.func.value if isinstance(node.func, ast.Attribute) else node.args[0]


# the arithmetic whose result a remainder keeps small (``b * b % m``, ``(a + b) % 26``)
GROWING = (ast.Mult, ast.Add, ast.Pow, ast.LShift)


def _reduced(node: ast.AST) -> bool:
    """Whether ``node`` is a sum, product or power reduced by a remainder (``b * b % m``): left
    out, the value is right wherever it stays below the modulus, and grows without end past it
    (the twenty-ninth pass: a modular power's square unreduced was right on every test and did not
    return at ``e = 10**12``)."""
    return (
        isinstance(node, ast.BinOp)
        and isinstance(node.op, ast.Mod)
        and isinstance(node.left, ast.BinOp)
        and isinstance(node.left.op, GROWING)
    )


@dataclass(frozen=True)
class DropCopy(Operator):
    """A defensive copy of a stored value left out: ``list(xs)``, ``dict(d)``, ``xs.copy()`` and
    ``xs[:]`` to ``xs``, so a later ``sort()`` or store changes the caller's own value (the
    twenty-fifth pass: c4_median_sorts_arg, whose tests never looked at the list after the call);
    of a name, an attribute or an item (``list(_cache[n])``: a cache handing out its own list,
    which a caller's change then poisons: the twenty-sixth pass)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(copied_value(node) is not None)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return copied_value(node)  # type: ignore[return-value]


def copied_value(node: ast.AST) -> ast.expr | None:
    """What ``node`` copies, where it is a defensive copy of a stored value (``list(xs)``,
    ``dict(d)``, ``xs.copy()``, ``xs[:]``); None for anything else."""
    if isinstance(node, ast.Call) and not node.keywords:
        if _called_name(node) in ("list", "dict") and len(node.args) == 1:
            return node.args[0] if _stored(node.args[0]) else None
        method = node.func
        copies = isinstance(method, ast.Attribute) and method.attr == "copy" and not node.args
        return method.value if copies and _stored(method.value) else None  # type: ignore[union-attr]
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) and _stored(node.value):
        whole = node.slice.lower is None and node.slice.upper is None and node.slice.step is None
        return node.value if whole and isinstance(node.ctx, ast.Load) else None
    return None


# the standard library's memoizing decorators (``functools.lru_cache``, ``functools.cache``)
CACHE_DECORATORS = frozenset(("lru_cache", "cache"))


@dataclass(frozen=True)
class DropCache(Operator):
    """A memoizing decorator left out: ``@lru_cache(maxsize=None)`` (or ``@cache``,
    ``@functools.lru_cache``) made ``@lambda f: f``, the function as written. Right on every
    input, but a recursion it made linear is exponential again, so a solution without it does not
    return at the top of the range the task promises (the twenty-fourth pass: ``fib(90)``, tested
    to ``fib(20)``; ``stated_ends`` draws the top)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        decorates = isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
            node is decorator for decorator in parent.decorator_list
        )
        return int(decorates and _cache_name(node) in CACHE_DECORATORS)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        function = ast.arguments(
            posonlyargs=[], args=[ast.arg("f")], kwonlyargs=[], kw_defaults=[], defaults=[]
        )
        return ast.Lambda(args=function, body=ast.Name("f", ast.Load()))


def _cache_name(node: ast.AST) -> str | None:
    """The name a decorator is called or read by: ``lru_cache`` of ``@functools.lru_cache(1)``."""
    node = node.func if isinstance(node, ast.Call) else node
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _stored(node: ast.expr) -> bool:
    """Whether ``node`` reads a stored value: a name, or an attribute or item of one."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return isinstance(node, ast.Name)


# the methods whose call with no argument splits or strips at any white space
WHITESPACE_METHODS = frozenset(("split", "strip", "lstrip", "rstrip"))


@dataclass(frozen=True)
class SpaceForWhitespace(Operator):
    """A split or strip at any white space made one at a space alone (``s.split()`` to
    ``s.split(' ')``): runs of spaces, tabs and newlines, which tests of single spaces never show
    (the twenty-first pass: "separated by any amount of whitespace")."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        plain = isinstance(node, ast.Call) and not (node.args or node.keywords)
        return int(plain and isinstance(node.func, ast.Attribute) and node.func.attr in WHITESPACE_METHODS)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, args=[ast.Constant(" ")])


@dataclass(frozen=True)
class LoopUntilEqual(Operator):
    """A ``while`` loop's ``<`` or ``>`` bound made ``!=`` (``while x < stop`` to ``while x !=
    stop``): the loop runs on past a step that jumps over its bound, which tests whose steps land
    on it never show (the twenty-first pass: a counter stepping by 3 towards 10)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        bound = isinstance(parent, ast.While) and parent.test is node and isinstance(node, ast.Compare)
        return int(bound and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Lt, ast.Gt)))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, ops=[ast.NotEq()])


@dataclass(frozen=True)
class SwapDimension(Operator):
    """A grid's other dimension: ``len(m)`` (its rows) for ``len(m[0])`` (a row's length) and
    back, where the module reads ``m`` as a grid (``m[r][c]``): rows for columns, a mistake
    every square grid hides (the nineteenth pass's transpose, tested on square grids only)."""

    grids: tuple[str, ...] = ()  # the names the module indexes twice

    def bound_to(self, tree: ast.Module) -> Operator:
        grids = {
            node.value.value.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Subscript)
            and isinstance(node.value.value, ast.Name)
        }
        return replace(self, grids=tuple(sorted(grids))) if grids else self

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if _called_name(node) != "len" or len(node.args) != 1 or node.keywords:
            return 0
        return int(_measured_grid(node.args[0]) in self.grids)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        measured = node.args[0]
        if isinstance(measured, ast.Name):  # the rows' count to a row's length
            return _with(
                node, args=[ast.Subscript(ast.Name(measured.id, ast.Load()), ast.Constant(0), ast.Load())]
            )
        return _with(node, args=[ast.Name(measured.value.id, ast.Load())])


def _measured_grid(node: ast.AST) -> str | None:
    """The grid's name where ``node`` is it (``m``) or its first row (``m[0]``)."""
    if isinstance(node, ast.Name):
        return node.id
    first = isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) and node.slice.value == 0
    return node.value.id if first and isinstance(node.value, ast.Name) else None


# a raised built-in exception's nearest other: a caller catching one type lets the other through
SIBLING_EXCEPTIONS = {
    "ValueError": "TypeError", "TypeError": "ValueError", "KeyError": "IndexError",
    "IndexError": "KeyError", "LookupError": "ValueError", "ZeroDivisionError": "ValueError",
    "ArithmeticError": "ValueError", "RuntimeError": "ValueError", "AttributeError": "TypeError",
    "NotImplementedError": "RuntimeError", "OverflowError": "ValueError", "Exception": "ValueError",
}  # fmt: skip


@dataclass(frozen=True)
class SwapRaisedType(Operator):
    """The built-in exception a ``raise`` names, to its sibling and to ``Exception`` (a test that
    catches any exception, or both types, lets the wrong one through); an exception class the
    module defines, to the class it derives from and to ``Exception`` (``pytest.raises(ValueError)``
    lets ``ValueError`` through where the task names ``InsufficientFunds``: the nineteenth pass)."""

    bases: tuple[tuple[str, str], ...] = ()  # (a class the module defines, the name it derives from)

    def bound_to(self, tree: ast.Module) -> Operator:
        bases = tuple(
            (node.name, node.bases[0].id)
            for node in ast.walk(tree)
            if isinstance(node, ast.ClassDef) and node.bases and isinstance(node.bases[0], ast.Name)
        )
        return replace(self, bases=bases) if bases else self

    siblings: ClassVar[dict[str, str]] = SIBLING_EXCEPTIONS
    generic: ClassVar[str] = "Exception"  # (what catches them all)

    def _names(self, node: ast.AST) -> list[str]:
        called = node.func if isinstance(node, ast.Call) else node
        name = called.id if isinstance(called, ast.Name) else None
        others = (self.siblings.get(name) or dict(self.bases).get(name), self.generic)
        if others[0] is None:
            return []
        return list(dict.fromkeys(other for other in others if other != name))

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        raised = isinstance(parent, ast.Raise) and parent.exc is node
        return len(self._names(node)) if raised else 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        other = ast.Name(self._names(node)[choice], ast.Load())
        return _with(node, func=other) if isinstance(node, ast.Call) else other


@dataclass(frozen=True)
class DropRaiseCause(Operator):
    """``raise X from None`` (or ``from error``) to ``raise X``: the exception then carries the
    one it was raised while handling, which a traceback shows ("During handling of the above
    exception, another exception occurred") and the task may rule out (the thirtieth pass: "it
    carries no chained context"); a test catching the type alone never tells."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return int(isinstance(node, ast.Raise) and node.cause is not None)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, cause=None)


NUMERAL_RUN = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class ShiftFormatSpec(Operator):
    """A number in an f-string's format spec one up or one down: ``f'{x:.2f}'`` to ``.3f`` or
    ``.1f``, ``f'{n:05d}'`` to ``06d``: a width or precision no other edit reaches (a spec is
    neither a number nor a text constant of the tree; the twenty-eighth pass), which tests whose
    values already fill the width never tell; and a width's zero flag dropped (``02d`` to
    ``2d``: the twenty-eighth pass's clock, padded with a space where the text says a zero)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(self._shifts(node)) if isinstance(node, ast.JoinedStr) else 0

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        position, text = self._shifts(node)[choice]
        changed = copy.deepcopy(node)
        changed.values[position].format_spec.values[0].value = text  # type: ignore[attr-defined]
        return changed

    @staticmethod
    def _shifts(node: ast.JoinedStr) -> list[tuple[int, str]]:
        """(the value's position, its spec's new text) for each edit of a written spec's numbers."""
        found = []
        for position, value in enumerate(node.values):
            spec = getattr(value, "format_spec", None)
            if not (isinstance(spec, ast.JoinedStr) and len(spec.values) == 1):
                continue
            text = getattr(spec.values[0], "value", None)
            for run in NUMERAL_RUN.finditer(text if isinstance(text, str) else ""):
                number = int(run.group())
                for shifted in (number + 1, number - 1) if number > 0 else (number + 1,):
                    written = (
                        str(shifted).zfill(len(run.group())) if run.group().startswith("0") else str(shifted)
                    )
                    found.append((position, text[: run.start()] + written + text[run.end() :]))
                width = text[: run.start()][-1:] != "."  # (``02d`` without its zero pads with spaces)
                if width and run.group().startswith("0") and len(run.group()) > 1:
                    found.append((position, text[: run.start()] + run.group()[1:] + text[run.end() :]))
        return found


# the calls that take a value to give back where what they look for is missing, by their name
# and the position of that value: ``next(it, None)``, ``getattr(o, 'x', 0)``, ``d.get(k, 0)``
FALLBACK_POSITIONS = {"next": 1, "getattr": 2, "get": 1}


@dataclass(frozen=True)
class DropFallback(Operator):
    """The value a lookup falls back on left out: ``next(it, None)`` to ``next(it)`` (which
    raises ``StopIteration``, in a generator a ``RuntimeError``), ``getattr(o, 'x', 0)`` to
    ``getattr(o, 'x')``, ``d.get(k, 0)`` to ``d.get(k)`` (None): tests that never look for what is
    missing never reach it (the twenty-ninth pass: the first item of each iterable, or None for an
    empty one, tested without an empty one)."""

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        if not isinstance(node, ast.Call) or node.keywords:
            return 0
        name = ending_name(node.func)
        if name == "get" and not isinstance(node.func, ast.Attribute):
            return 0  # (a function of the module's own called ``get``)
        position = FALLBACK_POSITIONS.get(name)
        return int(position is not None and len(node.args) == position + 1)

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        return _with(node, args=node.args[:-1])


@dataclass(frozen=True)
class DropKeyword(Operator):
    """A keyword argument left out of a call, so the callee's default stands in: ``int(s,
    base=2)`` as ``int(s)`` (right on every test of ``'0'`` and ``'01'``), ``enumerate(xs,
    start=1)``, ``s.split('=', maxsplit=1)``, ``deque(xs, maxlen=k)``. Not ``reverse=``, whose
    value ``FlipBool`` already turns, nor a ``**`` of many, nor ``key=``: without its key a sort
    orders whole items, which differs from the reference's also where the key ties, and there the
    reference's order among equals is often one the text does not ask for (MBPP/104 sorts "each
    sublist of strings" on their first letters alone: sorted whole, they were "wrong")."""

    def _dropped(self, node: ast.AST) -> list[int]:
        if not isinstance(node, ast.Call):
            return []
        return [i for i, k in enumerate(node.keywords) if k.arg not in (None, "reverse", "key")]

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        return len(self._dropped(node))

    def edit(self, node: ast.AST, choice: int) -> ast.AST:
        left_out = self._dropped(node)[choice]
        return _with(node, keywords=[k for i, k in enumerate(node.keywords) if i != left_out])


# a warning category's nearest other: a test counting one category lets the other through
SIBLING_WARNINGS = {
    "DeprecationWarning": "UserWarning", "PendingDeprecationWarning": "DeprecationWarning",
    "FutureWarning": "DeprecationWarning", "UserWarning": "RuntimeWarning",
    "RuntimeWarning": "UserWarning", "SyntaxWarning": "UserWarning", "ResourceWarning": "UserWarning",
    "ImportWarning": "UserWarning", "UnicodeWarning": "UserWarning", "BytesWarning": "UserWarning",
}  # fmt: skip


@dataclass(frozen=True)
class SwapWarningCategory(SwapRaisedType):
    """The category a warning is given (``warn(msg, DeprecationWarning)``, ``category=...``), to
    its nearest other and to ``Warning``; a category the module defines, to the class it derives
    from: tests that count warnings, or catch them all, never tell the category (the twenty-ninth
    pass: a deprecated function's ``DeprecationWarning`` made a ``UserWarning`` passed tests that
    counted the warnings caught)."""

    siblings = SIBLING_WARNINGS
    generic = "Warning"

    def choices(self, node: ast.AST, parent: ast.AST | None) -> int:
        given = isinstance(parent, ast.keyword) and parent.arg == "category"
        warned = isinstance(parent, ast.Call) and ending_name(parent.func) == "warn" and len(parent.args) > 1
        given = given or (warned and parent.args[1] is node)  # type: ignore[union-attr]
        return len(self._names(node)) if given and isinstance(node, ast.Name) else 0


SAMPLE_OPERATORS: tuple[Operator, ...] = (
    SwapComparison(
        "compare",
        examples=(
            ("x = a < b", "x = a <= b"),
            ("x = a in b", "x = a not in b"),
            ("x = 1 < a == b", "x = 1 < a != b"),
        ),
        untouched=("x = a is b",),
        swaps=_one_each(COMPARE_SWAPS),
    ),
    SwapArithmetic("arithmetic", examples=(("x = a + b", "x = a - b"), ("x *= 2", "x //= 2"))),
    SwapBoolean("boolop", examples=(("x = a and b", "x = a or b"),)),
    FlipBool("bool-constant", examples=(("x = True", "x = False"),), untouched=("x = 1",)),
    IncrementInt("int-constant", examples=(("x = a[0]", "x = a[1]"),), untouched=("x = True", "x = 0.5")),
    ReturnNone(
        "return-none",
        examples=(("def f(a):\n    return a", "def f(a):\n    return None"),),
        untouched=("def f(a):\n    return", "def f(a):\n    return None"),
    ),
)

DEEP_OPERATORS: tuple[Operator, ...] = SAMPLE_OPERATORS + (
    ReplaceNumber(
        "number-constant",
        examples=(
            ("x = a > 5", "x = a > 4"),
            ("x = a[2]", "x = a[-1]"),
            ("x = 0.5", "x = 1.5"),
            ("x = 3", "x = 0"),
            ("x = f(100)", "x = f(10)"),
            ("x = f(-300)", "x = f(-3000)"),
        ),
        untouched=("x = True", "x = 'a'"),
    ),
    ShiftIndex(
        "index-bound",
        examples=(("x = a[i]", "x = a[i + 1]"), ("a[i] = 0", "a[i - 1] = 0")),
        untouched=("x = a[0]", "x = a[1:2]"),
    ),
    ShiftSliceBound(
        "slice-bound",
        examples=(("x = a[i:j]", "x = a[i + 1:j]"), ("x = a[:n]", "x = a[:n - 1]")),
        untouched=("x = a[1:]",),
    ),
    SwapCalledName(
        "min-max", examples=(("x = min(a)", "x = max(a)"),), pairs=(("min", "max"), ("max", "min"))
    ),
    SwapCalledName(
        "any-all", examples=(("x = any(a)", "x = all(a)"),), pairs=(("any", "all"), ("all", "any"))
    ),
    RemoveNot("remove-not", examples=(("x = not a", "x = a"),), untouched=("x = -a",)),
    SwapComparison(
        "identity",
        examples=(("x = a is None", "x = a is not None"),),
        untouched=("x = a == b",),
        swaps=_one_each(IDENTITY_SWAPS),
    ),
    SwapBreakContinue(
        "break-continue",
        examples=(("for i in a:\n    if i:\n        break", "for i in a:\n    if i:\n        continue"),),
    ),
    EmptyLoop(
        "zero-iteration",
        examples=(("for i in range(n):\n    f(i)", "for i in []:\n    f(i)"),),
        untouched=("x = [i for i in a]",),
    ),
    DeleteStatement(
        "delete-statement",
        examples=(
            ("out.append(x)", "pass"),
            ("total += x", "pass"),
            ("if x < 0:\n    return 0\nf()", "if x < 0:\n    pass\nf()"),
            ("self._total = None", "pass"),
            ("k = k % n", "pass"),
            (
                "class T:\n    items = []\n\n    def __init__(self):\n        self.items = []",
                "class T:\n    items = []\n\n    def __init__(self):\n        pass",
            ),
        ),
        untouched=("x = 1", '"""A docstring."""', "def __init__(self):\n    self.items = []"),
    ),
    AugmentedToPlain("augassign-plain", examples=(("total += x", "total = x"),)),
    ReverseSort(
        "sorted-reverse",
        examples=(("x = sorted(a)", "x = sorted(a, reverse=True)"), ("a.sort()", "a.sort(reverse=True)")),
        untouched=("x = sorted(a, reverse=False)",),
    ),
    SwapComparison(
        "compare-other",
        examples=(("x = a < b", "x = a > b"), ("x = b == 0", "x = b <= 0"), ("x = a != b", "x = a > b")),
        untouched=("x = a in b", "x = a is b"),
        swaps=tuple(FLIPPED_COMPARISONS.items()),
    ),
    SwapArithmetic(  # (an average that should stay a float, a midpoint that should not)
        "division",
        examples=(("x = a / b", "x = a // b"), ("x //= 2", "x /= 2")),
        untouched=("x = a * b",),
        swaps=tuple(DIVISIONS.items()),
    ),
    ReplaceText(
        "text-constant",
        examples=(
            ("x = ' | '", "x = ''"),
            ("x = 'aeiou'", "x = 'eiou'"),
            ("x = 'aeiou'", "x = 'aeio'"),
            ("x = b'ab'", "x = b''"),
            ("x = b' \\n'", "x = b' '"),
            ("x = D('0.01')", "x = D('0.1')"),
            ("x = D('0.01')", "x = D('0.001')"),
            ("x = D('NaN')", "x = D('sNaN')"),
            ("x = float('inf')", "x = float('-inf')"),
        ),
        untouched=("x = ''", "x = f'{a}'", "x = 1"),
    ),
    SwapRaisedType(
        "raised-type",
        examples=(
            ("raise ValueError('n')", "raise TypeError('n')"),
            ("raise KeyError", "raise Exception"),
            (
                "class Short(ValueError):\n    pass\nraise Short('n')",
                "class Short(ValueError):\n    pass\nraise ValueError('n')",
            ),
        ),
        untouched=("raise MyError('n')", "x = ValueError('n')", "raise"),
    ),
    DropRaiseCause(
        "drop-raise-cause",
        examples=(("raise ValueError('n') from None", "raise ValueError('n')"),),
        untouched=("raise ValueError('n')", "raise"),
    ),
    SwapWarningCategory(
        "warning-category",
        examples=(
            ("warnings.warn('old', DeprecationWarning)", "warnings.warn('old', UserWarning)"),
            ("warn('x', category=UserWarning)", "warn('x', category=Warning)"),
        ),
        untouched=("warnings.warn('old')", "raise ValueError('n')", "f('x', DeprecationWarning)"),
    ),
    ShiftFormatSpec(
        "format-spec",
        examples=(
            ("x = f'{a:.2f}'", "x = f'{a:.3f}'"),
            ("x = f'{a:.2f}'", "x = f'{a:.1f}'"),
            ("x = f'{h:02d}'", "x = f'{h:2d}'"),
        ),
        untouched=("x = f'{a}'", "x = f'{a:{w}}'", "x = '.2f'"),
    ),
    DropFallback(
        "drop-fallback",
        examples=(
            ("x = next(it, None)", "x = next(it)"),
            ("x = getattr(o, 'n', 0)", "x = getattr(o, 'n')"),
            ("x = d.get(k, 0)", "x = d.get(k)"),
        ),
        untouched=("x = next(it)", "x = d.get(k)", "x = get(k, 0)", "x = getattr(o, 'n')"),
    ),
    DropKeyword(
        "drop-keyword",
        examples=(
            ("x = int(s, base=2)", "x = int(s)"),
            ("x = enumerate(a, start=1)", "x = enumerate(a)"),
            ("x = f(a, b=1, c=2)", "x = f(a, c=2)"),
        ),
        untouched=("x = sorted(a, reverse=True)", "x = max(w, key=len)", "x = f(**kw)", "x = f(a)"),
    ),
    SwapArithmetic(
        "arithmetic-other",
        examples=(
            ("x = a + b", "x = a * b"),
            ("x *= 2", "x += 2"),
            ("return gcd(b, a % b)", "return gcd(b, a - b)"),
            ("x = left - need", "x = left % need"),
            ("return x * k", "return x ** k"),
        ),
        untouched=("x = a / b", "x = a ** b"),
        swaps=OTHER_ARITHMETIC,
    ),
    RemoveNegation(
        "remove-negation",
        examples=(("x = -a", "x = a"), ("c = +c", "c = c")),
        untouched=("x = -1", "x = not a"),
    ),
    ReplaceNone(
        "none-constant",
        examples=(("def f(a):\n    return None", "def f(a):\n    return 0"), ("best = None", "best = 0")),
        untouched=("x = a is None", "f(None)"),
    ),
    DropOperand(
        "drop-operand",
        examples=(("x = a or b or c", "x = a or c"), ("x = a and b and c", "x = b and c")),
        untouched=("x = a or b",),
    ),
    SwapMethod(
        "method-twin",
        examples=(
            ("x = s.isdigit()", "x = s.isalnum()"),
            ("x = s.lstrip('0')", "x = s.rstrip('0')"),
            ("x = d.quantize(q, rounding=ROUND_HALF_UP)", "x = d.quantize(q, rounding=ROUND_HALF_EVEN)"),
            ("x = decimal.ROUND_UP", "x = decimal.ROUND_DOWN"),
            ("x = d.total_seconds()", "x = d.seconds"),
        ),
        untouched=("x = s.count('a')", "from decimal import ROUND_HALF_UP", "x = d.total_seconds(1)"),
    ),
    SwapOption(
        "option-twin",
        examples=(
            ("x = b.decode('utf-8', errors='replace')", "x = b.decode('utf-8', errors='ignore')"),
            ("x = n.to_bytes(2, byteorder='big')", "x = n.to_bytes(2, byteorder='little')"),
            ("x = d.strftime('%Y-%m-%d')", "x = d.strftime('%Y-%d-%m')"),
            ("x = int.from_bytes(b[:2], 'big')", "x = int.from_bytes(b[:2], 'little')"),
            ("x = b.decode('utf-8', 'replace')", "x = b.decode('utf-8', 'ignore')"),
        ),
        untouched=("x = f(errors='loud')", "x = '%Y-%m-%d'", "x = d.strftime('%Y')", "x = f(b, 'big')"),
    ),
    ReadDefault(
        "read-default",
        examples=(
            ("def f(s, default=0):\n    return default", "def f(s, default=0):\n    return 0"),
            (
                "def f(s, *, sep=', '):\n    return sep.join(s)",
                "def f(s, *, sep=', '):\n    return ', '.join(s)",
            ),
        ),
        untouched=("def f(s, memo=None):\n    return memo", "def f(s):\n    return s"),
    ),
    DropCapture(
        "late-binding",
        examples=(
            ("fs = [lambda x, k=k: x * k for k in r]", "fs = [lambda x: x * k for k in r]"),
            ("def f(x, *, k=k):\n    return x + k", "def f(x):\n    return x + k"),
        ),
        untouched=("fs = [lambda x, k=1: x * k for k in r]", "def f(x, k=j):\n    return x + k"),
    ),
    ShiftRangeBound(
        "range-bound",
        examples=(
            ("for i in range(0, len(xs), 2):\n    pass", "for i in range(0, len(xs) - 1, 2):\n    pass"),
            ("for i in range(n):\n    pass", "for i in range(n + 1):\n    pass"),
        ),
        untouched=("for i in range(10):\n    pass", "for i in range(0, 5, k):\n    pass"),
    ),
    DropNormalizing(
        "drop-normalizing",
        examples=(
            ("t = s.lower()", "t = s"),
            ("x = a.replace(' ', '').lower()", "x = a.lower()"),
            ("x = sorted(xs)", "x = xs"),
            ("x = sorted(set(xs))", "x = list(set(xs))"),
            ("n = abs(n)", "n = n"),
            ("key = tuple(sorted(w))", "key = sorted(w)"),
            ("m = Fraction(sum(xs)) / len(xs)", "m = sum(xs) / len(xs)"),
            ("n = len(list(set(xs)))", "n = len(list(xs))"),
            ("b = b * b % m", "b = b * b"),
            ("d = Decimal(repr(x))", "d = Decimal(x)"),
            ("day = ts.date()", "day = ts"),
        ),
        untouched=(
            "x = s.count('a')",
            "x = sorted(xs, key=f)",
            "x = f(s)",
            "x = tuple()",
            "x = Decimal('0.1')",
            "x = Fraction(a, b)",
            "x = n % 2",
            "x = len(str(n))",
        ),  # fmt: skip
    ),
    DropCopy(
        "drop-copy",
        examples=(
            ("ys = list(xs)", "ys = xs"),
            ("d2 = d.copy()", "d2 = d"),
            ("ys = xs[:]", "ys = xs"),
            ("return list(_cache[n])", "return _cache[n]"),
            ("items = self.items.copy()", "items = self.items"),
        ),
        untouched=("ys = list(map(f, xs))", "ys = xs[1:]", "xs[:] = ys", "ys = list(xs, 1)", "ys = f(x)[:]"),
    ),
    DropCache(
        "drop-cache",
        examples=(
            ("@lru_cache(maxsize=None)\ndef f(n):\n    return n", "@lambda f: f\ndef f(n):\n    return n"),
            ("@functools.cache\ndef f(n):\n    return n", "@lambda f: f\ndef f(n):\n    return n"),
        ),
        untouched=("@property\ndef f(self):\n    return 1", "x = lru_cache(None)(g)"),
    ),
    SpaceForWhitespace(
        "space-for-whitespace",
        examples=(("n = len(s.split())", "n = len(s.split(' '))"), ("t = s.strip()", "t = s.strip(' ')")),
        untouched=("x = s.split(',')", "x = s.strip('0')"),
    ),
    LoopUntilEqual(
        "loop-until-equal",
        examples=(("while x < stop:\n    x += step", "while x != stop:\n    x += step"),),
        untouched=(
            "if x < stop:\n    x += 1",
            "while x <= stop:\n    x += 1",
            "while a < b < c:\n    a += 1",
        ),
    ),
    SwapSiblingName(
        "name-twin",
        examples=(
            ("key = (w, h)", "key = (w, w)"),
            ("x = f(a, b)", "x = f(b, b)"),
            ("x = [i, j]", "x = [j, j]"),
        ),
        untouched=("x = f(a, 1)", "x = f(a, b=c)", "x = f(a, a)"),
    ),
    SwapParameter(
        "parameter-twin",
        examples=(("def f(w, h):\n    return range(h)", "def f(w, h):\n    return range(w)"),),
        untouched=("def f(w):\n    return range(w)", "def f(w, h):\n    return h", "x = range(h)"),
    ),
    SwapDimension(
        "grid-dimension",
        examples=(
            ("x = m[0][1]\nn = len(m[0])", "x = m[0][1]\nn = len(m)"),
            ("x = m[0][1]\nn = len(m)", "x = m[0][1]\nn = len(m[0])"),
        ),
        untouched=("n = len(xs)", "n = len(m[0])", "x = m[0][1]\nn = len(m[1])"),
    ),
)

ATTACKS: dict[str, tuple[Operator, ...]] = {"sample": SAMPLE_OPERATORS, "deep": DEEP_OPERATORS}
