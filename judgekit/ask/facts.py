"""Board facts as a judge says them, rewritten into the statement `judgekit ask` already takes (shown as "Read as
..."): a Gear on its host (`alice has mantis blades on psycho`, `psycho has mantis blades`: `gear mantis blades on
psycho`), a card's state (`goons spent`, `psycho is spent`, `the psycho is spent`: `psycho spent`), a card played
this turn (`alice played psycho this turn`: `played psycho`, read in this_turn.py), an empty fixer area (`alice fixer
empty`: `alice fixer`). A fact the scenario format cannot hold (a hand of cards nobody named, a card played last
turn) is refused with what to type instead. Nothing here decides a ruling.
"""
from __future__ import annotations

from judgekit.ask.board import AskError
from judgekit.ask.phrasing import names_of, without_articles

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
        """`goons spent`, `bob's goons are spent`, `psycho is spent`: a card named by its name, or by its label with
        `is`/`are` or `the` (a label alone is stated as typed), then only flags, is `LABEL spent` for the one card on
        the board they name; AskError asking which when they name several."""
        from judgekit.ask.board import entry_labelled, split_flags
        typed, words = words, without_articles(words, names_of(self._board_names()))  # `the psycho is spent`
        for at in range(1, len(words)):
            name_words, flags, label = split_flags(words[at:], [])
            if name_words or not flags or label is not None:
                continue
            card = [w for w in words[:at] if w.casefold() not in ("is", "are")] if at > 1 else words[:at]
            if len(card) == 1 and entry_labelled(self.doc, card[0]) is not None:
                return None if card == words[:at] == typed[:at] else f"{card[0]} {' '.join(words[at:])}"  # as typed
            found = self._card_named(" ".join(card)) if card else None
            several = self._every_named(" ".join(card)) if card and not found else []
            if len(several) > 1:  # `goons spent` with two Maelstrom Goons: which?
                raise AskError(self._which_of(" ".join(card), several))
            return f"{found} {' '.join(words[at:])}" if found else None
        return None

    def _other_copies(self, full: str, label: str) -> str:
        """For a Gear stated on a host (`psycho has mantis blades`): the other cards of that name already on the
        board, which stay where they are (the one stated is a new copy), as a note to the echo; "" when none."""
        others = [f"[{other}] in {self.state.locate(other)[0]}'s {self.state.locate(other)[1]}"
                  for other, card in self.state.cards.items() if card.definition.full_name == full and other != label]
        return f" A new copy: the {full} {', '.join(others)} stays there (to play that one on it instead: `undo`, " \
            f"then `play {others[0].split(']')[0][1:]} on HOST`)." if others else ""
