"""Legal options (engine/feasibility.py; 10.7, 10.31.1): whether a part of an effect could do anything now."""
from __future__ import annotations

from judgekit.engine import feasibility
from judgekit.engine.context import Context, SeededRandom
from judgekit.engine.trace import Recorder
from tests.conftest import scenario

BOARD = """
scenario: t
players:
  alice:
    hand: [Floor It]
    legends: [{card: "V: Streetkid", label: v}]
    eddies: 1
    called_legend_this_turn: CALLED
  bob: {}
"""


def context(called: bool = False) -> Context:
    state = scenario(BOARD.replace("CALLED", "true" if called else "false")).state
    return Context(state=state, rec=Recorder(), rng=SeededRandom(0), seed=0)


CALL_ONE = ({"choose": {"targets": [{"kind": "Legend", "side": "friendly", "area": "legends", "face_up": False}],
                        "do": [{"call_free": "target"}]}},)


def test_10_7_a_free_call_is_possible_with_a_face_down_legend_and_no_call_yet():
    assert feasibility.nothing_to_do(context(), "v", "alice", CALL_ONE, {}) is None


def test_10_31_1_a_call_already_made_this_turn_leaves_no_legal_option_and_says_why():
    blocked = feasibility.nothing_to_do(context(called=True), "v", "alice", CALL_ONE, {})
    assert blocked is not None and "already Called" in blocked.why
    assert {"effects.no-legal-target", "effect-choices.no-legal-choice", "call-a-legend.once-per-turn"} <= \
        set(blocked.cites)


def test_discarding_and_paying_are_possible_only_with_enough():
    ctx = context()
    assert feasibility.nothing_to_do(ctx, "v", "alice", ({"discard": {"count": 1}},), {}) is None
    assert feasibility.nothing_to_do(ctx, "v", "alice", ({"discard": {"count": 2, "all_or_nothing": True}},), {})
    assert feasibility.nothing_to_do(ctx, "v", "alice", ({"pay": 1},), {}) is None
    assert "cost.paid-in-full" in feasibility.nothing_to_do(ctx, "v", "alice", ({"pay": 3},), {}).cites  # 1 Eddie, 1 Legend


def test_an_instruction_without_a_check_counts_as_possible():
    assert feasibility.nothing_to_do(context(), "v", "alice", ({"draw": 1}, {"pay": 5}), {}) is None
