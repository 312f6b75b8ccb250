"""Whether an effect is about its own card (`Effect.about_own_card`, from `event_facts.names_own_card`): read from
its data, not from its printed form. Two different cards' alike pending effects do the same thing only when neither
names its card (10.12); review/1800-1802 are the boards where it decides the ruling."""
from __future__ import annotations

import re

from judgekit.scenario.pool import real_cards

# The shipped effects on which the old guess (the words 'source' or 'this' in the effect's printed form) and the
# effect's data disagree, each for a reason of the rules:
MISSED = {  # about their own card, which the guess missed: it read only the exact words
    ("Adam Smasher: Metal Over Meat", 0): "defeats every *other* Unit (`other`): measured against itself",
    ("Delamain Cab", 0): "only if this Unit stole this turn (`source_stole_this_turn`)",
    ("Dying Night: V's Pistol", 0): "only if the card is named V (`source_named`)",
    ("Maelstrom Goons", 0): "only if Gear is equipped to this card (`this-gear`)",
    ("MaxTac Squadron", 0): "only while this Unit is spent (`source_spent`)",
    ("Panam Palmer: Nomad Cavalry", 0): "a Gear equipped to this card (`on_this`)",
    ("Rogue Amendiares: Queen of the Afterlife", 1): "power equal to this card's (`this-power`)",
    ("Screw: Lovelorn Fool", 0): "another friendly Unit (`other`)",
    ("Swordwise Huscle", 0): "only if this Unit has 5 or more power (`source_power_at_least`)",
    ("Valentino Street Racer", 0): "another friendly Unit (`other`)",
    ("Viktor Vektor: You Might Feel a Little Pinch", 0): "another friendly Unit (`other`)",
    ("Wraith Marauders", 0): "another friendly Unit (`other`)",
}
# "choose one" effects naming no card of their own, which the guess took as about their card: each mode's printed
# form holds `affects='this'`, the default of a field only persistent and replacement effects use
CHOOSE_ONE = {("Dexter DeShawn: Off the Grid", 0), ("Fool on the Hill", 0), ("Gunpoint Diplomacy", 0),
              ("Misty Olszewski: Mender of Broken Spirits", 1), ("Muamar Reyes: El Capitán", 0), ("Nocturne OP55N1", 0),
              ("Padre: Man of the Cross", 0), ("Pyramid Song", 0), ("Towerfall", 0),
              ("Wakako Okada: Peace and Harmony", 0)}


def _old_guess(effect) -> bool:
    """The guess pending_order made before: a regex over the printed form."""
    return bool(re.search(r"'(source|this)'", repr((effect.do, effect.condition, effect.targets, effect.modes))))


def test_the_old_guess_and_the_effects_data_differ_only_where_the_rules_explain_it():
    differ = {}
    for card in real_cards():
        for index, effect in enumerate(card.printed_effects):
            if _old_guess(effect) != effect.about_own_card:
                differ[(card.full_name, index)] = effect.about_own_card
    assert {key for key, own in differ.items() if own} == set(MISSED)
    assert {key for key, own in differ.items() if not own} == CHOOSE_ONE
    for key in CHOOSE_ONE:
        effect = next(c for c in real_cards() if c.full_name == key[0]).printed_effects[key[1]]
        assert effect.modes and "affects='this'" in repr(effect.modes)


def test_an_effect_names_its_own_card_only_through_its_data():
    from judgekit.engine.card_definition import Effect
    assert Effect("end-of-turn", do=({"move": {"card": "source", "to": "deck-top"}},)).about_own_card
    assert Effect("end-of-turn", do=({"steal": {"count": 1}},)).about_own_card  # its actor is its own card
    assert not Effect("end-of-turn", do=({"steal": {"count": 1, "actor": "it"}},)).about_own_card
    assert not Effect("end-of-turn", do=({"draw": 1},), text="put this Unit on top").about_own_card  # words only
    assert not Effect("play", do=({"give": {"card": "target", "power": 1, "per": "its-gear"}},),
                      targets=({"kind": "Unit"},)).about_own_card  # the Gear on the target, not on itself
    assert not Effect("play", condition=({"played_this_turn": "Program"},)).about_own_card
