"""Importing the publisher's rules: its JSON shape, what is not a rulebook, replacing, hostile input."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.rules.diff import diff
from judgekit.rules.official import (MIN_RULES, OfficialFormatError, imported_editions, parse_json,
                                     read_official)
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
SHARED = ROOT.parent / "shared" / "reference"
SEPTEMBER = SHARED / "comprehensive-rules-2026-09-01.json"
AUGUST_TEXT = SHARED / "comprehensive-rules-2026-08.txt"
runner = CliRunner()


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _publisher() -> dict:
    return json.loads((FIXTURES / "official-mini.json").read_text(encoding="utf-8"))


def _import(*args: str):
    return runner.invoke(app, ["rules", "import", *args])


def test_publisher_json_keeps_stable_keys_and_anchors():
    data = _publisher()
    rules = {r.number: r for r in parse_json(data)}
    item = next(i for i in data["items"] if i["display_number"] == "4.4.1")
    assert rules["4.4.1"].stable_key == item["stable_key"] and rules["4.4.1"].anchor == item["stable_anchor"]


def test_publisher_json_is_read_in_parent_and_sort_order_not_file_order():
    numbers = [r.number for r in parse_json(_publisher())]
    assert numbers[:4] == ["4", "4.1", "4.2", "4.2.1"] and numbers[-1] == "11.12"
    assert "" not in numbers  # unnumbered subheadings are not rules


def test_stored_import_keeps_stable_keys(home):
    assert _import(str(FIXTURES / "official-mini.json")).exit_code == 0
    stored = imported_editions()["official-2026-08"]["rules"]["11.6.1"]
    assert stored.stable_key and stored.anchor.startswith("rule-")
    shown = json.loads(runner.invoke(app, ["rule", "11.9.1", "--official", "-f", "json"]).output)["official"]
    assert shown[0]["stable_key"] == stored.stable_key and shown[0]["anchor"] == stored.anchor


def test_an_excerpt_of_one_chapter_without_its_heading_is_a_rulebook(tmp_path):
    path = tmp_path / "excerpt.txt"
    path.write_text("".join(f"4.{n} Rule {n}.\n4.{n}.1 Its detail.\n" for n in range(1, 12)), encoding="utf-8")
    assert len(read_official(path)) == 22


def test_earlier_nested_json_form_still_reads(tmp_path):
    rules = [{"number": f"4.{n}", "content": f"Rule {n}."} for n in range(1, MIN_RULES + 1)]
    path = tmp_path / "nested.json"
    path.write_text(json.dumps({"sections": [{"number": "4", "title": "CARD TYPES", "children": rules}]}))
    assert [r.number for r in read_official(path)][:3] == ["4", "4.1", "4.2"]


@pytest.mark.parametrize("kind, text", [
    ("a README with a numbered list", (ROOT / "README.md").read_text(encoding="utf-8")),
    ("random text", "lorem ipsum dolor\n3 little pigs\n7 dwarves went home\n" * 3),
    ("a changelog, newest version first", "".join(f"1.{n} released the {n}th build\n" for n in range(30, 0, -1))),
    ("numbers repeated", "".join(f"{n % 5 + 1} item\n" for n in range(30))),
    ("sub-rules without their parents", "".join(f"4.{n}.1 orphan {n}\n" for n in range(1, 30))),
])
def test_what_is_not_a_rulebook_is_refused(tmp_path, home, kind, text):
    path = tmp_path / "notes.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(OfficialFormatError, match="not a rules document"):
        read_official(path)
    done = _import(str(path))
    assert done.exit_code == 2 and str(path) in done.output and "Traceback" not in done.output
    assert not (home / "editions").exists()


def test_an_earlier_import_is_replaced_only_with_force(home, tmp_path):
    assert _import(str(FIXTURES / "official-mini.json")).exit_code == 0
    stored = home / "editions" / "official-2026-08.json"
    before = stored.read_text(encoding="utf-8")
    again = _import(str(FIXTURES / "official-mini.json"))
    assert again.exit_code == 2 and "--force" in again.output and stored.read_text(encoding="utf-8") == before
    changed = tmp_path / "changed.json"
    changed.write_text((FIXTURES / "official-mini.json").read_text(encoding="utf-8")
                       .replace("equipping attaches a Gear", "equipping puts a Gear on"), encoding="utf-8")
    assert _import(str(changed), "--force").exit_code == 0
    assert imported_editions()["official-2026-08"]["rules"]["11.6.1"].text.endswith("puts a Gear on.")


@pytest.mark.parametrize("name", ["../../x", "../x", "/tmp/x", "a/b", "..", ".hidden", "x" * 65, "", "a\\b"])
def test_an_edition_name_that_is_a_path_is_refused(home, tmp_path, name):
    done = _import(str(FIXTURES / "official-mini.json"), "--name", name)
    assert done.exit_code == 2 and "not allowed" in done.output
    assert not (home / "editions").exists() and not (tmp_path / "x.json").exists()
    assert not (home.parent.parent / "x.json").exists()


@pytest.mark.parametrize("kind, text, says", [
    ("deeply nested arrays", "[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ("deeply nested objects", '{"a":' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
    ("items not a list", '{"items": {"display_number": "1"}}', "no rule objects"),
    ("an item that is not an object", '{"items": [{"display_number": "1", "title": "x", "body_markdown": "",'
     ' "node_type": "rule", "id": "a", "stable_key": "k", "stable_anchor": "a", "parent_id": null,'
     ' "sort_order": 1}, 7]}', "items[1] is int"),
    ("a number that is a number", '{"items": [{"display_number": 4, "title": "x"}]}', "items[0]"),
    ("a title that is a list", None, "items[3].title is list"),
    ("a sort order that is text", None, "items[2].sort_order is str"),
    ("a parent that does not exist", None, "names no item"),
    ("a display number that is prose", None, "is not a rule number"),
])
def test_malformed_json_is_a_clean_error_naming_the_file(home, tmp_path, kind, text, says):
    if text is None:
        data = _publisher()
        if "title" in kind:
            data["items"][3]["title"] = ["x"]
        elif "sort order" in kind:
            data["items"][2]["sort_order"] = "1"
        elif "parent" in kind:
            data["items"][5]["parent_id"] = "nobody"
        else:
            data["items"][4]["display_number"] = "see the rules"
        text = json.dumps(data)
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    done = _import(str(path))
    assert done.exit_code == 2, done.output
    assert str(path) in done.output and says in done.output and "Traceback" not in done.output
    assert len(done.output.strip().splitlines()) == 1


def test_a_file_that_is_not_utf8_is_a_clean_error_with_its_line(home, tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"4 CARD TYPES\n4.1 caf\xe9\n")
    done = _import(str(path))
    assert done.exit_code == 2 and f"{path}:2: not UTF-8" in done.output


def _stored(home: Path, name: str, text: str) -> Path:
    (home / "editions").mkdir(parents=True, exist_ok=True)
    path = home / "editions" / f"{name}.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("kind, text", [
    ("follows an unknown edition", json.dumps({"name": "odd", "follows": "1999", "source": "x",
                                               "rules": [{"number": "4.4", "text": "t"}]})),
    ("not JSON", "{truncated"),
    ("rules of the wrong type", json.dumps({"name": "odd", "follows": "2026-08", "source": "x", "rules": 5})),
    ("a rule with unknown fields", json.dumps({"name": "odd", "follows": "2026-08", "source": "x",
                                               "rules": [{"number": "4.4", "text": "t", "colour": 1}]})),
    ("a rule whose text is a list", json.dumps({"name": "odd", "follows": "2026-08", "source": "x",
                                                "rules": [{"number": "4.4", "text": ["t"]}]})),
    ("a rule whose number is not one", json.dumps({"name": "odd", "follows": "2026-08", "source": "x",
                                                   "rules": [{"number": "../4", "text": "t"}]})),
    ("nested too deeply", "[" * 100_000 + "]" * 100_000),
])
def test_a_stored_edition_that_cannot_be_used_is_a_clean_error(home, kind, text):
    path = _stored(home, "odd", text)
    for args in (["rule", "4.4", "--official"], ["rules", "diff", "odd", "user"]):
        done = runner.invoke(app, args)
        assert done.exit_code == 2, (args, done.output)
        assert str(path) in done.output and "Traceback" not in done.output


def test_one_damaged_edition_does_not_block_the_others(home):
    damaged = _stored(home, "damaged", "{truncated")
    assert _import(str(FIXTURES / "official-mini.json"), "--name", "good").exit_code == 0
    done = runner.invoke(app, ["rule", "11.9", "--official", "-f", "json"])
    assert done.exit_code == 0, done.output
    assert "warning: edition 'damaged' left out" in done.output and str(damaged) in done.output
    done = runner.invoke(app, ["rules", "diff", "good", "2026-08"])
    assert done.exit_code == 0 and "warning: edition 'damaged' left out" in done.output
    assert runner.invoke(app, ["rules", "diff", "2026-08", "user"]).exit_code == 0


@pytest.mark.parametrize("kind", ["link", "pipe"])
def test_a_stored_edition_that_is_a_link_or_a_pipe_is_named_never_followed_or_waited_on(home, tmp_path, kind):
    import os

    outside = tmp_path / "outside.json"
    outside.write_text((FIXTURES / "official-mini.json").read_text(encoding="utf-8"), encoding="utf-8")
    before = outside.read_bytes()
    (home / "editions").mkdir(parents=True)
    stored = home / "editions" / "mine.json"
    stored.symlink_to(outside) if kind == "link" else os.mkfifo(stored)
    done = runner.invoke(app, ["rules", "diff", "mine", "user"])
    assert done.exit_code == 2 and str(stored) in done.output
    assert ("a symbolic link" if kind == "link" else "not a regular file") in done.output
    assert _import(str(FIXTURES / "official-mini.json"), "--name", "mine").exit_code == 2  # already there
    done = _import(str(FIXTURES / "official-mini.json"), "--name", "mine", "--force")
    assert done.exit_code == 0, done.output
    assert stored.is_file() and not stored.is_symlink() and outside.read_bytes() == before
    assert runner.invoke(app, ["rules", "diff", "mine", "user"]).exit_code == 0


@pytest.mark.parametrize("size", ["over the byte limit", "under it, too many rules"])
def test_a_huge_document_is_refused_quickly(home, tmp_path, size):
    import time

    from judgekit.rules.official import MAX_BYTES, MAX_RULES

    huge = tmp_path / "huge.txt"
    lines = 1_000_000 if size == "over the byte limit" else 150_000
    huge.write_text("".join(f"{n // 1000 + 1}.{n % 1000 + 1} Rule {n}.\n" for n in range(lines)), encoding="utf-8")
    assert (huge.stat().st_size > MAX_BYTES) == (size == "over the byte limit")
    started = time.monotonic()
    done = _import(str(huge))
    assert done.exit_code == 2 and "Traceback" not in done.output
    assert "a rules document is under" in done.output or f"more than {MAX_RULES:,} numbered rules" in done.output
    assert time.monotonic() - started < 5
    assert not (home / "editions").exists()


def test_a_changed_wording_is_the_only_difference_the_diff_reports(home, tmp_path):
    assert _import(str(FIXTURES / "official-mini.json"), "--name", "before").exit_code == 0
    changed = tmp_path / "after.json"
    changed.write_text((FIXTURES / "official-mini.json").read_text(encoding="utf-8")
                       .replace("only one Call each turn", "only one Call each round"), encoding="utf-8")
    assert _import(str(changed), "--name", "after").exit_code == 0
    changes = json.loads(runner.invoke(app, ["rules", "diff", "before", "after", "-f", "json"]).output)
    assert [(c["kind"], c["old"], c["new"]) for c in changes] == [("changed", "11.11.2", "11.11.2")]
    assert "-[turn.] +[round.]" in changes[0]["detail"]


@pytest.mark.skipif(not SEPTEMBER.is_file(), reason="the publisher's JSON is not in ../shared")
def test_the_september_document_has_the_2026_08_numbering(home, book):
    done = _import(str(SEPTEMBER))
    assert done.exit_code == 0, done.output
    assert "numbered like 2026-08" in done.output and "671 rules" in done.output
    changes = diff(book, "2026-08", "official-2026-08", imported_editions())
    assert changes == []
    shown = runner.invoke(app, ["rules", "diff", "2026-08", "official-2026-08"]).output
    assert "no differences" in shown and "its numbering is compared, not its wording" in shown


@pytest.mark.skipif(not (SEPTEMBER.is_file() and AUGUST_TEXT.is_file()), reason="../shared is absent")
def test_september_json_against_august_text_differs_only_in_real_wording(home, book):
    assert _import(str(AUGUST_TEXT), "--name", "august").exit_code == 0
    assert _import(str(SEPTEMBER), "--name", "september").exit_code == 0
    imported = imported_editions()
    assert set(imported["august"]["rules"]) == set(imported["september"]["rules"])
    changes = diff(book, "august", "september", imported)
    assert [c for c in changes if c.kind != "changed"] == []
    assert changes == []  # the September document words every rule as the August one does


@pytest.mark.skipif(not SEPTEMBER.is_file(), reason="the publisher's JSON is not in ../shared")
def test_rule_official_shows_the_publishers_wording_under_its_own_number(home):
    assert _import(str(SEPTEMBER)).exit_code == 0
    data = json.loads(runner.invoke(app, ["rule", "11.9", "--official", "-f", "json"]).output)
    official = {o["number"]: o for o in data["official"]}
    assert official["11.6"]["title"] == "Equip" and official["11.6.1"]["text"]


def test_a_rule_the_publisher_renumbered_is_matched_by_its_stable_key(home, tmp_path):
    assert _import(str(FIXTURES / "official-mini.json"), "--name", "before").exit_code == 0
    data = _publisher()
    next(i for i in data["items"] if i["display_number"] == "4.6")["display_number"] = "4.7"
    changed = tmp_path / "after.json"
    changed.write_text(json.dumps(data), encoding="utf-8")
    assert _import(str(changed), "--name", "after", "--as", "2026-08").exit_code == 0
    changes = json.loads(runner.invoke(app, ["rules", "diff", "before", "after", "-f", "json"]).output)
    assert [(c["kind"], c["old"], c["new"]) for c in changes] == [("renumbered", "4.6", "4.7")]


def test_a_publisher_json_with_too_many_numbered_rules_is_refused_quickly(home, tmp_path):
    import time

    from judgekit.rules.official import MAX_RULES

    items = [{"id": f"i{n}", "parent_id": None, "sort_order": n, "display_number": f"{n // 1000 + 1}.{n % 1000 + 1}",
              "title": "", "body_markdown": "x", "node_type": "rule", "stable_key": f"k{n}", "stable_anchor": f"a{n}"}
             for n in range(MAX_RULES + 1)]
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({"items": items}), encoding="utf-8")
    started = time.monotonic()
    done = _import(str(huge))
    assert done.exit_code == 2 and f"more than {MAX_RULES:,} numbered rules" in done.output
    assert time.monotonic() - started < 5
