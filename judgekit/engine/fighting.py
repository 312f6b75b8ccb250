"""Power that counts only while a Unit fights (9.15-9.19): "has +N power while fighting rival Units this turn".

Such a change is given like any lasting change (10.23) but is left out of the Unit's power everywhere
except the Fight Step's comparison; it never changes how many Gigs the Unit steals.
"""
from __future__ import annotations

from judgekit.engine import persistent


def fight_bonus(ctx, label: str) -> tuple[int, list[str]]:
    """The power `label` adds while fighting, and the effects that give it."""
    found = [m for m in persistent.modifiers_on(ctx.state, label) if m.while_fighting]
    return sum(m.power for m in found), [f"{m.source_name}'s effect" for m in found]
