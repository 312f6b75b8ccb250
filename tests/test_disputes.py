"""Disputed points (judgekit/corpus/disputes.py): a ruling that turns on a question recorded as contested in
the shipped corpus says so, names judgekit's reading and the others with who holds them; other rulings don't."""
from __future__ import annotations

from pathlib import Path

import pytest

from judgekit import yaml_data
from judgekit.corpus.disputes import cited_steps, shipped_disputes, turns_on, turns_on_cited
from judgekit.rules.book import load_rulebook
from judgekit.ruling import ruling, run_scenario
from judgekit.scenario.build import build, build_file
from judgekit.scenario.yaml_lines import InputError

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
CONTESTED = sorted((ROOT / "contested").glob("*.yaml"))


def _rule(path: Path) -> tuple[dict, dict]:
    book = load_rulebook()
    built = build_file(path, book)
    result = run_scenario(built)
    names = {label: c.definition.full_name for label, c in result.final.cards.items() if not c.definition.unknown}
    return ruling(built, result, book), names


@pytest.mark.parametrize("path", CONTESTED, ids=lambda p: p.stem)
def test_each_contested_scenario_declares_its_point_and_its_own_ruling_turns_on_it(path):
    [dispute] = [d for d in shipped_disputes() if d.file == f"scenarios/contested/{path.name}"]
    data, names = _rule(path)
    assert turns_on(dispute, data["steps"], names, load_rulebook(), data["edition"]["name"])
    assert data["verdict"]["follows"] == [dispute.follows]  # the reading it names is the one judgekit applies
    flagged = [f["recorded_in"] for f in data["verdict"].get("disputed", [])]
    assert dispute.file not in flagged  # its own verdict lists the readings already


def test_a_removed_legends_gear_ruling_is_flagged_with_the_other_reading_and_who_holds_it():
    """4.12.2: the README's first ruling turns on the gear-of-a-bottom-decked-legend dispute."""
    data, _ = _rule(ROOT / "examples" / "legend-returned-to-hand.yaml")
    [flag] = data["verdict"]["disputed"]
    assert flag["recorded_in"] == "scenarios/contested/gear-of-a-bottom-decked-legend.yaml"
    assert flag["judgekit_follows"].startswith("the Comprehensive Rules")
    assert [r["held_by"] for r in flag["other_readings"]] == ["a common table call"]
    assert "trash" in flag["other_readings"][0]["note"]


@pytest.mark.parametrize("name", ["card-types/4.1-play-each-card-type.yaml",
                                  "examples/bottom-deck-host-and-gear.yaml",
                                  "effects/10.20-johnny-silverhand-cheaper-with-8-plus-gigs.yaml",
                                  "cards/viktor-vektor-drop-your-illusions-discounts-only-the-first-cyberware-gear.yaml",
                                  "review/200-viktors-discount-on-a-one-cost-gear-is-not-the-disputed-case.yaml",
                                  "review/330-viktors-discount-used-while-he-was-in-play-is-not-disputed.yaml",
                                  "review/333-cyberpsychosis-steal-on-a-later-turn-is-not-the-dispute.yaml",
                                  "review/346-appetite-expired-unused-is-not-the-dispute.yaml",
                                  "review/231-gorilla-arms-own-condition-is-not-a-steal-limit.yaml",
                                  "review/111-gorilla-arms-extra-steal-reads-gigs-after-the-first.yaml",
                                  "review/365-a-defeated-unit-shows-its-printed-power-in-the-trash.yaml",
                                  "review/372-a-weakened-unit-that-stays-in-the-trash-is-not-the-dispute.yaml",
                                  "review/368-an-end-of-turn-defeat-does-not-follow-its-unit-through-the-hand.yaml",
                                  "review/540-bootleg-black-sapphire-show-on-an-empty-deck-sells-nothing-and-is-not-"
                                  "the-showing-dispute.yaml",
                                  "review/541-appetite-for-destruction-with-one-friendly-unit-is-not-the-choice-"
                                  "dispute.yaml",
                                  "effects/10.16-appetite-for-destruction-needs-a-win-by-three.yaml"])
def test_rulings_that_do_not_turn_on_a_disputed_point_are_not_flagged(name):
    """Johnny's discount to 1 €$ is not the disputed case (reaching 0 €$ is); Viktor discounting this ruling's
    first Gear shows no Gear came before him (`unless`), and a Viktor in play all turn saw the earlier Gear played; Gorilla Arms' value condition is its own instruction's,
    not a limit on what a rival Unit may steal (the Chrome Fang dispute). A changed Unit that stays in the trash,
    or comes back through the hand (5.3.2.2 decides), is not the leaves-play dispute. Bootleg Black Sapphire Show
    on an empty deck sells nothing to show or hide; Appetite for Destruction whose chosen Unit is the first friendly
    one to win by 3 or more gives the same board on either reading of how its Unit is picked."""
    data, _ = _rule(ROOT / name)
    assert "disputed" not in data["verdict"]


def test_a_unit_back_from_the_trash_is_flagged_with_the_leaves_play_dispute():
    """A delayed effect set up for a Unit that left through the trash and is back in play: the contested reading
    decides the ruling (scenarios/contested/a-change-given-this-turn-ends-when-its-unit-leaves-play.yaml)."""
    data, _ = _rule(ROOT / "review" / "373-a-next-time-trigger-does-not-follow-its-unit-back-from-the-trash.yaml")
    [flag] = data["verdict"]["disputed"]
    assert flag["recorded_in"] == "scenarios/contested/a-change-given-this-turn-ends-when-its-unit-leaves-play.yaml"


CHROME_FANG_NARROWS_GORILLA_ARMS = """
scenario: Chrome Fang narrows the Gigs Gorilla Arms' extra steal may take
players:
  alice:
    hand: [Chrome Fang]
    eddies: 5
    gigs: [d4=2, d12=9, d6=5, d8=3]
  bob:
    field: [{card: Riding Nomad, label: nomad, gear: [Gorilla Arms]}]
    deck: 3
actions:
  - play: Chrome Fang
  - pass_turn: true
  - {attack: nomad, target: gig-area, react: [], steal: [d4], gigs: [d6]}
"""


@pytest.mark.parametrize("scripted", [True, False])
def test_a_steal_limit_narrowing_an_extra_steals_choice_is_flagged(tmp_path, scripted):
    """Chrome Fang applies to Gorilla Arms' extra steal (FAQ Chrome Fang #5) and bars the d12 before the choice:
    that ruling turns on the Chrome Fang dispute, whether the choice is scripted or awaited."""
    path = tmp_path / "fang.yaml"
    path.write_text(CHROME_FANG_NARROWS_GORILLA_ARMS.replace("gigs: [d6]", "gigs: [d6]" if scripted else ""),
                    encoding="utf-8")
    data, _ = _rule(path)
    start = next(n for n, step in enumerate(data["steps"]) if "with a value no friendly Gig shows" in step["text"])
    assert any("steal-step.while-stealing" in {c["id"] for c in step["cites"]} for step in data["steps"][start:])
    assert [f["recorded_in"] for f in data["verdict"]["disputed"]] == \
        ["scenarios/contested/chrome-fang-limit-narrows-the-choice-or-stops-the-steal.yaml"]


JACKIE_SAVES = """
scenario: Jackie Welles, Mama's Favorite, is defeated in place of a Unit; her Gear goes to the trash with her
players:
  alice:
    legends:
      - {card: "Jackie Welles: Mama's Favorite", label: jackie, face_up: true, gear: [{card: Mantis Blades, label: blades}]}
    field: [{card: Psycho Squad, label: squad}]
    eddies: 1
    deck: 3
  bob: {}
actions:
  - defeat: squad
    by: bob
    replacements: {jackie: true}
    payments: [alice-eddie-1]  # Jackie could pay too (5.7.2)
"""


def test_a_legend_defeated_into_the_trash_is_not_flagged_as_the_gear_dispute(tmp_path):
    """4.12.2: a Legend defeated into the trash leaves its Gear in the trash, where both readings of the
    disputed point put it (`unless`); only a Legend removed from some other area turns on it."""
    path = tmp_path / "jackie.yaml"
    path.write_text(JACKIE_SAVES, encoding="utf-8")
    data, _ = _rule(path)
    assert any("stays in the trash" in step["text"] for step in data["steps"])
    assert "disputed" not in data["verdict"]


def _contested_file(disputed: str) -> str:
    return ("scenario: t\nplayers:\n  alice: {deck: 1}\n  bob: {deck: 1}\n" + disputed +
            "contested:\n  - {held_by: one, expect: {allowed: true}}\n  - {held_by: two, expect: {allowed: true}}\n")


def test_disputed_must_name_a_contested_reading():
    with pytest.raises(InputError) as caught:
        build(_contested_file("disputed: {point: p, follows: three, when: [{cites: [gear]}]}\n"), "t.yaml")
    assert "disputed" in caught.value.problems[0].render() and "follows" in caught.value.problems[0].render()
    build(_contested_file("disputed: {point: p, follows: two, when: [{cites: [gear]}]}\n"), "t.yaml")


def test_every_shipped_dispute_cites_real_rules():
    book = load_rulebook()
    for dispute in shipped_disputes():
        for rules, card, _ in (step for pattern in dispute.when for step in pattern):
            assert all(r in book.entries for r in rules), dispute.file
            data = yaml_data.load((ROOT.parent / dispute.file).read_text(encoding="utf-8"))
            assert card is None or card in (data.get("question", "") + str(data)), dispute.file


@pytest.mark.parametrize("name, point", [
    ("faq/bootleg-black-sapphire-show/01-sold-unseen.yaml", "bootleg-black-sapphire-show-sells-the-top-card-unseen"),
    ("faq/appetite-for-destruction/01-the-unit-is-chosen-when-played.yaml",
     "appetite-for-destruction-chooses-its-unit-when-played")])
def test_a_ruling_where_the_disputed_step_happens_is_flagged(name, point):
    """A card sold by Bootleg Black Sapphire Show; a ruling waiting for Appetite for Destruction's Unit to be chosen
    among two (the other reading chooses nothing)."""
    data, _ = _rule(ROOT / name)
    assert f"scenarios/contested/{point}.yaml" in [f["recorded_in"] for f in data["verdict"]["disputed"]]


def test_a_single_blocker_chosen_by_safety_override_is_flagged_only_with_the_mid_fight_point():
    """review/67: the blocker is Bob's only Unit, so how Safety Override picks it changes nothing; the attacker
    it defeats mid-fight still leaves the blocker's defeat disputed."""
    data, _ = _rule(ROOT / "review" / "67-safety-override-trades-the-blocker.yaml")
    assert [f["recorded_in"] for f in data["verdict"]["disputed"]] == [
        "scenarios/contested/fight-trigger-defeats-the-attacker.yaml",
        "scenarios/contested/safety-override-defeats-the-attacker-mid-fight.yaml"]


def test_a_cards_text_announced_as_it_resolves_meets_no_pattern():
    """Playing the card is not the disputed step: a pattern met only by the step announcing its text is not met."""
    [dispute] = [d for d in shipped_disputes() if d.file.endswith("dying-night-readies-eddies-after-its-host-left.yaml")]
    step = {"text": "Resolve Dying Night: V's Pistol: ...", "cards": [], "kind": "resolve",
            "cites": [{"id": rule} for rule in ("gear.bottom-textbox", "gear.moves-with-host",
                                                 "end-of-turn.resolve-end-effects")]}
    book = load_rulebook()
    assert not turns_on(dispute, [step], {}, book, "user")
    assert turns_on(dispute, [{**step, "kind": "effect"}], {}, book, "user")


SELLS_A_LEGEND = """
scenario: An effect sells V from the field, numbered in either edition
cards:
  - name: Test Fence
    type: Program
    cost: 1
    effects: [{when: resolve, targets: [{kind: Unit, side: friendly, area: field}], do: [{sell: target}]}]
players:
  alice: {hand: [Test Fence], eddies: 1, field: [{card: "V: Streetkid", label: v}]}
  bob: {}
actions:
  - {play: Test Fence, pay: [alice-eddie-1], targets: [v]}
"""


def _flag(path: Path, edition: str, point: str) -> dict:
    book = load_rulebook()
    built = build_file(path, book)
    data = ruling(built, run_scenario(built), book, edition)
    [flag] = [f for f in data["verdict"]["disputed"] if f["recorded_in"] == f"scenarios/contested/{point}.yaml"]
    return flag


@pytest.mark.parametrize("edition, said", [("user", "of 11.12.1?, 4.4.1 and 2.5?"),
                                           ("2026-08", "of 11.9.1, 4.4.1 and 2.5")])
def test_a_disputes_rule_numbers_are_said_in_the_rulings_edition(tmp_path, edition, said):
    """The contested file writes its numbers in 2026-08's edition, where Sell is 11.9.1; a ruling in the user's
    edition, where 11.9 is Equip, names Sell by its number there (11.12.1, inferred), as every other number it shows."""
    path = tmp_path / "fence.yaml"
    path.write_text(SELLS_A_LEGEND, encoding="utf-8")
    assert said in _flag(path, edition, "an-effect-sells-a-legend-from-the-field")["judgekit_follows"]


@pytest.mark.parametrize("edition, said", [("user", "(11.12.1?)"), ("2026-08", "(11.9.1)")])
def test_a_dispute_written_in_the_users_edition_is_said_in_2026_08_too(edition, said):
    """Bootleg Black Sapphire Show's dispute is written in the user's edition: its literal reading names Sell."""
    flag = _flag(ROOT / "faq" / "bootleg-black-sapphire-show" / "01-sold-unseen.yaml", edition,
                 "bootleg-black-sapphire-show-sells-the-top-card-unseen")
    assert [r["held_by"] for r in flag["other_readings"]] == [f"the Comprehensive Rules read literally {said}"]


def test_the_screen_by_cited_rules_flags_exactly_what_reading_every_step_flags(shipped_runs, shipped_ruling_data):
    """`flags` passes over a dispute whose `when` rules a ruling does not cite, worked out once per book and edition:
    over every shipped ruling it flags exactly the disputes `turns_on` finds reading every step of it."""
    book = load_rulebook()
    flagged = 0
    for (path, _, result), (_, data) in zip(shipped_runs, shipped_ruling_data):
        names = {label: c.definition.full_name for label, c in result.final.cards.items() if not c.definition.unknown}
        cited = cited_steps(data["steps"])
        expected = [d.file for d in shipped_disputes() if d.scenario != data["scenario"]["name"]
                    and turns_on_cited(d, cited, names, book, data["edition"]["name"])]
        assert [f["recorded_in"] for f in data["verdict"].get("disputed", [])] == expected, path
        flagged += bool(expected)
    assert flagged > 10
