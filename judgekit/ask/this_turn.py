"""What already happened this turn, as a judge says it and asks it: a Legend Called (`alice called`, `alice called
goro`: turned face-up, 4.3.1), a card sold (`alice sold`, `alice sold mantis`), a card played (`played psycho`, `alice
played psycho`, `riding was played this turn`); asked (`has alice called?`, `did alice play psycho?`, `alice played
psycho?`, `was riding played?`), answered from the board, which records each of them for this turn. A card played
last turn is no fact the board holds, nor one still in the Legends area (a Legend played went to the field, 4.5), and
is refused with what to type instead.
"""
from __future__ import annotations

from judgekit.ask import board, views
from judgekit.ask.board import AskError

ONCE_PER_TURN = {"called": "called_legend_this_turn", "sold": "sold_this_turn"}  # `alice called`, `alice sold`
ASKED_DONE = {"call": "called", "called": "called", "sell": "sold", "sold": "sold", "play": "played",
              "played": "played"}  # `did alice call?`, `has alice sold?`, `did alice play psycho?`


class ThisTurn:
    """For the Session (`doc`, `state`, `book`, `edition`, `change`, `_card_named`)."""

    def _cmd_played(self, rest: str) -> str:
        """A card played this turn; one in a field entered it this turn, so it is lagging too (4.7, 11.3.1)."""
        label = self._card_named(rest) if rest else None
        whose, _, named = rest.partition(" ")
        owner = next((p for p in self.doc["players"] if whose.casefold() == f"{p}'s"), None)
        if owner is not None and label is None:  # `bob played psycho this turn`: bob's psycho, or an error
            self._not_theirs(owner, named)
        if label not in board.labels_in(self.doc):
            raise AskError("which card? write the label of a card on the board (`played psycho`)")
        holder, area = self.state.locate(label)
        if area == "legends":  # a Legend played went from there to the field (4.5)
            name = self.state.cards[label].definition.full_name.casefold().replace(":", "")
            raise AskError(f"{self._named_card(label)} is in {holder}'s Legends area, and a Legend played this turn "
                           f"has left it for the field ({self._cited('legends.play-as-unit')}): state it in the field "
                           f"instead (`undo` the line that put it in the Legends area, then `{holder} field {name}`), "
                           "then `played LABEL`")
        if area in ("hand", "deck"):  # a card played has left them: to the field, or resolved to the trash (4.14.2)
            card = self.state.cards[label].definition
            now = _where_now(card, holder)
            raise AskError(f"{card.full_name} [{label}] is in {holder}'s {area}, and a card played this turn has left "
                           "it (a Unit to the field, a Gear onto its host, a Program to the trash once resolved, "
                           f"4.14.2): state the one played where it is now (`{now}`), then `played LABEL`")
        in_field = [e for spec in self.doc["players"].values() for e in spec.get("field") or []
                    if isinstance(e, dict) and e.get("label") == label]
        lag = bool(in_field) and not in_field[0].get("lag")

        def edit(doc):
            doc.setdefault("this_turn", {}).setdefault("played", []).append(label)
            if lag:
                board.entry_labelled(doc, label)["lag"] = True
        self.change(edit)
        return f"{label} was played this turn" + (", so it is lagging in the field (4.7, 11.3.1): marked `lag`."
                                                   if lag else ".")

    def _not_theirs(self, owner: str, named: str) -> None:
        """AskError for `bob played psycho this turn` when the card so named is not bob's: whose it is."""
        other = self._card_named(named)
        found = self.pool.match(named).found if other is None else None
        if found is not None:  # `alice played floor it`, not stated: where a card played this turn is now
            raise AskError(f"{owner} has no card {named!r} on the board: state the one played where it is now "
                           f"(`{_where_now(self.pool.by_full_name[found], owner)}`), then `played LABEL`")
        if other is None:
            raise AskError(f"{owner} has no card {named!r} on the board (`board` lists them)")
        holder = self.state.locate(other)[0]
        raise AskError(f"{owner} has no card {named!r} on the board: {self.state.cards[other].definition.full_name} "
                       f"[{other}] is {holder}'s, and a card played this turn is its player's. State {owner}'s card "
                       f"first (`{owner} field {named}`), or type `{holder} played {named} this turn`")

    def _played_said(self, rest: list[str], low: list[str], player: str | None) -> str | None:
        """`played CARD this turn` (a player first or not; after a player, `this turn` may go unsaid, as the board
        is this turn's), `CARD was played [this turn]`: `played CARD`; `played CARD last turn`: AskError saying how
        to state it."""
        said = low[:-2] if low[-2:] == ["this", "turn"] else low
        if not player and len(said) > 2 and said[-2:] in (["was", "played"], ["were", "played"]):
            return f"played {' '.join(rest[:len(said) - 2])}"  # `riding was played this turn`
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

    def _once_stated(self, player: str, done: str, card: str) -> str:
        """`alice called goro`: the Call this turn, and the Legend Called turned face-up (4.3.1; spent or ready as it
        was, 11.11.1.3); typed by the defending player while their React Step waits, it would be that step's
        reaction (9.8), so it is refused with how to say either; `alice sold mantis`: the sale this turn, the card sold an Eddie now (5.8.2.1), which the
        board does not name."""
        cited, flag = self._cited, ONCE_PER_TURN[done]
        if done == "sold":
            left = [label for label in self._every_named(card) if self.state.locate(label) == (player, "hand")]
            self.change(lambda doc: doc["players"][player].__setitem__(flag, True))
            return f"{player} has sold a card this turn; the board holds that a card was sold, not which: the card " \
                f"sold is one of {player}'s Eddies now, face-down and ready ({cited('eddies-area.sold-face-down-ready')}; " \
                f"count it in `{player} eddies N`)." + \
                (f" {self._named_card(left[0])} is still in {player}'s hand: if it is the card sold, `undo`, and state "
                 "the hand without it." if left else "")
        if self._in_react_step() and player != self.data["board"]["turn"]:
            raise AskError(f"{player}'s React Step waits, and a Legend {player} Calls in it is {player}'s reaction "
                           f"({cited('react-step.call-a-legend')}), paid 1 €$ as any Call "
                           f"({cited('call-a-legend.definition')}): to take it, type `{player} calls {card}`. To "
                           f"state instead that {player} had Called before this attack, say it so: `{player} called`, "
                           f"then `{card} face-up`")
        label = self._card_named(card, lambda found: self.state.locate(found) == (player, "legends"), player)
        if label is None or self.state.locate(label) != (player, "legends"):
            raise AskError(f"{player} Calls one of {player}'s own Legends, in the Legends area (4.3.1): no Legend "
                           f"{card!r} of {player}'s is stated; state it first (`{player} legends {card}`)")
        flipped = not self.state.cards[label].face_up

        def edit(doc):
            doc["players"][player][flag] = True
            board.entry_labelled(doc, label)["face_up"] = True
        self.change(edit)
        return f"{player} has Called a Legend this turn: {self._named_card(label)}, " + \
            ("turned face-up by the Call" if flipped else "already face-up") + \
            f", {'spent' if self.state.cards[label].spent else 'ready'} as it was " \
            f"({cited('legends.call-once-per-turn', 'call-a-legend.keeps-orientation')})."

    def _cited(self, *rules: str) -> str:
        """The rules by their ids, numbered for the session's edition."""
        from judgekit.cites import citation
        return views.cites([citation(self.book, rule, self.edition) for rule in rules])

    def _named_card(self, label: str) -> str:
        return f"{self.state.cards[label].definition.full_name} [{label}]"

    def _done_asked(self, line: str) -> str | None:
        """The statement a question about this turn asks (`has alice called?`: `alice called`; `did alice play
        psycho?`, `alice played psycho?`: `played alice's psycho`; `was riding played?`: `played riding`), which the
        session answers from the board as a question; None for any other line."""
        words = line.strip().rstrip("?!. ").split()
        low = [w.casefold() for w in words]
        if low[-2:] in (["this", "turn"], ["last", "turn"]):
            words, low = words[:-2], low[:-2]
        if len(low) >= 3 and low[0] in ("was", "were") and low[-1] == "played":  # `was riding played`
            return f"played {' '.join(words[1:-1])}"
        if len(low) >= 3 and low[-2] in ("was", "were") and low[-1] == "played" and line.rstrip().endswith("?"):
            return f"played {' '.join(words[:-2])}"  # `riding was played?`
        if len(low) >= 2 and low[0] in ("has", "did") and low[1] in self.doc["players"]:
            words, low = words[1:], [low[1], ASKED_DONE.get(low[2], "") if len(low) > 2 else "", *low[3:]]
        elif not (line.rstrip().endswith("?") and low[:1] and low[0] in self.doc["players"]):
            return None
        if len(low) < 2 or low[1] not in ONCE_PER_TURN and low[1] != "played":
            return None
        if low[1] == "played":
            return f"played {low[0]}'s {' '.join(words[2:])}" if len(words) > 2 else None
        return " ".join([low[0], low[1], *words[2:]])

    def _done_answer(self, word: str, rest: str) -> str | None:
        """The answer to a statement of this turn asked (`alice called`, `alice sold mantis`, `played psycho`),
        from the board now; None for any other."""
        player = word if word in self.doc["players"] else None
        done, _, card = rest.partition(" ")
        if player is not None and done.casefold() in ONCE_PER_TURN:
            flag = getattr(self.state.players[player], ONCE_PER_TURN[done.casefold()])
            what = "Called a Legend" if done.casefold() == "called" else "sold a card"
            said = f"{'Yes' if flag else 'No'}: {player} {'has' if flag else 'has not'} {what} this turn"
            return said + (f"; the board records that, not which card{self._named_now(card, player, done)}"
                           if card and flag else "") + "."
        if word.casefold() != "played" or not rest:
            return None
        label = self._card_named(rest)
        if label is None:
            raise AskError(f"no card {rest!r} on the board (`board` lists them)")
        played = self.state.happened_this_turn("played", label=label)
        lagging = self.state.cards[label].lag and self.state.locate(label)[1] == "field"
        return f"{'Yes' if played else 'No'}: {self._named_card(label)} {'was' if played else 'was not'} played this " \
            "turn, as the board holds it" + (f" (`played {label}` states that it was)" if not played else
                                             ": it is lagging in the field, which it entered this turn (11.3.1)"
                                             if lagging else "") + "."

    def _named_now(self, card: str, player: str, done: str) -> str:
        """For `did alice call goro?`: `; Goro ... [goro] is face-up now`; for `did alice sell mantis?`: whether a
        card so named is still in her hand; "" when the words name none of hers."""
        label = self._card_named(card, None, player)
        if label is None:
            return ""
        if done.casefold() == "called":
            return f"; {self._named_card(label)} is {'face-up' if self.state.cards[label].face_up else 'face-down'} now"
        holder, area = self.state.locate(label)
        return f"; {self._named_card(label)} is in {holder}'s {area} now"


def _where_now(card, holder: str) -> str:
    """How to state a card played this turn where it is now: a Unit or a Legend in the field, a Gear on its host, a
    Program in the trash once resolved (4.14.2)."""
    return f"gear {card.name.casefold()} on HOST" if card.is_type("Gear") else \
        f"{holder} {'trash' if card.is_type('Program') else 'field'} {card.name.casefold()}"
