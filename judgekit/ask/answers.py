"""How `judgekit ask` reads what a judge types in words rather than as a scenario file writes it: `yes` / `no` for
a 'you may' choice, plain words read as the action they write (shown as "Read as ..."; a question too: `can bob
call padre?`), a number or a list of sources answering the choice waiting, a Gear named for its host's effect.
Each reading is shown to the judge; the ruling is always the engine's.
"""
from __future__ import annotations

import re

from judgekit.ask import board, views
from judgekit.ask.asked import QUESTION_WORDS
from judgekit.ask.board import AskError
from judgekit.ask.phrasing import POSSESSIVES, PRONOUNS, clauses, pronoun_of, table_words
from judgekit.ask.typed import GIG_WORD, added, as_written, mapping, mode_named, modes_written
from judgekit.engine import activated
from judgekit.plural import counted
from judgekit.render.options import flow

YES_WORDS = ("yes", "y", "accept", "true", "do it")  # a 'you may' choice answered in a word
NO_WORDS = ("no", "n", "decline", "false", "don't", "dont", "skip")
AMOUNT = re.compile(r"(?:(?:(increase|raise|decrease|lower|reduce)\s+(?:it\s+)?)?by\s+)?(-?\d+)", re.IGNORECASE)
QUESTION = re.compile(r"(?:can|may|could)\s+(?P<player>\S+)\s+(?P<action>.+?)\s*\?*", re.IGNORECASE)  # `can bob ...?`
DOWN_WORDS = ("decrease", "lower", "reduce")
CHOOSING = ("choose", "pick", "take", "select")  # a verb said before any choice's answer
PAYING_WORDS = ("spend", "spends", "pay", "pays", "with", "using", "and")  # said before the cards paying €$
CARD_KEYS = ("attack", "target", "play", "call", "block", "quick", "activate", "sell", "equip_to")  # name a card


class AnswersInWords:
    """The reading of answers in words, for `judgekit ask`'s Session (which provides `numbered`, `state`,
    `result`, `read_as` and `_waiting`)."""

    def _may_answer(self, yes: bool) -> int:
        """The number of the option answering the 'you may' choice waiting (10.19.1), or an optional replacement's
        (10.26), yes or no; AskError when no such choice waits."""
        waiting = self._waiting() or {}
        gained = {n: added(option["action"], waiting) or {} for n, option in enumerate(self.numbered, 1)
                  if option["allowed"]}  # a card the choice may not take (listed refused, 10.7) answers nothing
        found = [n for n, more in gained.items() if _flat(more, "may", "replacements") == [yes]]
        if not found:  # a choice of up to one card that may be declined ("you may add it"): none, or the one card
            declined = [n for n, more in gained.items() if more.get("targets") == ["none"]]
            taken = [n for n, more in gained.items() if len(more.get("targets") or []) == 1 and n not in declined]
            found = (taken if len(taken) == 1 else []) if yes and declined else declined if not yes else []
        if len(found) != 1:
            raise AskError("no 'you may' choice waits now; `options` lists the answers" if not found else
                           f"several 'you may' answers fit; pick one by number ({', '.join(map(str, found))})")
        return found[0]

    def _answer_typed(self, line: str) -> str:
        """A bare answer to the choice waiting, read as the answer it writes (an amount, the order of pending
        effects); the line as typed otherwise."""
        return self._payment_typed(self._order_typed(self._mode_typed(self._amount_typed(self._verb_typed(
            self._may_typed(line))))))

    def _may_typed(self, line: str) -> str:
        """While a 'you may' waits (10.19.1; an optional replacement, 10.26), the thing it allows typed with the verb
        of the choice yes brings (`discard detonate` for Goro Takemura: Vengeful Bodyguard's "you may discard 1"):
        yes and that choice's answer, one answer (`may: {goro: true}, targets: [detonate]`), read so and shown. Yes is
        tried and taken back to learn the choice; a line that does not answer it is returned as typed."""
        verb, _, rest = line.partition(" ")
        rest = rest.strip()
        if "('you may')" not in (self.data["verdict"]["awaiting"] or "") or ":" in line or not rest or \
                not (self._card_named(rest) or all(GIG_WORD.match(w) for w in rest.casefold().replace(",", " ").split())):
            return line
        if not self.numbered:
            self._cmd_options()
        try:
            number = self._may_answer(True)
        except AskError:
            return line
        yes, kept = self.numbered[number - 1]["action"], len(self.history)
        key = next((k for k in ("may", "replacements") if k in (added(yes, self._waiting()) or {})), None)
        if key is None:
            return line
        self.pick(number)
        try:
            answer, choice = self._verb_typed(line), self._choice_waiting()[:1]
        finally:
            while len(self.history) > kept:
                self._take_back()
        if answer == line:
            return line
        chosen = [self._card_named(answer) or answer] if choice == ("targets",) else answer.replace(",", " ").split()
        self.read_as = flow({key: yes[key], choice[0]: chosen})[1:-1]
        return self.read_as

    def _verb_typed(self, line: str) -> str:
        """While a choice of cards or Gigs waits, its answer typed after the choice's own verb (`discard psycho` for a
        discard, `steal d8` while an effect's steal waits, `choose psycho`): the answer alone, read so and shown
        (`targets: [psycho]`); any other line is returned as typed."""
        choice, keys = self._choice_waiting(), mapping(line)
        if choice[:1] not in (("targets",), ("gigs",)) or self._in_react_step():
            return line
        if choice[0] == "gigs" and keys is not None and list(keys) == ["steal"]:  # read as `steal: [d8]` already
            rest = ", ".join(map(str, keys["steal"] if isinstance(keys["steal"], list) else [keys["steal"]]))
        else:
            verb, _, rest = line.partition(" ")
            said = set(re.findall(r"[a-z]+", (self.data["verdict"]["awaiting"] or "").casefold())) - set(QUESTION_WORDS)
            if ":" in line or not rest.strip() or self._card_named(line) is not None or \
                    not {verb.casefold(), verb.casefold().removesuffix("s")} & (said | set(CHOOSING)):
                return line
        self.read_as = None  # the answer's own reading is shown once it is matched
        return rest.strip()

    def _mode_typed(self, line: str) -> str:
        """While a choice among an effect's numbered effects waits (10.31, `1. spend ...; 2. draw 1` in the prompt)
        and no listing was shown for it, a number typed is that effect (`2`: `modes: [2]`); any other line, or a
        listing shown (its numbers are the options'), is returned as typed."""
        choice, numbers = self._choice_waiting(), line.replace(",", " ").split()
        if choice[:1] != ("modes",) or self.shown or not numbers or not all(n.isdigit() for n in numbers):
            return line
        if not all(1 <= int(n) <= choice[1] for n in numbers):
            raise AskError(f"{line!r}: the effects to choose from are numbered 1 to {choice[1]}")
        written = modes_written(numbers, choice[3])
        self.read_as, self.typed = written, f"{line} ({written})"
        return written

    def _order_typed(self, line: str) -> str:
        """While the order of pending effects is chosen (10.12), their sources typed bare (`tetratronic, sketchy`,
        `goro first`) are `order: [...]`, first to resolve first."""
        choice, words = self._choice_waiting(), line.replace(",", " ").split()
        words = [w for w in words if w.casefold() not in ("first", "then", "and", "next", "last")]
        if choice[:1] != ("order",) or ":" in line or not words:
            return line
        sources = [str(o).casefold() for o in self._waiting_step().options or ()]
        items = [i.strip() for i in line.split(",")]
        if all(i.casefold() in sources for i in items):  # names with spaces: a copy of an effect, `v for d4`
            words = items
        elif not all(any(s == w.casefold() or s.startswith(w.casefold() + "#") for s in sources) for w in words):
            return line
        self.read_as = f"order: [{', '.join(words)}]"
        return self.read_as

    def _payment_typed(self, line: str) -> str:
        """While the cards paying €$ are chosen (11.8.1, 5.7.2), the cards typed bare or after the choice's verb
        (`dex, alice-eddie-1`, `spend dex and alice-eddie-1`) are its answer, `payments: [...]` (`pay:` for an
        action's own cost); naming more than one card but not as many as it costs is an error saying so."""
        choice = self._choice_waiting()
        if choice[:1] not in (("payments",), ("pay",)) or ":" in line:
            return line
        words = [w for w in re.split(r"[\s,]+", line) if w and w.casefold() not in PAYING_WORDS]
        items = [i for i in (" ".join(w for w in part.split() if w.casefold() not in PAYING_WORDS)
                             for part in re.split(r",|\band\b", line)) if i]
        options = set(self._waiting_step().options or ())
        for said in (items, words):
            named = [self._card_named(item) for item in said]
            if said and all(label in options for label in named) and len(set(named)) == len(named):
                break
        else:
            return line
        if len(named) != choice[1]:
            if len(named) == 1:
                return line
            raise AskError(f"the payment takes {counted(choice[1], 'card')}; {line!r} names {len(named)}")
        self.read_as = f"{choice[0]}: [{', '.join(named)}]"
        return self.read_as

    def _whole_order(self, keys: dict | None) -> str | None:
        """A whole order typed where the order of pending effects is chosen (10.12): each source taken in turn
        while the order is asked for; when another choice comes first (an effect resolved needs its target), the
        rest waits, and the judge is told so in words. None for any other answer."""
        order = (keys or {}).get("order")
        if list(keys or ()) != ["order"] or not isinstance(order, list) or len(order) < 2 or \
                self._choice_waiting()[:1] != ("order",):
            return None
        said, left = [], []
        for n, source in enumerate(order):
            if n and self._choice_waiting()[:1] != ("order",):
                if self._waiting() is not None and not _the_only_one_left(order[n:], left, order[n - 1]):
                    said.append(f"The rest of the order ({', '.join(map(str, order[n:]))}) is not taken yet: "
                                 f"another choice comes first ({views.gist(self.data['verdict']['awaiting'])}). "
                                 "Answer it; the order of the effects left is then asked again: give it then.")
                break
            left = list(self._waiting_step().options or ())
            try:
                said.append(self._typed_option(f"order: [{source}]"))
            except AskError as error:
                if not said:
                    raise
                said.append(f"error: {error}")
                break
        return "\n".join(said)

    def _amount_typed(self, line: str) -> str:
        """While a choice of an amount waits (`numbers`, 10.31.3; `x`), a number typed is that amount, read as the
        answer it writes (`3`, `by 3`, `increase by 3`: `numbers: [3]`); AskError for one the choice does not
        allow. Any other line, or no such choice waiting, is returned as typed."""
        choice = self._choice_waiting()
        found = AMOUNT.fullmatch(" ".join(line.split()))
        if found is None or not choice or choice[0] not in ("numbers", "x"):
            return line
        verb, number = found.groups()
        amount = -int(number) if verb and verb.casefold() in DOWN_WORDS else int(number)
        low, high = (choice[1], choice[2]) if choice[0] == "numbers" else (0, choice[1])
        allowed = (low, high) if len(choice) > 3 else range(low, high + 1)
        if amount not in allowed:
            said = f"{low} or {high}" if len(choice) > 3 else f"{low} to {high}"
            raise AskError(f"{line!r} is not an amount {self._waiting_for()} may choose now ({said}): while a choice "
                           "of an amount waits, a number typed is the amount, not an option's number; to take a "
                           f"listed option, type it as listed (`{choice[0]}: {high}`, `concede`)")
        written = f"numbers: [{amount}]" if choice[0] == "numbers" else f"x: {amount}"
        self.read_as, self.typed = written, f"{line} ({written})"
        return written

    def _choice_waiting(self) -> tuple:
        """What bounds the choice the ruling waits for (`AwaitChoice.choice`: `("numbers", 0, 3)`), or ()."""
        step = self._waiting_step()
        return tuple(step.choice or ()) if step is not None else ()

    def _waiting_step(self):
        """The engine's `await` step the ruling stopped at, or None."""
        from judgekit.engine.actions import waits
        outcomes = self.result.outcomes
        return waits(outcomes[-1]) if outcomes and self._waiting() is not None else None

    def _waiting_for(self) -> str:
        """Who makes the choice waiting."""
        return self.data["steps"][-1].get("player") or "the player"

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


def _flat(more: dict, *keys: str) -> list:
    """The answers added under mappings of answers (`may`, `replacements`), one list."""
    return [answer for key in keys for value in (more.get(key) or {}).values()
            for answer in (value if isinstance(value, list) else [value])]


def _the_only_one_left(rest: list, sources: list, picked) -> bool:
    """Whether the rest of an order typed is the one effect left after the last pick, resolved as the only one (10.12
    asks no order of one effect)."""
    def fits(typed, source) -> bool:
        return str(source).casefold() in (str(typed).casefold(), f"{str(typed).casefold()}#1")
    others = [s for s in sources if not fits(picked, s)]
    return len(rest) == 1 and len(others) == 1 and fits(rest[0], others[0])
