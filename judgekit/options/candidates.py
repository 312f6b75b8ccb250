"""The actions a player might try at a point of the game, before any is decided.

Nothing here says whether an action is legal: every candidate is handed to the engine's own
`run_action`, whose refusal (with its rules) is the answer. Candidates are generous on purpose: a
spent attacker, a rival host for a Gear, a block by a Unit without [BLOCKER] are listed so that the
refusal says which rule forbids them.
"""
from __future__ import annotations

from itertools import combinations
from math import comb

from judgekit.engine import choices, legends
from judgekit.engine.action_kinds import MORE_REACTIONS, Reaction
from judgekit.engine.actions import Action
from judgekit.engine.context import ModePick
from judgekit.engine.ending_an_attack import GIG_AREA
from judgekit.engine.state import AREAS, HIDDEN_AREAS, IN_PLAY_AREAS, GameState
from judgekit.engine.trace import Step

MAX_X = 10  # X €$ offered up to the payer's sources, at most this many
MAX_TOGETHER = 20  # answers naming several cards for one choice, listed when there are at most this many


def next_actions(state: GameState) -> list[Action]:
    """What could be done next when no choice is awaited: the phase's own action, or the Main Phase actions."""
    turn = state.turn
    if state.game_over:
        return []
    if state.phase == "setup":
        return [Action("setup", turn, setup="game", by_turn_player=True)]
    if state.phase == "start":
        return [Action("start_phase", turn, by_turn_player=True)] + _concessions(state)
    if state.attack is not None:
        return [Action("resume_attack", turn, by_turn_player=True)] + _concessions(state)
    if state.phase != "main":
        return [Action("pass_turn", turn, by_turn_player=True)] + _concessions(state)
    return (_plays(state, turn) + _calls(state, turn) + _sales(state, turn) + _attacks(state, turn)
            + _activations(state, turn) + [Action("pass_turn", turn, by_turn_player=True)] + _concessions(state))


def _concessions(state: GameState) -> list[Action]:
    """Either player may concede at any time (1.16)."""
    return [Action("concede", player) for player in state.players]


def _hosts(state: GameState) -> list[str]:
    """Every card a Gear could be tried on: a Gear's host is in play (4.10.2); the engine refuses the others."""
    return [label for name in state.players for area in IN_PLAY_AREAS for label in state.players[name].area(area)]


def _reacting_gear(state: GameState, label: str) -> bool:
    """A Gear that [QUICK] lets be played as a reaction (11.26.1.1), so tried on each host; any other card in hand is
    tried once, for its refusal."""
    from judgekit.engine import play  # loaded with the first play (see action_kinds)
    definition = state.cards[label].definition
    return definition.is_type("Gear") and play.played_as_reaction(definition)


def _plays(state: GameState, player: str) -> list[Action]:
    """Each card in hand (a Gear once per possible host), and each Legend in the Legends area (GO SOLO or 4.5)."""
    out = []
    hosts = _hosts(state)
    for label in state.players[player].hand:
        if state.cards[label].definition.is_type("Gear"):
            out += [Action("play", player, (label,), equip_to=host) for host in hosts] or \
                [Action("play", player, (label,))]
        else:
            out.append(Action("play", player, (label,)))
    for label in state.players[player].legends:
        if legends.has_go_solo(state, label):
            out += [Action("play", player, (label,), go_solo=True), Action("play", player, (label,), go_solo=False)]
        else:
            out.append(Action("play", player, (label,)))
    return out


def _calls(state: GameState, player: str) -> list[Action]:
    return [Action("call", player, (label,)) for label in state.players[player].legends]


def _sales(state: GameState, player: str) -> list[Action]:
    return [Action("sell", player, (label,)) for label in state.players[player].hand]


def _attacks(state: GameState, player: str) -> list[Action]:
    """Each friendly card in the field against each rival card in the field or the Legends area (a Legend there is
    no Unit, asked often) and the rival's Gig area."""
    rival = state.rival_of(player)
    targets = list(state.players[rival].field) + list(state.players[rival].legends) + [GIG_AREA]
    return [Action("attack", player, (attacker,), target=target)
            for attacker in state.players[player].field for target in targets]


def _activated(state: GameState, label: str) -> list[tuple[int | None, bool]]:
    """(effect number or None when it has one, quick) for each activated effect the card has or reads."""
    card = state.cards[label]
    effects = [e for e in card.definition.own_effects if e.kind == "activated"]
    effects += [e for g in card.gear for e in state.cards[g].definition.bottom_effects if e.kind == "activated"]
    return [(n if len(effects) > 1 else None, e.quick) for n, e in enumerate(effects, start=1)]


def _in_play(state: GameState, player: str) -> list[str]:
    areas = state.players[player]
    cards = areas.field + areas.legends
    return cards + [g for c in cards for g in state.cards[c].gear]


def _activations(state: GameState, player: str) -> list[Action]:
    return [Action("activate", player, (label,), effect_index=n)
            for label in _in_play(state, player) for n, _ in _activated(state, label)]


def reactions(state: GameState, defender: str, before: tuple[tuple, ...] = ()) -> list[tuple[tuple, ...]]:
    """`react:` lists for a React Step (9.7-9.12), after the reactions `before` it: end the step there, or take one
    more reaction and leave the step open for the next (`more`): a block by each friendly card in the field, each
    card in hand (a [QUICK] Gear once per possible host) and effect in play used as a reaction (those without [QUICK]
    refused by 9.10, 9.10.1: asked often), a Call of each Legend."""
    areas = state.players[defender]
    single = [Reaction("block", label) for label in areas.field + areas.legends]  # a Legend there, asked often
    hosts = _hosts(state)
    single += [Reaction("quick", label, equip_to=host) for label in areas.hand
               for host in (hosts if _reacting_gear(state, label) and hosts else (None,))]
    single += [Reaction("quick", label, effect_index=n) for label in _in_play(state, defender)
               for n, _ in _activated(state, label)]
    single += [Reaction("call", label) for label in areas.legends]
    return [before] + [before + ((r.kind, r.card, r.pay, r.effect_index, r.x, r.equip_to), MORE_REACTIONS)
                       for r in single]


def answers(state: GameState, action: Action, waiting: Step, made: tuple = ()) -> list[Action]:
    """`action` with the awaited choice scripted, once for each answer the choice could have. `made`: the choices
    it made as the only option before waiting, scripted first so that they take their own answers again."""
    key, *bounds = waiting.choice or ("",)
    options = list(waiting.options or ())
    if key in ("targets", "gigs"):
        action = action.but(**{key: getattr(action, key) + tuple(answer for k, answer in made if k == key)})
    if key == "targets":
        tried = [(o,) for o in options + (["none"] if waiting.can_decline else []) + unfit_targets(state, waiting)]
        return [action.but(targets=action.targets + o) for o in tried + together(waiting)]
    if key in ("gigs", "steal") and bounds and bounds[0] > 1:
        picks = [tuple(c) for c in combinations(options, bounds[0])]
    else:
        picks = [(o,) for o in options]
    if key == "gigs":
        return [action.but(gigs=action.gigs + p) for p in picks]
    if key == "steal":
        return [action.but(steal=p) for p in picks]
    if key == "order":
        return [action.but(order=action.order + (o,)) for o in options]
    if key in ("may", "replacements"):
        return [_answered(action, key, bounds[0], answer) for answer in (True, False)]
    if key == "modes":
        count, chosen, by = bounds
        return [action.but(modes=action.modes + (ModePick(tuple(c), by, len(action.modes)),))
                for c in combinations(range(1, count + 1), chosen)]
    if key == "numbers":
        low, high = bounds[:2]
        values = (low, high) if len(bounds) > 2 else range(low, high + 1)
        return [action.but(numbers=action.numbers + (n,)) for n in values]
    if key == "go_solo":
        return [action.but(go_solo=answer) for answer in (True, False)]
    if key == "pay":
        return [action.but(pay=c) for c in _payments(state, options, bounds[0])]
    if key == "payments":
        return [action.but(payments=action.payments + c) for c in _payments(state, options, bounds[0])]
    if key == "x":
        areas = state.players[action.player]
        most = min(MAX_X, len(areas.eddies) + len(areas.legends))
        return [action.but(x=x) for x in range(most + 1)]
    if key == "react":
        before = tuple(r for r in action.reactions or () if r != MORE_REACTIONS)
        return [action.but(reactions=r) for r in reactions(state, waiting.player, before)]
    if key == "roll_in":  # the fixer's other dice too: the d20 while others remain is refused (8.6.5.1.1)
        fixer = state.players[waiting.player].fixer if waiting.player in state.players else []
        return [action.but(roll_in=o) for o in dict.fromkeys([*options, *fixer])]
    if key == "first":
        return [action.but(first=p) for p in state.players]
    if key == "mulligan":
        players = list(state.players)
        return [action.but(mulligans=tuple(c)) for n in range(len(players) + 1) for c in combinations(players, n)]
    return []


def together_bounds(waiting: Step | None) -> tuple[int, int, int] | None:
    """For a waiting `targets` choice that one answer may answer with several cards (the engine's bounds: "up to 2",
    "any number", one more per min Gig, "defeat 2"): (at most, at least, how many such answers there are: each
    set of 2 or more of its options, in their order, 10.31.2); None for a choice of one card."""
    if waiting is None or not waiting.choice or waiting.choice[0] != "targets" or len(waiting.choice) < 3:
        return None
    most, least = waiting.choice[1:3]
    if most < 2:
        return None
    offered = len(waiting.options or ())
    return most, least, sum(comb(offered, k) for k in range(max(2, least), most + 1))


def together(waiting: Step) -> list[tuple[str, ...]]:
    """The answers naming several cards at once for a waiting `targets` choice, when there are at most MAX_TOGETHER:
    each set of its options of a size it allows, in their order, with `none` after it to stop there when it could
    take more (2.8); none at all when there are more (the listing then says how to write one)."""
    bounds = together_bounds(waiting)
    if bounds is None or bounds[2] > MAX_TOGETHER:
        return []
    most, least, _ = bounds
    return [c + (("none",) if k < most else ()) for k in range(max(2, least), most + 1)
            for c in combinations(waiting.options, k)]


def unfit_targets(state: GameState, waiting: Step) -> list[str]:
    """Cards a player might name for a waiting target choice (10.31) other than its options, for the engine to
    refuse with the requirement they fail (10.7): every card in play, each side's (a rival Unit where a friendly one
    is asked, a spent one, one costing too much, a Legend in the Legends area); and, when the options lie outside
    play (a trash, a hand, an Eddies area), the other cards of that area on either side, in a hidden one only those
    the chooser may see (their own hand, 5.4.3; cards they look at, as in a search, 11.13). A card already chosen
    for the same choice is tried too, refused as a repeat (10.31.2); each option (`waiting.options`) is left out,
    and of unnamed cards alike, one is tried."""
    options = set(waiting.options or ())
    areas = [a for a in AREAS if a not in IN_PLAY_AREAS and any(state.locate(o)[1] == a for o in options)]
    chooser = waiting.player
    out = [label for name in state.players for label in _in_play(state, name)]
    out += [label for name in state.players for area in areas for label in state.players[name].area(area)
            if area not in HIDDEN_AREAS or area == "hand" and name == chooser
            or chooser in state.cards[label].looked_at_by]
    tried = [label for label in dict.fromkeys(out) if label not in options]
    kept: dict = {}
    for label in tried:
        kept.setdefault(_told_apart(state, label), label)
    return list(kept.values())


def _payments(state: GameState, sources: list[str], count: int) -> list[tuple[str, ...]]:
    """Each way to spend `count` of `sources`, once: of ways that differ only in which of some alike unnamed Eddies
    pay (`_told_apart`), the first stands for them all, as the engine would not wait between them."""
    kept: dict = {}
    for chosen in combinations(sources, count):
        kept.setdefault(tuple(sorted(map(repr, map(lambda label: _told_apart(state, label), chosen)))), chosen)
    return list(kept.values())


def _told_apart(state: GameState, label: str) -> object:
    """What tells a card from the others a choice is refused: its label, or for a card no one has named (the
    scenario's unknown Eddies) the engine's `choices.alike_key` (where it is, whose, how it lies), so that one of
    many alike stands for them all."""
    return choices.alike_key(state, label) or label


def _answered(action: Action, key: str, source: str, answer: bool) -> Action:
    """The action with one more yes/no for `source` under `may` or `replacements` (a source may be asked again)."""
    given = dict(getattr(action, key))
    given[source] = given.get(source, ()) + (answer,)
    return action.but(**{key: tuple(given.items())})
