"""Cards stated in words as people write them (`alice hand floor it, detonate`, `two psycho squad`), read so that a
word inside a card's name is never taken for a count, a list's separator or a negation: `Three Mouths, One Desire` is
one card, `mtod 12` is asked (one MTOD12 Flathead, or twelve Flatheads?), `no psycho squad` is refused.
"""
from __future__ import annotations

import re
from itertools import combinations

from judgekit.ask.board import AskError
from judgekit.ask.phrasing import names_start
from judgekit.ask.phrasing import NEGATIONS
from judgekit.scenario.card_names import normal

NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                "ten": 10}
SEPARATOR = re.compile(r"\s*,\s*|\s+and\s+|\s*&\s*", re.IGNORECASE)  # between the cards of a list


def listed(text: str) -> bool:
    """Whether the words after an area may list several cards (a comma, `and`, `&`)."""
    return SEPARATOR.search(text) is not None


def segments(text: str, resolves) -> list[str] | None:
    """The cards of a list typed on one line, each as typed: of the ways to cut it at its commas and `and`s into
    parts that each name a card (`resolves(part)`, by name or start, no guessing), the one with fewest parts
    (`three mouths, one desire, floor it`: two cards; `psycho squad and corpo security`: two); None when no way
    does, or two ways with as few parts differ."""
    pieces = SEPARATOR.split(text.strip())
    seps = SEPARATOR.findall(text.strip())
    if len(pieces) < 2 or len(pieces) > 8:
        return None
    for count in range(1, len(pieces) + 1):
        found = []
        for cuts in combinations(range(1, len(pieces)), count - 1):
            bounds = (0, *cuts, len(pieces))
            parts = ["".join(p + (seps[i] if i < b - 1 else "") for i, p in enumerate(pieces[a:b], a))
                     for a, b in zip(bounds, bounds[1:])]
            if all(resolves(part) for part in parts):
                found.append(parts)
        if len(found) == 1:
            return found[0]
        if found:
            return None
    return None


def counted(words: list[str], names) -> list[str]:
    """The words with a count said in a word (`two psycho squad`, `three floor it`) written as a number, unless
    the words start a card's name (`three mouths`: Three Mouths, One Desire)."""
    if len(words) > 1 and words[0].casefold() in NUMBER_WORDS and not names_start(words[:2], names):
        return [str(NUMBER_WORDS[words[0].casefold()]), *words[1:]]
    return words


def check_number_in_name(words: list[str], names) -> None:
    """AskError for a number after a card's words that may be part of its name (`mtod 12`: MTOD12 Flathead, or
    12 copies of a Flathead?), naming both ways to type it."""
    if len(words) < 2 or not words[-1].isdigit():
        return
    joined = normal(words[-2] + words[-1])
    inside = [name for name in names if any(w.startswith(joined) for w in normal(name).split())]
    if inside:
        raise AskError(f"`{' '.join(words[-2:])}`: is the number part of the name ({inside[0]}: type "
                       f"`{' '.join(words[:-2] + [words[-2] + words[-1]])}`) or how many copies (type "
                       f"`{' '.join(words[:-1])} x{words[-1]}`)?")


def check_leading_negation(words: list[str], names) -> None:
    """AskError for a negation before a card's name (`alice field no psycho squad`): a board states the cards
    there, so a card not there is left out."""
    if len(words) > 1 and words[0].casefold() in NEGATIONS and not names_start(words[:2], names):
        raise AskError(f"`{words[0]}` before a card's name: a board lists the cards that are there; to say there is "
                       f"none, state nothing (`undo` takes back one placed)")


def also_meant(typed: str, found: str, how: str, names) -> list[str]:
    """The other cards a name resolved to one card may as well mean, for the judge to choose: a card's whole plain
    name that starts another's (`delamain`: Delamain: Rideshare AI, or Delamain Cab?), a start of a word inside a
    name that is a near spelling of another's word (`lizzie`: Afterparty at Lizzie's, or Lizzy Wizzy?)."""
    import difflib
    said = normal(typed)
    if not said or how not in ("name", "prefix"):
        return []
    if how == "name":
        return [n for n in names if n != found and f"{normal(n)} ".startswith(f"{said} ")]
    if normal(found).startswith(said) or " " in said:  # a start of the name, or of its words in turn: sure
        return []
    return [n for n in names if n != found and any(difflib.SequenceMatcher(None, said, w).ratio() >= 0.7
                                                    for w in normal(n).split())]
