"""Finding a card by the name a decklist writes: `Name: Subtitle`, `Name, Subtitle`, `Name - Subtitle` or
the plain name when only one card has it (3.9.2: the subtitle is no part of the name), in any case and
punctuation. The name is resolved as everywhere else (judgekit.scenario.card_names), without guessing: a
decklist is a registration, so a prefix or a misspelling is only suggested, never taken."""
from __future__ import annotations

from judgekit.echo import shown
from judgekit.engine.state import CardDef
from judgekit.scenario.card_names import names_of, normal
from judgekit.scenario.pool import Pool


def fold(text: str) -> str:
    """A name as compared: case, curly quotes and runs of spaces do not matter."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split()).casefold()


class CardNames:
    """The pool's cards, found by the names a decklist writes."""

    def __init__(self, pool: Pool):
        self.cards: dict[str, CardDef] = dict(pool.by_full_name)
        self.names = names_of(tuple(self.cards))
        self.longest = max((len(key) for key in self.names.by_normal), default=0) + 8  # however it is written

    def find(self, text: str, suggest: bool = True) -> tuple[CardDef | None, str]:
        """(card, '') or (None, why: no such card, with the nearest names, or the cards a plain name may mean)."""
        if len(normal(text)) > self.longest:  # longer than any card's name: no card, and nothing tried
            return None, f"no card named {shown(text)} in the card pool (longer than any card's name)"
        match = self.names.match(text, guess=False)
        if match.found is not None:
            return self.cards[match.found], ""
        if match.how == "ambiguous":
            options = " or ".join(shown(name) for name in match.candidates)
            return None, f"{shown(text)} names {len(match.candidates)} different cards (the subtitle tells them " \
                         f"apart); write one of {options}"
        close = self.names.suggestions(text)[:3] if suggest else ()
        hint = f"; did you mean {' or '.join(shown(c) for c in close)}?" if close else ""
        return None, f"no card named {shown(text)} in the card pool{hint}"


__all__ = ["CardNames", "fold"]
