"""How `judgekit ask` reads what a judge types in words rather than as a scenario file writes it: `yes` / `no` for
a 'you may' choice, plain words read as the action they write (shown as "Read as ..."), a Gear named for its
host's effect. Each reading is shown to the judge; the ruling is always the engine's.
"""
from __future__ import annotations

from judgekit.ask.board import AskError
from judgekit.ask.typed import added, as_written
from judgekit.engine import activated
from judgekit.render.options import flow

YES_WORDS = ("yes", "y", "accept", "true", "do it")  # a 'you may' choice answered in a word
NO_WORDS = ("no", "n", "decline", "false", "don't", "dont", "skip")


class AnswersInWords:
    """The reading of answers in words, for `judgekit ask`'s Session (which provides `numbered`, `state`,
    `read_as` and `_waiting`)."""

    def _may_answer(self, yes: bool) -> int:
        """The number of the option answering the 'you may' choice waiting (10.19.1), or an optional replacement's
        (10.26), yes or no; AskError when no such choice waits."""
        waiting = self._waiting() or {}
        gained = {n: added(option["action"], waiting) or {} for n, option in enumerate(self.numbered, 1)}
        found = [n for n, more in gained.items() if _flat(more, "may", "replacements") == [yes]]
        if not found:  # a choice of up to one card that may be declined ("you may add it"): none, or the one card
            declined = [n for n, more in gained.items() if more.get("targets") == ["none"]]
            taken = [n for n, more in gained.items() if len(more.get("targets") or []) == 1 and n not in declined]
            found = (taken if len(taken) == 1 else []) if yes and declined else declined if not yes else []
        if len(found) != 1:
            raise AskError("no 'you may' choice waits now; `options` lists the answers" if not found else
                           f"several 'you may' answers fit; pick one by number ({', '.join(map(str, found))})")
        return found[0]

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

    def _read_as_written(self, text: str) -> str:
        """What was typed, as a scenario file writes it (see `typed.as_written`); a rewriting is told with the
        ruling, so the judge sees how it was read."""
        names = frozenset(name.casefold() for label, card in self.state.cards.items()
                          for name in (label, card.definition.full_name, card.definition.name))
        rewritten = as_written(text, names)
        if rewritten is None:
            return text
        self.read_as = rewritten
        return rewritten


def _flat(more: dict, *keys: str) -> list:
    """The answers added under mappings of answers (`may`, `replacements`), one list."""
    return [answer for key in keys for value in (more.get(key) or {}).values()
            for answer in (value if isinstance(value, list) else [value])]
