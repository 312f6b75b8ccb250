"""Gear (4.9-4.12, 11.6 Equip): hosts, textboxes, and power a host gains."""
from __future__ import annotations

from judgekit.engine import areas, errata, leaving_play, persistent
from judgekit.engine.context import Context
from judgekit.engine.equipped import keywords_of, tags_of  # noqa: F401  (a Gear's host, 4.11.3)
from judgekit.engine.persistent import power_of  # noqa: F401  (a host's power with its Gear's, 3.17.3.1)
from judgekit.engine.state import IN_PLAY_AREAS, GameState
from judgekit.engine.trace import Refusal


def check_host(ctx: Context, player: str, gear: str, host: str | None) -> None:
    """4.10-4.10.2: a friendly Unit, or a friendly face-up Legend, in the field or Legends area."""
    state = ctx.state
    if host is None:
        hosts = [label for label in state.players[player].field + state.players[player].legends
                 if state.cards[label].face_up]
        raise Refusal(f"Playing {ctx.name(gear)} needs a host: name the friendly Unit or face-up Legend with `equip_to` "
                      f"({', '.join(hosts)})." if hosts else
                      f"{ctx.name(gear)} needs a host to be played, a friendly Unit or face-up Legend, and {player} has "
                      "none in play.", ("gear.play", "gear.default-hosts"))
    owner, area = state.locate(host)
    card = state.cards[host]
    if area not in IN_PLAY_AREAS:
        raise Refusal(f"{ctx.name(host)} is in the {areas.AREA_TITLES[area]}; Gear can be equipped only to a card "
                      "in the field or Legends area.", ("gear.host-area", "gear.play", "play.invalid"))
    if owner != player:
        gear_card = state.cards[gear].definition
        topic = "rival-unit-host" if state.is_a(host, "Unit") else "rival-legend-host"  # what an erratum may change
        decided = errata.summaries_deciding(gear_card, topic)
        raise Refusal(f"{ctx.name(host)} is a rival card ({owner} controls it); Gear is equipped only to a friendly "
                      "Unit or face-up Legend." + (f" {decided}" if decided else ""),
                      ("gear.default-hosts", "gear.play", "control.rival", "play.invalid",
                       *errata.cites_deciding(gear_card, topic)))
    if card.definition.is_type("Legend") and not card.face_up:
        raise Refusal(f"{ctx.name(host)} is a face-down Legend; Gear can be equipped to a Legend only while it is "
                      "face-up.", ("gear.default-hosts", "gear.play", "orientation.face-down-ignored", "play.invalid"))
    if not (card.definition.is_type("Unit") or card.definition.is_type("Legend")):
        raise Refusal(f"{ctx.name(host)} is neither a Unit nor a Legend, so it cannot carry Gear.",
                      ("gear.default-hosts", "gear.play", "play.invalid"))


def check_move(ctx: Context, gear: str, host: str) -> None:
    """11.6.6: only an equipped Gear is moved, and only to a host it may have (4.10.1); a refusal cites the host
    rules without those of playing a card, since moving Gear is not playing it."""
    if ctx.state.locate(gear)[1] != "equipped":
        raise Refusal(f"{ctx.name(gear)} is not equipped, so it can't be moved as Gear.", ("equip.move",))
    try:
        check_host(ctx, ctx.state.controller(gear), gear, host)
    except Refusal as refusal:
        raise Refusal(refusal.text, (*(c for c in refusal.cites if c not in ("gear.play", "play.invalid")),
                                     "equip.move")) from None


def equip(ctx: Context, gear: str, host: str) -> None:
    """11.6.1: the Gear is attached beneath its host (no limit per host, 4.10.3)."""
    state = ctx.state
    entering = not state.in_play(gear)
    areas.take_out(ctx, gear)
    card = state.change(gear, equipped_to=host, face_up=True, spent=False)
    if entering:
        leaving_play.back(ctx, gear)
    state.change(host, gear=state.cards[host].gear + (gear,))
    count = len(state.cards[host].gear)
    ctx.rec.add("equip", f"{ctx.name(gear)} is equipped to {ctx.name(host)} ({count} Gear on it now); "
                f"{ctx.name(host)} has {persistent.power_of(state, host)} power.", "gear.purpose", "gear.play", "gear.default-hosts",
                "gear.host-area", *(("card-types.legend-on-field-is-unit",) if _legend_in_field(state, host) else ()),
                "equip",
                "equip.definition", "equip.inherit-power", "power.gear-modifies-host",
                *(("gear.no-limit-per-host",) if count > 1 else ()), cards=(gear, host))
    definition = card.definition
    if definition.bottom_effects or definition.bottom_keywords:
        gained = ", ".join([f"[{k}]" for k in definition.bottom_keywords] + [e.text or e.trigger
                                                                           for e in definition.bottom_effects])
        ctx.rec.add("equip", f"{ctx.name(host)} now reads {ctx.name(gear)}'s bottom textbox as its own: {gained}.",
                    "gear.two-textboxes", "gear.bottom-textbox", "equip.inherit-bottom-text",
                    "textbox.gear-bottom-inherited", cards=(gear, host))
    if definition.top_effects:
        ctx.rec.add("equip", f"{ctx.name(gear)}'s top textbox stays with the Gear; {ctx.name(host)} does not gain it.",
                    "gear.two-textboxes", "gear.top-textbox-not-inherited", cards=(gear, host))
    if definition.tags:
        ctx.rec.add("equip", f"{ctx.name(host)} does not gain {ctx.name(gear)}'s Tags ({', '.join(definition.tags)}).",
                    "gear.no-inherited-characteristics", cards=(gear, host))


def _legend_in_field(state: GameState, label: str) -> bool:
    return state.cards[label].definition.is_type("Legend") and state.locate(label)[1] == "field"
