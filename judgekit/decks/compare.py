"""A deck as presented at a deck check against its registration, each section on its own.

The tournament rules (a secondary source: see judgekit.decks) have the judge verify the 3 Legends, the
main deck and the sideboard against the registered list independently (T §4.1; what a decklist shows,
T §2.1.3). Cards are compared by name and subtitle (CR 7.3.3 and 3.9.2: the subtitle tells two cards of
one name apart), whatever the order or the number of lines they are spread over.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from judgekit.decks.card_names import fold
from judgekit.decks.parsing import SECTION_NAMES, SECTIONS, Decklist

TOURNAMENT_SECTIONS = ("§4.1", "§2.1.3")


@dataclass(frozen=True)
class Difference:
    """One way the presented deck is not the registered one."""

    kind: str  # "missing", "extra", "moved" (to another section), "different-card" (same name, other subtitle)
    section: str  # where the registration has it ("extra": where it was presented)
    card: str  # full name, as registered ("extra": as presented)
    count: int
    registered_line: int | None = None
    presented_line: int | None = None
    to_section: str | None = None  # "moved": where it was presented
    presented_card: str | None = None  # "different-card": the card presented in its place

    @property
    def text(self) -> str:
        copies = f"{self.count} {'copy' if self.count == 1 else 'copies'} of {self.card}"
        where = SECTION_NAMES[self.section]
        if self.kind == "missing":
            return f"{where}: {copies} registered but not presented"
        if self.kind == "extra":
            return f"{where}: {copies} presented but not registered"
        if self.kind == "moved":
            return f"{where}: {copies} registered here, presented in the {SECTION_NAMES[self.to_section]}"
        return f"{where}: {copies} registered, {self.presented_card} presented instead (same name, other subtitle)"


@dataclass(frozen=True)
class Comparison:
    registered: Decklist
    presented: Decklist
    differences: list[Difference]

    @property
    def identical(self) -> bool:
        return not self.differences

    def counts(self) -> dict[str, dict[str, int]]:
        """Cards per section, registered and presented."""
        return {s: {"registered": sum(e.count for e in self.registered.section(s)),
                    "presented": sum(e.count for e in self.presented.section(s))} for s in SECTIONS}


def compare(registered: Decklist, presented: Decklist) -> Comparison:
    """Every difference, section by section: moves between sections first, then a card swapped for another of
    the same name, then what is left missing or extra."""
    reg = {s: _counts(registered, s) for s in SECTIONS}
    pres = {s: _counts(presented, s) for s in SECTIONS}
    diff = {s: Counter({c: pres[s][c] - reg[s][c] for c in reg[s].keys() | pres[s].keys()}) for s in SECTIONS}
    reg_line, pres_line = _first_lines(registered), _first_lines(presented)
    plain = {e.card.full_name: fold(e.card.name) for e in registered.entries + presented.entries}
    out: list[Difference] = []
    for source in SECTIONS:
        for card in sorted(diff[source]):
            for target in SECTIONS:
                moved = min(-diff[source][card], diff[target][card])
                if target != source and moved > 0:
                    diff[source][card] += moved
                    diff[target][card] -= moved
                    out.append(Difference("moved", source, card, moved, reg_line.get((source, card)),
                                          pres_line.get((target, card)), to_section=target))
    for section in SECTIONS:
        for card in sorted(c for c in diff[section] if diff[section][c] < 0):
            for other in sorted(c for c in diff[section] if diff[section][c] > 0 and c != card):
                swapped = min(-diff[section][card], diff[section][other])
                if swapped > 0 and plain[card] == plain[other]:
                    diff[section][card] += swapped
                    diff[section][other] -= swapped
                    out.append(Difference("different-card", section, card, swapped, reg_line.get((section, card)),
                                          pres_line.get((section, other)), presented_card=other))
        for card in sorted(diff[section]):
            count = diff[section][card]
            if count < 0:
                out.append(Difference("missing", section, card, -count, reg_line.get((section, card))))
            elif count > 0:
                out.append(Difference("extra", section, card, count, presented_line=pres_line.get((section, card))))
    order = {s: i for i, s in enumerate(SECTIONS)}
    out.sort(key=lambda d: (order[d.section], d.registered_line or d.presented_line or 0, d.card))
    return Comparison(registered, presented, out)


def _counts(decklist: Decklist, section: str) -> Counter:
    counts: Counter = Counter()
    for e in decklist.section(section):
        counts[e.card.full_name] += e.count
    return counts


def _first_lines(decklist: Decklist) -> dict[tuple[str, str], int]:
    lines: dict[tuple[str, str], int] = {}
    for e in decklist.entries:
        lines.setdefault((e.section, e.card.full_name), e.line)
    return lines
