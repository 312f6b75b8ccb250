"""Cost reductions granted by other cards (engine/discounts.py): "your first CYBERWARE Gear each turn costs
3 €$ less" is mandatory, floors at 1 €$, and counts a matching card played earlier in the turn."""
from __future__ import annotations

from tests.conftest import rule_of
from tests.test_activated import JOHNNY_AT_ZERO

VIKTOR = """
scenario: t
players:
  alice:
    field: [{card: "Viktor Vektor: Drop Your Illusions", label: viktor}]
    hand: [{card: Gorilla Arms, label: arms}]
    eddies: 4
  bob: {}
%s
actions:
  - {play: arms, equip_to: viktor}
"""


def test_the_first_cyberware_gear_of_the_turn_pays_3_less():
    _, result, _ = rule_of(VIKTOR % "")
    assert [c for c in result.final.players["alice"].eddies if result.final.cards[c].spent] == ["alice-eddie-1"]


def test_a_cyberware_gear_played_earlier_this_turn_uses_up_the_discount():
    earlier = VIKTOR.replace("    eddies: 4", "    eddies: 4\n    trash: [{card: Mantis Blades, label: blades}]")
    _, result, _ = rule_of(earlier % "this_turn: {played: [blades]}")
    assert all(result.final.cards[c].spent for c in result.final.players["alice"].eddies)


COUPON = """
scenario: t
cards:
  - name: Test Coupon
    type: Unit
    cost: 1
    power: 1
    effects:
      - activate: {}
        do: [{next_costs_less: {kind: %s, amount: 2}}]
players:
  alice:
    field: [{card: Test Coupon, label: coupon}]
    hand: [{card: Wild in the Streets, label: wild}, {card: Gorilla Arms, label: arms}]
    eddies: 10
  bob:
    field: [{card: Emergency Atlus, label: atlus, spent: true}]
actions:
%s
"""


def _spent(result) -> int:
    return sum(result.final.cards[c].spent for c in result.final.players["alice"].eddies)


def test_discounts_for_the_next_program_stack_and_the_next_program_uses_them_all_up():
    _, result, data = rule_of(COUPON % ("Program", "\n".join(
        ["  - {activate: coupon}"] * 2 + ["  - {play: wild, targets: [atlus]}"])))
    assert _spent(result) == 1  # 5 - 2 - 2
    assert result.final.discounts == [] and "discounts" not in data["board"]


def test_a_discount_waiting_for_a_program_is_shown_on_the_board_and_a_gear_neither_gets_nor_uses_it():
    _, result, data = rule_of(COUPON % ("Program", "  - {activate: coupon}\n  - {play: arms, equip_to: coupon}"))
    assert _spent(result) == 4  # Gorilla Arms at its full cost
    assert [(d["kind"], d["amount"], d["controller"]) for d in data["board"]["discounts"]] == [("Program", 2, "alice")]


def test_the_kind_of_card_a_discount_waits_for_is_data():
    _, result, _ = rule_of(COUPON % ("Gear", "  - {activate: coupon}\n  - {play: arms, equip_to: coupon}"))
    assert _spent(result) == 2 and result.final.discounts == []


def test_8_16_2_a_discount_never_used_ends_with_the_turn():
    _, result, data = rule_of(COUPON % ("Program", "  - {activate: coupon}\n  - {pass_turn: true}"))
    assert result.final.discounts == []
    expired = [s for s in data["steps"] if s["kind"] == "expire" and "never used" in s["text"]]
    assert expired and "end-of-turn.remove-this-turn-effects" in {c["id"] for c in expired[0]["cites"]}


ALT = """
scenario: t
players:
  alice:
    legends: [{card: "Alt Cunningham: Soulkiller Architect", label: alt, face_up: true}]
    hand: [{card: Wild in the Streets, label: wild}]
    gigs: [d4=1, d6=1]
    eddies: 5
  bob:
    field: [{card: Emergency Atlus, label: atlus, spent: true}]
actions:
  - {activate: alt, effect: 1}
  - {adjust: {gig: d4, to: max}}
"""


def test_the_amount_is_counted_once_as_the_effect_resolves_and_stays_fixed():
    _, result, data = rule_of(ALT)
    assert result.final.players["alice"].gigs == [("d4", 4), ("d6", 1)]
    assert [d["amount"] for d in data["board"]["discounts"]] == [2]



def test_11_8_3_the_minimum_is_named_only_where_it_held_the_payment_up():
    """A reduction's words: the 1 €$ minimum is said (and 11.8.3 cited) only when it held the payment up; a payment
    already under 1 €$ stays as it was."""
    from judgekit.engine.discounts import Price
    assert Price(4).lowered(2) == ("4 €$ becomes 2 €$", ())
    held = Price(3).lowered(3)
    assert held[0].startswith("3 €$ becomes 1 €$, held there") and held[1] == ("pay.reduction-minimum-one",)
    assert Price(0).lowered(2) == ("0 €$ stays 0 €$ (a reduction never raises a payment)", ())


def test_a_minimum_a_cards_text_names_above_1_is_not_11_8_3s_and_a_set_price_is_no_reduction():
    """"To a minimum of 2 €$" holds the price at 2 by the card's words, not by 11.8.3 (not cited, and a refusal for
    too few €$ does not name it); "play this for 0 €$" sets the price (3.11.1.1, 11.1.2.1; 2.5 at 0), never
    11.8.3."""
    from judgekit.engine.discounts import Price
    price = Price(5)
    assert price.lowered(4, minimum=2) == ("5 €$ becomes 2 €$, held there by the minimum its text names", ())
    assert not price.held_at_minimum
    price = Price(3)
    words, rules = price.set_to(0, "Chrome")
    assert (price.amount, words) == (0, "3 €$ becomes 0 €$") and "pay.reduction-minimum-one" not in rules
    assert rules[:3] == ("cost-value.pay-from-any-area", "cost.replacement", "golden.card-beats-rules")
    assert "golden.card-beats-rules" not in Price(5).set_to(3, "Chrome")[1]


def test_a_later_reduction_says_once_it_lowers_a_set_price_or_is_held_over_an_own_minimum_of_0():
    """The two contested readings a ruling names, so it is flagged: another card's reduction lowers the price the
    card's own text set (11.1.2.1), said once; and it is held at 1 €$ though the card's own reduction could go to
    0 €$ (2.5 for its own reduction only), said only when that minimum held it."""
    from judgekit.engine.discounts import Price
    price = Price(5)
    price.set_to(3, "Chrome")
    words, rules = price.lowered(1)
    assert words.startswith("the 3 €$ Chrome's own text names instead of its cost is lowered too: 3 €$ becomes 2")
    assert rules == ("cost.replacement",) and price.lowered(1)[0] == "2 €$ becomes 1 €$"
    price = Price(4)
    price.lowered(2, minimum=0, own="Chrome")
    words, rules = price.lowered(3)
    assert words.endswith("; the 0 €$ minimum Chrome's own text names is for its own reduction only")
    assert rules == ("golden.card-beats-rules", "pay.reduction-minimum-one") and price.amount == 1
    price = Price(9)
    price.lowered(2, minimum=0, own="Chrome")
    assert price.lowered(3) == ("7 €$ becomes 4 €$", ())


ZERO_CALLER = """
scenario: t
cards:
  - name: Zero Caller
    type: Unit
    cost: 2
    power: 1
    effects:
      - activate: {pay: 2, less_per: friendly-units, minimum: 0}
        do: [{draw: 1}]
players:
  alice:
    field: [{card: Zero Caller, label: zc}, Corpo Security]
    deck: 3
  bob: {}
actions:
  - activate: zc
"""


def _cost_steps(result):
    return [s for o in result.outcomes for s in o.steps if s.kind == "cost"]


def test_a_custom_activation_discount_to_0_rests_on_its_own_text_not_the_faq():
    """A custom card whose own discount reaches 0 €$ beats 11.8.3 by its text (2.5); the FAQ rules only for Johnny
    Silverhand: Rocking Renegade, so the ruling does not name it here (review/402)."""
    _, result, _ = rule_of(ZERO_CALLER)
    step, = _cost_steps(result)
    assert "2 €$ becomes 0 €$" in step.text and "FAQ" not in step.text
    assert "golden.card-beats-rules" in step.cites


def test_johnnys_activation_discount_to_0_follows_the_faq_that_rules_on_it():
    """Johnny Silverhand: Rocking Renegade prints no minimum; the FAQ lets its discount reach 0 €$."""
    _, result, _ = rule_of(JOHNNY_AT_ZERO)
    step, = _cost_steps(result)
    assert "2 €$ becomes 0 €$" in step.text and "FAQ" in step.text and "Rocking Renegade" in step.text
    assert "golden.card-beats-rules" not in step.cites


def test_a_play_price_and_an_activation_agree_on_a_minimum_of_0_the_card_names():
    """`Price.lowered` decides 11.8.3 for both: a minimum of 0 the card's text names lets the price reach 0 (2.5);
    no minimum named holds it at 1 €$ (11.8.3)."""
    from judgekit.engine.discounts import Price
    price = Price(2)
    words, rules = price.lowered(2, minimum=0)
    assert price.amount == 0 and not price.held_at_minimum
    assert words.startswith("2 €$ becomes 0 €$") and rules == ("golden.card-beats-rules", "pay.reduction-minimum-one")
    assert Price(2).lowered(2)[0].startswith("2 €$ becomes 1 €$, held there")


def test_a_custom_card_cannot_claim_another_cards_faq_answer_for_its_minimum():
    """The FAQ rules only on the card it names: `minimum_faq` about another card is an input error."""
    import pytest
    with pytest.raises(Exception, match="rules only on the card it names"):
        rule_of(ZERO_CALLER.replace("minimum: 0}", 'minimum: 0, minimum_faq: "Johnny Silverhand: Rocking Renegade#1"}'))
