"""A lighter entry path for the commands a judge or a rules team runs most (`rule`, `search`, `run`, `check`).

Importing typer costs about 40% of a bare `import typer, rich`, and typer 0.29 and later also build
pydantic validators to convert every argument. For these commands a plain command line (positional
words, `--option value`, `--option=value`, `-o value`, flags) is read here, from the command's own
declarations (judgekit/cli/commands.py), and the same function is called, without importing typer.
Anything else (help, an unknown or malformed option, a value that does not convert, a missing
argument, a setting this reader does not know) goes to typer, which reports it.

A command on the quick path runs with Python's cyclic garbage collector paused: nearly everything a cold
command allocates (modules, classes, the cached rulebook, card pool and validator) lives until it exits, so
the collections that allocating it all would trigger find nothing to free (reference counting still frees
the rest at once). Collecting them was about a tenth of a cold `judgekit run` (issue #16).
"""
from __future__ import annotations

import enum
import gc
import importlib
import inspect
import typing
from pathlib import Path

from judgekit.cli.commands import Argument, Exit, Option
from judgekit.exitcodes import OK

QUICK = {"rule": "judgekit.cli.reference", "search": "judgekit.cli.reference", "run": "judgekit.cli.scenarios",
         "check": "judgekit.cli.corpus", "replay": "judgekit.cli.replay"}
# Groups whose sub-commands take the quick path too: `judgekit deck compare` is `deck_compare` in the module.
QUICK_GROUPS = {"deck": "judgekit.cli.decks"}


# The settings of a declared parameter that this reader honours or that only change typer's help; a parameter
# with any other (a callback, an environment variable, a count, a path check...) is typer's to read.
_READ_HERE = frozenset({"help", "min", "max", "metavar", "show_default", "hidden", "rich_help_panel"})


class _Fallback(Exception):
    """This command line is for typer to read."""


def run_quickly(args: list[str]) -> int | None:
    """Run `args` on the quick path and return the exit status, or None to let typer run it."""
    found = _quick_function(args)
    if found is None:
        return None
    module, name, argv = found
    collecting = gc.isenabled()
    gc.disable()
    try:
        function = getattr(importlib.import_module(module), name, None)
        if function is None:
            return None
        try:
            values = parse(function, argv)
        except _Fallback:
            return None
        try:
            function(**values)
        except Exit as done:
            return done.code
        return OK
    finally:
        if collecting:
            gc.enable()


def _quick_function(args: list[str]) -> tuple[str, str, list[str]] | None:
    """(module, function name, its arguments) for a command line the quick path reads, else None."""
    if args and args[0] in QUICK:
        return QUICK[args[0]], args[0], args[1:]
    if len(args) > 1 and args[0] in QUICK_GROUPS and args[1].isidentifier():
        return QUICK_GROUPS[args[0]], f"{args[0]}_{args[1]}", args[2:]
    return None


def _convert(kind, text: str, info):
    if typing.get_origin(kind) is typing.Union:
        (kind,) = [k for k in typing.get_args(kind) if k is not type(None)] or (str,)
    if kind is str:
        return text
    if kind is Path and text:
        return Path(text)
    if kind is int:
        try:
            number = int(text)
        except ValueError:
            raise _Fallback from None
        low, high = info.settings.get("min"), info.settings.get("max")
        if (low is not None and number < low) or (high is not None and number > high):
            raise _Fallback
        return number
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        for member in kind:
            if member.value == text:
                return member
    raise _Fallback


def parse(function, argv: list[str]) -> dict:
    """The keyword arguments typer would pass `function` for `argv`; raises _Fallback when unsure."""
    hints = typing.get_type_hints(function)
    options: dict[str, tuple[str, object, Option]] = {}
    positional: list[tuple[str, object, Argument]] = []
    values: dict = {}
    for name, parameter in inspect.signature(function).parameters.items():
        info = parameter.default
        if not isinstance(info, (Argument, Option)) or not _READ_HERE.issuperset(info.settings):
            raise _Fallback
        if info.default is not ...:
            values[name] = info.default
        if isinstance(info, Option):
            if any("/" in decl for decl in info.param_decls):
                raise _Fallback
            for decl in info.param_decls or ("--" + name.replace("_", "-"),):
                options[decl] = (name, hints[name], info)
        else:
            positional.append((name, hints[name], info))
    words: list[str] = []
    rest = iter(argv)
    for word in rest:
        if word == "--":
            words += list(rest)
            break
        if word.startswith("-") and word != "-":
            flag, equals, attached = word.partition("=")
            if flag not in options or (equals and not flag.startswith("--")):
                raise _Fallback
            name, kind, info = options[flag]
            if kind is bool:
                if equals:
                    raise _Fallback
                values[name] = True
                continue
            text = attached if equals else next(rest, None)
            if text is None:
                raise _Fallback
            values[name] = _convert(kind, text, info)
        else:
            words.append(word)
    for name, kind, info in positional:
        if typing.get_origin(kind) is list:
            (item,) = typing.get_args(kind)
            if not words and info.default is ...:
                raise _Fallback
            values[name] = [_convert(item, w, info) for w in words] if words else info.default
            words = []
        elif words:
            values[name] = _convert(kind, words.pop(0), info)
        elif info.default is ...:
            raise _Fallback
    if words:
        raise _Fallback
    return values
