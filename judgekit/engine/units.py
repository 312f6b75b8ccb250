"""Units (4.6-4.8): placed ready in the field, with Lag."""
from __future__ import annotations

from judgekit.engine import areas, persistent
from judgekit.engine.context import Context


def place_unit(ctx: Context, label: str) -> list[tuple]:
    """4.6, 4.7: the paid Unit goes to the field ready and lagging."""
    events = areas.move(ctx, label, "field", ("units.play",), how="is played")
    ctx.state.change(label, spent=False, lag=True, face_up=True)
    ctx.rec.add("lag", f"{ctx.name(label)} enters the field ready and with Lag.", "units.play",
                "units.enter-with-lag", "field-area.enter-with-lag", "lag", "lag.definition", cards=(label,))
    return events


def lag_waived_by(state, label: str) -> str | None:
    """What lets a lagging Unit attack after all: [ADRENALINE] (11.23.2), or having been played with [GO SOLO] this turn
    (11.25.1); None when nothing does."""
    if "ADRENALINE" in persistent.keywords_of(state, label):
        return "ADRENALINE"
    return "GO SOLO" if state.happened_this_turn("went-solo", label=label) else None
