"""Units (4.6-4.8): placed ready in the field, with Lag."""
from __future__ import annotations

from judgekit.engine import areas
from judgekit.engine.context import Context


def place_unit(ctx: Context, label: str) -> list[tuple]:
    """4.6, 4.7: the paid Unit goes to the field ready and lagging."""
    events = areas.move(ctx, label, "field", ("units.play",), how="is played")
    ctx.state.change(label, spent=False, lag=True, face_up=True)
    ctx.rec.add("lag", f"{ctx.name(label)} enters the field ready and with Lag.", "units.play",
                "units.enter-with-lag", "field-area.enter-with-lag", "lag", "lag.definition", cards=(label,))
    return events
