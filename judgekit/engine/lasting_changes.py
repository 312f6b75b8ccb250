"""Lasting changes (10.23): an effect gives a card a change ("+2 power this turn", "can't attack until your next
turn") that applies for its duration, comes into force when that duration begins (8.6.2) and stops when it ends
(8.6.2.1, 8.16.2, 10.23.1)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from judgekit.engine.context import Context
from judgekit.engine.persistent import power_of
from judgekit.engine.state import Modifier, duration_words
from judgekit.plural import counted


def give(ctx: Context, modifier: Modifier) -> bool:
    """An effect gives a card a lasting change, which applies only for its duration (10.23): one "for the attack
    under way" given while no attack is under way applies at no time, so it is not given (False)."""
    parts = _parts(modifier)
    if modifier.until == "end-of-attack" and ctx.state.attack is None:
        ctx.rec.add("check", f"No attack is under way, so what {modifier.source_name} gives {ctx.name(modifier.card)} "
                             f"for the attack under way ({', '.join(parts) or '+0 power'}) has no attack to last for: "
                             "it applies at no time, and not to a later attack.", "persistent-effects.duration",
                    player=modifier.controller, cards=(modifier.card,))
        return False
    ctx.state.modifiers.append(modifier)
    duration = ("while fighting, " if modifier.while_fighting else "") + \
        duration_words(modifier.until, modifier.controller)
    waits = modifier.until == "next-attack"  # it applies only once that attack is declared (10.23)
    power = "" if not modifier.power else \
        f"; until then its power stays {power_of(ctx.state, modifier.card)}" if waits else \
        f"; its power is now {power_of(ctx.state, modifier.card)}"
    host = ctx.state.cards[modifier.card].equipped_to if modifier.power and not waits else None
    if host:  # an effect aimed at a Gear changes its power, and its host counts it (3.17.3.3, 3.17.3.1)
        power += f", and {ctx.name(host)}, which it is equipped to, now has power {power_of(ctx.state, host)}"
    if not parts:  # "+1 for each ..." with none to count: a change of nothing, said as such
        parts, power = ["+0 power"], f", which changes nothing; its power stays {power_of(ctx.state, modifier.card)}"
    ctx.rec.add("effect", f"{ctx.name(modifier.card)} {_changed(parts)} {duration} (from "
                          f"{modifier.source_name}){power}.", "persistent-effects",
                "persistent-effects.duration", *(("golden.negative-values",) if (power_of(ctx.state, modifier.card) or 0) < 0
                                                 else ()),
                *(("power.gear-unaffected-unless-targeted", "power.host-inherits-gear-power") if host else ()),
                player=modifier.controller, cards=(modifier.card,))
    return True


def in_words(change) -> str:
    """What a lasting change does, as `give` says it ("gets +2 power and [BLOCKER]", "must attack if it can", "gets
    +2 power while fighting,", before its duration); `change`: a Modifier, or its fields as the ruling's
    `lasting_effects` or the scenario format's `lasting:` write them."""
    return (_changed(_parts(change)) or "gets +0 power") + (" while fighting," if _field(change, "while_fighting")
                                                             else "")


def _field(change, key: str):
    return change.get(key) if isinstance(change, Mapping) else getattr(change, key, None)


def _parts(change) -> list[str]:
    """Each thing a lasting change gives or says, in words: "+2 power", "[BLOCKER]", "can't attack"."""
    power, steals, cheaper = (_field(change, key) or 0 for key in ("power", "steals", "go_solo_costs_less"))
    keywords, cant, can, must = (_field(change, key) or () for key in ("keywords", "cant", "can", "must"))
    return ([f"{power:+d} power"] if power else []) + [f"[{k}]" for k in keywords] + \
        [f"can't {c.replace('-', ' ')}" for c in cant] + [f"can {c.replace('-', ' ')}" for c in can] + \
        [f"must {m} if it can" for m in must] + \
        ([f"{counted(abs(steals), 'more Gig' if steals > 0 else 'fewer Gig')} to steal"] if steals else []) + \
        ([f"GO SOLO for -{cheaper} €$ (never under 1 €$)"] if cheaper else [])


def _changed(parts: list[str]) -> str:
    """What a lasting change does, as a sentence's verb: "gets +2 power and [BLOCKER]", "can't attack", "gets +1
    power and must attack if it can", "gets +2 power, can't attack and can't ready"."""
    gets = [p for p in parts if not p.startswith(("can ", "can't ", "must "))]
    said = [p for p in parts if p not in gets]
    gained = f"gets {', '.join(gets[:-1])} and {gets[-1]}" if len(gets) > 1 else f"gets {gets[0]}" if gets else ""
    clauses = [gained] * bool(gained) + said
    return f"{', '.join(clauses[:-1])} and {clauses[-1]}" if len(clauses) > 1 else "".join(clauses)


def begin_next_turn(ctx: Context, player: str, *cites: str) -> None:
    """As `player`'s turn begins, the changes given "during its controller's next turn" to their cards come into
    force, for this turn (8.6.2)."""
    state = ctx.state
    starting = [m for m in state.modifiers if m.until == "its-controllers-next-turn"
                and (state.controller(m.card) or state.cards[m.card].owner) == player]
    if not starting:
        return
    state.modifiers = [replace(m, until="end-of-turn") if m in starting else m for m in state.modifiers]
    ctx.rec.add("check", "These effects, given for their Unit's controller's next turn, now apply, this turn: " +
                "; ".join(f"{m.source_name} on {ctx.name(m.card)}" for m in starting) + ".", *cites,
                "persistent-effects.duration", player=player, cards=tuple(dict.fromkeys(m.card for m in starting)))


def expire(ctx: Context, until: str, player: str | None, *cites: str) -> None:
    """Remove lasting changes whose duration has run out (8.6.2.1, 8.16.2, 10.23.1); at the end of the turn that
    includes "the next time ... this turn" changes never used."""
    state = ctx.state
    limits = [r for r in state.steal_limits if r.until == until and (player is None or r.controller == player)]
    if limits:
        state.steal_limits = [r for r in state.steal_limits if r not in limits]
        ctx.rec.add("expire", "These limits on stealing end: " + "; ".join(f"{r.source_name}'s" for r in limits) + ".",
                    *cites, "persistent-effects.duration-ends")
    ending = [m for m in state.modifiers if (m.until == until or until == "end-of-turn" and m.until == "next-attack")
              and (player is None or m.controller == player)]
    if not ending:
        return
    state.modifiers = [m for m in state.modifiers if m not in ending]
    ctx.rec.add("expire", "These effects' durations end and they stop applying: " +
                "; ".join(f"{m.source_name} on {ctx.name(m.card)}" for m in ending) + ".", *cites,
                "persistent-effects.duration-ends", cards=tuple(dict.fromkeys(m.card for m in ending)))

