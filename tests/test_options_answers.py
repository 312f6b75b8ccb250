"""What the options listing says of an awaited choice's answers: those making the effect fail (6.4.4), and the
range of an X €$ the player can pay (11.16.1, 11.1.2)."""
from __future__ import annotations

from judgekit.options import list_options
from judgekit.rules.book import load_rulebook
from tests.conftest import scenario
from tests.test_options import ROAMER  # V steals a d4 showing 2 and may increase it by up to 5

WAKAKO = """
scenario: Wakako lowers a d6 showing 2 by up to 2
players:
  alice:
    legends: [{card: "Wakako Okada: Peace and Harmony", label: wakako, face_up: true}]
    gigs: [d6=2]
  bob:
    gigs: [d8=5]
actions:
  - {activate: wakako, gigs: [d6]}
"""

OVERCLOCKER = """
scenario: an X €$ cost with 3 €$ to pay it, 1 of them spent already
cards:
  - name: Overclocker
    type: Unit
    cost: 2
    power: 1
    color: Blue
    ram: 1
    effects:
      - activate: {pay: X, spend: true}
        text: this Unit gets +X power this turn
        do: [{give: {card: this, power: 1}}]
players:
  alice:
    hand: [Mantis Blades]
    field: [{card: Overclocker, label: oc}]
    eddies: 3
    deck: 10
  bob:
    deck: 10
actions:
  - {play: Mantis Blades, equip_to: oc}
  - activate: oc
"""


def _fails(text: str) -> tuple[str, dict[int, str | None]]:
    listing = list_options(scenario(text))
    data = listing.as_dict(load_rulebook())
    return data["awaiting"], {o["action"]["numbers"][-1]: o.get("fails") for o in data["options"]
                              if "numbers" in o["action"]}


def test_6_4_4_an_increase_past_the_highest_face_is_listed_as_failing_yet_allowed():
    awaiting, fails = _fails(ROAMER)
    assert sorted(fails) == [0, 1, 2, 3, 4, 5]
    assert all(fails[n] is None for n in (0, 1, 2))
    assert all(fails[n] and fails[n].endswith("(6.4.4?).") for n in (3, 4, 5))  # inferred in the user's edition
    assert "more than 2 up would go past 4" in awaiting and "6.4.4" not in awaiting  # the step cites it


def test_6_4_4_a_decrease_below_the_lowest_face_is_listed_as_failing():
    awaiting, fails = _fails(WAKAKO)
    assert fails[2] and "(6.4.4?)" in fails[2]
    assert fails[1] is None and fails[0] is None
    assert "more than 1 down would go below 1" in awaiting


def test_x_waits_saying_the_range_the_player_can_pay():
    listing = list_options(scenario(OVERCLOCKER))
    assert "from 0 to 2, the most alice can pay for now" in listing.point.waiting.text
    allowed = sorted(o.action.x for o in listing.options if o.allowed and o.action.x is not None)
    assert allowed == [0, 1, 2]


TWO_ALIKE_GIGS = """
scenario: alice's Program raises one of her Gigs, two of which show d6=3 (one of them won from bob's set)
cards:
  - name: Test Tuner
    type: Program
    cost: 1
    effects: [{when: resolve, do: [{adjust: {gig: choose, of: you, increase: 1}}], text: increase a friendly Gig by 1}]
players:
  alice:
    hand: [{card: Test Tuner, label: tuner}]
    eddies: 1
    gigs: [d6=3, d6=3, d8=5]
  bob:
    gigs: [d4=2]
actions:
  - play: tuner
"""

STEAL_FROM_ALIKE_GIGS = """
scenario: alice's Unit steals one of bob's Gigs, two of which show d6=3
cards:
  - {name: Test Thug, type: Unit, cost: 3, power: 9}
players:
  alice:
    field: [{card: Test Thug, label: thug}]
  bob:
    gigs: [d6=3, d6=3, d8=5]
actions:
  - {attack: thug, target: gig-area, react: []}
"""


def test_two_gigs_alike_are_one_answer_written_once():
    """Two Gigs of the same die showing the same value are chosen alike (6.1, 6.3: a Gig is its die and value), and
    a scenario writes either as `d6=3`: the listing gives that answer once, for an effect's choice and a steal."""
    for text, key in ((TWO_ALIKE_GIGS, "gigs"), (STEAL_FROM_ALIKE_GIGS, "steal")):
        listing = list_options(scenario(text))
        answered = [getattr(o.action, key) for o in listing.options if o.allowed and getattr(o.action, key)]
        assert sorted(answered) == [("d6=3",), ("d8=5",)], (key, answered)


ROLL_IN_WITH_THE_D20 = """
scenario: Bob's roll-in waits; his fixer area holds a d6, a d8 and the d20
players:
  alice: {fixer: [d4], deck: 5}
  bob: {fixer: [d6, d8, d20], deck: 5}
actions:
  - pass_turn: true
"""


def test_a_waiting_roll_in_lists_the_d20_refused_while_other_dice_remain():
    """The roll-in's answers are every die of the fixer area: the d20 is one the player might name, refused while
    another die remains (8.6.5.1.1), as `run` refuses it."""
    listing = list_options(scenario(ROLL_IN_WITH_THE_D20))
    answers = {o.action.roll_in: o for o in listing.options if o.action.roll_in}
    assert sorted(answers) == ["d20", "d6", "d8"]
    assert answers["d6"].allowed and answers["d8"].allowed and not answers["d20"].allowed
    assert "start-phase.roll-in.d20-last" in answers["d20"].refusal.cites
