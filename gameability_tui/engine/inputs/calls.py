"""Entry-point inference and literal call harvesting from test source.

Threat: picking the wrong function measures nothing. "The most called name" in
``assert set(f(x)) == set(y)`` is ``set``; the entry must be a function the reference DEFINES
and the tests CALL. Only calls whose arguments are all literals are harvested, so every fresh
input can be written back into an assert that round-trips.
"""

from __future__ import annotations

import ast
import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any

# One call on what the call before returned: (method name, or "" to call the result itself,
# positional arguments, keyword arguments). ``Counter(5).bump()`` is Counter's call (5,) with the
# chain (("bump", (), ()),); ``make_adder(3)(4)`` is (3,) with (("", (4,), ()),).
ChainStep = tuple[str, tuple, tuple[tuple[str, Any], ...]]


@dataclass(frozen=True)
class Call:
    """One call's arguments as Python values (positional, then keywords), and the chain of calls
    the tests make on its result (threat: a test that uses ``Counter(5).bump()`` sees what
    ``bump`` returns; calling ``Counter(5)`` alone makes every mutant of ``bump`` equivalent).

    ``uses``: where a test binds the result to a name and calls it more than once (``c =
    Counter(5); c.bump(); assert c.bump() == 7``), each use's chain, made in turn on the one
    object (its state carries from one to the next), and ``name``, the test's name for it."""

    args: tuple
    kwargs: tuple[tuple[str, Any], ...] = ()
    chain: tuple[ChainStep, ...] = ()
    uses: tuple[tuple[ChainStep, ...], ...] = ()
    name: str = ""

    def as_job(self) -> tuple:
        if self.uses:
            return self.args, dict(self.kwargs), _job_steps(self.chain), tuple(map(_job_steps, self.uses))
        if self.chain:
            return self.args, dict(self.kwargs), _job_steps(self.chain)
        return self.args, dict(self.kwargs)

    def render(self, name: str) -> str:
        """The call as a test writes it; with ``uses``, statements: the binding, then each use."""
        made = f"{name}({self.render_arguments()}){self.render_chain()}"
        if self.uses:
            return "; ".join([f"{self.name} = {made}", *self.render_uses()])
        return made

    def render_arguments(self) -> str:
        """The arguments as written between a call's parentheses: ``[4, 9], k=2``."""
        return _arguments_text(self.args, self.kwargs)

    def render_chain(self) -> str:
        """The tests' calls on the result, as written after the call: ``.bump()``, ``(4)``."""
        return _steps_text(self.chain)

    def render_uses(self) -> list[str]:
        """Each use of the bound name as the test writes it: ``c.bump()``."""
        return [self.name + _steps_text(use) for use in self.uses]

    def key(self) -> str:
        if self.uses:
            return repr((self.args, self.kwargs, self.chain, self.uses))
        if self.chain:
            return repr((self.args, self.kwargs, self.chain))
        return repr((self.args, self.kwargs))


def _job_steps(steps: tuple[ChainStep, ...]) -> tuple:
    return tuple((method, args, dict(kwargs)) for method, args, kwargs in steps)


def _steps_text(steps: tuple[ChainStep, ...]) -> str:
    return "".join(f"{'.' + method if method else ''}({_arguments_text(a, k)})" for method, a, k in steps)


def _arguments_text(args: tuple, kwargs: tuple) -> str:
    from .literals import render_literal

    parts = [render_literal(value) for value in args]
    parts += [f"{key}={render_literal(value)}" for key, value in kwargs]
    return ", ".join(parts)


@functools.lru_cache(maxsize=64)
def parsed(source: str) -> ast.Module | None:
    """A source's tree, parsed once (None if it does not parse): a problem's tests and reference
    are read several times (entry, calls, harvest, the audit's state and assert checks). The
    trees are shared, so no caller may change them."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def defined_names(reference: str) -> list[str]:
    """Top-level functions (then classes, then their static and class methods, ``Calc.square``)
    the reference defines, in source order."""
    tree = parsed(reference)
    if tree is None:
        return []
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    return _top_level_functions(reference) + [c.name for c in classes] + _class_level_methods(classes)


def _class_level_methods(classes: list[ast.ClassDef]) -> list[str]:
    """``Class.method`` for each method a test may call on the class itself: a static or class
    method (threat: ``Calc.square(4)`` named no entry, and the problem was excluded)."""
    found = []
    for cls in classes:
        for node in cls.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(
                isinstance(d, ast.Name) and d.id in ("staticmethod", "classmethod")
                for d in node.decorator_list
            ):
                found.append(f"{cls.name}.{node.name}")
    return found


def parameter_names(reference: str, entry: str) -> tuple[str, ...]:
    """The positional parameters of the reference's top-level function ``entry`` (a ``def``, a
    lambda, or a name bound to a function), in order; empty where it has none by that name. The
    task's text names inputs by them."""
    tree = parsed(reference)
    if tree is None:
        return ()
    bound = _bound_functions(tree)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            arguments = node.args
        elif isinstance(node, ast.Assign) and bound.get(node.lineno) == entry:
            if not isinstance(node.value, ast.Lambda):  # bound to a def: read that one's
                wrapped = _wrapped_function(node.value, _defs(tree))
                return parameter_names(reference, wrapped) if wrapped and wrapped != entry else ()
            arguments = node.value.args
        else:
            continue
        return tuple(a.arg for a in [*arguments.posonlyargs, *arguments.args])
    return ()


def lazy_kind(reference: str, entry: str) -> str:
    """How the tests reach what the reference's ``entry`` does: "async" for an ``async def`` (they
    await it), "generator" for a generator function (they drain it), "" for a plain function. A
    raise inside either surfaces only then, so an assert on it must await or drain the call."""
    tree = parsed(reference)
    for node in tree.body if tree is not None else ():
        if isinstance(node, ast.AsyncFunctionDef) and node.name == entry:
            return "async"
        if isinstance(node, ast.FunctionDef) and node.name == entry:
            return "generator" if _yields(node) else ""
    return ""


def _yields(function: ast.FunctionDef) -> bool:
    """Whether ``function``'s own body yields (not a function or class nested in it)."""
    pending: list[ast.AST] = list(function.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(node))
    return False


def _defs(tree: ast.Module) -> set[str]:
    return {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _wrapped_function(value: ast.expr, defs: set[str]) -> str | None:
    """The top-level ``def`` an assigned value names or wraps, passed as itself to a call
    (``f = g``, ``ways = lru_cache(maxsize=None)(_ways)``), if any; not one a value is computed
    by (``PRIMES = sieve(100)`` is data)."""
    if isinstance(value, ast.Name):
        return value.id if value.id in defs else None
    if isinstance(value, ast.Call):
        for argument in value.args:
            if isinstance(argument, ast.Name) and argument.id in defs:
                return argument.id
    return None


def _bound_functions(tree: ast.Module) -> dict[int, str]:
    """``f = lambda x: ...``, ``f = g`` and ``f = cache(g)`` at top level: a function bound by
    assignment is an entry too (threat: a problem whose solution is a lambda, an alias, or a
    function wrapped by a call rather than a decorator was excluded as having no entry point)."""
    defs = _defs(tree)
    return {
        node.lineno: node.targets[0].id
        for node in tree.body
        if isinstance(node, ast.Assign)
        and len(node.targets) == 1
        and isinstance(node.targets[0], ast.Name)
        and (isinstance(node.value, ast.Lambda) or _wrapped_function(node.value, defs) is not None)
    }


def called_names(sources: list[str] | tuple[str, ...]) -> Counter:
    counts: Counter = Counter()
    for source in sources:
        tree = parsed(source)
        if tree is None:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = called_name(node)
                if name is not None:
                    counts[name] += 1
    return counts


def called_name(node: ast.Call) -> str | None:
    """The name a call calls: ``f`` for ``f(...)``, ``Calc.square`` for ``Calc.square(...)``."""
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name):
        return f"{node.func.value.id}.{node.func.attr}"
    return None


def argument_builders(sources: list[str] | tuple[str, ...]) -> Counter:
    """How often each name is called only to build another call's argument (``Point`` in
    ``dist2(Point(3, 0), Point(0, 4))``): a constructor of the input, not the function tested."""
    counts: Counter = Counter()
    for source in sources:
        tree = parsed(source)
        for node in ast.walk(tree) if tree is not None else ():
            if not isinstance(node, ast.Call):
                continue
            for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
                for inner in ast.walk(argument):
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name):
                        counts[inner.func.id] += 1
    return counts


def infer_entry(
    reference: str,
    tests: tuple[str, ...] | list[str],
    declared: str | None = None,
    alias: str | None = None,
    prompt: str = "",
) -> str | None:
    """The function the audit calls: the one the reference defines and the tests call.

    ``declared`` wins when the reference defines it. With a call ``alias`` (HumanEval's
    ``candidate``) the tests never name the function, so the entry is the function the prompt
    declares (its last ``def`` that the reference also defines), else the reference's only
    top-level function. Otherwise it is the most called of the functions the reference defines,
    counting first the calls that do not build another call's argument (``dist2(Point(3, 0),
    Point(0, 4))`` tests ``dist2``, though it calls ``Point`` twice as often).
    """
    defined = defined_names(reference)
    if declared:
        return declared if declared in defined else None
    called = called_names(tests)
    candidates = [name for name in defined if called[name] > 0]
    if candidates:
        builders = argument_builders(tests)
        return max(
            candidates,
            key=lambda name: (called[name] > builders[name], called[name], -defined.index(name)),
        )
    if alias and called[alias] > 0:
        declared_in_prompt = [name for name in _declared_functions(prompt) if name in defined]
        if declared_in_prompt:
            return declared_in_prompt[-1]
        functions = _top_level_functions(reference)
        if len(functions) == 1:
            return functions[0]
    return None


def entry_of(problem: Any) -> str | None:
    """``infer_entry`` for a ``Problem``: the one place that decides what a problem's entry is."""
    tests = problem.harvest if problem.harvest is not None else problem.tests
    return infer_entry(
        problem.reference,
        tuple(problem.tests) + tuple(tests),
        problem.entry,
        problem.call_alias,
        problem.prompt,
    )


def _top_level_functions(source: str) -> list[str]:
    """Functions defined at top level, ``def`` or a name bound to a function, in source order."""
    tree = parsed(source)
    if tree is None:
        return []
    bound = _bound_functions(tree)
    return [
        bound[n.lineno] if isinstance(n, ast.Assign) else n.name
        for n in tree.body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
        or (isinstance(n, ast.Assign) and n.lineno in bound)
    ]


def _declared_functions(prompt: str) -> list[str]:
    """Names of the functions a prompt declares (a prompt may end in a bare signature and
    docstring, which does not parse alone: each ``def`` line is read on its own)."""
    names = []
    for line in prompt.split("\n"):
        stripped = line.strip()
        if stripped.startswith(("def ", "async def ")):
            name = stripped.split("def ", 1)[1].split("(", 1)[0].strip()
            if name.isidentifier():
                names.append(name)
    return names
