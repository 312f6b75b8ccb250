"""Commands on scenario files: run, validate, schema."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command, group
from judgekit.cli.common import (OutputFormat, build_scenario, fail_input, make_console, make_writer,
                                 refuse_formats, rulebook_for, say_error, to_json)
from judgekit.exitcodes import BAD_INPUT, FAILED
from judgekit import exitcodes as EXIT


@command()
def run(
    file: Path = Argument(..., help="Scenario file (YAML); - reads it from standard input."),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f",
                                        help="rich (terminal), json, md (a write-up for posting) or html (a "
                                             "standalone page)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations "
                                                                         "(default: the scenario's, else the user's)."),
    seed: Optional[int] = Option(None, "--seed", help="Override the scenario's seed."),
) -> None:
    """Run a scenario and print the ruling: cited trace, resulting board, verdict."""
    from judgekit.ruling import holds, ruling, run_scenario
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(edition)
    try:
        built = build_scenario(file, book)
        result = run_scenario(built, seed)
    except InputError as error:
        fail_input(error.problems)
    data = ruling(built, result, book, edition)
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    elif format is OutputFormat.html:
        from judgekit.render.html import ruling_page
        from judgekit.ruling import board
        from judgekit.site.layout import stylesheet
        sys.stdout.write(ruling_page(data, board(result.initial), lambda i: book.get(i).text if i in book.entries
                                     else None, stylesheet()))
    elif format is OutputFormat.md:
        from judgekit.render.markdown import render_markdown
        from judgekit.ruling import board
        notes = {c.held_by: c.note for c in built.scenario.contested if c.note}
        sys.stdout.write(render_markdown(data, board(result.initial), book, notes))
    else:
        from judgekit.render.console import render
        render(data, make_writer())
    if not holds(data):
        raise Exit(FAILED)


@command()
def validate(files: List[Path] = Argument(..., help="Scenario files or folders (searched as `check` searches "
                                                          "them) to check; - reads one from standard input.")) -> None:
    """Check scenario files without running them; list every problem with file, line and field."""
    from judgekit.echo import shown
    from judgekit.scenario.yaml_lines import InputError

    book = rulebook_for(None)
    problems, crashed = [], []
    for file in _with_folders_searched(files):
        try:
            build_scenario(file, book)
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
        raise Exit(EXIT.INTERNAL_ERROR)
    if problems:
        fail_input(problems)


def _with_folders_searched(files: List[Path]) -> List[Path]:
    """The files as given, each folder replaced by the scenario files found under it (judgekit.corpus.discover)
    that were not named or found before; exit 5 when there is nothing to validate."""
    from judgekit.corpus.discover import collect
    from judgekit.echo import shown

    out, seen = [], set()  # a file a folder search finds is skipped when it was named, or found, already
    for file in files:
        if str(file) == "-" or not file.is_dir():
            out.append(file)
            seen.add(os.path.realpath(file))
            continue
        under = collect([file]).files
        if not under:
            say_error(f"no scenario files under {shown(str(file))}")
        found = [path for path in under if os.path.realpath(path) not in seen]
        seen.update(os.path.realpath(path) for path in found)
        out += found
    if not out:
        raise Exit(EXIT.NOTHING_SELECTED)
    return out


@command()
def schema(
    output: Optional[Path] = Option(None, "--output", "-o", help="Write the schema to this file "
                                          "(for an editor in your own repository); default: print it."),
) -> None:
    """Print (or write) the JSON Schema of the scenario format, for editors (see docs/scenario-format.md)."""
    from judgekit.scenario.model import json_schema
    text = to_json(json_schema())
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as error:
        say_error(f"{output}: cannot write the schema: {error.strerror or error}")
        raise Exit(BAD_INPUT)
    sys.stdout.write(f"wrote the scenario schema to {output}\n")


group("deck", help="Decklists: legality of a deck (7.3) and its RAM Limits (3.20).", no_args_is_help=True)


def _deck_check_formats(format: str, deck_format: str | None, deck_formats) -> tuple[OutputFormat, str | None]:
    """`-f` is the output format, as everywhere; a deck format's name given to `-f` is read as --deck-format."""
    if format in deck_formats and format not in OutputFormat.__members__:
        if deck_format is not None and deck_format != format:
            say_error(f"-f {format} names a deck format, and --deck-format {deck_format} gives another; "
                      f"give the deck format once, with --deck-format")
            raise Exit(EXIT.BAD_INPUT)
        return OutputFormat.rich, format
    if format not in OutputFormat.__members__:
        say_error(f"unknown --format {format!r}: rich or json (a deck format goes to --deck-format: "
                  f"{', '.join(deck_formats)})")
        raise Exit(EXIT.BAD_INPUT)
    output = OutputFormat(format)
    refuse_formats(output, "deck check", "rich", "json")
    return output, deck_format


@command("check", group="deck")
def deck_check(
    file: Path = Argument(..., help="Decklist: one `3 Name: Subtitle` per line; a `Sideboard` heading line "
                                         "starts the sideboard."),
    cards: Optional[Path] = Option(None, "--cards", help="A scenario file whose `cards:` extend the pool."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations."),
    format: str = Option("rich", "--format", "-f", help="Output: rich (terminal) or json. A deck format's "
                                                              "name here (cr, constructed, quick, sealed) is read "
                                                              "as --deck-format."),
    deck_format: Optional[str] = Option(None, "--deck-format", help="Tournament format: cr (default: the "
                                              "Comprehensive Rules' legal deck, 7.3), constructed (7-card "
                                              "sideboard), quick (best-of-1, no sideboard) or sealed."),
) -> None:
    """Is the deck legal in the format? Each problem with its line and rules; exit 1 when not, 2 on bad input."""
    from judgekit.engine.deck_formats import FORMATS, check_in_format
    from judgekit.ruling import citation
    from judgekit.scenario.build import build_file
    from judgekit.scenario.decklist import read_decklist
    from judgekit.scenario.pool import build_pool
    from judgekit.scenario.yaml_lines import InputError

    output, deck_format = _deck_check_formats(format, deck_format, FORMATS)
    if (deck_format or "cr") not in FORMATS:
        say_error(f"unknown deck format {deck_format!r}; known: {', '.join(FORMATS)}")
        raise Exit(EXIT.BAD_INPUT)
    fmt = FORMATS[deck_format or "cr"]
    book = rulebook_for(edition)
    edition = edition or book.default_edition
    try:
        pool = build_pool(build_file(cards, book).scenario.cards if cards else [])
        findings = check_in_format(read_decklist(file, pool), fmt)
    except InputError as error:
        fail_input(error.problems)
    data = {"file": str(file), "deck_format": fmt.name,
            "legal": all(f.legal or not f.confirmed for f in findings),
            "findings": [{"legal": f.legal, "line": f.line, "text": f.text, "confirmed": f.confirmed,
                          "cites": [citation(book, r, edition) for r in f.cites],
                          "tournament_rules": [{"section": s, "secondary_source": True} for s in f.sections]}
                         for f in findings]}
    if any(f.sections for f in findings):
        data["tournament_rules_source"] = TOURNAMENT_SOURCE
    if output is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        from rich.text import Text
        from judgekit.render.console import cite_text
        console = make_console()
        for finding in data["findings"]:
            where = f"{file}:{finding['line']}: " if finding["line"] else f"{file}: "
            style = "green" if finding["legal"] else "red" if finding["confirmed"] else "yellow"
            line = Text(where, style="dim").append(finding["text"], style=style)
            for cite in finding["cites"]:
                line.append("  ").append_text(cite_text(cite).to_rich())
            for section in finding["tournament_rules"]:
                line.append(f"  tournament rules {section['section']}*", style="bold magenta")
            console.print(line, soft_wrap=True)
        if "tournament_rules_source" in data:
            console.print(Text(f"* {TOURNAMENT_SOURCE}", style="dim"), soft_wrap=True)
    if not data["legal"]:
        raise Exit(EXIT.FAILED)


TOURNAMENT_SOURCE = ("tournament-rules sections come from a secondary source (another project's notes quoting the "
                     "official tournament rules of 2026-09-25), not checked against the official page; the "
                     "Comprehensive Rules outrank them")
