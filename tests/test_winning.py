"""Winning and losing (1.10-1.17): at once, ending the game; ties; conceding."""
from __future__ import annotations

from judgekit.engine import winning
from tests.conftest import cited_ids, rule_of


def test_1_17_1_both_players_losing_at_once_is_a_tie():
    assert winning.result_of(["alice", "bob"], ["alice", "bob"]) == {"winner": None, "tie": True}
    assert winning.result_of(["bob"], ["alice", "bob"]) == {"winner": "alice", "tie": False}
    assert winning.result_of([], ["alice", "bob"]) == {"winner": None, "tie": False}


def test_1_17_a_loss_ends_the_action_at_once():
    text = """
    scenario: t
    cards:
      - name: Test Gamble
        type: Program
        cost: 0
        effects:
          - {when: resolve, do: [{draw: 2}, {trash: 1}]}
    players:
      alice:
        hand: [Test Gamble]
        deck: 1
      bob: {}
    actions:
      - play: Test Gamble
    """
    _, result, data = rule_of(text)
    assert result.final.losers == ["alice"]
    assert data["verdict"]["winner"] == "bob"
    assert not any("trashed" in s["text"] for s in data["steps"])
    assert {"lose.first-card-not-drawn", "lose.instant"} <= cited_ids(result)


def test_1_16_conceding_on_the_rivals_turn_loses():
    text = """
    scenario: t
    players: {alice: {}, bob: {}}
    actions:
      - {concede: true, by: bob}
      - {concede: true, by: alice}
    """
    _, result, data = rule_of(text)
    assert result.final.losers == ["bob"]
    assert [o.allowed for o in result.outcomes] == [True, False]
    assert data["verdict"]["winner"] == "alice" and not data["verdict"]["tie"]
