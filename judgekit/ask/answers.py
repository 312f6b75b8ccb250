"""How `judgekit ask` reads an answer to the choice waiting typed in words rather than as a scenario file writes
it: `yes` / `no` for a 'you may' choice, a number or the first words of a listed option, a list of sources as an
order, the cards paying €$, an amount ("raise it by 2"). The cards and actions named in words are read by
`card_words`. Each reading is shown to the judge; the ruling is always the engine's.
"""
from __future__ import annotations

import re

from judgekit.ask import views
from judgekit.ask.asked import QUESTION_WORDS
from judgekit.ask.board import AskError
from judgekit.ask.typed import GIG_WORD, added, mapping, modes_written
from judgekit.plural import counted
from judgekit.render.options import flow

YES_WORDS = ("yes", "y", "accept", "true", "do it")  # a 'you may' choice answered in a word
NO_WORDS = ("no", "n", "decline", "false", "don't", "dont", "skip")
AMOUNT = re.compile(r"(?:(?:(increase|raise|decrease|lower|reduce)\s+(?:it\s+)?)?by\s+)?(-?\d+)", re.IGNORECASE)
DOWN_WORDS = ("decrease", "lower", "reduce")
CHOOSING = ("choose", "pick", "take", "select")  # a verb said before any choice's answer
PAYING_WORDS = ("spend", "spends", "pay", "pays", "with", "using", "and")  # said before the cards paying €$


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
