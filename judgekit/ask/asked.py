"""`judgekit ask`'s questions and names: a question (`can psycho attack johnny?`) is ruled on the board as it is and
not kept, and a card's name typed alone takes no action."""
from __future__ import annotations

import re

from judgekit.ask import views
from judgekit.ask.board import AskError
from judgekit.ask.phrasing import ASKING

QUESTION_WORDS = (*ASKING, "does", "is", "are", "will", "would", "should", "did")


def a_question(typed: str) -> bool:
    """Whether a line typed asks (ends with `?`, or starts `can`, `may`, `does`, `is`...) rather than acts."""
    words = typed.strip().split()
    return typed.rstrip().endswith("?") or bool(words) and words[0].casefold() in QUESTION_WORDS and \
        not (len(words) > 1 and words[1].endswith(":"))


class Asking:
    """Questions and bare names, for the Session (its history, state, listing and card resolver)."""

    def _only_asked(self, kept: int) -> str:
        """Put the board back as it was before a question's action (it was ruled on, not taken), and say what to
        type to take it: the words without `?`, or the action as written when they would still ask."""
        asked = self.typed
        while len(self.history) > kept:
            self._take_back()
        words = asked.rstrip().rstrip("?").rstrip()
        take = words if not a_question(words) else self.read_as or words.split(" ", 1)[-1]
        return f"Only asked: nothing was taken. To take it, type `{take}`."

    def _the_card_named(self, line: str) -> str | None:
        """The label of the one card on the board the words alone name, or None."""
        return line.strip() if line.strip() in self.state.cards else self._card_named(line.strip())

    def _a_bare_name(self, line: str) -> None:
        """A card's name typed alone (`psycho`) when no choice waits takes no action: AskError saying where the card
        is and what to type (its options now, written out)."""
        label = self._the_card_named(line)
        if label is None:
            return
        card, (holder, area) = self.state.cards[label], self.state.locate(label)
        shown = [views.option_text(o) for o in self.numbered if o["allowed"] and words_within(label, views.option_text(o))]
        can = ("What it may do now, typed so: " + ", ".join(f"`{text}`" for text in shown[:4])) if shown else \
            "Type what it does, in words or as a scenario file writes it; `options` lists what may be done now"
        raise AskError(f"{line!r} names a card, not an action: {card.definition.full_name} [{label}], in {holder}'s "
                       f"{area}{', spent' if card.spent and self.state.in_play(label) else ''}. {can}")


def words_within(typed: str, written: str) -> bool:
    """Whether the typed text is in a written form as whole words: `quick: floor` is in `{quick: floor}`, not in
    `{quick: floor2}`."""
    return re.search(rf"(?<![\w-]){re.escape(typed)}(?![\w-])", written) is not None
