"""`judgekit ask`'s questions and names: a question (`can psycho attack johnny?`) is ruled on the board as it is and
not kept; one on the board (`royce power?`, `what can bob do?`) is answered from it and the options; a card's name
typed alone takes no action, and one not on the board is said to be missing; a target refused is told apart from
the card it was chosen for."""
from __future__ import annotations

import copy
import re

from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.ask.document import built_text
from judgekit.ask.phrasing import ASKING
from judgekit.engine import persistent

QUESTION_WORDS = (*ASKING, "does", "is", "are", "will", "would", "should", "did", "has", "was", "were")
POWER_ASKED = re.compile(r"(?:what(?:'?s|\s+is)\s+(?:the\s+)?)?(?:power\s+of\s+(?P<of>.+?)|(?P<card>.+?)(?:'s|')?"
                         r"\s+power)(?:\s+now)?|how\s+much\s+power\s+(?:does|has)\s+(?P<has>.+?)(?:\s+have)?(?:\s+now)?",
                         re.IGNORECASE)  # `royce power?`, `what is royce's power?`
CRED_ASKED = re.compile(r"(?:what(?:'?s|\s+is)\s+(?:the\s+)?)?(?P<who>[\w-]+?)(?:'s|')?\s+street\s*cred(?:\s+now)?"
                        r"|who\s+has\s+(?:the\s+)?(?:more|less|most|higher|lower)\s+street\s*cred(?:\s+now)?",
                        re.IGNORECASE)  # `alice street cred?`, `who has more street cred?`
DOING_ASKED = re.compile(r"what\s+(?:can|may|could)\s+(?P<who>.+?)\s+do(?:\s+now)?",
                         re.IGNORECASE)  # `what can bob do?`
CHANGE_WORDS = ("gets", "gains", "loses", "has", "get", "gain", "lose", "have")  # `psycho loses 2 power` states


def a_question(typed: str) -> bool:
    """Whether a line typed asks (ends with `?`, or starts `can`, `may`, `does`, `is`...) rather than acts; a card's
    power named with no change (`royce power`, `whats royces power`) asks it, as a lasting change has an amount."""
    words = typed.strip().split()
    return typed.rstrip().endswith("?") or bool(words) and words[0].casefold() in QUESTION_WORDS and \
        not (len(words) > 1 and words[1].endswith(":")) or _power_asked(typed) is not None or \
        CRED_ASKED.fullmatch(" ".join(typed.replace("’", "'").strip().rstrip("?!. ").split())) is not None


def _power_asked(typed: str) -> re.Match | None:
    """The match of a question on a card's power (`royce power`, `what's the power of royce`), or None: a line
    naming a change to it (`psycho loses 2 power`, `johnny has 8 power`) states."""
    asked = POWER_ASKED.fullmatch(" ".join(typed.replace("’", "'").strip().rstrip("?!. ").split()))
    said = (asked["of"] or asked["card"] or "").split() if asked else []
    return None if asked is None or any(w.casefold() in CHANGE_WORDS or w.lstrip("+-−").isdigit() or ":" in w
                                        for w in said) else asked


class Asking:
    """Questions and bare names, for the Session (its history, state, listing and card resolver)."""

    def _only_asked(self, kept: int) -> str:
        """Put the board back as it was before a question's action (it was ruled on, not taken), and say what to
        type to take it: the words without `?`, or the action as written when they would still ask (nothing, when
        it is refused)."""
        asked, refused = self.typed, bool(self.data["actions"]) and not self.data["actions"][-1]["allowed"]
        while len(self.history) > kept:
            self._take_back()
        if refused:
            return "Only asked: nothing was taken; it is refused, and typed without `?` it would be refused the " \
                "same (`options` lists what may be done now)."
        words = asked.rstrip().rstrip("?").rstrip()
        take = words if not a_question(words) else self.read_as or words.split(" ", 1)[-1]
        return f"Only asked: nothing was taken. To take it, type `{take}`."

    def _inverted_question(self, line: str) -> str | None:
        """`is psycho spent?`, `are goons spent`, `psycho is spent?`: the card statement asked (`psycho spent`), or
        what happened this turn asked (`has alice called?`: `alice called`), which the session then answers as a
        question, leaving the board as it is; None for any other line."""
        done = self._done_asked(line)  # `has alice called?`, `did alice play psycho?`
        if done is not None:
            return done
        if line.rstrip().endswith("?") and not line.strip().casefold().startswith(("is ", "are ")):
            read_as, said = self.read_as, self._fact_said(line.strip().rstrip("?!. "))  # `psycho is spent?`
            word, _, flags = (said or "").partition(" ")
            if said and self._states_a_card(word, flags):
                return said
            self.read_as = read_as
            return None
        first, _, rest = line.strip().rstrip("?!. ").partition(" ")
        if first.casefold() not in ("is", "are") or not rest:
            return None
        said = self._fact_said(rest) or rest
        word, _, flags = said.partition(" ")
        return said if self._states_a_card(word, flags) else None

    def _the_card_named(self, line: str) -> str | None:
        """The label of the one card on the board the words alone name, or None."""
        return line.strip() if line.strip() in self.state.cards else self._card_named(line.strip())

    def _a_bare_name(self, line: str) -> None:
        """A card's name typed alone (`psycho`) when no choice of cards waits takes no action: AskError saying where
        the card is and what to type (its options now, written out)."""
        label = self._the_card_named(line)
        if label is not None:
            raise AskError(f"{line!r} names a card, not an action: {self._what_it_may_do(label)}")

    def _what_it_may_do(self, label: str) -> str:
        """Where the card is, and what it may do now as the engine's options list it, written out."""
        if not self.numbered:
            self._cmd_options()
        card, (holder, area) = self.state.cards[label], self.state.locate(label)
        shown = [views.option_text(o) for o in self.numbered if o["allowed"] and words_within(label, views.option_text(o))]
        can = ("What it may do now, typed so: " + ", ".join(f"`{text}`" for text in shown[:4])) if shown else \
            "Type what it does, in words or as a scenario file writes it; `options` lists what may be done now"
        return f"{card.definition.full_name} [{label}], in {holder}'s {area}" \
            f"{', spent' if card.spent and self.state.in_play(label) else ''}. {can}"

    def _no_card_named(self, line: str) -> None:
        """AskError for a line refused because a card it names is not on the board: the word in a card's place (the
        first, or one after an action's verb) that names no card on the board but names one in the pool
        (`voodoo gets adrenaline`, `attack psycho rockerboy`), a question's word and its player aside (`can valentino
        attack corpo?`, `can he sell mantis?`)."""
        from judgekit.ask.phrasing import PRONOUNS
        from judgekit.ask.typed import GIG_AREA_WORDS, SEPARATORS
        from judgekit.engine.action_kinds import ACTION_KINDS, REACTIONS
        words = [w.strip(",.?!:[]") for w in line.split()]
        if words[:1] and words[0].casefold() in QUESTION_WORDS:
            words = words[1 + bool(words[1:2] and words[1].casefold() in (*self.doc["players"], *PRONOUNS)):]
        verb = words[0].casefold() if words else ""
        placed = words[1:] if verb in ACTION_KINDS or verb in REACTIONS else words[:1]
        known = {w for name in self._board_names() for w in name.split()} | set(self.doc["players"])
        for word in placed:
            folded = word.casefold()
            if len(folded) < 3 or folded in known or folded in SEPARATORS + GIG_AREA_WORDS or self._card_named(word):
                continue
            match = self.pool.match(word)
            if match.found is not None or match.how == "ambiguous":
                meant = f"{match.found} is not stated" if match.found else \
                    f"{' or '.join(match.candidates[:3])}: neither is stated"
                where = " or ".join(f"`{player} field {word}`" for player in self.doc["players"])
                raise AskError(f"no card {word!r} on the board ({meant}); state it first ({where}); `board` lists "
                               "the cards there")

    def _attacks_asked(self, keys: dict, found: list[int]) -> str | None:
        """`can psycho attack?`, an attack asked with no target (9.3): its attacks the options list (`found`), or,
        when they list none (a card in a hand or a Legends area, the Rival's on the turn player's turn), the engine's
        ruling on it against each target its Rival offers; answered Yes or No, the board unchanged. None when the
        card named is not on the board."""
        attacker = self._labelled(keys)["attack"]
        if attacker not in self.state.cards:
            return None
        name = f"{self.state.cards[attacker].definition.full_name} [{attacker}]"
        asker = keys.get("by")  # `can bob attack with psycho?`: whether bob may, not whether the card may at all
        may, cannot = (f"{asker} may attack with {name}", f"{asker} can't attack with {name} now") if asker else \
            (f"{name} may attack", f"{name} can't attack now")
        if found:
            shown = [self.numbered[i - 1] for i in found[:8]]
            self.shown, self.offered = True, (found[:8], True)  # a number picks among them only
            head = f"Yes: {may}; pick one by number to rule on it:" if any(o["allowed"] for o in shown) \
                else f"No: {cannot}; each attack it might make is refused:"
            return "\n".join([head, *(t for i in found[:8] for t in views.option_lines(i, self.numbered[i - 1], True))])
        holder = self.state.locate(attacker)[0]
        rival = next((p for p in self.doc["players"] if p != holder), holder)
        said, start = {}, len(self.history)
        for target in ["gig-area", *(c for c in self.state.cards if self.state.locate(c) == (rival, "field"))]:
            action = {"by": holder, **{k: v for k, v in keys.items() if k != "attack"}, "attack": attacker,
                      "target": target}
            self.change(lambda doc, action=action: doc["actions"].append(action))
            outcome = self.data["actions"][-1]
            refused = [r for r in self.data["verdict"]["refused"] if r["action"] == len(self.doc["actions"])]
            why = "allowed" if outcome["allowed"] or not refused else \
                f"{refused[-1]['text']} ({views.cites(refused[-1]['cites'])})"
            said.setdefault(why, []).append("its Rival's Gig area" if target == "gig-area" else
                                            f"{self.state.cards[target].definition.full_name} [{target}]")
            while len(self.history) > start:
                self._take_back()
        if list(said) == ["allowed"]:
            return f"Yes: {may} against {', '.join(said['allowed'])}." if asker else \
                f"Yes: {may} {', '.join(said['allowed'])}."
        if "allowed" not in said and len(said) == 1:
            return f"No: {cannot}: {next(iter(said))}"
        return "\n".join([f"{'Yes' if 'allowed' in said else 'No'}: {name}'s attacks, by target:",
                          *(f"  - {', '.join(targets)}: {why}" for why, targets in said.items())])

    def _another_target(self, action: dict) -> str | None:
        """For an action refused for a target it was given (10.31, `play: over, targets: [rockn]`), whether the
        card may be used with another: the engine's own run of the action with no targets given, and the choices
        it then waits on (None when the refusal is not for a target, or the action is refused without them too)."""
        from judgekit.engine.actions import waits
        from judgekit.ruling import run_scenario
        from judgekit.scenario.build import build
        from judgekit.scenario.yaml_lines import InputError
        refused = [r for r in self.data["verdict"]["refused"] if r["action"] == len(self.doc["actions"])]
        if not isinstance(action.get("targets"), list) or self.data["actions"][-1]["allowed"] or not refused or \
                "effect-choices" not in (c["id"] for c in refused[-1]["cites"]):
            return None
        doc = copy.deepcopy(self.doc)
        doc["actions"][-1] = {key: value for key, value in action.items() if key != "targets"}
        try:
            result = run_scenario(build(built_text(doc), "<ask>", self.book))
        except InputError:
            return None
        outcome = result.outcomes[-1]
        if not outcome.allowed:
            return None
        kind = next(key for key in action if key != "by")
        said = "".join(f"{self.state.cards[t].definition.full_name} [{t}] is in {holder}'s {area}, out of play. "
                       for t in action["targets"] if t in self.state.cards and not self.state.in_play(t)
                       for holder, area in [self.state.locate(t)])  # where a card named out of play is (5.6.2.2)
        said += f"The target is what is refused, not the {kind}: taken with no target named, it is allowed"
        step = waits(outcome)
        if step is not None and step.options:
            cards = result.final.cards
            choices = [f"{cards[o].definition.full_name} [{o}]" if o in cards else str(o) for o in step.options]
            return f"{said}, and its legal choices are {', '.join(choices)}."
        chosen = [s.text for s in outcome.steps if {"effect-choices", "effect-choices.no-legal-choice"} & set(s.cites)]
        return f"{said}: {'; '.join(text.rstrip('.') for text in chosen)}." if chosen else None

    def _asked_about_the_board(self) -> str | None:
        """A question on the board now, answered from it and from the options, changing nothing: a card's power
        (`royce power?`, `what is royce's power?`) and what a player or a card may do (`what can bob do?`); None for
        any other line."""
        played = self._played_out() if a_question(self.typed) or self.typed.split()[0].casefold() in ("what", "who") \
            else None
        if played is not None:
            return played
        text = " ".join(self.typed.strip().rstrip("?!. ").split())
        had = self._had_asked(text) if a_question(self.typed) else None  # `does psycho have lag?`
        if had is not None:
            return had
        cred = CRED_ASKED.fullmatch(text.replace("’", "'"))
        if cred is not None:
            return self._street_cred_now(cred["who"])
        doing, power = DOING_ASKED.fullmatch(text), _power_asked(self.typed)
        asks = a_question(self.typed) or text.split()[0].casefold() in ("what", "how")
        if doing is None and power is None or not asks:
            return None
        who = doing["who"] if doing else power["of"] or power["card"] or power["has"]
        player = next((p for p in self.doc["players"] if p.casefold() == who.casefold()), None)
        if doing and player is not None:
            return self._what_a_player_may_do(player)
        several = None if doing else self._for_each(who, self._power_now)
        if several is not None:
            return several
        label = self._card_named(who)
        if label is None and not doing and who.casefold().endswith("s"):  # `psychos power`: its apostrophe not typed
            label = self._card_named(who[:-1])
        if label is None:
            raise AskError(f"no card {who!r} on the board (`board` lists them)" + (
                f"; and no player {who!r}: the players are {', '.join(self.doc['players'])}" if doing else ""))
        return self._what_it_may_do(label) if doing else self._power_now(label)

    def _power_now(self, label: str) -> str:
        """A card's power now, as the board shows it, with its parts (its Gear's, its effects', what it has only
        while fighting), or its printed power out of play."""
        seen = next((c for p in self.data["board"]["players"].values() for cards in p.values()
                     if isinstance(cards, list) for c in cards if isinstance(c, dict) and c.get("label") == label), {})
        card, (holder, area) = self.state.cards[label].definition, self.state.locate(label)
        name = card.full_name
        if seen.get("power") is None:
            printed = f"its printed power is {card.printed_power}" if card.power is not None else "it has no power"
            return f"{name} [{label}] is in {holder}'s {area}: {printed}; Gear and effects add to a Unit's or a " \
                "Legend's power in play (3.17.2)."
        parts = persistent.power_parts_said(self.state, label)  # as the fight's line says them (3.17.2, 9.16.1)
        return f"{name} [{label}] has {seen['power']} power now" + (f": {parts}." if parts else ".")

    def _street_cred_now(self, who: str | None) -> str:
        """Each player's Street Cred now, the sum of their Gig values (11.2.1), or Null with no Gig (11.2.3), which
        is below every number (5.11.4.2); fixer dice add nothing (5.10.3). The player named first, else the turn
        player's, then the comparison the cards' "more/less Street Cred than a Rival" read."""
        from judgekit.engine.conditions import cred_rank, street_cred
        players = list(self.doc["players"])
        first = self.state.turn
        if who is not None:
            first = next((p for p in players if p.casefold() in (who.casefold(), who.casefold()[:-1])), None)
            if first is None:
                raise AskError(f"no player {who!r}: the players are {', '.join(players)}")
        order = (first, self.state.rival_of(first))
        cred = {p: street_cred(self.state, p) for p in order}

        def said(player: str) -> str:
            gigs = self.state.players[player].gigs
            if cred[player] is None:
                return f"{player}'s Street Cred is Null (no Gig in their Gig area; Null is not 0)"
            return f"{player}'s Street Cred is {cred[player]} ({' + '.join(f'{d}={v}' for d, v in gigs)})"

        rank = {p: cred_rank(cred[p]) for p in order}
        if rank[order[0]] == rank[order[1]]:
            compared = "neither has more nor less than the other"
        else:
            high, low = sorted(order, key=lambda p: rank[p], reverse=True)
            compared = f"{high} has more than {low}" + (" (Null is below any number)" if cred[low] is None else "")
        fixer = " Dice in a fixer area add nothing." if any(self.state.players[p].fixer for p in order) else ""
        rules = ("street-cred.definition", *(("street-cred.null", "friendly-gig-area.null-below-zero")
                                            if None in cred.values() else ()),
                 *(("fixer-area.not-controlled",) if fixer else ()))
        return f"{said(order[0])}; {said(order[1])[0].lower()}{said(order[1])[1:]}: {compared}.{fixer} " \
            f"({self._cited(*rules)})"

    def _what_a_player_may_do(self, player: str) -> str:
        """The options the engine lists as allowed for `player` now, written out (conceding aside, 1.16): while a
        choice waits, the answers of the player making it (a defending player's reactions in a React Step)."""
        self._cmd_options()
        acting = self._waiting_for() if self._waiting() is not None else self.data["board"]["turn"]
        mine = [views.option_text(o) for o in self.numbered if o["allowed"] and "concede" not in o["action"]
                and (o["action"].get("by", acting) if self._waiting() is None else acting) == player]
        if not mine:
            return f"Nothing now but conceding (1.16): {acting} is the player to act. `options` lists every action " \
                "with the rule that decides."
        more = f" and {len(mine) - 8} more" if len(mine) > 8 else ""
        return f"{player} may now: " + ", ".join(f"`{text}`" for text in mine[:8]) + more + \
            " (`options` numbers them, with the refused ones)."


def words_within(typed: str, written: str) -> bool:
    """Whether the typed text is in a written form as whole words: `quick: floor` is in `{quick: floor}`, not in
    `{quick: floor2}`."""
    return re.search(rf"(?<![\w-]){re.escape(typed)}(?![\w-])", written) is not None
