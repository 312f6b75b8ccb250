"""Counts and lists in words: "1 Gig", "2 Gigs", "1 answer", "3 known failures", "d4, d6 and d8"."""
from __future__ import annotations

_IRREGULAR = {"copy": "copies", "ability": "abilities", "family": "families"}


def plural(noun: str, count: int, many: str | None = None) -> str:
    """`noun` as it reads beside `count`: itself for exactly one (or minus one), else its plural: `many` when
    given (a phrase whose noun is not its last word: "Unit in your trash"), else that of its last word
    ("turn start" -> "turn starts"), capitals kept ("Gig" -> "Gigs")."""
    if abs(count) == 1:
        return noun
    if many is not None:
        return many
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in _IRREGULAR:
        many = _IRREGULAR[lower] if last.islower() else _IRREGULAR[lower].capitalize()
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        many = last + "es"
    elif lower.endswith("y") and lower[-2:-1] not in "aeiou":
        many = last[:-1] + "ies"
    else:
        many = last + "s"
    return f"{head} {many}" if head else many


def counted(count: int, noun: str, many: str | None = None) -> str:
    """"1 Gig", "2 Gigs", "0 answers"."""
    return f"{count} {plural(noun, count, many)}"


def with_article(noun: str) -> str:
    """"a Unit", "an Eddie", "a face-down Legend", "an unequipped Unit": "an" before a vowel sound (a "u" read
    as "you", as in Unit and used, takes "a"); "another Unit" for "other Unit"."""
    if noun.startswith("other "):
        return "an" + noun
    first = noun[:1].lower()
    vowel = first in "aeio" or (first == "u" and not noun.lower().startswith(("uni", "use", "usu")))
    return f"{'an' if vowel else 'a'} {noun}"


def listed(items, last: str = "and") -> str:
    """"d4", "d4 and d6", "d4, d6 and d8": the items' words, the last two joined by "and" (or `last`: "or")."""
    words = [str(item) for item in items]
    return f" {last} ".join(filter(None, (", ".join(words[:-1]), words[-1]))) if words else ""
