"""What every judgekit command shares: the output format option, consoles, errors, the rulebook."""
from __future__ import annotations

import json
import sys
from enum import Enum

import typer


class OutputFormat(str, Enum):
    rich = "rich"
    json = "json"
    md = "md"


def refuse_markdown(format: OutputFormat, command: str) -> None:
    if format is OutputFormat.md:
        say_error(f"`judgekit {command}` has no Markdown output; --format md works with run and rule")
        raise typer.Exit(2)


def make_console(stderr: bool = False):
    from rich.console import Console
    return Console(stderr=stderr, highlight=False, soft_wrap=False)


def say_error(message: str) -> None:
    """One plain line on stderr (never wrapped, so it can be grepped)."""
    sys.stderr.write(message + "\n")


def fail_input(problems) -> None:
    for problem in problems:
        sys.stderr.write(problem.render() + "\n")
    raise typer.Exit(2)


def rulebook_for(edition: str | None):
    from judgekit.rules.book import load_rulebook
    book = load_rulebook()
    if edition is not None and edition not in book.editions:
        from judgekit.echo import shown
        say_error(f"unknown edition {shown(edition)}; known editions: {', '.join(sorted(book.editions))}")
        raise typer.Exit(2)
    return book


def to_json(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
