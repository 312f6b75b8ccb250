"""Moving cards between areas (CR 5), with what moving means for Legends and Gear (4.4, 4.12)."""
from __future__ import annotations

from contextlib import contextmanager

from judgekit.engine import last_known, leaving_play
from judgekit.echo import shown
from judgekit.engine.context import Context
from judgekit.engine.state import HIDDEN_AREAS, IN_PLAY_AREAS
from judgekit.engine.trace import AwaitChoice, ScenarioMismatch

DESTINATIONS = ("hand", "trash", "deck-top", "deck-bottom", "removed", "eddies", "field", "legends")
AREA_TITLES = {
    "hand": "hand", "deck": "deck", "deck-top": "top of the deck", "deck-bottom": "bottom of the deck",
    "field": "field", "legends": "Legends area", "eddies": "Eddies area", "trash": "trash",
    "removed": "removed-from-game pile", "resolving": "outside every area", "equipped": "equipped",
}


def owned_area(player: str, area: str) -> str:
    """A player's area in words: `alice's hand`, and for a deck's end `the top of alice's deck`."""
    if area in ("deck-top", "deck-bottom"):
        return f"the {AREA_TITLES[area].removesuffix(' of the deck')} of {player}'s deck"
    return f"{player}'s {AREA_TITLES[area]}"


_AREA_RULE = {
    "hand": "hand", "deck-top": "deck-area", "deck-bottom": "bottom-deck", "trash": "trash-area",
    "removed": "removed-from-game", "eddies": "eddies-area", "field": "field-area", "legends": "legends-area",
}
# Why a card another player controlled goes to its owner's area (1.7.3 with the rule naming that area's owner):
# a defeat (9.19.1.1), a deck (11.12.1.2, said for the bottom), the removed pile (5.13.2.1); a hand or a trash
# only by 1.7.2, under which no one but the owner holds a card outside the areas a player controls.
_OWNERS_AREA = {
    "defeat": ("a defeated Unit goes to its owner's trash", "fight.defeated-to-trash"),
    "trash": ("no one controls a card in a trash", "control.controller"),
    "hand": ("no one controls a card in a hand", "control.controller"),
    "deck-top": ("a card put into a deck goes into its owner's, as the rules say for the bottom", "bottom-deck.owner"),
    "deck-bottom": ("a card is bottom-decked only by its owner, into their own deck", "bottom-deck.owner"),
    "removed": ("each player keeps the removed cards they own", "removed-from-game.pile"),
}


def take_out(ctx: Context, label: str) -> tuple[str, str]:
    """Remove a card from wherever it is; returns (player, area) it was in."""
    state = ctx.state
    last_known.remember(state, label)
    player, area = state.locate(label)
    card = state.change(label, looked_at_by=())  # it leaves the area it was looked at in (11.13.3)
    if area == "resolving":
        state.resolving.remove(label)
    elif area == "equipped":
        host = state.cards[card.equipped_to]
        state.change(host.label, gear=tuple(g for g in host.gear if g != label))
        state.change(label, equipped_to=None)
    else:
        state.players[player].area(area).remove(label)
    return player, area


def arrive(ctx: Context, label: str, dest: str, player: str) -> None:
    """Put a card into an area of `player`, resetting what the area resets (5.3.2.2)."""
    state = ctx.state
    areas = state.players[player]
    if ctx.into_decks is not None and dest in ("deck-top", "deck-bottom"):  # one of several going there together
        ctx.into_decks.setdefault((player, dest), []).append(label)
    if dest == "deck-top":
        areas.deck.insert(0, label)
    elif dest == "deck-bottom":
        areas.deck.append(label)
    elif dest == "trash":
        areas.trash.insert(0, label)  # placed on top of the pile (5.9.4)
    else:
        areas.area(dest).append(label)
    state.arrivals += 1
    state.arrived_at[label] = state.arrivals
    area = "deck" if dest.startswith("deck") else dest
    if area not in IN_PLAY_AREAS:
        state.change(label, lag=False, spent=False, face_up=area not in ("deck", "eddies"))
    if area in HIDDEN_AREAS or area == "eddies":
        state.change(label, face_up=area == "hand")
    if area in HIDDEN_AREAS:
        state.hidden_at[label] = (state.arrivals, area)
        leaving_play.passes_through_hidden(state, label)


def legend_valid_in(area: str) -> bool:
    """4.4: a Legend is valid only in the Legends area and the field."""
    return area in IN_PLAY_AREAS


def _lapsing(ctx: Context, label: str) -> list:
    """`persistent.lapsing` for a card about to move out of play (10.22.3); nothing for a card not in play or
    with no persistent effect on other cards (checked first: most cards have none)."""
    state = ctx.state
    if not any(effect.kind == "persistent" and effect.affects != "this" for own in (label, *state.cards[label].gear)
               for text in ("effects", "top_effects", "bottom_effects")
               for effect in getattr(state.cards[own].definition, text)) or \
            not state.in_play(label):
        return []
    from judgekit.engine import persistent  # persistent -> gear -> areas: imported on use, not at import time
    return persistent.lapsing(ctx.state, label)


def to_owner(ctx: Context, label: str, from_player: str, from_area: str, dest: str, defeat: bool = False) -> None:
    """The one place that says why a card another player controlled goes to its owner's `dest` (the player who
    brought it, 1.7.1, for good, 1.7.3, and the rule of `_OWNERS_AREA`); nothing when it comes from its owner's side
    or from outside every area."""
    owner = ctx.state.cards[label].owner
    if owner == from_player or from_area == "resolving" or dest not in _OWNERS_AREA:
        return
    why, rule = _OWNERS_AREA["defeat" if defeat and dest == "trash" else dest]
    area = AREA_TITLES["deck" if dest.startswith("deck") else dest]
    ctx.rec.add("move", f"{ctx.name(label)} is {owner}'s card, though {from_player} controlled it: it goes to "
                        f"{owner}'s {area}, since a card never changes owner and {why}.",
                rule, "control.owner", "control.owner-never-changes", player=owner, cards=(label,))


def move(ctx: Context, label: str, dest: str, cites: tuple[str, ...], how: str = "moves", *,
         to: str | None = None, defeat: bool = False) -> list[tuple]:
    """Move a card (and its Gear) to `dest` of its owner, or of `to` where a rule names whose area it enters (a
    sale: the seller's Eddies area, 5.8.2); returns the 'enters' events (`entered`). `defeat`: it goes as a defeated
    card.

    A Legend that lands in an invalid area is then removed from the game (4.4.1); effects it
    triggered by entering are returned as events and resolve after the removal (4.4.2).
    """
    state = ctx.state
    card = state.cards[label]
    if dest == "deck-bottom" and card.gear and state.locate(label)[1] in IN_PLAY_AREAS:
        return bottom_deck(ctx, [label], cites)  # the host and its Gear together, in random order (4.12.3)
    host = card.equipped_to
    lapsing = _lapsing(ctx, label)
    face_up = {c: state.cards[c].face_up for c in (label, *card.gear)}
    from_player, from_area = take_out(ctx, label)
    gear = list(card.gear) if from_area in IN_PLAY_AREAS else []
    origin = f"being equipped to {ctx.name(host)}" if from_area == "equipped" else \
        AREA_TITLES[from_area] if from_area == "resolving" else owned_area(from_player, from_area)
    dest_area = "deck" if dest.startswith("deck") else dest
    keeps_gear = from_area in IN_PLAY_AREAS and dest_area in IN_PLAY_AREAS
    whose = to or card.owner
    arrive(ctx, label, dest, whose)
    ctx.rec.add("move", f"{ctx.name(label)} {how} from {origin} to {owned_area(whose, dest)}.",
                *cites, _AREA_RULE[dest], *(("removed-from-game.no-return",) if from_area == "removed" else ()),
                player=whose, cards=(label,))
    if to is None:
        to_owner(ctx, label, from_player, from_area, dest, defeat)
    if from_area in (*IN_PLAY_AREAS, "equipped") and dest_area not in IN_PLAY_AREAS:
        leaving_play.left(ctx, label, dest_area)
    elif dest_area in IN_PLAY_AREAS and from_area not in IN_PLAY_AREAS:
        leaving_play.back(ctx, label)
    if dest_area not in IN_PLAY_AREAS:
        for source, effect, units in lapsing:
            ctx.rec.add("check", f"{ctx.name(source)}'s effect ({effect.text or 'persistent'}) no longer applies to "
                                 f"{', '.join(ctx.name(u) for u in units)}: its source has left "
                                 f"{'its host' if from_area == 'equipped' else 'the ' + AREA_TITLES[from_area]}, "
                                 "where that effect works.",
                        "persistent-effects.source-area", player=card.owner, cards=(source, *units))
    if from_area == "field":
        _attack_ends_if_left(ctx, (label,))
    events: list[tuple] = [entered(label, dest_area, from_area, face_up[label])]
    if gear and keeps_gear:
        ctx.rec.add("equip", f"Its Gear stays equipped: {', '.join(ctx.name(g) for g in gear)}.",
                    "gear.moves-with-host", "equip.stays-equipped", cards=tuple(gear))
    elif gear:
        state.change(label, gear=())
        for g in gear:
            state.change(g, equipped_to=None)
            arrive(ctx, g, dest, to or state.cards[g].owner)
            events.append(entered(g, dest_area, "equipped", face_up[g]))
        elsewhere = to is None and any(state.cards[g].owner != card.owner for g in gear)
        ctx.rec.add("move", "Its Gear goes with it and is no longer equipped there: "
                    f"{_gear_goes(ctx, card, gear, dest) if elsewhere else ', '.join(ctx.name(g) for g in gear)}.",
                    "gear.moves-with-host", "gear.unequipped-outside-play", "equip.stays-equipped",
                    *(("control.owner-never-changes",) if elsewhere else ()),
                    cards=tuple(gear))
        for g in gear:
            leaving_play.left(ctx, g, dest_area)
        # a Legend among them is removed at once (4.4.1): only the cards that stay are ordered
        staying = [c for c in (label, *gear)
                   if legend_valid_in(dest_area) or not state.cards[c].definition.is_type("Legend")]
        if dest == "deck-top" and ctx.into_decks is None:
            for owner in dict.fromkeys(state.cards[c].owner for c in staying):
                _top_of_deck_order(ctx, owner, [c for c in staying if state.cards[c].owner == owner])
        together = [c for c in staying if state.cards[c].owner == card.owner]  # the rest went to another trash
        if dest == "trash" and len(together) > 1:
            ctx.rec.add("choice", "Several cards entered the trash at once; their owner may order them. judgekit put "
                        + ("the host first and its Gear above it, in equip order." if label in together else
                           "the Gear in equip order, each above the one before."),
                        "trash-area.simultaneous-order", cards=tuple(together))
    go_solo = from_area == "field" and dest_area != "removed" and "GO SOLO" in last_known.of(state, label).keywords \
        and state.happened_this_turn("went-solo", label=label)  # known only for a Legend played with it this turn
    if card.definition.is_type("Legend") and dest_area != "removed" and (go_solo or not legend_valid_in(dest_area)):
        events.append(("invalid-legend", label, dest_area, tuple(gear), go_solo))
    return events


@contextmanager
def together_into_decks(ctx: Context):
    """The cards put on top of a deck, or on its bottom, inside go there together (an "all ..." instruction): once
    all are there, each owner orders the ones on top (`_top_of_deck_order`) and the ones on the bottom are
    randomised together (11.12.1.3), rather than the order the instruction listed them deciding the next draws.
    Nested, the cards join the group under way."""
    if ctx.into_decks is not None:
        yield
        return
    ctx.into_decks = {}
    try:
        yield
        gathered = ctx.into_decks
    finally:
        ctx.into_decks = None
    for (owner, end), cards in gathered.items():
        deck = ctx.state.players[owner].deck
        there = [c for c in dict.fromkeys(cards) if c in deck]  # a Legend removed on arrival (4.4.1) is not there
        if end == "deck-top":
            _top_of_deck_order(ctx, owner, there)
        elif len(there) > 1:
            order = list(there)
            ctx.rng.shuffle(order)
            deck[:] = [c for c in deck if c not in there] + order
            ctx.rec.add("random", f"The cards bottom-decked to {owner}'s deck together are randomised together: "
                        f"{', '.join(ctx.name(c) for c in order)} (last is the bottom card).",
                        "bottom-deck.definition", "bottom-deck.randomize-together", player=owner, cards=tuple(order),
                        random=f"order drawn from seed {ctx.seed}")


def _top_of_deck_order(ctx: Context, owner: str, cards: list[str]) -> None:
    """Cards put on top of `owner`'s deck together (a Unit with its Gear, 4.12): no rule orders them, so their owner
    chooses, one at a time from the top (scripted with `order:`, the last card too if liked; else the ruling
    waits), as the rules let the owner
    order cards entering the trash together (5.9.4.1) and a bottom-deck "in any order" (11.12.2); only a bottom-deck
    is random (4.12.3). The order decides the next draws (11.5)."""
    if len(cards) < 2:
        return
    deck = ctx.state.players[owner].deck
    left = list(cards)
    chosen: list[str] = []
    rules = ("gear.moves-with-host", "trash-area.simultaneous-order", "bottom-deck.any-order",
             "gear.bottom-deck-with-host")
    while len(left) > 1:
        if not ctx.script.order:
            raise AwaitChoice(f"{owner} puts {', '.join(ctx.name(c) for c in left)} on top of their deck together and "
                              "chooses their order (no rule orders them). The ruling waits here; script `order:` with "
                              "the cards, top first.", owner, rules, options=tuple(left), can_decline=False,
                              choice=("order",))
        wanted = ctx.script.order[0]
        if wanted not in left:
            raise ScenarioMismatch(f"`order` says {shown(wanted)} goes next on top of {owner}'s deck, but the cards "
                                   f"going there now are {', '.join(left)}", None, "order")
        chosen.append(ctx.script.order.pop(0))
        left.remove(wanted)
    if ctx.script.order and ctx.script.order[0] == left[0]:  # a script may name the last card too
        ctx.script.order.pop(0)
    chosen += left
    deck[:] = chosen + [c for c in deck if c not in cards]
    ctx.rec.add("choice", f"{owner} chooses the order of the cards going on top of their deck together: "
                          f"{', '.join(ctx.name(c) for c in chosen)} (the first is the top card). No rule orders them, "
                          "so their owner does, as for cards entering the trash together or a bottom-deck \"in any "
                          "order\"; only a bottom-deck is random.", *rules, player=owner, cards=tuple(chosen))


def _gear_goes(ctx: Context, host, gear: list[str], dest: str) -> str:
    """The Gear moving with `host` out of play, each named with where it lands: its own owner's area, said outright
    when that owner is not the host's (4.12 does not say whose area then; judgekit keeps each card its owner's,
    1.7.3)."""
    return "; ".join(f"{ctx.name(g)} to {owned_area(ctx.state.cards[g].owner, dest)}" +
                     ("" if ctx.state.cards[g].owner == host.owner else ", its own owner's, not its host's owner's")
                     for g in gear)


def entered(label: str, area: str, came_from: str, face_up: bool) -> tuple:
    """The event of a card entering `area`, with where it lay face-down as the move began (a Legend, an Eddie; None
    when it was face up): its text was ignored there (3.4.1), which `effects` says when it arrives face up. A deck
    card going to a public pile is shown face up on the way (11.7.2, 11.14.3), so it is not one."""
    return "enters", label, area, None if face_up or came_from in HIDDEN_AREAS else came_from


def remove_invalid_legend(ctx: Context, label: str, area: str, gear: tuple[str, ...],
                          go_solo: bool = False, face_down_in: str | None = None) -> list[tuple]:
    """4.4.1: a Legend in an invalid area is removed from the game; its Gear stays (4.12.2). Returns its 'enters'
    event, as `move` does: removed by a rule, it arrives in the removed pile as it would by an effect.

    `go_solo`: it left the field having [GO SOLO], which removes it wherever it went (11.25.1). `face_down_in`: where
    it lay face-down as the move that put it in the invalid area began (`entered`).
    """
    card = ctx.state.cards[label]
    take_out(ctx, label)
    arrive(ctx, label, "removed", card.owner)
    invalid = not legend_valid_in(area)
    why = (f"is a Legend in an invalid area ({AREA_TITLES[area]})" if invalid else "") + \
        (" and " if invalid and go_solo else "") + ("left the field with [GO SOLO]" if go_solo else "")
    ctx.rec.add("remove", f"{ctx.name(label)} {why}, so it is removed from the game.",
                *(("legends.valid-areas", "legends.invalid-area-removed") if invalid else ()),
                *(("keyword.go-solo.definition",) if go_solo else ()),
                "removed-from-game", "removed-from-game.pile", player=card.owner, cards=(label,))
    if gear:
        ctx.rec.add("move", f"Its former Gear stays in the {AREA_TITLES[area]}: "
                    f"{', '.join(ctx.name(g) for g in gear)}.", "gear.stays-when-legend-removed", cards=gear)
    return [entered(label, "removed", face_down_in or area, face_down_in is None)]


def bottom_deck(ctx: Context, labels: list[str], cites: tuple[str, ...]) -> list[tuple]:
    """11.12: put cards on the bottom of their owners' decks, all randomised together (4.12.3).

    A card named again, or a Gear named beside its host (it already goes with it, 4.12), moves once.
    """
    state = ctx.state
    groups: dict[str, list[str]] = {}
    events: list[tuple] = []
    invalid: list[tuple] = []
    gear_of: dict[str, tuple[str, ...]] = {}
    moving: set[str] = set()
    face_up: dict[str, bool] = {}
    came_from: dict[str, str] = {}
    from_field: list[str] = []
    from_play: list[str] = []
    for label in labels:
        if label in moving:
            carried_by = next((host for host, gear in gear_of.items() if label in gear), None)
            if carried_by is not None:
                ctx.rec.add("check", f"{ctx.name(label)} is already going to the deck with {ctx.name(carried_by)}, "
                            "whose Gear it is; it is bottom-decked once.", "gear.moves-with-host",
                            "gear.bottom-deck-with-host", cards=(label, carried_by))
            continue
        card = state.cards[label]
        face_up[label] = card.face_up
        from_player, from_area = take_out(ctx, label)
        came_from[label] = from_area
        if from_area == "field":
            from_field.append(label)
        gear = list(card.gear) if from_area in IN_PLAY_AREAS else []
        if from_area in (*IN_PLAY_AREAS, "equipped"):
            from_play.extend((label, *gear))
        gear_of[label] = tuple(gear)
        moving.update((label, *gear))
        state.change(label, gear=())
        for g in gear:
            state.change(g, equipped_to=None)
            groups.setdefault(state.cards[g].owner, []).append(g)
        groups.setdefault(card.owner, []).append(label)
        to_owner(ctx, label, from_player, from_area, "deck-bottom")
        if gear:
            ctx.rec.add("move", f"{ctx.name(label)} takes its Gear with it ({', '.join(ctx.name(g) for g in gear)}); "
                        "the Gear is no longer equipped in the deck.", "gear.moves-with-host",
                        "gear.unequipped-outside-play", "gear.bottom-deck-with-host", cards=(label, *gear))
    for owner, group in groups.items():
        order = list(group)
        ctx.rng.shuffle(order)
        for label in order:
            arrive(ctx, label, "deck-bottom", owner)
            events.append(entered(label, "deck", came_from.get(label, "equipped"), face_up.get(label, True)))
            card = state.cards[label]
            if card.definition.is_type("Legend"):
                invalid.append(("invalid-legend", label, "deck", gear_of.get(label, ())))
        if len(order) == 1 and ctx.into_decks is not None:  # others may join it: randomised once all are there
            ctx.rec.add("move", f"Bottom-decked to {owner}'s deck: {ctx.name(order[0])}, with any other cards the "
                        "same instruction bottom-decks, randomised together once all are there.", *cites,
                        "bottom-deck.definition", player=owner, cards=tuple(order))
            continue
        if len(order) == 1:  # one card has no order to draw: nothing random, and 11.12.1.3 is about several
            ctx.rec.add("move", f"Bottom-decked to {owner}'s deck: {ctx.name(order[0])}, the only card going there, "
                        "so there is no order to randomise.", *cites, "bottom-deck.definition",
                        player=owner, cards=tuple(order))
            continue
        ctx.rec.add("random", f"Bottom-decked to {owner}'s deck in random order, all together: "
                    f"{', '.join(ctx.name(c) for c in order)} (last is the bottom card).",
                    *cites, "bottom-deck.definition", "bottom-deck.randomize-together",
                    player=owner, cards=tuple(order), random=f"order drawn from seed {ctx.seed}")
    for label in from_play:
        leaving_play.left(ctx, label, "deck")
    _attack_ends_if_left(ctx, from_field)
    return events + invalid


def _attack_ends_if_left(ctx: Context, labels) -> None:
    """9.13: cards that left the field may end the attack in its React Step there and then (`ending_an_attack`)."""
    from judgekit.engine import ending_an_attack  # ending_an_attack -> golden_rules -> ... -> areas: on use
    ending_an_attack.left_field(ctx, labels)
