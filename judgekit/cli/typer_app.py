"""The typer application: help, usage errors and every command line the quick path leaves to typer.

Commands are declared without typer in their modules (judgekit/cli/commands.py); the group imports a
command's module when that command is asked for and hands its declarations to typer then.
"""
from __future__ import annotations

import contextlib
import importlib
import sys

import typer
from typer.core import TyperGroup

from judgekit import __version__
from judgekit.cli.commands import COMMANDS, DECLARED, typer_view
from judgekit.cli.commands import GROUPS as DECLARED_GROUPS
from judgekit.cli.guard import _state, guarded
from judgekit.echo import bounded
from judgekit.exitcodes import OK


class LazyGroup(TyperGroup):
    """The top-level group: imports a command's module only when that command is asked for.

    It also turns any unexpected exception of a command into one line and exit 3 (the traceback
    only with --debug or JUDGEKIT_DEBUG=1), and a closed output pipe into a quiet exit 0.
    """

    def _load(self, modules, wanted=()) -> None:
        fresh = [m for m in modules if m not in sys.modules]
        for module in fresh:
            importlib.import_module(module)
        registered = _register_declared()
        missing = [n for n in wanted if n not in self.commands or getattr(self.commands[n], "commands", True) == {}]
        if fresh or registered or missing:
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

    def make_context(self, info_name, args, parent=None, **extra):
        with _bounded_usage_errors():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx):
        with guarded(lambda: f"judgekit {ctx.meta.get('judgekit.command') or ''}".strip()), _bounded_usage_errors():
            return super().invoke(ctx)


@contextlib.contextmanager
def _bounded_usage_errors():
    """A usage error (unknown command or option, bad value) echoes at most ECHO_LIMIT characters of each thing
    the user wrote, as judgekit's own errors do (judgekit/echo.py)."""
    usage_error = next(c for c in typer.BadParameter.__mro__ if c.__name__ == "UsageError")
    try:
        yield
    except usage_error as error:
        error.message = bounded(error.message) + _dash_hint(error)
        raise


def _dash_hint(error) -> str:
    """For an unknown short option given to a command that takes words (a query, a name): a word starting with
    '-', such as a negated query term (`-sell`), is read as options unless `--` comes before the words."""
    ctx, name = getattr(error, "ctx", None), str(getattr(error, "option_name", "") or "")
    if type(error).__name__ != "NoSuchOption" or ctx is None or name.startswith("--") or not any(
            p.param_type_name == "argument" and p.nargs == -1 for p in ctx.command.params):
        return ""
    return (f". A word starting with '-' (such as a negated query term, -sell) is read as options: put the "
            f"options first, then `--`, then the words (judgekit {ctx.info_name} [OPTIONS] -- WORDS...)")


_registered = [0]  # how many of DECLARED typer has been given


def _register_declared() -> bool:
    """Give typer the commands declared since last time; whether there were any."""
    fresh = DECLARED[_registered[0]:]
    for declared in fresh:
        if declared.group not in GROUPS:
            GROUPS[declared.group] = typer.Typer(**DECLARED_GROUPS[declared.group])
            app.add_typer(GROUPS[declared.group], name=declared.group)
        GROUPS[declared.group].command(declared.name, **declared.settings)(typer_view(declared.function))
    _registered[0] += len(fresh)
    return bool(fresh)


_built: list = [None, -1]  # the click group typer built from `app`, and how many declared commands it had then


def click_app():
    """The click group typer builds from `app`, built again only when commands were declared since: a process
    that runs several command lines (the tests, through `judgekit.cli.main`) builds it once, not once per line."""
    _register_declared()
    if _built[1] != _registered[0]:
        _built[:] = [typer.main.get_command(app), _registered[0]]
    return _built[0]


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
GROUPS = {None: app, "rules": rules_app}


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_show_version, is_eager=True,
                                 help="Print judgekit's version and exit."),
    debug: bool = typer.Option(False, "--debug", help="On an internal error, print the traceback "
                                                      "(also JUDGEKIT_DEBUG=1)."),
) -> None:
    """judgekit: rulings for the Cyberpunk TCG, with every rule cited."""
    _state["debug"] = debug
