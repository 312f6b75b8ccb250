"""Power that counts only while a Unit fights: "has +N power while fighting rival Units this turn", "+N power
while fighting a Legend".

Such power applies from the start of the Fight Step (9.16.1) until the attack ends (9.29), to the attacker and the
defending Unit, and in every reading of their power there: the fight's comparison (9.17), its result (9.19.2),
what its triggered effects read (9.18) and a card's last-known power as it leaves in that step (10.10.1). It is
never there in a Steal Step, so it never changes how many Gigs a Unit steals.
"""
from __future__ import annotations

from judgekit.engine import persistent


def fighting_now(state, label: str) -> bool:
    """Whether `label` is the attacker or the defending Unit of an attack whose Fight Step has begun (9.16, 9.16.1)
    and is not over: an attack an effect ended there is over only once what is pending then has resolved (9.29)."""
    return state.attack is not None and state.attack_fought and label in state.attack[:2]


def changes(state, label: str) -> list[tuple[int, object]]:
    """(amount, whose) of each power change `label` has only while fighting, now that it fights (none otherwise):
    whose is the lasting change (a Modifier) or the card whose printed effect gives it, as `persistent` counts."""
    return [(amount, whose) for amount, whose, _, _ in _found(state, label)]


def bonus(state, label: str) -> tuple[int, list[str], tuple[str, ...]]:
    """The power `label` has now only because it fights, the effects that give it, in words, and the rules that
    make the Unit it fights count as the type an effect names (a Legend in the field is also a Unit, 4.2.1)."""
    found = _found(state, label)
    return sum(amount for amount, _, _, _ in found), [words for _, _, words, _ in found], \
        tuple(dict.fromkeys(rule for _, _, _, rules in found for rule in rules))


def _found(state, label: str) -> list[tuple[int, object, str, tuple[str, ...]]]:
    """Lasting changes that count only while fighting, and a printed "+N power while fighting a <type>" when the
    Unit it fights (from the attack in progress) is of that type: (amount, whose, in words, rules). A Legend it
    fights is in the field, where it is a Unit and still a Legend (4.2.1): that rule is what makes it count."""
    if not fighting_now(state, label):
        return []
    found = [(m.power, m, f"{m.source_name}'s effect", ())
             for m in persistent.modifiers_on(state, label) if m.while_fighting]
    attacker, target, _ = state.attack
    opponent = target if label == attacker else attacker
    where = state.locate(opponent)[1]
    for source, _, effect, _ in persistent.printed_effects_on(state, label, wanted=_gives_fight_power):
        for grant, value in effect.grants:
            need = dict(value) if grant == "fight-power" else None
            if need and state.is_a(opponent, need["against"], where):
                both = need["against"] == "Legend" and where == "field"
                found.append((need["power"], source, f"{state.cards[source].definition.full_name}'s effect (it "
                                                     f"fights a {need['against']})",
                              ("card-types.legend-on-field-is-unit",) if both else ()))
    return found


def _gives_fight_power(effect) -> bool:
    return any(grant == "fight-power" for grant, _ in effect.grants)
