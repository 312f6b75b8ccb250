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


def _ruling(text: str) -> dict:
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build
    built = build(text, "t.yaml")
    return ruling(built, run_scenario(built), load_rulebook())


def test_1_11_1_overtime_reached_only_because_the_file_lists_no_fixer_dice_is_noted_for_its_author():
    """1.11.1: two turns in a row begin with both fixer areas empty, then overtime. A board that states no fixer dice
    has them empty, so a three-turn question reaches overtime: the step says why, for whoever wrote the file."""
    base = "scenario: t\nplayers:\n  alice: {{deck: 5{fixer}}}\n  bob: {{deck: 5{fixer}}}\nactions:\n{turns}"
    passes = "  - pass_turn: true\n" * 3
    unstated = _ruling(base.format(fixer="", turns=passes))
    [begins] = [s for s in unstated["steps"] if "overtime begins" in s["text"] and s["text"].startswith("Two turns")]
    assert "states no fixer dice" in begins["note"]
    assert not [s for s in unstated["steps"] if s.get("note") and s is not begins]
    stated_empty = _ruling(base.format(fixer=", fixer: []", turns=passes))
    assert stated_empty["board"]["overtime"] and not [s for s in stated_empty["steps"] if s.get("note")]
    rolls = "  - {pass_turn: true, roll_in: d4, roll: 2}\n" * 2 + "  - {pass_turn: true, roll_in: d6, roll: 3}\n"
    with_dice = _ruling(base.format(fixer=", fixer: [d4, d6]", turns=rolls))
    assert not with_dice["board"]["overtime"] and not [s for s in with_dice["steps"] if s.get("note")]
