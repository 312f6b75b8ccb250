"""A name shared by several cards on the board (a Psycho Squad on each side, two Mantis Blades): which card a line
means. An action takes the one card of that name that can play its part, as the engine's own options say (an
attacker that may attack now, a legal target of that attacker), and says which; when several fit it asks which,
naming each with its label and owner. A question about such a name is answered for each card."""
from __future__ import annotations

from judgekit.ask import board
from judgekit.ask.board import AskError
from judgekit.engine.action_kinds import ACTION_KINDS

ACTING = ("attack", "play", "call", "block", "quick", "activate", "sell")  # the card whose player acts


class SharedNames:
    """For the Session (`state`, `result`, `data`, `numbered`, `_cmd_options`, `_card_named`, `_waiting`)."""

    def _by_name(self, typed: str) -> list[str]:
        """The labels of the cards whose full or plain name starts with the words typed (`mantis`: every Mantis
        Blades), not counting a label typed whole that names no card (`mantis-2`)."""
        folded = " ".join(str(typed).casefold().split())
        return [label for label, card in self.state.cards.items() if folded and not card.definition.unknown
                and any(name.casefold().startswith(folded) for name in (card.definition.full_name, card.definition.name))]

    def _every_named(self, typed: str) -> list[str]:
        """Every card the words typed name, its label or its name (`psycho`: alice's Psycho Squad labelled psycho
        and bob's psycho-2); one label only when they name nothing else."""
        same = [label for label in self.state.cards if label.casefold() == str(typed).casefold()]
        every = board.labels_named(self.result.initial, typed, every=True) if "'" not in typed else []
        return list(dict.fromkeys([*same, *self._by_name(typed), *(x for x in every if x in self.state.cards)]))

    def _which_of(self, typed: str, labels: list[str]) -> str:
        """The question asked when the words typed fit several cards: each with its label and owner, and how to
        name one."""
        owners = [self.state.locate(label)[0] for label in labels]
        ways = [f"`{owner}'s {typed}`" for owner in dict.fromkeys(owners) if owners.count(owner) == 1] + \
            [f"`{label}`" for label in labels if label.casefold() != typed.casefold()]
        cards = ", ".join(f"{self.state.cards[label].definition.full_name} [{label}] ({owner}'s)"
                          for label, owner in zip(labels, owners))
        return f"which? {typed!r} could be any of {len(labels)} cards: {cards}; name one " + \
            (f"({' or '.join(ways)})" if ways else "by its label")

    def _copies_in_a_hand(self, labels: list[str]) -> bool:
        """Whether the cards are copies of one card in one player's hand: alike in all but their labels, so which of
        them a line names changes nothing (5.4: a card in the hand has no orientation, Lag or Gear)."""
        where = {self.state.locate(label) for label in labels}
        return len(where) == 1 and next(iter(where))[1] == "hand" and \
            len({self.state.cards[label].definition.full_name for label in labels}) == 1

    def _shared_label(self, typed: str, label: str, fitting) -> bool:
        """Whether a label typed whole is also the start of the name of another player's card that fits: then it
        is read as that name, not as the label (`mantis` with a Mantis Blades on each side)."""
        owner = self.state.locate(label)[0] if label in self.state.cards else None
        return any(other != label and fitting(other) and self.state.locate(other)[0] != owner
                   for other in self._by_name(typed))

    def _for_each(self, typed: str, answer) -> str | None:
        """`answer(label)` for each card the words name, when they name several (None otherwise)."""
        every = self._every_named(typed) if "'" not in typed else []
        if len(every) < 2:
            return None
        return f"{typed!r} names {len(every)} cards; for each:\n" + "\n".join(
            f"{self.state.cards[x].definition.full_name} [{x}] ({self.state.locate(x)[0]}'s): {answer(x)}" for x in every)

    def _named_for(self, value: str, key: str, fits, mine: str | None, out: dict) -> str | None:
        """The card `value` names under `key` of an action: when the name is shared, the one the engine's options
        allow there now (`attack: psycho, target: psycho`: the turn player's that may attack, then its one legal
        target), said in `self.chosen`; else as `_card_named` resolves it with `fits`."""
        waiting = self._waiting()
        if waiting is not None and value in self.state.cards and value in _strings(waiting):
            return value  # the action waiting, taken again with its answer: its cards are read already
        allowed = self._allowed_as(key, out) if waiting is None and len(self._every_named(value)) > 1 else set()
        found = self._card_named(value, (lambda label: label in allowed and (fits is None or fits(label))), mine) \
            if allowed else None
        if found in allowed:
            self.chosen.append(f"`{value}` as {key}: {self.state.locate(found)[0]}'s "
                               f"{self.state.cards[found].definition.full_name} [{found}], the one of "
                               f"{len(self._every_named(value))} cards so named that fits")
            return found
        return self._card_named(value, fits, mine)

    def _whose_by_a_pronoun(self, keys: dict) -> None:
        """A line saying its player by a pronoun (`he plays floor it`) is that of the card acting: AskError when the
        name is both players' (each where the action needs it), as `he` may be either; which one the engine would
        allow is no answer to whose the line meant."""
        key = next((k for k in ACTING if isinstance(keys.get(k), str)), None)
        if not getattr(self, "pronoun", None) or key is None or "by" in keys:
            return
        fits = self._fits(key)
        labels = [label for label in self._every_named(keys[key]) if label in self.state.cards
                  and (fits is None or fits(label))]
        if len({self.state.locate(label)[0] for label in labels}) > 1:
            raise AskError(f"`{self.pronoun}` names no player, and "
                           f"{self._which_of(keys[key], labels).removeprefix('which? ')}")

    def _by_its_holder(self, keys: dict) -> dict:
        """An action on a card typed without `by:`, the card in the hand, field or Legends of the player whose turn
        it isn't: taken by that player (a scenario's default is the turn player), so the ruling is about what that
        player may do now, not that the card is not the turn player's."""
        kind = next((k for k in keys if k in ACTION_KINDS), None)
        if kind is None or "by" in keys or not isinstance(keys[kind], str):
            return keys
        board_now, label = self.data["board"], self._card_named(keys[kind]) or keys[kind]
        holders = [name for name, player in board_now["players"].items() if name != board_now["turn"]
                   and any(card["label"] == label for area in ("hand", "field", "legends")
                           for card in player.get(area, []))]
        return {**keys, "by": holders[0]} if holders else keys

    def _allowed_as(self, key: str, out: dict) -> set[str]:
        """The labels the engine's allowed options have under `key` now, with the cards already read in `out` (the
        attacker, for a target) and its player (`by:`, else the turn player's)."""
        if key not in ("attack", "target", "play", "call", "block", "quick", "activate", "sell", "equip_to"):
            return set()
        shown = self.shown
        if not self.numbered:
            self._cmd_options()
            self.shown = shown
        by = out.get("by") or self.data["board"]["turn"]
        return {str(o["action"][key]) for o in self.numbered if o["allowed"] and key in o["action"]
                and o["action"].get("by", by) == by and all(o["action"].get(k) == v for k, v in out.items()
                                                            if k not in ("by", key) and isinstance(v, str))}


def _strings(value) -> set[str]:
    """Every text held in an action, however deep (its cards' labels among them)."""
    if isinstance(value, dict):
        return {text for item in value.values() for text in _strings(item)}
    if isinstance(value, list):
        return {text for item in value for text in _strings(item)}
    return {value} if isinstance(value, str) else set()
