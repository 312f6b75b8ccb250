"""Copies of one effect pending for different events (10.16.3): they do the same thing unless the effect reads its
event (judgekit/scenario/event_facts.py `read_by`), and then their order is the player's (10.12), each named by
its event in `order:` (judgekit/engine/pending_order.py)."""
from __future__ import annotations

import io

import pytest

from judgekit.ask.session import Session
from judgekit.ask.terminal import run_lines

from judgekit.engine.card_definition import Effect
from judgekit.scenario import event_facts
from judgekit.scenario.running import run_scenario
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import scenario

V_BOARD = """
scenario: t
players:
  alice:
    field:
      - {card: "V: Roamer of the Badlands", label: v, gear: [Mantis Blades]}
      - {card: "Saul Bright: Stormrider", label: saul}
  bob:
    gigs: [d4=1, d6=2, d12=3]
actions:
  - attack: v
    target: gig-area
    react: []
    steal: [d4, d6]
    order: ORDER
    numbers: [1, 1]
"""


@pytest.mark.parametrize("effect, read", [
    (Effect("steals", do=({"adjust": {"gig": "stolen", "increase": 5, "up_to": True}},)), {"stolen"}),
    (Effect("steals", do=({"discard": {"count": 1, "who": "rival"}},)), set()),
    (Effect("friendly-steals", condition=({"stolen_die": "d6"},), do=({"draw": 1},)), set()),
    (Effect("steals", condition=({"stolen_value": 4},), do=({"draw": 1},)), {"stolen"}),
    (Effect("rolls-min-or-max", do=({"only_if": {"if": [{"rolled_die": ["d20"]}], "do": [{"draw": 3}]}},)),
     {"rolled"}),
    (Effect("any-defeated", do=({"bottom_deck": "it"},)), {"it"}),
    (Effect("play", do=({"next_time": {"when": "fights", "do": [{"defeat": "opponent"}]}},)), set()),
])
def test_what_an_effect_reads_of_its_event(effect, read):
    """A die its own condition names held as it triggered and stays the same: no read; a delayed trigger's own
    event is not this one."""
    assert event_facts.read_by(effect) == frozenset(read)


def test_a_name_for_several_copies_that_act_on_their_own_events_is_an_input_error_naming_each():
    built = scenario(V_BOARD.replace("ORDER", "[v, v]"))
    with pytest.raises(InputError) as error:
        run_scenario(built)
    [problem] = error.value.problems
    assert problem.field == "actions.0.order"
    assert "names 2 pending copies of one effect" in problem.message and "v for d4, v for d6" in problem.message


def test_a_copy_is_named_by_its_gig_with_or_without_the_value():
    result = run_scenario(scenario(V_BOARD.replace("ORDER", '["v for d6=2", "v for d4"]')))
    assert sorted(result.final.players["alice"].gigs) == [("d4", 2), ("d6", 3)]


def test_a_card_whose_name_holds_for_is_still_a_card_in_order():
    built = scenario("""
        scenario: t
        players:
          alice:
            hand: [Appetite for Destruction]
            eddies: 9
          bob: {}
        actions:
          - play: Appetite for Destruction
            order: [Appetite for Destruction]
        """)
    assert built.actions[0].order == ("Appetite for Destruction",)


def test_ask_takes_copies_named_by_their_events_typed_bare():
    """10.12 at the table: `v for d6, v for d4` while V's two copies wait for their order."""
    session, out = Session(), io.StringIO()
    lines = ['alice field "V: Roamer"', "gear mantis on v", "alice field saul", "bob gigs d4=1 d6=2",
             "attack v gig-area", "pass", "v for d6, v for d4"]
    run_lines(session, [line + "\n" for line in lines], out, echo=True)
    said = out.getvalue().split("ask> v for d6, v for d4\n", 1)[1]
    assert said.startswith("Read as `order: [v for d6, v for d4]`.")
    assert "chooses to resolve V: Roamer of the Badlands [v]'s effect (when this Unit steals a Gig) for the stolen " \
           "Gig d6=2 next." in said
