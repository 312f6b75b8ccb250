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
from judgekit.scenario.pool import Pool, build_pool
from judgekit.scenario.yaml_lines import InputError, Problem, read_text

_LINE = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<name>\S.*?)\s*$")


def read_decklist(path: Path, pool: Pool | None = None) -> list[DeckEntry]:
    """Every card line of the file; raise InputError listing every bad line (file, line, why)."""
    pool = pool or build_pool([])
    text = read_text(path)
    entries, problems = [], []
    sideboard = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if line.rstrip(":").strip().casefold() == "sideboard":
            sideboard = True
            continue
        if not line or (line.endswith(":") and not line[0].isdigit()):
            sideboard = sideboard and not line
            continue
        match = _LINE.match(line)
        if match is None:
            problems.append(Problem(str(path), number, "", f"expected `COUNT Name: Subtitle`, got {line!r}"))
            continue
        count = int(match["count"])
        if count < 1:
            problems.append(Problem(str(path), number, "", "a count is at least 1"))
            continue
        card, why = pool.lookup(match["name"])
        if card is None:
            problems.append(Problem(str(path), number, "", why))
            continue
        entries.append(DeckEntry(count, card, number, sideboard))
    if problems:
        raise InputError(problems)
    if not entries:
        raise InputError([Problem(str(path), None, "", "the decklist names no cards")])
    return entries
