"""The scenario format at the boundary: defaults, labels, and bad input named by file, line and field."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import scenario

BASE = """
scenario: t
players:
  alice:
{alice}
  bob: {{}}
"""


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        scenario(text)
    return [p.render() for p in caught.value.problems]


def test_defaults_legends_face_down_others_face_up_ready_unlagged():
    built = scenario(BASE.format(alice='    legends: ["V: Streetkid"]\n    field: [Corpo Security]\n    hand: [Mantis Blades]'))
    cards = built.state.cards
    assert cards["V: Streetkid"].face_up is False
    assert cards["Corpo Security"].face_up is True
    assert not cards["Corpo Security"].spent and not cards["Corpo Security"].lag
    assert built.state.turn == "alice" and built.state.phase == "main"


def test_deck_as_count_and_eddies_as_ready_and_spent_get_generated_labels():
    built = scenario(BASE.format(alice="    deck: 3\n    eddies: {ready: 1, spent: 2}"))
    player = built.state.players["alice"]
    assert player.deck == ["alice-deck-1", "alice-deck-2", "alice-deck-3"]
    assert [built.state.cards[e].spent for e in player.eddies] == [False, True, True]
    assert all(not built.state.cards[e].face_up for e in player.eddies)


def test_deck_with_known_top_and_unknown_rest():
    built = scenario(BASE.format(alice="    deck: {top: [Delamain], count: 2, bottom: [Corpo Security]}"))
    assert built.state.players["alice"].deck == ["Delamain", "alice-deck-1", "alice-deck-2", "Corpo Security"]


def test_two_unlabelled_copies_are_numbered_and_a_bare_name_is_ambiguous():
    text = BASE.format(alice="    hand: [Corpo Security, Corpo Security]") + "actions:\n  - play: Corpo Security\n"
    found = problems(text)
    assert len(found) == 1
    assert "test.yaml:8: actions.0.play:" in found[0]
    assert "Corpo Security #1" in found[0] and "Corpo Security #2" in found[0]


def test_label_used_twice_names_both_lines():
    text = BASE.format(alice="    hand:\n      - {card: Corpo Security, label: x}\n      - {card: Delamain, label: x}")
    found = problems(text)
    assert found == ["test.yaml:7: players.alice.hand.1.label: the label 'x' is used twice (also at line 6); "
                     "give each copy its own label"]


def test_unknown_key_is_rejected_with_a_suggestion():
    found = problems(BASE.format(alice="    hnad: [Corpo Security]"))
    assert found == ["test.yaml:5: players.alice.hnad: unknown key 'hnad'; did you mean 'hand'?"]


@pytest.mark.parametrize("alice, actions, where, suggested", [
    ("    field: [{card: Corpo Security, tapped: true}]", "", "players.alice.field.0.tapped", "spent"),
    ("    field: [{card: Corpo Security, typ: x}]", "", "players.alice.field.0.typ", None),
    ("    hand: [Gorilla Arms]\n    field: [{card: Corpo Security, label: sec}]",
     "actions:\n  - play: Gorilla Arms\n    equip: sec\n", "actions.0.equip", "equip_to"),
    ("    field: [{card: Corpo Security, label: sec}]",
     "actions:\n  - attack: sec\n    target: gig-area\n    react:\n      - play: Floor It\n", "actions.0.react.0.play",
     "quick"),
])
def test_did_you_mean_offers_only_a_key_valid_at_that_place(alice, actions, where, suggested):
    """`tapped` is not `type` (a key of inline cards, not of a card on the board), `equip` not `equipped`,
    `play` in a reaction not `pay`: the suggestion is the format's word for it, where it is written."""
    found = problems(BASE.format(alice=alice) + actions)
    line = next(f for f in found if f".{where.rsplit('.', 1)[1]}: unknown key" in f or f" {where}:" in f)
    assert f"{where}: unknown key" in line
    assert line.endswith(f"did you mean {suggested!r}?") if suggested else "did you mean" not in line


def test_a_choice_written_inside_a_reaction_is_pointed_to_the_action_that_holds_it():
    """Choices made while a reaction resolves are scripted with the action (`may` is not `pay` misspelt)."""
    found = problems(BASE.format(alice="    field: [{card: Corpo Security, label: sec}]") +
                     "actions:\n  - attack: sec\n    target: gig-area\n    react:\n"
                     "      - {quick: Floor It, targets: [sec], may: [true]}\n")
    assert [f.split(": ", 1)[1] for f in found if "unknown key" in f] == [
        "actions.0.react.0.targets: unknown key 'targets' here; it is written further up: actions.0.targets",
        "actions.0.react.0.may: unknown key 'may' here; it is written further up: actions.0.may"]


def test_unknown_card_gets_a_spelling_suggestion():
    found = problems(BASE.format(alice="    hand: [Korpo Sekurity]"))
    assert len(found) == 1 and "test.yaml:5: players.alice.hand.0:" in found[0]
    assert "did you mean 'Corpo Security'" in found[0]


def test_a_name_shared_by_two_cards_asks_for_the_subtitle():
    found = problems(BASE.format(alice='    legends: ["Goro Takemura"]'))
    assert "'Goro Takemura: Hands Unclean'" in found[0] and "'Goro Takemura: Vengeful Bodyguard'" in found[0]


def test_several_problems_are_reported_at_once():
    text = BASE.format(alice="    hand: [Nobody Card]\n    trash: [Other Nobody]\n    eddies: 1")
    found = problems(text)
    assert len(found) >= 2
    assert any(":5:" in f for f in found)
    found = problems(BASE.format(alice="    eddies: -1\n    deck: -2"))
    assert len(found) == 2 and all("expected 0 or more" in f for f in found)


def test_malformed_yaml_names_the_line():
    found = problems("scenario: t\nplayers:\n  alice: [\n")
    assert len(found) == 1 and found[0].startswith("test.yaml:") and "not valid YAML" in found[0]


def test_an_unquoted_value_holding_colon_space_says_to_quote_it():
    found = problems("scenario: Goro: a test\nplayers: {a: {}, b: {}}\n")
    assert len(found) == 1 and found[0].startswith("test.yaml:1:") and "must be in quotes" in found[0]
    assert "quotes" not in problems("scenario: t\nplayers:\n  alice: [\n")[0]


def test_duplicate_key_is_an_error():
    found = problems("scenario: t\nscenario: u\nplayers: {a: {}, b: {}}\n")
    assert found == ["test.yaml:2: scenario: key 'scenario' is given twice"]


def test_exactly_two_players():
    found = problems("scenario: t\nplayers: {a: {}}\n")
    assert "exactly two players" in found[0]


def test_4_4_a_legend_cannot_start_in_an_invalid_area():
    found = problems(BASE.format(alice='    hand: ["V: Streetkid"]'))
    assert "Legend" in found[0] and "(4.4)" in found[0]


def test_gear_in_the_field_must_be_listed_under_its_host():
    found = problems(BASE.format(alice="    field: [Mantis Blades]"))
    assert "under its host's `gear:`" in found[0]


def test_4_14_2_a_program_is_never_in_play():
    found = problems(BASE.format(alice="    field: [Floor It]"))
    assert "Floor It is a Program: it is never in play" in found[0] and "(4.14, 4.14.2)" in found[0]


def test_action_needs_exactly_one_verb():
    found = problems(BASE.format(alice="    hand: [Corpo Security]") + "actions:\n  - {play: Corpo Security, sell: Corpo Security}\n")
    assert "exactly one of" in found[0] and found[0].startswith("test.yaml:8: actions.0:")


def test_unknown_player_in_by():
    found = problems(BASE.format(alice="    hand: [Corpo Security]") + "actions:\n  - {play: Corpo Security, by: alcie}\n")
    assert "did you mean 'alice'" in found[0]


def test_expect_with_unknown_rule_number_suggests_the_nearest():
    found = problems(BASE.format(alice="    hand: [Corpo Security]") + "expect:\n  cites: ['4.4.9']\n")
    assert "no rule '4.4.9'" in found[0] and "4.4" in found[0]


def test_wrong_from_is_an_input_error_at_that_action():
    from judgekit.ruling import run_scenario
    built = scenario(BASE.format(alice="    hand: [Corpo Security]\n    eddies: 2")
                     + "actions:\n  - {play: Corpo Security, from: trash}\n")
    with pytest.raises(InputError) as caught:
        run_scenario(built)
    (problem,) = caught.value.problems
    assert problem.line == 9 and problem.field == "actions.0.from"
    assert "in the trash" in problem.message and "in the hand" in problem.message


def test_gigs_are_written_die_equals_value():
    built = scenario(BASE.format(alice="    gigs: ['d6=4', {die: d20, value: 13}]"))
    assert built.state.players["alice"].gigs == [("d6", 4), ("d20", 13)]
    found = problems(BASE.format(alice="    gigs: ['six=4']"))
    assert "like 'd6=4'" in found[0]


def test_null_cost_is_written_as_dash():
    built = scenario(BASE.format(alice="    hand: [Zed]") + "cards:\n  - {name: Zed, type: Program, cost: '-'}\n")
    assert built.state.cards["Zed"].definition.cost is None


def test_an_unquoted_name_with_a_colon_gets_a_quoting_hint():
    found = problems(BASE.format(alice="    field:\n      - Dexter DeShawn: One Last Chance"))
    assert found == ["test.yaml:6: players.alice.field.0: YAML read this as a key and a value; to name the card "
                     "'Dexter DeShawn: One Last Chance', put it in quotes: \"Dexter DeShawn: One Last Chance\""]


def test_6_1_1_a_gig_value_above_its_die_is_an_input_error_naming_the_die_maximum():
    found = problems(BASE.format(alice="    gigs: [d6=99, {die: d4, value: 5}, d20=20]"))
    assert found == ["test.yaml:5: players.alice.gigs.0: a d6 shows 1 to 6 (6.1.1), not 99",
                     "test.yaml:5: players.alice.gigs.1: a d4 shows 1 to 4 (6.1.1), not 5"]


def test_counts_past_judgekits_limits_are_input_errors_with_the_limit():
    found = problems(BASE.format(alice="    deck: 20000\n    eddies: {ready: 40000}") + "actions: [{draw: 501}]\n")
    assert len(found) == 3 and all("at most 500" in f for f in found)
    assert found[0].startswith("test.yaml:5: players.alice.deck: 20000 is more than judgekit allows")
    scenario(BASE.format(alice="    deck: 500\n    eddies: 500"))  # at the limit: fine


def test_a_megabyte_card_name_is_echoed_short_with_no_suggestion_search():
    found = problems(BASE.format(alice=f"    hand: ['{'Q' * 1_000_000}']"))
    assert len(found) == 1 and len(found[0]) < 300 and "(1000000 characters)" in found[0]


def test_11_15_bottom_deck_naming_the_same_card_twice_is_an_input_error_at_its_line():
    text = BASE.format(alice="    field: [{card: Corpo Security, label: cs}]") + \
        "actions:\n  - bottom_deck: [cs, Corpo Security]\n"
    found = problems(text)
    assert found == ["test.yaml:8: actions.0.bottom_deck.1: the card 'cs' is named twice (also as item 1); "
                     "each is named once"]


def test_7_5_a_mulligan_list_naming_a_player_twice_is_an_input_error():
    text = BASE.format(alice="    deck: 10") + "phase: setup\nactions:\n  - {setup: game, first: alice, " \
                                               "mulligan: [bob, bob]}\n"
    found = problems(text)
    assert found == ["test.yaml:9: actions.0.mulligan.1: the player 'bob' is named twice (also as item 1); "
                     "each is named once"]


def test_an_unknown_key_of_200_characters_is_quoted_short_in_the_field_and_the_message():
    found = problems(BASE.format(alice="    deck: 1") + "x" * 200 + ": 1\n")
    assert len(found) == 1 and found[0].count("x" * 78) == 2 and "x" * 81 not in found[0]


def test_6_1_1_a_scripted_gig_that_is_no_gig_or_off_its_die_is_an_input_error():
    text = BASE.format(alice="    gigs: [d6=3]") + "actions:\n  - adjust: {gig: d7, increase: 1}\n" \
                                                  "  - swap: {mine: d6=9, theirs: d4}\n"
    found = problems(text)
    assert found == ["test.yaml:8: actions.0.adjust.gig: a Gig is named like `d6` or `d6=3`, not 'd7'",
                     "test.yaml:9: actions.1.swap.mine: a d6 shows 1 to 6 (6.1.1), not 9"]


def test_more_goes_last_in_a_react_list():
    """`more: true` leaves the React Step open after the reactions before it (9.12); anywhere else it is an error."""
    found = problems(BASE.format(alice="    field: [{card: Corpo Security, label: sec}]") +
                     "actions:\n  - attack: sec\n    target: gig-area\n    react: [{more: true}, {block: sec}]\n")
    assert any("actions.0.react.0.more: `more: true` goes last in `react:`" in f for f in found)


def test_an_overtime_board_with_a_player_at_seven_gigs_is_a_finished_game():
    """1.11: in overtime 7 Gigs win at once, so such a board can't be a game going on; without overtime it can
    (the win is checked as that player's turn starts, 1.10)."""
    seven = "    gigs: [d4=1, d6=2, d8=3, d10=4, d12=5, d20=6, d6=3]"
    found = problems("overtime: true\n" + BASE.format(alice=seven))
    assert len(found) == 1 and found[0].startswith("test.yaml:1:") and "already over" in found[0]
    scenario(BASE.format(alice=seven))


def test_a_card_name_cut_at_its_comma_in_a_flow_list_says_to_quote_it():
    found = problems(BASE.format(alice="    hand: [Three Mouths, One Desire]") +
                     'actions:\n  - play: "Three Mouths, One Desire"\n')
    assert len(found) == 1 and ":5:" in found[0] and "put a name that holds one in quotes" in found[0]
    scenario(BASE.format(alice='    hand: ["Three Mouths, One Desire"]'))


@pytest.mark.parametrize("gig, says", [("d6=0", "a d6 shows 1 to 6 (6.1.1), not 0"),
                                       ("d7=3", "'d7' is not a Gig die: the dice are d4, d6, d8, d10, d12, d20"),
                                       ("x=3", "a Gig is written like 'd6=4'")])
def test_a_bad_gig_says_what_is_wrong_with_it(gig, says):
    found = problems(BASE.format(alice=f"    gigs: [{gig}]"))
    assert len(found) == 1 and says in found[0]


def test_boards_the_rules_cannot_reach_are_input_errors():
    """4.10.1: Gear goes on a Unit or a face-up Legend; 5.13.1: removed cards are public, face-up."""
    found = problems(BASE.format(alice='    legends: [{card: "Goro Takemura: Hands Unclean", gear: [Mantis Blades]}]\n'
                                       '    removed: [{card: Psycho Squad, face_up: false}]'))
    assert len(found) == 2
    assert "face-up Legend (4.10.1)" in found[0] and "removed from the game are face-up" in found[1]
    scenario(BASE.format(alice='    legends: [{card: "Goro Takemura: Hands Unclean", face_up: true, '
                               'gear: [Mantis Blades]}]'))


def test_a_board_with_more_dice_of_a_kind_than_the_two_sets_hold_is_refused():
    """7.2: each player brings one die of each kind, so the Gig and fixer areas hold at most two d6 between them."""
    found = problems(BASE.format(alice="    gigs: [d6=1, d6=2, d6=3]"))
    assert any("3 d6 dice in the Gig and fixer areas" in f and "(7.2)" in f for f in found)
    scenario(BASE.format(alice="    gigs: [d6=1, d6=2]"))  # her own and one she stole


def test_a_program_effect_written_as_play_is_told_to_be_resolve():
    """4.13: a Program's effect resolves as it is played; `when: play` ([PLAY]) would never resolve it."""
    found = problems("scenario: t\ncards:\n  - name: Test Hack\n    type: Program\n    effects:\n      - when: play\n"
                     "        do: [{draw: 1}]\n        text: draw 1\nplayers:\n  alice: {}\n  bob: {}\n")
    assert any("write `when: resolve` (4.13)" in f for f in found)


def test_a_quick_keyword_line_beside_several_activated_effects_must_name_its_effect():
    """11.26.1.2: [QUICK] beside other text is that effect's; beside two activated effects the file must say which
    (`quick: true`), since judgekit would otherwise read the keyword as belonging to neither."""
    card = ("scenario: t\ncards:\n  - name: Test Quickling\n    type: Legend\n    cost: null\n    keywords: [QUICK]\n"
            "    effects:\n      - {{activate: {{pay: 1}}, do: [{{draw: 1}}]{mark}}}\n"
            "      - {{activate: {{spend: true}}, do: [{{draw: 1}}]}}\nplayers:\n  alice: {{}}\n  bob: {{}}\n")
    found = problems(card.format(mark=""))
    assert any("write `quick: true` on that effect" in f and "(11.26.1.2)" in f for f in found)
    scenario(card.format(mark=", quick: true"))


@pytest.mark.parametrize("side", ["rival", "any"])
def test_an_effect_playing_a_card_that_is_not_friendly_is_an_input_error(side):
    """11.4.2 lets an effect play a card from elsewhere than the hand, but judgekit plays one only from its own
    controller's hand, trash or deck: a rival's card would silently not be played, so the card data is refused."""
    card = ("cards:\n  - name: Grave Robber\n    type: Program\n    effects:\n      - when: resolve\n"
            "        do: [{{choose: {{targets: [{{kind: Unit, side: {side}, area: trash}}], "
            "do: [{{if_you_do: {{do: [{{play_free: {{card: target}}}}]}}}}]}}}}]\n")
    found = problems("scenario: t\n" + card.format(side=side) + "players:\n  alice: {}\n  bob: {}\n")
    assert any(f"`play_free` plays target, a `side: {side}` target" in f for f in found)
    scenario("scenario: t\n" + card.format(side="friendly") + "players:\n  alice: {}\n  bob: {}\n")
