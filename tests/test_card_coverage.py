"""Card coverage (judgekit/corpus/card_coverage.py): every pool card with text is shipped, and every shipped card
is exercised by a corpus scenario that depends on its text; the gaps are explicit lists that may only shrink."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.corpus.card_coverage import card_report, cards_depended_on, measure_cards
from judgekit.corpus.runner import discover
from judgekit.rules.book import load_rulebook
from judgekit.scenario.pool import real_cards, shipped_effects, unshipped_cards
from tests.conftest import SCENARIOS, scenario

UNSHIPPED_CEILING = 0  # lower it whenever a card is shipped; never raise it

# Shipped cards no corpus scenario depends on yet: empty, and it stays so (a newly shipped card comes with a
# scenario that exercises it).
NOT_YET_EXERCISED: set[str] = set()


def test_a_pool_card_with_text_is_shipped_or_listed_with_the_mechanic_it_lacks():
    pool = {c.full_name for c in real_cards()}
    missing = unshipped_cards()
    assert {n for n in pool if n not in shipped_effects()} == set(missing)
    assert all(lacks.strip() for lacks in missing.values())


def test_the_list_of_unshipped_cards_only_shrinks():
    assert len(unshipped_cards()) <= UNSHIPPED_CEILING


def test_every_shipped_card_is_exercised_by_a_scenario_or_listed_as_not_yet(shipped_runs):
    """Each card is looked for until the first scenario depending on it (`judgekit coverage` lists them all); each
    file's build is the session's own (tests/conftest.py)."""
    built = {path: scenario for path, scenario, _ in shipped_runs}
    report = card_report(measure_cards(discover([SCENARIOS]), load_rulebook(), first_only=True, built=built))
    assert set(report["not_exercised"]) == NOT_YET_EXERCISED


def test_first_only_finds_the_first_file_of_each_card_the_whole_measure_finds():
    paths = sorted((SCENARIOS / "keywords").glob("*.yaml"))
    every = measure_cards(paths, load_rulebook())
    first = measure_cards(paths, load_rulebook(), first_only=True)
    assert any(len(files) > 1 for files in every.values())
    assert first == {name: files[:1] for name, files in every.items()}


FLOOR_IT_ON_A_RIVAL_UNIT = """
scenario: t
players:
  alice: {hand: [Floor It], eddies: 1, deck: 2}
  bob: {field: [Psycho Squad]}
actions:
  - {play: Floor It, targets: [Psycho Squad]}
"""


def test_a_card_counts_only_when_the_ruling_depends_on_its_text():
    book = load_rulebook()
    used = scenario(FLOOR_IT_ON_A_RIVAL_UNIT)
    assert cards_depended_on(used, book) == {"Floor It"}
    idle = scenario("""
    scenario: t
    players:
      alice: {field: [Corpo Security], hand: [Floor It], eddies: 1}
      bob: {}
    actions:
      - {pass_turn: true}
    """)
    assert cards_depended_on(idle, book) == set()


def test_a_shipped_card_whose_effect_bottom_decks_one_card_is_still_the_shipped_card_on_the_board():
    built = scenario("""
    scenario: t
    players:
      alice: {hand: [Les Élémens], eddies: 5}
      bob: {field: [Psycho Squad], deck: 1}
    actions:
      - {play: Les Élémens, targets: [Psycho Squad]}
    """)
    assert cards_depended_on(built, load_rulebook()) == {"Les Élémens"}


def test_every_shipped_card_with_text_is_exercised():
    assert NOT_YET_EXERCISED == set()


def test_a_card_redefined_inline_is_not_the_shipped_card():
    redefined = scenario("""
    scenario: t
    cards:
      - {name: Floor It, type: Program, cost: 1, effects: [{when: resolve, do: [{draw: 1}]}]}
    players:
      alice: {hand: [Floor It], eddies: 1, deck: 2}
      bob: {field: [Psycho Squad]}
    actions:
      - {play: Floor It}
    """)
    assert cards_depended_on(redefined, load_rulebook()) == set()


def test_the_coverage_command_reports_cards(tmp_path):
    done = CliRunner().invoke(app, ["coverage", str(SCENARIOS / "errata"), "-f", "json"])
    assert done.exit_code == 0, done.output
    cards = json.loads(done.output)["cards"]
    assert cards["pool"] == 151 and "Rebecca: Having a Moment" in cards["no_text"]


def test_a_scenario_judgekit_fails_on_depends_on_no_card_rather_than_stopping_the_count(monkeypatch):
    from judgekit.ruling import run_scenario
    crashing = scenario(FLOOR_IT_ON_A_RIVAL_UNIT)

    def crash(built, seed=None):
        if built.file == crashing.file:
            raise KeyError("alice-eddie-9")
        return run_scenario(built, seed)
    monkeypatch.setattr("judgekit.ruling.run_scenario", crash)
    assert cards_depended_on(crashing, load_rulebook()) == set()
