"""Tournament formats (CR 7.3.6: a format's current regulations) and what each asks of a decklist.

The tournament rules were read through one secondary source (another project's research note quoting
the official page, read 2026-09-25; see ../shared/reference/tournament-rules-facts.md), so every finding
that rests on them says so: its `sections` are tournament-rules sections, marked secondary. What that
source says only in its own words (Sealed's 30+ cards, no RAM Limits, any number of copies) lifts a CR
rule only unconfirmed: the deck is checked by CR 7.3 all the same, each break such words lift is reported
as unconfirmed, and the verdict says the deck is legal only on them. A Sealed deck under 30 cards is short
by both readings.
"""
from __future__ import annotations

from dataclasses import dataclass

from judgekit.decks.legality import MAIN_DECK_MIN, MAX_COPIES, DeckFinding, check_deck, ram_limits
from judgekit.plural import counted

SIDEBOARD_SIZE = 7
SEALED_MAIN_MIN = 30  # unconfirmed (T's own words, not a quote)


@dataclass(frozen=True)
class DeckFormat:
    """What a format asks of a decklist beyond, or instead of, CR 7.3."""

    name: str
    summary: str
    sideboard: str  # "not-part" (CR only), "none" (must be empty), "exactly" (SIDEBOARD_SIZE), "any" (any size)
    sections: tuple[str, ...] = ()  # tournament-rules sections that define the format
    lifts: tuple[tuple[str, str], ...] = ()  # (CR rule id, what the source says of it in its own words: unconfirmed)


FORMATS = {
    "cr": DeckFormat("cr", "the Comprehensive Rules' legal deck only (7.3, 3.20); a sideboard is no part of it",
                     "not-part"),
    "constructed": DeckFormat("constructed", "the standard tournament format: a CR-legal deck and a sideboard of "
                                             "exactly 7", "exactly", sections=("§D.1", "§2.1.3")),
    "quick": DeckFormat("quick", "\"Quick\" best-of-1: a constructed-legal deck with no sideboard", "none",
                        sections=("§C.2.2",)),
    "sealed": DeckFormat("sealed", "a deck from the opened cards; unused non-Legend cards may be the sideboard (any "
                                   "size) in best-of-3", "any", sections=("§D.2",),
                         lifts=(("deck.main-deck-size", f"Sealed decks are {SEALED_MAIN_MIN}+ cards"),
                                ("deck.three-copies", "Sealed allows any number of copies"),
                                ("deck.ram-limits", "Sealed has no RAM Limits"))),
}


def check_in_format(entries, fmt: DeckFormat):
    """Every problem of the deck in this format: CR 7.3 as the format keeps it, then its sideboard rules."""
    main = [e for e in entries if not e.sideboard]
    side = [e for e in entries if e.sideboard]
    findings = [_lifted(f, fmt, main) for f in check_deck(main)]
    extra: list[DeckFinding] = []
    size = sum(e.count for e in side)
    if side and fmt.sideboard == "not-part":
        they = "it was" if size == 1 else "they were"
        extra.append(DeckFinding(True, f"The {counted(size, 'sideboard card')} {'is' if size == 1 else 'are'} "
                                       f"outside CR 7.3, whose legal deck is 3 Legends and a main deck only: {they} "
                                       "not checked. Check with --deck-format constructed (or sealed).",
                                 ("deck.legal-deck",), side[0].line, note=True))
    if side and fmt.sideboard == "none":
        extra.append(DeckFinding(False, f"{fmt.summary.split(':')[0]} is played without a sideboard, but the list "
                                        f"has {counted(size, 'sideboard card')}.", ("deck.cards-legal",),
                                 side[0].line, fmt.sections))
    if fmt.sideboard == "exactly" and size != SIDEBOARD_SIZE:
        extra.append(DeckFinding(False, f"The sideboard has {counted(size, 'card')}; a constructed sideboard has exactly "
                                        f"{SIDEBOARD_SIZE}.", ("deck.cards-legal",), side[0].line if side else None,
                                 ("§D.1", "§2.1.3")))
    if fmt.sideboard in ("exactly", "any"):
        for e in side:
            if e.card.is_type("Legend"):
                extra.append(DeckFinding(False, f"{e.card.full_name} is a Legend; Legends can't be sideboarded.",
                                         ("deck.cards-legal",), e.line, ("§3.4.4",)))
    if fmt.sideboard == "exactly":
        extra += _sideboard_copies_and_ram(main, side, ram_limits([e.card for e in main if e.card.is_type("Legend")
                                                                   for _ in range(e.count)]))
    problems = [f for f in findings + extra if not f.legal and f.confirmed]
    unconfirmed = [f for f in findings + extra if not f.legal and not f.confirmed]
    kept = [f for f in findings if not (f.legal and not f.note and problems)]
    if not problems and unconfirmed:
        kept.append(DeckFinding(True, f"Legal in {fmt.name} only on the unconfirmed words above: by CR 7.3 alone it "
                                      f"is not ({counted(len(unconfirmed), 'problem')}); the event's announced rules "
                                      "decide.", ("deck.legal-deck", "deck.cards-legal"), None, fmt.sections,
                                confirmed=False))
    elif not problems and fmt.name != "cr":
        kept.append(DeckFinding(True, f"Legal in {fmt.name}: {fmt.summary}.", ("deck.cards-legal",), None,
                                fmt.sections))
    return kept + extra


def _lifted(finding: DeckFinding, fmt: DeckFormat, main) -> DeckFinding:
    """A CR 7.3 problem the format's source lifts only in its own words: unconfirmed, both readings told. A main
    deck under SEALED_MAIN_MIN is short by both readings, a confirmed problem."""
    said = next((words for rule, words in fmt.lifts if rule in finding.cites), None)
    if finding.legal or said is None:
        return finding
    size = sum(e.count for e in main if not e.card.is_type("Legend"))
    if "deck.main-deck-size" in finding.cites and size < SEALED_MAIN_MIN:
        return DeckFinding(False, f"The main deck has {counted(size, 'card')}: under both the CR's {MAIN_DECK_MIN} "
                                  f"(7.3.2) and the {SEALED_MAIN_MIN}+ said of Sealed decks (the source says so in "
                                  "its own words), so neither reading makes it legal.",
                           (*finding.cites, "deck.cards-legal"), finding.line, fmt.sections)
    return DeckFinding(False, f"{finding.text} The tournament notes say {said}, in their own words only "
                              "(unconfirmed).", finding.cites, finding.line, fmt.sections, confirmed=False)


def _sideboard_copies_and_ram(main, side, limits):
    """T §D.1: the sideboard is constructed legal too (RAM included); copies are counted across both sections."""
    from collections import Counter

    out = []
    for e in side:
        card = e.card
        if card.ram is not None and card.color is not None and card.ram > limits.get(card.color, 0):
            out.append(DeckFinding(False, f"Sideboard card {card.full_name} needs {card.ram} {card.color} RAM, over "
                                          f"the deck's {card.color} RAM Limit of {limits.get(card.color, 0)}.",
                                   ("deck.ram-limits", "ram-limits.card-fits"), e.line, ("§D.1",)))
    in_main = Counter()
    for e in main:
        in_main[e.card.full_name] += e.count
    in_side = Counter()
    for e in side:
        in_side[e.card.full_name] += e.count
    for name, count in in_side.items():
        line = next(e.line for e in side if e.card.full_name == name)
        if count > MAX_COPIES:
            out.append(DeckFinding(False, f"{count} copies of {name!r} in the sideboard; at most {MAX_COPIES}.",
                                   ("deck.three-copies",), line, ("§D.1",)))
        elif in_main[name] <= MAX_COPIES < in_main[name] + count:
            out.append(DeckFinding(False, f"{in_main[name] + count} copies of {name!r} across main deck and "
                                          f"sideboard. The tournament rules don't say whether the two sections count "
                                          "together; judgekit counts them together, as the official deckbuilder "
                                          "does (contested: a judge checking each section on its own would allow "
                                          "it).", ("deck.three-copies",), line, ("§D.1", "§4.1")))
    return out


def check_list(decklist, fmt: DeckFormat) -> list[DeckFinding]:
    """The deck in the format (check_in_format), then what the list itself says that does not add up: a card
    under a heading its type does not belong to, a heading whose stated count is not the section's."""
    return check_in_format(decklist.entries, fmt) + _list_notes(decklist)


def _list_notes(decklist) -> list[DeckFinding]:
    from judgekit.decks.parsing import SECTION_NAMES

    notes = []
    for e in decklist.entries:
        if e.heading == "legends" and not e.card.is_type("Legend"):
            notes.append(DeckFinding(True, f"{e.card.full_name} is listed under the Legends heading but is not a "
                                           "Legend; it was checked as a main deck card.", ("deck.legal-deck",),
                                     e.line, note=True))
        elif e.heading == "main" and e.card.is_type("Legend"):
            notes.append(DeckFinding(True, f"{e.card.full_name} is a Legend listed under the main deck heading; "
                                           "Legends are not part of the main deck, so it was checked as one of the "
                                           "Legends.", ("deck.legal-deck",), e.line, note=True))
    for index, heading in enumerate(decklist.headings):
        if heading.stated is None:
            continue
        if heading.section == "total":
            listed, what = sum(e.count for e in decklist.entries), "The total line"
        else:
            after = [h.line for h in decklist.headings[index + 1:] if h.section != "total"]
            listed = sum(e.count for e in decklist.entries if e.line > heading.line and (not after or e.line < after[0]))
            what = f"The {SECTION_NAMES[heading.section]} heading"
        if listed != heading.stated:
            notes.append(DeckFinding(True, f"{what} says {heading.stated} cards, but {listed} are listed"
                                           f"{'' if heading.section == 'total' else ' under it'}.", (), heading.line,
                                     note=True))
    return notes
