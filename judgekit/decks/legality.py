"""Deck legality (CR 7.3) and RAM Limits (CR 3.20): what a legal deck holds, each problem cited."""
from __future__ import annotations

from collections import Counter

from dataclasses import dataclass

from judgekit.engine.card_definition import CardDef
from judgekit.plural import counted

MAIN_DECK_MIN, MAIN_DECK_MAX, LEGENDS_IN_DECK, MAX_COPIES = 40, 50, 3, 3
COLORS = ("Red", "Green", "Blue", "Yellow")


@dataclass(frozen=True)
class DeckEntry:
    """One line of a decklist: a count of one card, and the line it came from."""

    count: int
    card: CardDef
    line: int
    sideboard: bool = False  # listed under the decklist's `Sideboard` heading
    heading: str = ""  # the section heading it was listed under ("legends", "main", "sideboard"), "" for none

    @property
    def section(self) -> str:
        """Where the list puts it: under its heading, else by its type (a Legend, else the main deck)."""
        if self.sideboard:
            return "sideboard"
        return self.heading or ("legends" if self.card.is_type("Legend") else "main")

    @property
    def part(self) -> str:
        """The part of the deck it belongs to whatever heading it was listed under: a Legend is one of the Legends and
        any other card is in the main deck (7.3), a sideboard card in the sideboard; as the legality check reads it."""
        return "sideboard" if self.sideboard else "legends" if self.card.is_type("Legend") else "main"


@dataclass(frozen=True)
class DeckFinding:
    """One fact about the deck: a problem (`legal` False) or a confirmation, with its rules."""

    legal: bool
    text: str
    cites: tuple[str, ...]
    line: int | None = None
    sections: tuple[str, ...] = ()  # tournament-rules sections (a secondary source) that decide it
    confirmed: bool = True  # False: rests on an unconfirmed statement; reported, never makes the deck illegal
    note: bool = False  # True: about something outside what the format checks (legal stays True)


def ram_limits(legends: list[CardDef]) -> dict[str, int]:
    """3.20.4-3.20.5.1: 0 in every color, plus each Legend's RAM in its color."""
    limits = {color: 0 for color in COLORS}
    for legend in legends:
        if legend.color in limits and legend.ram:
            limits[legend.color] += legend.ram
    return limits


def check_deck(entries: list[DeckEntry], main_deck_size: bool = True, copies_and_ram: bool = True
               ) -> list[DeckFinding]:
    """Every way the deck breaks 7.3 (and 3.20's RAM Limits); confirmations for what holds. A format may
    replace 7.3.2's size or lift 7.3.3-7.3.4 (7.3.6); the sideboard is checked by judgekit.decks.formats (a
    sideboard entry given here is in neither part, `DeckEntry.part`)."""
    legends = [e for e in entries if e.part == "legends"]
    main = [e for e in entries if e.part == "main"]
    findings: list[DeckFinding] = []
    legend_cards = [e.card for e in legends for _ in range(e.count)]
    if len(legend_cards) != LEGENDS_IN_DECK:
        findings.append(DeckFinding(False, f"The deck has {counted(len(legend_cards), 'Legend')}; a legal deck has exactly "
                                           f"{LEGENDS_IN_DECK}.", ("deck.legal-deck",)))
    names = Counter(card.name for card in legend_cards)
    for name, count in names.items():
        if count > 1:
            line = next(e.line for e in legends if e.card.name == name)
            findings.append(DeckFinding(False, f"{count} Legends share the name {name!r}; a deck can't use several "
                                               "Legends with the same name (the subtitle is not part of the name).",
                                        ("deck.legends-unique-names", "card-name.excludes-subtitle"), line))
    size = sum(e.count for e in main)
    if main_deck_size and not MAIN_DECK_MIN <= size <= MAIN_DECK_MAX:
        findings.append(DeckFinding(False, f"The main deck has {counted(size, 'card')}; it must have {MAIN_DECK_MIN} to "
                                           f"{MAIN_DECK_MAX}.", ("deck.legal-deck", "deck.main-deck-size")))
    copies: Counter[str] = Counter()
    lines: dict[str, list[int]] = {}
    for e in main:
        copies[e.card.full_name] += e.count
        lines.setdefault(e.card.full_name, []).append(e.line)
    for full_name, count in copies.items():
        if copies_and_ram and count > MAX_COPIES:
            listed = [str(line) for line in dict.fromkeys(lines[full_name]) if line]  # a board's cards have none
            where = f" (lines {', '.join(listed)})" if len(listed) > 1 else ""
            findings.append(DeckFinding(False, f"{count} copies of {full_name!r}{where}; at most {MAX_COPIES} of a "
                                               "card with the same name and subtitle.",
                                        ("deck.three-copies", "card-subtitle.distinguishes-cards"),
                                        lines[full_name][0]))
    limits = ram_limits(legend_cards)
    for e in main:
        card = e.card
        if not copies_and_ram or card.ram is None or card.color is None:
            continue
        limit = limits.get(card.color, 0)
        if card.ram > limit:
            findings.append(DeckFinding(
                False, f"{card.full_name} needs {card.ram} {card.color} RAM, but the Legends give the deck a "
                       f"{card.color} RAM Limit of {limit}.",
                ("deck.ram-limits", "ram-limits", "ram-limits.sum-per-color", "ram-limits.card-fits",
                 *(("ram-limits.default-zero",) if limit == 0 else ())), e.line))
    if not any(not f.legal for f in findings) and main_deck_size and copies_and_ram:
        shown = ", ".join(f"{limits[c]} {c}" for c in COLORS)
        findings.append(DeckFinding(True, f"Legal: {len(legend_cards)} Legends with different names, a main deck "
                                          f"of {size}, no card more than {MAX_COPIES} times, every card within the "
                                          f"RAM Limits ({shown}).",
                                    ("deck.legal-deck", "deck.legends-unique-names", "deck.main-deck-size",
                                     "deck.three-copies", "ram-limits.sum-per-color", "ram-limits.card-fits")))
    return findings
