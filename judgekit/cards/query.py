"""Card search: a small query language over the pool's printed facts, in the spirit of Scryfall's.

A query is terms separated by spaces, all of which a card must meet (AND); `-` before a term negates it. There
is no OR and no grouping: a query naming either of two things is two queries.

    t:unit            type (unit, legend, gear, program; `type:` too)
    k:blocker         a printed keyword (`k:"go solo"` or `k:go-solo`; `kw:`, `keyword:`)
    tag:cyberware     a Tag (`tag:"tyger claws"` or `tag:tyger-claws`)
    c:green           colour (`color:`, `colour:`; red, blue, green, yellow)
    cost<=3           cost, power or RAM compared with = : != < <= > >= (a Null cost or no power never compares)
    sell              has a Sell Tag (`is:sell`)
    name:goro         words in the name only; `o:steal` (or `text:`) words in the text judgekit ships only
    goro "go solo"    free words and quoted phrases: in the name or the text

The text searched is judgekit's own paraphrase of each shipped effect, the printed keywords, and the game's terms
the effects use (judgekit.cards.terms): the card list judgekit carries holds no printed text.
"""
from __future__ import annotations

import operator
import re
import shlex
from dataclasses import dataclass
from typing import Callable, Iterable

from judgekit.engine.card_definition import CardDef
from judgekit.scenario.card_names import without_accents

TYPES = ("unit", "legend", "gear", "program")
COLOURS = ("red", "blue", "green", "yellow")
_NUMBERS = {"cost": "cost", "power": "power", "ram": "ram", "pow": "power", "cmc": "cost"}
_COMPARE = {"<=": operator.le, ">=": operator.ge, "!=": operator.ne, "<": operator.lt, ">": operator.gt,
            "=": operator.eq, ":": operator.eq}
_NUMERIC = re.compile(r"^(?P<field>[a-z]+)(?P<op><=|>=|!=|<|>|=|:)(?P<value>.*)$")
_KEYS = {"t": "type", "type": "type", "k": "keyword", "kw": "keyword", "keyword": "keyword", "tag": "tag",
         "c": "colour", "color": "colour", "colour": "colour", "is": "is", "name": "name", "n": "name",
         "o": "text", "text": "text"}
# Comparison signs people type that the language writes otherwise.
_OTHER_SIGNS = {"≥": ">=", "=>": ">=", "≤": "<=", "=<": "<=", "≠": "!=", "<>": "!=", "==": "="}
_SIGNED = re.compile(r"^(?P<field>[a-z]+)(?P<op>[^\w\s\"']+)")
NO_OR = "the query language has no OR nor parentheses: all its terms are required"
HELP = ("filters: t:TYPE, k:KEYWORD, tag:TAG, c:COLOUR, cost/power/ram with = != < <= > >=, sell, "
        "name:WORD, o:WORD, free words; '-' negates a term")


class QueryError(ValueError):
    """A query judgekit cannot read; the message says which term and why."""


Test = Callable[[CardDef], bool]


@dataclass(frozen=True)
class Term:
    """One term of a query: what was written, and the test a card must pass (or fail, when negated)."""

    written: str
    test: Test
    negated: bool = False
    names: tuple[str, str] | None = None  # ("keyword" or "tag", the value squashed): checked against the pool

    def holds(self, card: CardDef) -> bool:
        return self.test(card) != self.negated


def _squash(text: str) -> str:
    """Case, spaces, hyphens and underscores ignored: `go-solo`, `GO SOLO` and `gosolo` are the same."""
    return re.sub(r"[\s_\-]+", "", text.casefold())


_TEXTS: dict[int, tuple[CardDef, str]] = {}  # each card's text, worked out once per process (the pool's 151 cards)


def card_text(card: CardDef) -> str:
    """What free words search besides the name: the paraphrased effects judgekit ships, the keywords, what its
    text does to its own cost, and the game terms its effects use (judgekit.cards.terms), since a paraphrase need
    not use the word a judge types; terms are kept apart (` | `), so that no phrase runs from one into the next."""
    kept = _TEXTS.get(id(card))
    if kept is None or kept[0] is not card:
        kept = _TEXTS[id(card)] = card, _card_text(card)
    return kept[1]


def _card_text(card: CardDef) -> str:
    from judgekit.cards.terms import cost_words, game_terms
    effects = card.printed_effects
    texts = [e.text for e in effects] + [m.text for e in effects for m in e.modes] + cost_words(card.play_cost)
    return " | ".join([*texts, *card.keywords, *card.bottom_keywords, *game_terms(card)]).casefold()


def _plain(text: str) -> str:
    """Case and accents ignored: `alvarez` is Álvarez."""
    return without_accents(text).casefold()


# A word's irregular forms, each finding the others (`o:stole` finds "steals", `o:steal` finds "stolen"); a
# regular one is found by its start already (`o:equip` finds "equipped").
_INFLECTED = dict.fromkeys(("steal", "steals", "stealing", "stole", "stolen"), "(?:steal|stole)")


def _words_in(where: Callable[[CardDef], str], words: str) -> Test:
    """Words that start words of the text (`o:ready` is not in "already", `ram` not in "Program"); a word of one
    or two letters whole (`n:v` is V, `ai` is AI); a phrase as written, from a word's start; accents aside."""
    wanted = _plain(words)
    if not wanted.strip():
        return lambda card: True
    phrase = r"[\s-]+".join(_INFLECTED.get(word, re.escape(word))  # go-solo, go solo
                            for word in re.split(r"[\s-]+", wanted.strip()))
    pattern = re.compile(r"(?<!\w)" + phrase + (r"(?!\w)" if len(wanted) <= 2 else ""))
    return lambda card: pattern.search(_plain(where(card))) is not None


def _name(card: CardDef) -> str:
    return card.full_name.casefold()


def _name_or_text(card: CardDef) -> str:
    return _name(card) + "\n" + card_text(card)


def _one_of(value: str, known: Iterable[str], what: str, written: str) -> str:
    """The known value a query names, by its full word or a unique start of it."""
    value = value.casefold()
    found = [k for k in known if k == value] or [k for k in known if k.startswith(value)]
    if len(found) != 1:
        raise QueryError(f"{written!r}: {value!r} is not a {what} (one of {', '.join(known)})")
    return found[0]


def _keyed(key: str, value: str, written: str) -> Test:
    if not value:
        raise QueryError(f"{written!r}: `{key}:` needs a value")
    kind = _KEYS[key]
    if kind == "type":
        wanted = _one_of(value, TYPES, "card type", written).title()
        return lambda card: wanted in card.types
    if kind == "colour":
        colour = _one_of(value, COLOURS, "colour", written).title()
        return lambda card: (card.color or "") == colour
    if kind == "keyword":
        keyword = _squash(value)
        return lambda card: any(_squash(k) == keyword for k in (*card.keywords, *card.bottom_keywords))
    if kind == "tag":
        tag = _squash(value)
        return lambda card: any(_squash(t) == tag for t in card.tags)
    if kind == "is":
        if value.casefold() not in ("sell", "selltag", "sell-tag"):
            raise QueryError(f"{written!r}: `is:` knows only `is:sell` (a Sell Tag)")
        return lambda card: card.sell_tag
    return _words_in(_name if kind == "name" else card_text, value)


def _numeric(field: str, op: str, value: str, written: str) -> Test:
    try:
        number = int(value)
    except ValueError:
        raise QueryError(f"{written!r}: {field} is compared with a whole number, not {value!r}") from None
    attribute, compare = _NUMBERS[field], _COMPARE[op]

    def test(card: CardDef) -> bool:
        have = getattr(card, attribute)
        return have is not None and compare(have, number)
    return test


def _refuse(token: str, body: str) -> None:
    """QueryError for a term of another query language, or with nothing to look for."""
    if token.upper() in ("AND", "&&"):
        raise QueryError(f"{token!r}: all the terms of a query are required already; leave {token} out")
    if token.upper() in ("OR", "||", "|"):
        raise QueryError(f"{token!r}: {NO_OR}; for either of two things, run one query for each "
                         f"(judgekit cards power>=5, then judgekit cards cost<=1)")
    if (body.startswith("(") or body.endswith(")")) and not any(c.isspace() for c in body):  # quoted: a phrase
        raise QueryError(f"{token!r}: {NO_OR}; write the terms side by side, without parentheses "
                         f"(t:unit k:blocker); a name with parentheses goes in quotes: '\"(Don't Fear) The Reaper\"'")
    signed = _SIGNED.match(body.casefold())
    if signed and signed["op"][:-1] in _COMPARE and signed["op"][-1] in "+-" and body[signed.end():].isdigit():
        signed = None  # a signed number: cost=-1, power>=+5
    if signed and signed["field"] in _NUMBERS and signed["op"] not in _COMPARE:
        instead = _OTHER_SIGNS.get(signed["op"])
        raise QueryError(f"{token!r}: {signed['op']!r} is no comparison here; "
                         + (f"write {signed['field']}{instead}{body[signed.end():]}" if instead
                            else "use one of = != < <= > >= (e.g. cost<=3)"))
    if not re.search(r"[\w€]", body):  # `€$`, the game's money, is something to look for
        raise QueryError(f"{token!r}: a term with nothing to look for (no letter or digit); {HELP}")


def _term(token: str) -> Term:
    negated = token.startswith("-") and len(token) > 1
    body = token[1:] if negated else token
    _refuse(token, body)
    numeric = _NUMERIC.match(body.casefold())
    if numeric and numeric["field"] in _NUMBERS:
        return Term(token, _numeric(numeric["field"], numeric["op"], numeric["value"], token), negated)
    key, colon, value = body.partition(":")
    if colon and key.casefold() in _KEYS:
        kind = _KEYS[key.casefold()]
        names = (kind, _squash(value)) if kind in ("keyword", "tag") and value else None
        return Term(token, _keyed(key.casefold(), value, token), negated, names)
    if colon and re.fullmatch(r"[a-z]+", key.casefold()):
        raise QueryError(f"{token!r}: unknown filter `{key}:`; {HELP}")
    if numeric and numeric["op"] != ":":  # `p>=4`: a comparison of something that is no number of a card
        raise QueryError(f"{token!r}: unknown number `{numeric['field']}`; {HELP}")
    if body.casefold() == "sell":
        return Term(token, lambda card: card.sell_tag, negated)
    return Term(token, _words_in(_name_or_text, body), negated)


_MORE_TERMS = re.compile(r"\s-?[A-Za-z]+(?::|<=|>=|!=|=|<|>)")  # a word holding a query of several terms


def joined(words: list[str]) -> str:
    """A query given as several shell words, as one query: a word the shell kept whole keeps its spaces
    (`k:"go solo"` arrives as `k:go solo` and stays one term) unless it holds further terms (`'t:unit
    k:blocker' c:blue`: a query quoted whole beside another word); a single word is the whole query as written."""
    if len(words) == 1:
        return words[0]
    out = []
    for word in words:
        if not any(c.isspace() for c in word) or _MORE_TERMS.search(word):  # `'t:unit k:blocker' c:blue`
            out.append(word)
            continue
        key = re.match(r"^-?[A-Za-z]+:", word)
        out.append(word[:key.end()] + shlex.quote(word[key.end():]) if key else shlex.quote(word))
    return " ".join(out)


# A comparison written with spaces (`cost <= 3`, `power >= -1`), read as one term.
_SIGNS = "|".join(re.escape(sign) for sign in sorted((*_COMPARE, *_OTHER_SIGNS), key=len, reverse=True))
_SPACED = re.compile(rf"(?<![\w:\"'])(-?(?:{'|'.join(_NUMBERS)}))\s*({_SIGNS})\s*(?=[-+]?\d)", re.IGNORECASE)
_APOSTROPHE = "\x00"  # kept aside while quotes are read: `lizzie's`, `o:don't`, `rockn'`


def _split(query: str) -> list[str]:
    """The query's words, quotes grouping as in a shell; an apostrophe inside a word (`lizzie's`) is no quote,
    nor is a lone one (`rockn'`), when reading it as one leaves a quote unclosed."""
    kept = re.sub(r"(?<=[A-Za-z])'(?=[A-Za-z])", _APOSTROPHE, query)
    try:
        words = shlex.split(kept)
    except ValueError:
        if "'" not in kept:
            raise
        words = shlex.split(kept.replace("'", _APOSTROPHE))
    return [word.replace(_APOSTROPHE, "'") for word in words]


def _unclosed(query: str) -> str | None:
    """The term a quote left open starts, in words (None when no quote is open)."""
    opened, start = None, 0
    for n, char in enumerate(query):
        if opened is None and char in "\"'":
            opened, start = char, n
        elif char == opened:
            opened = None
    if opened is None:
        return None
    begin = max(query.rfind(" ", 0, start), query.rfind("\t", 0, start)) + 1
    term = query[begin:].split(None, 1)[0] if query[begin:].strip() else query[begin:]
    return f"{term!r}: its quote {opened} is never closed; close it, or leave the quote out"


def parse(query: str) -> list[Term]:
    """The terms of a query; QueryError for an empty query, an unclosed quote or an unreadable term."""
    if len(query) > 1000:
        raise QueryError("a query is at most 1000 characters")
    try:
        tokens = _split(_SPACED.sub(r"\1\2", query))
    except ValueError as error:
        raise QueryError(_unclosed(query) or f"cannot read the query: {error}") from None
    if not tokens:
        raise QueryError(f"an empty query; {HELP}")
    return [_term(token) for token in tokens]


def search(query: str, cards: Iterable[CardDef]) -> list[CardDef]:
    """The cards meeting every term of the query, in the pool's order; QueryError for a keyword or Tag no card
    of the pool has (`k:flying` is another game's; a silent "0 cards" would read as an answer)."""
    terms = parse(query)
    cards = list(cards)
    for term in terms:
        if term.names is None:
            continue
        known = {k for c in cards for k in ((*c.keywords, *c.bottom_keywords) if term.names[0] == "keyword"
                                            else c.tags)}
        if term.names[1] not in {_squash(k) for k in known}:
            listed = ", ".join(sorted(k.lower() for k in known))
            raise QueryError(f"{term.written!r}: no card has that {term.names[0]}; the pool's {term.names[0]}s: "
                             f"{listed}")
    return [card for card in cards if all(term.holds(card) for term in terms)]
