"""The app's one line to the engine: typed ``gate``, ``probe``, ``tests`` and ``confirm`` calls.

The app never runs benchmark code; an engine worker process does, and this client is the only
thing that talks to it from the app. One client per app, started when the app mounts and stopped
when it unmounts, so no thread creates a worker lazily and none outlives the app. Requests are
answered one at a time (the worker serves one line at a time); a call from a second thread waits.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.executors.local import WorkerProcess
from ..engine.inputs.calls import entry_of
from ..engine.model import AuditParams, Problem, ProblemResult
from .own_tests import TestRuns


class EngineError(RuntimeError):
    """The engine could not answer (it stopped, or reported a bug)."""


@dataclass(frozen=True)
class Gated:
    """An assert text run against the reference and every survivor."""

    text: str
    passes_reference: bool
    kills: tuple[int, ...]


@dataclass(frozen=True)
class ProbeRow:
    outcome: str
    differs: bool


@dataclass(frozen=True)
class ProbeAnswer:
    call: str
    reference: str
    survivors: tuple[ProbeRow, ...]
    suggested: str | None  # the assert the reference's result gives, when it returned a value

    @property
    def separates(self) -> bool:
        return any(row.differs for row in self.survivors)


class EngineClient:
    def __init__(self, params: AuditParams) -> None:
        self.params = params
        self.worker = WorkerProcess()

    def _ask(self, kind: str, problem: Problem, **fields) -> dict:
        try:
            answer = self.worker.ask(kind, problem, self.params, **fields)
        except (OSError, ValueError, RuntimeError) as error:
            raise EngineError(f"the engine stopped ({error})") from error
        if "error" in answer and kind != "probe":
            raise EngineError(answer["error"].strip().splitlines()[-1])
        return answer

    @staticmethod
    def entry(problem: Problem, result: ProblemResult) -> str:
        return result.entry or entry_of(problem) or ""

    def gate(self, problem: Problem, result: ProblemResult, texts: list[str]) -> list[Gated]:
        """Each text exactly as it will be exported: does it pass the reference, whom does it reject."""
        survivors = [s.source for s in result.survivors]
        judged = self.judge(problem, self.entry(problem, result), texts, survivors)
        return [Gated(text, passes, kills) for text, (passes, kills) in zip(texts, judged)]

    def passes(self, problem: Problem, entry: str, texts: list[str]) -> list[bool]:
        """Export's gate: does each text still pass on the reference (no survivors needed)."""
        return [passes for passes, _ in self.judge(problem, entry, texts, [])]

    def judge(
        self, problem: Problem, entry: str, texts: list[str], survivors: list[str]
    ) -> list[tuple[bool, tuple[int, ...]]]:
        """Each text on the reference, and which of ``survivors`` it rejects: the one "gate"
        request that ``gate`` and ``passes`` also make."""
        # The harness's rule (``gating.gate_asserts``): a survivor that runs past the allowance on
        # an assert is rejected by it, as the re-audit of the patched file counts it.
        answer = self._ask("gate", problem, entry=entry, survivors=survivors, texts=texts)
        return [(bool(passes), tuple(kills)) for passes, kills in answer["gated"]]

    def probe(self, problem: Problem, result: ProblemResult, arguments: str) -> ProbeAnswer:
        """The reference's and each survivor's outcome on the reviewer's own arguments."""
        answer = self._ask(
            "probe",
            problem,
            entry=self.entry(problem, result),
            survivors=[s.source for s in result.survivors],
            arguments=arguments,
        )
        if "error" in answer:  # the worker failed as a whole
            raise EngineError(answer["error"].strip().splitlines()[-1])
        found = answer["probe"]
        if "error" in found:  # the arguments were not literals: the reviewer's to fix
            raise ValueError(found["error"])
        rows = tuple(ProbeRow(row["outcome"], bool(row["differs"])) for row in found["survivors"])
        return ProbeAnswer(found["call"], found["reference"], rows, found.get("assert"))

    def tests(self, problem: Problem, result: ProblemResult, texts: list[str]) -> TestRuns:
        """The benchmark's own tests on the reference and on each survivor (``own_tests``)."""
        answer = self._ask(
            "tests",
            problem,
            entry=self.entry(problem, result),
            survivors=[s.source for s in result.survivors],
            texts=texts,
        )["tests"]
        return TestRuns(tuple(answer["reference"]), tuple(tuple(row) for row in answer["survivors"]))

    def confirm(self, task: Problem, result: ProblemResult) -> list[bool | None]:
        """EvalPlus's verdict on each survivor (True: its checks reject it)."""
        return self._ask("confirm", task, survivors=[s.source for s in result.survivors])["confirm"]

    def stop(self) -> None:
        self.worker.stop()
