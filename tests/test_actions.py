"""Actions as all-or-nothing transitions: refusals leave the state exactly as it was; output is deterministic."""
from __future__ import annotations

import json

import pytest

from judgekit.options import list_options
from judgekit.ruling import ruling, run_scenario
from tests.conftest import SCENARIOS, rule_of, scenario
from judgekit.scenario.build import build_file
from judgekit.scenario.yaml_lines import InputError


def test_a_refused_action_leaves_the_state_untouched_and_later_actions_still_run():
    built = scenario("""
    scenario: t
    players:
      alice: {hand: [6th Street Recruits, Corpo Security], eddies: 2}
      bob: {}
    actions:
      - play: 6th Street Recruits
      - play: Corpo Security
    """)
    before = built.state.copy()
    result = run_scenario(built)
    assert [o.allowed for o in result.outcomes] == [False, True]
    assert built.state == before
    assert result.outcomes[0].steps[0].kind == "refuse"
    assert "play.undo-invalid" in result.outcomes[0].steps[0].cites


def test_same_file_and_seed_give_byte_identical_json(book, shipped_ruling_data):
    """Each shipped file built and run again gives the bytes of the session's own earlier build and run (its
    ruling data, tests/conftest.py)."""
    assert len(shipped_ruling_data) == len(list(SCENARIOS.rglob("*.yaml")))
    for path, first in shipped_ruling_data:
        built = build_file(path, book)
        again = json.dumps(ruling(built, run_scenario(built), book), ensure_ascii=False)
        assert again == json.dumps(first, ensure_ascii=False), path


def test_the_engine_never_mutates_the_initial_state():
    built = build_file(SCENARIOS / "card-types" / "4.1-play-each-card-type.yaml")
    before = built.state.copy()
    result = run_scenario(built)
    assert result.initial == before and result.final != before


SEARCHING_PROGRAM = """
scenario: t
cards:
  - {name: Test Scout, type: Program, cost: 0,
     effects: [{when: resolve, do: [{search: {count: 2, take: 1, kind: Unit}}], text: take a Unit from the top 2}]}
players:
  alice: {hand: [Test Scout], deck: [Corpo Security, Mantis Blades]}
  bob: {}
actions: [{play: Test Scout}]
"""


def _await_step(result):
    return [step for outcome in result.outcomes for step in outcome.steps if step.kind == "await"][0]


def test_10_2_3_a_choice_awaited_while_an_effect_resolves_says_nothing_else_can_happen_meanwhile():
    waiting = _await_step(rule_of(SEARCHING_PROGRAM)[1])
    assert "effects.no-actions-while-resolving" in waiting.cites and "still resolving" in waiting.text
    assert "pending.blocks-actions" not in waiting.cites, "nothing else is pending"


def test_10_11_1_effects_still_pending_when_the_ruling_waits_block_every_action_and_stay_pending():
    _, result, _ = rule_of((SCENARIOS / "effects" / "10.12-player-orders-their-own-pending-effects.yaml").read_text(
        encoding="utf-8"))
    waiting = _await_step(result)
    assert {"pending.blocks-actions", "pending.stays-pending"} <= set(waiting.cites)
    assert "2 effects stay pending" in waiting.text and len(result.final.pending) == 2
    assert "effects.no-actions-while-resolving" not in waiting.cites, "no effect has started resolving"


def test_an_await_outside_any_effect_cites_neither_10_2_3_nor_10_11_1():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [Psycho Squad]}
      bob: {gigs: [d6=2]}
    actions: [{attack: Psycho Squad, target: gig-area}]
    """)
    waiting = _await_step(result)
    assert not {"effects.no-actions-while-resolving", "pending.blocks-actions"} & set(waiting.cites)


def test_10_2_3_an_action_scripted_after_a_choice_awaited_mid_resolution_is_an_input_error_naming_the_rule():
    with pytest.raises(InputError) as error:
        rule_of(SEARCHING_PROGRAM.replace("actions: [{play: Test Scout}]",
                                          "actions: [{play: Test Scout}, {draw: 1}]"))
    assert "still waiting for" in str(error.value) and "no game action can be taken (an effect is still resolving, 10.2.3)" in str(error.value)


def test_every_verb_of_the_scenario_format_is_one_kind_in_the_action_table():
    """One table of action kinds (issue #28): each verb runs, is described and is allowed mid-attack through it."""
    from judgekit.engine.action_kinds import ACTION_KINDS, REACTIONS
    from judgekit.scenario.model.actions import VERBS

    assert tuple(ACTION_KINDS) == VERBS
    assert set(REACTIONS) == {"block", "quick", "call"}  # 9.8 Call a Legend, 9.9 [BLOCKER], 9.10 [QUICK]
    mid_attack = {name for name, kind in ACTION_KINDS.items() if kind.during_an_attack}
    assert mid_attack == {"resume_attack", "concede", "move", "defeat", "bottom_deck", "draw", "adjust", "swap"}


def test_a_choice_scripted_under_the_wrong_key_names_the_key_the_ruling_waits_for():
    """An optional replacement effect (10.26) is answered with `replacements`, not `may`: the error says so."""
    text = (SCENARIOS / "effects" / "10.26-optional-replacement-applied-go-solo-legend-removed.yaml").read_text(
        encoding="utf-8").replace("replacements: {jackie: true}", "may: {jackie: true}")
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "`may` scripts 'jackie', but the ruling never needed that choice; it is waiting for `replacements` " \
           "instead" in str(error.value)


def test_playing_or_selling_a_card_the_scenario_does_not_name_is_an_input_error_not_a_refusal():
    """An unnamed deck card has no known type or Sell Tag: judgekit cannot judge it, and says so (no rule refuses)."""
    base = "scenario: t\nplayers:\n  alice: {deck: 1}\n  bob: {}\nactions: [{draw: 1}, {%s: alice-deck-1}]\n"
    for verb in ("play", "sell"):
        with pytest.raises(InputError) as error:
            rule_of(base % verb)
        assert "alice-deck-1 is a card the scenario does not name" in str(error.value)
    listing = list_options(scenario(base.replace(", {%s: alice-deck-1}", "")))
    assert not [o for o in listing.options if "alice-deck-1" in o.action.cards]


def test_more_answers_than_a_choice_takes_says_how_many_it_asked_for():
    """Three Mouths, One Desire with one min Gig keeps at most 2 cards: a third scripted answer is left over."""
    with pytest.raises(InputError) as error:
        rule_of("""
        scenario: t
        players:
          alice:
            hand: ["Three Mouths, One Desire"]
            eddies: 2
            gigs: [d6=1, d8=5]
            deck: {top: [Mantis Blades, Gorilla Arms, Corpo Security], count: 5}
          bob: {deck: 20}
        actions:
        - play: "Three Mouths, One Desire"
          targets: [Mantis Blades, Gorilla Arms, Corpo Security]
        """)
    assert "`targets` scripts 3 answers, but the ruling asked for only 2: 'Corpo Security' and any after it are " \
           "left over" in str(error.value)


def test_gigs_scripted_on_an_attack_points_to_steal():
    with pytest.raises(InputError) as error:
        rule_of("""
        scenario: t
        players:
          alice: {field: [Psycho Squad]}
          bob: {gigs: [d6=2, d8=3]}
        actions:
        - {attack: Psycho Squad, target: gig-area, react: [], gigs: [d6]}
        """)
    assert "the Gigs an attack steals are written `steal:`" in str(error.value)


def test_a_scripted_answer_for_a_replacement_that_cannot_apply_says_so():
    """A "you may ... instead choose one" none of whose choices can be done is never offered (10.27): a scripted yes
    is left over, and the error says the effect can't be applied, not a count of answers."""
    with pytest.raises(InputError) as error:
        rule_of("""
        scenario: t
        cards:
          - name: Shield Drone
            type: Unit
            cost: 2
            power: 2
            effects:
              - replace: defeated
                affects: friendly-units
                affected: {other: true}
                optional: true
                modes:
                  - {text: defeat a rival unit, targets: [{kind: Unit, side: rival}], do: [{defeat: target}]}
                text: you may, if another friendly Unit would be defeated, instead defeat a rival Unit
        players:
          alice: {field: [{card: Shield Drone, label: drone}, {card: Psycho Squad, label: squad}], deck: 5}
          bob: {deck: 5}
        actions:
          - {defeat: squad, by: bob, replacements: {drone: true}}
        """)
    assert "`replacements` scripts an answer for 'drone', but the ruling never asked it: that effect can't be " \
           "applied here" in str(error.value)
    assert "-1" not in str(error.value)


def test_a_payment_scripted_for_an_effect_that_could_not_be_paid_says_why_it_was_never_asked():
    """11.1.2: El Sombrerón's 2 €$ can't be paid from one Eddie, so no card pays it; the scripted `payments:` is
    an input error that says the payment was not made for want of €$, not merely that it was never needed."""
    text = (SCENARIOS / "review" / "1701-an-effects-payment-scripted-with-a-legend-carrying-gear-draws-for-alt.yaml"
            ).read_text(encoding="utf-8")
    text = text.replace("    legends: [{card: \"Dexter DeShawn: Off the Grid\", label: dex, face_up: true, gear: "
                        "[{card: Mantis Blades, label: blades}]}]\n", "").replace("eddies: 2", "eddies: 1") \
        .replace("payments: [dex, alice-eddie-1]", "payments: [alice-eddie-1]")
    text = text.split("expect:")[0]
    with pytest.raises(InputError) as error:
        rule_of(text)
    assert "`payments` scripts 'alice-eddie-1', but the ruling never needed that choice; the €$ an effect asked " \
           "for could not be paid in full (a step of the ruling says why), so no card paid it" in str(error.value)


def test_an_action_is_filled_in_as_its_data_class_would_fill_it():
    """`Action.__init__` fills every field at once (not through `object.__setattr__`, a frozen class's way): each
    field its default unless given, in field order; an unknown field is refused; it stays frozen, equal and hashed
    by value, and `dataclasses.replace` still works, as `but` does."""
    import dataclasses

    from judgekit.engine.actions import Action
    fields = dataclasses.fields(Action)
    assert all(f.default_factory is dataclasses.MISSING for f in fields)  # defaults are shared immutable values
    action = Action("attack", "alice", ("unit-0",), target="rival-0", note="n")
    expected = {f.name: f.default for f in fields} | {"kind": "attack", "player": "alice", "cards": ("unit-0",),
                                                      "target": "rival-0", "note": "n"}
    assert list(vars(action).items()) == list(expected.items())
    assert Action("pass_turn", "bob") == Action(kind="pass_turn", player="bob", cards=())
    assert hash(action) == hash(Action("attack", "alice", ("unit-0",), target="rival-0", note="n"))
    moved = dataclasses.replace(action, player="bob")
    assert (moved.player, moved.target, action.player) == ("bob", "rival-0", "alice")
    assert action.but(player="bob", x=2) == dataclasses.replace(action, player="bob", x=2)
    assert list(vars(action.but(x=2))) == list(expected) and action.player == "alice"
    with pytest.raises(TypeError):
        Action("attack", "alice", targte="rival-0")
    with pytest.raises(TypeError):
        action.but(targte="rival-0")
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.player = "bob"
