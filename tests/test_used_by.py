"""From a rule to what rests on it (`rule N --used-by`), and a new edition's work list (`rules diff --impact`)
(issue #23 item 5): on the shipped corpus and on a corpus outside the checkout."""
from __future__ import annotations

import json
import shutil

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import SCENARIOS

runner = CliRunner()
BLOCKER_SCENARIO = "9.9.1-blocker-turns-a-steal-into-a-fight"


def used_by(*args: str) -> dict:
    done = runner.invoke(app, ["rule", *args, "--used-by", "-f", "json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)


def test_the_shipped_cards_and_faq_rulings_resting_on_blocker():
    data = used_by("11.24", "--edition", "2026-08")
    cards = {c["card"] for c in data["cards"]}
    assert {"Goro Takemura: Hands Unclean", "Rita Wheeler: No Stupid Questions"} <= cards  # printed BLOCKER
    assert "6th Street Recruits" not in cards  # no keyword, no effect
    assert "GENERAL#2" in {r["ref"] for r in data["rulings"]}  # a Unit can use BLOCKER the turn it is played
    assert data["scenarios"] == [] and data["recorded_rulings"] == []  # no PATH given


def test_cards_whose_text_grants_or_bends_a_rule_rest_on_it_and_a_rule_covers_its_sub_rules():
    """From the cards' printed texts: Valentino Guerrera may attack ready BLOCKER Units and MT0D12 Flathead can't be
    blocked (11.24); Sandayu Oda's Units may attack while lagging (11.3.1.1, so 11.3 too); a Gear is equipped
    (11.6); the FAQ's GENERAL#4 answers a BLOCKER question through 11.24.3 (so 11.24 lists it)."""
    blocker = used_by("11.24", "--edition", "2026-08")
    cards = {c["card"] for c in blocker["cards"]}
    assert {"Valentino Guerrera", "MTOD12 Flathead", "Goro Takemura: Vengeful Bodyguard"} <= cards
    assert "GENERAL#4" in {r["ref"] for r in blocker["rulings"]}
    assert "Sandayu Oda: Hanako's Guardian" in {c["card"] for c in used_by("11.3", "--edition", "2026-08")["cards"]}
    assert "Mantis Blades" in {c["card"] for c in used_by("11.6", "--edition", "2026-08")["cards"]}


def test_the_scenarios_and_recorded_rulings_of_a_corpus_outside_the_checkout(tmp_path):
    for suffix in (".yaml", ".ruling.json"):
        shutil.copy(SCENARIOS / "attack" / f"{BLOCKER_SCENARIO}{suffix}", tmp_path / f"{BLOCKER_SCENARIO}{suffix}")
    data = used_by("11.24", str(tmp_path), "--edition", "2026-08")
    assert [s["file"] for s in data["recorded_rulings"]] == [str(tmp_path / f"{BLOCKER_SCENARIO}.ruling.json")]
    assert used_by("1.16", str(tmp_path), "--edition", "2026-08")["recorded_rulings"] == []  # conceding: not cited


def test_the_shipped_corpus_is_searched_too():
    data = used_by("11.24", str(SCENARIOS / "attack"), "--edition", "2026-08")
    assert any(s["file"].endswith(f"{BLOCKER_SCENARIO}.ruling.json") for s in data["recorded_rulings"])


def test_paths_without_used_by_and_a_missing_path_are_usage_errors(tmp_path):
    assert runner.invoke(app, ["rule", "11.24", str(tmp_path)]).exit_code == 2
    assert runner.invoke(app, ["rule", "11.24", "--used-by", str(tmp_path / "nowhere")]).exit_code == 2


def test_diff_impact_lists_the_recorded_rulings_citing_a_renumbered_rule(tmp_path):
    """Between the user's edition and 2026-08, [BLOCKER] is 11.27 and 11.24. A ruling recorded in the user's
    numbering is on the work list from the user's edition to 2026-08; a scenario already written in 2026-08's
    numbering is not, as it cites 11.24 already; from 2026-08 to the user's edition it is the other way round."""
    for suffix in (".yaml", ".ruling.json"):
        shutil.copy(SCENARIOS / "attack" / f"{BLOCKER_SCENARIO}{suffix}", tmp_path / f"{BLOCKER_SCENARIO}{suffix}")
    (tmp_path / "untouched.yaml").write_text("scenario: nothing cited\nplayers: {alice: {}, bob: {}}\n")
    (tmp_path / "already.yaml").write_text("scenario: blocker, numbered in 2026-08\nedition: 2026-08\n"
                                           "players: {alice: {}, bob: {}}\nexpect: {cites: ['11.24']}\n")
    done = runner.invoke(app, ["rules", "diff", "user", "2026-08", "--impact", str(tmp_path), "-f", "json"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    files = {item["file"]: item for item in data["impact"]}
    ruling = files[str(tmp_path / f"{BLOCKER_SCENARIO}.ruling.json")]
    blocker = next(r for r in ruling["rules"] if r["id"] == "keyword.blocker")
    assert (blocker["old"], blocker["new"], blocker["changes"]) == ("11.27", "11.24", ["renumbered"])
    assert str(tmp_path / "untouched.yaml") not in files and str(tmp_path / "already.yaml") not in files
    assert data["changes"]  # the diff itself is still there
    back = json.loads(runner.invoke(app, ["rules", "diff", "2026-08", "user", "--impact", str(tmp_path),
                                          "-f", "json"]).output)["impact"]
    assert [item["file"] for item in back] == [str(tmp_path / "already.yaml")]
    same = runner.invoke(app, ["rules", "diff", "2026-08", "2026-08", "--impact", str(tmp_path), "-f", "json"])
    assert json.loads(same.output)["impact"] == []


def test_impact_between_two_imported_editions_matched_by_stable_key(tmp_path, monkeypatch):
    """A rules team imports the old and the new official documents: a reworded rule (by stable key) and a
    removed one put the rulings citing them on the work list; the others are not listed."""
    from tests.conftest import ROOT
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    source = json.loads((ROOT / "tests" / "fixtures" / "official-mini.json").read_text(encoding="utf-8"))
    newer = json.loads(json.dumps(source))
    reworded = next(i for i in newer["items"] if i.get("display_number") == "11.11.2")
    reworded["body_markdown"] = reworded["title"] = "Fixture wording: a Call only once in each turn, now reworded."
    (tmp_path / "old.json").write_text(json.dumps(source))
    (tmp_path / "new.json").write_text(json.dumps(newer))
    for name in ("old", "new"):
        done = runner.invoke(app, ["rules", "import", str(tmp_path / f"{name}.json"), "--name", name])
        assert done.exit_code == 0, done.output
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "call.yaml").write_text("scenario: one Call a turn\nedition: 2026-08\nplayers: {alice: {}, bob: {}}\n"
                                      "expect: {cites: ['11.11.2']}\n")
    (corpus / "other.yaml").write_text("scenario: conceding\nedition: 2026-08\nplayers: {alice: {}, bob: {}}\n"
                                       "expect: {cites: ['1.16']}\n")
    done = runner.invoke(app, ["rules", "diff", "old", "new", "--impact", str(corpus), "-f", "json"])
    assert done.exit_code == 0, done.output
    impact = json.loads(done.output)["impact"]
    assert [i["file"] for i in impact] == [str(corpus / "call.yaml")]
    assert impact[0]["rules"][0]["changes"] == ["changed"] and impact[0]["rules"][0]["old"] == "11.11.2"


def test_a_free_call_and_a_search_that_bottom_decks_rest_on_their_rules():
    """Panam Palmer: Strength Through Family makes Calling free (11.11 in 2026-08); Viktor Vektor: Sit Down and
    Relax bottom-decks the searched cards it leaves (11.12)."""
    assert "Panam Palmer: Strength Through Family" in {c["card"] for c in used_by("11.11", "--edition", "2026-08")["cards"]}
    assert "Viktor Vektor: Sit Down and Relax" in {c["card"] for c in used_by("11.12", "--edition", "2026-08")["cards"]}


def test_impact_lists_a_renumbered_not_cites_and_leaves_a_rule_cited_by_its_stable_id(tmp_path):
    """A number in `not_cites` names another rule once renumbered (11.14 is Call a Legend in the user's edition,
    Reveal in 2026-08): the file is on the work list. A rule cited by its stable id is right in every edition."""
    (tmp_path / "not-cites.yaml").write_text("scenario: no call\nplayers: {alice: {}, bob: {}}\n"
                                             "expect: {not_cites: ['11.14']}\n")
    (tmp_path / "by-id.yaml").write_text("scenario: by id\nplayers: {alice: {}, bob: {}}\n"
                                         "expect: {cites: [keyword.blocker]}\n")
    done = runner.invoke(app, ["rules", "diff", "user", "2026-08", "--impact", str(tmp_path), "-f", "json"])
    files = {item["file"] for item in json.loads(done.output)["impact"]}
    assert files == {str(tmp_path / "not-cites.yaml")}


def test_adrenaline_rests_on_lag_and_a_legend_on_whether_its_cost_lets_it_be_played():
    """ADRENALINE lets a lagging Unit attack (11.3.1.1): Riding Nomad prints it. A Legend with a cost may be played
    to the field (4.5: Adam Smasher, Ender of Legends); a Null-cost one never can (4.5.3: Dum Dum, Maelstrom Triggerman)."""
    assert "Riding Nomad" in {c["card"] for c in used_by("11.3", "--edition", "2026-08")["cards"]}
    played = {c["card"] for c in used_by("4.5", "--edition", "2026-08")["cards"]}
    assert "Adam Smasher: Ender of Legends" in played
    null = {c["card"] for c in used_by("4.5.3", "--edition", "2026-08")["cards"]}
    assert "Dum Dum: Maelstrom Triggerman" in null and "Adam Smasher: Ender of Legends" not in null
