"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit statuses are the constants of judgekit/exitcodes.py (0 ok, 1 failed, 2 bad input or usage,
3 internal error, 5 nothing selected). Commands are registered lazily: running one imports only
the module that defines it (see COMMANDS), so looking up a rule never loads the engine.
"""
from __future__ import annotations

import importlib
import os
import sys

import typer
from typer.core import TyperGroup

from judgekit import __version__
from judgekit.exitcodes import INTERNAL_ERROR, OK

# Every top-level command, and the module whose import registers it on `app` (or `rules_app`).
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
    "deck": "judgekit.cli.scenarios",
    "check": "judgekit.cli.corpus",
    "coverage": "judgekit.cli.corpus",
    "rulings": "judgekit.cli.rulings",
}

ISSUES = "please report it with the command and the file at the judgekit issue tracker"
_state = {"debug": False}


class LazyGroup(TyperGroup):
    """The top-level group: imports a command's module only when that command is asked for.

    It also turns any unexpected exception of a command into one line and exit 3 (the traceback
    only with --debug or JUDGEKIT_DEBUG=1), and a closed output pipe into a quiet exit 0.
    """

    def _load(self, modules, wanted=()) -> None:
        fresh = [m for m in modules if m not in sys.modules]
        for module in fresh:
            importlib.import_module(module)
        missing = [n for n in wanted if n not in self.commands or getattr(self.commands[n], "commands", True) == {}]
        if fresh or missing:
            self.commands = dict(typer.main.get_group(app).commands)

    def get_command(self, ctx, name):
        if name in COMMANDS:
            self._load([COMMANDS[name]], [name])
        return super().get_command(ctx, name)

    def list_commands(self, ctx):
        self._load(dict.fromkeys(COMMANDS.values()), COMMANDS)
        return super().list_commands(ctx)

    def resolve_command(self, ctx, args):
        name, command, rest = super().resolve_command(ctx, args)
        ctx.meta["judgekit.command"] = name
        return name, command, rest

    def invoke(self, ctx):
        with guarded(lambda: f"judgekit {ctx.meta.get('judgekit.command') or ''}".strip()):
            return super().invoke(ctx)


def _passes_through() -> tuple[type, ...]:
    """typer's and click's own signals (exit, abort, usage errors), whichever click typer uses."""
    click_errors = tuple(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
    return (typer.Exit, typer.Abort, SystemExit, KeyboardInterrupt) + click_errors


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
            raise typer.Exit(OK)
        if debugging():
            import traceback
            traceback.print_exception(kind, error, tb)
        detail = " ".join(f"{type(error).__name__}: {error}".split())
        detail = detail if len(detail) <= 300 else detail[:300] + "..."
        sys.stderr.write(f"judgekit {__version__}: internal error in `{self.describe()}`: {detail}; {ISSUES}"
                         f"{'' if debugging() else ' (add --debug for the traceback)'}\n")
        raise typer.Exit(INTERNAL_ERROR)


def _silence_stdout() -> None:
    """The reader stopped reading (`| head`): send what is left, and Python's final flush, nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def debugging() -> bool:
    return _state["debug"] or os.environ.get("JUDGEKIT_DEBUG", "") not in ("", "0")


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"judgekit {__version__}\n")
        raise typer.Exit(OK)


CONTEXT = {"help_option_names": ["-h", "--help"]}
app = typer.Typer(cls=LazyGroup, help="judgekit: rulings for the Cyberpunk TCG, with every rule cited.",
                  no_args_is_help=True, rich_markup_mode=None, pretty_exceptions_enable=False,
                  context_settings=CONTEXT)
rules_app = typer.Typer(help="The rules themselves: import the official text, diff editions, check citations.",
                        no_args_is_help=True, context_settings=CONTEXT)
app.add_typer(rules_app, name="rules")


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print judgekit's version and exit."),
    debug: bool = typer.Option(False, "--debug", help="On an internal error, print the traceback "
                                                      "(also JUDGEKIT_DEBUG=1)."),
) -> None:
    """judgekit: rulings for the Cyberpunk TCG, with every rule cited."""
    _state["debug"] = debug


def main(args: list[str] | None = None) -> None:
    """The `judgekit` command (also `python -m judgekit`)."""
    args = sys.argv[1:] if args is None else list(args)
    from judgekit.cli.quick import run_quickly
    try:
        with guarded(" ".join(["judgekit"] + args[:1])):
            status = run_quickly(args)
    except typer.Exit as done:
        sys.exit(done.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)  # as typer does for the other commands: the shell's status for Ctrl-C
    if status is None:
        app(args=args, prog_name="judgekit")  # exits with the command's status
    sys.exit(status)
