"""Pre-game setup, CR 7.4-7.9: order, seeded shuffles, the first player's Legends, mulligans."""
from __future__ import annotations

import pytest

from judgekit.scenario.yaml_lines import InputError
from tests.conftest import cited_ids, rule_of

SETUP = """
scenario: t
phase: setup
seed: {seed}
players:
  alice:
    legends: ["V: Streetkid", "Goro Takemura: Hands Unclean", "Jackie Welles: Mama's Favorite"]
    deck: 40
  bob:
    legends: ["Rogue Amendiares: Preem Solo", "Panam Palmer: Nomad Cavalry", "Judy Álvarez: Braindance Maestro"]
    deck: 40
actions:
  - {{setup: game{extra}}}
"""


def setup(extra=", first: alice, mulligan: []", seed=0):
    return rule_of(SETUP.format(extra=extra, seed=seed))


def test_7_7_4_the_first_player_spends_their_two_left_most_legends():
    _, result, _ = setup()
    alice, bob = result.final.players["alice"], result.final.players["bob"]
    assert [result.final.cards[c].spent for c in alice.legends] == [True, True, False]
    assert not any(result.final.cards[c].spent for c in bob.legends)
    assert all(not result.final.cards[c].face_up for c in alice.legends + bob.legends)


def test_7_8_and_7_9_dice_in_the_fixer_area_and_six_card_hands():
    _, result, _ = setup()
    for player in result.final.players.values():
        assert player.fixer == ["d4", "d6", "d8", "d10", "d12", "d20"]
        assert len(player.hand) == 6 and len(player.deck) == 34
    assert result.final.phase == "start" and result.final.turn == "alice"


def test_shuffles_come_from_the_seed():
    def hands(seed):
        _, result, _ = setup(seed=seed)
        return result.final.players["alice"].hand
    assert hands(1) == hands(1)
    assert any(hands(1) != hands(s) for s in range(2, 6))


def test_7_9_3_mulligan_returns_reshuffles_and_redraws():
    _, result, _ = setup(extra=", first: alice, mulligan: [bob]")
    assert len(result.final.players["bob"].hand) == 6
    assert {"setup.mulligan.return-and-shuffle", "setup.mulligan.redraw"} <= cited_ids(result)


def test_5_5_3_a_mulliganed_hand_goes_back_into_the_deck_face_down():
    """Found by the random legal games (tests/random_games.py): the returned hand stayed face-up in the deck."""
    _, result, _ = setup(extra=", first: alice, mulligan: [alice, bob]")
    for player in result.final.players.values():
        assert not any(result.final.cards[c].face_up for c in player.deck)
        assert all(result.final.cards[c].face_up for c in player.hand)


def test_unscripted_mulligans_make_the_ruling_wait():
    _, result, data = setup(extra=", first: alice")
    assert data["verdict"]["awaiting"] and "mulligan" in data["verdict"]["awaiting"]


def test_mulligan_names_players_once_and_setup_keys_need_setup_game():
    with pytest.raises(InputError):
        setup(extra=", first: alice, mulligan: [carol]")
    with pytest.raises(InputError) as error:
        rule_of(SETUP.format(extra="", seed=0).replace("{setup: game}", "{draw: 1, first: alice}"))
    assert "`first` and `mulligan` go with `setup: game`" in str(error.value)


def test_7_7_4_the_ready_step_does_not_say_nothing_was_spent_while_the_two_legends_stay_spent():
    """8.6.3 on the starting turn: the 2 Legends spent in setup stay spent, so the ready step must not claim that
    none of the player's cards was spent."""
    text = SETUP.format(extra=", first: alice, mulligan: []", seed=0).replace(
        "    deck: 40\n  bob:", "    deck: 40\n    fixer: [d4]\n  bob:") + "  - {start_phase: true, roll_in: d4, roll: 2}\n"
    _, result, _ = rule_of(text)
    alice = result.final.players["alice"]
    assert [result.final.cards[c].spent for c in alice.legends] == [True, True, False]
    ready = [step.text for outcome in result.outcomes for step in outcome.steps if step.kind == "ready"]
    assert ready and "none was spent" not in ready[-1] and "no other card was spent" in ready[-1]
