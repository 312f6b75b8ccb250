"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit statuses are the constants of judgekit/exitcodes.py (0 ok, 1 failed, 2 bad input or usage,
3 internal error, 5 nothing selected). Commands are declared in their modules without typer
(judgekit/cli/commands.py) and registered lazily: running one imports only the module that defines it
(see COMMANDS), so looking up a rule never loads the engine. The typer application (`app`, in
judgekit/cli/typer_app.py) is built only for what the quick path (judgekit/cli/quick.py) leaves to it.
"""
from __future__ import annotations

import os
import sys

from judgekit import __version__
from judgekit.cli.commands import Exit
from judgekit.exitcodes import BAD_INPUT, INTERNAL_ERROR, OK

# Every top-level command, and the module whose import declares it (judgekit.cli.commands.command).
# A command in a new module is one line here.
COMMANDS = {
    "run": "judgekit.cli.scenarios",
    "validate": "judgekit.cli.scenarios",
    "schema": "judgekit.cli.scenarios",
    "rule": "judgekit.cli.reference",
    "search": "judgekit.cli.reference",
    "term": "judgekit.cli.reference",
    "terms": "judgekit.cli.reference",
    "rules": "judgekit.cli.reference",
    "card": "judgekit.cli.cards",
    "cards": "judgekit.cli.cards",
    "deck": "judgekit.cli.decks",
    "check": "judgekit.cli.corpus",
    "coverage": "judgekit.cli.corpus",
    "rulings": "judgekit.cli.rulings",
    "site": "judgekit.cli.site",
    "replay": "judgekit.cli.replay",
    "ask": "judgekit.cli.ask",
    "options": "judgekit.cli.options",
}

ISSUES = "please report it with the command and the file at the judgekit issue tracker"
_state = {"debug": False}


def __getattr__(name: str):
    """`app` and `rules_app`, the typer applications, built on first use."""
    if name in ("app", "rules_app", "LazyGroup"):
        from judgekit.cli import typer_app
        return getattr(typer_app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _passes_through() -> tuple[type, ...]:
    """Exits, Ctrl-C, and (once typer is loaded) typer's and click's own signals: exit, abort, usage errors."""
    signals: tuple[type, ...] = (SystemExit, KeyboardInterrupt)
    typer = sys.modules.get("typer")
    if typer is not None:
        click_errors = tuple(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
        signals += (typer.Exit, typer.Abort) + click_errors
    return signals


class guarded:
    """Run a command: an unexpected exception becomes one line and INTERNAL_ERROR; a broken pipe exits OK."""

    def __init__(self, command):
        self.command = command  # the command line's first words, or a function giving them

    def __enter__(self):
        return self

    def describe(self) -> str:
        return self.command() if callable(self.command) else self.command

    def __exit__(self, kind, error, tb):
        if error is None or isinstance(error, _passes_through()):
            return False
        if isinstance(error, BrokenPipeError):
            _silence_stdout()
            raise Exit(OK)
        rules_files = sys.modules.get("judgekit.rules.rules_files")  # loaded before any rules file is read
        if rules_files is not None and isinstance(error, rules_files.BadRulesFile):
            sys.stderr.write(f"judgekit: the rules text cannot be used: {error}\n")
            raise Exit(BAD_INPUT)
        if debugging():
            import traceback
            traceback.print_exception(kind, error, tb)
        detail = " ".join(f"{type(error).__name__}: {error}".split())
        detail = detail if len(detail) <= 300 else detail[:300] + "..."
        sys.stderr.write(f"judgekit {__version__}: internal error in `{self.describe()}`: {detail}; {ISSUES}"
                         f"{'' if debugging() else ' (add --debug for the traceback)'}\n")
        raise Exit(INTERNAL_ERROR)


def _silence_stdout() -> None:
    """The reader stopped reading (`| head`): send what is left, and Python's final flush, nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def debugging() -> bool:
    return _state["debug"] or os.environ.get("JUDGEKIT_DEBUG", "") not in ("", "0")


def main(args: list[str] | None = None) -> None:
    """The `judgekit` command (also `python -m judgekit`)."""
    args = sys.argv[1:] if args is None else list(args)
    from judgekit.cli.quick import run_quickly
    try:
        with guarded(" ".join(["judgekit"] + args[:1])):
            status = run_quickly(args)
    except KeyboardInterrupt:
        sys.exit(130)  # as typer does for the other commands: the shell's status for Ctrl-C
    if status is None:
        from judgekit.cli.typer_app import app
        app(args=args, prog_name="judgekit")  # exits with the command's status
    sys.exit(status)
