"""Stealing Gigs (6.7, 9.23): the actor, choosing the Gigs, "would be stolen" effects, the move, triggers.

An attack's steal (9.23) and an effect that steals ("... also steals a Gig", 6.7.1.2) share these
steps: the Gigs are chosen first, one at a time; each chosen Gig may be kept by a "would be
stolen" replacement (6.7.4); the rest move together, keeping their values, and change control
(6.7.2.2.1); then steal triggers fire, once per stolen Gig, and once for the whole steal (6.7.3).
"""
from __future__ import annotations

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


def limit(ctx: Context, actor: str, owner: str, gigs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The Gigs `actor` may steal from `owner` under lasting steal limits (card text beats 9.23.3.1)."""
    state = ctx.state
    power = max(0, persistent.power_of(state, actor) or 0)
    allowed = list(gigs)
    for rule in state.steal_limits:
        if rule.controller != owner or (rule.actors == "Legend" and not state.cards[actor].definition.is_type("Legend")):
            continue
        keep = [g for g in allowed if (g[1] <= power if rule.allowed == "at-most-power" else g[1] >= power)]
        if len(keep) < len(allowed):
            barred = ", ".join(f"{d}={v}" for d, v in allowed if (d, v) not in keep)
            ctx.rec.add("check", f"{rule.source_name}'s effect: {ctx.name(actor)} (power {power}) can't steal "
                                 f"{owner}'s Gigs with value {'higher' if rule.allowed == 'at-most-power' else 'lower'} "
                                 f"than its power, so {barred} can't be chosen.", "golden.card-beats-rules",
                        "golden.cant-beats-can", "steal.any-value", player=owner, cards=(actor,))
        allowed = keep
    return allowed


def pick(ctx: Context, player: str, rival: str, gigs: list[tuple[str, int]], take: int,
         chosen: tuple[str, ...] | None, field: str, held: list[tuple[str, int]] | None = None,
         narrowed_by: str | None = None) -> list[tuple[str, int]] | None:
    """9.23.3, 6.7.2.1: the stealing player picks the Gigs one at a time; all of them when they must take all.

    `gigs` are the ones that may be chosen; `held`, the whole Gig area, when an effect narrows them: the
    stealing card's own limit (`narrowed_by`, e.g. "Gorilla Arms's effect") or a steal limit in play.
    None when the choice is needed and not scripted (an `await` step says what to script in `field`).
    """
    if chosen is None:
        if take == len(gigs):
            barred = [g for g in held if g not in gigs] if held is not None else []
            if barred:
                limits = ", ".join(dict.fromkeys([narrowed_by] * bool(narrowed_by) + [
                    f"{r.source_name}'s effect" for r in ctx.state.steal_limits if r.controller == rival]))
                ctx.rec.add("steal", f"{player} must take every Gig that can be stolen "
                                     f"({', '.join(f'{d}={v}' for d, v in gigs) or 'none'}): "
                                     f"{', '.join(f'{d}={v}' for d, v in barred)} can't be chosen under {limits}, "
                                     "so there is nothing to choose.", "steal-step.while-stealing",
                            "steal.attacker-chooses", "steal.as-many-as-possible", "golden.card-beats-rules",
                            "golden.cant-beats-can", player=player)
                return list(gigs)
            ctx.rec.add("steal", f"{player} must take every Gig there is, so there is nothing to choose.",
                        "steal.attacker-chooses", "steal.as-many-as-possible", player=player)
            return list(gigs)
        options = ", ".join(f"{d}={v}" for d, v in gigs)
        narrowed = held is not None and any(g not in gigs for g in held)  # a limit applied before the choice (9.23.1)
        ctx.rec.add("await", f"{player} must choose {take} of {rival}'s Gigs to steal, one at a time: "
                             f"{options}. The ruling waits here; script the choice with `{field}:`.",
                    *(("steal-step.while-stealing",) if narrowed else ()),
                    "steal.attacker-chooses", "steal.any-value", "steal.one-at-a-time", "gigs.steal-steps.choose",
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
    if held is not None:
        for written in chosen:
            gig = held[find_gig(held, written, rival, field)]
            if gig not in gigs:
                raise Refusal(f"{rival}'s {gig[0]}={gig[1]} can't be chosen: an effect limiting what the attacker may "
                              "steal applies from the start of the Steal Step, before the choice, and forbids it. The "
                              f"Gigs that can be stolen are {', '.join(f'{d}={v}' for d, v in gigs)}.",
                              ("steal-step.while-stealing", "golden.cant-beats-can", "steal.attacker-chooses"))
    pool, picked = list(gigs), []
    for written in chosen:
        die = written.partition("=")[0].strip()
        if all(d != die for d, _ in pool) and any(d == die for d, _ in picked):
            raise ScenarioMismatch(f"`{field}` names {written} twice: each Gig is chosen once (9.23.3.2)", None, field)
        picked.append(pool.pop(find_gig(pool, written, rival, field)))
    ctx.rec.add("choice", f"{player} chooses, one at a time: {', '.join(f'{d}={v}' for d, v in picked)}.",
                "steal.attacker-chooses", "steal.any-value", "steal.one-at-a-time", player=player)
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
