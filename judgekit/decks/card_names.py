"""Finding a card by the name a decklist writes: `Name: Subtitle`, `Name, Subtitle`, `Name - Subtitle` or
the plain name when only one card has it (3.9.2: the subtitle is no part of the name), in any case."""
from __future__ import annotations

import difflib
import re

from judgekit.echo import SUGGEST_LIMIT, shown
from judgekit.engine.state import CardDef
from judgekit.scenario.pool import Pool

_SEPARATORS = re.compile(r"\s*:\s*|,\s+|\s+-\s+")


def fold(text: str) -> str:
    """A name as compared: case, curly quotes and runs of spaces do not matter."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split()).casefold()


class CardNames:
    """The pool's cards by folded full name and by folded plain name."""

    def __init__(self, pool: Pool):
        self.by_full: dict[str, CardDef] = {}
        self.by_name: dict[str, list[CardDef]] = {}
        for card in pool.by_full_name.values():
            self.by_full[fold(card.full_name)] = card
            self.by_name.setdefault(fold(card.name), []).append(card)
        self.full_names = sorted(card.full_name for card in self.by_full.values())
        self.longest = max((len(key) for key in self.by_full), default=0) + 8  # a card name, however it is written

    def find(self, text: str, suggest: bool = True) -> tuple[CardDef | None, str]:
        """(card, '') or (None, why: no such card, with the nearest names, or the cards a plain name may mean)."""
        folded = fold(text)
        if len(folded) > self.longest:  # longer than any card's name: no card, and no split tried (a long line)
            return None, f"no card named {shown(text)} in the card pool (longer than any card's name)"
        if folded in self.by_full:
            return self.by_full[folded], ""
        same = self.by_name.get(folded, [])
        if len(same) == 1:
            return same[0], ""
        if same:
            options = " or ".join(repr(card.full_name) for card in sorted(same, key=lambda c: c.full_name))
            return None, f"{shown(text)} names {len(same)} different cards (the subtitle tells them apart); " \
                         f"write one of {options}"
        for split in _SEPARATORS.finditer(folded):
            name, subtitle = folded[:split.start()], folded[split.end():]
            card = self.by_full.get(f"{name}: {subtitle}")
            if card is not None:
                return card, ""
        close = self.suggest(text) if suggest else []
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
        return None, f"no card named {shown(text)} in the card pool{hint}"

    def suggest(self, text: str) -> list[str]:
        """Up to three full names closest to the text (read with any separator as `: `)."""
        if len(text) > SUGGEST_LIMIT:
            return []
        folded = _SEPARATORS.sub(": ", fold(text))
        keys = {fold(name): name for name in self.full_names}
        close = difflib.get_close_matches(folded, list(keys), n=3, cutoff=0.6)
        if len(close) < 3:
            plain = difflib.get_close_matches(folded, list(self.by_name), n=3, cutoff=0.75)
            close += [fold(c.full_name) for name in plain for c in self.by_name[name] if fold(c.full_name) not in close]
        return [keys[key] for key in close[:3]]
