"""A lighter entry path for the commands a judge runs most (`rule`, `search`, `run`).

typer 0.29 and later build pydantic validators to convert every argument, which costs more than
the look-up itself. For these commands a plain command line (positional words, `--option value`,
`--option=value`, `-o value`, flags) is read here, from the command function's own typer
declarations, and the same function is called. Anything else (help, an unknown or malformed
option, a value that does not convert, a missing argument) goes to typer, which reports it.

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

import typer
from typer.models import ArgumentInfo, OptionInfo

from judgekit.exitcodes import OK

QUICK = {"rule": "judgekit.cli.reference", "search": "judgekit.cli.reference", "run": "judgekit.cli.scenarios",
         "check": "judgekit.cli.corpus"}


class _Fallback(Exception):
    """This command line is for typer to read."""


def run_quickly(args: list[str]) -> int | None:
    """Run `args` on the quick path and return the exit status, or None to let typer run it."""
    if not args or args[0] not in QUICK:
        return None
    collecting = gc.isenabled()
    gc.disable()
    try:
        function = getattr(importlib.import_module(QUICK[args[0]]), args[0])
        try:
            values = parse(function, args[1:])
        except _Fallback:
            return None
        try:
            function(**values)
        except typer.Exit as done:
            return done.exit_code
        return OK
    finally:
        if collecting:
            gc.enable()


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
        if (info.min is not None and number < info.min) or (info.max is not None and number > info.max):
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
    options: dict[str, tuple[str, object, OptionInfo]] = {}
    positional: list[tuple[str, object, ArgumentInfo]] = []
    values: dict = {}
    for name, parameter in inspect.signature(function).parameters.items():
        info = parameter.default
        if not isinstance(info, (ArgumentInfo, OptionInfo)) or info.callback or info.envvar:
            raise _Fallback
        if info.default is not ...:
            values[name] = info.default
        if isinstance(info, OptionInfo):
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
