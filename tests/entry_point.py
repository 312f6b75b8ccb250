"""A CliRunner that runs judgekit as its users do: through `judgekit.cli.main`, the `judgekit` entry point.

`main` reads a plain command line of `rule`, `search`, `run` or `check` itself (judgekit/cli/quick.py) and hands
every other one to the typer application; `CliRunner().invoke(app, args)` would test only the latter. Every CLI
test invokes `EntryPointRunner().invoke(app, args)`: same arguments and result as typer's runner, with `app`
only checked to be judgekit's.

Only typer is imported, never click: typer 0.22 and later carry their own copy of click and install none, so a
fresh environment has no `click` to import."""
from __future__ import annotations

import os
import subprocess
import sys

import typer
from typer.testing import CliRunner

from judgekit.cli import main

_ENTRY_POINT = typer.Typer(add_completion=False)


@_ENTRY_POINT.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                        "allow_interspersed_args": False, "help_option_names": []})
def _run(ctx: typer.Context) -> None:
    main(list(ctx.args))  # exits with the command's status, as the installed script does


class EntryPointRunner(CliRunner):
    def invoke(self, app, args=None, **kwargs):
        from judgekit.cli import app as judgekit_app
        assert app is judgekit_app, "EntryPointRunner runs the whole judgekit command line"
        return super().invoke(_ENTRY_POINT, [str(a) for a in (args or [])], **kwargs)


runner = EntryPointRunner()


def invoke(*args: str):
    """The judgekit command line run with `args`, as its users run it."""
    from judgekit.cli import app
    return runner.invoke(app, list(args))


def judgekit_process(*args: str, stdin: str | None = None, env: dict | None = None, cwd=None):
    """The real `judgekit` command (its quick path included), in a fresh interpreter."""
    return subprocess.run([sys.executable, "-m", "judgekit", *args], input=stdin, capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, cwd=cwd, timeout=120)
