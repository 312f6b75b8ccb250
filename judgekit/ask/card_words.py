"""How `judgekit ask` reads the cards and actions a judge names in plain words: a card by its label, name, a
nickname or a possessive (`bob's goons`), a Gear named for its host's effect (4.11.3), a [QUICK] card's use in the
Main Phase, and a line of plain words read as the action a scenario file writes (shown as "Read as ...").
Each reading is shown to the judge; the ruling is always the engine's.
"""
from __future__ import annotations

import re

from judgekit.ask import board
from judgekit.ask.board import AskError
from judgekit.ask.phrasing import POSSESSIVES, PRONOUNS, clauses, pronoun_of, table_words
from judgekit.ask.typed import as_written, mode_named, modes_written
from judgekit.engine import activated
from judgekit.render.options import flow

QUESTION = re.compile(r"(?:can|may|could)\s+(?P<player>\S+)\s+(?P<action>.+?)\s*\?*", re.IGNORECASE)  # `can bob ...?`
CARD_KEYS = ("attack", "target", "play", "call", "block", "quick", "activate", "sell", "equip_to")  # name a card


class CardsInWords:
    """The reading of cards and actions named in words, for `judgekit ask`'s Session (which provides `state`,
    `data`, `read_as` and the choice waiting)."""

    def _gear_as_its_host(self, keys: dict) -> dict:
        """`quick:` or `activate:` naming an equipped Gear whose bottom textbox holds the effect: its host's effect,
        as the host has it (4.11.3), with `effect:` its place among the host's; the rewriting is told."""
        kind = next((k for k in ("quick", "activate") if k in keys), None)
        found = activated.as_the_hosts(self.state, keys[kind]) if kind and isinstance(keys[kind], str) else None
        if found is None or "effect" in keys:
            return keys
        host, number = found
        keys = {**keys, kind: host, "effect": number}
        self.read_as = flow(keys)[1:-1]
        return keys

    def _main_phase_form(self, label) -> str:
        """How the Main Phase writes a [QUICK] card's use: a card in play activates its effect, one in hand is
        played."""
        in_play = label in self.state.cards and self.state.in_play(label)
        return f"activate: {label}" if in_play else f"play: {label}"

    def _board_names(self) -> frozenset[str]:
        """The labels and the full and plain names of the cards on the board, folded."""
        return frozenset(name.casefold() for label, card in self.state.cards.items()
                         for name in (label, card.definition.full_name, card.definition.name))

    def _table_words(self, line: str) -> str:
        """The line as read at the table (`phrasing.table_words`; `alice passes`: the defending player's is the React
        Step's end, 9.12, any other the turn's); a rewriting is told."""
        players, turn = tuple(self.doc["players"]), self.data["board"]["turn"]
        mode = mode_named(line, self.data["verdict"]["awaiting"] or "", self._choice_waiting()[1]) \
            if self._choice_waiting()[:1] == ("modes",) else None  # `gear` for Misty Olszewski's card type
        folded = line.casefold().rstrip("?!. ").split()
        if mode is not None:
            written = modes_written([mode], self._choice_waiting()[3])
        elif len(folded) >= 2 and folded[0] in players and folded[1] in ("pass", "passes", "ends") and \
                folded[2:] in ([], ["turn"], ["the", "turn"], ["her", "turn"], ["his", "turn"], ["their", "turn"]):
            reacting = not folded[2:] and (self._in_react_step() or self._stated_in_react_step())
            written = "pass" if reacting and folded[0] != turn else \
                "pass_turn: true" + ("" if folded[0] == turn else f", by: {folded[0]}")
        elif len(folded) >= 2 and folded[0] in PRONOUNS and folded[1] in ("pass", "passes") and \
                folded[2:] in ([], ["turn"], ["the", "turn"], ["her", "turn"], ["his", "turn"], ["their", "turn"]):
            raise AskError(f"`{folded[0]}` names no player, and a pass is the turn's end for the turn player, the "
                           f"React Step's for the defending player (8.9, 9.12): name the player (" +
                           " or ".join(f"`{p} passes`" for p in players) + ")")
        else:
            names = self._board_names()
            self.pronoun = pronoun_of(line)
            self._one_action_a_line(line, names)
            written = table_words(line, players, names | {w for name in names for w in name.split()},
                                  named=self._card_named, held=lambda label: label in self.state.cards and
                                  self.state.locate(label)[1] == "hand")
        if written != line:
            self.read_as = written
        return written

    def _one_action_a_line(self, line: str, names: frozenset[str]) -> None:
        """AskError for a line saying several actions one after another (`psycho attacks goons and bob blocks with
        corpo`), none of which is taken: each is typed on its own line, or they are asked about together, played
        out on a copy (`what happens if ...`)."""
        if line.casefold().startswith(("what", "who")):
            return
        said = clauses(line.rstrip("?!. "), tuple(self.doc["players"]),
                       names | {w for name in names for w in name.split()})
        if len(said) > 1:
            raise AskError(f"{line!r} says {len(said)} actions, and a line takes one: type them one a line (" +
                           ", then ".join(f"`{clause}`" for clause in said) + "), or ask what they lead to: "
                           f"`what happens if {line.rstrip('?!. ')}?`")

    def _card_named(self, typed: str, fits=None, player: str | None = None) -> str | None:
        """The label of the one card on the board the words typed name, as the scenario reader resolves a card
        (`board.labels_named`: its full or plain name, a start or a near spelling of one), or its label, in any case,
        or the start of one label only (`mtod`: mtod12); None when they name none, or several (`psyc` with two
        Psycho Squads). The resolver of card names in plain words for actions and answers (a lasting change names
        its card by `StatingTheBoard._card_on_board`, on the board as stated). With `fits(label)` (what the action
        needs of the card: a Unit in the field to attack) or `player` (the player the line names), the card they name
        is the one that fits: a label that fits is that card; else the one card of that label or name that fits
        (`goro attacks gigs`: the Goro in the field, not the face-down Legend labelled goro); AskError when
        several fit, naming them; as without them when none fits (the engine then refuses, with its rule)."""
        state, typed = self.result.initial, " ".join(str(typed).split())
        if not typed:
            return None
        whose, _, rest = typed.replace("’", "'").partition(" ")
        owner = next((p for p in self.doc["players"] if whose.casefold() in (f"{p}'s", f"{p}s")), None)
        if owner is not None and rest:  # `bob's corpo`: bob's card of that name
            label = self._card_named(rest, fits, owner)
            return label if label in self.state.cards and self.state.locate(label)[0] == owner else None
        labels = board.labels_in(self.doc)
        same = [label for label in (*labels, *state.cards) if label.casefold() == typed.casefold()]
        found = board.labels_named(state, typed)
        starts = [label for label in labels if label.casefold().startswith(typed.casefold())]
        if fits is not None or player is not None:
            def fitting(label: str) -> bool:
                return label in self.state.cards and (fits is None or fits(label)) and \
                    (player is None or self.state.locate(label)[0] == player)
            if same and fitting(same[0]) and not self._shared_label(typed, same[0], fitting):
                return same[0]
            every = found or board.labels_named(state, typed, every=True)
            keep = [label for label in dict.fromkeys([*same, *every, *starts, *self._by_name(typed)]) if fitting(label)]
            if len(keep) == 1 or len(keep) > 1 and self._copies_in_a_hand(keep):
                return keep[0]
            if len(keep) > 1:
                raise AskError(self._which_of(typed, keep))
        if same:
            return same[0]
        if found:
            return found[0] if len(found) == 1 else None
        return starts[0] if len(starts) == 1 else None

    def _fits(self, key: str):
        """What an action needs of the card under `key`, as `fits(label)` over the board now, or None: a card in
        the field attacks, blocks, carries a Gear or is attacked (4.8, 9.3.1, 4.10.2); a card played is in the
        hand (or a face-up Legend, to GO SOLO); a Legend Called is face-down in the Legends area (4.3.1); a card
        sold is in the hand; a target is a card seen (not in a hand or deck, not face-down)."""
        def where(label: str) -> tuple[str, bool]:
            return self.state.locate(label)[1], self.state.cards[label].face_up
        needs = {"attack": lambda a, up: a == "field", "block": lambda a, up: a == "field",
                 "equip_to": lambda a, up: a == "field", "target": lambda a, up: a == "field",
                 "play": lambda a, up: a == "hand" or (a == "legends" and up),
                 "call": lambda a, up: a == "legends" and not up, "sell": lambda a, up: a == "hand",
                 "targets": lambda a, up: up and a not in ("hand", "deck")}.get(key)
        return None if needs is None else lambda label: needs(*where(label))

    def _is_gear(self, typed: str) -> bool:
        """Whether the card typed (a label or a name on the board) is a Gear, played on a host (4.10.1); True
        when it names none, as `play X on Y` most often equips."""
        from judgekit.ask.board import labels_named
        state = self.result.initial
        found = [typed] if typed in state.cards else labels_named(state, typed)
        return not found or any(state.cards[label].definition.is_type("Gear") for label in found)

    def _read_as_written(self, text: str) -> str:
        """What was typed, as a scenario file writes it (see `typed.as_written`); a rewriting is told with the
        ruling, so the judge sees how it was read."""
        names = self._board_names()
        asked = QUESTION.fullmatch(text.strip())
        player = next((p for p in self.doc["players"] if asked and p.casefold() == asked["player"].casefold()), None)
        action = asked["action"] if player else text
        rewritten = as_written(action, names, self._is_gear,
                               reacting=self._in_react_step() or self._stated_in_react_step(), named=self._card_named,
                               shared=lambda typed: len(self._every_named(typed)) > 1)
        if player and ":" in (rewritten or action) and "by:" not in (rewritten or action):
            rewritten = f"{rewritten or action}, by: {player}"  # `can bob call padre?`: the action, taken by bob
        if rewritten is None:
            return text
        self.read_as = rewritten
        return rewritten

    def _labelled(self, action: dict) -> dict:
        """The action with each card named by its name (`target: goons`) written by its label (`maelstrom`), as the
        scenario reader resolves it (one card on the board of that name), so the document, its listing and its
        answers name the card one way whichever way it was typed. A word that names several cards is the one that
        can do what the action needs (`_fits`), the player's own (`by:`) for the card acting; a choice made so is
        shown in the reading."""
        def label(value, key, player=None):
            if not isinstance(value, str) or value == "gig-area":
                return value
            if key not in CARD_KEYS + ("targets",):
                return value
            mine = player if key not in ("target", "targets") else None
            whose, _, rest = value.partition(" ")
            if rest and whose.casefold() in ("my", "our"):  # `play wild on my psycho`: the acting player's card
                value = f"{by or self.data['board']['turn']}'s {rest}"
            elif rest and whose.casefold() in POSSESSIVES and self._every_named(rest):
                # `play wild on her psycho`: the one card so named, whoever `her` is; of several, whose is asked
                value, chose[0] = rest, chose[0] or len(self._every_named(rest)) == 1
            found = self._named_for(value, key, self._fits(key), mine, out) or value
            plain = value if value in self.state.cards else self._card_named(value) or value
            chose[0] = chose[0] or found != plain
            return found
        by, chose, out, told = action.get("by"), [False], {}, len(self.chosen)
        for key, value in action.items():
            out[key] = label(value, key, by)
        if isinstance(out.get("targets"), list):
            out["targets"] = [label(v, "targets") for v in out["targets"]]
        if isinstance(out.get("react"), list):
            out["react"] = [{k: label(v, k) for k, v in r.items()} if isinstance(r, dict) else r
                            for r in out["react"]]
        if chose[0] and self.read_as is not None or len(self.chosen) > told:
            self.read_as = flow(out)[1:-1]
        return out
