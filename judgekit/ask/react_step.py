"""`judgekit ask` in an attack's React Step (9.7-9.12): only the defending player reacts, only while the step
waits, and `pass` ends it. Reactions join the attack waiting in the session's document, as a scenario file writes
them (`react:`, with `more: true` while the step stays open).
"""
from __future__ import annotations

from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.ask.typed import answered
from judgekit.engine.action_kinds import REACTIONS
from judgekit.render.options import flow


REACTION_KEYS = ("block", "call", "quick", "effect", "equip_to", "pay", "x")  # what a `react:` item holds


class InTheReactStep:
    """The React Step's part of `judgekit ask`'s Session (which provides `doc`, `data`, `_waiting`, `_take` and
    `_gear_as_its_host`)."""

    def _react(self, keys: dict, attack: dict) -> str:
        """A reaction typed while an attack waits joins its React Step (9.7), only while the step waits for one
        and no choice is pending (9.11); the keys a reaction does not hold (`targets:`) answer the attack's
        choices, as a scenario file writes them."""
        self._no_choice_waits_in_the_react_step()
        self._the_react_step_waits(next(k for k in keys if k in REACTIONS))
        keys = self._by_the_defender(self._gear_as_its_host(keys), attack)
        reaction = {k: v for k, v in keys.items() if k in REACTION_KEYS}
        joined = answered(attack, {k: v for k, v in keys.items() if k not in REACTION_KEYS})
        joined["react"] = [r for r in joined.get("react") or [] if r != {"more": True}] + [reaction, {"more": True}]
        given = attack.get("targets") if isinstance(attack.get("targets"), list) else []
        in_turn = self._take_in_turn(joined, len(self.doc["actions"]), len(given), lambda targets: flow(
            {**reaction, **({"targets": targets} if targets else {})})[1:-1])  # a target for a later choice than the first
        return in_turn if in_turn is not None else self._take(joined, replaces=len(self.doc["actions"]))

    def _by_the_defender(self, keys: dict, attack: dict) -> dict:
        """A reaction typed with `by:`: the defending player's own is the reaction as written without it; the
        attacking player's is refused, as only the defending player reacts (9.7.1)."""
        if "by" not in keys:
            return keys
        attacker = attack.get("by") or self.data["board"]["turn"]
        if str(keys["by"]).casefold() == str(attacker).casefold():
            reaction = next(k for k in keys if k in REACTIONS)
            raise AskError(f"No: in the React Step only the defending player reacts (9.7.1); {attacker}, the attacking "
                           f"player, takes no reaction (`{reaction}:`) in it" +
                           ("; a player Calls a Legend in their own Main Phase, or as a reaction when a rival Unit "
                            "attacks them" if reaction == "call" else ""))
        return {k: v for k, v in keys.items() if k != "by"}

    def _cmd_pass(self, rest: str = "") -> str:
        """9.12: the defending player ends the React Step (the waiting attack's `more: true` dropped)."""
        if self._stated_in_react_step():
            return self._resume_stated_attack([])
        self._no_choice_waits_in_the_react_step()
        if not self._in_react_step():
            raise AskError("no React Step waits now: `pass` ends the defending player's React Step (9.12). To end "
                           "the turn: `pass turn` (or `eot`); to decline a choice, answer it (`options` lists the answers)")
        return self._take(answered(self._waiting(), {"react": []}), replaces=len(self.doc["actions"]))

    _cmd_done = _cmd_pass

    def _in_react_step(self) -> bool:
        """Whether the ruling waits in a React Step for the defending player's next reaction (9.7, 9.12)."""
        steps = self.data["steps"]
        return self._waiting() is not None and bool(steps) and steps[-1]["kind"] == "await" and \
            any(cite["id"] == "react-step" for cite in steps[-1]["cites"])

    def _no_choice_waits_in_the_react_step(self) -> None:
        """AskError when the ruling waits in an attack's React Step for a choice (a [QUICK] card's target): the
        defending player reacts again, or ends the step, only once it is made and nothing is pending (9.11, 9.12)."""
        waiting = self._waiting()
        if waiting is not None and {"more": True} in (waiting.get("react") or []) and not self._in_react_step():
            raise AskError(f"a choice waits to be answered first ({views.gist(self.data['verdict']['awaiting'])}); "
                           "the defending player reacts again, or ends the React Step, only once it is made and "
                           "nothing is pending (9.11, 9.12). Answer it (`options` lists the answers)")

    def _the_react_step_waits(self, reaction: str) -> None:
        """AskError when the attack the ruling waits in is not in its React Step: the defending player reacts only
        there (9.7.1), and once the step has ended (9.12) the attack goes on without reactions (9.14)."""
        if self._in_react_step():
            return
        ended = "react" in self._waiting() and {"more": True} not in self._waiting()["react"]
        raise AskError(f"`{reaction}:` can't be taken now: " +
                       ("the React Step of this attack has ended (9.12) and the attack goes on without reactions"
                        if ended else "this attack's React Step has not begun")
                       + f"; the ruling waits for a choice ({views.gist(self.data['verdict']['awaiting'])}). The "
                       "defending player reacts only in the React Step (9.7.1). Answer the choice (`options` lists "
                       "the answers)" + (", or `undo` to go back into the React Step" if ended else ""))

    def _stated_in_react_step(self) -> bool:
        """A board stated in the React Step of an attack (`attack: {step: react}`), no action taken yet: the
        defending player's reactions go on with `resume_attack` (9.7)."""
        attack = self.data["board"].get("attack") or {}
        return not self.doc["actions"] and attack.get("step") == "react"

    def _resume_stated_attack(self, react: list) -> str:
        """The attack of a board stated in its React Step goes on with these reactions (`react:` as in a file)."""
        return self._take({"resume_attack": True, "react": react}, replaces=None)

    def _played_as_a_reaction(self, keys: dict, in_attack: bool) -> dict:
        """`play: X` typed in a React Step for a card in the defending player's hand: the defending player plays it
        only as a [QUICK] reaction (9.10), so it is read as `quick: X` (refused with its rule if X has no [QUICK]).
        X is the card of the player the line names (`bob plays floor it`: bob's Floor It, whoever else holds one),
        or, with no player named, the defending player's, the one who acts in the step (9.7.1). `activate: X` there is
        the use of X's [QUICK] effect as a reaction (9.10), `quick: X`."""
        if not in_attack or not self._in_react_step():
            return keys
        if isinstance(keys.get("activate"), str) and (self._card_named(keys["activate"]) or "") in self.state.cards:
            keys = {("quick" if k == "activate" else k): v for k, v in keys.items()}
            self.read_as = flow(keys)[1:-1]
            return keys
        if not isinstance(keys.get("play"), str):
            return keys
        turn = self.data["board"]["turn"]
        player = next((p for p in self.doc["players"] if p.casefold() == str(keys.get("by") or "").casefold()), None)
        defender = next((p for p in self.doc["players"] if p != turn), None)
        card = self._card_named(keys["play"], lambda label: self.state.locate(label)[1] == "hand", player or defender)
        holder, area = self.state.locate(card) if card in self.state.cards else (None, None)
        if (area != "hand" or holder == turn) and player in (None, defender):
            raise AskError(f"No: {defender}, the defending player, holds no card {keys['play']!r} in hand to play "
                           "as a reaction (9.7.1, 9.10: a [QUICK] card from the hand)" +
                           (f"; {keys['play']!r} is {self.state.cards[card].definition.full_name} [{card}], in "
                            f"{holder}'s {area}" if holder is not None else "") +
                           "; `options` lists the reactions")
        if area != "hand" or holder == turn:
            return keys
        keys = {("quick" if k == "play" else k): (card if k == "play" else v) for k, v in keys.items()
                if k != "by" or str(v).casefold() != holder}
        self.read_as = flow(keys)[1:-1]
        return keys
