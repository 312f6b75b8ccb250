"""Which keys of the effect vocabulary mean something together: one place per rule, so that `validate`, `run`,
`check` and the shipped card effects refuse the same combinations (docs/scenario-format.md, "Effects").

A combination the rules give no meaning to, or that judgekit would drop or read as something else, is an input
error saying what to write instead; each function returns that message, or "" when the keys agree. The checks in
judgekit/scenario/checks.py call them (a cached validator names only those).
"""
from __future__ import annotations

from judgekit.cites import rule_mark
from judgekit.plural import listed


def effect_problem(effect) -> str:
    """An effect's keys against its kind (10.4): a persistent effect chooses and runs nothing (10.22.1, 10.22.2);
    `friendly-gigs` names Gigs, which only a steal replacement applies to (6.7, 9.23.4)."""
    if effect.persistent is not None:
        given = [key for key in ("targets", "do", "modes") if getattr(effect, key)]
        if given:
            return (f"a persistent effect makes no choices and runs no instructions (it is never activated and never "
                    f"pending, {rule_mark('persistent-effects.not-activated')}, "
                    f"{rule_mark('persistent-effects.never-pending')}), so {_keys(given)} would never be used: it "
                    "gives what `persistent:` lists to every card `affects` and `affected` name. For \"a friendly "
                    "Unit of your choice gets ...\", write a triggered or activated effect whose `do` has a `give`")
    if effect.replace == "stolen":
        if effect.affects != "friendly-gigs":
            return (f"`replace: stolen` applies as one of its controller's Gigs would be stolen, and only a Gig is "
                    f"ever stolen ({rule_mark('gigs.steal')}): write `affects: friendly-gigs`, not "
                    f"`affects: {effect.affects}`")
        if effect.affected is not None:
            return ("`affected` narrows the cards an effect applies to; `replace: stolen` applies to Gigs, which are "
                    "no cards: leave it out (a requirement on the Gig goes in a target, e.g. `cost_equals_stolen`)")
    elif effect.affects == "friendly-gigs":
        return (f"`affects: friendly-gigs` goes with `replace: stolen` only: a Gig is a die, not a card "
                f"({rule_mark('gigs.die-is-a-gig')}), with a value but no power, and it is never defeated, only "
                f"stolen ({rule_mark('gigs.steal')}). For Units write `friendly-units`, `rival-units` or `units`")
    return ""


def power_problem(change) -> str:
    """A lasting change (`give`, 10.23) or a persistent grant (10.22): `per` counts how many times `power` is
    given; `power_equal_to` sets the amount itself, so a number beside it would be dropped; `loses` turns that
    amount into a loss; `while_fighting` limits only power to fights."""
    power = getattr(change, "power", 0)
    equal_to = getattr(change, "power_equal_to", None)
    if getattr(change, "per", None) is not None and equal_to is None and not power:
        return "`per` gives `power` once for each one counted: write the `power` it gives each time (e.g. `power: 1`)"
    if equal_to is None:
        if getattr(change, "loses", False):
            return ("`loses` goes with `power_equal_to` (\"loses power equal to ...\"); a fixed loss is a negative "
                    "`power`, e.g. `power: -2`")
    else:
        extra = [key for key, value in (("power", power), ("per", getattr(change, "per", None))) if value]
        if extra:
            return (f"`power_equal_to` makes the power given that value, so {_keys(extra)} beside it would be "
                    f"dropped: write two `give` instructions, one with {_keys(extra)} and one with `power_equal_to`")
    if getattr(change, "while_fighting", False):
        if not power and equal_to is None:
            return "`while_fighting` makes the power given count only in its fights: write the `power` it gives"
        other = [key for key in ("keywords", "cant", "can", "steals", "go_solo_costs_less") if getattr(change, key)]
        if other:
            return (f"`while_fighting` limits only the power to its fights, and {_keys(other)} would apply at all "
                    f"times: give {_keys(other)} in a `give` of its own")
    return ""


def _keys(keys: list[str]) -> str:
    return listed(f"`{key}`" for key in keys)
