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
from judgekit.engine.defeating import DEFEATED_HOW

WHAT_IF = re.compile(r"(?:what\s+happens|what|who\s+wins)\s+if\s+(?P<action>.+)", re.IGNORECASE)
BEATS = re.compile(r"(?:does|will|would|can)\s+(?P<attacker>.+?)\s+(?:beat|win\s+against|defeat|kill)\s+(?P<target>.+)",
                   re.IGNORECASE)
NO_BLOCK = re.compile(r"(?P<action>.+?)\s+(?:with\s+no\s+blocks?|without\s+(?:a\s+)?blocks?|"
                      r"if\s+\S+\s+(?:doesn'?t|does\s+not)\s+block|and\s+no\s+blocks?|unblocked)", re.IGNORECASE)
WHERE = {"removed": "removed from the game", "legends": "back in the Legends area"}  # a card gone there
TARGET_ASKED = re.compile(r"is\s+(?P<card>.+?)\s+a\s+(?:valid|legal)\s+(?:attack\s+)?target", re.IGNORECASE)


class PlayedOut:
    """For the Session (`history`, `state`, `data`, `numbered`, `_take_back`, `_table_words`, `_typed_option`)."""

    def _played_out(self) -> str | None:
        """The answer to a question about an action's result, or to `is X a valid target?`; None for any other
        line. The session's board is left as it was."""
        text = " ".join(self.typed.strip().rstrip("?!. ").split())
        target = TARGET_ASKED.fullmatch(text)
        if target is not None:
            return self._valid_target(target["card"])
        asked = WHAT_IF.fullmatch(text) or NO_BLOCK.fullmatch(text)
        beats = BEATS.fullmatch(text) if asked is None else None
        if asked is None and beats is None:
            return None
        action = asked["action"] if asked else f"{beats['attacker']} attacks {beats['target']}"
        if asked is not None and asked.re is NO_BLOCK and action.split()[0].casefold() not in ("can", "may", "could"):
            return None
        return self._play_out(action)

    def _play_out(self, words: str) -> str:
        """Take the action the words say, end each React Step with no reaction, answer with the result first, and
        take it all back."""
        start = len(self.history)
        line = self._table_words(words)
        try:
            said = self._typed_option(line)
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
            return f"Result: refused: {refused[-1]['text'].split('; ')[0].rstrip('.')}."
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
            if now == was and label in named and in_play[1]:
                stayed.append(f"{name} stays")
            elif now != was and in_play == [True, False]:
                moved.append(f"{name} {'defeated' if label in defeated else WHERE.get(now, f'to the {now}')}")
            elif now != was:
                came.append(f"{name} " + ("equipped" if now == "equipped" else f"in the {now}" if in_play[1] else
                                           WHERE.get(now, f"to the {now}")))
            elif label in named and in_play[0]:
                stayed.append(f"{name} stays")
        gigs = [f"{p} has {len(after.players[p].gigs)} Gigs (had {len(before.players[p].gigs)})"
                for p in after.players if len(after.players[p].gigs) != len(before.players[p].gigs)]
        verdict = self.data["verdict"]
        over = ([f"game over: {'a tie' if verdict['tie'] else verdict['winner'] + ' wins'}"]
                if verdict.get("tie") or verdict.get("winner") else [])
        turn = [f"{after.turn}'s turn now"] if after.turn != before.turn and not over else []
        return f"Result: {'; '.join(over + moved + came + stayed + gigs + turn) or 'no card moves'}."

    def _valid_target(self, typed: str) -> str:
        """The engine's options now that name the card as their target, allowed or refused with the rule."""
        label = self._card_named(typed)
        if label is None:
            raise AskError(f"no card {typed!r} on the board (`board` lists them)")
        self._cmd_options()
        found = [(n, o) for n, o in enumerate(self.numbered, 1) if o["action"].get("target") == label
                 or label in (o["action"].get("targets") or [])]
        if not found:
            return f"Nothing now names {label} as its target; `options` lists what may be done."
        yes = [views.option_text(o) for _, o in found if o["allowed"]]
        lines = [f"Yes, for: {', '.join(f'`{t}`' for t in yes)}." if yes else f"No: nothing may target {label} now."]
        return "\n".join(lines + [line for n, o in found if not o["allowed"] for line in views.option_lines(n, o)])
