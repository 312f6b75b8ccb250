"""The kinds of action a scenario can take, and the reactions of a React Step (9.8-9.10): one table each.

Each kind says how it is carried out, how it reads in words, and whether it can be taken while an attack is
in progress. `actions.run_action` carries actions out through `ACTION_KINDS`, `Action.describe` words them
through it, and `react_step` takes reactions through `REACTIONS`; the options listing enumerates both.

The rules module of a kind is loaded by name when such an action first runs, so a ruling loads only the
engine modules its actions need (issue #16: a cold `judgekit run`).
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Callable

from judgekit.engine import areas, effects, events, gigs, winning
from judgekit.plural import with_article

# `Action` (judgekit.engine.actions) and `Context` (judgekit.engine.context) are named in annotations only.


def _rules(module: str):
    """The engine module of an action kind's rules, loaded by name when such an action first runs (as the
    interpreter loads an instruction's module), so that the table and the modules it runs, which read it in
    turn (the React Step takes reactions through it), do not import each other in a circle."""
    return import_module(f"judgekit.engine.{module}")


@dataclass(frozen=True)
class ActionKind:
    """One verb of the scenario format: how it runs, how it is described, and when it may be taken."""

    name: str
    run: Callable[[Context, Action], None]
    describe: Callable[[Action], str]
    during_an_attack: bool = False  # may be taken while an attack is in progress (effects, concede, going on)


def _pay(action: Action) -> list[str] | None:
    return list(action.pay) if action.pay is not None else None


def _target(action: Action) -> str:
    return ", ".join(action.cards)


def _play(ctx: Context, action: Action) -> None:
    play = _rules("play")
    play.play_card(ctx, action.player, action.cards[0], _pay(action), action.equip_to, go_solo=action.go_solo)


def _call(ctx: Context, action: Action) -> None:
    legends = _rules("legends")
    legends.call_a_legend(ctx, action.player, action.cards[0], _pay(action))


def _sell(ctx: Context, action: Action) -> None:
    sell = _rules("sell")
    sell.sell_a_card(ctx, action.player, action.cards[0])


def _move(ctx: Context, action: Action) -> None:
    effects.handle_events(ctx, areas.move(ctx, action.cards[0], action.to, (), how="is moved by an effect"))


def _defeat(ctx: Context, action: Action) -> None:
    _rules("defeating").defeat(ctx, action.cards[0])


def _bottom_deck(ctx: Context, action: Action) -> None:
    effects.handle_events(ctx, areas.bottom_deck(ctx, list(action.cards), ("bottom-deck",)))


def _draw(ctx: Context, action: Action) -> None:
    instructions = _rules("instructions")
    instructions.draw(ctx, action.player, action.count)


def _attack(ctx: Context, action: Action) -> None:
    combat = _rules("combat")
    combat.attack(ctx, action.player, action.cards[0], action.target, action.reactions, action.steal)


def _setup(ctx: Context, action: Action) -> None:
    if action.setup == "game":
        setup = _rules("setup")
        setup.set_up_game(ctx, action.first, action.mulligans)
    else:
        legends = _rules("legends")
        legends.set_up_legends(ctx, action.player)


def _start_phase(ctx: Context, action: Action) -> None:
    turn = _rules("turn")
    turn.start_phase(ctx, action.player, action.roll_in, action.roll)


def _pass_turn(ctx: Context, action: Action) -> None:
    turn = _rules("turn")
    turn.pass_turn(ctx, action.player, action.roll_in, action.roll)


def _adjust(ctx: Context, action: Action) -> None:
    whose, written, how, amount = action.gig_args
    if gigs.adjust(ctx, whose or action.player, written, how, amount):
        events.announce(ctx, "gig-adjusted", adjuster=action.player,
                        gigs=((whose or action.player, written.partition("=")[0]),))


def _describe_adjust(action: Action) -> str:
    whose, gig, how, amount = action.gig_args
    change = {"increase": f"increases it by {amount}", "decrease": f"decreases it by {amount}",
              "set": f"sets it to {amount}", "min": "sets it to its min", "max": "sets it to its max"}[how]
    return f"an effect of {action.player} adjusts {whose or action.player}'s {gig}: {change}"


def _swap(ctx: Context, action: Action) -> None:
    gigs.swap(ctx, action.player, *action.gig_args)


def _activate(ctx: Context, action: Action) -> None:
    activated = _rules("activated")
    activated.activate(ctx, action.player, action.cards[0], action.effect_index, action.pay, action.x)


def _describe_activate(action: Action) -> str:
    return f"{action.player} activates {_target(action)}'s effect" + (
        f" #{action.effect_index}" if action.effect_index else "") + (
        f" with X = {action.x}" if action.x is not None else "")


def _concede(ctx: Context, action: Action) -> None:
    winning.concede(ctx, action.player)


def _resume_attack(ctx: Context, action: Action) -> None:
    combat = _rules("combat")
    combat.resume_attack(ctx, action.player, action.reactions, action.steal)


ACTION_KINDS: dict[str, ActionKind] = {kind.name: kind for kind in (
    ActionKind("play", _play, lambda a: f"{a.player} plays {_target(a)}" +
               (f" equipped to {a.equip_to}" if a.equip_to else "")),
    ActionKind("call", _call, lambda a: f"{a.player} Calls a Legend: {_target(a)}"),
    ActionKind("sell", _sell, lambda a: f"{a.player} sells {_target(a)}"),
    ActionKind("move", _move, lambda a: f"an effect moves {_target(a)} to {a.to}", during_an_attack=True),
    ActionKind("defeat", _defeat, lambda a: f"an effect defeats {_target(a)}", during_an_attack=True),
    ActionKind("bottom_deck", _bottom_deck, lambda a: f"an effect bottom-decks {_target(a)}", during_an_attack=True),
    ActionKind("draw", _draw, lambda a: f"{a.player} draws {a.count}", during_an_attack=True),
    ActionKind("attack", _attack, lambda a: f"{a.player} attacks {a.target} with {_target(a)}"),
    ActionKind("setup", _setup, lambda a: "pre-game setup" if a.setup == "game" else
               f"{a.player} randomises and places their Legends (pre-game setup)"),
    ActionKind("start_phase", _start_phase, lambda a: f"{a.player}'s Start Phase"),
    ActionKind("pass_turn", _pass_turn, lambda a: f"{a.player} passes the turn"),
    ActionKind("adjust", _adjust, _describe_adjust, during_an_attack=True),
    ActionKind("swap", _swap, lambda a: f"an effect of {a.player} swaps Gigs ({a.gig_args[0]} for {a.gig_args[1]})",
               during_an_attack=True),
    ActionKind("activate", _activate, _describe_activate),
    ActionKind("concede", _concede, lambda a: f"{a.player} concedes", during_an_attack=True),
    ActionKind("resume_attack", _resume_attack, lambda a: f"{a.player}'s attack goes on", during_an_attack=True),
)}


@dataclass(frozen=True)
class Reaction:
    """One reaction of a React Step as a scenario scripts it: (kind, card, pay, effect, x, equip_to)."""

    kind: str
    card: str
    pay: tuple[str, ...] | None = None
    effect_index: int | None = None
    x: int | None = None
    equip_to: str | None = None

    @classmethod
    def of(cls, scripted: tuple) -> Reaction:
        return cls(*scripted)

    def describe(self, defender: str, owner: str | None = None) -> str:
        """The reaction in words; `owner`: whose the card is, said when it is not the defending player's."""
        return REACTIONS[self.kind].describe(defender, self, owner)


# The last item of a `react:` list that leaves the React Step open: the defending player has not ended it, and the
# ruling waits for their next reaction (9.7, 9.12).
MORE_REACTIONS = ("more", "", None, None, None, None)


@dataclass(frozen=True)
class ReactionKind:
    """A way to react in a React Step (9.8-9.10): how it is taken and how it reads in words."""

    name: str
    run: Callable[[Context, str, str, str, Reaction], str]  # (ctx, defender, attacker, target, reaction) -> target
    describe: Callable[[str, Reaction, str | None], str]  # (defender, reaction, owner of its card) -> words


def _block(ctx: Context, defender: str, attacker: str, target: str, reaction: Reaction) -> str:
    react_step = _rules("react_step")
    return react_step.block(ctx, defender, attacker, reaction.card, target)


def _quick(ctx: Context, defender: str, attacker: str, target: str, reaction: Reaction) -> str:
    react_step = _rules("react_step")
    react_step.quick(ctx, defender, reaction.card, reaction.pay, reaction.effect_index, reaction.x,
                     reaction.equip_to)
    return target


def _call_in_react_step(ctx: Context, defender: str, attacker: str, target: str, reaction: Reaction) -> str:
    react_step = _rules("react_step")
    react_step.call_as_reaction(ctx, defender, reaction.card, reaction.pay)
    return target


def _whose(defender: str, owner: str | None, what: str) -> str:
    """Whose the card of a reaction is, in words, when it is not the defending player's own."""
    return f", {with_article(what)} of {owner}'s" if owner and owner != defender else ""


REACTIONS: dict[str, ReactionKind] = {kind.name: kind for kind in (
    ReactionKind("block", _block, lambda defender, r, owner: f"{defender} blocks with {r.card}" +
                 _whose(defender, owner, "Unit")),
    ReactionKind("quick", _quick, lambda defender, r, owner: f"{defender} uses {r.card}'s [QUICK]" +
                 (f" effect #{r.effect_index}" if r.effect_index else "") + _whose(defender, owner, "card")),
    ReactionKind("call", _call_in_react_step,
                 lambda defender, r, owner: f"{defender} Calls {r.card} as a reaction" +
                 _whose(defender, owner, "Legend")),
)}
