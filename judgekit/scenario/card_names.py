"""A card named as people type it: its full name, its plain name, a unique prefix, or a close misspelling.

One resolver for every place a card is named by hand: a scenario's board, `judgekit card NAME`, the
completion of `judgekit ask`, and, without guessing (a prefix or a misspelling is only suggested), a
decklist's lines and the FAQ's card names. A name that fits several cards is never guessed: the caller
gets the candidates and reports them (an input error in a scenario).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

MIN_PREFIX = 3  # fewer typed characters are never taken as a prefix ('V' is a card's plain name)
FUZZY_ACCEPT = 88  # score (0-100) a misspelling must reach to be accepted without asking
FUZZY_MARGIN = 6  # ... and by how much it must beat every other card
FUZZY_SUGGEST = 60  # score from which a card is offered as "did you mean"

_NOT_WORD = re.compile(r"[^\w]+")


def without_accents(text: str) -> str:
    """The text with its accents dropped ('Álvarez' -> 'Alvarez')."""
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@lru_cache(maxsize=4096)
def normal(name: str) -> str:
    """A name as compared: case, accents, apostrophes and other punctuation ignored, spaces collapsed
    ('V: Streetkid' -> 'v streetkid', "(Don't Fear) The Reaper" -> 'dont fear the reaper', 'Les Élémens' ->
    'les elemens')."""
    folded = without_accents(name.casefold().replace("'", "").replace("\u2019", ""))
    return " ".join(_NOT_WORD.sub(" ", folded).split())


@dataclass(frozen=True)
class NameMatch:
    """What a written name resolves to: one full name (`found`), or the candidates it could mean."""

    written: str
    found: str | None = None
    how: str = "none"  # exact, name, prefix, fuzzy; or ambiguous, none
    candidates: tuple[str, ...] = ()

    def problem(self) -> str:
        """Why the name resolves to no single card, naming the candidates (empty when it resolved)."""
        from judgekit.echo import shown
        if self.found is not None:
            return ""
        if self.how == "ambiguous":
            listed = ", ".join(shown(c) for c in self.candidates[:10])  # a scenario's own cards may be long
            more = f" and {len(self.candidates) - 10} more" if len(self.candidates) > 10 else ""
            return f"{shown(self.written)} could be any of {len(self.candidates)} cards ({listed}{more}); write one of them"
        hint = f"; did you mean {' or '.join(shown(c) for c in self.candidates[:3])}?" if self.candidates else \
            "; define it under `cards:` if it is not in the pool"
        return f"no card named {shown(self.written)} in the card pool or the scenario's cards{hint}"


class Names:
    """Card full names ('Name' or 'Name: Subtitle') indexed by the form they are compared in: the full name and
    the plain name, case and punctuation ignored."""

    def __init__(self, full_names: Iterable[str]):
        self.names = list(dict.fromkeys(full_names))
        self.known = frozenset(self.names)
        self.by_normal: dict[str, list[str]] = {}
        for name in self.names:
            for key in dict.fromkeys((normal(name), normal(name.split(":", 1)[0]))):
                self.by_normal.setdefault(key, []).append(name)

    def match(self, written: str, limit: int = 200, guess: bool = True) -> NameMatch:
        """Resolve `written`, in this order: the exact full name; the full or plain name ignoring case and
        punctuation (`goro takemura, hands unclean`); then, when `guess` is on, a prefix of at least MIN_PREFIX
        characters (of the name, else of one of its words: `takemura`, `blades`; the one name it is whole words of
        first: `corpo` is Corpo Security, not Corporate Surveillance) and a close misspelling (of the
        whole name or of its start) that clearly beats every other card. Several cards at the first step that
        finds any make the name ambiguous. Without `guess`, a name that is no card's resolves to none."""
        if written in self.known:
            return NameMatch(written, written, "exact")
        typed = normal(written)
        if not typed or len(written) > limit:
            return NameMatch(written)
        same = self.by_normal.get(typed)
        if same:
            return _one_or_many(written, same, "name")
        return _guess(written, typed, self.names) if guess else NameMatch(written)

    def suggestions(self, written: str, limit: int = 200) -> tuple[str, ...]:
        """The full names to offer for a name no card has ("did you mean"): those a person typing it would be
        taken to mean (a prefix, a close misspelling), best first."""
        guessed = self.match(written, limit)
        return (guessed.found,) if guessed.found else guessed.candidates


@lru_cache(maxsize=8)
def names_of(full_names: tuple[str, ...]) -> Names:
    """The Names of these full names, kept for the process: a pool's names are the same from one lookup to the
    next (the shipped pool, or it with a scenario's own cards)."""
    return Names(full_names)


def match_name(written: str, full_names: Iterable[str], limit: int = 200, guess: bool = True) -> NameMatch:
    """`written` resolved among `full_names` as `Names.match` does: as a person types a card's name."""
    return names_of(tuple(full_names)).match(written, limit, guess)


def _guess(written: str, typed: str, names: list[str]) -> NameMatch:
    if len(typed) >= MIN_PREFIX:
        starting = [n for n in names if normal(n).startswith(typed)]
        whole = [n for n in starting if f"{normal(n)} ".startswith(f"{typed} ")]
        if len(whole) == 1:  # whole words of one name beat a start of another's word: `corpo` is Corpo Security
            return NameMatch(written, whole[0], "prefix")
        if starting:
            return _one_or_many(written, starting, "prefix")
        inside = [n for n in names if f" {typed}" in f" {normal(n)}"]
        if inside:
            return _one_or_many(written, inside, "prefix")
        words = typed.split()
        if len(words) > 1:  # `adam ender`, `alt soulkiller`: each word starts one of the name's, in order
            starting_words = [n for n in names if _starts_words(words, normal(n).split())]
            if starting_words:
                return _one_or_many(written, starting_words, "prefix")
    return _fuzzy(written, typed, names)


def _starts_words(typed: list[str], words: list[str]) -> bool:
    """Whether each typed word starts one of `words`, in the same order."""
    rest = iter(words)
    return all(any(word.startswith(part) for word in rest) for part in typed)


def _one_or_many(written: str, found: list[str], how: str) -> NameMatch:
    if len(found) == 1:
        return NameMatch(written, found[0], how)
    return NameMatch(written, None, "ambiguous", tuple(sorted(found)))


def _fuzzy(written: str, typed: str, names: list[str]) -> NameMatch:
    """A misspelt name or a misspelt start of one: accepted only when one card clearly scores best."""
    from rapidfuzz import fuzz
    scored = []
    for name in names:
        whole = normal(name)
        start = whole[:len(typed)] if len(typed) >= MIN_PREFIX else whole
        scored.append((max(fuzz.ratio(typed, whole), fuzz.ratio(typed, normal(name.split(":", 1)[0])),
                           fuzz.ratio(typed, start) - 2), name))  # a start counts a little less than a whole name
    scored.sort(key=lambda s: (-s[0], s[1]))
    if not scored or scored[0][0] < FUZZY_SUGGEST:
        return NameMatch(written)
    best = scored[0][0]
    if best >= FUZZY_ACCEPT:
        near = [name for score, name in scored if score > best - FUZZY_MARGIN]
        return _one_or_many(written, near, "fuzzy")
    return NameMatch(written, None, "none", tuple(name for score, name in scored[:3] if score >= FUZZY_SUGGEST))


def near_too(written: str, found: str, full_names: Iterable[str]) -> tuple[str, ...]:
    """The other cards a one-word name guessed as `found` may as well mean: when the word is only part of a word
    of `found`'s name (`lizzie` in Afterparty at Lizzie's), the cards with a word spelt nearly so (the same first
    four letters, at most two letters off, not a start of the typed word: Lizzy Wizzy)."""
    from rapidfuzz.distance import Levenshtein
    typed = normal(written)
    if len(typed) < 4 or " " in typed or typed in normal(found).split():
        return ()
    return tuple(name for name in dict.fromkeys(full_names) if name != found and any(
        word[:4] == typed[:4] and not typed.startswith(word) and Levenshtein.distance(typed, word) <= 2
        for word in normal(name).split()))


def completions(typed: str, full_names: Iterable[str], limit: int = 12) -> list[str]:
    """Full names to offer for what has been typed so far: those it starts, else those it starts a word of,
    else the closest misspellings (`goro` offers the three Goro Takemura cards)."""
    names = sorted(dict.fromkeys(full_names))
    text = normal(typed)
    if not text:
        return names[:limit]
    starting = [n for n in names if normal(n).startswith(text)]
    if starting:
        return starting[:limit]
    match = match_name(typed, names)
    return [match.found] if match.found else list(match.candidates)[:limit]
