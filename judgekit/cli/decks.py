"""Commands on decklists: deck check (legality in a format), deck compare (a deck check against the
registration), deck sheet (a printable registration sheet). The work is done in judgekit.decks."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from judgekit import exitcodes as EXIT
from judgekit.cli.commands import Argument, Exit, Option, command, group
from judgekit.cli.common import (RICH_OR_JSON, OutputFormat, fail_input, make_console, refuse_formats, rulebook_for,
                                 say_error, to_json)
from judgekit.plural import counted

group("deck", help="Decklists: legality (7.3, 3.20, tournament formats), comparing a deck with its registration, "
                   "registration sheets.", no_args_is_help=True)

TOURNAMENT_SOURCE = ("tournament-rules sections come from a secondary source (another project's notes quoting the "
                     "official tournament rules of 2026-09-25), not checked against the official page; the "
                     "Comprehensive Rules outrank them")
CARDS_HELP = "A scenario file whose `cards:` extend the pool."


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


def _pool(cards: Optional[Path], book):
    from judgekit.scenario.build import build_file
    from judgekit.scenario.pool import build_pool
    return build_pool(build_file(cards, book).scenario.cards if cards else [])


def _read_lists(files: list[Path], cards: Optional[Path], book) -> list:
    """Each decklist read; every bad line of every file reported together (exit 2)."""
    from judgekit.decks.parsing import read_list
    from judgekit.scenario.yaml_lines import InputError

    try:
        pool = _pool(cards, book)
    except InputError as error:
        fail_input(error.problems)
    lists, problems = [], []
    for file in files:
        try:
            lists.append(read_list(file, pool))
        except InputError as error:
            problems += error.problems
    if problems:
        fail_input(problems)
    return lists


@command("check", group="deck")
def deck_check(
    file: Path = Argument(..., help="Decklist as pasted: `3 Name: Subtitle`, `3x Name`, `Name x3`, headings "
                                         "(`Legends`, `Main Deck (40)`, `Sideboard`); see docs/decklists.md."),
    cards: Optional[Path] = Option(None, "--cards", help=CARDS_HELP),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations."),
    format: str = Option("rich", "--format", "-f", help="Output: rich (terminal) or json. A deck format's "
                                                              "name here (cr, constructed, quick, sealed) is read "
                                                              "as --deck-format."),
    deck_format: Optional[str] = Option(None, "--deck-format", help="Tournament format: cr (default: the "
                                              "Comprehensive Rules' legal deck, 7.3), constructed (7-card "
                                              "sideboard), quick (best-of-1, no sideboard) or sealed."),
) -> None:
    """Is the deck legal in the format? Each problem with its line and rules; exit 1 when not, 2 on bad input."""
    from judgekit.decks.formats import FORMATS, check_list
    from judgekit.cites import citation

    output, deck_format = _deck_check_formats(format.casefold(), deck_format and deck_format.casefold(), FORMATS)
    if (deck_format or "cr") not in FORMATS:
        say_error(f"unknown deck format {deck_format!r}; known: {', '.join(FORMATS)}")
        raise Exit(EXIT.BAD_INPUT)
    fmt = FORMATS[deck_format or "cr"]
    book = rulebook_for(edition)
    edition = edition or book.default_edition
    [decklist] = _read_lists([file], cards, book)
    findings = check_list(decklist, fmt)
    data = {"file": str(file), "deck_format": fmt.name,
            "legal": all(f.legal or not f.confirmed for f in findings),
            "confirmed": all(f.legal or f.confirmed for f in findings),
            "findings": [{"legal": f.legal, "line": f.line, "text": f.text, "confirmed": f.confirmed,
                          "note": f.note, "cites": [citation(book, r, edition) for r in f.cites],
                          "tournament_rules": _sections(f.sections)}
                         for f in findings]}
    if any(f.sections for f in findings):
        data["tournament_rules_source"] = TOURNAMENT_SOURCE
    if output is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        _print_findings(file, data)
        if not data["legal"]:
            problems = sum(1 for f in data["findings"] if not f["legal"] and f["confirmed"])
            make_console().print(f"[bold red]Not legal[/] ({fmt.name}): {problems} "
                                 f"problem{'' if problems == 1 else 's'}, each above with its rule.")
    if not data["legal"]:
        raise Exit(EXIT.FAILED)


def _sections(sections) -> list[dict]:
    return [{"section": s, "secondary_source": True} for s in sections]


def _print_findings(file: Path, data: dict) -> None:
    from rich.text import Text
    from judgekit.render.console import cite_text
    from judgekit.render.rule import INFERRED_NUMBERS
    console = make_console()
    for finding in data["findings"]:
        where = f"{file}:{finding['line']}: " if finding["line"] else f"{file}: "
        style = "cyan" if finding["note"] else "yellow" if not finding["confirmed"] else \
            "green" if finding["legal"] else "red"
        line = Text(where, style="dim").append(("note: " if finding["note"] else "") + finding["text"], style=style)
        for cite in finding["cites"]:
            line.append("  ").append_text(cite_text(cite).to_rich())
        _tournament_marks(line, finding["tournament_rules"])
        console.print(line, soft_wrap=True)
    if "tournament_rules_source" in data:
        console.print(Text(f"* {TOURNAMENT_SOURCE}", style="dim"), soft_wrap=True)
    if any(not cite["confirmed"] for finding in data["findings"] for cite in finding["cites"]):
        console.print(Text(INFERRED_NUMBERS, style="dim"), soft_wrap=True)


def _tournament_marks(line, sections: list[dict]) -> None:
    for section in sections:
        line.append(f"  tournament rules {section['section']}*", style="bold magenta")


@command("compare", group="deck")
def deck_compare(
    registered: Path = Argument(..., help="The registered decklist."),
    presented: Path = Argument(..., help="The deck as presented at the deck check, typed as a decklist."),
    cards: Optional[Path] = Option(None, "--cards", help=CARDS_HELP),
    format: OutputFormat = Option(OutputFormat.rich, "--format", "-f", metavar=RICH_OR_JSON,
                                  help="rich (terminal) or json."),
) -> None:
    """Compare a deck with its registration, Legends, main deck and sideboard each on its own: missing, extra,
    moved between sections, another card of the same name. Exit 1 on any difference, 0 when identical."""
    from judgekit.decks.compare import TOURNAMENT_SECTIONS, compare

    refuse_formats(format, "deck compare", "rich", "json")
    book = rulebook_for(None)
    reg, pres = _read_lists([registered, presented], cards, book)
    result = compare(reg, pres)
    data = {"registered": str(registered), "presented": str(presented), "identical": result.identical,
            "sections": result.counts(),
            "differences": [{"kind": d.kind, "section": d.section, "card": d.card, "count": d.count,
                             "registered_line": d.registered_line, "presented_line": d.presented_line,
                             **({"to_section": d.to_section} if d.to_section else {}),
                             **({"presented_card": d.presented_card} if d.presented_card else {}),
                             "text": d.text} for d in result.differences],
            "tournament_rules": _sections(TOURNAMENT_SECTIONS), "tournament_rules_source": TOURNAMENT_SOURCE}
    if format is OutputFormat.json:
        sys.stdout.write(to_json(data))
    else:
        _print_comparison(data)
    if not result.identical:
        raise Exit(EXIT.FAILED)


def _print_comparison(data: dict) -> None:
    from rich.text import Text
    from judgekit.decks.parsing import SECTION_NAMES
    console = make_console()
    counts = ", ".join(f"{SECTION_NAMES[name]} {c['registered']}/{c['presented']}"
                       for name, c in data["sections"].items())
    console.print(Text(f"{data['registered']} (registered) against {data['presented']} (presented); cards per "
                       f"section registered/presented: {counts}", style="dim"), soft_wrap=True)
    for d in data["differences"]:
        lines = [f"registered line {d['registered_line']}" if d["registered_line"] else "",
                 f"presented line {d['presented_line']}" if d["presented_line"] else ""]
        where = ", ".join(x for x in lines if x)
        console.print(Text(d["text"], style="red").append(f"  ({where})" if where else "", style="dim"),
                      soft_wrap=True)
    verdict = Text("IDENTICAL: the deck matches its registration, section by section" if data["identical"] else
                   f"DIFFERENT: {counted(len(data['differences']), 'difference')}", style="bold green" if data["identical"]
                   else "bold red")
    _tournament_marks(verdict, data["tournament_rules"])
    console.print(verdict, soft_wrap=True)
    console.print(Text(f"* {TOURNAMENT_SOURCE}", style="dim"), soft_wrap=True)


@command("sheet", group="deck")
def deck_sheet(
    file: Path = Argument(..., help="The decklist to print."),
    format: str = Option("md", "--format", "-f", help="md (Markdown) or html (a standalone printable page)."),
    player: Optional[str] = Option(None, "--player", help="Player's name (left blank to fill in by hand)."),
    player_id: Optional[str] = Option(None, "--player-id", help="Player's ID."),
    event: Optional[str] = Option(None, "--event", help="Event name."),
    date: Optional[str] = Option(None, "--date", help="Event date."),
    deck_name: Optional[str] = Option(None, "--deck-name", help="The deck's name."),
    deck_format: Optional[str] = Option(None, "--deck-format", help="The event's format (printed as given)."),
    cards: Optional[Path] = Option(None, "--cards", help=CARDS_HELP),
) -> None:
    """A printable registration sheet: player and event fields, each section's cards and counts, totals."""
    from judgekit.decks.sheet import render_html, render_markdown, sheet_data

    if format not in ("md", "html"):
        say_error(f"`judgekit deck sheet` writes md or html (-f md|html), not {format!r}")
        raise Exit(EXIT.BAD_INPUT)
    [decklist] = _read_lists([file], cards, rulebook_for(None))
    fields = {"player": player, "player_id": player_id, "event": event, "date": date, "deck_name": deck_name,
              "deck_format": deck_format}
    data = sheet_data(decklist, fields)
    sys.stdout.write(render_html(data) if format == "html" else render_markdown(data))
    _warn_if_not_legal(decklist, file)


def _warn_if_not_legal(decklist, file: Path) -> None:
    """A sheet is printed for any list (a player may register and fix it), with a warning on standard error
    when the list is not a legal deck (7.3, as `deck check` reads it) so that nobody registers it unaware."""
    from judgekit.decks.formats import FORMATS, check_list
    problems = [f for f in check_list(decklist, FORMATS["cr"]) if not f.legal and f.confirmed]
    if problems:
        say_error(f"warning: {file} is not a legal deck ({len(problems)} problem"
                  f"{'' if len(problems) == 1 else 's'}; `judgekit deck check {file}` lists them): "
                  f"{problems[0].text}")
