"""Board facts as a judge says them, rewritten into the statement `judgekit ask` already takes (shown as "Read as
..."): a Gear on its host (`alice has mantis blades on psycho`, `psycho has mantis blades`: `gear mantis blades on
psycho`), a card played this turn (`alice played psycho this turn`: `played psycho`), an empty fixer area (`alice
fixer empty`: `alice fixer`). A fact the scenario format cannot hold (a hand of cards nobody named, a card played
last turn) is refused with what to type instead. Nothing here decides a ruling.
"""
from __future__ import annotations

from judgekit.ask.board import AskError

HAS = ("has", "have", "wears", "carries")  # `psycho has mantis blades`
EMPTY = ("empty", "none", "nothing", "0")  # `alice fixer empty`


class FactsInWords:
    """The reading of board facts in words, for the Session (which provides `doc`, `pool`, `card_name`,
    `_card_named` and `read_as`)."""

    def _fact_said(self, line: str) -> str | None:
        """The statement the words say, as `ask` takes it (and `read_as` set), or None when they say none of these
        facts; AskError for a fact the scenario format cannot hold."""
        if line.rstrip().endswith("?") or ":" in line:
            return None
        words = line.replace("’", "'").split()
        folded = [w.casefold() for w in words]
        player = folded[0] if folded and folded[0] in self.doc["players"] else None
        rest, low = (words[1:], folded[1:]) if player else (words, folded)
        written = self._gear_said(rest, low, player) or self._played_said(rest, low, player) or \
            (None if player else self._state_said(rest))
        if player and low[:1] == ["fixer"] and low[1:] and all(w in EMPTY for w in low[1:]):
            written = f"{player} fixer"
        if player and low[:1] == ["hand"] and low[1:2] and low[1].isdigit() and low[2:] in ([], ["cards"], ["card"]):
            raise AskError(f"a hand is stated card by card: the scenario format holds no unknown cards in a hand (a "
                           f"deck's count is the only unknown pile); name the cards that matter to the question "
                           f"(`{player} hand floor it, detonate`), and leave out the others")
        if written is not None:
            self.read_as = written
        return written

    def _gear_said(self, rest: list[str], low: list[str], player: str | None) -> str | None:
        """`has GEAR on HOST` after a player, or `HOST has GEAR`: `gear GEAR on HOST`, when GEAR names a Gear."""
        if player and low[:1] and low[0] in HAS and "on" in low[2:-1]:
            at = low.index("on", 2)
            gear, host = " ".join(rest[1:at]), " ".join(rest[at + 1:])
        elif not player and any(w in HAS for w in low[1:-1]):
            at = next(i for i, w in enumerate(low) if i and w in HAS)
            host, gear = " ".join(rest[:at]), " ".join(rest[at + 1:])
            if self._card_named(host) is None:
                return None
        else:
            return None
        match = self.pool.match(gear)
        if match.found is None or not self.pool.by_full_name[match.found].is_type("Gear"):
            return None
        return f"gear {gear} on {host}"

    def _state_said(self, words: list[str]) -> str | None:
        """`goons spent`, `bob's goons are spent`: a card named by its name (not its label), then only flags, is
        `LABEL spent` for the one card on the board they name; AskError asking which when they name several."""
        from judgekit.ask.board import entry_labelled, split_flags
        for at in range(1, len(words)):
            name_words, flags, label = split_flags(words[at:], [])
            if name_words or not flags or label is not None:
                continue
            card = [w for w in words[:at] if w.casefold() not in ("is", "are")] if at > 1 else words[:at]
            if len(card) == 1 and entry_labelled(self.doc, card[0]) is not None:
                return None  # `psycho spent`: a label, as typed
            found = self._card_named(" ".join(card)) if card else None
            several = self._every_named(" ".join(card)) if card and not found else []
            if len(several) > 1:  # `goons spent` with two Maelstrom Goons: which?
                raise AskError(self._which_of(" ".join(card), several))
            return f"{found} {' '.join(words[at:])}" if found else None
        return None

    def _not_theirs(self, owner: str, named: str) -> None:
        """AskError for `bob played psycho this turn` when the card so named is not bob's: whose it is."""
        other = self._card_named(named)
        if other is None:
            raise AskError(f"{owner} has no card {named!r} on the board (`board` lists them)")
        holder = self.state.locate(other)[0]
        raise AskError(f"{owner} has no card {named!r} on the board: {self.state.cards[other].definition.full_name} "
                       f"[{other}] is {holder}'s, and a card played this turn is its player's. State {owner}'s card "
                       f"first (`{owner} field {named}`), or type `{holder} played {named} this turn`")

    def _other_copies(self, full: str, label: str) -> str:
        """For a Gear stated on a host (`psycho has mantis blades`): the other cards of that name already on the
        board, which stay where they are (the one stated is a new copy), as a note to the echo; "" when none."""
        others = [f"[{other}] in {self.state.locate(other)[0]}'s {self.state.locate(other)[1]}"
                  for other, card in self.state.cards.items() if card.definition.full_name == full and other != label]
        return f" A new copy: the {full} {', '.join(others)} stays there (to play that one on it instead: `undo`, " \
            f"then `play {others[0].split(']')[0][1:]} on HOST`)." if others else ""

    def _played_said(self, rest: list[str], low: list[str], player: str | None) -> str | None:
        """`played CARD this turn` (a player first or not; after a player, `this turn` may go unsaid, as the board
        is this turn's): `played CARD`; `played CARD last turn`: AskError saying how to state it."""
        if low[:1] != ["played"] or len(low) < 2:
            return None
        if low[-1] != "turn" or len(low) < 4 or low[-2] not in ("this", "last"):  # `alice played riding`: now
            return f"played {player}'s {' '.join(rest[1:])}" if player and low[-1] != "turn" else None
        card = " ".join(rest[1:-2])
        if low[-2] == "this":
            return f"played {player}'s {card}" if player else f"played {card}"
        who = player or "PLAYER"
        raise AskError(f"a card played last turn is not a fact the board holds: its effect is. A change an effect left "
                       f"on a card in play is stated as a lasting change (`LABEL can't attack until {who}'s next "
                       f"turn from {card} by {who}`); an effect on a player's side, or one the format has no words "
                       f"for, is played out: `turn {who}`, `{who} hand {card}`, `{who} eddies N`, `play {card}`, "
                       "then `pass turn`")
