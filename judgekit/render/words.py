"""Board facts in words, shared by the console and Markdown renderings."""
from __future__ import annotations

import re

from judgekit.engine.state import duration_words
from judgekit.plural import counted, plural


def lasting_effect(lasting: dict) -> str:
    """e.g. "V: -1 power, can't ready until bob's next turn (from Floor It)"."""
    change = ", ".join(([f"{lasting['power']:+d} power"] if lasting["power"] else []) +
                       [f"[{k}]" for k in lasting["keywords"]] + [f"can't {c}" for c in lasting["cant"]] +
                       [f"can {c.replace('-', ' ')}" for c in lasting.get("can", ())] +
                       [f"must {m} if it can" for m in lasting.get("must", ())] +
                       ([f"steals {lasting['steals']:+d} {plural('Gig', lasting['steals'])}"] if lasting["steals"] else []))
    until = duration_words(lasting["until"], lasting["controller"])
    return f"{lasting['card']}: {change or '+0 power (a change of nothing)'} {until} (from {lasting['from']})"


def attack_in_progress(attack: dict) -> str:
    return f"{attack['attacker']} attacking {attack['target']}, next the {attack['step']} step"


def waiting_discount(discount: dict) -> str:
    """e.g. "alice's next Program this turn: -2 €$ (from Alt Cunningham: Soulkiller Architect [alt])"."""
    return f"{discount['controller']}'s next {discount['kind']} this turn: -{discount['amount']} €$ " \
           f"(from {discount['from']})"


def view_line(view: dict) -> str:
    """The heading of a ruling shown as one player (or a spectator) may see it (judgekit/views.py)."""
    rules = ", ".join(f"{c['number']}{'' if c['confirmed'] else '?'}" for c in view["cites"] if c["number"])
    return (f"As {view['viewer']} may see it: {counted(view['hidden_cards'], 'card')} hidden now, {view['hidden_before']} "
            f"before the actions (counts kept; {rules}); {counted(view['steps_with_notes'], 'step')} told without what "
            f"{view['viewer']} may not know." + (" The scenario's question is withheld: it names a hidden card."
                                                   if view.get("question_withheld") else ""))


class SaidOnce:
    """A long bracketed paraphrase (an effect's text after its card's name) said once per ruling: where a step
    repeats it, the reader has it from an earlier step, and the repeat is left out. A trigger's keyword is said
    once too, where the effect's paraphrase repeats it after the trigger's words."""

    LONG = re.compile(r" \(((?:[^()]|\([^()]*\)){40,})\)")  # one level of brackets inside: "(2 €$ (1 less ...) and ...)"
    KEYWORD_AGAIN = re.compile(r"(\[[A-Z]+\]): (when [^:.]+): \1: ")  # "[PLAY]: when this card is played: [PLAY]: "

    def __init__(self):
        self.seen: set[str] = set()

    def __call__(self, text: str) -> str:
        def once(match: re.Match) -> str:
            if match.group(1) in self.seen:
                return ""
            self.seen.add(match.group(1))
            return match.group(0)
        return self.KEYWORD_AGAIN.sub(r"\1: \2: ", self.LONG.sub(once, text))
