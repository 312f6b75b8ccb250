"""A CliRunner that runs judgekit as its users do: through `judgekit.cli.main`, the `judgekit` entry point.

`main` reads a plain command line of `rule`, `search`, `run` or `check` itself (judgekit/cli/quick.py) and hands
every other one to the typer application; `CliRunner().invoke(app, args)` would test only the latter. Every CLI
test invokes `EntryPointRunner().invoke(app, args)`: same arguments and result as typer's runner, with `app`
only checked to be judgekit's."""
from __future__ import annotations

import click
from click.testing import CliRunner

from judgekit.cli import main


def _entry_point() -> click.Command:
    def run(args):
        main(list(args))  # exits with the command's status, as the installed script does

    return click.Command("judgekit", callback=run, add_help_option=False,
                         params=[click.Argument(["args"], nargs=-1, type=click.UNPROCESSED)],
                         context_settings={"ignore_unknown_options": True, "allow_interspersed_args": False})


class EntryPointRunner(CliRunner):
    def invoke(self, app, args=None, **kwargs):
        from judgekit.cli import app as judgekit_app
        assert app is judgekit_app, "EntryPointRunner runs the whole judgekit command line"
        return super().invoke(_entry_point(), [str(a) for a in (args or [])], **kwargs)
