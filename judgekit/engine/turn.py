"""The turn (CR 8): the Start Phase in its fixed order, passing the turn, and the End of Turn check.

A roll-in's die and value come from the scenario when it gives them; otherwise the die is chosen
only when the choice is forced (one die, or only the d20 left) and the value comes from the seed.
"""
from __future__ import annotations

from collections.abc import Callable

from judgekit.engine import (dice, discounts, effects, end_of_turn, events, gigs, instructions, lasting_changes,
                             leaving_play, obligations, persistent, winning)
from judgekit.engine.context import Context
from judgekit.engine.state import TURNED_AREAS
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.engine.winning import WINNING_GIGS
from judgekit.plural import counted

BETWEEN_STEPS = ("pending.blocks-actions",)  # 10.11.1: what an action made pending resolves before the next


def _turn_trigger(ctx: Context, player: str, trigger_name: str, *cites: str) -> None:
    """Effects with a start/end-of-turn trigger of the player's cards whose text works (3.4.1: not face-down) become
    pending (8.6.2.2, 8.16.1); `_in_order` resolves them."""
    for label in ctx.state.text_works(player):
        effects.trigger(ctx, label, trigger_name, *cites)
        for gear in effects.gear_top_texts(ctx, label, trigger_name):
            effects.trigger(ctx, gear, trigger_name, *cites)
    if trigger_name == "end-of-turn":
        end_of_turn.delayed(ctx, player)


@events.handles("gigs-gained")
def _gigs_gained(ctx: Context, cites: tuple[str, ...]) -> None:
    """A player has just gained Gigs (a steal, a roll-in: `gigs.gain`): in overtime, 7 of them win at once (1.11)."""
    overtime_win(ctx, *cites)


def overtime_win(ctx: Context, *cites: str) -> None:
    """1.11, 1.11.2: in overtime a player with 7 or more Gigs wins at once (12 dice: at most one can)."""
    state = ctx.state
    if not state.overtime:
        return
    for name, player in state.players.items():
        if len(player.gigs) >= WINNING_GIGS:
            winning.win(ctx, [name], f"It is overtime and {name} controls {counted(len(player.gigs), 'Gig')}, so {name} wins "
                                     f"at once and {state.rival_of(name)} loses.", *cites, "win.overtime")


def start_phase(ctx: Context, player: str, roll_in: str | None, roll: int | None) -> bool:
    """8.6: win check, start-of-turn effects, ready, draw, roll in a Gig. False when the ruling must wait."""
    state = ctx.state
    if state.turn != player:
        raise Refusal(f"Only the turn player has a Start Phase, as their turn begins: this is {state.turn}'s turn"
                      + (f", now in its {state.phase} phase." if state.phase != "start" else "."), ("start-phase",))
    if state.phase != "start":
        raise Refusal(f"{player}'s turn is already past its start ({state.phase} phase now): the Start Phase comes "
                      "once, as the turn begins, and the Main Phase follows it; nothing goes back to it.",
                      ("start-phase", "structure.two-phases", "start-phase.then-main-phase"))
    if not _in_order(ctx, (lambda: _win_check(ctx, player), ()),
                     (lambda: _turn_trigger(ctx, player, "start-of-turn", "start-phase.start-of-turn-effects",
                                            "start-phase.resolve-start-effects"), ()),
                     (lambda: _ready(ctx, player), BETWEEN_STEPS),
                     (lambda: _draw(ctx, player), BETWEEN_STEPS),
                     (lambda: _roll_in(ctx, player, roll_in, roll), BETWEEN_STEPS)):
        return False
    state.phase = "main"
    ctx.rec.add("check", f"The Start Phase is complete; {player}'s Main Phase begins.", "start-phase.then-main-phase",
                player=player)
    return True


def _in_order(ctx: Context, *steps: tuple[Callable[[], bool | None], tuple[str, ...]]) -> bool:
    """The actions of the Start Phase or the End of Turn, each (what it does, the rules that have its pending
    effects resolved), in their order (8.4.1, 8.5, 8.6, 8.16): what one action made pending resolves before the
    next action is taken (10.11.1). False when the ruling must wait for a choice."""
    for step, cites in steps:
        if step() is False:
            return False
        effects.resolve_pending(ctx, *cites)
    return True


def _win_check(ctx: Context, player: str) -> None:
    """8.6.1 (with overtime's count of turns begun with empty fixer areas, 1.11.1), then 8.6.2.1: effects lasting
    until this turn's start end, and those given for "your next turn" begin."""
    state = ctx.state
    rival = state.rival_of(player)
    empty = all(not p.fixer for p in state.players.values())
    state.empty_fixer_starts = state.empty_fixer_starts + 1 if empty else 0
    if empty and not state.overtime:
        when = ", so overtime begins as this turn ends" if state.empty_fixer_starts >= 2 else \
            "; overtime begins after two such turns"
        ctx.rec.add("check", f"Both fixer areas are empty as {player}'s turn begins "
                             f"({counted(state.empty_fixer_starts, 'such turn start')} in a row{when}).",
                    "win.overtime-starts", player=player)
    held = len(state.players[player].gigs)
    ctx.rec.add("check", f"Start Phase of {player}: {player} controls {counted(held, 'Gig')}"
                         f"{' and wins the game' if held >= WINNING_GIGS else ', fewer than 7, so the game goes on'}.",
                "start-phase", "start-phase.win-check", "win.seven-gigs-at-turn-start", "win.checked-before-ready-step",
                player=player)
    if held >= WINNING_GIGS:
        winning.win(ctx, [player], f"{player} wins and {rival} loses: when one player wins, the other loses.",
                    "win.seven-gigs-at-turn-start")
    lasting_changes.expire(ctx, "your-next-turn", player, "start-phase.start-of-turn-effects",
                      "start-phase.remove-expiring-effects")
    lasting_changes.begin_next_turn(ctx, player, "start-phase.start-of-turn-effects")


def _ready(ctx: Context, player: str) -> None:
    """8.6.3: ready the player's spent cards, save a first player's two setup Legends (7.7.4) and what can't ready."""
    state = ctx.state
    readied = [label for area in TURNED_AREAS for label in state.players[player].area(area)
               if state.cards[label].spent]
    kept = [label for label in state.setup_spent if label in readied and label in state.players[player].legends]
    if any(state.cards[label].owner == player for label in state.setup_spent):
        readied = [label for label in readied if label not in kept]
        _setup_legends(ctx, player, kept)
        state.setup_spent = ()
    held = {label: persistent.forbidders(ctx, label, "ready") for label in readied}
    for label, forbidden in held.items():
        if forbidden:
            readied.remove(label)
            ctx.rec.add("check", f"{ctx.name(label)} can't ready ({'; '.join(forbidden)}), so it stays spent: the "
                                 "effect that says can't beats the rule that readies it.", "golden.cant-beats-can",
                        "golden.card-beats-rules", "start-phase.ready", player=player, cards=(label,))
    for label in readied:
        state.change(label, spent=False)
    stays_spent = bool(kept) or any(held.values())
    ctx.rec.add("ready", f"{player} readies every spent card in their Legends area, field and Eddies area"
                         f"{': ' + ', '.join(ctx.name(c) for c in readied) if readied else ' (no other card was spent)' if stays_spent else ' (none was spent)'}.",
                "start-phase.ready", "orientation.ready", player=player, cards=tuple(readied))


def _setup_legends(ctx: Context, player: str, kept: list[str]) -> None:
    """7.7.4: the 2 Legends spent in setup don't ready in the starting turn's ready step. Told of those still spent
    in the Legends area; an effect may have readied the other, or moved it away, since (2.5: card text beats the
    rules)."""
    state = ctx.state
    others = [label for label in state.setup_spent if label not in kept]
    if not others:
        said = f"the 2 Legends {player} spent in setup stay spent ({', '.join(ctx.name(c) for c in kept)})"
    else:
        gone = [f"{ctx.name(c)} is " + ("ready already" if c in state.players[player].legends
                                         else "no longer in the Legends area") for c in others]
        kept_words = f"{ctx.name(kept[0])} stays spent" if kept else "neither is still spent"
        said = f"of the 2 Legends {player} spent in setup, {kept_words}; {'; '.join(gone)}"
    ctx.rec.add("check", f"This is the game's starting turn: {said}.", "setup.legends.first-player-spends-two",
                player=player, cards=tuple(kept))


def _draw(ctx: Context, player: str) -> None:
    """8.6.4: draw 1; with an empty deck the player loses (8.6.4.1)."""
    ctx.rec.add("check", f"{player} draws 1 card.", "start-phase.draw", "draw", player=player)
    instructions.draw(ctx, player, 1, "start-phase.draw-empty-deck-loses")


def _roll_in(ctx: Context, player: str, chosen: str | None, value: int | None) -> bool:
    """8.6.5: choose a fixer die (the d20 only when it is the last), roll it, place it in the Gig area."""
    fixer = list(ctx.state.players[player].fixer)
    if not fixer:
        if chosen is not None or value is not None:
            raise ScenarioMismatch(f"`roll_in`/`roll` are scripted, but {player}'s fixer area is empty",
                                   None, "roll_in" if chosen is not None else "roll")
        ctx.rec.add("check", f"{player}'s fixer area is empty, so there is no Gig to roll in.", "start-phase.roll-in",
                    player=player)
        return True
    allowed = [d for d in fixer if d != "d20"] or ["d20"]
    if chosen is None:
        if len(set(allowed)) > 1:
            ctx.rec.add("await", f"{player} must choose which Gig to roll in from their fixer area: "
                                 f"{', '.join(allowed)}" + (" (not the d20 while other dice remain)" if "d20" in fixer
                                                            else "") + ". The ruling waits here; script `roll_in:`.",
                        "start-phase.roll-in", "start-phase.roll-in.choose", "start-phase.roll-in.d20-last",
                        player=player, options=tuple(dict.fromkeys(allowed)), can_decline=False,
                        choice=("roll_in",))
            return False
        chosen = allowed[0]
        if len(set(fixer)) > 1:  # the d20 waits while another die remains: the choice has one option
            ctx.rec.add("choice", f"{player} rolls in the {chosen}: the only option, as the d20 is rolled in only "
                                  "when no other die is left.", "start-phase.roll-in.choose",
                        "start-phase.roll-in.d20-last", player=player)
    elif chosen not in fixer:
        raise ScenarioMismatch(f"`roll_in` names {chosen}, but {player}'s fixer area holds {', '.join(fixer)}",
                               None, "roll_in")
    elif chosen not in allowed:
        raise Refusal(f"{player} can't roll in the d20 while other dice remain in the fixer area "
                      f"({', '.join(d for d in fixer if d != 'd20')}).", ("start-phase.roll-in.d20-last",))
    scripted = dice.scripted_rolls(value)
    value, source = dice.roll_in_result(ctx, player, chosen, scripted)
    if scripted:
        raise ScenarioMismatch(f"`roll` gives {counted(len(scripted), 'more value')} than the roll-in used", None, "roll")
    fixer.remove(chosen)
    ctx.state.players[player].fixer = fixer
    ctx.rec.add("random", f"{player} rolls in the {chosen} and it shows {value}; it goes to their Gig area with that "
                          "value.", "start-phase.roll-in", "start-phase.roll-in.choose", "start-phase.roll-in.roll",
                "start-phase.roll-in.place", *(("start-phase.roll-in.d20-last",) if chosen == "d20" else ()),
                player=player, random=source)
    gigs.gain(ctx, player, [(chosen, value)])
    dice.after_roll(ctx, player, chosen, value)
    return True


def pass_turn(ctx: Context, player: str, roll_in: str | None, roll: int | None) -> None:
    """8.9, 8.16-8.18: end the turn (end-of-turn effects, Lag wears off), then the Rival's turn starts. A board
    written at the End of Turn (phase `end`) goes on the same way: the End of Turn happens on its own (8.1.1)."""
    state = ctx.state
    if state.turn != player or state.phase not in ("main", "end"):
        raise Refusal(f"Only the turn player may pass, in their Main Phase; it is {state.turn}'s {state.phase} phase.",
                      ("main-phase.pass-turn",))
    obligations.check_turn_may_end(ctx, player)
    ctx.rec.add("check", f"{player} passes the turn; the End of Turn check begins.", "main-phase.pass-turn",
                "structure.end-of-turn-check", player=player)
    state.phase = "end"
    _in_order(ctx, (lambda: _turn_trigger(ctx, player, "end-of-turn", "end-of-turn",
                                          "end-of-turn.resolve-end-effects"), ()),
              (lambda: _end_this_turn(ctx, player), BETWEEN_STEPS))
    rival = state.rival_of(player)
    state.turn = rival
    ctx.rec.add("check", f"{rival}'s turn begins.", "end-of-turn.rival-turn-begins", "structure.turn-follows-rival",
                player=rival)
    state.phase = "start"
    start_phase(ctx, rival, roll_in, roll)


def _end_this_turn(ctx: Context, player: str) -> None:
    """8.16.2, 8.17: what lasts this turn ends, Lag wears off (11.3.2), then overtime may begin (1.11.1)."""
    state = ctx.state
    lasting_changes.expire(ctx, "end-of-turn", None, "end-of-turn", "end-of-turn.remove-this-turn-effects")
    discounts.expire(ctx, "end-of-turn", "end-of-turn.remove-this-turn-effects")
    # "at the end of your turn", set up during the Rival's turn, waits for its controller's turn to end (8.16.1)
    waiting = [d for d in state.delayed if d.trigger == "end-of-turn" and d.controller != player]
    ended = [d for d in state.delayed if d not in waiting]
    if ended:
        ctx.rec.add("expire", "Delayed effects that were waiting for \"the next time ... this turn\" and never "
                              "triggered end with the turn: " + "; ".join(ctx.name(d.source) for d in ended)
                    + ".", "end-of-turn", "end-of-turn.remove-this-turn-effects", player=player)
    state.delayed = waiting
    lagging = [label for p in state.players.values() for label in p.field if state.cards[label].lag]
    for label in lagging:
        state.change(label, lag=False)
    ctx.rec.add("check", "End of turn: effects that last this turn end, and every Unit loses Lag"
                         f"{': ' + ', '.join(ctx.name(c) for c in lagging) if lagging else ' (none had it)'}.",
                "end-of-turn", "end-of-turn.remove-this-turn-effects", "lag.ends-at-turn-end", player=player,
                cards=tuple(lagging))
    for each in state.players.values():
        each.called_legend_this_turn = each.sold_this_turn = False
        each.sold_by_effect = None
    state.this_turn = []
    leaving_play.turn_ends(state)
    if not state.overtime and state.empty_fixer_starts >= 2:
        state.overtime = True
        ctx.rec.add("check", "Two turns in a row have begun with both fixer areas empty, so overtime begins.",
                    "end-of-turn.overtime", "win.overtime-starts", player=player, empty_fixers=True)
        overtime_win(ctx, "win.overtime-already-seven")
