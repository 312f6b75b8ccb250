"""Commands on scenario files: run, validate, schema."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from judgekit import exitcodes
from judgekit.cli import app
from judgekit.cli.common import OutputFormat, fail_input, make_console, rulebook_for, say_error, to_json


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
    from judgekit.echo import shown
    from judgekit.scenario.yaml_lines import InputError

    book = load_rulebook()
    problems, crashed = [], []
    for file in files:
        try:
            build_file(file, book)
        except InputError as error:
            problems += error.problems
        except Exception as error:  # one file's crash is that file's result; the others are still checked
            crashed.append(f"{file}: internal error: judgekit failed on this file ({type(error).__name__}: "
                           f"{shown(str(error))}); please report it with the file")
        else:
            sys.stdout.write(f"{file}: ok\n")
    for line in crashed:
        say_error(line)
    if crashed:
        for problem in problems:
            say_error(problem.render())
        raise typer.Exit(exitcodes.INTERNAL_ERROR)
    if problems:
        fail_input(problems)


@app.command()
def schema() -> None:
    """Print the JSON Schema of the scenario format."""
    from judgekit.scenario.model import json_schema
    sys.stdout.write(to_json(json_schema()))


deck_app = typer.Typer(help="Decklists: legality of a deck (7.3) and its RAM Limits (3.20).", no_args_is_help=True)
app.add_typer(deck_app, name="deck")


@deck_app.command("check")
def deck_check(
    file: Path = typer.Argument(..., help="Decklist: one `3 Name: Subtitle` per line."),
    cards: Optional[Path] = typer.Option(None, "--cards", help="A scenario file whose `cards:` extend the pool."),
    edition: Optional[str] = typer.Option(None, "--edition", "-e", help="Rules edition for citations."),
    format: OutputFormat = typer.Option(OutputFormat.rich, "--format", "-f", help="rich (terminal) or json."),
) -> None:
    """Is the deck legal? Each problem with its line and rules; exit 1 when it is not, 2 on bad input."""
    from judgekit.engine.decks import check_deck
    from judgekit.ruling import citation
    from judgekit.scenario.build import build_file
    from judgekit.scenario.decklist import read_decklist
    from judgekit.scenario.pool import build_pool
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(edition)
    edition = edition or book.default_edition
    try:
        pool = build_pool(build_file(cards, book).scenario.cards if cards else [])
        findings = check_deck(read_decklist(file, pool))
    except InputError as error:
        fail_input(error.problems)
    data = {"file": str(file), "legal": all(f.legal for f in findings),
            "findings": [{"legal": f.legal, "line": f.line, "text": f.text,
                          "cites": [citation(book, r, edition) for r in f.cites]} for f in findings]}
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        from rich.text import Text
        from judgekit.render.console import cite_text
        console = make_console()
        for finding in data["findings"]:
            where = f"{file}:{finding['line']}: " if finding["line"] else f"{file}: "
            line = Text(where, style="dim").append(finding["text"], style="green" if finding["legal"] else "red")
            for cite in finding["cites"]:
                line.append("  ").append_text(cite_text(cite))
            console.print(line, soft_wrap=True)
    if not data["legal"]:
        raise typer.Exit(1)
