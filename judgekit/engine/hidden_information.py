"""Hidden information (5.3): a player looking at a card no one else may see, without revealing it.

A face-down card in a public area (5.3.1.2) or a card in a hidden area (5.3.2) is known to nobody
until an effect lets a player look at it. Looking is not revealing (11.14): the card stays face-down
where it is, and the trace marks the step as known to that one player.

Cards looked at from an area (searched, 11.13.1; or revealed, 11.14.1) still count as in that area
until an effect moves them (11.13.3, 11.14.2); while the effect resolves, each such card records who
is looking at it (`Card.looked_at_by`), so a ruling that stops mid-effect shows them still there.
"""
from __future__ import annotations

from judgekit.engine import areas
from judgekit.engine.context import Context
from judgekit.engine.interpreter import instruction


@instruction("look_at", does="look at it")
def look_at(ctx: Context, source: str, controller: str, arg, refs) -> bool:
    """The controller looks at a face-down or hidden card; it is not revealed and does not move."""
    label = refs.get(arg, arg)
    owner, area = ctx.state.locate(label)
    card = ctx.state.cards[label]
    hidden_area = area in ("hand", "deck")
    where = f"{owner}'s {areas.AREA_TITLES[area]}"
    if area == "hand" and owner != controller:  # its owner sees it (5.4.2): the look tells only the looker more
        said = f"{controller} looks at that card in {where}: it is {ctx.name(label)}. {controller} does not reveal it, " \
               "and it stays where it is."
    else:
        said = f"{controller} looks at {ctx.name(label)} in {where} without revealing it; it stays " \
               f"{'where it is' if hidden_area else 'face-down'}, and only {controller} now knows it."
    ctx.rec.add("look", said,
                "hidden-areas.unknown" if hidden_area else "public-areas.face-down-unknown",
                player=controller, cards=(label,), known_to=controller)
    if not hidden_area and card.face_up:
        ctx.rec.add("check", f"{ctx.name(label)} was already face-up, so everyone knew it.",
                    "public-areas.face-up-known", player=controller, cards=(label,))
    return True


def start_looking(ctx: Context, labels, players: tuple[str, ...]) -> None:
    """`players` now look at these cards where they are (a search: the searcher; a reveal: every player)."""
    for label in labels:
        ctx.state.change(label, looked_at_by=tuple(dict.fromkeys(ctx.state.cards[label].looked_at_by + tuple(players))))


def stop_looking(ctx: Context, labels) -> None:
    """The effect is done with these cards: they stay where they are, no longer being looked at (5.3.2.6)."""
    for label in labels:
        ctx.state.change(label, looked_at_by=())
