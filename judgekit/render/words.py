"""Board facts in words, shared by the console and Markdown renderings."""
from __future__ import annotations

import re
from itertools import groupby

from judgekit.engine.state import duration_words
from judgekit.plural import counted, plural


_WORD_BEFORE = ("the", "your", "their", "its", "a", "an", "on", "of", "at", "from")  # "your top card", "on top"


def bare_label(label: str) -> str:
    """A pattern for a card's label standing alone in a text ("bob blocks with guard", "resolve kus#1"), but not
    the same word used as English ("look at your top card", "it stays on top") when a label happens to be one;
    a label that is an everyday word or under 3 letters ("a", "it") only before its effect's number (`a#1`)."""
    from judgekit.search.words import STOP
    if len(label) < 3 or label in STOP:
        return rf"(?<![\w-]){re.escape(label)}(?=#\d)"
    before = "".join(f"(?<!\\b{word} )" for word in _WORD_BEFORE)
    return rf"(?<![\w-]){before}{re.escape(label)}(?![\w-])(?! cards?\b)"


def in_order(cards: list[dict], named, count) -> list[str]:
    """An area's cards told in their order: `named(card)` for a card with a name, `count(n, "hidden" or
    "unknown")` for each run of cards without one, so that a card bottom-decked under unknown cards is told
    after them (11.15.1), not on top."""
    def kind(card: dict) -> str:
        return "" if card["name"] else "hidden" if card.get("hidden") else "unknown"
    out: list[str] = []
    for what, run in groupby(cards, key=kind):
        out += [named(card) for card in run] if not what else [count(len(list(run)), what)]
    return out


def lasting_effect(lasting: dict) -> str:
    """e.g. "V: -1 power, can't ready until bob's next turn (from Floor It)"."""
    change = ", ".join(([f"{lasting['power']:+d} power"] if lasting["power"] else []) +
                       [f"[{k}]" for k in lasting["keywords"]] + [f"can't {c.replace('-', ' ')}" for c in lasting["cant"]] +
                       [f"can {c.replace('-', ' ')}" for c in lasting.get("can", ())] +
                       [f"must {m} if it can" for m in lasting.get("must", ())] +
                       ([f"steals {lasting['steals']:+d} {plural('Gig', lasting['steals'])}"] if lasting["steals"] else []) +
                       ([f"GO SOLO costs {lasting['go_solo_costs_less']} €$ less"]
                        if lasting.get("go_solo_costs_less") else []))
    until = ("while fighting, " if lasting.get("while_fighting") else "") + \
        duration_words(lasting["until"], lasting["controller"])
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


PAID_ONE = re.compile(r"^(?P<who>.+?) spends (?P<card>.+?) for 1 €\$ toward (?P<what>.+)\.$")


def shown_steps(numbers: list[int], steps: dict[int, dict]) -> list[tuple[str, dict]]:
    """The steps to show, each with its number; a run of 1 €$ payments toward the same thing is said as one step
    ("3-11", "bob spends bob-eddie-1, ..., bob-eddie-9 for 9 €$ toward playing ..."), as a reader takes it in.
    The ruling's JSON keeps a step for each card spent."""
    runs: list[list[tuple[int, re.Match | None]]] = []
    for n in numbers:
        paid = PAID_ONE.match(steps[n]["text"]) if steps[n]["kind"] == "pay" else None
        last = runs[-1][-1][1] if runs else None
        if paid and last and (last["who"], last["what"]) == (paid["who"], paid["what"]) and \
                steps[runs[-1][-1][0]]["cites"] == steps[n]["cites"]:
            runs[-1].append((n, paid))
        else:
            runs.append([(n, paid)])
    out = []
    for run in runs:
        first = steps[run[0][0]]
        if len(run) == 1:
            out.append((str(run[0][0]), first))
            continue
        cards = _alike([paid["card"] for _, paid in run])
        text = f"{run[0][1]['who']} spends {cards} for {len(run)} €$ toward {run[0][1]['what']}."
        out.append((f"{run[0][0]}-{run[-1][0]}", {**first, "text": text,
                                                 "cards": [c for n, _ in run for c in steps[n]["cards"]]}))
    return out


def _alike(cards: list[str]) -> str:
    """Cards listed, those said alike as what a viewer sees of hidden cards counted (`one of alice's Eddies` five
    times: `5 of alice's Eddies`)."""
    if len(set(cards)) == 1 and len(cards) > 1:
        one = re.fullmatch(r"one of (.+)", cards[0]) or re.fullmatch(r"a ((?:face-down )?)card (from|in) (.+)", cards[0])
        if one:
            return f"{len(cards)} of {one[1]}" if one.re.pattern.startswith("one") else \
                f"{len(cards)} {one[1]}cards {one[2]} {one[3]}"
    return ", ".join(cards)


def stance(follows: list[str] | str) -> str:
    """Which contested reading judgekit follows, worded for a sentence: `judgekit follows the FAQ`; a reading
    judgekit holds itself ("judgekit (the card's wording read literally)") is "its own reading (...)"."""
    readings = [follows] if isinstance(follows, str) else follows
    if not readings:
        return "judgekit follows none of them"
    return "judgekit follows " + " and ".join(_own(r) for r in readings)


def _own(reading: str) -> str:
    """A reading judgekit holds, worded as its own: "judgekit's reading of 10.19.1" is "its own reading of
    10.19.1", "judgekit (the card's wording read literally)" is "its own reading (...)"."""
    if reading.startswith("judgekit's "):
        rest = reading[len("judgekit's "):]
        return "its own " + (rest if rest.startswith("reading") else f"reading, {rest}")
    return "its own reading" + reading[len("judgekit"):] if reading.startswith("judgekit") else reading


def disputed_briefly(flag: dict) -> str:
    """A disputed point an option turns on, in one line of a listing: the point, the reading judgekit follows and
    who holds the others (the full readings are in the ruling and in the contested scenario named)."""
    others = "; ".join(r["held_by"] for r in flag["other_readings"])
    return (f"disputed: {flag['point']} ({flag['recorded_in']}); {stance(flag['judgekit_follows'])}"
            + (f"; other reading: {others}" if others else "") + ".")
