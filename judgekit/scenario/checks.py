"""The scenario models' own checks and derived answers, as plain functions the model classes use
(judgekit/scenario/model/).

They live apart from the pydantic classes so that the validator kept in judgekit's cache
(judgekit/scenario/validator.py) can name them: a cached schema refers to a check by its name in
CHECKS, and nothing else is ever called from it. Each receives the validated record (`self`) or,
for a field check, the record's class and the value, as pydantic passes them.
"""
from __future__ import annotations

import re

from judgekit.cites import rule_mark
from judgekit.echo import SUGGEST_LIMIT, shown

DIE_NAMES = ("d4", "d6", "d8", "d10", "d12", "d20")
DIE_MAX = {die: int(die[1:]) for die in DIE_NAMES}  # a die's name is its highest value (6.1.1)
# What a lasting change or an effect may forbid a card (the scenario format's `cant:`) or allow it against the attack
# rules (`can:`); kept here, apart from the models, for the readers that need only the names (judgekit ask).
PERMISSION_NAMES = ("attack-units-while-lagging", "attack-gig-area-while-lagging", "attack-ready-units",
                    "attack-ready-blockers")
RESTRICTION_NAMES = ("attack", "attack-gig-area", "block", "be-blocked", "ready", "be-defeated-in-fights")
VERBS = ("play", "call", "sell", "move", "defeat", "bottom_deck", "draw", "attack", "setup", "start_phase",
         "pass_turn", "adjust", "swap", "activate", "concede", "resume_attack")
INSTRUCTION_KEYS = ("draw", "move", "defeat", "bottom_deck", "spend", "ready", "give", "trash", "flip", "reveal",
                    "sell", "move_gear", "adjust", "search", "win", "lose", "end_attack", "call_free", "each_draws",
                    "swap", "steal", "discard", "only_if", "each_player", "next_time",
                    "choose", "if_you_do", "play_free", "repeat", "for_each", "bottom_deck_all",
                    "limit_steals", "look_at", "match_gig", "sell_top_card", "must_attack", "reveal_top",
                    "discard_hands", "pay", "play_paying", "next_costs_less")
CARD_TYPE_NAMES = ("Legend", "Unit", "Gear", "Program")
KEYWORD_NAMES = ("ADRENALINE", "BLOCKER", "GO SOLO", "QUICK")  # the effect keywords (11.22-11.26): the only ones
TRIGGER_KEYWORDS = ("ATTACK", "CALL", "DEFEATED", "PLAY")  # trigger keywords (11.18-11.21): an effect's `when`


def check_gig_value(die: str, value: int) -> None:
    """6.1.1: a Gig's value is between 1 and its die's highest value."""
    if not 1 <= value <= DIE_MAX[die]:
        raise ValueError(f"a {die} shows 1 to {DIE_MAX[die]} (6.1.1), not {value}")


def gig_on_its_die(self):
    check_gig_value(self.die, self.value)
    return self


def gig_from_entry(cls, gig):
    """`d6=4` as a Gig (`cls`); its value must be on the die (6.1.1)."""
    if isinstance(gig, cls):
        return gig
    die, _, number = gig.partition("=")
    if re.fullmatch(r"d\d+", die.strip()) and die.strip() not in DIE_NAMES:
        raise ValueError(f"{shown(die.strip())} is not a Gig die: the dice are {', '.join(DIE_NAMES)} (6.1.1)")
    if die.strip() not in DIE_NAMES or not number.strip().isdigit() or len(number.strip()) > 3:
        raise ValueError(f"a Gig is written like 'd6=4' (die=value), not {shown(gig)}")
    check_gig_value(die.strip(), int(number))
    return cls(die=die.strip(), value=int(number))


def known_failure_needs_an_answer(cls, value, info):
    if value is not None and info.data.get("expect") is None and not info.data.get("contested"):
        raise ValueError("known_failure needs the official answer it disagrees with, as `expect` or `contested`")
    return value


def two_players(cls, value):
    if len(value) != 2:
        raise ValueError(f"a game has exactly two players (got {len(value)})")
    return value


def adjustment_one_way(self):
    ways = [w for w in ("increase", "decrease", "set", "to") if getattr(self, w) is not None]
    if len(ways) != 1:
        raise ValueError("an adjustment has exactly one of increase, decrease, set, to")
    return self


def adjustment_how(self) -> tuple[str, int | None]:
    if self.to is not None:
        return self.to, None
    return next((w, getattr(self, w)) for w in ("increase", "decrease", "set") if getattr(self, w) is not None)


def reaction_one_kind(self):
    if len([k for k in (self.block, self.call, self.quick, self.more) if k is not None]) != 1:
        raise ValueError("a reaction is exactly one of `block`, `call`, `quick` or `more`")
    if self.pay is not None and self.block is not None:
        raise ValueError("`pay` goes with `call` or `quick`")
    if (self.effect is not None or self.x is not None) and self.quick is None:
        raise ValueError("`effect` and `x` go with `quick`")
    if self.equip_to is not None and self.quick is None:
        raise ValueError("`equip_to` goes with `quick` (a [QUICK] Gear played as a reaction)")
    return self


def action_one_verb(self):
    verbs = [v for v in VERBS if getattr(self, v) is not None]
    if len(verbs) != 1:
        raise ValueError(f"an action has exactly one of {', '.join(VERBS)} (got {', '.join(verbs) or 'none'})")
    if (verbs[0] == "attack") != (self.target is not None):
        raise ValueError("`target` goes with `attack`, and `attack` needs `target`")
    if (verbs[0] == "move") != (self.to is not None):
        raise ValueError("`to` goes with `move`, and `move` needs `to`")
    if (self.first is not None or self.mulligan is not None) and self.setup != "game":
        raise ValueError("`first` and `mulligan` go with `setup: game`")
    if (self.roll_in is not None or self.roll is not None) and verbs[0] not in ("start_phase", "pass_turn"):
        raise ValueError("`roll_in` and `roll` go with `start_phase` or `pass_turn`")
    if (self.react is not None or self.steal is not None) and verbs[0] not in ("attack", "resume_attack"):
        raise ValueError("`react` and `steal` go with `attack` or `resume_attack`")
    if self.equip_to is not None and verbs[0] != "play":
        raise ValueError("`equip_to` goes with `play`")
    if self.go_solo is not None and verbs[0] != "play":
        raise ValueError("`go_solo` goes with `play`")
    if self.pay is not None and verbs[0] not in ("play", "call", "activate"):
        raise ValueError("`pay` goes with `play`, `call` or `activate` (the action's own cost); the €$ an effect asks "
                         "for is written `payments:`")
    if (self.effect is not None or self.x is not None) and verbs[0] != "activate":
        raise ValueError("`effect` and `x` go with `activate`")
    return self


def action_verb(self) -> str:
    return next(v for v in VERBS if getattr(self, v) is not None)


def play_cost_one_way(self):
    if (self.less_per is None) == (self.set_to is None):
        raise ValueError("a play cost has exactly one of `less_per`, `set_to`")
    return self


def activation_minimum_one_way(self):
    """`minimum_faq` names the FAQ answer behind a minimum of 0, so it goes only with `minimum: 0`."""
    if self.minimum_faq is not None and self.minimum != 0:
        raise ValueError("`minimum_faq` names the FAQ answer that lets a discount reach 0 €$: it goes with `minimum: 0`")
    return self


def faq_minimum_about_this_card(self):
    """An activation's `minimum_faq` is an FAQ answer ('Card Name#N') about the card that carries it: the FAQ rules
    only on the card it names."""
    name = getattr(self, "card", None) or (f"{self.name}: {self.subtitle}" if self.subtitle else self.name)
    for effect in self.effects:
        ref = effect.activate.minimum_faq if effect.activate is not None else None
        if ref is None:
            continue
        shape = re.fullmatch(r"(.+)#[1-9][0-9]*", ref)
        if shape is None:
            raise ValueError(f"`minimum_faq` names an FAQ answer as 'Card Name#N' (N from 1), not {ref!r}")
        card = shape.group(1)
        if card != name:
            raise ValueError(f"`minimum_faq` names an FAQ answer about {card}, not {name}: the FAQ rules only on the "
                             "card it names, so another card's minimum of 0 rests on its own text (2.5)")
    return self


def program_effects_resolve(self):
    """4.13: a Program's effect resolves as the Program is played (`when: resolve`); [PLAY] is a Unit's or a
    Gear's, and a Program written with it would never resolve its effect."""
    types = self.type if isinstance(self.type, list) else [self.type]
    if "Program" in types and any(e.when == "play" for e in self.effects):
        raise ValueError("a Program's effect resolves as it is played: write `when: resolve` (4.13), not "
                         "`when: play` ([PLAY] is a Unit's or a Gear's)")
    return self


def quick_keyword_names_its_effect(self):
    """11.26.1.2: a keyword line's [QUICK] beside activated effects is one of theirs; with one, it is that one
    (pool.quick_line); with several, the file must say which (`quick: true`), or the keyword would be read as none."""
    types = self.type if isinstance(self.type, list) else [self.type]
    gear = "Gear" in types
    bottom = self.bottom_textbox.keywords if self.bottom_textbox else []
    keywords = [*self.keywords, *bottom] if gear else self.keywords
    effects = (self.bottom_textbox.effects if self.bottom_textbox else []) if gear else self.effects
    activated = [e for e in effects if e.activate is not None]
    if "QUICK" in keywords and len(activated) > 1 and not any(e.quick for e in activated):
        where = "its bottom textbox" if gear else "the card"
        raise ValueError(f"[QUICK] on the keyword line of a card whose text has {len(activated)} activated effects "
                         f"(in {where}) belongs to one of them (11.26.1.2): write `quick: true` on that effect")
    return self


def effect_one_kind(self):
    kinds = [k for k in ("when", "activate", "persistent", "replace") if getattr(self, k) is not None]
    if len(kinds) != 1:
        raise ValueError("an effect has exactly one of when, activate, persistent, replace"
                         f" (got {', '.join(kinds) or 'none'})")
    if self.quick and self.activate is None:
        raise ValueError("`quick` goes with `activate` (a QUICK Program has QUICK in its keywords)")
    if self.pay is not None and self.replace is None:
        raise ValueError("`pay` goes with `replace`")
    if self.optional and self.replace is None and self.when is None:
        raise ValueError("`optional` goes with `when` or `replace`")
    if self.affects != "this" and self.persistent is None and self.replace is None:
        raise ValueError("`affects` goes with `persistent` or `replace`")
    if self.first_time_each_turn and self.when is None:
        raise ValueError("`first_time_each_turn` goes with `when`")
    if self.once_per_turn and self.activate is None:
        raise ValueError("`once_per_turn` goes with `activate`")
    if (self.choose != 1 or self.choose_all_if or self.chooser != "you") and not self.modes:
        raise ValueError("`choose`, `choose_all_if` and `chooser` go with `modes`")
    if self.modes and self.choose > len(self.modes):
        raise ValueError(f"`choose` is {self.choose}, but there are only {len(self.modes)} modes")
    if self.affected is not None and self.persistent is None and self.replace is None:
        raise ValueError("`affected` goes with `persistent` or `replace`")
    if self.actor is not None and not (self.when or "").startswith(("friendly-", "any-")) and self.replace != "stolen":
        raise ValueError("`actor` goes with a `friendly-...` or `any-...` trigger, or `replace: stolen`")
    return self


def names_only_what_its_trigger_gives(self):
    """An effect names only the facts its trigger gives (`opponent`, `it`, the stolen Gig, an `actor` key of one
    event): judgekit/scenario/event_facts.py, the one table of them."""
    from judgekit.scenario import event_facts
    why = event_facts.problem(self.model_dump(by_alias=True, exclude_defaults=True))
    if why:
        raise ValueError(why)
    return self


def effect_keys_agree(self):
    """An effect's keys mean something together (judgekit/scenario/effect_keys.py)."""
    from judgekit.scenario import effect_keys
    why = effect_keys.effect_problem(self)
    if why:
        raise ValueError(why)
    return self


def power_keys_agree(self):
    """A `give`'s or a persistent grant's power keys mean something together (judgekit/scenario/effect_keys.py)."""
    from judgekit.scenario import effect_keys
    why = effect_keys.power_problem(self)
    if why:
        raise ValueError(why)
    return self


def known_card_types(cls, value):
    types = [value] if isinstance(value, str) else value
    for kind in types:
        if kind not in CARD_TYPE_NAMES:
            raise ValueError(f"unknown card type {shown(kind)}; use Legend, Unit, Gear or Program")
    if not types:
        raise ValueError("a card has at least one type")
    return value


def keyword_name(value: str) -> str:
    """A keyword as the rules write it (11.22-11.26): `blocker`, `[Blocker]` and `go-solo` are BLOCKER and GO SOLO;
    any other word is an input error, since a keyword the game does not have would mean nothing."""
    if len(value) > SUGGEST_LIMIT:
        raise ValueError(f"unknown keyword {shown(value)}")
    word = " ".join(value.strip().strip("[]").replace("-", " ").replace("_", " ").split()).upper()
    if word in KEYWORD_NAMES:
        return word
    known = ", ".join(KEYWORD_NAMES[:-1]) + f" and {KEYWORD_NAMES[-1]}"
    if word in TRIGGER_KEYWORDS:
        raise ValueError(f"[{word}] is a trigger keyword ({rule_mark('keyword.call')}-{rule_mark('keyword.attack')}), "
                         f"written as an effect with `when: {word.lower()}`; the keywords a card has are {known} "
                         f"({rule_mark('effect-keywords')})")
    import difflib  # only for a "did you mean": not on the way of a good input
    close = difflib.get_close_matches(word, KEYWORD_NAMES, n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    raise ValueError(f"unknown keyword {shown(value)}{hint} (the game's keywords are {known}, "
                     f"{rule_mark('effect-keywords')})")


def card_cost(cls, value):
    if isinstance(value, bool) or (isinstance(value, int) and value < 0):
        raise ValueError("a cost is a number of €$ (0 or more), or '-' for Null")
    return value


def condition_one_key(self):
    if len([k for k, v in self if v is not None]) != 1:
        raise ValueError("a condition has exactly one key")
    return self


def gig_adjustment_one_way(self):
    if len([w for w in ("increase", "decrease", "set", "to", "by") if getattr(self, w) is not None]) != 1:
        raise ValueError("an adjustment has exactly one of increase, decrease, set, to, by")
    if self.up_to and self.increase is None and self.decrease is None and self.by is None:
        raise ValueError("`up_to` goes with `increase`, `decrease` or `by`")
    if isinstance(self.gig, list) and not self.gig:
        raise ValueError("`gig` names at least one Gig")
    return self


def if_it_did_names_a_card(self):
    if self.if_it_did and (self.card is None or self.when != "end-of-this-turn"):
        raise ValueError("`if_it_did` needs `when: end-of-this-turn` and the `card` it asks about")
    return self


def search_says_why_a_pick_may_be_left(self):
    """A pick a search need not make is left by the card's "you may" or "up to", or by failing to find a
    particular card (11.13.4.1?); with none of them, every pick must be made (`must`)."""
    optional = not self.must or self.take_per is not None
    if optional and not (self.may or self.up_to or self.kind or self.max_cost is not None or self.cost_matches_a_gig):
        raise ValueError("a search whose picks may be left says why: `may` (\"you may\"), `up_to`, or a requirement "
                         "it searches for (`kind`, `max_cost`, `cost_matches_a_gig`); else it is `must`")
    return self


def plays_only_friendly_cards(self):
    """`play_free` and `play_paying` play a card its owner, the effect's controller, holds (hand, trash or deck): a
    target they play must be `side: friendly`. A card played from a rival's area (11.4.2 allows it) is not
    supported, and is refused here rather than silently doing nothing."""
    refs = {(self.name if getattr(self, "name", None) and number == 0 else
             "target" if number == 0 else f"target{number + 1}"): need for number, need in enumerate(self.targets)}
    for key, played in _plays(self.do):
        need = refs.get(played)
        if need is not None and need.side != "friendly":
            raise ValueError(f"`{key}` plays {played}, a `side: {need.side}` target; judgekit plays a card by an effect "
                             "only from its own controller's hand, trash or deck: write `side: friendly`")
    return self


def _plays(instructions) -> list[tuple[str, str]]:
    """(key, card ref) of each `play_free`/`play_paying` in these instructions and the parts they hold; a nested
    `choose` checks the cards it chooses itself."""
    found = []
    for step in instructions or ():
        chosen = getattr(step, "choose", None)
        if chosen is not None:
            own = {chosen.name or "target", *(f"target{n + 1}" for n in range(1, len(chosen.targets)))}
            found += [(key, ref) for key, ref in _plays(chosen.do) if ref not in own]
        for key in ("play_free", "play_paying"):
            if getattr(step, key, None) is not None:
                found.append((key, getattr(step, key).card))
        for key in ("if_you_do", "only_if", "repeat"):
            held = getattr(step, key, None)
            if held is not None:
                found += _plays([*(getattr(held, "do", None) or ()), *(getattr(held, "then", None) or ()),
                                 *(getattr(held, "otherwise", None) or ())])
    return found


def instruction_one_key(self):
    given = [k for k, v in self if v is not None]
    if len(given) != 1:
        raise ValueError(f"an instruction has exactly one of {', '.join(INSTRUCTION_KEYS)}"
                         f" (got {', '.join(given) or 'none'})")
    return self


def disputed_follows_a_reading(cls, value, info):
    """A `disputed` point names one of the scenario's contested readings as the one judgekit follows."""
    if value is None:
        return value
    readings = [c.held_by for c in info.data.get("contested") or []]
    if len(readings) < 2:
        raise ValueError("`disputed` goes with a `contested` list of two or more readings")
    if value.follows not in readings:
        raise ValueError("`follows` must be the `held_by` of one of the contested readings: "
                         f"{', '.join(shown(r) for r in readings)}")
    return value


def order_item_one_kind(self):
    """An `expect.order` item is one of step, resolves, triggers (or only cites); card, player and cites narrow a
    step."""
    kinds = [k for k in ("step", "resolves", "triggers") if getattr(self, k) is not None]
    if len(kinds) > 1 or not kinds and self.cites is None:
        raise ValueError("an order item has one of step, resolves, triggers (or only cites)"
                         f" (got {', '.join(kinds) or 'none'})")
    narrowing = [k for k in ("card", "player", "cites") if getattr(self, k) is not None]
    if kinds and kinds[0] in ("resolves", "triggers") and narrowing:
        raise ValueError(f"`{narrowing[0]}` goes with `step` or `cites`, not `{kinds[0]}`")
    return self


CHECKS = {name: value for name, value in globals().items()
          if callable(value) and getattr(value, "__module__", None) == __name__ and name != "check_gig_value"}
