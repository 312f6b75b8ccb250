"""How a judgekit command declares its command line, without importing typer (issue #16).

A command module writes its commands as typer would have them, with `command`, `Argument` and `Option`
from here instead of `app.command`, `typer.Argument` and `typer.Option` (same arguments), and exits
with `Exit` (a `SystemExit`, which typer and click let through). The declarations are plain data:

- `judgekit.cli.typer_app` hands each declared command to typer, with typer's own `Argument` and
  `Option` made from these (`typer_view`): help, usage errors and every other command line;
- `judgekit.cli.quick` reads a plain command line of `rule`, `search`, `run` and `check` from the same
  declarations and calls the command itself, so those never import typer (about 40% of what a bare
  `import typer, rich` costs).
"""
from __future__ import annotations

import functools
import inspect
from typing import Callable, NamedTuple


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


class Parameter:
    """One parameter of a command: what `typer.Argument` or `typer.Option` would be given, kept as data."""

    typer_name = ""

    def __init__(self, default=..., *param_decls: str, **settings) -> None:
        self.default = default
        self.param_decls = param_decls
        self.settings = settings

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.default!r}, {', '.join(map(repr, self.param_decls))})"


class Argument(Parameter):
    """A positional parameter (`typer.Argument(default, **settings)`)."""

    typer_name = "Argument"


class Option(Parameter):
    """A named parameter (`typer.Option(default, *names, **settings)`)."""

    typer_name = "Option"


class Declared(NamedTuple):
    group: str | None  # None: a top-level command; else the sub-command group's name ("rules")
    name: str | None  # None: typer's own name for the function
    function: Callable
    settings: dict


DECLARED: list[Declared] = []


def command(name: str | None = None, *, group: str | None = None, **settings) -> Callable:
    """Declare a command, as `app.command(name, **settings)` would (or `rules_app.command` for group="rules")."""
    def declare(function: Callable) -> Callable:
        DECLARED.append(Declared(group, name, function, settings))
        return function
    return declare


GROUPS: dict[str, dict] = {}  # a sub-command group's name -> what typer.Typer(...) is given for it ("rules" is typer_app's)


def group(name: str, **settings) -> None:
    """Declare a group of sub-commands (`judgekit NAME ...`), as `app.add_typer(typer.Typer(**settings), name=NAME)`."""
    GROUPS[name] = settings


class Exit(SystemExit):
    """Stop a command with this exit status (judgekit/exitcodes.py)."""

    @property
    def exit_code(self) -> int:
        return self.code


def _settings(name: str, parameter: Parameter) -> dict:
    """What typer is given for the parameter: a positional one is shown in capitals in the usage line (`FILE`),
    as typer before 0.22 showed it, unless it names its own."""
    if isinstance(parameter, Argument):
        return {"metavar": name.upper(), **parameter.settings}
    return parameter.settings


def typer_view(function: Callable) -> Callable:
    """The function as typer reads it: the same, with typer's `Argument`/`Option` for each declared parameter."""
    import typer

    signature = inspect.signature(function, eval_str=True)
    parameters = [p.replace(default=getattr(typer, p.default.typer_name)(p.default.default, *p.default.param_decls,
                                                                          **_settings(p.name, p.default)))
                  if isinstance(p.default, Parameter) else p for p in signature.parameters.values()]

    @functools.wraps(function)
    def view(*args, **kwargs):
        return function(*args, **kwargs)

    view.__signature__ = signature.replace(parameters=parameters)
    return view
