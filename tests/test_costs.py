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
    # all three ready cards are needed for the 3 €$, so there was no choice to make
    assert choice and "only one way to pay" in choice[0]["text"] and "judgekit chose" not in choice[0]["text"]


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


PLAY_COST = """
scenario: t
cards:
  - name: Cheap When Empty
    type: Unit
    cost: 5
    power: 1
    play_cost: [{{set_to: 1, if: [{{fixer_empty: true}}]}}]
players:
  alice:
    hand: [Cheap When Empty]
    eddies: 1
    fixer: [{fixer}]
    legends:
      - {{card: "V: Corporate Exile", face_up: true}}
  bob:
    field: [{bob_field}]
actions:
  - play: {card}
"""


def run_play_cost(card="Cheap When Empty", fixer="", bob_field=""):
    return rule_of(PLAY_COST.format(card=card, fixer=fixer, bob_field=bob_field))


def test_3_11_1_2_a_conditional_set_cost_applies_only_when_its_condition_holds():
    _, cheap, _ = run_play_cost()
    assert cheap.outcomes[0].allowed and "cost-value.payment-changes-not-cost" in cited_ids(cheap)
    _, dear, _ = run_play_cost(fixer="d6")
    assert not dear.outcomes[0].allowed
    assert "costs 5" in dear.outcomes[0].refusal.text


def test_riot_shield_surcharge_is_only_for_the_shields_rivals():
    yaml_board = PLAY_COST.replace("eddies: 1", "eddies: 5").replace("  - play: {card}", "  - {{play: {card}, go_solo: true}}")
    _, theirs, _ = rule_of(yaml_board.format(card='"V: Corporate Exile"', fixer="",
                                             bob_field="{card: Psycho Squad, gear: [Riot Shield]}"))
    assert not theirs.outcomes[0].allowed and "+2 €$ for GO SOLO" in theirs.outcomes[0].refusal.text
    own = yaml_board.replace("legends:\n", "field: [{{card: Psycho Squad, gear: [Riot Shield]}}]\n    legends:\n")
    _, mine, _ = rule_of(own.format(card='"V: Corporate Exile"', fixer="", bob_field=""))
    assert mine.outcomes[0].allowed
    _, by_4_5, _ = rule_of(PLAY_COST.replace("eddies: 1", "eddies: 5").replace("  - play: {card}", "  - {{play: {card}, go_solo: false}}").format(
        card='"V: Corporate Exile"', fixer="", bob_field="{card: Psycho Squad, gear: [Riot Shield]}"))
    assert by_4_5.outcomes[0].allowed, "the surcharge is for GO SOLO only, not for playing the Legend by 4.5"


def test_5_7_2_1_a_legend_spent_to_pay_is_not_an_eddie():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice:
        hand: [Corpo Security]
        legends: [{card: "V: Streetkid", label: v, face_up: true}, "Goro Takemura: Hands Unclean"]
      bob: {}
    actions: [{play: Corpo Security, pay: [v, "Goro Takemura: Hands Unclean"]}]
    """)
    assert "legends-area.legends-not-eddies" in cited_ids(result)


LEGEND_PAYS = """
scenario: t
cards:
  - name: Test Soloist
    type: Legend
    cost: 3
    power: 3
    sell_tag: true
    keywords: [GO SOLO]
    effects:
      - activate: {pay: 1}
        do: [{draw: 1}]
        text: "1 €$: draw 1"
      - activate: {pay: 1, spend: true}
        do: [{draw: 1}]
        text: "1 €$, Spend: draw 1"
players:
  alice:
    legends: [{card: Test Soloist, label: solo, face_up: true{spent}}]
    eddies: {eddies}
    deck: 3
  bob: {}
actions:
  - {action}
"""


def legend_pays(action, eddies, spent=""):
    return rule_of(LEGEND_PAYS.replace("{action}", action).replace("{eddies}", str(eddies)).replace("{spent}", spent))


def test_5_7_2_an_unnamed_payment_spends_the_legend_being_played_when_nothing_else_is_left():
    """FAQ (GENERAL): a Legend may be spent toward its own GO SOLO; judgekit's own pick uses it only as a last
    resort. It was left out, so 2 Eddies and the Legend were wrongly judged unable to pay 3."""
    _, result, _ = legend_pays("{play: solo, go_solo: true}", 2)
    assert result.outcomes[0].allowed
    assert result.final.players["alice"].field == ["solo"] and not result.final.cards["solo"].spent
    _, result, _ = legend_pays("{play: solo, go_solo: true}", 3)
    assert not any(result.final.cards[e].spent is False for e in result.final.players["alice"].eddies)


def test_4_5_1_a_legend_that_paid_toward_its_own_play_without_go_solo_enters_spent():
    _, result, _ = legend_pays("{play: solo, go_solo: false}", 2)
    assert result.outcomes[0].allowed and result.final.cards["solo"].spent and result.final.cards["solo"].lag


def test_10_19_3_an_unnamed_payment_never_spends_the_legend_whose_spend_icon_is_still_to_pay():
    _, result, _ = legend_pays("{activate: solo, effect: 2}", 0)
    assert not result.outcomes[0].allowed and "cost.paid-in-full" in result.outcomes[0].refusal.cites
    _, result, _ = legend_pays("{activate: solo, effect: 1}", 0)
    assert result.outcomes[0].allowed and result.final.cards["solo"].spent
    assert len(result.final.players["alice"].hand) == 1
