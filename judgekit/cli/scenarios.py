"""Commands on scenario files: run, validate, schema."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from judgekit.cli import app
from judgekit.cli.common import OutputFormat, fail_input, make_console, rulebook_for, to_json


@app.command()
def run(
    file: Path = typer.Argument(..., help="Scenario file (YAML)."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f",
                                        help="rich (terminal), json, or md (a write-up for posting)."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                         "(default: the scenario's, else the user's)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Override the scenario's seed."),
) -> None:
    """Run a scenario and print the ruling: cited trace, resulting board, verdict."""
    from judgekit.ruling import holds, ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(edition)
    try:
        built = build_file(file, book)
        result = run_scenario(built, seed)
    except InputError as error:
        fail_input(error.problems)
    data = ruling(built, result, book, edition)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    elif format is OutputFormat.md:
        from judgekit.render.markdown import render_markdown
        from judgekit.ruling import board
        sys.stdout.write(render_markdown(data, board(result.initial), book))
    else:
        from judgekit.render.console import render
        render(data, make_console())
    if not holds(data):
        raise typer.Exit(1)


@app.command()
def validate(files: List[Path] = typer.Argument(..., help="Scenario files to check.")) -> None:
    """Check scenario files without running them; list every problem with file, line and field."""
    from judgekit.rules.book import load_rulebook
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = load_rulebook()
    problems = []
    for file in files:
        try:
            build_file(file, book)
        except InputError as error:
            problems += error.problems
        else:
            sys.stdout.write(f"{file}: ok\n")
    if problems:
        fail_input(problems)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the scenario format."""
    from judgekit.scenario.model import json_schema
    sys.stdout.write(to_json(json_schema()))
