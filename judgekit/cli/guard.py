"""How every judgekit command ends: an unexpected exception becomes one line naming judgekit's version and exit 3
(the traceback only with --debug or JUDGEKIT_DEBUG=1), running out of memory one line and exit 3, a closed
output pipe a quiet exit 0. Used by the quick path (judgekit/cli/__init__.py) and by the typer application
(judgekit/cli/typer_app.py)."""
from __future__ import annotations

import errno
import os
import sys

from judgekit import __version__
from judgekit.cli.commands import Exit
from judgekit.exitcodes import BAD_INPUT, INTERNAL_ERROR, OK

ISSUES = "please report it with the command and the file at the judgekit issue tracker"
_state = {"debug": False}


def _passes_through() -> tuple[type, ...]:
    """Exits, Ctrl-C, and (once typer is loaded) typer's and click's own signals: exit, abort, usage errors."""
    signals: tuple[type, ...] = (SystemExit, KeyboardInterrupt)
    typer = sys.modules.get("typer")
    if typer is not None:
        click_errors = tuple(c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException")
        signals += (typer.Exit, typer.Abort) + click_errors
    return signals


# What the C library says when it has no memory to give: strerror(ENOMEM), and the dynamic loader's words for a
# shared library it could not map (an `import` of a C extension under a memory limit is an ImportError saying so)
_NO_MEMORY_WORDS = (os.strerror(errno.ENOMEM), "failed to map segment from shared object")


def out_of_memory(error: BaseException | str) -> bool:
    """Whether an error (or a worker's error, passed on as its text) is running out of memory rather than a bug:
    MemoryError, ENOMEM, or a C extension that could not be loaded for want of memory."""
    if isinstance(error, MemoryError) or (isinstance(error, OSError) and error.errno == errno.ENOMEM):
        return True
    text = error if isinstance(error, str) else str(error)
    return (isinstance(error, (str, ImportError, OSError)) and any(words in text for words in _NO_MEMORY_WORDS)) \
        or "MemoryError" in text


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
        if out_of_memory(error):  # not a bug to report: the machine (or a limit) had no more to give
            sys.stderr.write(f"judgekit: ran out of memory in `{self.describe()}`: free some memory or raise the "
                             "limit, and try again\n")
            raise Exit(INTERNAL_ERROR)
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
