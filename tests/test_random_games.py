"""Random legal games from the shipped example decks (issue #22, perft for a card game): every game ends by a
rule of CR 1.10-1.14, no step breaks an invariant, and the same seed plays the same game.

`python tools/random_games.py --games 10000` plays them at length (README: "Random legal games").
"""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT
from tests.random_games import board, invariants, play
from judgekit.scenario.build import build

GAMES = 100  # about 0.07 s of CPU each


@pytest.mark.parametrize("seed", range(GAMES))
def test_a_random_legal_game_ends_by_the_rules_and_keeps_every_invariant(seed):
    game = play(seed)
    assert game.crash is None, game.crash
    assert game.violations == []
    assert game.ended_by, "the game ended by a rule of 1.10-1.14"


def test_the_same_seed_plays_the_same_game_byte_for_byte():
    assert play(3).transcript == play(3).transcript
    assert play(3).transcript != play(4).transcript


def test_a_game_choosing_from_the_whole_listing_at_every_step_is_legal_too():
    game = play(1, listed=True)
    assert game.ok, (game.crash, game.violations)


def test_the_invariants_catch_a_broken_board():
    built = build(board(0), "<game>")
    state = built.state.copy()
    cards = set(state.cards)
    assert invariants(state, cards) == []
    deck = state.players["alice"].deck
    state.change(deck[0], face_up=True)
    state.players["bob"].hand.append(deck[1])
    problems = invariants(state, cards)
    assert any("face-up in alice's deck (5.5.3)" in p for p in problems)
    assert any("two places" in p for p in problems)


def test_the_tool_reports_games_and_exits_0():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "random_games.py"), "--games", "2", "--seed", "9"],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 games, 0 failed (0 crashes, 0 with invariant violations)" in done.stdout
