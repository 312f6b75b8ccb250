"""A target named for an effect that first asks "you may ... if you do" (Gilded Matón: you may defeat a friendly
Gear; if you do, defeat a rival Unit): naming the target is taking the 'may'. `play gilded on goons` is the card
played, yes to its 'may', each choice before the target's answered when it has one legal answer only, then the
target named, which the engine allows or refuses as for any answer.
"""
from __future__ import annotations

import re

from judgekit.ask.board import AskError
from judgekit.ask.typed import answered
from judgekit.render.options import flow


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
            except AskError:
                while len(self.history) > start:
                    self._take_back()
                raise error from None
            del self.history[start + 1:]  # one `undo` takes back the whole line
            return said

    def _the_may_taken(self, keys: dict, replaces: int | None) -> str:
        """The action taken with yes to its 'may' and the targets named: the engine's own run without them first
        tells the choices it made alone (one legal answer each); the named target takes the place of the last of
        them (the "if you do" part's), or answers the choice that waits."""
        named = list(self._labelled(keys)["targets"])
        bare, start = {k: v for k, v in keys.items() if k != "targets"}, len(self.history)
        self._take(bare, replaces=replaces)
        if "('you may')" not in (self.data["verdict"]["awaiting"] or ""):
            raise AskError("no 'you may' waits")
        self._cmd_options()
        may = self.numbered[self._may_answer(True) - 1]["action"]["may"]
        self._take({**self._waiting(), "may": may}, replaces=len(self.doc["actions"]))
        steps = {s["n"]: s for s in self.data["steps"]}
        alone = [found[1] for n in self.data["actions"][-1]["steps"] for found in
                 [re.search(r" chooses [^\[]*\[([^\]]+)\][^:]*: the only option", steps[n]["text"])] if found]
        targets = alone + named if self._choice_waiting()[:1] == ("targets",) else alone[:-1] + named
        while len(self.history) > start:
            self._take_back()
        action = {**bare, "may": may, "targets": targets}
        self.read_as = flow(action)[1:-1]
        return self._take(action, replaces=replaces)
