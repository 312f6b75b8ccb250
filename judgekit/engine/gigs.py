"""Gigs (CR 6): values, min and max Gigs, adjusting (increase, decrease, set), value-pairs and swaps.

An adjustment the rules do not allow (a value not on the die, or the value it already shows)
fails: it is recorded, and the Gig keeps its value (6.4.4, 6.4.5). What fails is the whole effect
when that adjustment is all it does; else only that part (`failing`, 10.6.2).
"""
from __future__ import annotations

import re

from judgekit.echo import shown
from judgekit.engine import events
from judgekit.engine.context import Context
from judgekit.engine.state import Gig
from judgekit.engine.trace import ScenarioMismatch

SIDES = {"d4": 4, "d6": 6, "d8": 8, "d10": 10, "d12": 12, "d20": 20}


FOLLOWED = ("stolen", "adjusted")  # what an effect calls a Gig die it keeps following (`place`)
_MARKED = re.compile(r"(?P<gig>[^()]*?)\s*\((?P<marks>[^()]*)\)")
Follows = dict  # a Gig die's identity -> the effects following it, as {(word, source label)} (`followed`)


def followed(ctx: Context, refs: dict | None = None) -> Follows:
    """The Gig dice effects are following, by identity: each pending effect that reads the stolen Gig it is about
    (6.7.3), and the resolving effect's own stolen or adjusted Gig when it reads it (`refs`, its `follows`)."""
    out: dict[int, set] = {}

    def note(kept: str, word: str, label: str) -> None:
        if kept.startswith("gig:"):
            out.setdefault(int(kept.split(":")[1]), set()).add((word, label))
    for pending in ctx.pending:
        if "stolen_at" in pending.known and "stolen" in pending.effect.facts_read:
            note(pending.known["stolen_at"], "stolen", pending.source)
    for word in (refs or {}).get("follows", "").split():
        note(refs.get(word, ""), word, refs.get("this", ""))
    return {ident: frozenset(kinds) for ident, kinds in out.items()}


def marks(written: str) -> tuple[str, tuple[tuple[str, str | None], ...] | None]:
    """A `gigs:` entry and the marks naming which of equal dice it is, as (word, label or None): `d6=3 (stolen)`,
    `d6=3 (stolen of rv)`, `d6=3 (other)` (no effect follows it); None when it has none."""
    found = _MARKED.fullmatch(written.strip())
    if found is None:
        return written.strip(), None
    items = []
    for item in found["marks"].split(" and "):
        word, _, label = item.strip().partition(" of ")
        items.append((word.strip(), label.strip() or None))
    return found["gig"].strip(), tuple(items)


def _fits(items, kinds: frozenset) -> bool:
    return all(not kinds if word == "other" else
               any(w == word and (label is None or label == at) for w, at in kinds) for word, label in items)


def _exact(items, kinds: frozenset) -> bool:
    return kinds == {(word, label) for word, label in items if word != "other"}


def _narrowed(classes: list[frozenset], items) -> list[frozenset]:
    """The follow classes `items` name: those they fit, and of several, the one they list exactly."""
    fitting = [kinds for kinds in classes if _fits(items, kinds)]
    exact = [kinds for kinds in fitting if _exact(items, kinds)]
    return exact if len(fitting) > 1 and len(exact) == 1 else fitting


def mark_for(kinds: frozenset, classes: list[frozenset]) -> str:
    """The shortest marks telling a die of follow class `kinds` from equal dice of the other `classes`:
    `(other)`, `(stolen)`, `(stolen of rv)`, else every effect following it."""
    said = lambda items: " and ".join(w if label is None else f"{w} of {label}" for w, label in items)
    tries = [(("other", None),)] if not kinds else \
        [((w, None),) for w in sorted({w for w, _ in kinds})] + [(k,) for k in sorted(kinds)] + [tuple(sorted(kinds))]
    for items in tries:
        if _narrowed(classes, items) == [kinds]:
            return f" ({said(items)})"
    return f" ({said(tries[-1])})"


def told_apart(gigs, follows: Follows) -> list[str]:
    """Each Gig of `gigs` (of one Gig area) as a `gigs:` entry names it: `d6=3`, with marks (`mark_for`) where an
    equal die (6.3) differs from it in which effects follow it, so the choice between them matters."""
    kinds = lambda gig: follows.get(getattr(gig, "ident", None), frozenset())
    out = []
    for gig in gigs:
        classes = list(dict.fromkeys(kinds(g) for g in gigs if tuple(g) == tuple(gig)))
        out.append(f"{gig[0]}={gig[1]}" + (mark_for(kinds(gig), classes) if len(classes) > 1 else ""))
    return out


def find_gig(gigs: list[tuple[str, int]], written: str, whose: str, field: str, follows: Follows | None = None) -> int:
    """The index of the Gig written as `d6` or `d6=3` in a Gig area, or the die kept as `gig:7:d6` (`place`); an
    input error if it is not there. Equal dice are interchangeable (6.3) unless effects follow one and not the
    other (`follows`): then which one is a choice, and the entry names it by its marks (`marks`), never guessed."""
    if written.startswith("gig:"):
        return _index(gigs, int(written.split(":")[1]))
    text, items = marks(written)
    die, _, value = text.partition("=")
    found = [i for i, (d, v) in enumerate(gigs) if d == die.strip() and (not value or str(v) == value.strip())]
    held = ", ".join(f"{d}={v}" for d, v in gigs) or "nothing"
    if not found:
        raise ScenarioMismatch(f"{shown(written)} is not in {whose}'s Gig area, which holds {held}", None, field)
    if items is None:  # `d6` unmarked: the first d6 there, as ever, unless an equal die differs from it
        found = [i for i in found if tuple(gigs[i]) == tuple(gigs[found[0]])]
    kinds = lambda i: (follows or {}).get(getattr(gigs[i], "ident", None), frozenset())
    classes = list(dict.fromkeys(kinds(i) for i in found))
    named = classes if items is None else _narrowed(classes, items)
    if len(named) == 1:
        return next(i for i in found if kinds(i) == named[0])
    which = ", ".join(dict.fromkeys(told_apart([gigs[i] for i in found], follows or {})))
    if not named:
        raise ScenarioMismatch(f"{shown(written)} names no Gig in {whose}'s Gig area; the ones it could mean are "
                               f"{which}", None, field)
    raise ScenarioMismatch(f"{shown(written)} could be more than one of {whose}'s Gigs, and an effect tells them "
                           f"apart: {which}. Which one is chosen changes what that effect does, so judgekit does not "
                           "pick one: name it with its mark", None, field)


def follow_words(gig, follows: Follows, name) -> str:
    """Which of equal dice `gig` is, in words: the effects following it (`name` names their cards), or none."""
    kinds = follows.get(getattr(gig, "ident", None), frozenset())
    if not kinds:
        return "the one no effect is following"
    return "the one " + " and ".join(f"{name(label)}'s effect calls the {word} Gig" for word, label in sorted(kinds))


def marks_said(options, follows: Follows, written_as, name) -> str:
    """What the marks of equal dice among a choice's `options` ((player, Gig) as `written_as` writes them) mean, in
    words: which effects follow each (`name` names their cards)."""
    said = {}
    for player, gig in options:
        text = written_as(player, gig)
        if "(" in text:
            said.setdefault(text, f"{text} is {follow_words(gig, follows, name)}")
    many = len({label for _, gig in options for _, label in follows.get(gig.ident, ())}) > 1
    return "; ".join(said.values()) + ". They show the same die and value, but which one is chosen changes what " + \
        ("those effects do." if many else "that effect does.")


def split_entry(state, written: str) -> tuple[str | None, str]:
    """A `gigs:` entry's player, when it starts with one, and the Gig as written (`bob:d6=3` -> bob, `d6=3`)."""
    prefix, _, rest = written.partition(":")
    return (prefix, rest) if rest and prefix in state.players else (None, written)


def index_of(gigs, gig) -> int:
    """Where the very Gig die `gig` is in `gigs` (its identity, not its die and value)."""
    return _index(gigs, gig.ident)


def _index(gigs, ident: int) -> int | None:
    """Where the Gig die of identity `ident` is in `gigs`; None when it is not there."""
    return next((i for i, held in enumerate(gigs) if getattr(held, "ident", None) == ident), None)


def place(gig: Gig) -> str:
    """The Gig die an effect speaks of later ("the stolen Gig", "if it becomes a min Gig"), kept as "gig:7:d6" (its
    identity and die): it names that die wherever it goes (`Gig`), not the place where it stood."""
    return f"gig:{gig.ident}:{gig[0]}"


def locate(state, kept: str) -> tuple[str, int] | None:
    """Where the Gig die kept by `place` is now: its player and its place in their Gig area; None when it is in no
    Gig area."""
    ident = int(kept.split(":")[1])
    return next(((whose, index) for whose, player in state.players.items()
                 if (index := _index(player.gigs, ident)) is not None), None)


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
    index = find_gig(gigs, written, whose, "adjust", followed(ctx)) if index is None else index
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


def swap(ctx: Context, player: str, mine: Gig | str, theirs: Gig | str) -> None:
    """6.6: the chosen friendly and rival Gig dice (or as a scenario's own `swap` writes them) change places at the
    same time, keeping their values; not a steal."""
    state = ctx.state
    rival = state.rival_of(player)
    own, other = list(state.players[player].gigs), list(state.players[rival].gigs)
    find = lambda held, gig, whose: index_of(held, gig) if isinstance(gig, Gig) else \
        find_gig(held, gig, whose, "swap", followed(ctx))
    i, j = find(own, mine, player), find(other, theirs, rival)
    given, taken = own.pop(i), other.pop(j)
    state.players[player].gigs = own + [taken]
    state.players[rival].gigs = other + [given]
    ctx.rec.add("gig", f"{player} swaps their {given[0]}={given[1]} with {rival}'s {taken[0]}={taken[1]}: both move "
                       "at the same time and keep their values. A swap is not a steal, so nothing that cares about "
                       "stealing triggers.", "gigs.swap", "gigs.swap-keeps-values", "gigs.swap-not-steal",
                player=player)
    events.announce(ctx, "gig-swapped", swapper=player, rival=rival)
