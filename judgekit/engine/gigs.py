"""Gigs (CR 6): values, min and max Gigs, adjusting (increase, decrease, set), value-pairs and swaps.

An adjustment the rules do not allow (a value not on the die, or the value it already shows)
fails: it is recorded, and the Gig keeps its value (6.4.4, 6.4.5). What fails is the whole effect
when that adjustment is all it does; else only that part (`failing`, 10.6.2).
"""
from __future__ import annotations

from judgekit.echo import shown
from judgekit.engine import events
from judgekit.engine.context import Context
from judgekit.engine.state import Gig
from judgekit.engine.trace import ScenarioMismatch

SIDES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}


def find_gig(gigs: list[tuple[str, int]], written: str, whose: str, field: str) -> int:
    """The index of the Gig written as `d6` or `d6=3` in a Gig area; an input error if it is not there."""
    die, _, value = written.partition("=")
    for index, (d, v) in enumerate(gigs):
        if d == die.strip() and (not value or str(v) == value.strip()):
            return index
    held = ", ".join(f"{d}={v}" for d, v in gigs) or "nothing"
    raise ScenarioMismatch(f"{shown(written)} is not in {whose}'s Gig area, which holds {held}", None, field)


def place(gig: Gig) -> str:
    """The Gig die an effect speaks of later ("the stolen Gig", "if it becomes a min Gig"), kept as "gig:7:d6" (its
    identity and die): it names that die wherever it goes (`Gig`), not the place where it stood."""
    return f"gig:{gig.ident}:{gig[0]}"


def locate(state, kept: str) -> tuple[str, int] | None:
    """Where the Gig die kept by `place` is now: its player and its place in their Gig area; None when it is in no
    Gig area."""
    ident = int(kept.split(":")[1])
    for whose, player in state.players.items():
        for index, gig in enumerate(player.gigs):
            if getattr(gig, "ident", None) == ident:
                return whose, index
    return None


def at_place(state, kept: str) -> tuple[str | None, str, int | None]:
    """(player, die, the value it shows now) of the Gig die kept by `place`, wherever it has gone; the player and
    value are None when it is in no Gig area."""
    found = locate(state, kept)
    if found is None:
        return None, kept.split(":")[2], None
    whose, index = found
    die, value = state.players[whose].gigs[index]
    return whose, die, value


def gain(ctx: Context, player: str, new: list[tuple[str, int]]) -> None:
    """Gigs enter the player's Gig area (a steal, 6.7.2.2; a roll-in, 8.6.5.3): the one place a Gig count grows,
    announced so that overtime's 7 Gigs win at once however they were reached (1.11, 1.13)."""
    ctx.state.players[player].gigs = list(ctx.state.players[player].gigs) + [Gig.of(gig) for gig in new]
    events.announce(ctx, "gigs-gained", cites=("win.instant",))


def value_pairs(gigs: list[tuple[str, int]]) -> int:
    """6.5, 6.5.1: how many value-pairs a Gig area holds; each Gig belongs to at most one."""
    counts: dict[int, int] = {}
    for _, value in gigs:
        counts[value] = counts.get(value, 0) + 1
    return sum(n // 2 for n in counts.values())


WHOLE = ("the effect fails", "", ())  # `failing`'s answer when the adjustment is all an effect does


def failing(parts: int, several: bool) -> tuple[str, str, tuple[str, ...]]:
    """What fails and what follows, in words, with the rules deciding it, when one Gig can't take the value an effect gives it
    (6.4.4, 6.4.5): the effect, when that adjustment is all it does; the adjustment, when the effect holds other
    instructions at any nesting (`parts`, `interpreter.leaves`): only it is ignored and the rest resolves as far as
    it can (10.6.2; the interpreter says so before the next instruction that runs); only that Gig's part, when one
    adjustment changes several Gigs (10.6.2 too: judgekit's reading, the other recorded in
    scenarios/contested/one-adjustment-of-two-gigs-with-one-at-its-max.yaml)."""
    if several:
        return ("this Gig's part of the adjustment fails", "; only that part is ignored, and the adjustment's other "
                "Gigs change as far as they can", ("effects.invalid-part-ignored",))
    return ("this part of the effect fails", "", ("effects.invalid-part-ignored",)) if parts > 1 else WHOLE


def adjust(ctx: Context, whose: str, written: str, how: str, amount: int | None, index: int | None = None,
           fails: tuple[str, str, tuple[str, ...]] = WHOLE) -> bool:
    """6.4: increase or decrease by `amount`, set to `amount`, or set to the die's min or max; False if it fails.
    `index`: the Gig's place in the Gig area when already known (several Gigs adjusted at once); `fails`: what
    fails if the Gig can't take the value, in words, with the rules deciding it (`failing`)."""
    gigs = list(ctx.state.players[whose].gigs)
    index = find_gig(gigs, written, whose, "adjust") if index is None else index
    die, value = gigs[index]
    sides = SIDES[die]
    target, rules = {
        "increase": (value + (amount or 0), ("gigs.increase",)),
        "decrease": (value - (amount or 0), ("gigs.decrease",)),
        "set": (amount, ("gigs.set",)),
        "min": (1, ("gigs.set", "gigs.min-gig", "gigs.highest-and-lowest")),
        "max": (sides, ("gigs.set", "gigs.max-gig", "gigs.highest-and-lowest")),
    }[how]
    what = f"{whose}'s {die} (showing {value})"
    fail, rest, decided = fails
    if not 1 <= target <= sides:
        ctx.rec.add("check", f"The effect would adjust {what} to {target}, which is not on a {die} (1 to {sides}), "
                             f"so {fail} and the Gig keeps its value{rest}.", "gigs.adjust", *rules,
                    "gigs.adjust-only-to-face-values", *decided, player=whose)
        return False
    if target == value:
        ctx.rec.add("check", f"The effect would adjust {what} to the value it already shows, so {fail} and the "
                             f"Gig keeps its value{rest}.", "gigs.adjust", *rules, "gigs.adjust-not-to-current-value", *decided,
                    player=whose)
        return False
    gigs[index] = Gig.of(gigs[index]).showing(target)
    ctx.state.players[whose].gigs = gigs
    extra = ("gigs.max-gig",) if target == sides and how != "max" else ("gigs.min-gig",) if target == 1 and \
        how != "min" else ()
    ctx.rec.add("gig", f"{what} is adjusted to {target}" + (" (now a max Gig)" if target == sides else
                                                            " (now a min Gig)" if target == 1 else "") + ".",
                "gigs.adjust", *rules, *extra, "gigs.value", player=whose)
    return True


def swap(ctx: Context, player: str, mine: str, theirs: str) -> None:
    """6.6: a friendly and a rival Gig change places at the same time, keeping their values; not a steal."""
    state = ctx.state
    rival = state.rival_of(player)
    own, other = list(state.players[player].gigs), list(state.players[rival].gigs)
    i = find_gig(own, mine, player, "swap")
    j = find_gig(other, theirs, rival, "swap")
    given, taken = own.pop(i), other.pop(j)
    state.players[player].gigs = own + [taken]
    state.players[rival].gigs = other + [given]
    ctx.rec.add("gig", f"{player} swaps their {given[0]}={given[1]} with {rival}'s {taken[0]}={taken[1]}: both move "
                       "at the same time and keep their values. A swap is not a steal, so nothing that cares about "
                       "stealing triggers.", "gigs.swap", "gigs.swap-keeps-values", "gigs.swap-not-steal",
                player=player)
    events.announce(ctx, "gig-swapped", swapper=player, rival=rival)
