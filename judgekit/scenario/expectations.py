"""An `expect` block (a scenario's own, or a contested ruling's) with names resolved to labels and rule ids."""
from __future__ import annotations

import re
from dataclasses import dataclass, field


GIG_OPTION = re.compile(r"(\w+:)?d\d+(=\d+)?")  # a Gig or die among an awaited choice's options: d6=3, bob:d6=3, d6


@dataclass
class ResolvedExpect:
    """The scenario's `expect`, with card names turned into labels and rules into stable ids."""

    allowed: bool | list[bool] | None
    refused_by: list[str]
    cites: list[str]
    not_cites: list[str]
    areas: dict[str, dict[str, object]]
    cards: dict[str, object]
    losers: list[str] | None
    written: dict[str, str] = field(default_factory=dict)  # id -> how the file wrote it
    path: tuple = ("expect",)  # where the block sits in the file, for line numbers
    gigs: dict[str, list[str]] = field(default_factory=dict)
    awaiting: object = None  # None, a bool, or an AwaitingExpect with its cards resolved to labels
    winner: str | None = None
    tie: bool | None = None


def resolve_expect(builder, spec, base: tuple, edition: str) -> ResolvedExpect | None:
    """An `expect` block (the scenario's own, or a contested ruling's) resolved to labels and ids."""
    if spec is None:
        return None
    written: dict[str, str] = {}

    def rules(key: str) -> list[str]:
        ids = []
        for j, w in enumerate(getattr(spec, key)):
            rule_id = builder.rule_ref(w, base + (key, j), edition)
            written[rule_id] = str(w)
            ids.append(rule_id)
        return ids

    areas: dict[str, dict[str, object]] = {}
    for player, by_area in spec.areas.items():
        builder.player_ref(player, base + ("areas", player))
        areas[player] = {}
        for area, want in by_area.items():
            path = base + ("areas", player, area)
            if isinstance(want, list):
                areas[player][area] = [builder.ref(c, path + (j,)) for j, c in enumerate(want)]
            else:
                resolved = want.model_copy()
                for key in ("cards", "contains", "excludes", "bottom"):
                    values = getattr(want, key)
                    if values is not None:
                        setattr(resolved, key, [builder.ref(c, path + (key, j)) for j, c in enumerate(values)])
                if want.top is not None:
                    resolved.top = builder.ref(want.top, path + ("top",))
                areas[player][area] = resolved
    cards = {}
    for written_label, want in spec.cards.items():
        path = base + ("cards", written_label)
        label = builder.ref(written_label, path)
        resolved = want.model_copy()
        if want.player is not None:
            builder.player_ref(want.player, path + ("player",))
        if want.equipped_to is not None:
            resolved.equipped_to = builder.ref(want.equipped_to, path + ("equipped_to",))
        if want.gear is not None:
            resolved.gear = [builder.ref(g, path + ("gear", j)) for j, g in enumerate(want.gear)]
        for j, player in enumerate(want.looked_at_by or ()):
            builder.player_ref(player, path + ("looked_at_by", j))
        cards[label] = resolved
    if spec.losers is not None:
        for j, name in enumerate(spec.losers):
            builder.player_ref(name, base + ("losers", j))
    if isinstance(spec.allowed, list) and len(spec.allowed) != len(builder.scenario.actions):
        builder.problem(base + ("allowed",), f"gives {len(spec.allowed)} values for "
                                          f"{len(builder.scenario.actions)} actions")
    for player in spec.gigs:
        builder.player_ref(player, base + ("gigs", player))
    if spec.winner is not None:
        builder.player_ref(spec.winner, base + ("winner",))
    awaiting = spec.awaiting
    if awaiting is not None and not isinstance(awaiting, bool):
        awaiting = awaiting.model_copy()
        if awaiting.player is not None:
            builder.player_ref(awaiting.player, base + ("awaiting", "player"))
        if awaiting.options is not None:
            awaiting.options = [o.replace(" ", "") if GIG_OPTION.fullmatch(o.replace(" ", "")) else
                                builder.ref(o, base + ("awaiting", "options", j))
                                for j, o in enumerate(awaiting.options)]
    return ResolvedExpect(spec.allowed, rules("refused_by"), rules("cites"), rules("not_cites"),
                          areas, cards, spec.losers, written, base, spec.gigs, awaiting,
                          spec.winner, spec.tie)
