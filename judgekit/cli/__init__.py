"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit statuses are the constants of judgekit/exitcodes.py (0 ok, 1 failed, 2 bad input or usage,
3 internal error, 5 nothing selected). Commands are declared in their modules without typer
(judgekit/cli/commands.py) and registered lazily: running one imports only the module that defines it
(see COMMANDS in judgekit/cli/commands.py), so looking up a rule never loads the engine; judgekit/cli/guard.py
turns an unexpected error into one line and exit 3. The typer application (`app`, in
judgekit/cli/typer_app.py) is built only for what the quick path (judgekit/cli/quick.py) leaves to it.
"""
from __future__ import annotations

import atexit
import gc
import sys

from judgekit.cli.commands import COMMANDS  # noqa: F401  (every top-level command: a new one is one line there)
from judgekit.cli.guard import debugging, guarded  # noqa: F401  (re-exported)


def __getattr__(name: str):
    """`app` and `rules_app`, the typer applications, built on first use."""
    if name in ("app", "rules_app", "LazyGroup"):
        from judgekit.cli import typer_app
        return getattr(typer_app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(args: list[str] | None = None) -> None:
    """The `judgekit` command (also `python -m judgekit`); `args` in place of the process's own command line."""
    if args is None:  # the process ends with this command: its objects need no collecting at exit (#28)
        atexit.register(gc.freeze)  # the interpreter's last collection would walk them all, 15-20 ms after a ruling
    args = sys.argv[1:] if args is None else list(args)
    from judgekit.cli.quick import run_quickly
    try:
        with guarded(" ".join(["judgekit"] + args[:1])):
            status = run_quickly(args)
    except KeyboardInterrupt:
        sys.exit(130)  # as typer does for the other commands: the shell's status for Ctrl-C
    if status is None:
        from judgekit.cli.typer_app import click_app
        click_app()(args=args, prog_name="judgekit")  # exits with the command's status
    sys.exit(status)
