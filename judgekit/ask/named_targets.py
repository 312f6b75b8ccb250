"""A target named for an effect whose first choice is another (10.31): Gilded Matón's "you may defeat a friendly
Gear; if you do, defeat a rival Unit", Overwatch: Panam's Gift's "Discard 1. Defeat a spent rival Unit ...",
Unlikely Bond's ready friendly Unit before the spent rival one. The card named goes to the choice whose legal
answers hold it, not to the first: `play gilded on goons` is the card played, yes to its 'may', each choice before
the target's answered when it has one legal answer only, then the target named, which the engine allows or refuses
as for any answer; a choice before it with several answers, none named, is asked about (`which?`), with the answers
after which the card named may be chosen.
"""
from __future__ import annotations

import re

from judgekit.ask.board import AskError
from judgekit.ask.typed import answered
from judgekit.render.options import flow

CHOSEN = re.compile(r" chooses [^\[]*\[([^\]]+)\] for ")  # a step where the engine chose a card (the only option)


class WhichFirst(AskError):
    """A choice before the named target's has several legal answers, and none of them was named: which?"""


class NamedTargets:
    """For the Session (`_take`, `_may_answer`, `_choice_waiting`, `_waiting_step`, `history`)."""

    def _take_with_targets(self, keys: dict, replaces: int | None) -> str:
        """Take the action typed (in place of action `replaces`, the same one waiting at its 'may'); when its
        targets are refused only because a 'you may' comes first, take it as the target named says: yes, then the
        targets; a card named for a later choice than the first goes to it (`_take_in_turn`)."""
        in_turn = self._take_in_turn(keys, replaces) if "may" not in keys else None
        if in_turn is not None:
            return in_turn
        try:
            return self._take(keys, replaces=replaces)
        except AskError as error:
            if isinstance(keys.get("targets"), list) and "it is waiting for `pay` instead" in str(error):
                return self._paid_first(keys, replaces)
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

    def _paid_first(self, keys: dict, replaces: int | None) -> str:
        """The action typed with its targets when the cards paying for it are chosen first (11.1, a payment whose
        choice changes what happens): taken without the targets, waiting for the payment; the targets named are
        said to be not taken yet, to give once their choice waits."""
        cards, bare = self.state.cards, {k: v for k, v in keys.items() if k != "targets"}
        named = ", ".join(f"{cards[t].definition.full_name} [{t}]" if t in cards else str(t)
                          for t in self._labelled(keys)["targets"])
        said = self._take(bare, replaces=replaces)
        return f"{said}\nNot taken yet: {named}, named as the target; the cards that pay are chosen first. Answer " \
            "that (`options` lists the ways to pay), then name the target when its choice waits."

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
            chosen = self._chosen(0)
            left = [t for t in left if t not in chosen]  # a named card the engine chose as the only option
            if self._choice_waiting()[:1] != ("targets",) or not left:
                break
            legal = self._legal_now()
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

    def _take_in_turn(self, keys: dict, replaces: int | None, before: int = 0, shown=None) -> str | None:
        """The action typed (in place of action `replaces`) when a card named among its `targets` (after the first
        `before`, answers already given) is no legal answer to the first choice it would go to, but is to a later
        one: each choice answered in turn, by the card named that it can take (or by the engine, when it has one
        legal answer), then the action taken so. A choice with several answers none named raises WhichFirst, with
        each answer tried (`shown(targets)`: the line to type with those targets). None when the targets go as
        typed (the engine rules on them)."""
        named = list(self._labelled(keys).get("targets") or [])[before:]
        if not named or not isinstance(keys.get("targets"), list) or any(t not in self.state.cards for t in named):
            return None  # a word naming no card on the board is the engine's to refuse
        bare = {**keys, "targets": keys["targets"][:before]} if before else \
            {k: v for k, v in keys.items() if k != "targets"}

        def written(targets: list) -> str:
            return flow({**bare, **({"targets": targets} if targets else {})})[1:-1]
        start, found = len(self.history), None
        since = max(self.data["actions"][replaces - 1]["steps"], default=0) if replaces else 0
        try:
            if not self._tried(bare, replaces):
                return None
            first = self._chosen(since)[:1] or (self._legal_now() if self._choice_waiting()[:1] == ("targets",) else [])
            if named[0] in first:  # the first choice takes it: the targets go as typed
                return None
            left = self._placed(named, since)
            if left:
                question = self._which_first(left, since, shown or written)
                if question is None:
                    return None
                raise WhichFirst(question)
            if left == []:
                found = dict(self.doc["actions"][-1])
        finally:
            while len(self.history) > start:
                self._take_back()
        if found is None:
            return None
        self.read_as = (shown or written)(found.get("targets", [])[before:])
        return self._take(found, replaces=replaces)

    def _placed(self, named: list[str], since: int) -> list[str] | None:
        """Answer each choice of cards waiting with the card named it can take, in turn: [] when every card named is
        taken (or chosen by the engine as the only option, in a step after step `since`), the cards still to place
        when a choice none of them answers waits, None when a card named is refused where it fits or no choice is
        left for it."""
        left = list(named)
        while True:
            chosen = self._chosen(since)
            left = [t for t in left if t not in chosen]
            if not left:
                return []
            if self._choice_waiting()[:1] != ("targets",):
                return None
            fit = next((t for t in left if t in self._legal_now()), None)
            if fit is None:
                return left
            if not self._tried(answered(self._waiting(), {"targets": [fit]}), len(self.doc["actions"])):
                return None
            left.remove(fit)

    def _choice_unmade(self, since: int) -> bool:
        """Whether, in the last action's steps after step `since`, a choice of cards was not made for want of a
        legal option (10.31.1)."""
        steps = {s["n"]: s for s in self.data["steps"]}
        return any(c["id"] == "effect-choices.no-legal-choice" for n in self.data["actions"][-1]["steps"]
                   if n > since for c in steps[n]["cites"])

    def _chosen(self, since: int) -> list[str]:
        """The cards the engine chose as the only option, in the last action's steps after step `since`."""
        steps = {s["n"]: s for s in self.data["steps"]}
        return [found[1] for n in self.data["actions"][-1]["steps"] if n > since
                for found in [CHOSEN.search(steps[n]["text"])] if found]

    def _which_first(self, left: list[str], since: int, shown) -> str | None:
        """The question a choice before the cards named asks (WhichFirst's message): its answers, and after which
        of them the cards named may be chosen (each tried, up to 8). None when no answer leads to a later choice of
        cards (one with no legal option counted, 10.31.1): the choice waiting is the one the cards named go to."""
        cards, waiting, legal = self.state.cards, self._waiting(), self._legal_now()
        name = lambda t: f"{cards[t].definition.full_name} [{t}]" if t in cards else t  # noqa: E731
        given = list(waiting.get("targets") or [])
        works, fails, start, later = [], [], len(self.history), False
        for answer in legal[:8]:
            ok = self._tried(answered(waiting, {"targets": [answer]}), len(self.doc["actions"]))
            later = later or self._choice_waiting()[:1] == ("targets",) or self._choice_unmade(since)
            ok = ok and self._placed(left, since) == []
            (works if ok else fails).append(answer)
            while len(self.history) > start:
                self._take_back()
        if not works and not later:
            return None
        said = " and ".join(map(name, left))
        text = f"which? {said} is no answer to the choice that comes first: {self._waiting_gist()}. "
        if works:
            text += f"Name its answer too, in order: `{shown([*given, works[0], *left])}`; {said} may be chosen after " \
                f"{' or '.join(map(name, works))}"
            return text + (f", not after {' or '.join(map(name, fails))}." if fails else ".")
        return text + f"After none of its answers ({', '.join(map(name, legal[:8]))}) may {said} be chosen."

    def _tried(self, action: dict, replaces: int | None) -> bool:
        """Put the action in (in place of action `replaces`) and run it, kept in the history to be taken back:
        whether the engine allowed it, no new refusal told (a refused answer or reaction included)."""
        n = replaces or len(self.doc["actions"]) + 1
        told = sum(1 for r in self.data["verdict"]["refused"] if r["action"] == n)

        def edit(doc):
            if replaces is not None:
                doc["actions"][replaces - 1] = action
            else:
                doc["actions"].append(action)
        try:
            self.change(edit)
        except AskError:
            return False
        return self.data["actions"][n - 1]["allowed"] and \
            sum(1 for r in self.data["verdict"]["refused"] if r["action"] == n) <= told

    def _legal_now(self) -> list[str]:
        """The legal answers of the choice of cards waiting."""
        return [str(o) for o in self._waiting_step().options or ()]

    def _waiting_gist(self) -> str:
        """The choice waiting, in a few words."""
        from judgekit.ask.views import gist
        return gist(self.data["verdict"]["awaiting"])
