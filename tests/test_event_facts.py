"""An effect names only the facts its trigger gives (judgekit/scenario/event_facts.py): `opponent`, `it`, the
stolen Gig, an `actor` key of one kind of event. Naming one its trigger does not give is an input error at the
card's effect (file, line, field), not a crash or a trigger that silently never fires."""
from __future__ import annotations

import pytest

from judgekit.rules.book import load_rulebook
from judgekit.scenario.build import build_file
from judgekit.scenario.yaml_lines import InputError

BOARD = """scenario: t
cards:
  - {{name: Grunt, type: Unit, cost: 2, power: 3, tags: [GANGER]}}
  - name: Odd One
    type: Unit
    cost: 3
    power: 4
    tags: [MERC]
    effects:
      - {effect}
players:
  alice:
    field: [Grunt]
    deck: 3
  bob:
    gigs: ["d6=4"]
"""
LINE = 10  # the effect's line in BOARD


@pytest.mark.parametrize("effect, says", [
    ("{when: play, do: [{defeat: opponent}]}", "`opponent` names the Unit it fought, which only a fight trigger"),
    ("{when: play, do: [{give: {card: it, power: 2}}]}", "`it` names the card the event was about"),
    ("{when: attack, do: [{adjust: {gig: stolen, increase: 1}}]}", "`gig: stolen` names the Gig a steal trigger"),
    ("{when: attack, if: [{stolen_die: d6}], do: [{draw: 1}]}", "`stolen_die` names the Gig a steal trigger"),
    ("{when: friendly-attacks, actor: {stole_below_its_power: true}, do: [{draw: 1}]}",
     "`actor.stole_below_its_power` is a fact of the event of `friendly-steals` only; a `friendly-attacks` event"),
    ("{when: play, do: [{next_time: {when: attack, do: [{defeat: opponent}]}}]}", "`opponent` names"),
    ("{when: resolve, targets: [{kind: Unit, side: friendly, power_equals_stolen: true}], do: [{ready: target}]}",
     "`power_equals_stolen` names the value of the Gig"),
])
def test_a_fact_its_trigger_does_not_give_is_refused_at_the_effect(tmp_path, effect, says):
    path = tmp_path / "odd.yaml"
    path.write_text(BOARD.format(effect=effect), encoding="utf-8")
    with pytest.raises(InputError) as error:
        build_file(path, load_rulebook())
    [problem] = error.value.problems
    assert (problem.file, problem.line, problem.field) == (str(path), LINE, "cards.1.effects.0")
    assert says in problem.message


@pytest.mark.parametrize("effect", [
    "{when: loses-fight, do: [{defeat: opponent}]}",
    "{when: friendly-attacks, do: [{give: {card: it, power: 2}}]}",
    "{when: steals, if: [{stolen_die: d6}], do: [{adjust: {gig: stolen, increase: 1}}]}",
    "{when: friendly-steals, actor: {stole_below_its_power: true}, do: [{draw: 1}]}",
    "{when: play, do: [{next_time: {when: fights, do: [{defeat: opponent}, {spend: it}]}}]}",
    "{when: play, text: it gets +2 power, do: [{draw: 1}]}",
])
def test_a_fact_its_trigger_gives_is_accepted(tmp_path, effect):
    path = tmp_path / "fine.yaml"
    path.write_text(BOARD.format(effect=effect), encoding="utf-8")
    build_file(path, load_rulebook())
