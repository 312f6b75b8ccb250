"""Reading what a judge types at the `ask` prompt: an action written as a scenario file writes it, and whether
it fits an option listed or the action waiting for a choice."""
from __future__ import annotations

import re

import yaml

from judgekit.ask.phrasing import TURN_ENDS, names_start, negated
from judgekit.engine.action_kinds import ACTION_KINDS, REACTIONS
from judgekit.render.options import flow


LIST_ANSWERS = ("targets", "gigs", "numbers", "order", "modes", "steal", "pay", "payments")  # answers written as lists
YES_NO_KINDS = ("concede", "pass_turn", "start_phase")  # written `concede: true`; `concede` alone means it


def mapping(text: str) -> dict | None:
    """`attack: goro, target: corpo` read as the mapping it writes, or None; `concede` alone is `concede: true`."""
    try:
        value = yaml.safe_load(text if text.startswith("{") else "{" + text + "}")
    except yaml.YAMLError:
        return None
    if not isinstance(value, dict) or not value:
        return None
    return {k: True if v is None and k in YES_NO_KINDS else v for k, v in value.items()}


def within(typed: dict, action: dict, before: dict | None = None) -> bool:
    """Whether every key typed is in the option with the same value (case aside): `attack: goro` fits
    `attack: goro, by: alice, target: corpo`. A choice answered before (in `before`, the action waiting) need not be
    typed again: `targets: [river]` fits `targets: [mantis, river]` when `mantis` was answered before, and only
    then (a list typed is what comes after the earlier answers, never some other part of the option's).
    `may: {shattered: false}` fits `may: {shattered: [true, false]}`. A die fits its Gig (`d6`, `d6=6`), and a card
    its one effect (`kiroshi`, `kiroshi#1`)."""
    def same(a, b) -> bool:
        if a == b:
            return True
        if isinstance(a, dict) and isinstance(b, dict):
            return all(key in b and same(value, b[key]) for key, value in a.items())
        if isinstance(b, list) and not isinstance(a, list):
            a = [a]
        if isinstance(a, list) and isinstance(b, list):
            return 0 < len(a) <= len(b) and all(same(x, y) for x, y in zip(a, b[len(b) - len(a):]))
        typed, listed = str(a).casefold(), str(b).casefold()
        return typed == listed or ("=" not in typed and listed.startswith(typed + "=")) or \
            ("#" not in typed and listed.startswith(typed + "#"))  # `d6` fits `d6=6`, `kiroshi` fits `kiroshi#1`

    def fits(key, value) -> bool:
        listed = action[key]
        if not isinstance(listed, list):
            return same(value, listed)
        earlier = list((before or {}).get(key) or []) if isinstance((before or {}).get(key), list) else []
        value = value if isinstance(value, list) else [value]
        return 0 < len(value) and len(listed) == len(earlier) + len(value) and listed[:len(earlier)] == earlier and \
            all(same(x, y) for x, y in zip(value, listed[len(earlier):]))
    return all(key in action and fits(key, value) for key, value in typed.items())


def restates(typed: dict, waiting: dict) -> bool:
    """Whether an action typed while another waits for a choice is that action again, its answers added
    (`do attack: psycho, target: goons, steal: [d6]`): the same kind of action on the same card."""
    kind = next((key for key in typed if key in ACTION_KINDS), None)
    return kind is not None and kind in waiting and str(typed[kind]).casefold() == str(waiting[kind]).casefold()


def written_form(verb: str, rest: str) -> str:
    """How to write the action a judge typed without its colon: `sell: mantis` for `sell mantis`, and the keys of
    the verbs that take more than a card (`play v go solo`: `play: v, go_solo: true`)."""
    words = rest.split()
    label = words[0] if words else "LABEL"
    if verb == "attack":
        return f"`attack: {label}, target: gig-area` for the Rival's Gig area, `target: LABEL` for a spent rival Unit"
    if verb == "play" and len(words) > 1:
        solo, _ = go_solo([w.casefold() for w in words])
        if solo is not None:
            return f"`play: {label}, go_solo: {str(solo).lower()}`"
        if "on" in words[1:-1]:
            return f"`play: {label}, equip_to: {words[words.index('on') + 1]}`"
        return f"`play: {label}` (a Gear: add `equip_to: LABEL`; a Legend with [GO SOLO]: add `go_solo: true`)"
    if verb == "activate":
        number = next((w for w in words[1:] if w.isdigit()), None)
        return f"`activate: {label}, effect: {number}`" if number else \
            f"`activate: {label}, effect: N` (N: the effect's place on the card, from 1)"
    return f"`{verb}: {rest or 'LABEL'}`"


GIG_AREA_WORDS = ("gig", "gigs", "gig area", "gig-area", "gigarea", "gig_area")  # the Rival's Gig area, as typed
BEFORE_TARGET = ("target", "on", "at")  # the word between an attacker and its target, typed in plain words
SEPARATORS = BEFORE_TARGET + ("with",)
SIMPLE_VERBS = ("sell", "play", "call", "block", "quick", "activate")  # written `VERB: LABEL`
GIG_WORD = re.compile(r"^d(4|6|8|10|12|20)(=\d+)?$")  # a Gig typed to steal: `d8`, `d8=5`


def as_written(text: str, names: frozenset[str] = frozenset(), gear=lambda typed: True,
               reacting: bool = False, named=None, shared=lambda typed: False) -> str | None:
    """What a judge typed in plain words, rewritten as a scenario file writes the action, or None when it needs
    no rewriting (or can't be read): `sell psycho` (or `sell psycho squad`, a name) is `sell: psycho`, `attack
    psycho goons` is `attack: psycho, target: goons` (two words, each a label or a word of a card's name on the
    board, together no card's name: `names`; any names around `target`/`on`/`at`), `play mantis on psycho` is
    `play: mantis, equip_to: psycho` (`gear(typed)`: whether the card typed is a Gear; any other card played, used
    or activated `on` a card takes it as its target: `quick cyberpsychosis on psycho` is `quick: cyberpsychosis,
    targets: [psycho]`), `use overwatch` is `quick: overwatch` while `reacting` (the React Step, 9.10) and
    `activate: overwatch` otherwise, `end turn` is `pass_turn: true`, `pass_turn roll_in d20` is `pass_turn: true,
    roll_in: d20`, `steal: d8 d6` is `steal: [d8, d6]`, and the colon left out after an action's kind is put back
    (see `colon_missed`). `named(typed)`: the label of the one card on the board the words name (a label, a name, an
    unambiguous start), or None; with it, an attack's words are split where an attacker and a target are named
    (`attack riding nomad gigs`, `attack mtod bob's gigs`), and words naming one card alone are the attacker;
    `shared(typed)`: whether the words name several cards, each then named all the same (`attack psycho psycho`)."""
    plain = " ".join(text.casefold().split())
    if plain in TURN_ENDS:
        return "pass_turn: true"
    words = text.split()
    verb = words[0].casefold() if words else ""
    if ":" not in text:  # `play goro, no go solo`: a comma between plain words is a pause
        if verb == "use":
            verb = "quick" if reacting else "activate"
        return _plain_action(verb, text.replace(",", " ").split()[1:], names, gear, named, shared)
    key, _, rest = text.partition(":")
    if key.strip() in LIST_ANSWERS and rest.strip() and not rest.strip().startswith("[") and ":" not in rest:
        return f"{key.strip()}: [{', '.join(w for w in rest.replace(',', ' ').split())}]"
    keys = mapping(text)
    if keys and len(keys) == 1 and key.strip() in ("play", "quick", "activate") and " on " in f" {rest.strip()} ":
        return _plain_action(key.strip(), rest.split(), names, gear, named, shared)  # `quick: cyberpsychosis on psycho`
    return colon_missed(keys) if keys and not (len(keys) == 1 and None in keys.values()) else None


def _plain_action(verb: str, words: list[str], names: frozenset[str], gear=lambda typed: True,
                  named=None, shared=lambda typed: False) -> str | None:
    """`VERB` and the words after it, without any colon, as a scenario file writes them; None when unsure."""
    folded = [w.casefold() for w in words]
    known = {word for name in names for word in name.split()}
    if verb in SIMPLE_VERBS and names_start(words, names) and any(w in SEPARATORS for w in folded):
        return f"{verb}: {' '.join(words)}"  # `play fool on the hill`: the separator is the name's own word
    if verb in YES_NO_KINDS and words and len(words) % 2 == 0:  # `pass_turn roll_in d20`
        return ", ".join([f"{verb}: true"] + [f"{k}: {v}" for k, v in zip(words[::2], words[1::2])])
    if verb in ("activate", "quick") and len(folded) > 2 and folded[-2] in ("its", "his", "her", "their") and \
            folded[-1] in ("ability", "effect"):  # `kerry use its ability`: the card's activated effect
        words, folded = words[:-2], folded[:-2]
    elif verb in ("activate", "quick") and len(folded) > 1 and folded[-1] in ("ability", "effect") and \
            folded[-2].endswith(("'s", "\u2019s")):  # `use kerry's ability`: the card named before it
        words, folded = [*words[:-2], words[-2][:-2]], [*folded[:-2], folded[-2][:-2]]
    if verb == "attack" and folded[:1] == ["with"] and len(words) > 1:  # `attack with psycho`: the attacker alone
        words, folded = words[1:], folded[1:]
    if verb == "attack" and "with" in folded[1:-1] and not any(w in BEFORE_TARGET for w in folded):
        at = folded.index("with", 1)  # `attack gigs with psycho`: the attacker after `with`
        words = [*words[at + 1:], "on", *words[:at]]
        folded = [w.casefold() for w in words]
    if verb == "attack":
        split = next((i for i, w in enumerate(folded) if w in BEFORE_TARGET), None)
        one_name = any(name.startswith(" ".join(folded)) for name in names)  # `attack psycho squad`: no target
        if split is None and named is not None:
            return _attack_named(words, named, shared)
        if split is None and len(words) == 2 and not one_name and folded[0] in known and \
                (folded[1] in known or folded[1] in GIG_AREA_WORDS):
            split = 1
            attacker, target = words[:1], words[1:]
        elif split is not None and 0 < split < len(words) - 1:
            attacker, target = [w for w in words[:split] if w.casefold() != "with"], words[split + 1:]
        else:
            return None
        return f"attack: {' '.join(attacker)}, target: " + ("gig-area" if gig_area(target) else " ".join(target))
    if verb == "activate" and len(words) >= 2 and words[-1].isdigit():
        return f"activate: {' '.join(words[:-1])}, effect: {words[-1]}"
    if verb in ("play", "quick", "activate") and "on" in folded[1:-1]:
        at = folded.index("on", 1)
        card, on = words[:at], " ".join(words[at + 1:])
        solo, said = go_solo([w.casefold() for w in card]) if verb == "play" else (None, 0)
        if solo is not None and not _a_name_says([w.casefold() for w in card], names):  # `play adam go solo on rockn`
            card = card[:-said]
            while card and card[-1].casefold() in ("with", "using", "via", "and"):
                card = card[:-1]
            return f"play: {' '.join(card)}, go_solo: {str(solo).lower()}, targets: [{on}]" if card else None
        if verb == "play" and gear(" ".join(card)):  # `play mantis on psycho`: the Unit to carry it (4.10.1)
            return f"play: {' '.join(card)}, equip_to: {on}"
        effect = f", effect: {card.pop()}" if verb != "play" and len(card) > 1 and card[-1].isdigit() else ""
        return f"{verb}: {' '.join(card)}{effect}, targets: [{on}]"  # the effect's target (10.31)
    solo, said = go_solo(folded)
    if verb == "play" and solo is not None and _a_name_says(folded, names):  # Rogue Amendiares: Preem Solo
        solo = None
    if verb == "play" and solo is not None:
        card = words[:-said]
        while card and card[-1].casefold() in ("with", "using", "via", "and"):  # `play v with go solo`
            card = card[:-1]
        return f"play: {' '.join(card)}, go_solo: {str(solo).lower()}" if card else None
    dice = [w for w in folded if w not in ("the", "gig", "gigs", "a", "my", "his", "her", "and", "&")]
    if verb == "steal" and dice and all(GIG_WORD.match(w) for w in dice):  # `take the d8`
        return f"steal: [{', '.join(dice)}]"
    if verb == "block" and folded[:1] in (["with"], ["using"]):  # `block with corpo`
        words, folded = words[1:], folded[1:]
    if verb in SIMPLE_VERBS and words and not any(w in SEPARATORS for w in folded):
        return f"{verb}: {' '.join(words)}"
    return None


POSSESSIVES = ("the", "his", "her", "their", "my", "your", "rival", "rivals", "rival's", "opponent", "opponents",
               "opponent's")  # before the Gig area: `bob's gigs`, `the gigs`


def gig_area(words: list[str]) -> bool:
    """Whether the words name the Rival's Gig area: `gigs`, `gig area`, after a possessive or an article (`bob's
    gigs`, `bobs gigs`, `the gig area`)."""
    folded = [w.casefold().replace("’", "'") for w in words]
    for at in range(min(len(folded), 3)):
        before, rest = folded[:at], " ".join(folded[at:])
        if rest in GIG_AREA_WORDS and all(w in POSSESSIVES or w.endswith(("'s", "s'", "s")) for w in before):
            return True
    return False


def _attack_named(words: list[str], named, shared=lambda typed: False) -> str | None:
    """`attack` and the words after it, no separator: split where the words before name one card on the board (or
    a name several share) and those after the Gig area or one other card (`riding nomad gigs`, `psycho maelstrom
    goons`, `psycho psycho` with a Psycho Squad on each side); the words naming one card alone are the attacker
    (`riding nomad`); None when no split or several fit."""
    fits = []
    for at in range(1, len(words)):
        before, after = " ".join(words[:at]), " ".join(words[at:])
        attacker = named(before) or (before if shared(before) else None)
        target = "gig-area" if gig_area(words[at:]) else named(after) or (after if shared(after) else None)
        if attacker is not None and target is not None and (target != attacker or shared(after)):
            fits.append((" ".join(words[:at]), "gig-area" if target == "gig-area" else " ".join(words[at:])))
    if len(fits) == 1:  # written as typed (the card resolved again when the action is taken)
        return f"attack: {fits[0][0]}, target: {fits[0][1]}"
    alone = named(" ".join(words)) if words else None
    return f"attack: {alone}" if not fits and alone is not None else None


def _a_name_says(folded: list[str], names) -> bool:
    """Whether every word typed is a word of one card's name on the board (`rogue preem solo`: Rogue Amendiares:
    Preem Solo), so that a word that would be a flag (`solo`) is the name's own."""
    return bool(folded) and any(all(w in name.replace(":", " ").replace(",", " ").split() for w in folded)
                                for name in names)


def go_solo(folded: list[str]) -> tuple[bool | None, int]:
    """Whether the words typed after `play` end by asking for [GO SOLO] (`go solo`, `solo`), or for it not (`no go
    solo`, `without go solo`, `not solo`), and how many words say it; (None, 0) when they don't say."""
    said = 2 if folded[-2:] in (["go", "solo"], ["going", "solo"], ["goes", "solo"]) else \
        1 if folded[-1:] in (["solo"], ["go_solo"], ["gosolo"]) else 0
    if not said:
        return None, 0
    at = len(folded) - said
    return (False, said + 1) if negated(folded, at) else (True, said)


def colon_missed(keys: dict) -> str | None:
    """The action typed with no colon after its kind, rewritten as a scenario file writes it, or None:
    `attack psycho, target: gig-area` is `attack: psycho, target: gig-area`, and `pass_turn roll_in: d20` is
    `pass_turn: true, roll_in: d20`."""
    written = {}
    for key, value in keys.items():
        if written:
            written[key] = value
            continue
        verb, _, rest = str(key).partition(" ")
        if not rest or not (verb in ACTION_KINDS or verb in REACTIONS):
            return None
        if value is None:
            written[verb] = rest
        elif verb in YES_NO_KINDS and " " not in rest:
            written.update({verb: True, rest: value})
        else:
            return None
    return flow(written)[1:-1] if written else None


def added(action: dict, waiting: dict) -> dict | None:
    """What an option adds to the action waiting for a choice, key by key: a key the waiting action lacks
    (`roll_in: d8`), a list's answers after those already given (`targets: [river]` after `[mantis]`), a mapping's
    new or further answers (`may: {tbug: true}`); None when the option is not the waiting action answered
    (`concede`). `by` is left aside: the listing writes it out, the session's action may not."""
    if any(key not in action for key in waiting if key != "by") or \
            waiting.get("by", action.get("by")) != action.get("by"):
        return None
    out = {}
    for key, value in action.items():
        before = waiting.get(key)
        if key == "by" or value == before:
            continue
        if isinstance(value, dict) and isinstance(before, dict):
            further = {k: _further(v, before.get(k)) for k, v in value.items() if v != before.get(k)}
            if None in further.values() or any(k not in value for k in before):
                return None
            out[key] = further
        else:
            out[key] = _further(value, before)
            if out[key] is None:
                return None
    return out


def _further(now, earlier):
    """The answers `now` holds after `earlier` (all of them when there were none); None when it does not go on
    from them."""
    if earlier is None:
        return now
    if not isinstance(now, list):
        return None
    earlier = earlier if isinstance(earlier, list) else [earlier]
    return now[len(earlier):] if now[:len(earlier)] == earlier else None


def answered(waiting: dict, typed: dict) -> dict:
    """The waiting action with the answers typed added: a list answer (`targets`, `gigs`, `numbers`, `order`,
    `modes`) after the answers it already has, any other key set as typed (`may: {...}`, `x: 3`). Reactions typed
    as `react: [...]` take the place of the `more: true` the React Step waits at, as in a scenario file: `react: []`
    ends the step (9.12)."""
    out = dict(waiting)
    for key, value in typed.items():
        if key in LIST_ANSWERS and not isinstance(value, list):
            value = [value]  # `steal: d8` is the one Gig picked now
        earlier = out.get(key)
        if key == "react" and isinstance(earlier, list) and isinstance(value, list) and {"more": True} in earlier:
            out[key] = [r for r in earlier if r != {"more": True}] + value
        elif isinstance(earlier, list):
            out[key] = earlier + (value if isinstance(value, list) else [value])
        else:
            out[key] = value
    return out


def modes_written(picks: list, chooser: str | None) -> str:
    """The answer to a "choose one" picking effects `picks` (1 = first): `modes: [2]`, or `modes: [{by: bob, pick:
    2}]` where the card gives the choice to the Rival, `chooser` (10.31)."""
    return "modes: [" + ", ".join(f"{{by: {chooser}, pick: {n}}}" if chooser else str(n) for n in picks) + "]"


MODE_VERBS = ("choose", "chooses", "pick", "picks", "name", "names", "mode")  # `choose gear`: the mode, not a verb


def mode_named(line: str, awaiting: str, count: int) -> int | None:
    """The effect of a "choose one" (10.31) that the words typed name, read from the prompt's list of them
    (`1. Unit: show ...; 2. Gear: show ...`): the one whose text begins with the words (`gear`, `choose program`,
    `draw 1`); None when none or several do, or the line writes an action (`:`)."""
    words = line.casefold().replace("’", "'").strip(" ?!.").split()
    words = words[1:] if words[:1] and words[0] in MODE_VERBS else words
    typed, at = " ".join(words), awaiting.find(": 1. ")
    if not typed or ":" in line or at < 0 or typed.isdigit():
        return None
    texts, at = [], at + 2
    for n in range(1, count + 1):
        start = at + len(f"{n}. ")
        end = awaiting.find(f"; {n + 1}. ", start) if n < count else awaiting.find(". The ruling waits here", start)
        if end < 0:
            return None
        texts.append(awaiting[start:end].casefold())
        at = end + 2
    fits = [n for n, text in enumerate(texts, 1) if text == typed or text[len(typed):len(typed) + 1] in (" ", ":", ",", ";")
            and text.startswith(typed)]
    return fits[0] if len(fits) == 1 else None
