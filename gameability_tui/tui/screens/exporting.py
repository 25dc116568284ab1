"""The triage screen's export: the vetted fixes written from a thread, and said where they went."""

from __future__ import annotations

from pathlib import Path

from textual import work

from ...words import counted
from ..dialogs.text import TextDialog
from ..messages import ExportDone


class Exporting:
    """The export's part of ``TriageScreen``: choose a folder, write from a thread, say what went."""

    def action_export(self) -> None:
        def chosen(folder: str | None) -> None:
            if folder and folder.strip():
                self.status.message = "exporting..."
                self.export_to(Path(folder.strip()).expanduser())

        self.app.push_screen(
            TextDialog("Export the accepted asserts into which folder?", str(self.app.export_dir),
                       hint="Four files are written there; Enter exports, Escape cancels"),
            chosen,
        )  # fmt: skip

    @work(thread=True, exclusive=True, exit_on_error=False, group="export")
    def export_to(self, folder: Path) -> None:
        from ...export import patch_suffix, write_export
        from ...files import ensure_writable

        app = self.app
        stem = app.benchmark.name.replace(":", "_").removesuffix(".jsonl")
        patched = folder / f"{stem}-patched{patch_suffix(app.benchmark)}"  # the source's own format
        paths = [folder / f"{stem}-fixes.py", patched, folder / f"{stem}-review.md"]
        diff = folder / f"{stem}-fixes.diff"
        try:
            for path in [*paths, diff]:
                ensure_writable(path)
            plan = write_export(
                app.benchmark, app.store, None, *paths,
                diff=diff, results=dict(self.state.results), judge=app.engine.judge,
            )  # fmt: skip
        except Exception as error:
            self.post_message(ExportDone(error=str(error)))
            return
        exported = sum(len(texts) for texts in plan.accepted.values())
        self.post_message(ExportDone([*paths, diff], exported, len(plan.refused)))

    def on_export_done(self, message: ExportDone) -> None:
        if message.error:
            self.status.message = "export failed"
            self.notify(f"Export failed: {message.error}", severity="error", timeout=10)
            return
        self.exported, self.export_stale = message.written, False
        refused = f"; {message.refused} refused (the review says why)" if message.refused else ""
        names = ", ".join(str(p) for p in message.written)
        self.status.message = f"exported {counted(message.exported, 'assert')}"
        exported = counted(message.exported, "accepted assert")
        self.notify(f"Exported {exported}{refused}. Wrote {names}", timeout=10)
