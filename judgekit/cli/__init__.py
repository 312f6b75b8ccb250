"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit status: 0 ruling given (and every expectation held), 1 an expectation failed, 2 bad input.
Imports are made inside each command, so looking up a rule never loads the engine.
"""
from __future__ import annotations

import typer

app = typer.Typer(help="judgekit: rulings for the Cyberpunk TCG, with every rule cited.",
                  no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  pretty_exceptions_show_locals=False)
rules_app = typer.Typer(help="The rules themselves: import the official text, diff editions, check citations.",
                        no_args_is_help=True)
app.add_typer(rules_app, name="rules")

from judgekit.cli import cards, corpus, reference, scenarios  # noqa: E402,F401  (importing them registers their commands)
from judgekit.cli import rulings  # noqa: E402,F401


def main() -> None:
    app()
