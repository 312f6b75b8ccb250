"""Reading a decklist as players and deck builders paste it (docs/decklists.md lists every shape).

One card per line, its count before or after the name (`3 Name`, `3x Name`, `- 3 Name`, `Name x3`, a
bare `Name` for one copy) and its subtitle after `: `, `, ` or ` - ` (card_names.py). Section headings
(`Legends`, `Legends (3)`, `Main Deck:`, `Deck (45)`, `Sideboard`) put the cards after them in that
section; without one, a Legend is in the Legends and any other card in the main deck. `//` and `#`
start a comment; blank lines, curly quotes, odd spaces and case do not matter. Every line that names
no card, or more than one, is an input error with its line and the cards it may mean.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from judgekit.decks.card_names import CardNames, fold
from judgekit.decks.legality import DeckEntry
from judgekit.echo import shown
from judgekit.scenario.pool import Pool, build_pool
from judgekit.scenario.yaml_lines import InputError, Problem, read_text

MAX_BYTES = 256 * 1024  # a decklist of 53 cards is about 2 KB
MAX_LINES = 1000  # lines read; a list of every card of the pool, one per line, is 151
MAX_PROBLEMS = 50  # problems listed; the rest are counted in one closing line
MAX_COUNT = 99  # copies on one line; a legal deck has at most 3 (7.3)

SECTIONS = ("legends", "main", "sideboard")
SECTION_NAMES = {"legends": "Legends", "main": "main deck", "sideboard": "sideboard"}
HEADINGS = {
    "legends": "legends", "legend": "legends",
    "main deck": "main", "main": "main", "maindeck": "main", "main board": "main", "mainboard": "main",
    "deck": "main", "decklist": "main", "deck list": "main", "cards": "main",
    # deck builders group the main deck by card type
    "units": "main", "unit": "main", "gears": "main", "gear": "main", "programs": "main", "program": "main",
    "sideboard": "sideboard", "side board": "sideboard", "side deck": "sideboard", "side": "sideboard",
    # a line stating the whole list's count, which starts no section
    "total": "total", "total cards": "total", "cards total": "total",
}
_BULLET = r"(?:[-*•+]\s*)?"
_COUNT_FIRST = re.compile(rf"^{_BULLET}(?P<count>\d+)\s*[x×]?\s+(?P<name>\S.*)$", re.IGNORECASE)
_COUNT_LAST = re.compile(rf"^{_BULLET}(?P<name>\S.*?)\s*(?:\s[x×]\s?|\(\s*[x×]?\s*)(?P<count>\d+)\s*\)?$",
                         re.IGNORECASE)
_NO_COUNT = re.compile(rf"^{_BULLET}(?P<name>\S.*)$")
_HEADING = re.compile(r"^(?P<word>[a-z][a-z ]*?)\s*(?:\(\s*(?P<paren>\d+)(?:\s*cards?)?\s*\)|:?\s*(?P<bare>\d+)"
                      r"(?:\s*cards?)?)?\s*:?$")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Heading:
    """A section heading line, and the count it states (`Deck (45)`), if any."""

    section: str
    line: int
    stated: int | None


@dataclass(frozen=True)
class Decklist:
    """A decklist read: its card lines in order and its section headings."""

    path: str
    entries: list[DeckEntry]
    headings: list[Heading]

    def section(self, name: str) -> list[DeckEntry]:
        return [e for e in self.entries if e.section == name]


def read_decklist(path: Path, pool: Pool | None = None) -> list[DeckEntry]:
    """Every card line of the file; raise InputError listing every bad line (file, line, why)."""
    return read_list(path, pool).entries


def read_list(path: Path, pool: Pool | None = None) -> Decklist:
    """The whole decklist, headings included; raise InputError listing every bad line (file, line, why)."""
    names = CardNames(pool or build_pool([]))
    text = read_text(path, MAX_BYTES)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InputError([Problem(str(path), MAX_LINES + 1, "", f"a decklist has at most {MAX_LINES} lines; this "
                                                                f"one has {len(lines)}")])
    entries, headings, problems = [], [], []
    heading = ""
    for number, raw in enumerate(lines, start=1):
        line = clean(raw)
        if not line:
            continue
        found = _heading(line)
        if found is not None:
            if found[0] == "total":
                headings.append(Heading("total", number, found[1]))
            elif found[0]:
                heading = found[0]
                headings.append(Heading(heading, number, found[1]))
            elif entries or problems:
                problems.append(Problem(str(path), number, "", f"{shown(line)} is not a section judgekit knows "
                                        "(Legends, Main Deck, Sideboard); the cards after it would be counted in "
                                        "the deck. Make it a comment with // or # if they are not part of it"))
            continue
        entry = _card_line(line, number, heading, names, suggest=len(problems) < MAX_PROBLEMS)
        if isinstance(entry, str):
            problems.append(Problem(str(path), number, "", entry))
        else:
            entries.append(entry)
    if len(problems) > MAX_PROBLEMS:
        rest = problems[MAX_PROBLEMS:]
        problems = problems[:MAX_PROBLEMS] + [Problem(str(path), rest[0].line, "", f"and {len(rest)} more problems "
                                                                                 f"on lines {rest[0].line} to "
                                                                                 f"{rest[-1].line}")]
    if problems:
        raise InputError(problems)
    if not entries:
        raise InputError([Problem(str(path), None, "", "the decklist names no cards")])
    return Decklist(str(path), entries, headings)


def clean(raw: str) -> str:
    """A line without its comment, its byte-order mark, curly quotes, runs of odd spaces and the Markdown
    around a heading (`## Sideboard`, `**Legends (3)**`): a `#` heading naming a section is a heading, not a
    comment; a code fence (```) is blank."""
    line = raw.replace("\ufeff", "").split("//", 1)[0]
    if _FENCE.match(line):  # a chat paste's code block: its fences are no line of the list
        return ""
    markdown = _MARKDOWN_HEADING.match(line)
    if markdown is not None and _heading(_plain(markdown["text"].split("#", 1)[0])) not in (None, ("", None)):
        line = markdown["text"]
    return _plain(line.split("#", 1)[0])


def _plain(line: str) -> str:
    line = _SPACES.sub(" ", line.translate(_QUOTES)).strip()
    return _EMPHASIS.sub(r"\2", line)


_FENCE = re.compile(r"^\s*(```|~~~)[\w+-]*\s*$")
_MARKDOWN_HEADING = re.compile(r"^\s*#{1,6}\s+(?P<text>.*)$")
_EMPHASIS = re.compile(r"^(\*\*|__)(.*?)\1:?$")


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201b": "'", "\u2032": "'", "\u00b4": "'", "`": "'",
                         "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u2013": "-", "\u2014": "-", "\u2212": "-"})


def _heading(line: str) -> tuple[str, int | None] | None:
    """(section, stated count) for a heading line ("total" for a line stating the whole list's count); ("",
    None) for any other line ending in `:` without a count (a title such as `Arasaka Green:`, skipped before
    the first card, an error after it); else None."""
    match = _HEADING.match(line.casefold())
    if match is not None and match["word"] in HEADINGS:
        stated = match["paren"] or match["bare"]
        return HEADINGS[match["word"]], int(stated) if stated and len(stated) <= 4 else None
    if line.endswith(":") and not line[0].isdigit():
        return "", None
    return None


def _card_line(line: str, number: int, heading: str, names: CardNames, suggest: bool) -> DeckEntry | str:
    """The entry on a card line, or why it names no single card (with the cards it may mean)."""
    shapes = [m for m in (_COUNT_FIRST.match(line), _COUNT_LAST.match(line)) if m is not None]
    tried = []
    for match in shapes:
        card, why = names.find(match["name"], suggest=False)
        if card is not None:
            return _entry(match["count"], card, number, heading)
        tried.append((match, why))
    bare = _NO_COUNT.match(line)
    card, why = names.find(bare["name"], suggest=False)
    if card is not None:
        return DeckEntry(1, card, number, heading == "sideboard", heading)
    named = tried[0] if tried else (bare, why)
    if "different cards" in named[1]:
        return named[1]
    name = named[0]["name"]
    _, why = names.find(name, suggest=suggest)
    if fold(name).rstrip(":") in HEADINGS:
        return why + f"; a heading? write it alone on its line, with its count after it: `{name} ({named[0]['count']})`"
    if tried:
        return why
    return why + (" Or, for a title or a note, start it with // or #" if why.endswith("?") else
                  "; a title or a note? start it with // or #")


def _entry(count_text: str, card, number: int, heading: str) -> DeckEntry | str:
    digits = count_text.lstrip("0") or "0"
    count = int(digits) if len(digits) <= 3 else MAX_COUNT + 1
    if not 1 <= count <= MAX_COUNT:
        return f"a count is 1 to {MAX_COUNT}, not {shown(digits)[1:-1]}"
    return DeckEntry(count, card, number, heading == "sideboard", heading)


__all__ = ["Decklist", "Heading", "SECTIONS", "SECTION_NAMES", "clean", "fold", "read_decklist", "read_list"]
