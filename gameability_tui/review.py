"""review.md: what a maintainer reads before applying the patch.

It must let them check the reviewer's work without opening the app: every accepted assert with
the broken solutions it rejects (an edited one also shows the text as generated), every rejected
and skipped one, asserts the benchmark's format could not hold, and the weak problems that leave
the review still weak because nothing was accepted for them. The engine's flags travel with the
asserts: an accepted one that was flagged says so, the problems whose every assert is flagged
("weak?": every survivor may be right) are counted apart, and each place where the fixed
reference answers otherwise is listed as a finding about the REFERENCE, which is often what a
maintainer must mend rather than add a test for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from .benchmarks import Benchmark
from .engine.model import ProblemResult, Survivor
from .export_plan import ExportPlan
from .vocabulary import SurvivorVerdict, survivor_key
from .words import counted


def review_markdown(
    benchmark: Benchmark,
    verdicts: Mapping[str, tuple[str, str]],
    plan: ExportPlan,
    results: Mapping[str, ProblemResult] | None,
    correct: Mapping[tuple[str, str], SurvivorVerdict] | None = None,
) -> str:
    """``correct``: survivors the reviewer judged correct per the task, by (problem, survivor key);
    listed with their notes (the next maintainer sees why they stay) and never called weak."""
    results = results or {}
    judged = _judged_correct(results, correct or {})
    native = plan.native
    weak = [pid for pid in (p.id for p in benchmark.problems) if pid in results and results[pid].weak]
    unfixed = [  # a problem whose every survivor is judged correct is strong by review, not left weak
        pid
        for pid in weak
        if pid not in plan.accepted and len(judged.get(pid, {})) < len(results[pid].survivors)
    ]
    lines = [f"# Review of {benchmark.name}", "", f"Source: {_source_line(benchmark)}", ""]
    lines += [
        f"- accepted asserts exported: {plan.count} in {counted(len(plan.accepted), 'problem')}",
        f"- rejected asserts: {len(plan.rejected)}",
        f"- skipped asserts: {len(plan.skipped)}",
        f"- refused at export (each with its reason below): {len(plan.refused)}",
        f"- verdicts given: {_verdict_counts(verdicts)}",
        f"- survivors judged correct per the task: {sum(len(found) for found in judged.values())}",
    ]
    if native is not None:
        lines += [
            f"- rows changed in {native.source.name}: {len(native.changed)} (every other row is "
            "byte-identical to the source)",
            f"- not expressible in the benchmark's format: {len(native.not_expressible)}",
        ]
    if results:
        lines.append(f"- weak problems left with no accepted assert: {len(unfixed)} of {len(weak)} weak")
        partial = [
            pid for pid in plan.accepted if pid in results and _unrejected(pid, plan, results[pid], judged)
        ]
        lines.append(
            f"- problems with accepted asserts that still leave a survivor unrejected: {len(partial)}"
            + (f" ({', '.join(partial)})" if partial else "")
        )
        unsure = [pid for pid in weak if results[pid].unsure]
        lines.append(
            f"- weak? (every candidate assert flagged: needs judgement): {len(unsure)}"
            + (f" ({', '.join(unsure)})" if unsure else "")
        )
    else:
        lines.append("- weak problems: not known (the export was given no audit results)")
    lines.append("")

    lines += ["## Accepted", ""]
    for problem_id, texts in plan.accepted.items():
        result = results.get(problem_id)
        lines.append(f"### {problem_id}")
        lines.append("")
        for text in texts:
            lines.append(f"- {_code(text)}")
            original = plan.originals.get((problem_id, text))
            if original is not None:
                lines.append(f"  - edited by the reviewer; generated as {_code(original)}")
            lines += [f"  - flagged: {flag}" for flag in _flags(result, original or text)]
            if result is None:
                lines.append("  - rejects: not known (no audit result for this problem)")
                continue
            kills = plan.kills.get((problem_id, text), ())
            if kills is None:
                lines.append("  - rejects: not known (edited; the export did not re-run it on the survivors)")
                continue
            if not kills:
                lines.append("  - rejects none of the survivors")
            for index in kills:
                lines.append(f"  - rejects survivor {survivor_label(index, result.survivors[index])}")
        if result is not None:
            for index in _unrejected(problem_id, plan, result, judged):
                label = survivor_label(index, result.survivors[index])
                lines.append(f"- still weak: no accepted assert rejects survivor {label}")
        lines.append("")

    if native is not None and native.not_expressible:
        lines += [f"## Not expressible in {native.source.name}", ""]
        lines += [f"- {pid}: {_code(text)}: {why}" for pid, text, why in native.not_expressible]
        lines.append("")
    if plan.refused:
        lines += ["## Refused at export", ""]
        lines += [f"- {pid}: {_code(text)}: {why}" for pid, text, why in plan.refused] + [""]
    for title, decisions in (("Rejected", plan.rejected), ("Skipped", plan.skipped)):
        lines += [f"## {title}", ""]
        lines += [f"- {d.problem_id}: {_code(d.final_text)}" for d in decisions] or ["- none"]
        lines.append("")
    if results:
        lines += ["## Weak problems left with no accepted assert", ""]
        for problem_id in unfixed:
            result = results[problem_id]
            lines.append(
                f"- {problem_id}: {result.n_survived} of {result.n_broken} broken solutions pass every "
                f"visible test; first: {survivor_label(0, result.survivors[0])}"
                if result.survivors
                else f"- {problem_id}: weak"
            )
        lines += (["- none"] if not unfixed else []) + [""]
    if judged:
        lines += ["## Survivors judged correct per the task", ""]
        for problem_id, found in judged.items():
            for index, verdict in found.items():
                note = f": {verdict.note}" if verdict.note else ""
                label = survivor_label(index, results[problem_id].survivors[index])
                lines.append(f"- {problem_id}: {label}{note}")
        lines.append("")
    findings = _reference_findings(weak, results)
    if findings:
        lines += ["## Findings about the reference", ""]
        lines += [f"- {pid}: {_code(text)}: {why}" for pid, text, why in findings] + [""]
    if verdicts:
        lines += ["## Verdicts", ""]
        lines += [f"- {pid}: **{v}**{' - ' + note if note else ''}" for pid, (v, note) in verdicts.items()]
        lines.append("")
    return "\n".join(lines)


def _flags(result: ProblemResult | None, text: str) -> tuple[str, ...]:
    if result is None:
        return ()
    return next((a.flags for a in result.asserts if a.text == text), ())


def _reference_findings(weak: list[str], results: Mapping[str, ProblemResult]) -> list[tuple[str, str, str]]:
    """Every candidate assert the fixed reference (or its written contract) disagrees with."""
    return [
        (pid, candidate.text, flag.split(": ", 1)[1])
        for pid in weak
        for candidate in results[pid].asserts
        for flag in candidate.flags
        if flag.startswith("reference:")
    ]


def _verdict_counts(verdicts: Mapping[str, tuple[str, str]]) -> str:
    """``2 fix, 1 drop`` (listed at the end of the review), or ``none``."""
    counts = Counter(verdict for verdict, _ in verdicts.values())
    return ", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items())) or "none"


def survivor_number(index: int) -> str:
    """How a person is shown the survivor at ``index``, in the app and in the review alike: #1 first."""
    return f"#{index + 1}"


def survivor_numbers(indices: tuple[int, ...] | list[int]) -> str:
    """``#1, #3``: the survivors an assert rejects."""
    return ", ".join(map(survivor_number, indices))


def rejected_survivors(kills: tuple[int, ...], survivors: int) -> str:
    """``survivor #1, #3 of 4`` or ``none of the 4 survivors``: what an assert rejects, in words."""
    if not kills:
        return f"none of the {survivors} survivors"
    return f"survivor {survivor_numbers(kills)} of {survivors}"


def survivor_label(index: int, survivor: Survivor) -> str:
    """``#2 compare, line 3: `a < b` -> `a <= b```: how the review names a survivor."""
    change = f"`{survivor.before.strip()}` -> `{survivor.after.strip()}`"
    return f"{survivor_number(index)} {survivor.kind}, line {survivor.line}: {change}"


def _unrejected(
    problem_id: str,
    plan: ExportPlan,
    result: ProblemResult,
    judged: Mapping[str, Mapping[int, SurvivorVerdict]],
) -> list[int]:
    """Survivors that pass every accepted assert of the problem and were not judged correct per
    the task: it stays weak after the patch."""
    kills = [plan.kills.get((problem_id, text), ()) for text in plan.accepted[problem_id]]
    if any(k is None for k in kills):
        return []  # an assert's rejections are not known: claim nothing
    rejected = {i for k in kills for i in k} | set(judged.get(problem_id, {}))
    return [i for i in range(len(result.survivors)) if i not in rejected]


def _judged_correct(
    results: Mapping[str, ProblemResult], correct: Mapping[tuple[str, str], SurvivorVerdict]
) -> dict[str, dict[int, SurvivorVerdict]]:
    """The verdicts on survivors the audit still has, by problem and survivor index, in the
    benchmark's order of results (a verdict on a program the audit no longer finds is left out)."""
    found: dict[str, dict[int, SurvivorVerdict]] = {}
    for problem_id in {pid for pid, _ in correct}:
        result = results.get(problem_id)
        for index, survivor in enumerate(result.survivors if result else ()):
            verdict = correct.get((problem_id, survivor_key(survivor.source)))
            if verdict is not None:
                found.setdefault(problem_id, {})[index] = verdict
    return {pid: found[pid] for pid in results if pid in found}


def _source_line(benchmark: Benchmark) -> str:
    origin = benchmark.origin
    if origin is None:
        return benchmark.source
    if origin.hub is not None:
        return f"hub dataset {origin.hub.describe()}; the patch holds its rows as {origin.name}"
    gzipped = f" (gzipped; the diff is of the uncompressed {origin.name})" if origin.gzipped else ""
    return f"{origin.path or benchmark.source}{gzipped}"


def _code(text: str) -> str:
    """Inline code for one line; a multi-line assert keeps its lines, joined visibly."""
    flat = " ⏎ ".join(line.rstrip() for line in text.strip().splitlines())
    fence = "``" if "`" in flat else "`"
    return f"{fence} {flat} {fence}" if fence == "``" else f"`{flat}`"
