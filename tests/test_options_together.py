"""At a waiting choice that may take several cards at once ("up to 2", "any number", one more per min Gig, "ready up
to 3", "defeat 2"), the listing gives the answers naming several cards, each decided by the engine, when they are
few; when they are many, it says how many may be chosen together and how to write them (10.31.2: choosing a number
of cards is choosing that many different cards). Expectations come from the printed card text and the CR."""
from __future__ import annotations

from pathlib import Path

from judgekit.options import list_options
from judgekit.options.written import written
from judgekit.rules.book import load_rulebook
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build, build_file
from judgekit.yaml_data import load
from tests.conftest import SCENARIOS, scenario, write_yaml

# Viktor Vektor, Sit Down and Relax: CALL, search 5, reveal up to 2 Gear costing 2 or less and keep them.
VIKTOR = SCENARIOS / "examples" / "search-awaits-a-choice.yaml"  # blades and optics: Gear of cost 1

# Hanako Arasaka, In a Gilded Cage: PLAY, search 4, keep any number whose cost equals a friendly Gig's value.
HANAKO = """
scenario: Hanako Arasaka, In a Gilded Cage waits for the searched cards to keep
players:
  alice:
    hand: [{card: "Hanako Arasaka: In a Gilded Cage", label: hanako}]
    eddies: 4
    gigs: [d4=1, d6=4]
    deck:
      top: [{card: Floor It, label: a}, {card: Detonate, label: b}, {card: Gorilla Arms, label: c},
            {card: Corpo Security, label: d}]
      count: 1
  bob: {}
actions:
  - play: hanako
"""

# Three Mouths, One Desire: search 3, keep 1, and you may keep 1 more per friendly min Gig (here one: the d4's 1).
MOUTHS = """
scenario: Three Mouths, One Desire with one min Gig waits for the cards to keep
players:
  alice:
    hand: [{card: "Three Mouths, One Desire", label: mouths}]
    eddies: 2
    gigs: [d4=1, d6=3]
    deck:
      top: [{card: Floor It, label: a}, {card: Detonate, label: b}, {card: Psycho Squad, label: c}]
      count: 2
  bob: {}
actions:
  - play: mouths
"""

# Bonnie and Clyde: defeat a rival Unit of power 4 or less; 2 instead when a Rival has 2 or more Gigs more.
BONNIE = """
scenario: Bonnie and Clyde, two Gigs behind, defeats two
players:
  alice:
    hand: [Bonnie and Clyde]
    eddies: 3
    deck: 5
  bob:
    field: [{card: Corpo Security, label: cs}, {card: Maelstrom Goons, label: g}]
    gigs: ["d4=1", "d6=1"]
    deck: 5
actions:
  - play: Bonnie and Clyde
    may: {Bonnie and Clyde: true}
"""

# Saul Bright, Stormrider: at the end of your turn, ready up to 3 friendly Units; here seven are spent.
SAUL = """
scenario: Saul Bright readies up to three of seven spent Units
players:
  alice:
    field: ["Saul Bright: Stormrider", {card: Psycho Squad, spent: true, label: u1},
            {card: Emergency Atlus, spent: true, label: u2}, {card: Riding Nomad, spent: true, label: u3},
            {card: Corpo Security, spent: true, label: u4}, {card: Maelstrom Goons, spent: true, label: u5},
            {card: Chrome Fang, spent: true, label: u6}, {card: Offduty Malfini, spent: true, label: u7}]
  bob:
    fixer: [d6]
    deck: [Octant]
actions:
  - pass_turn: true
"""


def _listing(source):
    built = build_file(source) if isinstance(source, Path) else scenario(source)
    return built, list_options(built)


def _answers(listing) -> dict[tuple, bool]:
    """Each listed answer's `targets`, and whether it is allowed."""
    return {tuple(o.action.targets): o.allowed for o in listing.options if o.action.targets}


def _together(listing) -> dict | None:
    return listing.as_dict(load_rulebook())["together"]


def test_viktor_vektor_may_take_both_gear_in_one_answer():
    _, listing = _listing(VIKTOR)
    answers = _answers(listing)
    assert answers[("blades", "optics")] is True  # "up to 2": both fitting Gear at once
    assert answers[("blades",)] and answers[("optics",)] and answers[("none",)]
    assert not any(len(t) > 2 for t in answers)  # never three: the card says at most two
    together = _together(listing)
    assert (together["at_most"], together["at_least"], together["listed"]) == (2, 0, True)


def test_hanako_keeps_any_number_of_the_cards_costing_a_gig_value():
    built, listing = _listing(HANAKO)
    answers = _answers(listing)
    # a (1), b (1) and c (4) cost a Gig's value; d (2) does not. Any number: two (then stop) or all three.
    for pair in (("a", "b"), ("a", "c"), ("b", "c")):
        assert answers[pair + ("none",)] is True
    assert answers[("a", "b", "c")] is True
    assert not any("d" in t for t, allowed in answers.items() if allowed)
    together = _together(listing)
    assert (together["at_most"], together["at_least"], together["answers"]) == (3, 0, 4)
    all_three = next(o for o in listing.options if tuple(o.action.targets) == ("a", "b", "c"))
    assert set(all_three.after.players["alice"].hand) == {"a", "b", "c"}


def test_three_mouths_keeps_one_more_per_min_gig_and_no_more():
    _, listing = _listing(MOUTHS)
    answers = _answers(listing)
    assert all(answers[pair] for pair in (("a", "b"), ("a", "c"), ("b", "c")))  # 1 plus 1 for the min Gig
    assert not any(len(t) > 2 for t in answers)
    assert answers.get(("none",)) is not True  # "add 1": keeping none is no answer
    together = _together(listing)
    assert (together["at_most"], together["at_least"]) == (2, 1)


def test_bonnie_and_clyde_defeats_both_rival_units_in_one_answer():
    _, listing = _listing(BONNIE)
    answers = _answers(listing)
    assert answers[("cs", "g")] is True
    assert _together(listing)["at_most"] == 2
    both = next(o for o in listing.options if tuple(o.action.targets) == ("cs", "g"))
    assert set(both.after.players["bob"].trash) == {"cs", "g"}


def test_many_combinations_are_told_in_one_line_not_listed():
    _, listing = _listing(SAUL)
    answers = _answers(listing)
    assert not any(len([c for c in t if c != "none"]) > 1 for t in answers)  # 21 pairs + 35 triples: not listed
    assert answers[("u1",)] is True and answers[("none",)] is True
    together = _together(listing)
    assert (together["at_most"], together["at_least"], together["listed"], together["answers"]) == (3, 0, False, 56)
    assert "targets: [" in together["text"] and "3" in together["text"]


def test_a_listed_multi_card_answer_runs_as_listed_through_the_file_format():
    _, listing = _listing(HANAKO)
    option = next(o for o in listing.options if tuple(o.action.targets) == ("a", "c", "none"))
    data = {**load(HANAKO), "actions": [written(option.action)]}
    outcome = run_scenario(build(write_yaml(data), "hanako.yaml")).outcomes[-1]
    assert outcome.refusal is None and [s.text for s in outcome.steps] == [s.text for s in option.outcome.steps]


def test_the_text_listing_says_how_many_may_be_chosen_together():
    from judgekit.cli import app
    from tests.entry_point import EntryPointRunner
    out = EntryPointRunner().invoke(app, ["options", str(VIKTOR)], terminal_width=400).output
    assert "{call: viktor, targets: [blades, optics]}" in out
    assert "up to 2" in out.split("May (")[0].split("Waiting:")[-1]
