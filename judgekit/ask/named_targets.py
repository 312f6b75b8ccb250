"""A target named for an effect that first asks "you may ... if you do" (Gilded Matón: you may defeat a friendly
Gear; if you do, defeat a rival Unit): naming the target is taking the 'may'. `play gilded on goons` is the card
played, yes to its 'may', each choice before the target's answered when it has one legal answer only, then the
target named, which the engine allows or refuses as for any answer.
"""
from __future__ import annotations

import re

from judgekit.ask.board import AskError
from judgekit.render.options import flow


class WhichFirst(AskError):
    """A choice before the named target's has several legal answers, and none of them was named: which?"""


class NamedTargets:
    """For the Session (`_take`, `_may_answer`, `_choice_waiting`, `_waiting_step`, `history`)."""

    def _take_with_targets(self, keys: dict, replaces: int | None) -> str:
        """Take the action typed (in place of action `replaces`, the same one waiting at its 'may'); when its
        targets are refused only because a 'you may' comes first, take it as the target named says: yes, then the
        targets."""
        try:
            return self._take(keys, replaces=replaces)
        except AskError as error:
            if not isinstance(keys.get("targets"), list) or "may" in keys or "`may`" not in str(error):
                raise
            start = len(self.history)
            try:
                said = self._the_may_taken(keys, replaces)
            except AskError as which:
                while len(self.history) > start:
                    self._take_back()
                if isinstance(which, WhichFirst):
                    raise
                raise error from None
            del self.history[start + 1:]  # one `undo` takes back the whole line
            return said

    def _the_may_taken(self, keys: dict, replaces: int | None) -> str:
        """The action taken with yes to its 'may' and the targets named, each put to the choice it can answer (one
        of the legal answers the engine lists for it); a choice none of them answers is the engine's when it has one
        legal answer, else WhichFirst asks which. Targets left when no choice waits are given as typed (the
        engine refuses them with its rule)."""
        left = list(self._labelled(keys)["targets"])
        named = set(left)
        bare, start = {k: v for k, v in keys.items() if k != "targets"}, len(self.history)
        self._take(bare, replaces=replaces)
        if "('you may')" not in (self.data["verdict"]["awaiting"] or ""):
            raise AskError("no 'you may' waits")
        self._cmd_options()
        may = self.numbered[self._may_answer(True) - 1]["action"]["may"]
        self._take({**self._waiting(), "may": may}, replaces=len(self.doc["actions"]))
        while True:
            steps = {s["n"]: s for s in self.data["steps"]}
            chosen = [found[1] for n in self.data["actions"][-1]["steps"] for found in
                      [re.search(r" chooses [^\[]*\[([^\]]+)\] for ", steps[n]["text"])] if found]
            left = [t for t in left if t not in chosen]  # a named card the engine chose as the only option
            if self._choice_waiting()[:1] != ("targets",) or not left:
                break
            legal = [str(o) for o in self._waiting_step().options]
            fit = next((t for t in left if t in legal), None)
            if fit is None:
                cards = self.state.cards
                example = flow({**bare, "may": may, "targets": [*chosen, legal[0], *left]})[1:-1]
                said = ", ".join(f"{cards[t].definition.full_name} [{t}]" if t in cards else t for t in left)
                raise WhichFirst(f"which? a choice with {len(legal)} legal answers waits, and {said} is none of "
                                 f"them (if meant for it, it can't be chosen for it): {self._waiting_gist()}. Name "
                                 f"its answer too, in order, e.g. `{example}`")
            left.remove(fit)
            self._take({**bare, "may": may, "targets": [*chosen, fit]}, replaces=len(self.doc["actions"]))
        while len(self.history) > start:
            self._take_back()
        auto = [i for i, c in enumerate(chosen) if c not in named][-len(left):] if left else []
        targets = [c for i, c in enumerate(chosen) if i not in auto] + left  # a card named in place of the
        action = {**bare, "may": may, "targets": targets}  # engine's only option there: the engine rules on it
        self.read_as = flow(action)[1:-1]
        return self._take(action, replaces=replaces)

    def _waiting_gist(self) -> str:
        """The choice waiting, in a few words."""
        from judgekit.ask.views import gist
        return gist(self.data["verdict"]["awaiting"])
