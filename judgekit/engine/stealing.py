"""Stealing Gigs (6.7, 9.23): the actor, choosing the Gigs, "would be stolen" effects, the move, triggers.

An attack's steal (9.23) and an effect that steals ("... also steals a Gig", 6.7.1.2) share these
steps: the Gigs are chosen first, one at a time; each chosen Gig may be kept by a "would be
stolen" replacement (6.7.4); the rest move together, keeping their values, and change control
(6.7.2.2.1); then steal triggers fire, once per stolen Gig, and once for the whole steal (6.7.3).
"""
from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine import effects, events, persistent, replacement, watching
from judgekit.engine.context import Context
from judgekit.engine.gigs import find_gig, place
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.plural import counted


def changed_count(ctx: Context, player: str, actor: str, count: int, basis: str, *cites: str) -> int:
    """How many Gigs `actor` steals once effects make it steal more or fewer (never fewer than 0).

    Such an effect changes every steal the actor makes, its Steal Step's and one an effect makes it do
    (FAQ: Take Control; 6.7.1.2); `basis` says where `count` came from.
    """
    change, sources = persistent.steal_change(ctx.state, actor)
    if not change or not count:
        return count
    changed = max(0, count + change)
    ctx.rec.add("steal", f"{basis} {ctx.name(actor)} would steal {count} Gig{'' if count == 1 else 's'}; "
                         f"{', '.join(sources)} make{'s' if len(sources) == 1 else ''} it {changed} (never fewer than 0).",
                "golden.card-beats-rules", *cites, *(("golden.negative-counts-as-zero",) if count + change < 0 else ()),
                player=player, cards=(actor,))
    return changed


@dataclass(frozen=True)
class Bar:
    """Gigs a steal can't choose, and why: a lasting limit on what a rival actor may steal, applied before the
    choice (`limit`: 9.23.1, 2.6), or the stealing card's own words on which Gig it takes (6.7.1.2, 6.7.2.1)."""

    gigs: tuple[tuple[str, int], ...]
    why: str  # a clause true of every one of them: "under Chrome Fang's effect, Maelstrom Goons (power 3) can't ..."
    limit: bool


def _gigs(gigs) -> str:
    return ", ".join(f"{d}={v}" for d, v in gigs) or "none"


def barred(bars: tuple[Bar, ...] | list[Bar]) -> str:
    """The Gigs `bars` keep from being chosen, each group with its reason, as one clause."""
    return "; ".join(f"{_gigs(bar.gigs)} can't be chosen: {bar.why}" for bar in bars)


def decided_by(bars: tuple[Bar, ...] | list[Bar]) -> tuple[str, ...]:
    """The rules that decide a choice `bars` narrowed: a steal limit applies before the choice (9.23.1) and its
    "can't" beats the attacker's "may choose any Gig" (2.5, 2.6); a card's own words say what its steal takes."""
    limited = ("steal-step.while-stealing", "golden.card-beats-rules", "golden.cant-beats-can") \
        if any(bar.limit for bar in bars) else ()
    own = ("gigs.steal-actor.card-named", "gigs.steal-steps.choose") if any(not bar.limit for bar in bars) else ()
    return limited + own


def _any_value(bars) -> tuple[str, ...]:
    """9.23.3.1 (any Gig, whatever its value) where nothing narrowed the choice; cited beside what did otherwise."""
    return () if bars else ("steal.any-value",)


def limit(ctx: Context, actor: str, owner: str, gigs: list[tuple[str, int]]) -> tuple[list[tuple[str, int]], list[Bar]]:
    """The Gigs `actor` may steal from `owner` under lasting steal limits (card text beats 9.23.3.1), and what
    the limits barred."""
    state = ctx.state
    power = max(0, persistent.power_of(state, actor) or 0)
    allowed, bars = list(gigs), []
    for rule in state.steal_limits:
        if rule.controller != owner or (rule.actors == "Legend" and not state.cards[actor].definition.is_type("Legend")):
            continue
        keep = [g for g in allowed if (g[1] <= power if rule.allowed == "at-most-power" else g[1] >= power)]
        if len(keep) < len(allowed):
            than = f"value {'higher' if rule.allowed == 'at-most-power' else 'lower'} than its power"
            bars.append(Bar(tuple(g for g in allowed if g not in keep), f"under {rule.source_name}'s effect, "
                            f"{ctx.name(actor)} (power {power}) can't steal {owner}'s Gigs with {than}", limit=True))
            ctx.rec.add("check", f"{rule.source_name}'s effect: {ctx.name(actor)} (power {power}) can't steal "
                                 f"{owner}'s Gigs with {than}, so {_gigs(bars[-1].gigs)} can't be chosen.",
                        "golden.card-beats-rules", "golden.cant-beats-can", "steal.any-value", player=owner,
                        cards=(actor,))
        allowed = keep
    return allowed, bars


def pick(ctx: Context, player: str, rival: str, gigs: list[tuple[str, int]], take: int,
         chosen: tuple[str, ...] | None, field: str, bars: tuple[Bar, ...] | list[Bar] = ()) -> list[tuple[str, int]] | None:
    """9.23.3, 6.7.2.1: the stealing player picks the Gigs one at a time; all of them when they must take all.

    `gigs` are the ones that may be chosen; `bars`, why the others of the rival's Gig area can't be.
    None when the choice is needed and not scripted (an `await` step says what to script in `field`).
    """
    decides = decided_by(bars)
    if chosen is None:
        if take == len(gigs):
            if bars:
                ctx.rec.add("steal", f"{player} must take every Gig that can be stolen ({_gigs(gigs)}): "
                                     f"{barred(bars)}. So there is nothing to choose.", *decides,
                            "steal.attacker-chooses", "steal.as-many-as-possible", player=player)
                return list(gigs)
            ctx.rec.add("steal", f"{player} must take every Gig there is, so there is nothing to choose.",
                        "steal.attacker-chooses", "steal.as-many-as-possible", player=player)
            return list(gigs)
        ctx.rec.add("await", f"{player} must choose {take} of {rival}'s Gigs to steal, one at a time: "
                             f"{_gigs(gigs)}. The ruling waits here; script the choice with `{field}:`.", *decides,
                    "steal.attacker-chooses", *_any_value(bars), "steal.one-at-a-time", "gigs.steal-steps.choose",
                    player=player, options=tuple(f"{d}={v}" for d, v in gigs), can_decline=False,
                    choice=(field, take))
        return None
    if len(chosen) > take:  # a rules question ("may he take two?"): refused with the rule that counts them
        raise Refusal(f"{player} can take only {counted(take, 'Gig')} here, not {len(chosen)}: how many Gigs are "
                      "stolen is set by the stealer's power and the effects on it, and by how many can be stolen.",
                      ("steal.count-from-power", "steal.formula", "steal.as-many-as-possible"))
    if len(chosen) != take:
        raise ScenarioMismatch(f"`{field}` names {counted(len(chosen), 'Gig')}, but {take} {'is' if take == 1 else 'are'} "
                               f"stolen: name every one, in the order they are picked (`{field}: [d6, d8]`)", None, field)
    held = ctx.state.players[rival].gigs
    for written in chosen:
        gig = held[find_gig(held, written, rival, field)]
        bar = next((bar for bar in bars if gig in bar.gigs), None)
        if bar is not None:
            before = "; a limit on what the attacker may steal applies from the start of the Steal Step, before " \
                     "the choice" if bar.limit else ""
            raise Refusal(f"{rival}'s {gig[0]}={gig[1]} can't be chosen: {bar.why}{before}. The Gigs that can be "
                          f"stolen are {_gigs(gigs)}.", decided_by((bar,)) + ("steal.attacker-chooses",))
    pool, picked = list(gigs), []
    for written in chosen:
        die = written.partition("=")[0].strip()
        if all(d != die for d, _ in pool) and any(d == die for d, _ in picked):
            raise ScenarioMismatch(f"`{field}` names {written} twice: each Gig is chosen once (9.23.3.2)", None, field)
        picked.append(pool.pop(find_gig(pool, written, rival, field)))
    ctx.rec.add("choice", f"{player} chooses, one at a time: {_gigs(picked)}.", *decides,
                "steal.attacker-chooses", *_any_value(bars), "steal.one-at-a-time", player=player)
    return picked


def take(ctx: Context, player: str, actor: str, picked: list[tuple[str, int]], *cites: str) -> list[tuple[str, int]]:
    """6.7.2.2-6.7.3: apply "would be stolen" effects, move the rest together, then their triggers.

    Returns the Gigs actually stolen. Their triggers are pending; the caller resolves them.
    """
    state = ctx.state
    rival = state.rival_of(player)
    picked = [gig for gig in picked if not replacement.replace_steal(ctx, rival, gig)]
    if not picked:
        ctx.rec.add("steal", "No Gig is left to steal.", "steal.prevention", player=player)
        return []
    remaining = list(state.players[rival].gigs)
    for gig in picked:
        remaining.remove(gig)
    state.players[rival].gigs = remaining
    state.players[player].gigs = list(state.players[player].gigs) + picked
    ctx.rec.add("steal", f"{ctx.name(actor)} steals {', '.join(f'{d}={v}' for d, v in picked)} from {rival}: the "
                         f"Gigs move to {player}'s Gig area together, keeping their values; each counts as a stolen "
                         "Gig.", *cites, "steal.take", "steal.move-together", "steal.each-counts", "gigs.steal",
                "gigs.steal-steps.take-control",
                *(("gigs.steal-steps.move", "gigs.steal-steps.move-together") if len(picked) > 1 else ()),
                player=player, cards=(actor,))
    state.this_turn.append(("stole", player, actor))
    events.announce(ctx, "gigs-gained", cites=("win.instant",))
    if not state.game_over:
        _triggers(ctx, player, actor, picked)
    return picked


def _triggers(ctx: Context, player: str, actor: str, picked: list[tuple[str, int]]) -> None:
    """9.23.5-9.23.6, 6.7.3: each stolen Gig sets off steal triggers once (10.16.3); the steal as a whole once."""
    state = ctx.state
    held = state.players[player].gigs
    for number, (die, value) in enumerate(picked):
        where = len(held) - len(picked) + number
        stolen = {"stolen": f"{die}={value}", "stolen_at": place(player, where, die)}
        effects.trigger(ctx, actor, "steals", "steal.triggers-after-move", "steal.each-counts",
                        "triggered-effects.once-per-occurrence", known=stolen)
        effects.watchers(ctx, actor, "steals", "steal.triggers-after-move", "steal.each-counts",
                         "triggered-effects.once-per-occurrence", known=stolen,
                         facts=watching.steal_facts(ctx, actor, value))
    effects.trigger(ctx, actor, "steals-gigs", "steal.triggers-after-move", "gigs.steal-trigger-is-stolen")
    effects.watchers(ctx, actor, "steals-gigs", "steal.triggers-after-move", "gigs.steal-trigger-is-stolen")
