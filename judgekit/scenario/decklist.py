"""Reading a decklist: plain text, one card per line as `3 Name: Subtitle` (or `3x Name`).

Blank lines, `#` comments and heading lines ending in `:` (such as `Legends:`) are skipped. A heading
line `Sideboard` (or `Sideboard:`, any case) starts the sideboard: the cards after it, up to the next
heading, are sideboard cards (checked by `--format constructed` or `sealed`). Cards come from the shipped
pool and from the `cards:` of an optional scenario file.
"""
from __future__ import annotations

import re
from pathlib import Path

from judgekit.engine.decks import DeckEntry
from judgekit.echo import shown
from judgekit.scenario.pool import Pool, build_pool
from judgekit.scenario.yaml_lines import InputError, Problem, read_text

_LINE = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>\S.*?)\s*$")


MAX_BYTES = 256 * 1024  # a decklist of 53 cards is about 2 KB
MAX_LINES = 1000  # lines read; a list of every card of the pool, one per line, is 151
MAX_PROBLEMS = 50  # problems listed; the rest are counted in one closing line
MAX_COUNT = 99  # copies on one line; a legal deck has at most 3 (7.3)


def read_decklist(path: Path, pool: Pool | None = None) -> list[DeckEntry]:
    """Every card line of the file; raise InputError listing every bad line (file, line, why)."""
    pool = pool or build_pool([])
    text = read_text(path, MAX_BYTES)
    entries, problems = [], []
    sideboard = False
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        raise InputError([Problem(str(path), MAX_LINES + 1, "", f"a decklist has at most {MAX_LINES} lines; this "
                                                                f"one has {len(lines)}")])
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if line.rstrip(":").strip().casefold() == "sideboard":
            sideboard = True
            continue
        if not line or (line.endswith(":") and not line[0].isdigit()):
            sideboard = sideboard and not line
            continue
        match = _LINE.match(line)
        if match is None:
            problems.append(Problem(str(path), number, "", f"expected `COUNT Name: Subtitle`, got {shown(line)}"))
            continue
        digits = match["count"].lstrip("0") or "0"
        count = int(digits) if len(digits) <= 3 else MAX_COUNT + 1
        if not 1 <= count <= MAX_COUNT:
            problems.append(Problem(str(path), number, "", f"a count is 1 to {MAX_COUNT}, not {shown(digits)[1:-1]}"))
            continue
        card, why = pool.lookup(match["name"], suggest=len(problems) < MAX_PROBLEMS)
        if card is None:
            problems.append(Problem(str(path), number, "", why))
            continue
        entries.append(DeckEntry(count, card, number, sideboard))
    if len(problems) > MAX_PROBLEMS:
        rest = problems[MAX_PROBLEMS:]
        problems = problems[:MAX_PROBLEMS] + [Problem(str(path), rest[0].line, "", f"and {len(rest)} more problems "
                                                                                 f"on lines {rest[0].line} to "
                                                                                 f"{rest[-1].line}")]
    if problems:
        raise InputError(problems)
    if not entries:
        raise InputError([Problem(str(path), None, "", "the decklist names no cards")])
    return entries
