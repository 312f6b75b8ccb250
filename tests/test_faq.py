"""The FAQ corpus: its index matches the official FAQ, every answer has a scenario or a reason, and
`judgekit rulings` reports judgekit's live verdict on each (reproduced, contested, known failure)."""
from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.corpus.runner import FAILED, KNOWN_FAILURE, PASSED, check_file
from judgekit.exitcodes import BAD_INPUT, OK
from judgekit.faq import (INDEX, CONTESTED, KNOWN_FAILURE as KNOWN, NOT_ENCODED, REPRODUCED, FaqError, faq_dir,
                          load_index, parse_ref, read_official, scenario_sources, slug)
from tests.conftest import ROOT, SCENARIOS, read_yaml

OFFICIAL = ROOT.parent / "shared" / "reference" / "faq-official.txt"
needs_official = pytest.mark.skipif(not OFFICIAL.is_file(), reason="the official FAQ (../shared) is not here")
PAID = (SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml").read_text(encoding="utf-8")
WRONG = PAID.replace("alice-eddie-3: {spent: false}", "alice-eddie-3: {spent: true}")
runner = CliRunner()


@pytest.fixture(scope="module")
def index():
    return load_index()


# --- the index and the corpus ------------------------------------------------------------------

@needs_official
def test_the_index_has_one_ref_per_official_answer_in_faq_order(index):
    official = read_official(OFFICIAL)
    assert [info["heading"] for info in index.cards.values()] == [heading for heading, _ in official]
    assert [info["answers"] for info in index.cards.values()] == [len(qa) for _, qa in official]
    expected = [f"{card}#{n}" for card, info in index.cards.items() for n in range(1, info["answers"] + 1)]
    assert list(index.rulings) == expected
    assert sum(len(qa) for _, qa in official) == len(index.rulings) == 269


@needs_official
def test_no_faq_sentence_is_copied_into_the_corpus():
    sentences = {line for _, qa in read_official(OFFICIAL) for pair in qa for line in pair if len(line) > 40}
    for path in [INDEX, *sorted(faq_dir().rglob("*"))]:
        if path.is_file() and path.suffix in (".yaml", ".json"):
            text = path.read_text(encoding="utf-8")
            copied = [s for s in sentences if s in text]
            assert not copied, f"{path} copies the FAQ's words: {copied[0]!r}"


def test_the_index_cards_are_pool_cards_or_general(index):
    from judgekit.scenario.pool import real_cards
    names = {d.full_name for d in real_cards()}
    assert [c for c in index.cards if c != "GENERAL" and c not in names] == []


def test_every_faq_scenario_points_at_a_ref_in_the_index(index):
    sources = scenario_sources(faq_dir())
    unknown = {str(p): info["ref"] for p, info in sources.items() if info["ref"] not in index.rulings}
    assert unknown == {}


def test_every_file_under_the_faq_corpus_is_an_faq_scenario():
    sources = scenario_sources(faq_dir())
    files = list(faq_dir().rglob("*.yaml"))
    assert sorted(set(files) - set(sources)) == []


def test_faq_scenarios_live_in_their_cards_folder_and_position(index):
    for path, info in scenario_sources(faq_dir()).items():
        card, n = parse_ref(info["ref"])
        folder = "general" if card == "GENERAL" else slug(card)
        assert path.parent.name == folder, f"{path}: {info['ref']} belongs under scenarios/faq/{folder}/"
        assert re.match(rf"^{n:02d}-[a-z0-9-]+\.yaml$", path.name), f"{path}: name it {n:02d}-<short-slug>.yaml"
        assert "faq" in info["tags"], f"{path}: tag it `faq`"
        assert info["question"], f"{path}: a `question` in our own words"


def test_every_answer_has_a_scenario(index):
    """#15: all 269 answers are encoded; `not_encoded` stays available to the index format but is empty here."""
    missing = [r.ref for r in index.rulings.values() if not r.scenarios]
    assert missing == [], "these answers have no scenario: encode them"
    assert [r.ref for r in index.rulings.values() if r.not_encoded] == [], "take these off not_encoded"


def test_no_faq_scenario_is_a_known_failure():
    """#15: every official answer is reproduced or a contested ruling that says which reading judgekit follows;
    a `known_failure` mark on an FAQ scenario means judgekit contradicts an official answer."""
    marked = [p for p in (SCENARIOS / "faq").rglob("*.yaml")  # read as YAML only where the key is written at all
              if "known_failure" in p.read_text(encoding="utf-8") and "known_failure" in read_yaml(p)]
    assert marked == []


# --- known failures in the corpus runner ----------------------------------------------------------

KNOWN_LINE = "known_failure: {reason: judgekit disagrees here, issue: 15}\n"


def test_a_known_failure_that_still_fails_is_counted_apart(tmp_path):
    path = tmp_path / "known.yaml"
    path.write_text(WRONG + KNOWN_LINE, encoding="utf-8")
    result = check_file(path)
    assert result.status == KNOWN_FAILURE and result.known_failure == "judgekit disagrees here"


def test_a_known_failure_that_passes_is_a_failure_asking_to_remove_the_mark(tmp_path):
    path = tmp_path / "fixed.yaml"
    path.write_text(PAID + KNOWN_LINE, encoding="utf-8")
    result = check_file(path)
    assert result.status == FAILED and "remove `known_failure`" in result.report


def test_known_failure_needs_an_expectation(tmp_path):
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError
    from judgekit.rules.book import load_rulebook
    path = tmp_path / "bare.yaml"
    path.write_text("scenario: x\nplayers: {alice: {}, bob: {}}\n" + KNOWN_LINE, encoding="utf-8")
    with pytest.raises(InputError, match="known_failure needs"):
        build_file(path, load_rulebook())


def test_run_warns_that_judgekit_disagrees(tmp_path):
    path = tmp_path / "known.yaml"
    path.write_text(WRONG + KNOWN_LINE, encoding="utf-8")
    done = runner.invoke(app, ["run", str(path)])
    assert done.exit_code == 1
    assert "KNOWN FAILURE" in done.output and "judgekit disagrees here" in done.output
    data = json.loads(runner.invoke(app, ["run", str(path), "-f", "json"]).output)
    assert data["scenario"]["known_failure"] == {"reason": "judgekit disagrees here", "issue": 15}


def test_check_counts_known_failures_without_failing(tmp_path):
    (tmp_path / "known.yaml").write_text(WRONG + KNOWN_LINE, encoding="utf-8")
    (tmp_path / "good.yaml").write_text(PAID, encoding="utf-8")
    done = runner.invoke(app, ["check", str(tmp_path)])
    assert done.exit_code == OK, done.output
    assert "1 known failure" in done.output
    data = json.loads(runner.invoke(app, ["check", str(tmp_path), "-f", "json"]).output)
    assert data["summary"][KNOWN_FAILURE] == 1 and data["summary"][PASSED] == 1


# --- judgekit rulings ------------------------------------------------------------------------------

def _faq_scenario(text: str, ref: str) -> str:
    head = textwrap.dedent(f"""\
        source: {{kind: faq, ref: "{ref}"}}
        """)
    return text.replace("tags: [card-types, units, play, pay]", "tags: [faq]") + head


@pytest.fixture
def small_corpus(tmp_path, monkeypatch):
    """A corpus of three GENERAL answers (reproduced, known failure, not encoded) and one contested."""
    index_path = tmp_path / "faq-index.yml.txt"
    index_path.write_text(textwrap.dedent("""\
        format: judgekit-faq-index/1
        cards:
          GENERAL: {heading: GENERAL, answers: 3}
          Floor It: {heading: FLOOR IT, answers: 1}
        answers:
          "GENERAL#1": "Yes"
          "GENERAL#2": "No"
          "GENERAL#3": "Yes"
          "Floor It#1": "Yes"
        not_encoded:
          "GENERAL#3": the format cannot say it yet
        """), encoding="utf-8")
    general = tmp_path / "general"
    general.mkdir()
    (general / "01-paid.yaml").write_text(_faq_scenario(PAID, "GENERAL#1"), encoding="utf-8")
    (general / "02-wrong.yaml").write_text(_faq_scenario(WRONG, "GENERAL#2") + KNOWN_LINE, encoding="utf-8")
    floor = tmp_path / "floor-it"
    floor.mkdir()
    contested = PAID + textwrap.dedent("""\
        contested:
          - held_by: the FAQ
            expect: {allowed: true}
          - held_by: the Comprehensive Rules
            expect: {allowed: false}
        """)
    (floor / "01-contested.yaml").write_text(_faq_scenario(contested, "Floor It#1"), encoding="utf-8")
    monkeypatch.setenv("JUDGEKIT_FAQ", str(tmp_path))
    monkeypatch.setattr("judgekit.faq.INDEX", index_path)
    return tmp_path


def test_rulings_json_gives_each_answer_its_question_answer_and_live_verdict(small_corpus):
    done = runner.invoke(app, ["rulings", "general", "-f", "json"])
    assert done.exit_code == OK, done.output
    data = json.loads(done.output)
    assert data["format"] == "judgekit-rulings/1" and data["card"] == "GENERAL"
    assert [(r["ref"], r["status"], r["answer"]) for r in data["rulings"]] == [
        ("GENERAL#1", REPRODUCED, "Yes"), ("GENERAL#2", KNOWN, "No"), ("GENERAL#3", NOT_ENCODED, "Yes")]
    first, second, third = data["rulings"]
    assert first["question"].startswith("Alice plays Maelstrom Goons")
    assert first["scenarios"][0]["file"] == "general/01-paid.yaml"
    assert second["scenarios"][0]["known_failure"] == "judgekit disagrees here"
    assert third["question"] is None and third["not_encoded"] == "the format cannot say it yet"
    assert data["tally"][REPRODUCED] == 1 and data["tally"][KNOWN] == 1 and data["tally"][NOT_ENCODED] == 1


def test_rulings_shows_a_contested_answer_and_which_reading_judgekit_follows(small_corpus):
    data = json.loads(runner.invoke(app, ["rulings", "FLOOR IT", "-f", "json"]).output)
    (only,) = data["rulings"]
    assert only["status"] == CONTESTED
    assert [c["held_by"] for c in only["scenarios"][0]["contested"] if c["follows"]] == ["the FAQ"]
    out = runner.invoke(app, ["rulings", "Floor It"]).output
    assert "contested" in out and "follows: the FAQ" in out


def test_rulings_all_prints_the_tally(small_corpus):
    done = runner.invoke(app, ["rulings", "--all"])
    assert done.exit_code == OK, done.output
    assert "4 answers: 1 reproduced, 1 contested, 1 known failure, 0 failing, 1 not encoded" in done.output
    assert "the format cannot say it yet" in done.output and "GENERAL#2: judgekit disagrees here" in done.output
    data = json.loads(runner.invoke(app, ["rulings", "--all", "-f", "json"]).output)
    assert data["tally"]["answers"] == 4 and data["tally"]["known_failures"] == [
        {"ref": "GENERAL#2", "reason": "judgekit disagrees here"}]


def test_rulings_for_an_unknown_card_exits_2_with_a_suggestion(small_corpus):
    done = runner.invoke(app, ["rulings", "Korpo Sekurity"])
    assert done.exit_code == BAD_INPUT
    assert "Corpo Security" in done.output and "Traceback" not in done.output


def test_the_site_gives_each_faq_scenario_the_verdict_rulings_gives(small_corpus, book):
    """The site rules each FAQ scenario once and takes its verdict from that run (judgekit.site.content): the
    verdict `judgekit rulings` gives by checking the file, for a reproduced, a known-failure, a contested, a failing
    and an unreadable scenario."""
    from judgekit.faq import FAILING, verdicts
    from judgekit.site.content import gather
    general = small_corpus / "general"
    (general / "04-failing.yaml").write_text(_faq_scenario(WRONG, "GENERAL#1"), encoding="utf-8")
    (general / "05-unreadable.yaml").write_text(_faq_scenario(PAID.replace("actions:", "actoins:"), "GENERAL#1"),
                                                encoding="utf-8")
    shown = {path: scenario.status for path, scenario in gather(book, "user", []).faq_rulings.items()}
    assert shown == {path: verdict["status"] for path, verdict in verdicts(list(shown)).items()}
    assert sorted(shown.values()) == sorted([REPRODUCED, KNOWN, CONTESTED, FAILING, FAILING])


def test_rulings_takes_a_card_as_judgekit_card_does(small_corpus):
    """A near spelling or a start is taken; a name several cards fit lists them (`judgekit card goro` alike)."""
    assert runner.invoke(app, ["rulings", "Kiroshi Optix", "-f", "json"]).exit_code == OK
    several = runner.invoke(app, ["rulings", "goro"])
    assert several.exit_code == BAD_INPUT and "could be any of 3 cards" in several.output


def test_rulings_for_a_card_the_faq_does_not_cover(small_corpus):
    done = runner.invoke(app, ["rulings", "Kiroshi Optics", "-f", "json"])
    assert done.exit_code == OK and json.loads(done.output)["rulings"] == []


def test_rulings_needs_a_card_or_all(small_corpus):
    assert runner.invoke(app, ["rulings"]).exit_code == BAD_INPUT
    assert runner.invoke(app, ["rulings", "Floor It", "--all"]).exit_code == BAD_INPUT


def test_card_rulings_adds_the_rulings_to_the_card(small_corpus):
    data = json.loads(runner.invoke(app, ["card", "Floor It", "--rulings", "-f", "json"]).output)
    assert data["name"] == "Floor It" and data["rulings"]["rulings"][0]["ref"] == "Floor It#1"
    out = runner.invoke(app, ["card", "Floor It", "--rulings"]).output
    assert out.index("Floor It") < out.index("Official FAQ rulings on Floor It")


def test_the_faq_corpus_is_found_without_configuration(monkeypatch):
    monkeypatch.delenv("JUDGEKIT_FAQ", raising=False)
    assert faq_dir().is_dir() and INDEX.is_file()


@pytest.mark.parametrize("name", ["Goro Takemura: Hands Unclean", "V: Corporate Exile"])
def test_card_rulings_of_a_card_whose_text_is_only_keywords(name):
    out = runner.invoke(app, ["card", name, "--rulings"]).output
    assert "Its text is only keywords" in out
    assert f"Official FAQ rulings on {name}" in out and f"{name}#1" in out


def test_every_answer_has_the_faqs_question_in_our_words(index):
    """The answer answers the FAQ's own question, not the question of judgekit's scenario board (whose wording
    may run the other way): each ref carries that question, reworded."""
    assert all(r.asked for r in index.rulings.values())


@needs_official
def test_no_faq_question_is_copied_into_its_rewording(index):
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", text.casefold())

    official = {f"{card}#{n}": q for (heading, qa), card in zip(read_official(OFFICIAL), index.cards)
                for n, (q, _) in enumerate(qa, 1)}
    for ref, ruling in index.rulings.items():
        theirs = words(official[ref])
        runs = {tuple(theirs[i:i + 6]) for i in range(len(theirs) - 5)}
        ours = words(ruling.asked)
        copied = [" ".join(ours[i:i + 6]) for i in range(len(ours) - 5) if tuple(ours[i:i + 6]) in runs]
        assert not copied, f"{ref}: {copied[0]!r} is the FAQ's wording"
