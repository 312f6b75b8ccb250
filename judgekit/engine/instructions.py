"""The basic instructions an effect carries out (2.3, 10.2), each one a game action of CR 11, registered by name
with the effect interpreter (`interpreter.py`); instructions of other rules concepts live in their modules.

Card references in an instruction: `this` (the effect's source, or the Unit reading a Gear's
bottom textbox), `target`, `target2`, ... (the effect's chosen targets), or a card's label.
"""
from __future__ import annotations

from judgekit.engine import (areas, conditions, defeating, effects, gained_power, gear, lasting_changes, legends,
                             persistent, requirement_words, requirements, winning)
from judgekit.engine.context import Context
from judgekit.engine.feasibility import Impossible, possible_when
from judgekit.engine.state import TURNED_AREAS, Modifier, legend_as_unit
from judgekit.engine.interpreter import instruction, run
from judgekit.engine.trace import Refusal



def _ref(ref: str, refs: dict[str, str]) -> str:
    return refs.get(ref, ref)


def draw(ctx: Context, player: str, count: int, *cites: str) -> None:
    """11.5: draw cards one at a time; the first card that can't be drawn loses the game (1.14, 1.14.1)."""
    for drawn in range(count):
        deck = ctx.state.players[player].deck
        if not deck:
            partly = f" (after drawing {drawn} of {count})" if drawn else ""
            winning.lose(ctx, [player], f"{player} must draw from an empty deck{partly} and loses the game at once.",
                         "draw", "draw.definition", "deck-area.draw", "lose.empty-deck",
                         *(("lose.first-card-not-drawn", "draw.more-than-deck", "draw.one-at-a-time")
                           if count > 1 else ()), *cites, empty_deck=player)
        effects.handle_events(ctx, areas.move(ctx, deck[0], "hand", ("draw",), how="is drawn"))


@instruction("draw")
def _draw(ctx, source, controller, count, refs) -> bool:
    if isinstance(count, dict):
        count = count.get("count", 1) * conditions.per_count(ctx, source, controller, count["per"], refs)
        if not count:
            return True
    draw(ctx, controller, int(count))
    return True


@instruction("move", does="move it", places=True)
def _move(ctx, source, controller, arg, refs) -> bool:
    """Move a card, or each card of a group an earlier part named ("add them to your hand"), one at a time; the
    interpreter has left out those out of the effect's reach. False when the group is empty (nothing was revealed)."""
    labels = [label for label in _ref(arg["card"], refs).split("|") if label]
    for label in labels:
        effects.handle_events(ctx, areas.move(ctx, label, arg["to"], (), how="is moved by the effect"))
    return bool(labels)


@instruction("defeat", does="defeat it")
def _defeat(ctx, source, controller, arg, refs) -> bool:
    """An effect's "defeat X": an X no longer in play (defeated already, say) leaves that part undone (10.6.2)."""
    label = _ref(arg, refs)
    if ctx.state.in_play(label):
        return defeating.defeat(ctx, label)
    ctx.rec.add("check", f"{ctx.name(label)} is no longer in play, so that part of the effect does nothing.",
                "effects.invalid-part-ignored", "golden.as-much-as-possible", player=controller, cards=(label,))
    return False


@instruction("bottom_deck", does="bottom-deck it", places=True)
def _bottom_deck(ctx, source, controller, arg, refs) -> bool:
    """Bottom-deck the cards named (11.15), all in the effect's reach (the interpreter checks: The Relic on a Legend,
    which its defeat removed, 4.4.1, stays removed, 5.13.2.2, and that part does nothing)."""
    labels = [_ref(a, refs) for a in (arg if isinstance(arg, list) else [arg])]
    effects.handle_events(ctx, areas.bottom_deck(ctx, labels, ("bottom-deck",)))
    return True


def _turned(ctx, label: str, controller: str) -> bool:
    """Whether the card is where cards are spent and readied (3.6-3.8), or a Gear on its host; one that has left
    (returned to the hand before the effect resolved) is neither, and that part of the effect does nothing (10.6.2)."""
    if ctx.state.locate(label)[1] in TURNED_AREAS + ("equipped",):
        return True
    ctx.rec.add("check", f"{ctx.name(label)} is no longer in play, so that part of the effect does nothing.",
                "effects.invalid-part-ignored", "golden.as-much-as-possible", player=controller, cards=(label,))
    return False


@instruction("spend", does="spend it")
def _spend(ctx, source, controller, arg, refs) -> bool:
    if not _turned(ctx, _ref(arg, refs), controller):
        return False
    card = ctx.state.cards[_ref(arg, refs)]
    if card.spent:
        ctx.rec.add("check", f"{ctx.name(card.label)} is already spent; only a ready card can be spent, so it is not "
                             "spent again and nothing that triggers on its being spent triggers.", "orientation.spend", "effects.invalid-part-ignored",
                    "golden.as-much-as-possible", cards=(card.label,))
        return False
    ctx.state.change(card.label, spent=True)
    ctx.rec.add("spend", f"{ctx.name(card.label)} is spent.", "orientation.spend", cards=(card.label,))
    effects.spent(ctx, card.label)
    return True


@possible_when("spend", narrows_choices=False)
def _can_spend(ctx, source, controller, arg, refs):
    """Only a ready card where cards are spent can be spent (3.6, 3.7): an already spent one makes "spend it"
    impossible (a replacement offering it is not offered, 10.27)."""
    label = _ref(arg, refs)
    if label not in ctx.state.cards or ctx.state.locate(label)[1] not in TURNED_AREAS + ("equipped",):
        return None
    if ctx.state.cards[label].spent:
        return Impossible(f"{ctx.name(label)} is already spent", ("orientation.spend", "effects.invalid-part-ignored"))
    return None


@possible_when("ready", narrows_choices=False)
def _can_ready(ctx, source, controller, arg, refs):
    """Only a spent card can be readied (3.8), and not one an effect says can't ready (2.6)."""
    label = _ref(arg, refs)
    if label not in ctx.state.cards or ctx.state.locate(label)[1] not in TURNED_AREAS + ("equipped",):
        return None
    if not ctx.state.cards[label].spent:
        return Impossible(f"{ctx.name(label)} is already ready", ("orientation.ready-a-card",
                                                                  "effects.invalid-part-ignored"))
    forbidden = persistent.forbidders(ctx, label, "ready")
    if forbidden:
        return Impossible(f"{ctx.name(label)} can't ready ({'; '.join(forbidden)})", ("golden.cant-beats-can",))
    return None


@instruction("ready", does="ready it")
def _ready(ctx, source, controller, arg, refs) -> bool:
    label = _ref(arg, refs)
    if not _turned(ctx, label, controller):
        return False
    if not ctx.state.cards[label].spent:
        ctx.rec.add("check", f"{ctx.name(label)} is already ready; only a spent card can be readied, so it is not "
                             "readied.", "orientation.ready-a-card", "effects.invalid-part-ignored",
                    "golden.as-much-as-possible", cards=(label,))
        return False
    forbidden = persistent.forbidders(ctx, label, "ready")
    if forbidden:
        ctx.rec.add("check", f"{ctx.name(label)} can't ready ({'; '.join(forbidden)}), so it stays spent: "
                             "an effect that forbids beats one that allows.", "golden.cant-beats-can",
                    "effects.invalid-part-ignored", cards=(label,))
        return False
    ctx.state.change(label, spent=False)
    ctx.rec.add("ready", f"{ctx.name(label)} is readied.", "orientation.ready-a-card", cards=(label,))
    return True


@instruction("give", does="give it what the card says")
def _give(ctx, source, controller, arg, refs) -> bool:
    label = _ref(arg["card"], refs)
    if not ctx.state.in_play(label):
        ctx.rec.add("check", f"{ctx.name(label)} is no longer in play, so that part of the effect does nothing.",
                    "effects.invalid-part-ignored", "golden.as-much-as-possible", cards=(label,))
        return False
    power = arg.get("power", 0) * (conditions.per_count(ctx, source, controller, arg["per"], {**refs, "this": label})
                                   if arg.get("per") == "its-gear" else
                                   conditions.per_count(ctx, source, controller, arg["per"], refs) if arg.get("per") else 1)
    if arg.get("power_equal_to"):
        power = gained_power.amount(ctx, source, controller, arg["power_equal_to"], refs)
        power = -power if arg.get("loses") else power
    return lasting_changes.give(ctx, Modifier(card=label, source_name=ctx.name(source), controller=controller,
                                         power=power, keywords=tuple(arg.get("keywords", ())),
                                         cant=tuple(arg.get("cant", ())), can=tuple(arg.get("can", ())),
                                         steals=arg.get("steals", 0), while_fighting=bool(arg.get("while_fighting")),
                                         go_solo_costs_less=arg.get("go_solo_costs_less", 0),
                                         until=arg.get("until", "end-of-turn")))


@instruction("trash")
def _trash(ctx, source, controller, count, refs) -> bool:
    """11.7.2: reveal the top card and put it in the trash, one card at a time. The cards are remembered as
    `trashed`, for "add a ... from among them" (`among_trashed` targets)."""
    trashed = []
    for done in range(int(count)):
        deck = ctx.state.players[controller].deck
        if not deck:
            done_words = (f" after trashing {done}, so the rest can't be done" if done
                          else ", so there is nothing to trash")
            ctx.rec.add("check", f"{controller}'s deck is empty{done_words}; "
                                 "unlike drawing, this does not lose the game.", "trash.trash-x",
                        "golden.as-much-as-possible", "effects.resolve-max", player=controller, empty_deck=controller)
            break
        trashed.append(deck[0])
        effects.handle_events(ctx, areas.move(ctx, deck[0], "trash", ("trash.instruction", "trash.trash-x",
                                                                      "trash.one-at-a-time"),
                                              how="is revealed and trashed"))
    refs["trashed"] = "|".join(trashed)
    return len(trashed) == int(count)


@instruction("flip", does="flip it")
def _flip(ctx, source, controller, arg, refs) -> bool:
    """11.10: turn a card over. Flipping a Legend face-up is not a Call: no [CALL], not the once-per-turn Call."""
    label = _ref(arg, refs)
    card = ctx.state.change(label, face_up=not ctx.state.cards[label].face_up)
    legend = card.definition.is_type("Legend") and card.face_up
    ctx.rec.add("flip", f"{ctx.name(card.label)} is flipped {'face-up' if card.face_up else 'face-down'}"
                + ("; this is not Calling it, so its [CALL] effects do not trigger and it is not the turn's Call."
                   if legend else "."), "flip", "flip.definition", *(("keyword.call.definition",) if legend else ()),
                cards=(card.label,))
    return True


@instruction("reveal", does="reveal it")
def _reveal(ctx, source, controller, arg, refs) -> bool:
    label = _ref(arg, refs)
    ctx.rec.add("reveal", f"{controller} reveals {ctx.name(label)}; it stays in the "
                          f"{areas.AREA_TITLES[ctx.state.locate(label)[1]]}.", "reveal.definition",
                "reveal.stays-in-area", "reveal.face-up-readable", player=controller, cards=(label,))
    return True


@possible_when("move_gear")
def _can_move_gear(ctx, source, controller, arg, refs):
    """A Gear is moved only while equipped, to a host it may have (4.10.1: not a face-down Legend)."""
    label, host = _ref(arg["gear"], refs), _ref(arg["to"], refs)
    if label not in ctx.state.cards or host not in ctx.state.cards:
        return None
    try:
        gear.check_move(ctx, label, host)
    except Refusal as refusal:
        return Impossible(refusal.text, refusal.cites)
    return None


@instruction("move_gear", does="move the Gear", places=True)
def _move_gear(ctx, source, controller, arg, refs) -> bool:
    """11.6.6: unequip the Gear and equip it to another valid host (4.10.1). A Gear no longer equipped, or a host it
    can't have (a face-down Legend), makes only this part do nothing (10.6.2, 2.4)."""
    label, host = _ref(arg["gear"], refs), _ref(arg["to"], refs)
    try:
        gear.check_move(ctx, label, host)
    except Refusal as refusal:
        ctx.rec.add("check", f"{ctx.name(source)}'s effect would move {ctx.name(label)} to {ctx.name(host)}, but it "
                             f"can't: {refusal.text} That part of the effect does nothing; the rest still resolves.",
                    *refusal.cites, "effects.invalid-part-ignored", "golden.as-much-as-possible",
                    player=controller, cards=(label, host))
        return False
    gear.equip(ctx, label, host)
    ctx.rec.add("equip", f"{ctx.name(label)} was moved to {ctx.name(host)}; moving Gear is not playing it.",
                "equip.move", cards=(label, host))
    return True


@instruction("end_attack")
def _end_attack(ctx, source, controller, arg, refs) -> bool:
    """9.26.4: an effect ends the attack; the effect itself still finishes resolving (9.27.2)."""
    if ctx.state.attack is None:
        ctx.rec.add("check", "No attack is in progress, so there is none to end.", "effects.invalid-part-ignored")
        return False
    attacker, target, _ = ctx.state.attack
    ctx.state.attack = (attacker, target, "ended")
    ctx.rec.add("attack", f"{ctx.name(source)}'s effect ends the attack; the effect finishes resolving first.",
                "attack-end.by-effect", "attack-end.finish-resolving", player=controller)
    return True


@possible_when("call_free")
def _can_call_free(ctx, source, controller, arg, refs):
    """A free Call is still a Call: once per turn, a face-down friendly Legend (11.8.4.1)."""
    refusal = legends.call_refusal(ctx, controller, _ref(arg, refs), by_effect=True)
    return None if refusal is None else Impossible(refusal.text, (*refusal.cites, "pay.for-free-other-conditions"))


@instruction("call_free", does="Call it for free")
def _call_free(ctx, source, controller, arg, refs) -> bool:
    """Call a Legend for free (11.8.4): the once-per-turn limit still holds; if it can't be done, only that
    part of the effect does nothing (10.6.2)."""
    label = _ref(arg, refs)
    try:
        legends.call_a_legend(ctx, controller, label, None, by_effect=True)
    except Refusal as refusal:
        ctx.rec.add("check", f"{ctx.name(source)}'s effect would Call {ctx.name(label)} for free, but it can't: "
                             f"{refusal.text} That part of the effect does nothing; the rest still resolves.",
                    *refusal.cites, "pay.for-free-other-conditions", "effects.invalid-part-ignored",
                    "golden.as-much-as-possible",
                    player=controller, cards=(label,))
        return False
    return True


@instruction("for_each", does="act on it")
def _for_each(ctx, source, controller, arg, refs) -> bool:
    """"... all ...": the instructions once for each card that meets the requirement now (no choice is made);
    inside, `target` is that card."""
    need = arg["filter"]
    matching = requirements.all_fitting(ctx, need, controller, refs.get("this", source))
    _every(ctx, source, controller, need, matching, "applies to", refs)
    with defeating.together(ctx, "effects.resolve"), areas.together_into_decks(ctx):  # "defeat all ...": one event,
        for label in matching:  # whatever the order listed; "put all ... on top of the deck": their owners order them
            run(ctx, source, controller, tuple(arg["do"]), {**refs, "target": label})
    return bool(matching)


def _every(ctx, source, controller, need, matching, does: str, refs) -> None:
    """The step naming every card an "all ..." instruction acts on, with the rules by which they meet its
    requirement (a Legend as a Unit, a Tag only its Gear has, a power below 0 read as 0)."""
    words, numbers = requirements.numbers_read(ctx, need, matching)
    ctx.rec.add("check", f"{ctx.name(source)}'s effect {does} every {requirement_words.describe(need)}: "
                         f"{', '.join(ctx.name(c) for c in matching) or 'there is none'}{words}.",
                "effects.resolve", *(() if matching else ("golden.as-much-as-possible",)),
                *legend_as_unit(ctx.state, matching, need.get("kind", "card")),
                *requirements.tag_rules(ctx, need, controller, refs.get("this", source)), *numbers,
                player=controller, cards=tuple(matching))


@instruction("bottom_deck_all")
def _bottom_deck_all(ctx, source, controller, need, refs) -> bool:
    """Bottom-deck every card that meets the requirement, all at the same time (randomised together, 11.15)."""
    matching = requirements.all_fitting(ctx, need, controller, refs.get("this", source))
    if not matching:
        ctx.rec.add("check", f"There is no {requirement_words.describe(need)} to bottom-deck.", "golden.as-much-as-possible",
                    player=controller)
        return False
    if requirements.numbers_read(ctx, need, matching)[1]:
        _every(ctx, source, controller, need, matching, "bottom-decks", refs)
    effects.handle_events(ctx, areas.bottom_deck(ctx, matching, ("bottom-deck",)))
    return True


@instruction("each_draws")
def _each_draws(ctx, source, controller, count, refs) -> bool:
    """10.2.2: both players draw, the turn player first; a loss ends the game at once, before the Rival draws."""
    first = ctx.state.turn
    for player in (first, ctx.state.rival_of(first)):
        ctx.rec.add("check", f"{player} draws {count} ({'the turn player goes first' if player == first else 'then the Rival'}).",
                    "effects.both-players-turn-player-first", "golden.simultaneous-turn-player-first", player=player)
        draw(ctx, player, int(count))
    return True


@instruction("win")
def _win(ctx, source, controller, arg, refs) -> bool:
    winning.win(ctx, [controller], f"{ctx.name(source)}'s effect: {controller} wins the game, and "
                                   f"{ctx.state.rival_of(controller)} loses.", "win.alternate")


@instruction("lose")
def _lose(ctx, source, controller, arg, refs) -> bool:
    rival = ctx.state.rival_of(controller)
    players = {"you": [controller], "rival": [rival], "each": [ctx.state.turn, ctx.state.rival_of(ctx.state.turn)]}[arg]
    winning.lose(ctx, players, f"{ctx.name(source)}'s effect: {' and '.join(players)} lose"
                               f"{'s' if len(players) == 1 else ''} the game.", "lose.alternate")


