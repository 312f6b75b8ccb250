"""What a ruling says must be true and useful on the board at hand: an empty or short deck searched, searched cards
the scenario does not name, and pending effects offered by the names `order:` accepts (probe review W)."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

RIPPER = """
scenario: t
edition: 2026-08
players:
  alice:
    field: [Sketchy Ripper]
    %s
  bob: {deck: 5, gigs: [d6=2]}
actions:
  - {attack: Sketchy Ripper, target: gig-area, react: []}
"""


def _texts(result) -> list[str]:
    return [step.text for outcome in result.outcomes for step in outcome.steps]


def test_11_13_a_search_of_an_empty_deck_says_the_deck_is_empty():
    _, result, _ = rule_of(RIPPER % "")
    texts = _texts(result)
    assert "alice's deck is empty: there is no card to look at, so the search finds nothing." in texts
    assert not any("top 0" in text or "They stay" in text for text in texts)
    assert "search.cards-stay-in-area" in cited_ids(result)


def test_11_13_3_a_deck_shorter_than_the_search_is_searched_as_far_as_it_goes():
    _, result, _ = rule_of(RIPPER % "deck: [Mantis Blades, Psycho Squad]\n    hand: []")
    said = next(text for text in _texts(result) if text.startswith("alice searches"))
    assert said.startswith("alice searches the top 3 cards of their deck, but only 2 cards are left, so they search "
                           "those: Mantis Blades, Psycho Squad.")


def test_11_13_4_1_a_search_over_unnamed_cards_says_why_nothing_is_taken_and_how_to_name_them():
    _, result, _ = rule_of(RIPPER % "deck: 5")
    note = next(step for outcome in result.outcomes for step in outcome.steps if step.kind == "note"
                and "search.may-choose-to-fail" in step.cites)
    assert "does not name the searched cards (alice-deck-1, alice-deck-2, alice-deck-3)" in note.text
    assert "may in any case fail to find a Gear on purpose" in note.text
    assert "`players.alice.deck: [...]`" in note.text


def test_11_13_4_1_named_cards_get_no_note():
    _, result, _ = rule_of(RIPPER % "deck: [Psycho Squad, Corpo Security, Octant]")
    assert not any("does not name" in text for text in _texts(result))


def test_10_12_two_effects_of_one_card_are_offered_by_the_names_order_accepts():
    _, _, data = rule_of("""
    scenario: t
    cards:
      - name: Duelist
        type: Unit
        cost: 1
        power: 2
        effects:
          - {when: play, text: draw 1, do: [{draw: 1}]}
          - {when: play, text: trash the top card of your deck, do: [{trash: 1}]}
    players:
      alice: {hand: [{card: Duelist, label: duelist}], deck: 3, eddies: 1}
      bob: {deck: 3}
    actions:
      - play: duelist
    """)
    awaiting = data["verdict"]["awaiting"]
    assert "`duelist#1`: Duelist [duelist]'s effect (when this card is played): draw 1; `duelist#2`: " in awaiting
    assert "script `order:` with these names" in awaiting


def _steps(result):
    return [step for outcome in result.outcomes for step in outcome.steps]


PANAM = """
scenario: t
edition: 2026-08
players:
  alice:
    field: ["Panam Palmer: Strength Through Family"]
    legends: [{card: "Goro Takemura: Hands Unclean", face_up: true}]
    deck: 5
    %s
  bob: {deck: 5, gigs: [d6=2]}
actions:
  - {attack: "Panam Palmer: Strength Through Family", target: gig-area, react: []}
"""


def test_10_6_an_empty_hand_discards_nothing_and_the_ruling_says_so():
    """Panam's "discard a card" with an empty hand: nothing was discarded at all, so nothing is "more" (10.6)."""
    _, result, _ = rule_of(PANAM % "hand: []")
    texts = _texts(result)
    assert "alice has no card in hand, so nothing is discarded." in texts
    assert not any("nothing more to discard" in text for text in texts)


def test_10_6_a_rival_with_no_fitting_card_discards_nothing():
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    cards:
      - name: Test Program Tax
        type: Program
        cost: 0
        effects: [{when: resolve, do: [{discard: {count: 2, who: rival, kind: Program}}], text: the Rival discards 2 Programs}]
    players:
      alice: {hand: [Test Program Tax]}
      bob: {hand: [Mantis Blades]}
    actions:
      - play: Test Program Tax
    """)
    texts = _texts(result)
    assert "bob has no Program card in hand, so nothing is discarded." in texts


def test_10_3_1_a_done_if_you_do_cites_the_condition_met_not_2_4():
    _, result, _ = rule_of(PANAM % "hand: [Mantis Blades]")
    step = next(s for s in _steps(result) if s.text == 'It was done, so the "if you do" part follows.')
    assert "effects.condition-false" in step.cites
    assert "golden.as-much-as-possible" not in step.cites


def test_10_6_2_a_last_part_with_no_legal_choice_does_not_say_the_effect_goes_on():
    """All is Lost trashes three non-Units: the part taking a Unit is the effect's last, so nothing goes on."""
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    players:
      alice: {hand: [All is Lost], eddies: 5, deck: [Mantis Blades, Floor It, Kiroshi Optics, Psycho Squad]}
      bob: {deck: 5}
    actions:
      - play: All is Lost
    """)
    texts = _texts(result)
    assert not any("goes on past it" in text or "still resolves" in text for text in texts)
    assert any(text.endswith("no choice is made and this part does nothing.") for text in texts)


def test_10_6_2_a_part_with_no_legal_choice_says_the_effect_goes_on_when_something_follows():
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    cards:
      - name: Test Grab Then Draw
        type: Program
        cost: 0
        effects:
          - when: resolve
            do: [{choose: {targets: [{kind: Unit, side: rival}], do: [{defeat: target}]}}, {draw: 1}]
            text: defeat a rival Unit, then draw 1
    players:
      alice: {hand: [Test Grab Then Draw], deck: 3}
      bob: {deck: 3}
    actions:
      - play: Test Grab Then Draw
    """)
    texts = _texts(result)
    said = texts.index(next(text for text in texts if "no choice is made and this part does nothing" in text))
    assert any("still resolves" in text or "goes on past it" in text for text in texts[said:])
    assert any(text.endswith("is drawn from alice's deck to alice's hand.") for text in texts[said:])


YORINOBU = """
scenario: t
edition: 2026-08
players:
  alice:
    field: [%s Augmented Negotiators, Field Operator]
    hand: [%s]
    eddies: 7
    deck: 3
  bob: {}
actions:
  - defeat: Augmented Negotiators
    by: bob
  %s
  - defeat: Field Operator
    by: bob
"""


def test_10_16_a_first_time_watcher_there_all_along_is_not_told_it_was_not_there():
    _, result, _ = rule_of(YORINOBU % ('"Yorinobu Arasaka: Steel Dragon",', "", ""))
    said = next(text for text in _texts(result) if "has passed" in text)
    assert "Augmented Negotiators's event earlier this turn" in said
    assert "not yet there" not in said


def test_10_16_a_first_time_watcher_that_arrived_later_is_told_the_earlier_event_counts():
    play = '- play: "Yorinobu Arasaka: Steel Dragon"\n    may: {"Yorinobu Arasaka: Steel Dragon": false}'
    _, result, _ = rule_of(YORINOBU % ("", '"Yorinobu Arasaka: Steel Dragon"', play))
    said = next(text for text in _texts(result) if "has passed" in text)
    assert "(it counts even if this card was not yet there to see it)" in said


def test_2_1_1_a_left_search_among_two_is_named():
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    cards:
      - name: Test Two Digs
        type: Program
        cost: 0
        effects:
          - when: resolve
            do: [{if_you_do: {do: [{search: {count: 3, take: 1, kind: Unit, may: true}}, {search: {count: 3, take: 1, kind: Gear, may: true}}], then: [{draw: 1}]}}]
            text: search 3, you may add a Unit; then search 3, you may add a Gear; if you do, draw 1
    players:
      alice: {hand: [Test Two Digs], deck: [Psycho Squad, Mantis Blades, Maelstrom Goons, Animals Wrecker, Floor It]}
      bob: {deck: 5}
    actions:
      - play: Test Two Digs
        targets: [Psycho Squad, none]
    """)
    said = next(text for text in _texts(result) if "chose nothing" in text)
    assert said.startswith("alice chose nothing in the second search, as the card lets them, so it was not done")


LAST_CHOICE = """
scenario: t
edition: 2026-08
cards:
  - name: Test Last
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{draw: 1}, {choose: {targets: [{kind: Unit, side: rival, max_cost: 1}], do: [{defeat: target}]}}]
        text: draw 1, then defeat a rival Unit costing 1 or less
players:
  alice: {hand: [Test Last], deck: 5}
  bob: {field: [Psycho Squad], deck: 5}
actions:
  - play: Test Last
"""


def test_11_13_a_forced_pick_from_a_short_deck_is_said_once():
    """Review R4: a search that must take 1 from a deck holding 1 card names the pick in a plain sentence."""
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    players:
      alice: {deck: 1, eddies: 2, hand: ["Three Mouths, One Desire"]}
      bob: {deck: 5}
    actions:
      - play: "Three Mouths, One Desire"
    """)
    assert "alice must take alice-deck-1: the only option." in _texts(result)


def test_10_6_2_a_custom_last_part_after_a_draw_says_only_that_the_part_does_nothing():
    """Review R4: the choice is the effect's last part, so nothing of the effect comes after it: the step says
    that part does nothing, and no more; the draw before it stands."""
    _, result, _ = rule_of(LAST_CHOICE)
    said = next(text for text in _texts(result) if "as a target for this part" in text)
    assert "goes on past it" not in said
    assert said.endswith("there is none: no choice is made and this part does nothing.")


def test_9_7_the_react_step_offers_reactions_only_where_the_defender_has_them():
    """9.7: the React Step waits for the defending player's reactions; with no Legend to Call and no [QUICK] effect,
    the step does not say that Bob may Call or use one, only that he may react where he has a reaction."""
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    players:
      alice: {field: [{card: Psycho Squad, label: squad}]}
      bob: {field: [{card: Maelstrom Goons, label: goons, spent: true}]}
    actions:
      - {attack: squad, target: goons}
    """)
    said = next(text for text in _texts(result) if "may now react" in text)
    assert said.startswith("bob (the defending player) may now react, where they have one:")


TOLL = """
scenario: t
edition: 2026-08
cards:
  - name: Test Toll
    type: Program
    cost: 0
    effects:
      - when: resolve
        do: [{if_you_do: {may: true, do: [%s], then: [{draw: 2}]}}]
        text: you may discard Programs; if you do, draw 2
players:
  alice:
    hand: [Test Toll, {card: Floor It, label: p1}, {card: Floor It, label: p2}]
    field: [Psycho Squad, Maelstrom Goons]
    deck: 5
  bob: {deck: 5}
actions:
  - play: Test Toll
    may: {Test Toll: true}
    targets: [p1, none]
"""


def _left_outcome(result) -> str:
    return next(text for text in _texts(result) if "so it was not done" in text)


def test_5_3_2_4_1_a_fixed_discard_that_fails_to_find_its_second_card_says_nothing_more():
    """Review R6: one Program was discarded before the second pick found nothing (5.3.2.4.1): she chose nothing
    MORE, not nothing at all."""
    _, result, _ = rule_of(TOLL % "{discard: {count: 2, kind: Program}}")
    assert _left_outcome(result).startswith("alice chose nothing more for it, as the rules let them, so it was not "
                                            "done")


def test_5_3_2_4_1_a_discard_for_each_unit_whose_second_round_finds_nothing_says_nothing_more():
    """Review R6: "discard a Program for each Unit": the second round is the same printed choice as the first (its
    key is what the card prints, not a dict built for the round), so the empty second pick is "nothing more"."""
    each = "{for_each: {filter: {kind: Unit, side: friendly, area: field}, do: [{discard: {count: 1, kind: Program}}]}}"
    _, result, _ = rule_of(TOLL % each)
    assert _left_outcome(result).startswith("alice chose nothing more for it, as the rules let them, so it was not "
                                            "done")


def test_2_8_increasing_a_gig_by_up_to_2_chosen_as_0_is_a_choice_left_not_a_shortfall():
    """Review R6: 0 of an "up to" is the player's choice (2.8): the "if you do" after it is not done (10.3.1), and
    the ruling says she chose so rather than "could not be done in full" (2.4)."""
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    cards:
      - name: Test Nudge
        type: Program
        cost: 0
        effects:
          - when: resolve
            do: [{if_you_do: {do: [{adjust: {gig: choose, of: any, increase: 2, up_to: true}}], then: [{draw: 1}]}}]
            text: increase a Gig by up to 2; if you do, draw 1
    players:
      alice: {hand: [Test Nudge], gigs: [d6=2], deck: 5}
      bob: {deck: 5}
    actions:
      - play: Test Nudge
        gigs: [d6]
        numbers: [0]
    """)
    said = next(step for step in _steps(result)
                if "so it was not done" in step.text or "could not be done" in step.text)
    assert said.text.startswith("alice chose nothing for it, as the card lets them, so it was not done")
    assert "golden.up-to" in said.cites and "effects.condition-false" in said.cites
    assert "golden.as-much-as-possible" not in said.cites
    assert not any(text.startswith("alice-deck-") for text in _texts(result))


def test_2_8_two_up_to_targets_left_empty_say_no_gear_was_chosen_once():
    _, result, _ = rule_of("""
    scenario: t
    edition: 2026-08
    cards:
      - name: Test Scrap
        type: Program
        cost: 0
        effects:
          - when: resolve
            targets: [{kind: Gear, side: friendly, up_to: true}, {kind: Gear, side: friendly, up_to: true}]
            do: [{defeat: target}, {defeat: target2}]
            text: defeat up to 2 friendly Gear
    players:
      alice:
        hand: [Test Scrap]
        field: [{card: Psycho Squad, gear: [Mantis Blades, Kiroshi Optics]}]
      bob: {deck: 5}
    actions:
      - play: Test Scrap
        targets: [none]
    """)
    said = [text for text in _texts(result) if text.startswith("No friendly Gear was chosen")]
    assert len(said) == 1


TRASHER = """
scenario: t
cards:
  - name: Deck Burner
    type: Unit
    cost: 1
    power: 1
    effects:
      - when: play
        do: [{trash: 3}]
players:
  alice:
    hand: [Deck Burner]
    eddies: 1
    %s
  bob: {}
actions:
  - play: Deck Burner
"""


def test_11_7_2_1_trashing_from_an_empty_deck_says_nothing_is_trashed_not_the_rest():
    texts = _texts(rule_of(TRASHER % "")[1])
    assert "alice's deck is empty, so there is nothing to trash; unlike drawing, this does not lose the game." in texts
    assert not any("after trashing 0" in text for text in texts)


def test_11_7_2_1_trashing_past_the_end_of_a_deck_says_how_many_were_trashed():
    texts = _texts(rule_of(TRASHER % "deck: 1")[1])
    assert ("alice's deck is empty after trashing 1, so the rest can't be done; unlike drawing, this does not lose "
            "the game.") in texts


BOTTOM_DECK = """
scenario: t
players:
  alice:
    deck: 2
    field: [{card: Secondhand Bombus, label: sb}%s]
  bob: {}
actions:
  - {bottom_deck: %s, by: bob}
"""


def test_11_12_1_one_card_bottom_decked_is_not_called_random():
    _, result, data = rule_of(BOTTOM_DECK % ("", "sb"))
    assert "Bottom-decked to alice's deck: Secondhand Bombus [sb], the only card going there, so there is no order to randomise." in _texts(result)
    assert not any("random order" in text for text in _texts(result))
    assert "bottom-deck.randomize-together" not in cited_ids(result)
    assert not data["random"]
    assert result.final.players["alice"].deck[-1] == "sb"


def test_11_12_1_3_two_cards_bottom_decked_together_are_still_randomised():
    _, result, data = rule_of(BOTTOM_DECK % (", {card: Tyger's Whisper, label: tw}", "[sb, tw]"))
    assert any(text.startswith("Bottom-decked to alice's deck in random order, all together: ")
               for text in _texts(result))
    assert "bottom-deck.randomize-together" in cited_ids(result)
    assert data["random"]


def test_10_7_a_card_no_later_choice_of_the_effect_could_use_is_not_chosen_first():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: ["Viktor Vektor: You Might Feel a Little Pinch"], trash: [Mantis Blades], eddies: 3}
      bob: {}
    actions:
      - play: "Viktor Vektor: You Might Feel a Little Pinch"
    """)
    texts = _texts(result)
    assert not any("chooses Mantis Blades" in text for text in texts)
    assert ("Mantis Blades is no option for Viktor Vektor: You Might Feel a Little Pinch's effect: there is no other "
            "friendly Unit to choose.") in texts
    assert result.final.players["alice"].trash == ["Mantis Blades"]
