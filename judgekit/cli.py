"""The judgekit command line: a thin layer over the engine, the scenario format and the rulebook.

Exit status: 0 ruling given (and every expectation held), 1 an expectation failed, 2 bad input.
Imports are made inside each command, so looking up a rule never loads the engine.
"""
from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

app = typer.Typer(help="judgekit: rulings for the Cyberpunk TCG, with every rule cited.",
                  no_args_is_help=True, add_completion=False, rich_markup_mode=None,
                  pretty_exceptions_show_locals=False)


class OutputFormat(str, Enum):
    rich = "rich"
    json = "json"


def _console(stderr: bool = False):
    from rich.console import Console
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def _fail_input(problems) -> None:
    for problem in problems:
        sys.stderr.write(problem.render() + "\n")
    raise typer.Exit(2)


def _book_and_edition(edition: str | None):
    from judgekit.rules.book import load_rulebook
    book = load_rulebook()
    if edition is not None and edition not in book.editions:
        _console(stderr=True).print(f"unknown edition {edition!r}; known editions: {', '.join(sorted(book.editions))}",
                                    markup=False, style="red")
        raise typer.Exit(2)
    return book


def _dump(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


@app.command()
def run(
    file: Path = typer.Argument(..., help="Scenario file (YAML)."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                         "(default: the scenario's, else the user's)."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Override the scenario's seed."),
) -> None:
    """Run a scenario and print the ruling: cited trace, resulting board, verdict."""
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = _book_and_edition(edition)
    try:
        built = build_file(file, book)
        result = run_scenario(built, seed)
    except InputError as error:
        _fail_input(error.problems)
    data = ruling(built, result, book, edition)
    if format is OutputFormat.json:
        sys.stdout.write(_dump(data))
    else:
        from judgekit.render.console import render
        render(data, _console())
    if not data["verdict"]["expectations"]["passed"]:
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
            _console().print(f"{file}: ok", markup=False)
    if problems:
        _fail_input(problems)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the scenario format."""
    from judgekit.scenario.model import json_schema
    sys.stdout.write(_dump(json_schema()))


@app.command()
def rule(
    number: str = typer.Argument(..., help="Rule number in the chosen edition (e.g. 4.4.1), or a rule id."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition (default: the user's)."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f"),
) -> None:
    """Show a rule in our words: its place, sub-rules, and the rules it refers to and is referred to by."""
    from judgekit.render.rule import render_rule, rule_data

    book = _book_and_edition(edition)
    edition = edition or book.default_edition
    entry = book.resolve(number, edition)
    if entry is None:
        near = book.nearest(number, edition)
        hint = f"; nearest: {', '.join(near)}" if near else ""
        _console(stderr=True).print(f"no rule {number} in edition {edition}{hint}", markup=False, style="red")
        raise typer.Exit(2)
    if format is OutputFormat.json:
        sys.stdout.write(_dump(rule_data(book, entry, edition)))
    else:
        render_rule(book, entry, edition, _console())


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
