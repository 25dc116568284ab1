"""The reviewer's own editor for an assert: ``$VISUAL`` or ``$EDITOR``, as ``git add -p`` and
``cargo insta`` hand a whole text over, multi-line.

The app suspends (the editor has the terminal), writes the text to a throwaway ``.py`` file,
waits for the editor and reads the file back. Lines of ours (the instructions, and why the
last text was not run) start with ``HEADER`` and are dropped on reading. The editor is the
reviewer's program, not benchmark code: running it breaks no rule of the app.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path

from textual.app import App, SuspendNotSupported

HEADER = "# gameability-tui:"


def editor_command() -> list[str] | None:
    """``$VISUAL``, else ``$EDITOR``, split as a shell would (``code --wait``); None when unset."""
    for name in ("VISUAL", "EDITOR"):
        value = os.environ.get(name, "").strip()
        if value:
            return shlex.split(value)
    return None


def edit_outside(app: App, command: list[str], text: str, said: list[str]) -> str | None:
    """``text`` as the reviewer left it in their editor (our lines dropped), or None when the
    editor could not be run or failed (its exit status is not 0): then nothing was edited."""
    with tempfile.TemporaryDirectory(prefix="gameability-edit-") as folder:
        path = Path(folder) / "assert.py"
        header = "".join(f"{HEADER} {line}\n" for line in said)
        path.write_text(header + text.rstrip("\n") + "\n", encoding="utf-8")
        try:
            try:
                with app.suspend():
                    done = subprocess.run([*command, str(path)], check=False)
            except SuspendNotSupported:  # headless (tests) or the web: no terminal to hand over
                done = subprocess.run([*command, str(path)], check=False, stdin=subprocess.DEVNULL)
        except OSError:
            return None
        if done.returncode != 0:
            return None
        kept = path.read_text(encoding="utf-8", errors="replace").splitlines()
    return "\n".join(line for line in kept if not line.startswith(HEADER)).strip()
