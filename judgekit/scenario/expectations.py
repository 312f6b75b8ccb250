"""An `expect` block (a scenario's own, or a contested ruling's) with names resolved to labels and rule ids."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judgekit.plural import counted

RULE_NUMBER = re.compile(r"\d+(\.\d+)*")  # a plain `expect.order` item that names a rule
GIG_OPTION = re.compile(r"(\w+:)?d\d+(=\d+)?")  # a Gig or die among an awaited choice's options: d6=3, bob:d6=3, d6


def _option(builder, written: str, path: tuple) -> str:
    """One of an awaited choice's options as the engine lists it: a Gig (`d6=3`, `bob:d6=3`, with its marks
    `d6=3 (stolen)` where equal dice differ, `gigs.marks`), else a card or pending effect (`order_ref`)."""
    from judgekit.engine.gigs import marks
    from judgekit.scenario.build_actions import gig_marks, order_ref
    gig, items = marks(written)
    if not GIG_OPTION.fullmatch(gig.replace(" ", "")):
        return order_ref(builder, written, path)
    return gig.replace(" ", "") + ("" if items is None else gig_marks(builder, items, written, path))


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
    order: list = field(default_factory=list)  # OrderItem-like mappings, cards as labels and rules as ids
    turn: str | None = None
    phase: str | None = None
    overtime: bool | None = None
    can: list = field(default_factory=list)  # engine Actions that must be allowed at the scenario's point
    cannot: list = field(default_factory=list)  # (engine Action, rule ids its refusal must cite)


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
        builder.problem(base + ("allowed",), f"gives {counted(len(spec.allowed), 'value')} for "
                                          f"{counted(len(builder.scenario.actions), 'action')}")
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
            awaiting.options = [_option(builder, o, base + ("awaiting", "options", j))
                                for j, o in enumerate(awaiting.options)]
    if spec.turn is not None:
        builder.player_ref(spec.turn, base + ("turn",))
    order = [_order_item(builder, item, base + ("order", j), edition, written) for j, item in enumerate(spec.order)]
    from judgekit.scenario.build_actions import build_action
    can = [build_action(builder, action, base + ("can", j)) for j, action in enumerate(spec.can)]
    cannot = []
    for j, entry in enumerate(spec.cannot):
        refused_by = []
        for k, w in enumerate(entry.refused_by):
            rule_id = builder.rule_ref(w, base + ("cannot", j, "refused_by", k), edition)
            written[rule_id] = str(w)
            refused_by.append(rule_id)
        cannot.append((build_action(builder, entry.action, base + ("cannot", j, "action")), refused_by))
    return ResolvedExpect(spec.allowed, rules("refused_by"), rules("cites"), rules("not_cites"),
                          areas, cards, spec.losers, written, base, spec.gigs, awaiting,
                          spec.winner, spec.tie, order, spec.turn, spec.phase, spec.overtime,
                          can, cannot)


def _order_item(builder, item, path: tuple, edition: str, written: dict) -> dict:
    """One `expect.order` item with its card (or `Card#N` effect), player and rule resolved."""
    from judgekit.scenario.build_actions import effect_ref
    if isinstance(item, str):
        resolved = {"cites" if RULE_NUMBER.fullmatch(item) else "resolves": item}
    else:
        resolved = {key: getattr(item, key) for key in ("step", "resolves", "triggers", "cites", "card", "player")
                    if getattr(item, key) is not None}
    for key in ("resolves", "triggers"):
        if key in resolved:
            resolved[key] = effect_ref(builder, resolved[key], path + (key,))
    if "card" in resolved:
        resolved["card"] = builder.ref(resolved["card"], path + ("card",))
    if "player" in resolved:
        builder.player_ref(resolved["player"], path + ("player",))
    if "cites" in resolved:
        rule_id = builder.rule_ref(resolved["cites"], path + ("cites",), edition)
        written[rule_id] = str(resolved["cites"])
        resolved["cites"] = rule_id
    return resolved
