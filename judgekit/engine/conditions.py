"""Conditions of effects (10.3, 10.15.1): checked when the effect applies, and again as it resolves.

Street Cred is the total of a player's Gig values (11.2.1); with no Gigs it is Null, which is not
0 and neither even nor odd (11.2.3, 2.10.2), so a condition about an even Street Cred is false.
"""
from __future__ import annotations

from judgekit.engine import persistent
from judgekit.engine.state import GameState

def street_cred(state: GameState, player: str) -> int | None:
    """11.2.1, 11.2.3: the sum of the player's Gig values, or None (Null) when they have no Gigs."""
    gigs = state.players[player].gigs
    return sum(value for _, value in gigs) if gigs else None


def check(state: GameState, condition: dict, source: str, controller: str,
          known: dict | None = None) -> tuple[bool, str, tuple[str, ...]]:
    """One condition: (holds, why in words, rules). `known` is the source's last-known information."""
    (name, wanted), = condition.items()
    if name in ("street_cred", "street_cred_at_least"):
        cred = street_cred(state, controller)
        shown = "Null ( - )" if cred is None else str(cred)
        rules = ("street-cred.definition",) + (("street-cred.null", "golden.null-not-a-number") if cred is None else ())
        if cred is None:
            what = f"{'even or odd' if name == 'street_cred' else 'a number to compare'}"
            return False, f"{controller}'s Street Cred is Null (no Gigs), which is not a number, so it is not {what}", rules
        holds = cred % 2 == (0 if wanted == "even" else 1) if name == "street_cred" else cred >= wanted
        need = wanted if name == "street_cred" else f"at least {wanted}"
        return holds, f"{controller}'s Street Cred is {shown}, {'which is' if holds else 'not'} {need}", rules
    if name == "gigs_at_least":
        count = len(state.players[controller].gigs)
        return count >= wanted, f"{controller} has {count} Gig{'s' if count != 1 else ''} (needs {wanted})", ("gigs",)
    if name == "your_turn":
        holds = (state.turn == controller) == bool(wanted)
        return holds, f"it is {state.turn}'s turn", ()
    if name == "gig_value_at_least":
        values = [value for _, value in state.players[controller].gigs]
        best = max(values, default=None)
        return best is not None and best >= wanted, \
            f"{controller}'s highest Gig is {best if best is not None else 'none'} (needs one of {wanted}+)", ("gigs",)
    if name == "stolen_die":
        stolen = (known or {}).get("stolen", "")
        return stolen.split("=")[0] == wanted, f"the stolen Gig is {stolen or 'none'}", ()
    if name == "source_in":
        area = state.locate(source)[1]
        return area == wanted, f"its source is in the {area}", ()
    if name == "source_power_at_least":
        here = state.locate(source)[1] in ("field", "legends")
        power = persistent.power_of(state, source) if here or known is None else known.get("power")
        lki = "" if here or known is None else " (last-known information: its power as it last was in play)"
        shown = 0 if power is None else power
        return max(0, shown) >= wanted, f"its source's power is {shown}{lki} (needs {wanted})", \
            (("effects.last-known-information",) if lki else ()) + (("golden.negative-counts-as-zero",) if shown < 0 else ())
    raise ValueError(f"unknown condition {name!r}")


def all_hold(state: GameState, conditions: tuple[dict, ...], source: str, controller: str,
             known: dict | None = None) -> tuple[bool, list[str], tuple[str, ...]]:
    """Every condition in order; the first false one decides (10.3.1)."""
    reasons: list[str] = []
    rules: tuple[str, ...] = ()
    for condition in conditions:
        holds, why, cited = check(state, condition, source, controller, known)
        reasons.append(why)
        rules += cited
        if not holds:
            return False, reasons, rules
    return True, reasons, rules
