"""Deck legality, CR 7.3 and RAM Limits 3.20, through `judgekit deck check` on plain decklists."""
from __future__ import annotations

import json

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.decks.legality import check_deck, ram_limits
from judgekit.decks.parsing import read_decklist
from judgekit.scenario.pool import build_pool
from judgekit.scenario.yaml_lines import InputError
from tests.conftest import SCENARIOS, decklist_copy

LEGAL = SCENARIOS / "decks" / "arasaka-green.txt"
runner = CliRunner()


def deck(tmp_path, replace: dict[str, str] | None = None, extra: str = ""):
    return decklist_copy(tmp_path, LEGAL, replace, extra)


def problems(path) -> list:
    return [f for f in check_deck(read_decklist(path)) if not f.legal]


def test_7_3_the_example_deck_is_legal():
    findings = check_deck(read_decklist(LEGAL))
    assert [f.legal for f in findings] == [True]
    assert "6 Green" in findings[0].text


def test_7_3_a_sideboard_is_no_part_of_the_legal_deck_check_deck_reads():
    """7.3's legal deck is the 3 Legends and the main deck: entries listed under `Sideboard` given to `check_deck`
    are counted in neither (the formats check a sideboard themselves, judgekit.decks.formats)."""
    entries = read_decklist(SCENARIOS / "decks" / "arasaka-green-constructed.txt")
    sideboard = sum(e.count for e in entries if e.sideboard)
    assert sideboard == 7
    [legal] = check_deck(entries)
    assert legal.legal and "a main deck of 40" in legal.text
    assert check_deck(entries) == check_deck([e for e in entries if not e.sideboard])


def test_7_3_a_deck_has_exactly_three_legends(tmp_path):
    [problem] = problems(deck(tmp_path, {"1 Saburo Arasaka: Stubborn Patriarch\n": ""}))
    assert "2 Legends" in problem.text and "deck.legal-deck" in problem.cites


def test_7_3_1_legends_with_the_same_name_are_not_allowed(tmp_path):
    found = problems(deck(tmp_path, {"1 Saburo Arasaka: Stubborn Patriarch": "1 Goro Takemura: Vengeful Bodyguard"}))
    assert any("deck.legends-unique-names" in f.cites and f.line == 3 for f in found)


@pytest.mark.parametrize("change, size", [({"1 Overwatch: Panam's Gift\n": ""}, 39),
                                          ({"1 Overwatch: Panam's Gift": "2 Overwatch: Panam's Gift"}, 41)])
def test_7_3_2_main_deck_size_bounds(tmp_path, change, size):
    found = problems(deck(tmp_path, change))
    assert found == [] if size == 41 else [f.cites for f in found] == [("deck.legal-deck", "deck.main-deck-size")]


def test_7_3_2_more_than_fifty_cards_is_refused(tmp_path):
    found = problems(deck(tmp_path, {"3 Corpo Security": "3 Corpo Security\n" + "3 Field Operator\n" * 4}))
    assert any("deck.main-deck-size" in f.cites and "has 52 cards" in f.text for f in found)


def test_7_3_3_at_most_three_copies_counting_every_line(tmp_path):
    found = problems(deck(tmp_path, {"1 Overwatch: Panam's Gift": "1 Corpo Security"}))
    [copies] = [f for f in found if "deck.three-copies" in f.cites]
    assert "4 copies of 'Corpo Security'" in copies.text
    assert "card-subtitle.distinguishes-cards" in copies.cites


def test_3_20_ram_limits_come_from_the_legends_and_bound_each_card(tmp_path):
    pool = build_pool([])
    legends = [pool.lookup(n)[0] for n in ("Goro Takemura: Hands Unclean", "V: Streetkid", "Adam Smasher: Ender of Legends")]
    assert ram_limits(legends) == {"Red": 4, "Green": 2, "Blue": 0, "Yellow": 0}
    found = problems(deck(tmp_path, {"1 Overwatch: Panam's Gift": "1 All is Lost"}))
    [over] = [f for f in found if "ram-limits.card-fits" in f.cites and "Red RAM Limit of 0" in f.text]
    assert {"ram-limits", "ram-limits.default-zero"} <= set(over.cites)


def test_bad_lines_and_unknown_cards_are_input_errors_with_lines_and_suggestions(tmp_path):
    path = deck(tmp_path, {"3 Corpo Security": "3 Corpo Securty", "3 MaxTac AV": "three MaxTac AV"})
    with pytest.raises(InputError) as error:
        read_decklist(path)
    rendered = [p.render() for p in error.value.problems]
    assert any(":9:" in r and "Corpo Security" in r and "did you mean" in r for r in rendered)
    assert any(":16:" in r and "'three MaxTac AV'" in r and "did you mean 'MaxTac AV'" in r for r in rendered)


def test_deck_check_command_exit_statuses_and_json(tmp_path):
    assert runner.invoke(app, ["deck", "check", str(LEGAL)]).exit_code == 0
    illegal = deck(tmp_path, {"1 Overwatch: Panam's Gift\n": ""})
    done = runner.invoke(app, ["deck", "check", str(illegal), "-f", "json"])
    assert done.exit_code == 1
    data = json.loads(done.output)
    assert data["legal"] is False and data["findings"][0]["cites"][1]["number"].startswith("7.3.2")
    assert runner.invoke(app, ["deck", "check", str(tmp_path / "missing.txt")]).exit_code == 2


def test_a_decklist_of_200000_lines_is_refused_in_one_problem_not_read_through(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text("\n".join(f"1 Unknown Card {n}" for n in range(200_000)), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_decklist(path)
    message = caught.value.problems[0].message
    assert len(caught.value.problems) == 1 and ("at most" in message or "larger than" in message)


def test_many_bad_lines_list_the_first_fifty_and_count_the_rest(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(f"1 Unknown Card {n}" for n in range(300)), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        read_decklist(path)
    found = caught.value.problems
    assert len(found) == 51 and found[-1].render() == f"{path}:51: and 250 more problems on lines 51 to 300"


def test_a_decklist_count_is_1_to_99_and_a_huge_one_is_not_echoed(tmp_path):
    for count in ("0", "100", "9" * 5000):
        path = deck(tmp_path, extra=f"\n{count} Corpo Security\n")
        with pytest.raises(InputError) as caught:
            read_decklist(path)
        message = caught.value.problems[0].render().removeprefix(str(path))  # the echo, not the folder's name
        assert "a count is 1 to 99" in message and len(message) < 200


def test_a_decklist_that_is_not_utf8_names_the_line(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(b"3 Corpo Security\n3 Mantis \xff Blades\n")
    with pytest.raises(InputError) as caught:
        read_decklist(path)
    rendered = caught.value.problems[0].render()
    assert rendered.startswith(f"{path}:2:") and "not valid UTF-8" in rendered


def test_the_old_import_paths_still_give_the_deck_code():
    """Decklists moved out of the engine into judgekit.decks; code importing the old modules keeps working."""
    from judgekit.decks import formats, legality, parsing
    from judgekit.engine import deck_formats, decks
    from judgekit.scenario import decklist
    assert decks.check_deck is legality.check_deck and decks.DeckEntry is legality.DeckEntry
    assert deck_formats.check_in_format is formats.check_in_format and deck_formats.FORMATS is formats.FORMATS
    assert decklist.read_decklist is parsing.read_decklist
