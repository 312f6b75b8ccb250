"""Rolling a Gig die (6.2, 8.6.5.2): the result, where it came from, a card's reroll, and min/max-roll triggers.

A value comes from the scenario (`roll:`, a number, or a list when a reroll follows) or from the seed;
the step says which. A card that lets its controller "ignore the result and reroll it once" offers a
choice scripted with `may:` on that card; only the kept result counts (FAQ, Kerry Eurodyne: Axe,
Attitude, Audience: a discarded 1 does not trigger a min/max effect).
"""
from __future__ import annotations

from judgekit.engine import effects, persistent
from judgekit.engine.context import Context
from judgekit.engine.gigs import SIDES
from judgekit.engine.trace import AwaitChoice, ScenarioMismatch


def scripted_rolls(roll) -> list[int]:
    """The scenario's `roll:` as a list of results, first roll first."""
    return [] if roll is None else list(roll) if isinstance(roll, (list, tuple)) else [roll]


def roll(ctx: Context, die: str, scripted: list[int]) -> tuple[int, str]:
    """One roll of `die`: (the next scripted value, or one drawn from the seed; where it came from)."""
    sides = SIDES[die]
    if not scripted:
        return ctx.rng.randint(1, sides), f"rolled from seed {ctx.seed}"
    value = scripted.pop(0)
    if not 1 <= value <= sides:
        raise ScenarioMismatch(f"`roll` is {value}, but a {die} shows 1 to {sides}", None, "roll")
    return value, "given by the scenario"


def roll_in_result(ctx: Context, player: str, die: str, scripted: list[int]) -> tuple[int, str]:
    """The kept result of a roll-in and its origin: the roll, then a reroll if a friendly card allows one and
    the player wants it (the first result is then shown as its own step)."""
    value, origin = roll(ctx, die, scripted)
    source = next((s for s, controller, effect, _ in persistent.active_effects(ctx.state)
                   if controller == player and ("reroll-roll-in", True) in effect.grants), None)
    if source is None:
        return value, origin
    ctx.rec.add("random", f"{player} rolls the {die} to roll it in: it shows {value}.", "dice.rolling",
                "dice.rolling.randomized", "start-phase.roll-in.roll", player=player, random=origin)
    answer = ctx.script.take_may(source)
    if answer is None:
        raise AwaitChoice(f"{player} may ignore the {die}'s {value} and reroll it once ({ctx.name(source)}'s effect). "
                          f"The ruling waits here; script `may: {{{source}: true}}` (or false).", player,
                          ("golden.you-may", "golden.card-beats-rules"), can_decline=True,
                          choice=("may", source))
    kept = "to ignore it and reroll once" if answer else "to keep it"
    ctx.rec.add("choice", f"{player} chooses {kept} ({ctx.name(source)}'s effect); only the kept result counts.",
                "golden.you-may", "golden.card-beats-rules", player=player, cards=(source,))
    return roll(ctx, die, scripted) if answer else (value, origin)


def after_roll(ctx: Context, player: str, die: str, value: int) -> None:
    """Triggers on rolling a Gig's min or max value (6.5): the player's cards whose text works (3.4.1); they resolve
    before the Start Phase goes on (turn._in_order)."""
    if value not in (1, SIDES[die]):
        return
    for label in ctx.state.text_works(player):
        effects.trigger(ctx, label, "rolls-min-or-max", "gigs.min-gig" if value == 1 else "gigs.max-gig",
                        known={"rolled": f"{die}={value}"})
