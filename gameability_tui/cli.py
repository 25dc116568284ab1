"""The ``gameability-tui`` entry point: pick the command, run it, turn user errors into one line.

Each command is a module under ``commands/`` with ``build_parser()`` and ``run(args)``; it is
imported only when it runs, so ``--help`` answers at once and ``check`` never loads Textual.
Nothing imports this module: what the commands share lives in ``commands/options.py``.
Errors a user can fix (bad data, missing files) are one line on stderr with exit code 2, never a
traceback.
"""

from __future__ import annotations

import importlib
import sys

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

DEFAULT_COMMAND = "gameability_tui.commands.app"  # `gameability-tui BENCHMARK`: the triage app
COMMAND_MODULES = {
    "check": "gameability_tui.commands.check",
    "confirm": "gameability_tui.commands.confirm",
    "export": "gameability_tui.commands.export",
}


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from .errors import UserError

    if argv and argv[0] in COMMAND_MODULES:
        module_name, argv = COMMAND_MODULES[argv[0]], argv[1:]
    else:
        module_name = DEFAULT_COMMAND
    try:
        command = importlib.import_module(module_name)
        parser = command.build_parser()
        if not argv:  # a first try with nothing named: what the tool does and how, not an error alone
            parser.print_help(sys.stderr)
            print(f"\ngameability-tui: name a benchmark, e.g. `{parser.prog} humaneval`", file=sys.stderr)
            return EXIT_BAD_INPUT
        return command.run(parser.parse_args(argv))
    except UserError as error:
        print(f"gameability-tui: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("gameability-tui: interrupted; no output file was written.", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
