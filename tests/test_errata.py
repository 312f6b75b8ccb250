"""Errata (judgekit/data/errata.yaml): shown by `judgekit card`, applied as data, cited by the rulings they decide."""
from __future__ import annotations

import json

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.scenario.errata import all_errata, citation
from judgekit.scenario.pool import real_cards
from tests.conftest import rule_of


def _card(name: str) -> dict:
    shown = CliRunner().invoke(app, ["card", name, "-f", "json"])
    assert shown.exit_code == 0, shown.output
    return json.loads(shown.output)


def test_every_erratum_names_a_pool_card_and_is_dated_by_its_listing():
    names = {c.full_name for c in real_cards()}
    for erratum in all_errata():
        assert erratum.card in names
        assert erratum.listed == "2026-09-08"
        assert citation("erratum:" + erratum.id)["title"].endswith("(listed as of 2026-09-08)")


def test_the_card_command_prints_each_erratum_and_its_listing_date():
    kiroshi = _card("Kiroshi Optics")["errata"]
    assert [e["id"] for e in kiroshi] == ["kiroshi-optics-hosts"] and kiroshi[0]["listed_as_of"] == "2026-09-08"
    nocturne = _card("Nocturne OP55N1")["errata"]
    assert nocturne[0]["changes_play"] is False and "Daniel Valaisis" in nocturne[0]["summary"]
    plain = CliRunner().invoke(app, ["card", "Nocturne OP55N1"]).output
    assert "listed as of 2026-09-08" in plain and "no date per" in plain


def test_an_artist_credit_erratum_changes_nothing_in_play():
    nocturne = next(c for c in real_cards() if c.full_name == "Nocturne OP55N1")
    assert nocturne.errata == ()


def test_the_usual_printing_of_johnny_silverhand_carries_no_printing_erratum():
    johnny = next(c for c in real_cards() if c.full_name == "Johnny Silverhand: Never Stop Fighting")
    assert johnny.sell_tag is False and johnny.errata == ()


def test_an_unknown_printing_is_bad_input_naming_the_field():
    from judgekit.scenario.build import build
    from judgekit.scenario.yaml_lines import InputError
    try:
        build("scenario: t\nplayers:\n  alice:\n    hand: [{card: Kiroshi Optics, printing: alpha}]\n  bob: {}\n",
              "t.yaml")
    except InputError as error:
        assert error.problems[0].line == 4 and "printing" in error.problems[0].field
    else:
        raise AssertionError("an unknown printing was accepted")


def test_a_gear_without_a_host_erratum_is_refused_without_citing_one():
    _, result, _ = rule_of("""
    scenario: t
    players:
      alice: {hand: [Mantis Blades], eddies: 1}
      bob: {field: [{card: Psycho Squad, label: squad}]}
    actions:
      - {play: Mantis Blades, equip_to: squad}
    """)
    assert not any(c.startswith("erratum:") for c in result.outcomes[0].refusal.cites)
