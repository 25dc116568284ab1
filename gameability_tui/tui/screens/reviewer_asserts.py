"""The triage screen's own asserts: an edit of a candidate, and a probe with the reviewer's arguments.

Whatever the reviewer writes is gated by the engine (never run in the app's process) before it
is stored: it must pass on the reference, and its kill set is measured on its own text."""

from __future__ import annotations

from rich.text import Text
from textual import work

from ...engine.audit import visible_calls
from ...engine.audit.probe import BadArguments, parse_arguments
from ...engine.audit.reviewer_text import own_names, why_not_a_test
from ...review import rejected_survivors, survivor_number
from ...vocabulary import EDIT, PROBE, StoredCandidate
from ..dialogs.confirm import ConfirmDialog
from ..dialogs.text import TextDialog
from ..external_editor import edit_outside, editor_command
from ..messages import CandidateGated, ProbeAnswered, TestsRun
from ..own_tests import own_tests


class ReviewerAsserts:
    """The edit and probe part of ``TriageScreen``: open the dialog, gate the text, show the answer;
    and the engine's answer on a problem's own tests, asked once when the problem is first opened."""

    def ask_own_tests(self, problem_id: str) -> None:
        """What each survivor does on the problem's own tests, once per problem and session."""
        if problem_id in self.state.test_runs or problem_id in self._tests_asked:
            return
        result, problem = self.state.results[problem_id], self.state.problems[problem_id]
        if not result.survivors or not (result.asserts or own_tests(problem)):
            return
        self._tests_asked.add(problem_id)
        self.run_own_tests(problem_id)

    @work(thread=True, exit_on_error=False, group="engine")
    def run_own_tests(self, problem_id: str) -> None:
        problem, result = self.state.problems[problem_id], self.state.results[problem_id]
        # The generated asserts too, after the problem's own tests: a survivor that runs past the
        # allowance on one is rejected by it (the harness's rule), which the audit's gate is not
        # told. Edits and probes are gated by that rule already.
        texts = [test.text for test in own_tests(problem)] + [a.text for a in result.asserts]
        try:
            runs = self.app.engine.tests(problem, result, texts)
        except Exception as error:
            self.post_message(TestsRun(problem_id, None, error=str(error)))
            return
        self.post_message(TestsRun(problem_id, runs))

    def on_tests_run(self, message: TestsRun) -> None:
        if message.runs is None:
            self._tests_asked.discard(message.problem_id)  # asked again when next opened
            self.notify(f"Could not run the problem's own tests: {message.error}", severity="error")
            return
        if self.state.take_test_runs(message.problem_id, message.runs):
            if message.problem_id == self.current:
                self.detail.redraw()
            self._counts_changed(message.problem_id)
        elif message.problem_id == self.current:
            self.detail.draw_seat()

    def action_edit(self) -> None:
        seen = self.detail.under_review()  # what the seat shows, not where the cursor is now
        if seen is None:
            return
        problem_id, candidate = seen
        decided = self.state.decision(problem_id, candidate.key)
        shown = self.state.shown_text(problem_id, candidate)

        def edit(reopen: bool) -> None:
            def edited(value: str | None) -> None:
                text = (value or "").strip()
                if not text or text == shown:
                    if reopen:
                        self.notify(f"Unchanged: the assert is still {decided}.")
                    return
                origin = PROBE if candidate.origin == PROBE else EDIT
                self.status.message = "running the edited assert..."
                self.gate_text(problem_id, candidate.key, text, origin, reopen)

            problem = self.state.problems[problem_id]
            own = own_names(problem.reference, problem.setup or "")

            def refused(value: str) -> str | None:  # an unchanged or empty text is not refused
                text = value.strip()
                return None if not text or text == shown else why_not_a_test(text, own)

            command = editor_command()
            if command is not None:
                self._edit_in_editor(command, problem_id, shown, refused, edited)
                return
            self.app.push_screen(
                TextDialog(f"Edit the assert of {problem_id}", shown,
                           hint="Enter runs it on the reference and every survivor; Escape cancels",
                           check=refused),
                edited,
            )  # fmt: skip

        if decided is None:
            edit(False)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                edit(True)
            else:
                self.notify(f"Not edited: the assert stays {decided} as it is.")

        self.app.push_screen(
            ConfirmDialog(f"This assert is {decided}. Edit it and re-open it for review?"), answered
        )

    def _edit_in_editor(self, command: list[str], problem_id: str, shown: str, refused, edited) -> None:
        """The assert in the reviewer's editor, handed back until it passes the same checks as
        the inline editor (each refusal said at the top of the file), comes back unchanged after
        a refusal (said here, nothing run), or is emptied (cancelled)."""
        text, said = (
            shown,
            [
                f"the assert of {problem_id}: save and quit to run it on the reference and every survivor",
                "several lines may hold asserts and the assignments and imports they use",
                "empty the file to cancel",
            ],
        )
        while True:
            got = edit_outside(self.app, command, text, said)
            if got is None:
                self.notify(f"The editor ({command[0]}) failed: nothing was edited.", severity="error")
                return
            why = refused(got)
            if why is None:
                edited(got)
                return
            if got == text:  # refused, and handed back unchanged: stop asking
                self.notify(f"Not run: {why}.", severity="error")
                return
            text, said = got, [f"Not run: {why}. Mend it, or empty the file to cancel."]

    @work(thread=True, exit_on_error=False, group="engine")
    def gate_text(self, problem_id: str, key: str, text: str, origin: str, reopen: bool = False) -> None:
        problem, result = self.state.problems[problem_id], self.state.results[problem_id]
        try:
            gated = self.app.engine.gate(problem, result, [text])[0]
        except Exception as error:
            self.post_message(CandidateGated(problem_id, key, origin, None, reopen, error=str(error)))
            return
        self.post_message(CandidateGated(problem_id, key, origin, gated, reopen))

    def on_candidate_gated(self, message: CandidateGated) -> None:
        self.status.message = ""
        if message.gated is None:
            self.notify(f"Could not run the assert: {message.error}", severity="error")
            return
        gated = message.gated
        made = StoredCandidate(
            message.problem_id, message.key, gated.text, gated.passes_reference, gated.kills, message.origin
        )
        self.state.save_candidate(made, reopen=message.reopen)  # stored before it is shown
        if gated.passes_reference:
            survivors = len(self.state.results[message.problem_id].survivors)
            self.notify(f"Passes on the reference; rejects {rejected_survivors(gated.kills, survivors)}.")
        else:
            self.notify("FAILS on the reference: it cannot be accepted.", severity="error")
        keys = [c.key for c in self.state.candidates(message.problem_id)]
        if message.problem_id == self.current:
            self.detail.redraw(keys.index(message.key) if message.key in keys else None)
        self._counts_changed(message.problem_id)

    def action_probe(self) -> None:
        problem_id = self.current

        def probe(arguments: str | None) -> None:
            if arguments and arguments.strip():
                self.status.message = "probing..."
                self.run_probe(problem_id, arguments)

        def refused(arguments: str) -> str | None:  # read here, so a slip stays to be mended
            if not arguments.strip():
                return None
            try:
                parse_arguments(arguments)
            except BadArguments as error:
                return str(error)
            return None

        example = self._example_arguments(problem_id)
        self.app.push_screen(
            TextDialog(f"Probe {problem_id}: arguments", placeholder=example,
                       hint="The reference and every survivor are run on them; Escape cancels",
                       check=refused),
            probe,
        )  # fmt: skip

    def _example_arguments(self, problem_id: str) -> str:
        """The arguments of the problem's first visible call (``[4, 9], 2``): the form a probe takes."""
        found = visible_calls(self.state.problems[problem_id])
        if not found or not found[2]:
            return "the arguments, as in a call: [4, 9], 2"
        return found[2][0].render_arguments()

    @work(thread=True, exit_on_error=False, group="engine")
    def run_probe(self, problem_id: str, arguments: str) -> None:
        problem, result = self.state.problems[problem_id], self.state.results[problem_id]
        try:
            answer = self.app.engine.probe(problem, result, arguments)
        except Exception as error:
            self.post_message(ProbeAnswered(problem_id, None, error=str(error)))
            return
        self.post_message(ProbeAnswered(problem_id, answer))

    def on_probe_answered(self, message: ProbeAnswered) -> None:
        self.status.message = ""
        answer = message.answer
        if answer is None:
            self.notify(message.error, severity="error")
            return
        lines = Text()
        lines.append("probe ", style="bold")
        lines.append(f"{answer.call}\n  reference: {answer.reference}\n")
        for index, row in enumerate(answer.survivors):
            lines.append(f"  survivor {survivor_number(index)}: {row.outcome}  ")
            lines.append("differs\n" if row.differs else "same\n", style="red" if row.differs else "")
        if message.problem_id == self.current:
            self.detail.show_note(lines)
        if not answer.suggested:  # e.g. the wrong number of arguments: the reference raises
            self.notify(f"The reference returns no value there ({answer.reference}): no assert to add.")
            return
        if not answer.separates:
            self.notify("No survivor differs from the reference there: no assert to add.")
            return
        if self.state.has_key(message.problem_id, answer.suggested):
            self.notify("That assert is already a candidate.")
            keys = [c.key for c in self.state.candidates(message.problem_id)]
            self.go_to(message.problem_id, keys.index(answer.suggested))
            return
        self.gate_text(message.problem_id, answer.suggested, answer.suggested, PROBE)
