"""Stealing Gigs (6.7, 9.23): the actor, choosing the Gigs, "would be stolen" effects, the move, triggers.

Every steal, an attack's (9.23) or one an effect makes an actor do (6.7.1.2), follows the steal's own steps
(6.7.2): the rival Gigs are chosen first (6.7.2.1); each chosen Gig may be kept by a "would be stolen"
replacement (6.7.4); the rest move together, keeping their values (6.7.2.2, 6.7.2.2.1), and change control
(6.7.2.3); then steal triggers fire, once per stolen Gig, and once for the whole steal (6.7.3). An attack's
Steal Step adds its own rules (`attack=True`): the attacking player chooses any Gig, one at a time (9.23.3).
"""
from __future__ import annotations

from dataclasses import dataclass

from judgekit.engine import effects, persistent, replacement, watching
from judgekit.engine.context import Context
from judgekit.engine.gigs import find_gig, followed, gain, place, told_apart
from judgekit.engine.trace import Refusal, ScenarioMismatch
from judgekit.plural import counted, listed


def after_changes(state, actor: str, count: int) -> tuple[int, int, list[str]]:
    """How many Gigs `actor` steals of `count` once effects make it steal more or fewer (never fewer than 0), by how
    many more, and those effects; no effects when nothing changes the count."""
    change, sources = persistent.steal_change(state, actor)
    if not change or not count:
        return count, 0, []
    return max(0, count + change), change, sources


def _again(ctx: Context, player: str, actor: str) -> str:
    """Kept for the turn: a change lasting this turn (Take Control) changed a steal of `actor`; said when it changes
    a later one too, which judgekit does, a contested reading
    (scenarios/contested/take-control-and-a-second-steal-the-same-turn.yaml)."""
    lasting = sum(m.steals for m in persistent.modifiers_on(ctx.state, actor))
    if not lasting:
        return ""
    what = f"steal-{'fewer' if lasting < 0 else 'more'}"
    again = ctx.state.happened_this_turn(what, label=actor)
    ctx.state.this_turn.append((what, player, actor))
    return f" A lasting effect already made it steal {what[6:]} on an earlier steal this turn; judgekit applies such " \
        "a change to each steal it makes while the change lasts, this one too." if again else ""


def changed_count(ctx: Context, player: str, actor: str, count: int, *cites: str) -> int:
    """How many Gigs `actor` steals of `count`, said when effects make it steal more or fewer.

    Such an effect changes every steal the actor makes, its Steal Step's and one an effect makes it do
    (FAQ: Take Control; 6.7.1.2).
    """
    changed, change, sources = after_changes(ctx.state, actor, count)
    if not sources:
        return count
    floor = " (never fewer than 0)" if count + change < 0 else ""
    by = listed(sources)
    again = _again(ctx, player, actor)
    ctx.rec.add("steal", f"{by[:1].upper()}{by[1:]} make{'s' if len(sources) == 1 else ''} {ctx.name(actor)} steal "
                         f"{abs(change)} {'fewer' if change < 0 else 'more'}: it steals {counted(changed, 'Gig')} instead of "
                         f"{count}{floor}.{again}",
                "golden.card-beats-rules", *cites, *(("golden.negative-counts-as-zero",) if floor else ()),
                player=player, cards=(actor,))
    return changed


def zero_power_more(ctx: Context, player: str, actor: str) -> None:
    """A 0-power attacker steals no Gigs (9.23.2.1), and an effect making it steal more finds no steal to add to:
    said, when there is one, with why it adds nothing (judgekit's reading; the other, 2.5 with 9.23.1, is recorded
    in scenarios/contested/zero-power-attacker-that-steals-more.yaml)."""
    change, sources = persistent.steal_change(ctx.state, actor)
    if change <= 0:
        return
    by = listed(sources)
    ctx.rec.add("steal", f"{by[:1].upper()}{by[1:]} would make {ctx.name(actor)} steal {counted(change, 'more Gig')}, "
                         "and card text beats the rules where they differ; but a 0-power attacker steals no Gigs at "
                         "all (as Evelyn Parker: Scheming Siren's reminder text and the official FAQ for Sasha "
                         "Yakovleva: Won't Let You Down also say), so there is no steal for the extra Gig to add to: "
                         "it steals 0 Gigs.",
                "steal.zero-power", "golden.card-beats-rules", "steal-step.while-stealing", player=player,
                cards=(actor,))


def stealer(state, actor: str, controller: str) -> tuple[str, bool]:
    """Who steals when `controller`'s effect makes `actor` steal, and whether `actor` is a card that steals: a Unit
    or a Legend (6.7.1.1) named by the effect (6.7.1.2) steals for its own controller, the "you" of the steal's
    steps (6.7.2), so from that player's Rival; any other card (a Program saying "steal") names no actor, and the
    effect's controller steals (6.7.2). A named card no longer in play steals for the effect's controller."""
    if not (state.is_a(actor, "Unit") or state.is_a(actor, "Legend")):
        return controller, False
    return state.controller(actor) or controller, True


@dataclass(frozen=True)
class Bar:
    """Gigs a steal can't choose, and why: a lasting limit on what a rival actor may steal, applied before the
    choice (`limit`: 2.6; `step`: the attacker steals in its Steal Step, where 9.23.1 applies it from the step's
    start), or the stealing card's own words on which Gig it takes (6.7.1.2, 6.7.2.1)."""

    gigs: tuple[tuple[str, int], ...]
    why: str  # a clause true of every one of them: "under Chrome Fang's effect, Maelstrom Goons (power 3) can't ..."
    limit: bool
    step: bool = False


def _gigs(gigs) -> str:
    """Gigs in the trace's words: "d6=3, d8=5", or "none"."""
    return ", ".join(f"{d}={v}" for d, v in gigs) or "none"


def barred(bars: tuple[Bar, ...] | list[Bar]) -> str:
    """The Gigs `bars` keep from being chosen, each group with its reason, as one clause."""
    return "; ".join(f"{_gigs(bar.gigs)} can't be chosen: {bar.why}" for bar in bars)


def decided_by(bars: tuple[Bar, ...] | list[Bar]) -> tuple[str, ...]:
    """The rules that decide a choice `bars` narrowed: a steal limit's "can't" beats the stealer's "may choose
    any Gig" (2.5, 2.6), in a Steal Step applied before the choice (9.23.1); a card's own words say what its steal
    takes."""
    limited = (*(("steal-step.while-stealing",) if any(bar.step for bar in bars) else ()), "golden.card-beats-rules",
               "golden.cant-beats-can") if any(bar.limit for bar in bars) else ()
    own = ("gigs.steal-actor.card-named", "gigs.steal-steps.choose") if any(not bar.limit for bar in bars) else ()
    return limited + own


def _chooser(attack: bool) -> tuple[str, ...]:
    """Who chooses the Gigs: the stealing player, as the steal's first step (6.7.2.1); in a Steal Step, the
    attacking player (9.23.3)."""
    return ("gigs.steal-steps.choose", *(("steal.attacker-chooses",) if attack else ()))


def _choosing(bars, attack: bool) -> tuple[str, ...]:
    """The rules of a choice made: who chooses (`_chooser`); in a Steal Step, any Gig (9.23.3.1, where nothing
    narrowed the choice), one at a time (9.23.3.2)."""
    return _chooser(attack) + ((*(() if bars else ("steal.any-value",)), "steal.one-at-a-time") if attack else ())


def _as_many(attack: bool) -> str:
    """Fewer Gigs than the steal takes: all of them are taken, by 9.23.3.3 in a Steal Step, else as much of the
    effect as can be done (10.2.1)."""
    return "steal.as-many-as-possible" if attack else "effects.resolve-max"


def limit(ctx: Context, actor: str, owner: str, gigs: list[tuple[str, int]],
          attack: bool) -> tuple[list[tuple[str, int]], list[Bar]]:
    """The Gigs `actor` may steal from `owner` under lasting steal limits (card text beats the choice of any Gig:
    9.23.3.1 in the attack's own steal, 6.7.2.1 otherwise), and what the limits barred; a limit on the attacker in
    its Steal Step applies from the step's start (9.23.1), an effect's extra steal there included."""
    state = ctx.state
    if not stealer(state, actor, owner)[1]:  # the limits bind rival Units or Legends; a player is neither
        return list(gigs), []
    power = max(0, persistent.power_of(state, actor) or 0)
    step = attack or (state.attack is not None and state.attack[0] == actor and state.attack[2] == "steal")
    allowed, bars = list(gigs), []
    for rule in state.steal_limits:
        if rule.controller != owner or (rule.actors == "Legend" and not state.cards[actor].definition.is_type("Legend")):
            continue
        keep = [g for g in allowed if (g[1] <= power if rule.allowed == "at-most-power" else g[1] >= power)]
        if len(keep) < len(allowed):
            than = f"value {'higher' if rule.allowed == 'at-most-power' else 'lower'} than its power"
            bars.append(Bar(tuple(g for g in allowed if g not in keep), f"under {rule.source_name}'s effect, "
                            f"{ctx.name(actor)} (power {power}) can't steal {owner}'s Gigs with {than}", limit=True,
                            step=step))
            ctx.rec.add("check", f"{rule.source_name}'s effect: {ctx.name(actor)} (power {power}) can't steal "
                                 f"{owner}'s Gigs with {than}, so {_gigs(bars[-1].gigs)} can't be chosen.",
                        "golden.card-beats-rules", "golden.cant-beats-can",
                        "steal.any-value" if attack else "gigs.steal-steps.choose", player=owner,
                        cards=(actor,))
        allowed = keep
    return allowed, bars


_ONE_BY_ONE = ", one at a time"  # 9.23.3.2, said only in a Steal Step


def pick(ctx: Context, player: str, rival: str, gigs: list[tuple[str, int]], count: int,
         chosen: tuple[str, ...] | None, field: str, bars: tuple[Bar, ...] | list[Bar] = (), *,
         attack: bool, follows: dict | None = None) -> list[tuple[str, int]] | None:
    """6.7.2.1: the stealing player picks `count` of `gigs` (9.23.3: one at a time, in a Steal Step); all of them
    when there are no more than that.

    `gigs` are the ones that may be chosen; `bars`, why the others of the rival's Gig area can't be.
    None when the choice is needed and not scripted (an `await` step says what to script in `field`).
    `follows`: the Gig dice effects follow (`gigs.followed`), which tell equal dice apart.
    """
    follows = followed(ctx) if follows is None else follows
    take = min(count, len(gigs))
    decides = decided_by(bars)
    rules = _choosing(bars, attack)
    if chosen is None:
        if take == len(gigs):
            short = (_as_many(attack),) if count > len(gigs) else ()
            if bars:
                ctx.rec.add("steal", f"{player} must take every Gig that can be stolen ({_gigs(gigs)}): "
                                     f"{barred(bars)}. So there is nothing to choose.", *decides, *_chooser(attack), *short,
                            player=player)
                return list(gigs)
            ctx.rec.add("steal", f"{player} must take every Gig there is, so there is nothing to choose.",
                        *_chooser(attack), *short, player=player)
            return list(gigs)
        options = told_apart(gigs, follows)
        ctx.rec.add("await", f"{player} must choose {take} of {rival}'s Gigs to steal{_ONE_BY_ONE * attack}: "
                             f"{', '.join(options)}. The ruling waits here; script the choice with `{field}:`.",
                    *decides, *rules, player=player, options=tuple(options), can_decline=False, choice=(field, take))
        return None
    if len(chosen) > take:  # a rules question ("may he take two?"): refused with the rule that counts them
        how, cites = ("set by the stealer's power and the effects on it", ("steal.count-from-power", "steal.formula")) \
            if attack else ("set by the effect's words", ("gigs.steal-actor.card-named",))
        raise Refusal(f"{player} can take only {counted(take, 'Gig')} here, not {len(chosen)}: how many Gigs are "
                      f"stolen is {how}, and by how many can be stolen.", (*cites, _as_many(attack)))
    if len(chosen) != take:
        raise ScenarioMismatch(f"`{field}` names {counted(len(chosen), 'Gig')}, but {take} {'is' if take == 1 else 'are'} "
                               f"stolen: name every one, in the order they are picked (`{field}: [d6, d8]`)", None, field)
    held = ctx.state.players[rival].gigs
    for written in chosen:
        gig = held[find_gig(held, written, rival, field, follows)]
        bar = next((bar for bar in bars if gig in bar.gigs), None)
        if bar is not None:
            before = "; a limit on what the attacker may steal applies from the start of the Steal Step, before " \
                     "the choice" if bar.step else ""
            raise Refusal(f"{rival}'s {gig[0]}={gig[1]} can't be chosen: {bar.why}{before}. The Gigs that can be "
                          f"stolen are {_gigs(gigs)}.", decided_by((bar,)) + _chooser(attack))
    pool, picked = list(gigs), []
    for written in chosen:
        die = written.partition("=")[0].strip()
        if all(d != die for d, _ in pool) and any(d == die for d, _ in picked):
            raise ScenarioMismatch(f"`{field}` names {written} twice: each Gig is chosen once " +
                                   ("(9.23.3.2)" if attack else "(6.7.2.1)"), None, field)
        picked.append(pool.pop(find_gig(pool, written, rival, field, follows)))
    ctx.rec.add("choice", f"{player} chooses{_ONE_BY_ONE}: {_gigs(picked)}." if attack else
                f"{player} chooses {_gigs(picked)}.", *decides, *rules, player=player)
    return picked


def take(ctx: Context, player: str, actor: str, picked: list[tuple[str, int]], *cites: str,
         attack: bool, named: bool = True) -> list[tuple[str, int]]:
    """6.7.2.2-6.7.3 (9.23.4-9.23.5 in a Steal Step): apply "would be stolen" effects, move the rest together,
    then their triggers. `named`: `actor` is the card stealing; else `player` steals (see `stealer`), and no card
    stole: neither its "when this steals" effects nor a watcher of friendly Units stealing trigger (10.16.1).

    Returns the Gigs actually stolen. Their triggers are pending; the caller resolves them.
    """
    state = ctx.state
    rival = state.rival_of(player)
    picked = [gig for gig in picked if not replacement.replace_steal(ctx, rival, gig, actor if named else None)]
    if not picked:
        ctx.rec.add("steal", f"Every Gig chosen stays where it was, so {ctx.name(actor) if named else player} steals "
                             "no Gig.", "steal.prevention" if attack else
                    "gigs.steal-trigger-would-be-stolen", player=player)
        return []
    remaining = list(state.players[rival].gigs)
    for gig in picked:  # that very die, not another showing the same die and value (`Gig`)
        remaining.pop(next((i for i, held in enumerate(remaining) if held is gig), remaining.index(gig)))
    state.players[rival].gigs = remaining
    several = len(picked) > 1
    moved = "the Gigs move to {0}'s Gig area together, keeping their values; each counts as a stolen Gig and is " \
            "now {0}'s" if several else "the Gig moves to {0}'s Gig area, keeping its value, and is now {0}'s"
    if named:
        state.this_turn.append(("stole", player, actor))
    ctx.rec.add("steal", f"{ctx.name(actor) if named else player} steals {_gigs(picked)} from {rival}: "
                         f"{moved.format(player)}.", *cites,
                "gigs.steal", "gigs.steal-steps.move", *(("gigs.steal-steps.move-together",) if several else ()),
                "gigs.steal-steps.take-control",
                *(("steal.take", "steal.move-together", *(("steal.each-counts",) if several else ())) if attack else ()),
                player=player, cards=(actor,) if named else ())
    gain(ctx, player, picked)
    if named and not state.game_over:  # a player stealing is no card stealing: nothing waits for that (6.7.2)
        _triggers(ctx, player, actor, picked, attack)
    return picked


def _triggers(ctx: Context, player: str, actor: str, picked: list[tuple[str, int]], attack: bool) -> None:
    """6.7.3 (9.23.5.2-9.23.6 in a Steal Step): each stolen Gig sets off steal triggers once, so a steal of several
    Gigs meets their condition several times (10.16.3, cited only then); the steal as a whole once."""
    state = ctx.state
    several = len(picked) > 1  # several Gigs: each is stolen (9.23.5.2), so the condition is met several times
    after = ("steal.triggers-after-move", *(("steal.each-counts",) if several else ())) if attack else \
        ("gigs.steal-trigger-is-stolen",)
    held = state.players[player].gigs
    began = len(state.this_turn)  # the Gigs of this steal are remembered from here on (one steal, 6.7.2.2.1)
    each = ("triggered-effects.once-per-occurrence",) if several else ()
    for number, (die, value) in enumerate(picked):
        stolen = {"stolen": f"{die}={value}", "stolen_at": place(held[len(held) - len(picked) + number])}
        effects.trigger(ctx, actor, "steals", *after, *each, known=stolen)
        effects.watchers(ctx, actor, "steals", *after, *each, known=stolen,
                         facts={**watching.steal_facts(ctx, actor, value), "event_began": began})
    whole = ("steal.triggers-after-move",) * attack + ("gigs.steal-trigger-is-stolen",)
    effects.trigger(ctx, actor, "steals-gigs", *whole)
    effects.watchers(ctx, actor, "steals-gigs", *whole)
