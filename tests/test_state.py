"""The game state's notion of what a card is now (4.2.1: a Legend in the field is also a Unit)."""
from __future__ import annotations

from judgekit.engine.card_definition import CardDef, types_in
from judgekit.engine.state import legend_as_unit
from tests.conftest import cited_ids, rule_of

LEGEND = CardDef(name="Test Legend", types=("Legend",), cost=3, power=4)


def test_4_2_1_a_legend_in_the_field_is_also_a_unit():
    assert types_in(LEGEND, "field") == ("Legend", "Unit")


def test_4_2_1_a_legend_in_the_legends_area_is_not_a_unit():
    assert types_in(LEGEND, "legends") == ("Legend",)


def test_4_2_1_a_printed_unit_is_a_unit_everywhere():
    unit = CardDef(name="Test Unit", types=("Unit",))
    assert types_in(unit, "trash") == ("Unit",) and types_in(unit, "field") == ("Unit",)


BOARD = """
scenario: t
players:
  alice:
    field: [{card: "Goro Takemura: Hands Unclean", label: goro}, {card: Corpo Security, label: guard}]
    legends: [{card: "V: Streetkid", label: v, face_up: true}]
  bob: {}
"""


def test_4_2_1_is_a_asks_where_the_card_is_now():
    _, result, _ = rule_of(BOARD)
    state = result.final
    assert state.is_a("goro", "Unit") and state.is_a("goro", "Legend")
    assert not state.is_a("v", "Unit")
    assert state.is_a("v", "Unit", area="field")


def test_4_2_1_is_cited_only_when_a_legend_is_counted_as_a_unit():
    _, result, _ = rule_of(BOARD)
    state = result.final
    assert legend_as_unit(state, ["guard", "goro"]) == ("card-types.legend-on-field-is-unit",)
    assert legend_as_unit(state, ["guard"]) == ()
    assert legend_as_unit(state, ["goro"], kind="Legend") == ()


def test_4_2_1_each_rival_unit_includes_a_legend_in_the_field():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: ["(Don't Fear) The Reaper"], eddies: 7}
      bob:
        field: [{card: Corpo Security, label: guard}, {card: "Goro Takemura: Hands Unclean", label: goro}]
    actions: [{play: "(Don't Fear) The Reaper", targets: [guard]}]
    """)
    assert result.final.cards["goro"].spent
    assert "card-types.legend-on-field-is-unit" in cited_ids(result)


def test_4_2_1_a_spent_rival_legend_in_the_field_is_a_valid_attack_target():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {field: [{card: 6th Street Recruits, label: recruits}]}
      bob: {field: [{card: "V: Streetkid", label: v, spent: true}]}
    actions: [{attack: recruits, target: v, react: []}]
    """)
    assert result.outcomes[0].allowed
    assert result.final.locate("v")[1] == "removed"


IN_PLAY = """
scenario: t
players:
  alice:
    field: [{card: "Goro Takemura: Hands Unclean", label: goro, gear: [{card: Mantis Blades, label: blades}]}]
    legends: [{card: "V: Streetkid", label: v}]
    hand: [{card: Corpo Security, label: held}]
    trash: [{card: Mantis Blades, label: spare}]
  bob: {}
"""


def test_5_6_2_2_in_play_is_the_field_the_legends_area_and_gear_equipped_there():
    """One answer to "is this card in play?": the field (5.6.2.2), the Legends area face-up or down, and a Gear
    equipped to a card there (4.10.2, 4.12; the FAQ counts a rival's Gears "in play")."""
    state = rule_of(IN_PLAY)[1].final
    assert state.locate("blades")[1] == "equipped"
    assert [state.in_play(label) for label in ("goro", "v", "blades", "held", "spare")] == \
        [True, True, True, False, False]


def test_the_engine_asks_in_play_of_the_state_rather_than_spelling_out_its_areas():
    import re
    from tests.conftest import ROOT
    area = r"""\s*["'](?:field|legends|equipped)["']\s*"""
    spelled = re.compile(rf"\({area}(?:,{area})+\)")  # a tuple of those areas and no other
    found = [f"{path.name}:{n}" for path in sorted((ROOT / "judgekit").rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if spelled.search(line) and "IN_PLAY_AREAS =" not in line and path.parts[-2] != "render"]
    assert found == []


def _every_effect_working(state, kind):
    """`persistent.active_effects` as its docstring says it, read off every card where its text works."""
    out = []
    for name in state.players:
        for label in state.text_works(name):
            card = state.cards[label]
            out += [(label, name, e, label) for e in card.definition.effects if e.kind == kind]
            for g in card.gear:
                out += [(g, name, e, label) for e in state.cards[g].definition.bottom_effects if e.kind == kind]
                out += [(g, name, e, g) for e in state.cards[g].definition.top_effects if e.kind == kind]
    return out


def test_the_effects_working_read_only_the_cards_that_print_one_and_find_all_of_them(shipped_runs):
    """`active_effects` passes over the cards of a game that print no effect of the kind (`GameState.printed_on`,
    found once per game): on every shipped board, before and after its actions, it finds what reading every card
    where its text works finds, in the same order."""
    from judgekit.engine.persistent import active_effects
    found = 0
    for path, _, result in shipped_runs:
        for state in (result.initial, result.final):
            for kind in ("persistent", "replacement", "activated", "triggered"):
                expected = _every_effect_working(state, kind)
                assert list(active_effects(state, kind)) == expected, (path, kind)
                found += bool(expected)
    assert found > 100


def test_what_a_game_prints_is_found_anew_when_a_card_gets_a_new_text():
    """`printed_on` is shared by the copies of a state; a copy where a card's definition changes finds it anew,
    and the state it was copied from still answers as before."""
    from dataclasses import replace

    from judgekit.engine.card_definition import Effect
    from judgekit.engine.persistent import active_effects
    _, result, _ = rule_of(BOARD)
    before = result.final
    working = list(active_effects(before))
    assert not any(source == "goro" for source, *_ in working)
    after = before.copy()
    assert after.printed_on("persistent effects", None) is before.printed_on("persistent effects", None)
    bonus = Effect(trigger="persistent", text="+2 power", grants=(("power", 2),))
    goro = after.cards["goro"].definition
    after.change("goro", definition=replace(goro, effects=goro.effects + (bonus,)))
    assert ("goro", "alice", bonus, "goro") in list(active_effects(after))
    assert list(active_effects(before)) == working and "goro" not in before.printed_on("persistent effects", None)


def test_a_laid_out_card_and_a_recorded_step_are_what_their_classes_make():
    """`state.laid_out` and `Recorder.add` fill their frozen records without `__init__`: the same fields and values,
    in the same order, equal to what the class makes, and still frozen."""
    import dataclasses

    import pytest

    from judgekit.engine.state import Card, laid_out
    from judgekit.engine.trace import Recorder, Step
    card = laid_out("v", LEGEND, "alice", False, True, False, "goro")
    assert card == Card("v", LEGEND, "alice", False, True, False, equipped_to="goro")
    assert list(vars(card)) == list(Card.__dataclass_fields__)
    recorder = Recorder()
    recorder.add("move", "V moves.", "a", "b", player="alice", cards=("v",), choice=("targets",), empty_fixers=True)
    [step] = recorder.steps
    assert step == Step("move", "V moves.", ("a", "b"), "alice", ("v",), choice=("targets",), empty_fixers=True)
    assert list(vars(step)) == list(Step.__dataclass_fields__)
    with pytest.raises(dataclasses.FrozenInstanceError):
        step.text = "changed"


def test_a_copy_of_a_player_has_every_field_and_its_own_areas():
    """`Player.copy` names each field: a player with every field away from its default copies equal, every list
    its own (a change to the copy's areas leaves the original as it was)."""
    import dataclasses

    from judgekit.engine.state import Player
    values = {field.name: [f"{field.name}-card"] if field.default is dataclasses.MISSING else
              True if field.default is False else "Data Heist" for field in dataclasses.fields(Player)[1:]}
    values["name"] = "alice"
    player = Player(**values)
    twin = player.copy()
    assert twin == player and twin != Player("alice")
    for name, value in values.items():
        if isinstance(value, list):
            assert getattr(twin, name) is not getattr(player, name), name
