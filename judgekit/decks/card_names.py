"""Finding a card by the name a decklist writes: `Name: Subtitle`, `Name, Subtitle`, `Name - Subtitle` or
the plain name when only one card has it (3.9.2: the subtitle is no part of the name), in any case and
punctuation. The name is resolved as everywhere else (judgekit.scenario.card_names), without guessing: a
decklist is a registration, so a prefix or a misspelling is only suggested, never taken."""
from __future__ import annotations

import re
from functools import cache

from judgekit.echo import shown
from judgekit.engine.card_definition import CardDef
from judgekit.resources import printed_cards
from judgekit.scenario.card_names import names_of, normal
from judgekit.scenario.pool import Pool


def fold(text: str) -> str:
    """A name as compared: case, curly quotes and runs of spaces do not matter."""
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    return " ".join(text.split()).casefold()


_NOTE = re.compile(r"^(?P<name>.*\S)\s*[(\[](?P<note>[^()\[\]]+)[)\]]$")  # `Name (Subtitle)`, `Name [WNC-076]`
_CARD_NUMBER = re.compile(r"^(?P<set>[a-z0-9]*[a-z][a-z0-9]*(?:-[a-z0-9]+)*)[- ]+(?P<number>\d{1,4})$")  # WNC-076


class CardNames:
    """The pool's cards, found by the names a decklist writes."""

    def __init__(self, pool: Pool):
        self.cards: dict[str, CardDef] = dict(pool.by_full_name)
        self.names = names_of(tuple(self.cards))
        self.printings = pool.printings
        self.longest = max((len(key) for key in self.names.by_normal), default=0) + 8  # however it is written

    def find(self, text: str, suggest: bool = True) -> tuple[CardDef | None, str]:
        """(card, '') or (None, why: no such card, with the nearest names, or the cards a plain name may mean)."""
        if len(normal(text)) > self.longest:  # longer than any card's name: no card, and nothing tried
            return None, f"no card named {shown(text)} in the card pool (longer than any card's name)"
        match = self.names.match(text, guess=False)
        if match.found is not None:
            return self.cards[match.found], ""
        noted = self._noted(text)
        if isinstance(noted, str):
            return None, noted
        if noted is not None:
            return noted, ""
        if match.how == "ambiguous":
            options = " or ".join(shown(name) for name in match.candidates)
            return None, f"{shown(text)} names {len(match.candidates)} different cards (the subtitle tells them " \
                         f"apart); write one of {options}"
        close = self.names.suggestions(text)[:3] if suggest else ()
        hint = f"; did you mean {' or '.join(shown(c) for c in close)}?" if close else ""
        return None, f"no card named {shown(text)} in the card pool{hint}"


    def _noted(self, text: str) -> CardDef | str | None:
        """The card of a name with a bracketed note after it, as deck builders export them: the subtitle
        (`Goro Takemura (Hands Unclean)`), the card's number (`Corpo Security (WNC-076)`; 7.3.3 counts every
        printing of a card as that card) or a printing an erratum names (`(Beta Iconic)`). Why not, for a number
        that is another card's; None when the note is none of these."""
        written = _NOTE.match(text)
        if written is None:
            return None
        name, note = written["name"], fold(written["note"])
        match = self.names.match(f"{name}: {written['note']}", guess=False)
        if match.found is not None:
            return self.cards[match.found]
        match = self.names.match(name, guess=False)
        number = _CARD_NUMBER.match(note)
        if match.found is None and match.how == "ambiguous" and number is not None:  # the number tells them apart
            numbered = [c for c in match.candidates if _numbered(c, number)]
            return self.cards[numbered[0]] if len(numbered) == 1 else None
        if match.found is None:
            return None
        if note in {fold(p.replace("-", " ")) for p in self.printings.get(match.found, {})}:
            return self.cards[match.found]
        if number is None:
            return None
        if _numbered(match.found, number):
            return self.cards[match.found]
        set_code, printed = card_numbers().get(match.found, ("", 0))
        return f"{shown(written['note'])} is not {match.found}'s card number ({set_code.upper()} {printed})"


def _numbered(full_name: str, number: re.Match) -> bool:
    """Whether the card's printed set and number are the ones written (`WNC-076`, `MS01-WNC 76`)."""
    set_code, printed = card_numbers().get(full_name, ("", 0))
    return int(number["number"]) == printed and set(re.split(r"[- ]+", number["set"])) <= set(set_code.split("-"))


@cache
def card_numbers() -> dict[str, tuple[str, int]]:
    """Each shipped card's set and number, as printed (`ms01-wnc`, 76), for a number a decklist writes."""
    return {f"{c['name']}: {c['subtitle']}" if c["subtitle"] else c["name"]: (c["set"].casefold(), c["number"])
            for c in printed_cards()}


__all__ = ["CardNames", "fold"]
