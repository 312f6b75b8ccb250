"""A question about an action's result, played out to the end on a copy of the session's board: `what happens if
bob blocks with goons?`, `who wins if psycho attacks goons?`, `does psycho beat goons?`, `can psycho attack goons
with no block?`. The action is taken as typed, each React Step ends with no reaction (one named is taken), the ruling
is answered with its first line the result ("Result: Maelstrom Goons [maelstrom] defeated; Psycho Squad [psycho]
stays"), and the board is put back. `is goons a valid target?` lists the engine's options that target it.
"""
from __future__ import annotations

import re

from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.ask.phrasing import PRONOUNS, clauses
from judgekit.ask.shared_names import _strings
from judgekit.engine.defeating import DEFEATED_HOW
from judgekit.plural import counted

WHAT_IF = re.compile(r"(?:what\s+(?:happens|(?:would|will)\s+happen)|who\s+(?:wins|(?:would|will)\s+win))\s+(?:if|when)"
                     r"\s+(?P<action>.+)|(?:what|who\s+wins)\s+if\s+(?P<asked>.+)", re.IGNORECASE)  # `what would happen if`
BEATS = re.compile(r"(?:does|will|would|can)\s+(?P<attacker>.+?)(?<!\sand)\s+(?:beat|win\s+against|defeat|kill)\s+(?P<target>.+)",
                   re.IGNORECASE)  # not `can adam go solo and kill rockn`: a clause of its own (GO SOLO's play)
NO_BLOCK = re.compile(r"(?P<action>.+?)\s+(?:with\s+no\s+blocks?|without\s+(?:a\s+)?blocks?|"
                      r"if\s+\S+\s+(?:doesn'?t|does\s+not)\s+block|and\s+no\s+blocks?|unblocked)", re.IGNORECASE)
WHERE = {"removed": "removed from the game", "legends": "back in the Legends area"}  # a card gone there
TARGET_ASKED = re.compile(r"is\s+(?P<card>.+?)\s+a\s+(?:valid|legal)\s+(?P<attack>attack\s+)?target"
                          r"(?:\s+(?:for|of)\s+(?P<by>.+))?", re.IGNORECASE)  # `... attack target`, `... target for floor it`
TARGET_BY = re.compile(r"(?:(?:can|could|may)\s+(?P<by>.+?)\s+target\s+(?P<card>.+)|"
                       r"is\s+(?P<card2>.+?)\s+(?:targetable|a\s+target)\s+(?:by|for)\s+(?P<by2>.+))",
                       re.IGNORECASE)  # `can floor it target psycho`, `is psycho targetable by floor it`


class PlayedOut:
    """For the Session (`history`, `state`, `data`, `numbered`, `_take_back`, `_table_words`, `_typed_option`)."""

    def _played_out(self) -> str | None:
        """The answer to a question about an action's result, or to `is X a valid target?`; None for any other
        line. The session's board is left as it was."""
        text = re.sub(r"(?i)(?<!\S)w/o(?!\S)", "without", " ".join(self.typed.strip().rstrip("?!. ").split()))
        target = TARGET_ASKED.fullmatch(text)
        if target is not None:
            return self._valid_target(target["card"], bool(target["attack"]), target["by"])
        by = TARGET_BY.fullmatch(text)  # asked of a card by its name only; other words are read as before
        if by is not None and self._card_named(by["by"] or by["by2"]) is not None:
            return self._valid_target(by["card"] or by["card2"], False, by["by"] or by["by2"])
        asked = WHAT_IF.fullmatch(text) or NO_BLOCK.fullmatch(text)
        beats = BEATS.fullmatch(text) if asked is None else None
        if asked is None and beats is None:
            return None
        action = (asked["action"] or asked["asked"]) if asked else f"{beats['attacker']} attacks {beats['target']}"
        unblocked = NO_BLOCK.fullmatch(action) if asked is not None and asked.re is WHAT_IF else None
        action = unblocked["action"] if unblocked else action  # `what if psycho attacks goons without a block`
        if asked is not None and asked.re is NO_BLOCK and action.split()[0].casefold() not in ("can", "may", "could"):
            return None
        names = self._board_names()  # `psycho attacks gigs and bob blocks with corpo`, `... then he passes`
        first, *then = clauses(action, tuple(self.doc["players"]), names | {w for n in names for w in n.split()})
        return self._play_out(first, take=(lambda: self._then_reacts(first, then)) if then else None)

    def _then_reacts(self, first: str, then: list[str]) -> str:
        """The action, then each reaction named after it (`and bob blocks with corpo`) in its React Step; the action
        refused is its refusal, and a reaction refused (a block by a Unit without [BLOCKER]) is told and nothing is
        played out, as the question was about that reaction."""
        said = self._typed_option(self._table_words(first))
        if self.data["actions"] and not self.data["actions"][-1]["allowed"]:
            return said
        for words in then:
            if not self._in_react_step():
                raise AskError(f"{words!r} is a reaction, and after {first!r} no React Step waits for one (9.7.1)")
            read_as, ended, kept = self.read_as, self._react_ended(words), len(self.history)
            self.told_refusal = None
            said = self._typed_option(ended or self._table_words(words))
            if len(self.history) == kept:  # refused, not taken: the refusal's words, as the session told them
                reason = self.told_refusal[1] if self.told_refusal else said
                self.read_as = f"{read_as or first}; then {self.read_as or words}"
                raise AskError(f"No: {words!r} is refused, so nothing is played out: {reason}")
            self.read_as = f"{read_as or first}; then {ended or self.read_as or words}"
        return said

    @staticmethod
    def _react_ended(words: str) -> str | None:
        """`passes`, `he passes` after an action asked about: `pass`, the React Step's end (9.12), as only the
        defending player acts in it; None for other words."""
        folded = words.casefold().split()
        return "pass" if folded[-1:] in (["pass"], ["passes"]) and (len(folded) == 1 or folded[0] in PRONOUNS) \
            and len(folded) <= 2 else None

    def _picked(self, number: int, offered: tuple[list[int], bool] | None) -> str:
        """Option `number`, typed after a line whose options were shown by number: one of those only, and played out
        on a copy when that line was a question (`what happens if psycho attacks?`)."""
        if offered is None:
            return self.pick(number, shown=self.shown)
        numbers, asked = offered
        if number not in numbers:
            self.offered = offered
            raise AskError(f"option {number} is not one of those shown for the last line "
                           f"({', '.join(map(str, numbers))}); pick one of them, or type `options` for the whole list")
        if not asked:
            return self.pick(number)
        if not self.numbered:  # the listing of the board as it was asked about, taken back since
            self._cmd_options()
        self.read_as = text = views.option_text(self.numbered[number - 1])
        said = self._play_out(take=lambda: self.pick(number))
        self.offered = offered  # the board is as it was: another of them may be asked about
        return said if said.startswith("Result: refused") else f"{said} To take it, type `{text}`."

    def _play_out(self, words: str = "", take=None) -> str:
        """Take the action the words say (or `take()` it), end each React Step with no reaction, answer with the
        result first, and take it all back."""
        start = len(self.history)
        try:
            said = take() if take is not None else self._typed_option(self._table_words(words))
            while self._in_react_step() and len(self.history) > start:
                said = self._cmd_pass()
            if len(self.history) == start:
                return said
            result = said.split("\n")[0] if said.startswith("Result") else None
            said = "\n".join([*([result] if result else []), *views.ruling_lines(self.data)])  # every step
            waits = self.data["verdict"]["awaiting"]
            return "\n".join([said, "Only asked: played out on a copy of the board " + (
                f"as far as it goes without a choice ({views.gist(waits)}): take it, then answer" if waits else
                "to the end") + "; the board is as it was."])
        finally:
            while len(self.history) > start:
                self._take_back()

    def _result_line(self, before) -> str:
        """One line: what left play (defeated as the trace says, else where it went: a Gear going along with its
        defeated host is not defeated itself, 4.12), the Gigs that changed hands, and the cards the
        action named that stayed; what the ruling still waits for, if it does."""
        after, action = self.state, self.data["actions"][-1]
        refused = [r for r in self.data["verdict"]["refused"] if r["action"] == action["n"]]
        if not action["allowed"] and refused:
            return f"Result: refused: {first_sentence(refused[-1]['text']).rstrip('.')}."
        moved, came, stayed = [], [], []  # left play (or moved out of it), came into it or moved elsewhere, stayed
        defeated = {s["cards"][0] for s in self.data["steps"] if s["action"] == action["n"] and s["kind"] == "move"
                    and s["cards"] and DEFEATED_HOW in s["text"]}  # a Gear going along with its host is not
        named = {str(v) for v in self.doc["actions"][-1].values()} | \
            {str(v) for r in self.doc["actions"][-1].get("react") or [] if isinstance(r, dict) for v in r.values()}
        for label, card in before.cards.items():
            if label not in after.cards or card.definition.unknown:
                continue
            was, now, name = before.locate(label)[1], after.locate(label)[1], f"{card.definition.full_name} [{label}]"
            in_play = [before.in_play(label) or was == "equipped", after.in_play(label) or now == "equipped"]
            if now == was and label == self.doc["actions"][-1].get("play") and in_play[1]:  # played by this action,
                came.append(f"{name} {'equipped' if now == 'equipped' else f'in the {now}'}")  # answered after entering
            elif now == was and label in named and in_play[1]:
                stayed.append(f"{name} stays")
            elif now != was and in_play == [True, False]:
                where = WHERE.get(now, f"to the {now}")
                moved.append(f"{name} " + (where if label not in defeated else "defeated" if now == "trash" else
                                           f"defeated, then {where}"))  # 4.4.1: a Legend defeated leaves the trash
            elif now != was:
                came.append(f"{name} " + ("equipped" if now == "equipped" else f"in the {now}" if in_play[1] else
                                           WHERE.get(now, f"to the {now}")))
            elif label in named and in_play[0]:
                stayed.append(f"{name} stays")
        gigs = [f"{p} has {counted(len(after.players[p].gigs), 'Gig')} (had {len(before.players[p].gigs)})"
                for p in after.players if len(after.players[p].gigs) != len(before.players[p].gigs)]
        verdict = self.data["verdict"]
        over = ([f"game over: {'a tie' if verdict['tie'] else verdict['winner'] + ' wins'}"]
                if verdict.get("tie") or verdict.get("winner") else [])
        turn = [f"{after.turn}'s turn now"] if after.turn != before.turn and not over else []
        return f"Result: {'; '.join(over + moved + came + stayed + gigs + turn) or 'no card moves'}."

    def _valid_target(self, typed: str, attack: bool = False, by: str | None = None) -> str:
        """Whether the card is a valid target now, from the engine: its options that name it as their target, and
        each play or reaction allowed whose target is chosen as it resolves, tried with it (`_tried_on`); only
        attacks when an attack's target is asked (9.3.2), only the card named when asked `for` one. Words naming
        several cards (two Psycho Squads) are answered for each."""
        acting = None
        if by is not None:
            acting = self._card_named(by)
            if acting is None:
                raise AskError(f"no card {by!r} on the board (`board` lists them)")
        several = self._for_each(typed, lambda label: self._target_answer(label, attack, acting))
        if several is not None:
            return several
        label = self._card_named(typed)
        if label is None:
            raise AskError(f"no card {typed!r} on the board (`board` lists them)")
        return self._target_answer(label, attack, acting)

    def _target_answer(self, label: str, attack: bool = False, acting: str | None = None) -> str:
        """The answer for one card: Yes with what may target it, else No with each refusal and its rule; `attack`:
        of the attacks only; `acting`: of the options of that card only."""
        self._cmd_options()

        def asked(option: dict) -> bool:
            return (not attack or "attack" in option["action"]) and \
                (acting is None or acting in _strings(option["action"]) | {option.get("typed")})
        numbered = [(n, o) for n, o in enumerate(self.numbered, 1) if asked(o)]
        found = [(n, o) for n, o in numbered if o["action"].get("target") == label
                 or label in (o["action"].get("targets") or [])]
        allowed, refused = ([], []) if attack else self._tried_on(label, [o for _, o in numbered if o["allowed"]])
        yes = [views.option_text(o) for _, o in found if o["allowed"]] + allowed
        chooses = [o for _, o in numbered if {"play", "quick", "activate"} & set(o["action"])]  # ways it may choose
        if not found and not allowed and not refused and acting is not None and chooses and \
                not any(o["allowed"] for o in chooses):
            return self._unplayable_answer(label, acting, chooses[0])
        if not found and not allowed and not refused:
            return f"Nothing now may target {label}{' in an attack' if attack else f' with {acting}' if acting else ''}" \
                ": no option names it, and no card that may be played or used now can choose it; `options` lists " \
                "what may be done."
        no = "no attack may target" if attack else f"{acting} may not target" if acting else "nothing may target"
        lines = [f"Yes, for: {', '.join(f'`{t}`' for t in yes)}." if yes else f"No: {no} {label} now."]
        self._cmd_options()
        return "\n".join(lines + [line for n, o in found if not o["allowed"] for line in views.option_lines(n, o)] +
                         [f"   {text}" for text in refused])

    def _unplayable_answer(self, label: str, acting: str, option: dict) -> str:
        """Asked whether `label` is a valid target for `acting`, a card none of whose options is allowed now: that
        the card can't be played or used now and why (the engine's refusal), apart from whether `label` meets what
        its effects would choose (requirements.fits, 10.7, 10.31), which the refusal does not decide."""
        from judgekit.engine import choices, requirements
        from judgekit.engine.context import Context, SeededRandom
        from judgekit.engine.requirement_words import describe
        from judgekit.engine.trace import Recorder
        from judgekit.plural import with_article
        card = self.state.cards[acting]
        name, target = f"{card.definition.full_name} [{acting}]", f"{self.state.cards[label].definition.full_name} [{label}]"
        what = "played" if "play" in option["action"] else "used"
        said = [f"Not now: {name} can't be {what} now, whatever its target: {option['why'].rstrip('.')} "
                f"({views.cites(option['cites'])})."]
        needs = [(effect, effect.targets[0]) for effect in card.definition.effects if effect.targets]
        if not needs:
            gear = self.state.is_a(acting, "Gear")  # its host is chosen as it is played (11.6.1), no effect's target
            return "\n".join(said + [f"   {name} is a Gear: the card it is equipped to is chosen as it is played, not as "
                                     "an effect's target." if gear else
                                     f"   {name}'s effects choose no target, so {target} is not one for it."])
        ctx = Context(state=self.state.copy(), rec=Recorder(), rng=SeededRandom(0), seed=0)
        controller = self.state.controller(acting) or card.owner
        for effect, need in needs:  # what it needs (10.31), then whether its parts could act on it (10.7)
            why = requirements.fits(ctx, label, need, controller, acting)
            part = None if why else choices.part_unusable(ctx, effect, "target", label, controller, acting)
            why = why or (part.why.rstrip(".") if part is not None else None)
            wanted = with_article(describe(need))
            said.append(f"   As a target, {target} would fit: it is {wanted}, as {name} needs." if not why else
                        f"   As a target, {target} would not fit either: {why} (it needs {wanted}).")
        return "\n".join(said)

    def _tried_on(self, label: str, options: list[dict]) -> tuple[list[str], list[str]]:
        """Each option allowed that names no target (a play, a [QUICK] reaction, an effect used) taken on a copy with
        the card as its target, as `can alice play floor it on corpo?` is: those the engine allows choosing it for,
        and those it refuses for it, with the rule."""
        from judgekit.ask.typed import mapping
        kinds, waiting, read_as = ("play", "quick", "activate"), self._waiting(), self.read_as
        allowed, refused = [], []
        for option in options:
            keys = mapping(option.get("typed") or "") if waiting is not None else dict(option["action"])
            if not keys or not any(k in kinds for k in keys) or "target" in keys or "targets" in keys:
                continue
            keys = {**keys, "targets": [label]}
            written = ", ".join(f"{k}: {v}" for k, v in keys.items() if k != "by").replace("'", "")
            start, self.ruled, self.told_refusal = len(self.history), None, None
            try:
                self._typed_action(keys, written)
                chose = any(s["action"] == len(self.doc["actions"]) and " chooses " in s["text"] and
                            f"[{label}]" in s["text"] for s in self.data["steps"])
                refusal = self._refused_for(label)
                if len(self.history) > start and self.data["actions"][-1]["allowed"] and chose:
                    allowed.append(written)
                elif refusal is not None:  # told as the session told it: an answer or a reaction, else the result
                    told = self.told_refusal[0] if self.told_refusal else \
                        f"refused: {first_sentence(refusal.text).rstrip('.')}."
                    refused.append(f"`{written}`: {told}")
            except AskError:
                pass
            finally:
                while len(self.history) > start:
                    self._take_back()
        self.read_as = read_as
        return allowed, refused

    def _refused_for(self, label: str):
        """The engine's refusal of the action just tried (`ruled`: the last change, taken back or not) or of a
        reaction in it, when it turns down `label` named for a choice (`Refusal.chosen`); else None."""
        outcome = self.ruled.outcomes[-1] if self.ruled is not None and self.ruled.outcomes else None
        if outcome is None:
            return None
        refusals = ([outcome.refusal] if outcome.refusal is not None else []) + \
            [refusal for _, refusal in outcome.refused_reactions]
        return next((refusal for refusal in refusals if label in refusal.chosen), None)


def first_sentence(text: str) -> str:
    """The text up to the end of its first sentence: a full stop followed by a space or the end, outside any
    brackets (`(cost 7; ...) costs 5 €$ ...` is one sentence)."""
    depth = 0
    for at, char in enumerate(text):
        depth += (char in "([") - (char in ")]")
        if char == "." and depth <= 0 and (at + 1 == len(text) or text[at + 1] == " "):
            return text[:at + 1]
    return text
