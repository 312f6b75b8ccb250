"""Power that counts only while a Unit fights (9.15-9.19): "has +N power while fighting rival Units this turn".

Such a change is given like any lasting change (10.23) but is left out of the Unit's power everywhere
except the Fight Step's comparison; it never changes how many Gigs the Unit steals.
"""
from __future__ import annotations

from judgekit.engine import persistent


def fight_bonus(ctx, label: str) -> tuple[int, list[str]]:
    """The power `label` adds while fighting, and the effects that give it: lasting changes, and printed
    "+N power while fighting a <type>" when the Unit it fights (from the attack in progress) is of that type."""
    state = ctx.state
    found = [m for m in persistent.modifiers_on(state, label) if m.while_fighting]
    power, names = sum(m.power for m in found), [f"{m.source_name}'s effect" for m in found]
    opponent = _opponent(state, label)
    for source, _, effect, _ in persistent.printed_effects_on(state, label):
        for grant, value in effect.grants:
            need = dict(value) if grant == "fight-power" else None
            if need and opponent is not None and state.is_a(opponent, need["against"], state.locate(opponent)[1]):
                power += need["power"]
                names.append(f"{state.cards[source].definition.full_name}'s effect (it fights a {need['against']})")
    return power, names


def _opponent(state, label: str) -> str | None:
    if state.attack is None or label not in state.attack[:2]:
        return None
    attacker, target, _ = state.attack
    return target if label == attacker else attacker
