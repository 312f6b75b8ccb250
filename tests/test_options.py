"""`judgekit options` and `expect: can/cannot` (issue #22): the options at a point, each decided by the engine."""
from __future__ import annotations

import json

from judgekit.cli import app
from judgekit.options import list_options
from judgekit.rules.book import load_rulebook
from judgekit.options.written import written
from tests.conftest import rule_of, scenario
from tests.entry_point import EntryPointRunner

BOARD = """
scenario: options
edition: 2026-08
players:
  alice:
    hand: [Gorilla Arms]
    field:
      - {card: 6th Street Recruits, label: recruits}
      - {card: Maelstrom Goons, label: goons, spent: true}
    legends:
      - {card: "Rogue Amendiares: Preem Solo", label: rogue}
      - {card: "V: Streetkid", label: v, face_up: true}
    eddies: 5
    deck: 10
  bob:
    field:
      - {card: Corpo Security, label: guard}
      - {card: Field Operator, label: operator, spent: true}
    gigs: [d6=3]
    deck: 10
"""


def _by_action(listing) -> dict[str, object]:
    return {json.dumps(written(o.action), sort_keys=True): o for o in listing.options}


def _option(listing, **action):
    return _by_action(listing)[json.dumps(action, sort_keys=True)]


def test_each_gear_host_is_listed_with_the_rule_that_forbids_the_wrong_ones():
    listing = list_options(scenario(BOARD))
    assert listing.to_act == "alice"
    assert _option(listing, play="Gorilla Arms", by="alice", equip_to="recruits").allowed
    assert _option(listing, play="Gorilla Arms", by="alice", equip_to="v").allowed
    face_down = _option(listing, play="Gorilla Arms", by="alice", equip_to="rogue")
    rival = _option(listing, play="Gorilla Arms", by="alice", equip_to="guard")
    assert not face_down.allowed and not rival.allowed
    assert "gear.default-hosts" in face_down.cites and "gear.default-hosts" in rival.cites  # 4.10.1


def test_attacks_are_listed_for_each_attacker_and_target_9_3():
    listing = list_options(scenario(BOARD))
    assert _option(listing, attack="recruits", by="alice", target="operator").allowed  # 9.3.2.1 a spent rival Unit
    assert _option(listing, attack="recruits", by="alice", target="gig-area").allowed  # 9.3.2.2
    assert not _option(listing, attack="recruits", by="alice", target="guard").allowed  # ready: not a target
    assert not _option(listing, attack="goons", by="alice", target="operator").allowed  # 9.3.1: spent


def test_a_play_option_says_what_it_costs_now():
    listing = list_options(scenario(BOARD))
    option = _option(listing, play="Gorilla Arms", by="alice", equip_to="recruits")
    assert option.cost is not None and f"paying {option.cost} €$" in option.why


def test_a_waiting_react_step_lists_the_defenders_reactions_9_8_to_9_10():
    built = scenario(BOARD + "actions:\n  - {attack: recruits, target: gig-area}\n")
    listing = list_options(built)
    assert listing.to_act == "bob" and listing.point.waiting is not None
    reacts = [written(o.action).get("react") for o in listing.options]
    more = {"more": True}  # 9.7: the defender may react again after each reaction, or end the step (9.12)
    assert [] in reacts and [{"block": "guard"}, more] in reacts and [{"block": "operator"}, more] in reacts
    block = _option(listing, attack="recruits", target="gig-area", react=[{"block": "guard"}, more])
    assert block.allowed  # 9.9: a ready Unit with [BLOCKER]
    assert listing.as_dict(load_rulebook())["replaces"] == 1


def test_after_a_reaction_the_defender_may_react_again_or_end_the_react_step_9_7_and_9_12():
    built = scenario(BOARD + "actions:\n  - {attack: recruits, target: gig-area, react: [{block: guard}, "
                             "{more: true}]}\n")
    listing = list_options(built)
    assert listing.to_act == "bob" and listing.point.waiting.choice == ("react",)
    allowed = [written(o.action).get("react") for o in listing.options if o.allowed]
    assert [{"block": "guard"}] in allowed  # ending the React Step here (9.12)
    again = _option(listing, attack="recruits", target="gig-area",
                    react=[{"block": "guard"}, {"block": "guard"}, {"more": True}])
    assert not again.allowed and "spent" in again.why  # the first block spent it (9.9)
    assert not _option(listing, attack="recruits", target="gig-area",
                       react=[{"block": "guard"}, {"block": "operator"}, {"more": True}]).allowed  # spent too
    second = BOARD.replace("{card: Field Operator, label: operator, spent: true}", "{card: Corpo Security, label: sec}")
    listing = list_options(scenario(second + "actions:\n  - {attack: recruits, target: gig-area, react: [{block: "
                                             "guard}, {more: true}]}\n"))
    redirect = _option(listing, attack="recruits", target="gig-area",
                       react=[{"block": "guard"}, {"block": "sec"}, {"more": True}])
    assert redirect.allowed and redirect.after.attack[1] == "sec"  # a second block redirects again (9.9.1)


def test_a_board_stopped_in_the_react_step_is_the_defenders_to_act_9_7_1():
    board = BOARD.replace("label: recruits}", "label: recruits, spent: true}")
    built = scenario(board + "attack: {attacker: recruits, target: gig-area, step: react}\n")
    listing = list_options(built)
    assert listing.to_act == "bob"
    assert _option(listing, resume_attack=True, react=[{"block": "guard"}, {"more": True}]).allowed
    assert listing.as_dict(load_rulebook())["replaces"] is None  # added as the scenario's next action


def test_after_picks_an_earlier_point():
    built = scenario(BOARD + "actions:\n  - {play: Gorilla Arms, equip_to: recruits}\n")
    assert not any(o.action.cards == ("Gorilla Arms",) for o in list_options(built).options)
    assert any(o.action.cards == ("Gorilla Arms",) for o in list_options(built, after=0).options)


def test_a_finished_game_has_no_options():
    built = scenario(BOARD + "actions:\n  - {concede: true}\n")
    listing = list_options(built)
    assert listing.options == [] and listing.to_act is None


CAN = BOARD + """
expect:
  can: CAN
  cannot: CANNOT
"""


def _failures(can: str = "[]", cannot: str = "[]") -> list[str]:
    _, _, ruling = rule_of(CAN.replace("CANNOT", cannot).replace("CAN", can))
    return [f["message"] for f in ruling["verdict"]["expectations"]["failures"]]


def test_can_and_cannot_hold_when_the_engine_agrees():
    assert _failures("[{attack: recruits, target: operator}]",
                     '[{action: {attack: recruits, target: guard}, refused_by: ["9.3.2.1"]}]') == []


def test_a_can_that_is_refused_fails_with_the_refusal():
    found = _failures("[{attack: goons, target: operator}]")
    assert len(found) == 1 and "expect.can.0" in found[0] and "it is refused" in found[0]


def test_a_cannot_that_is_allowed_or_refused_by_another_rule_fails():
    assert "it is allowed" in _failures(cannot="[{action: {attack: recruits, target: operator}}]")[0]
    found = _failures(cannot='[{action: {attack: recruits, target: guard}, refused_by: ["9.3.1.1"]}]')
    assert len(found) == 1 and "expect.cannot.0.refused_by.0" in found[0]


def test_a_can_naming_an_unknown_card_is_an_input_error():
    import pytest
    from judgekit.scenario.yaml_lines import InputError
    with pytest.raises(InputError) as error:
        scenario(CAN.replace("CANNOT", "[]").replace("CAN", "[{attack: nobody, target: operator}]"))
    assert "expect.can.0.attack" in error.value.problems[0].render()


def test_the_cli_writes_json_md_and_the_terminal_view(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")

    def run(*args):  # in-process, through the entry point (judgekit.cli.main), as the installed command runs
        return EntryPointRunner().invoke(app, ["options", str(path), *args])
    written_json = run("-f", "json")
    assert written_json.exit_code == 0, written_json.output
    data = json.loads(written_json.stdout)
    assert data["to_act"] == "alice" and data["after"] == 0 and data["replaces"] is None
    option = next(o for o in data["options"] if o["action"] == {"attack": "goons", "by": "alice",
                                                                  "target": "operator"})
    assert option["allowed"] is False and option["why"] and option["cites"][0]["number"]
    md = run("-f", "md")
    assert md.exit_code == 0 and "### May not" in md.stdout
    assert "`{attack: goons, by: alice, target: operator}`" in md.stdout
    rich = run()
    assert rich.exit_code == 0 and "alice to act" in rich.stdout and "✗ {attack: goons" in rich.stdout
    bad = run("--after", "3")
    assert bad.exit_code == 2 and "--after" in bad.stderr and "Traceback" not in bad.stderr


def test_every_choice_the_engine_awaits_says_which_action_key_answers_it():
    """Each `AwaitChoice(...)` and `rec.add("await", ...)` names the key that scripts its answer (`choice=`), so a
    waiting ruling's answers are listed as options (judgekit.options.candidates.answers)."""
    from tests.python_sources import ENGINE, source

    missing = []
    for path in ENGINE.glob("*.py"):
        for line, name, first, keywords in source(path).calls:
            awaits = name == "AwaitChoice" or (name == "add" and first == "await")
            if awaits and "choice" not in keywords:
                missing.append(f"{path.name}:{line}")
    assert missing == []


ROAMER = """
scenario: V steals a d4 showing 2 and may increase it by up to 5
players:
  alice:
    field: [{card: "V: Roamer of the Badlands", label: roamer}]
    gigs: [d6=3]
  bob:
    gigs: [d4=2]
actions:
  - attack: roamer
    target: gig-area
    react: []
"""


def test_each_answer_to_an_awaited_choice_cites_what_that_answer_leads_to():
    """6.4.4: raising the d4 past 4 fails; the answers that would do so cite it, the others don't, rather than
    every answer repeating the attack's own rules (the steps before the choice are every answer's)."""
    listing = list_options(scenario(ROAMER))
    by_number = {o.action.numbers[0]: set(o.cites) for o in listing.options if not o.appended}
    assert sorted(by_number) == [0, 1, 2, 3, 4, 5]
    assert all("gigs.adjust-only-to-face-values" in by_number[n] for n in (3, 4, 5))
    assert not any("gigs.adjust-only-to-face-values" in by_number[n] for n in (0, 1, 2))
    assert not any("attack.declare" in cites for cites in by_number.values())


ALT_THEN_PROGRAM = """
scenario: a discount taken, the Program waiting for its choice
players:
  alice:
    legends: [{card: "Alt Cunningham: Soulkiller Architect", label: alt, face_up: true}]
    hand: [{card: "Three Mouths, One Desire", label: three}]
    gigs: [d4=1, d6=1, d8=5]
    eddies: 3
    deck: 6
  bob:
    deck: 6
actions:
  - {activate: alt, effect: 1}
  - {play: three}
"""


def test_a_play_says_what_it_costs_and_an_answer_to_its_waiting_choice_pays_nothing_more():
    """Alt Cunningham: Soulkiller Architect takes 1 €$ off the next Program per friendly min Gig (two here), to a
    minimum of 1 €$: Three Mouths, One Desire (cost 2) costs 1, said where it is played. It was paid before its
    choice waited (11.4.1), so no answer to that choice is priced: on the board as it is, none pays anything."""
    listing = list_options(scenario(ALT_THEN_PROGRAM))
    answers = [o for o in listing.options if o.allowed and not o.appended]
    assert answers and all(o.action.kind == "play" and o.cost is None for o in answers)
    before = list_options(scenario(ALT_THEN_PROGRAM), after=1)
    assert [o.cost for o in before.options if o.allowed and o.action.kind == "play"] == [1]


def test_an_activation_option_says_what_it_costs_now():
    """Johnny Silverhand: Rocking Renegade's effect costs 2 €$, 1 less per friendly Gig of 8 or more; the official
    FAQ lets it reach 0 (its first answer). With two such Gigs its option costs 0 €$."""
    listing = list_options(scenario("""
scenario: Johnny's discount reaches 0
players:
  alice:
    legends: [{card: "Johnny Silverhand: Rocking Renegade", label: johnny, face_up: true}]
    field: [{card: Psycho Squad, label: psycho}]
    gigs: [d10=9, d12=8]
    eddies: 2
  bob: {}
"""))
    option = _option(listing, activate="johnny", by="alice")
    assert option.allowed and option.cost == 0 and "paying 0 €$" in option.why


def test_either_player_may_concede_while_a_choice_waits():
    """1.16: a player may concede at any time; while an action waits for a choice, each concession is listed,
    added after the waiting action (the other options replace it)."""
    listing = list_options(scenario(ALT_THEN_PROGRAM))
    conceding = [o for o in listing.options if o.action.kind == "concede"]
    assert sorted(o.action.player for o in conceding) == ["alice", "bob"]
    assert all(o.allowed and o.appended for o in conceding)
    data = listing.as_dict(load_rulebook())
    assert [o.get("appends") for o in data["options"] if "concede" in o["action"]] == [True, True]


def test_a_call_option_says_what_it_costs_now():
    """11.11: Calling a Legend costs 1 €$; Panam Palmer: Strength Through Family makes it free on its
    controller's own turn."""
    paid = list_options(scenario("""
scenario: a Call
players:
  alice:
    legends: [{card: "Goro Takemura: Hands Unclean", label: goro}]
    eddies: 1
  bob: {}
"""))
    assert _option(paid, call="goro", by="alice").cost == 1
    free = list_options(scenario("""
scenario: a free Call
players:
  alice:
    field: [{card: "Panam Palmer: Strength Through Family", label: panam}]
    legends: [{card: "Goro Takemura: Hands Unclean", label: goro}]
  bob: {}
"""))
    option = _option(free, call="goro", by="alice")
    assert option.allowed and option.cost == 0


def test_a_reaction_listed_in_the_react_step_says_what_it_costs():
    """11.11 (user numbering 11.14): a Call costs 1 €$; 3.11.1: a [QUICK] Program its cost; a block nothing."""
    from judgekit.ask.session import Session
    session = Session()
    for line in ("turn bob", "bob field psycho squad", "alice legends dexter", "alice hand floor it",
                 "alice field corpo security", "alice eddies 3", "alice gigs d8=4", "attack: psycho, target: gig-area"):
        session.handle(line)
    listed = session.handle("options")
    assert "quick: floor (pays 1 €$)" in listed and "call: dexter (pays 1 €$)" in listed
    assert "block: corpo\n" in listed


def test_an_option_the_contested_corpus_shows_in_dispute_is_marked_so_in_json_text_and_ask():
    """A listing is read alone at the table: an option whose outcome turns on a recorded dispute (Hanako's swap
    with no Gig on one side: allowed on judgekit's reading of 10.19.1, refused on a reading of her FAQ) carries the
    dispute, as a ruling's verdict does, and an undisputed option does not."""
    from judgekit.ask.session import Session
    from tests.conftest import ROOT
    path = ROOT / "scenarios" / "contested" / "hanako-arasaka-swap-activated-when-a-side-has-no-gig.yaml"
    listing = json.loads(EntryPointRunner().invoke(app, ["options", str(path), "--after", "0", "-f", "json"]).output)
    marked = {flow_of(o["action"]): o.get("disputed", []) for o in listing["options"]}
    [flag] = marked["activate: hanako, by: alice"]
    assert flag["recorded_in"] == "scenarios/contested/hanako-arasaka-swap-activated-when-a-side-has-no-gig.yaml"
    assert "reading of the Hanako Arasaka FAQ" in flag["other_readings"][0]["held_by"]
    assert not marked["pass_turn: true"]
    text = EntryPointRunner().invoke(app, ["options", str(path), "--after", "0"]).output
    assert "disputed: whether the Spend swap of Hanako Arasaka" in " ".join(text.split())
    session = Session()
    for line in ("alice legends hanako arasaka face-up", "alice gigs d6=2"):
        session.handle(line)
    said = session.handle("options")
    assert "disputed: whether the Spend swap" in said and "judgekit follows its own reading of 10.19.1" in said


def flow_of(action: dict) -> str:
    from judgekit.render.options import flow
    return flow(action)[1:-1]


def test_reactions_on_a_board_that_starts_in_the_react_step_carry_their_price():
    """A listing prices a Call (11.11) and a [QUICK] Program (3.11.1) offered as reactions also when the board
    starts in the React Step (`resume_attack`), as it does when the attack is among the scenario's actions."""
    built = scenario("""
    scenario: t
    edition: 2026-08
    attack: {attacker: squad, target: gig-area, step: react}
    players:
      alice: {field: [{card: Psycho Squad, label: squad, spent: true}]}
      bob:
        hand: [Take Control]
        legends: [{card: "Dum Dum: Maelstrom Triggerman", label: dumdum}]
        eddies: 3
        gigs: [d6=3]
    """)
    listing = list_options(built).as_dict(load_rulebook())
    priced = {json.dumps(o["action"]["react"][0]): o.get("cost") for o in listing["options"]
              if o["allowed"] and o["action"].get("resume_attack") and o["action"]["react"]}
    assert priced == {json.dumps({"quick": "Take Control"}): 2, json.dumps({"call": "dumdum"}): 1}


def test_an_activation_that_plays_a_card_paying_its_cost_says_its_price_is_the_activations_only():
    """Alt Cunningham: Soulkiller Architect's second effect costs 1 €$ and plays a Program from the trash, its cost
    paid as usual (3.11.1.1): the listing's 1 €$ is the activation's, not the whole outlay."""
    built = scenario("""
    scenario: t
    edition: 2026-08
    players:
      alice:
        legends: [{card: "Alt Cunningham: Soulkiller Architect", label: alt, face_up: true}]
        trash: [Floor It]
        eddies: 1
      bob: {}
    """)
    listing = list_options(built).as_dict(load_rulebook())
    [second] = [o for o in listing["options"] if o["action"].get("activate") == "alt" and o["action"].get("effect") == 2]
    assert second["cost"] == 1 and "the card it plays is paid for as well" in second["why"]


def test_a_legend_with_go_solo_from_its_gear_is_offered_both_ways_11_25_1():
    board = """
scenario: options
edition: 2026-08
cards:
  - {name: Test Jetpack, type: Gear, cost: 1, power: 1, bottom_textbox: {keywords: [GO SOLO]}}
  - {name: Test Plain, subtitle: Rho, type: Legend, cost: 3, power: 3, sell_tag: true}
players:
  alice: {legends: [{card: "Test Plain: Rho", label: plain, face_up: true, gear: [{card: Test Jetpack}]}], eddies: 3}
  bob: {}
"""
    listing = list_options(scenario(board))  # 4.11.3: the Gear's bottom textbox is read as the Legend's
    assert _option(listing, play="plain", by="alice", go_solo=True).allowed
    assert _option(listing, play="plain", by="alice", go_solo=False).allowed


def test_an_option_is_written_as_yaml_that_reads_back_to_it_even_with_a_full_card_name_as_a_key():
    """An option is listed as it would be written in `actions:`: a `may:` keyed by a card's full name (which holds a
    colon) and a name with a comma are quoted, so the line pasted into a scenario reads back to the same action."""
    from judgekit import yaml_data
    from judgekit.render.options import flow
    action = {"resolve": "brigitte", "may": {"Maman Brigitte: Spirit of Death": True}, "targets": ["a, b", "goons"]}
    assert yaml_data.load(flow(action)) == action


def test_an_effects_payment_that_changes_what_happens_is_listed_with_the_payments_that_answer_it():
    """11.8.1, 5.7.2: El Sombrerón's 2 €$ paid with Dexter (face-up, carrying Gear) sets off Alt Cunningham, paid
    with the Eddies it does not; the ruling waits, and each payment of 2 of the 3 cards is an option under
    `payments:`, the key that scripts an effect's payment: of the two that differ only in which of the alike unnamed
    Eddies pays with Dexter, one."""
    from pathlib import Path
    built = scenario(Path("scenarios/review/1700-an-effects-payment-that-changes-what-happens-waits-for-the-player"
                          ".yaml").read_text(encoding="utf-8"))
    listing = list_options(built)
    paid = sorted(o.action.payments for o in listing.options if not o.appended)
    assert paid == [("alice-eddie-1", "alice-eddie-2"), ("alice-eddie-1", "dex")]
    assert all(o.allowed for o in listing.options)
    assert all(written(o.action)["payments"] == list(o.action.payments) for o in listing.options if not o.appended)
