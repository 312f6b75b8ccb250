"""Paying costs (3.11 Cost Value, 5.7.2 Legends for €$, 5.8 Eddies, Pay, Cost: paid in full)."""
from __future__ import annotations

from tests.conftest import cited_ids, rule_of

BOARD = """
scenario: t
cards:
  - {{name: Tagless, type: Legend, cost: 3, sell_tag: false}}
players:
  alice:
    hand: [{card}]
    legends:
      - {{card: "V: Streetkid", label: v, face_up: true}}
      - {{card: Tagless, label: tagless, face_up: true}}
      - {{card: "Goro Takemura: Hands Unclean", label: goro}}
    eddies: {eddies}
  bob: {{}}
actions:
  - play: {card}
{pay}
"""


def run(card: str = "Maelstrom Goons", eddies: str = "{ready: 1, spent: 1}", pay: str = ""):
    return rule_of(BOARD.format(card=card, eddies=eddies, pay=pay))


def spent(result) -> set[str]:
    return {label for label, card in result.final.cards.items() if card.spent}


def test_automatic_payment_spends_ready_eddies_first_then_legends_left_to_right_and_says_so():
    _, result, data = run()
    assert spent(result) == {"alice-eddie-1", "alice-eddie-2", "v", "goro"}
    choice = [s for s in data["steps"] if s["kind"] == "choice"]
    assert choice and "judgekit chose" in choice[0]["text"]


def test_5_7_2_2_automatic_payment_skips_a_face_up_legend_without_a_sell_tag():
    _, result, _ = run()
    assert "tagless" not in spent(result)


def test_5_7_2_2_naming_a_face_up_legend_without_a_sell_tag_is_refused():
    _, result, _ = run(pay="    pay: [alice-eddie-1, tagless, goro]")
    assert not result.outcomes[0].allowed
    assert "legends-area.face-up-needs-sell-tag" in result.outcomes[0].refusal.cites
    assert result.final is result.initial


def test_a_spent_eddie_cannot_pay():
    _, result, _ = run(pay="    pay: [alice-eddie-1, alice-eddie-2, v]")
    assert not result.outcomes[0].allowed
    assert "already spent" in result.outcomes[0].refusal.text


def test_11_1_2_a_cost_not_payable_in_full_is_refused_and_nothing_is_spent():
    _, result, _ = run(card="6th Street Recruits", eddies="0")
    assert not result.outcomes[0].allowed
    assert "cost.paid-in-full" in result.outcomes[0].refusal.cites
    assert spent(result) == set()


def test_naming_too_few_or_too_many_sources_is_refused():
    assert not run(pay="    pay: [alice-eddie-1]")[1].outcomes[0].allowed
    assert not run(pay="    pay: [alice-eddie-1, v, goro, tagless]")[1].outcomes[0].allowed


def test_named_payment_spends_exactly_those_cards():
    _, result, _ = run(pay="    pay: [goro, v, alice-eddie-1]")
    assert spent(result) == {"alice-eddie-2", "goro", "v", "alice-eddie-1"}
    assert {"pay.definition", "eddies-area.spend-eddie", "legends-area.spend-for-eddie"} <= cited_ids(result)


def test_zero_cost_spends_nothing():
    text = BOARD.format(card="Zero", eddies="1", pay="").replace(
        "cards:\n", "cards:\n  - {name: Zero, type: Unit, cost: 0, power: 1}\n")
    _, result, _ = rule_of(text)
    assert result.outcomes[0].allowed and not result.final.cards["alice-eddie-1"].spent
