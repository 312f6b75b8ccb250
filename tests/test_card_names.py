"""Cards named as people type them (judgekit.scenario.card_names): a unique prefix or a close misspelling is
taken, a name several cards fit is an input error listing them, and `judgekit card` lists the matches."""
from __future__ import annotations

import json

import pytest

from judgekit.scenario.build import build
from judgekit.scenario.card_names import completions, match_name
from judgekit.scenario.pool import real_cards
from judgekit.scenario.yaml_lines import InputError
from tests.entry_point import invoke

GOROS = ["Goro Takemura: Hands Unclean", "Goro Takemura: Losing His Way", "Goro Takemura: Vengeful Bodyguard"]
NAMES = [c.full_name for c in real_cards()]


def test_a_unique_prefix_names_the_card():
    assert match_name("mantis", NAMES).found == "Mantis Blades"
    assert match_name("goro takemura hands", NAMES).found == "Goro Takemura: Hands Unclean"


def test_accents_and_apostrophes_are_typed_or_not():
    assert match_name("les elemens", NAMES).found == "Les Élémens"
    assert match_name("dont fear", NAMES).found == "(Don't Fear) The Reaper"
    assert match_name("don't fear the reaper", NAMES).found == "(Don't Fear) The Reaper"
    assert match_name("judy alvarez nothing", NAMES).found.startswith("Judy Álvarez")


def test_the_card_command_takes_a_name_of_several_words_without_quotes():
    done = invoke("card", "johnny", "never", "-f", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["name"] == "Johnny Silverhand: Never Stop Fighting"
    assert "Johnny Silverhand: Never Stop Fighting#1" in invoke("rulings", "johnny", "never").output


def test_a_unique_word_start_names_the_card():
    assert match_name("Vengeful", NAMES).found == "Goro Takemura: Vengeful Bodyguard"


def test_the_starts_of_several_words_in_order_name_the_card():
    assert match_name("adam ender", NAMES).found == "Adam Smasher: Ender of Legends"
    assert match_name("alt soulkiller", NAMES).found == "Alt Cunningham: Soulkiller Architect"
    assert match_name("goro hands", NAMES).found == "Goro Takemura: Hands Unclean"
    assert match_name("ender adam", NAMES).found is None  # out of order: not that card
    assert match_name("goro tak", NAMES).how == "ambiguous"


def test_a_close_misspelling_names_the_card_but_a_far_one_only_suggests():
    assert match_name("Corpo Securty", NAMES).found == "Corpo Security"
    far = match_name("Korpo Sekurity", NAMES)
    assert far.found is None and far.candidates == ("Corpo Security",)
    assert "did you mean 'Corpo Security'" in far.problem()


def test_a_name_several_cards_fit_is_ambiguous_and_lists_them():
    match = match_name("goro", NAMES)
    assert match.found is None and match.how == "ambiguous" and list(match.candidates) == GOROS
    assert all(name in match.problem() for name in GOROS)


def test_completion_offers_the_three_goro_cards():
    assert completions("goro", NAMES) == GOROS
    assert set(GOROS) < set(completions("gor", NAMES)) and "Gorilla Arms" in completions("gor", NAMES)


BOARD = """scenario: t
players:
  alice:
    field:
      - card: {card}
        face_up: true
        gear: [mantis]
    deck: 5
  bob: {{deck: 5}}
turn: bob
actions:
  - move: {ref}
    to: hand
    by: bob
"""


def test_a_scenario_takes_a_prefix_and_the_ruling_shows_the_full_name():
    built = build(BOARD.format(card="goro takemura hands", ref="goro takemura hands"), "t.yaml")
    names = {c.definition.full_name for c in built.state.cards.values()}
    assert {"Goro Takemura: Hands Unclean", "Mantis Blades"} <= names


def test_an_action_may_name_a_board_card_by_its_start():
    built = build(BOARD.format(card="'Goro Takemura: Hands Unclean'", ref="goro"), "t.yaml")
    assert built.actions[0].cards[0] == "Goro Takemura: Hands Unclean"


def test_an_ambiguous_card_name_is_an_input_error_with_line_field_and_candidates():
    with pytest.raises(InputError) as caught:
        build(BOARD.format(card="goro", ref="goro"), "t.yaml")
    first = caught.value.problems[0].render()
    assert first.startswith("t.yaml:5: players.alice.field.0.card: 'goro' could be any of 3 cards")
    assert all(name in first for name in GOROS)


def test_card_goro_lists_the_three_goro_takemura_cards():
    done = invoke("card", "goro")
    assert done.exit_code == 0 and all(name in done.output for name in GOROS)
    listed = json.loads(invoke("card", "goro", "-f", "json").output)
    assert [m["name"] for m in listed["matches"]] == GOROS


def test_card_by_prefix_shows_the_full_name_and_an_unknown_name_exits_2():
    assert invoke("card", "mantis").output.startswith("Mantis Blades")
    done = invoke("card", "zzzzzz")
    assert done.exit_code == 2 and "no card named 'zzzzzz'" in done.output


def test_a_card_found_by_a_word_names_the_other_cards_with_that_word():
    """`card psycho` opens Psycho Squad and names Royce: Psycho on the Edge, whose subtitle has the word too."""
    done = invoke("card", "psycho")
    said = " ".join(done.output.split())
    assert said.startswith("Psycho Squad")
    assert "Other cards with a word of their name starting 'psycho': Royce: Psycho on the Edge" in said
    assert json.loads(invoke("card", "psycho", "-f", "json").output)["also"] == ["Royce: Psycho on the Edge"]
    assert json.loads(invoke("card", "Psycho Squad", "-f", "json").output)["also"] == []


def _ruling(text: str) -> dict:
    from judgekit.ruling import ruling, run_scenario
    from judgekit.rules.book import load_rulebook
    built = build(text, "t.yaml")
    return ruling(built, run_scenario(built), load_rulebook())


def test_an_empty_deck_the_file_never_listed_is_said_to_be_empty_because_unlisted():
    """1.14 / 11.5: drawing from an empty deck loses; the ruling says the deck is empty because none was listed."""
    base = "scenario: t\nplayers:\n  alice: {{deck: 3}}\n  bob: {bob}\nturn: alice\nactions:\n  - pass_turn: true\n"
    data = _ruling(base.format(bob="{}"))
    [lost] = [s for s in data["steps"] if s["kind"] == "lose"]
    assert "bob" in data["verdict"]["losers"] and "lists no deck for bob" in lost["note"]
    listed = _ruling(base.format(bob="{deck: []}"))
    assert "bob" in listed["verdict"]["losers"] and not any("note" in s for s in listed["steps"])


def test_a_refused_face_down_legend_says_what_to_write_instead():
    """4.5, 5.3.1.2: a face-down Legend can't be played; the refusal hints at `face_up: true` or a `call`."""
    text = ("scenario: t\nplayers:\n  alice:\n    legends: ['V: Streetkid']\n    eddies: 9\n    deck: 5\n"
            "  bob: {deck: 5}\nturn: alice\nactions:\n  - play: 'V: Streetkid'\n")
    [refused] = _ruling(text)["verdict"]["refused"]
    assert "face_up: true" in refused["hint"] and "`call`" in refused["hint"]
