"""`does X have Y?` asked at the table, answered from the board now and changing nothing: a keyword (`does v have
go solo`; a Gear's is in its bottom textbox, given to its host, 4.11.3), Lag (a state, 11.3), a Gear on a card
(`does psycho have mantis blades`), a player's Eddies (`does alice have 3 eddies`) or a card of hers on the board.
A line asking anything else is left to the other readings.
"""
from __future__ import annotations

import re

from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.plural import plural

HAVE_ASKED = re.compile(r"(?:does|do|has)\s+(?P<who>.+?)\s+(?:have|has|got)\s+(?:an?\s+|the\s+)?(?P<what>.+?)"
                        r"(?:\s+now)?", re.IGNORECASE)  # `does psycho have lag?`
HAS_ASKED = re.compile(r"(?P<who>.+?)\s+(?:has|have|has\s+got)\s+(?:an?\s+|the\s+)?(?P<what>.+?)(?:\s+now)?",
                       re.IGNORECASE)  # `psycho has mantis blades?`: the statement, asked
KEYWORD = re.compile(r"\[?(?P<keyword>go[\s-]*solo|blocker|quick|adrenaline)\]?", re.IGNORECASE)
KEYWORD_RULES = {"ADRENALINE": "keyword.adrenaline.definition", "BLOCKER": "keyword.blocker.definition",
                 "GO SOLO": "keyword.go-solo.definition", "QUICK": "keyword.quick.definition"}
EDDIES = re.compile(r"(?P<count>\d+)\s+(?:ready\s+)?(?:eddies|eddie|€\$|e\$)", re.IGNORECASE)
LAG_WORDS = ("lag", "lagging")


class HavingAsked:
    """For the Session (`doc`, `state`, `book`, `edition`, `pool`, `_card_named`, `_for_each`)."""

    def _had_asked(self, text: str) -> str | None:
        """The answer to `does WHO have WHAT` or `WHO has WHAT?` (the question mark dropped), or None when it asks none of these; a
        card or a player the words name that is not on the board is an AskError."""
        asked = HAVE_ASKED.fullmatch(text) or (HAS_ASKED.fullmatch(text) if self.typed.rstrip().endswith("?") else None)
        if asked is None:
            return None
        who, what = asked["who"], asked["what"]
        player = next((p for p in self.doc["players"] if p.casefold() == who.casefold()), None)
        if player is not None:
            return self._player_has(player, what)
        keyword = KEYWORD.fullmatch(what)
        if keyword is not None:
            return self._each_card(who, lambda label: self._keyword_on(label, " ".join(
                keyword["keyword"].upper().replace("-", " ").split())))
        if what.casefold() in LAG_WORDS:
            return self._each_card(who, self._lag_on)
        gear = self.pool.match(what).found
        if gear is not None and self.pool.by_full_name[gear].is_type("Gear"):
            return self._each_card(who, lambda label: self._gear_on(label, gear))
        return None

    def _each_card(self, typed: str, answer) -> str:
        """`answer(label)` for the card the words name, or for each when they name several."""
        several = self._for_each(typed, answer)
        if several is not None:
            return several
        label = self._card_named(typed)
        if label is None:
            raise AskError(f"no card {typed!r} on the board (`board` lists them)")
        return answer(label)

    def _named(self, label: str) -> str:
        return f"{self.state.cards[label].definition.full_name} [{label}]"

    def _cited(self, *rules: str) -> str:
        from judgekit.cites import citation
        return views.cites([citation(self.book, rule, self.edition) for rule in rules])

    def _keyword_on(self, label: str, keyword: str) -> str:
        """Whether the card has `keyword` now, printed or given (a Gear's bottom textbox, 4.11.3; an effect,
        10.22); a face-down card has none to read (3.4.1); a Gear's own bottom textbox keyword is its host's, not
        its own (4.11.3.1), and said so with the host it gives it to."""
        from judgekit.engine import persistent
        card = self.state.cards[label]
        if not card.face_up:
            return f"No: {self._named(label)} is face-down, and a face-down card's text is ignored, [{keyword}] " \
                f"too ({self._cited('orientation.face-down-ignored')})."
        if keyword not in persistent.keywords_of(self.state, label):
            if keyword in card.definition.bottom_keywords:
                return self._given_to_the_host(label, keyword)
            return f"No: {self._named(label)} has no [{keyword}] now ({self._cited(KEYWORD_RULES[keyword])})."
        givers, rules = persistent.keyword_givers(self.state, label, keyword)
        how = f"from {', '.join(givers)}" if givers else "printed on it"
        return f"Yes: {self._named(label)} has [{keyword}] now, {how} ({self._cited(*rules, KEYWORD_RULES[keyword])})."

    def _given_to_the_host(self, label: str, keyword: str) -> str:
        """A Gear asked about the keyword of its bottom textbox: the Gear has none, its host has it (4.11.3,
        4.11.3.1)."""
        host = self.state.cards[label].equipped_to
        where = f"it is equipped to {self._named(host)}, which has [{keyword}] from it" if host else \
            f"it is {self._where(label)}, equipped to nothing, so no card has [{keyword}] from it now"
        return f"No: {self._named(label)} is a Gear, and its [{keyword}] is in its bottom textbox, read as printed " \
            f"on the Unit or Legend it is equipped to, not on the Gear itself; {where} " \
            f"({self._cited('gear.bottom-textbox', 'gear.bottom-textbox-host-only', KEYWORD_RULES[keyword])})."

    def _lag_on(self, label: str) -> str:
        """Lag, a condition a Unit has from entering the field until the turn ends (11.3.1, 11.3.2), read from
        the board: it keeps a Unit from attacking (11.3.1.1)."""
        card, (holder, area) = self.state.cards[label], self.state.locate(label)
        if area != "field":
            return f"No: {self._named(label)} is in {holder}'s {area}; Lag is a condition of a Unit in the field " \
                f"({self._cited('lag.definition')})."
        if card.lag:
            return f"Yes: {self._named(label)} is lagging now: it can't attack, nor use a spend-icon effect, until " \
                f"Lag ends at the end of the turn ({self._cited('lag.definition', 'lag.cannot-attack', 'lag.ends-at-turn-end')})."
        return f"No: {self._named(label)} has no Lag now ({self._cited('lag.definition')})."

    def _gear_on(self, label: str, gear: str) -> str:
        """Whether a Gear of that name is equipped to the card now."""
        card = self.state.cards[label]
        on = [g for g in card.gear if self.state.cards[g].definition.full_name == gear]
        if on:
            return f"Yes: {', '.join(self._named(g) for g in on)} is equipped to {self._named(label)}."
        others = [self._named(g) for g in card.gear]
        return f"No: no {gear} is equipped to {self._named(label)}" + \
            (f" (equipped to it: {', '.join(others)})." if others else "; it has no Gear.")

    def _player_has(self, player: str, what: str) -> str | None:
        """`does alice have 3 eddies`: her ready Eddies now, which pay a cost (5.8.1.3), against the count; `does
        alice have mantis blades`: where her cards of that name are on the board."""
        eddies = EDDIES.fullmatch(what)
        if eddies is not None:
            mine = [label for label in self.state.players[player].eddies]
            ready = sum(1 for label in mine if not self.state.cards[label].spent)
            wanted = int(eddies["count"])
            return f"{'Yes' if ready >= wanted else 'No'}: {player} has {ready} ready {plural('Eddie', ready)} now " \
                f"({len(mine)} in all, {len(mine) - ready} spent); a ready Eddie is spent to pay 1 €$ " \
                f"({self._cited('eddies-area.spend-eddie')})."
        found = self.pool.match(what).found
        if found is None:
            return None
        mine = [label for label, card in self.state.cards.items() if card.definition.full_name == found
                and self.state.locate(label)[0] == player]
        if not mine:
            return f"No {found} of {player}'s is stated on the board (`board` lists the cards; a card nobody " \
                "named in a hand or a deck is not known)."
        return f"Yes: {player} has " + ", ".join(f"{self._named(label)} {self._where(label)}" for label in mine) + "."

    def _where(self, label: str) -> str:
        """`in alice's hand`, or `equipped to Psycho Squad [psycho]`."""
        holder, area = self.state.locate(label)
        host = self.state.cards[label].equipped_to
        return f"equipped to {self._named(host)}" if host else f"in {holder}'s {area}"
