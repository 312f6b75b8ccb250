"""Disputed points: which rulings turn on a question recorded as contested in the shipped corpus.

Each scenario of `scenarios/contested/` that declares `disputed: {point, follows, when}` names the
steps that show a ruling applies the disputed point: every pattern of `when` must be met by some
step of the ruling (a step citing all the pattern's rules, naming its card and containing its words
when those are given; a pattern `{any: [...]}` by any one of its steps), and no pattern of `unless` (steps
showing it is not the disputed case). A pattern names the step where the disputed point acted on the board
(a card sold, a Unit other than the chosen one meeting the event), so that a ruling neither reading changes is
not flagged: a step announcing a card's text as it starts to resolve (kind `resolve`) meets no pattern, since
playing the card does not show the disputed step happened.
A ruling meeting them is flagged with the point, the reading judgekit follows and the others, with
who holds each; a ruling meeting none is not flagged. Nothing here changes a ruling.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

CORPUS = "contested_corpus"
Step = tuple[tuple[str, ...], str | None, str | None]  # a step a pattern looks for: (rule ids or numbers, card, says)
ANNOUNCES = "resolve"  # the step kind that tells what a card or effect will do, not what it did


@dataclass(frozen=True)
class Dispute:
    """One disputed point, as its contested scenario records it."""

    scenario: str  # the contested scenario's title
    file: str  # e.g. scenarios/contested/gear-of-a-bottom-decked-legend.yaml
    point: str
    follows: str
    readings: tuple[tuple[str, str], ...]  # (held_by, note) of every reading, judgekit's included
    when: tuple[tuple[Step, ...], ...]  # per pattern, its alternatives (one unless `any`)
    unless: tuple[tuple[Step, ...], ...] = ()  # patterns any one of which clears it
    board_words: frozenset[str] = frozenset()  # its players' and cards' names, as a note on its board writes them
    edition: str | None = None  # the edition its rule numbers are written in (its `edition:`; None: judgekit's default)


@lru_cache(maxsize=1)
def shipped_disputes() -> tuple[Dispute, ...]:
    """The disputes the shipped contested scenarios declare (a missing corpus has none). Read once per process,
    from judgekit's cache when the files are unchanged (reading their YAML is most of a cold ruling's share)."""
    from judgekit.cache import cached
    from judgekit.resources import MissingData, folder
    try:
        root = folder(CORPUS)
    except MissingData:
        return ()
    paths = sorted(root.glob("*.yaml"))
    return cached("disputes", [*paths, Path(__file__)],
                  lambda: tuple(d for path in paths if (d := _read(path)) is not None), tuple[Dispute, ...])


def _read(path: Path) -> Dispute | None:
    from judgekit import yaml_data
    text = path.read_text(encoding="utf-8")
    if "\ndisputed:" not in text:
        return None
    data = yaml_data.load(text)
    spec = data["disputed"]
    return Dispute(scenario=str(data["scenario"]), file=f"scenarios/contested/{path.name}", point=spec["point"],
                   follows=spec["follows"],
                   readings=tuple((c["held_by"], " ".join(str(c.get("note", "")).split())) for c in data["contested"]),
                   when=_patterns(spec["when"]), unless=_patterns(spec.get("unless", ())),
                   board_words=_board_words(data), edition=data.get("edition"))


def _board_words(data: dict) -> frozenset[str]:
    """The names a note on the scenario's board may speak of: its players (`Bob`), its cards' plain names and
    their words of four letters or more (`Maelstrom Goons`, `Goons`), its own cards' too."""
    names = [str(c.get("name", "")) for c in data.get("cards") or [] if isinstance(c, dict)]
    for player in (data.get("players") or {}).values():
        for entries in (player or {}).values() if isinstance(player, dict) else ():
            for entry in entries if isinstance(entries, list) else ():
                names.append(str(entry.get("card", "")) if isinstance(entry, dict) else str(entry))
    plain = {name.split(":", 1)[0].strip() for name in names if name}
    return frozenset({p.capitalize() for p in data.get("players") or {}} | plain |
                     {word for name in plain for word in name.split() if len(word) >= 4 and word[:1].isupper()})


def of_its_board(file: str, note: str, here: frozenset[str] = frozenset()) -> bool:
    """Whether a reading's note speaks of the board its contested scenario records (`Bob may choose ... the Goons`)
    rather than in general terms or of cards also on this board (`here`: their full names), so that a ruling on
    another board does not tell it as its own. A player named is always of its board, where roles may differ."""
    import re
    dispute = next((d for d in shipped_disputes() if d.file == file), None)
    if dispute is None:
        return False
    plain = {name.split(":", 1)[0].strip() for name in here}
    seen = plain | {word for name in plain for word in name.split()}
    return any(re.search(rf"(?<!\w){re.escape(word)}(?!\w)", note) for word in dispute.board_words - seen)


def _patterns(specs) -> tuple:
    return tuple(tuple(_step(a) for a in w["any"]) if "any" in w else (_step(w),) for w in specs)


def _step(spec: dict) -> Step:
    return tuple(str(r) for r in spec.get("cites", ())), spec.get("card"), spec.get("says")


_IDS: dict[tuple, frozenset[str]] = {}


def _rule_ids(book, rules: tuple[str, ...], edition: str) -> frozenset[str]:
    """The stable ids of rules written as ids or as numbers of the edition (worked out once per book and edition)."""
    key = (book.content_digest(), rules, edition)
    if key not in _IDS:
        _IDS[key] = _resolve(book, rules, edition)
    return _IDS[key]


_SCREENS: dict[tuple, tuple] = {}  # (book digest, edition) -> (the disputes screened, their screens)


def _screens(book, edition: str) -> tuple[tuple[Dispute, frozenset[str], tuple[tuple[frozenset[str], ...], ...],
                                             tuple[str, ...]], ...]:
    """Each shipped dispute with the rule ids (`_rule_ids`) its `when` patterns need: those of every pattern with one
    alternative together, then each pattern with several, by alternative; and the words of every pattern with one
    alternative that says some. `flags` passes over a ruling that cites too few rules for a dispute, or whose steps
    never say those words, without reading its steps further. Worked out once per book and edition, not per ruling."""
    disputes, key = shipped_disputes(), (book.content_digest(), edition)
    known = _SCREENS.get(key)
    if known is None or known[0] is not disputes:  # the disputes read anew (a test's corpus): screened anew
        screens = []
        for dispute in disputes:
            needed = [tuple(_rule_ids(book, rules, edition) for rules, _, _ in pattern) for pattern in dispute.when]
            screens.append((dispute, frozenset().union(*(ids for ids, *more in needed if not more)),
                            tuple(pattern for pattern in needed if len(pattern) > 1),
                            tuple(says for (_, _, says), *more in dispute.when if not more and says is not None)))
        known = _SCREENS[key] = disputes, tuple(screens)
    return known[1]


def _resolve(book, rules: tuple[str, ...], edition: str) -> frozenset[str]:
    ids = set()
    for rule in rules:
        if rule in book.entries:
            ids.add(rule)
        else:
            entry = book.resolve(rule, edition)
            ids.add(entry.id if entry is not None else rule)
    return frozenset(ids)


def _names_card(step: dict, card: str, names: dict[str, str]) -> bool:
    return card in step["text"] or any(names.get(label) == card for label in step["cards"])


def turns_on(dispute: Dispute, steps: list[dict], names: dict[str, str], book, edition: str) -> bool:
    """Whether every `when` pattern (rules, card, words) of the dispute is met by some step (`steps` as the ruling lists
    them, with rule ids in their `cites`; `names`: card label -> full name)."""
    return bool(turned_on([dispute], steps, names, book, edition))


def turned_on(disputes, steps: list[dict], names: dict[str, str], book, edition: str) -> list[Dispute]:
    """The disputes `turns_on` holds for, reading every step of the ruling for each (no screen): what `flags` finds,
    but for the dispute a contested scenario records itself, which `flags` leaves out."""
    cited = _cited(steps)
    return [dispute for dispute in disputes if _turns_on(dispute, cited, names, book, edition)]


def _cited(steps: list[dict]) -> list[tuple[frozenset, dict]]:
    """The steps that may meet a pattern (not one announcing what a card will do), each with the rule ids it cites."""
    return [(frozenset(c["id"] for c in s["cites"]), s) for s in steps if s.get("kind") != ANNOUNCES]


def _turns_on(dispute: Dispute, cited: list[tuple[frozenset, dict]], names: dict[str, str], book, edition: str) -> bool:
    def seen(rules, card, says) -> bool:
        wanted = _rule_ids(book, rules, edition)
        return any(wanted <= ids and (card is None or _names_card(step, card, names))
                   and (says is None or says in step["text"]) for ids, step in cited)

    def met(pattern) -> bool:
        return any(seen(*alternative) for alternative in pattern)
    return all(met(p) for p in dispute.when) and not any(met(p) for p in dispute.unless)


def flags(steps: list[dict], cards: dict, book, edition: str, scenario: str | None = None) -> list[dict]:
    """The disputed points a ruling turns on, as the ruling's `verdict.disputed` lists them (`cards`: the final
    state's cards by label). The contested scenario that records a point is not flagged with it (its own verdict
    lists the readings)."""
    out = []
    names: dict[str, str] | None = None
    cited = None
    every = frozenset(c["id"] for s in steps for c in s["cites"])
    for dispute, needed, either, words in _screens(book, edition):
        if dispute.scenario == scenario or not needed <= every or \
                not all(any(ids <= every for ids in pattern) for pattern in either) or \
                not all(any(says in s["text"] for s in steps) for says in words):
            continue
        if cited is None:
            cited = _cited(steps)
            names = {label: cards[label].definition.full_name for _, step in cited for label in step["cards"]
                     if label in cards and not cards[label].definition.unknown}  # the labels a pattern may ask of
        if not _turns_on(dispute, cited, names, book, edition):
            continue
        said = _in_edition(dispute, book, edition)
        out.append({"point": said(dispute.point), "recorded_in": dispute.file,
                    "judgekit_follows": said(dispute.follows),
                    "other_readings": [{"held_by": said(held_by), "note": said(note)}
                                       for held_by, note in dispute.readings if held_by != dispute.follows]})
    return out


def _in_edition(dispute: Dispute, book, edition: str):
    """The dispute's texts with their rule numbers as the ruling's edition numbers them (`cites.renumbered`)."""
    from judgekit.cites import renumbered
    written_in = dispute.edition or book.builtin_edition or book.default_edition
    return lambda text: renumbered(text, book, written_in, edition)
