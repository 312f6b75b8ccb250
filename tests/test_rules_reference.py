"""The rules reference: search, glossary, official import, diffs between editions, citation checks."""
from __future__ import annotations

import json
import re

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.rules.diff import diff
from judgekit.rules.official import imported_editions, parse_json, parse_text
from judgekit.rules.search import Index
from tests.conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
runner = CliRunner()


@pytest.fixture()
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture(scope="module")
def index(book):
    return Index(book)


@pytest.mark.parametrize("query, number", [
    ("Lag", "11.3"), ("BLOCKER", "11.24"), ("Go Solo", "11.25"), ("Street Cred", "11.2"),
    ("Null", "2.10.2"), ("Eddies", "5.8.1"), ("Equip", "11.6"), ("bottom-deck", "11.12"),
])
def test_a_keyword_or_term_lands_first_on_its_defining_rule(index, query, number):
    assert index.search(query)[0].entry.number == number


def test_every_glossary_term_lands_first_on_its_defining_rule(book, index):
    first = {t.term: next(iter(index.search(t.term)), None) for t in book.glossary}  # each term searched once
    wrong = [(t.term, first[t.term].entry.id if first[t.term] else None, t.rule_id)
             for t in book.glossary if first[t.term] is None or first[t.term].entry.id != t.rule_id]
    assert wrong == []


def test_search_tolerates_typos(index):
    assert index.search("Blokcer")[0].entry.number == "11.24"
    assert any(h.entry.number.startswith("5.13") for h in index.search("removd from gaem", 5))


def _says(entry, pattern: str) -> bool:
    return bool(re.search(pattern, " ".join((entry.title or "", entry.text) + entry.examples + entry.tips), re.I))


@pytest.mark.parametrize("query, inflected, plain", [
    ("equip", r"\bequipped\b", r"\bequip\b"), ("copy", r"\bcopies\b", r"\bcop(y|ied)\b"),
    ("defeated", r"\bdefeats?\b", r"\bdefeated\b"), ("steal", r"\bstealing\b", r"\bsteals?\b"),
])
def test_search_finds_inflected_forms(index, query, inflected, plain):
    hits = index.search(query, 200)
    assert any(_says(h.entry, inflected) and not _says(h.entry, plain) for h in hits), query


@pytest.mark.parametrize("typo, meant", [("equiped", "equip"), ("copeis", "copy"), ("blokcer", "blocker"),
                                         ("trsh", "trash")])
def test_search_corrects_a_typo_to_a_word_of_the_rules(index, typo, meant):
    typed, right = index.search(typo, 5), index.search(meant, 5)
    assert typed and [h.entry.id for h in typed] == [h.entry.id for h in right]


def test_the_built_search_index_is_cached_and_matches_a_fresh_build(book, tmp_path, monkeypatch, fresh_search_build):
    """An empty cache: the index is built (for real, here) and written; read back, it is what the session's own
    fresh build (`cached=False`'s `build(book)`, tests/conftest.py) gives."""
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    first = Index(book)
    assert list((tmp_path / "cache").glob("search-*.json"))
    again = Index(book)
    fresh = fresh_search_build
    assert again.postings == fresh["postings"] == first.postings and again.defines == fresh["defines"]
    assert again.documents == first.documents == fresh["documents"]


@pytest.fixture()
def counted_builds(fresh_search_build, monkeypatch) -> list:
    """Each build the index asks for, answered with the session's fresh build (the broken-cache cases: each checks
    that its broken cache is not used but built again, so it counts the builds; the build itself is checked against
    the cache above)."""
    import judgekit.search.index
    builds = []
    monkeypatch.setattr(judgekit.search.index, "build", lambda book: builds.append(book) or fresh_search_build)
    return builds


@pytest.fixture(scope="module")
def built_search_cache(book, tmp_path_factory, fresh_search_build):
    """The cache file a miss writes, through the cache's own write (each broken-cache case then breaks its own
    copy's place); the build is the session's fresh one, whose write and read-back are checked above."""
    import judgekit.search.index
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUDGEKIT_HOME", str(home))
        patch.setattr(judgekit.search.index, "build", lambda book: fresh_search_build)
        Index(book)
    cache, = (home / "cache").glob("search-*.json")
    return cache


@pytest.mark.parametrize("kind, data", [("not JSON", b"{trunc"), ("a pickle", b"\x80\x05\x95"), ("empty", b""),
                                        ("wrong type", b'{"postings": [], "stems": {}, "defines": {}, '
                                                       b'"line_stems": {}}'),
                                        ("wrong weights", b'{"postings": {"equip": {"x": "3"}}, "stems": {}, '
                                                          b'"defines": {}, "line_stems": {}}')])
def test_a_broken_search_cache_is_rebuilt(book, built_search_cache, counted_builds, tmp_path, monkeypatch, kind,
                                         data):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    (tmp_path / "cache").mkdir()
    cache = tmp_path / "cache" / built_search_cache.name
    cache.write_bytes(data)
    assert Index(book).search("equip")[0].entry.number == "11.6"
    assert len(counted_builds) == 1 and json.loads(cache.read_bytes())["postings"]["equip"]


@pytest.mark.parametrize("posting", ["1 2,3 4", "1 2 x"])
def test_a_cached_posting_not_of_its_form_has_the_index_rebuilt(book, built_search_cache, counted_builds, tmp_path,
                                                                monkeypatch, posting):
    """Postings are kept packed and read only when a query holds their stem: the cache checks every one's form
    on load, so a damaged or planted one rebuilds the index instead of failing (or misleading) a later search."""
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    (tmp_path / "cache").mkdir()
    cache = tmp_path / "cache" / built_search_cache.name
    data = json.loads(built_search_cache.read_bytes())
    data["postings"]["equip"] = posting
    cache.write_text(json.dumps(data))
    assert Index(book).search("equip")[0].entry.number == "11.6"
    assert len(counted_builds) == 1 and json.loads(cache.read_bytes())["postings"]["equip"] != posting


def test_phrase_queries_must_match_as_written(index):
    hits = index.search('"face-down"')
    assert hits and all("face-down" in (h.entry.text + " ".join(h.entry.examples)).lower() for h in hits)


def test_search_cli_highlights_and_ranks():
    done = runner.invoke(app, ["search", "Lag"])
    assert done.exit_code == 0 and done.output.lstrip().startswith("11.3")
    data = json.loads(runner.invoke(app, ["search", "once per turn", "-f", "json"]).output)
    assert data and {"number", "title", "line", "score"} <= set(data[0])
    assert runner.invoke(app, ["search", "zzzqqq"]).exit_code == 1


def test_term_and_terms():
    done = runner.invoke(app, ["term", "friendly"])
    assert done.exit_code == 0 and "1.7.2.1" in done.output
    assert "11.24" in runner.invoke(app, ["term", "BLOCKER"]).output
    missing = runner.invoke(app, ["term", "lagg"])
    assert missing.exit_code == 2 and "did you mean" in missing.output
    listing = runner.invoke(app, ["terms"]).output
    for word in ("Lag", "Min Gig", "Value-pair", "Swap", "Steal", "Owner", "Controller"):
        assert word in listing


def test_parse_the_plain_text_form_with_headings_and_examples():
    rules = parse_text((FIXTURES / "official-mini-user.txt").read_text(encoding="utf-8"))
    by_number = {r.number: r for r in rules}
    assert by_number["11.9"].title == "Equip" and by_number["4.4.1"].examples == ["EXAMPLE: Fixture example text."]


def test_parse_the_publishers_json_shape():
    rules = parse_json(json.loads((FIXTURES / "official-mini.json").read_text(encoding="utf-8")))
    by_number = {r.number: r for r in rules}
    assert by_number["11.6"].title == "Equip"
    assert by_number["4.4.1"].text == "Fixture wording: a Legend elsewhere leaves the game. See Removed."
    assert by_number["4.4.1"].examples == ["EXAMPLE: Fixture example text."]


def test_import_detects_numbering_and_shows_the_official_wording_beside_ours(home):
    done = runner.invoke(app, ["rules", "import", str(FIXTURES / "official-mini.json")])
    assert done.exit_code == 0, done.output
    assert "official-2026-08" in done.output
    done = runner.invoke(app, ["rules", "import", str(FIXTURES / "official-mini-user.txt"), "--name", "mine"])
    assert done.exit_code == 0 and "numbered like user" in done.output
    assert set(imported_editions()) == {"official-2026-08", "mine"}
    shown = runner.invoke(app, ["rule", "11.14.2", "--official"])
    assert shown.exit_code == 0 and "Official wording (mine)" in shown.output
    assert "Official wording (official-2026-08)" in shown.output
    assert "11.14.2 " in shown.output and "11.11.2 " in shown.output
    data = json.loads(runner.invoke(app, ["rule", "11.6.1", "--edition", "2026-08", "--official", "-f", "json"]).output)
    assert {o["edition"] for o in data["official"]} == {"official-2026-08", "mine"}
    assert {o["number"] for o in data["official"]} == {"11.6.1", "11.9.1"}


def test_import_of_an_unreadable_file_is_a_one_line_error(home, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    done = runner.invoke(app, ["rules", "import", str(bad)])
    assert done.exit_code == 2 and "not valid JSON" in done.output and len(done.output.strip().splitlines()) == 1
    assert runner.invoke(app, ["rules", "import", str(tmp_path / "missing.txt")]).exit_code == 2


def test_rule_official_without_an_import_says_how(home):
    done = runner.invoke(app, ["rule", "4.4", "--official"])
    assert done.exit_code == 2 and "rules import" in done.output


def test_diff_between_builtin_editions_lists_chapter_11_renumbering(book):
    changes = diff(book, "2026-08", "user", {})
    renumbered = {(c.old, c.new) for c in changes if c.kind == "renumbered"}
    assert ("11.6", "11.9") in renumbered and ("11.11", "11.14") in renumbered and ("11.12", "11.15") in renumbered
    assert all(c.old.startswith("11.") for c in changes)
    assert not [c for c in changes if c.kind in ("added", "removed", "changed")]


def test_diff_between_imported_editions_finds_changed_added_and_removed_text(home, tmp_path):
    older = tmp_path / "older.txt"
    newer = tmp_path / "newer.txt"
    common = "".join(f"4.2.{n} Filler rule number {n}.\n" for n in range(1, 20))
    older.write_text(f"4 CARD TYPES\n4.2 Filler.\n{common}4.4 A Legend may be only in two areas.\n"
                     "4.5 Gone rule text here.\n", encoding="utf-8")
    newer.write_text(f"4 CARD TYPES\n4.2 Filler.\n{common}4.4 A Legend may be only in the two play areas.\n"
                     "4.6 A brand new rule.\n", encoding="utf-8")
    for path, name in ((older, "old"), (newer, "new")):
        assert runner.invoke(app, ["rules", "import", str(path), "--name", name, "--as", "2026-08"]).exit_code == 0
    done = runner.invoke(app, ["rules", "diff", "old", "new", "-f", "json"])
    kinds = {(c["kind"], c["old"] or c["new"]) for c in json.loads(done.output)}
    assert ("changed", "4.4") in kinds and ("removed", "4.5") in kinds and ("added", "4.6") in kinds


def test_diff_unknown_edition_exits_2():
    assert runner.invoke(app, ["rules", "diff", "2026-08", "1999"]).exit_code == 2


def test_rules_check_finds_stale_numbers_and_suggests_the_intended_rule():
    done = runner.invoke(app, ["rules", "check", str(FIXTURES / "ruling.txt")])
    assert done.exit_code == 1
    out = done.output
    assert "4.12.1 ok" in out and "5.13 ok" in out and "11.14 ok" in out
    assert "11.11.2 is Call a Legend in edition 2026-08; in user that rule is 11.14.2 (inferred)" in out \
        or "11.11.2 ok (Pay); note: in 2026-08, 11.11.2 is Call a Legend, which is 11.14.2 in user" in out
    assert "4.99 not in edition user" in out and "nearest" in out


def test_rules_check_maps_a_2026_08_citation_to_the_users_number(tmp_path):
    note = tmp_path / "note.txt"
    note.write_text("Equip is rule 11.6.5 here.\n", encoding="utf-8")
    done = runner.invoke(app, ["rules", "check", str(note)])
    assert done.exit_code == 1
    assert "11.6.5 is Equip in edition 2026-08; in user that rule is 11.9.5 (inferred)" in done.output


def test_rules_check_on_the_corpus_passes():
    files = [str(p) for p in sorted((ROOT / "scenarios").rglob("*.yaml"))]
    done = runner.invoke(app, ["rules", "check", *files])
    assert done.exit_code == 0, done.output


def test_rule_lookup_and_search_do_not_load_the_engine_or_the_scenario_format(book, tmp_path, monkeypatch,
                                                                             fresh_search_build):
    """With the rulebook and the search index in the cache, as after a judge's first search: building the index
    reads the cards' effects (engine data), so the test first fills a cache of its own, through the cache's own
    writes (the index is the session's fresh build, whose write and read-back are checked above), and the process
    measured reads it, the same whichever tests ran before (a shared cache may be cold or being rebuilt by another
    worker). Had a cache entry another key than the process's own, the process would build it, and fail here."""
    import os
    import subprocess
    import sys

    import judgekit.search.index
    from judgekit.rules.book import _load_rulebook
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path))
    monkeypatch.setattr(judgekit.search.index, "build", lambda book: fresh_search_build)
    _load_rulebook.__wrapped__()  # the book built and written, not this process's own copy
    Index(book)
    assert sorted(p.name.split("-")[0] for p in (tmp_path / "cache").iterdir()) == ["rulebook", "search"]
    probe = ("import sys\nfrom judgekit.cli import app\n"
             "for args in (['rule', '4.4.1'], ['search', 'blocker'], ['term', 'Lag']):\n"
             "    try:\n        app(args)\n    except SystemExit:\n        pass\n"
             "print(sorted(m for m in sys.modules if m.startswith(('judgekit.engine', 'judgekit.scenario'))))")
    env = {**os.environ, "JUDGEKIT_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_term_null_is_the_golden_rule_not_a_yaml_null(book):
    assert book.terms["null"] == book.find("2.10.2", "2026-08").id
    done = CliRunner().invoke(app, ["term", "Null", "-e", "2026-08"])
    assert done.exit_code == 0 and done.output.startswith("2.10.2")


def test_search_highlights_the_inflected_words_of_the_rule(index):
    hit = next(h for h in index.search("copy", 20) if "copies" in h.line.lower())
    assert "copies" in hit.highlight


def test_search_works_without_a_cache_folder(monkeypatch, book, counted_builds):
    """No home folder at all (cache_dir() is None): the index is built, not cached, and search answers (each
    Index builds it again: the build is counted, and answered with the session's fresh build)."""
    import judgekit.cache
    import judgekit.rules.search as search_module
    monkeypatch.setattr(judgekit.cache, "cache_dir", lambda: None)
    assert search_module.Index(book).search("equip")[0].entry.title
    assert search_module.Index(book).search("equip")[0].entry.title
    assert len(counted_builds) == 2


def test_rules_check_reads_a_scenarios_numbers_in_its_own_edition(tmp_path):
    """A scenario's rule numbers are written in its `edition` (the format), so `rules check` checks them there:
    11.11.1.3 is Call a Legend in 2026-08 and does not exist in the user's edition."""
    scenario = tmp_path / "call.yaml"
    body = ("scenario: t\n{edition}players:\n  alice: {{}}\n  bob: {{}}\nexpect:\n  cites: [\"11.11.1.3\"]\n")
    scenario.write_text(body.format(edition="edition: 2026-08\n"), encoding="utf-8")
    done = runner.invoke(app, ["rules", "check", str(scenario)])
    assert done.exit_code == 0, done.output
    assert "11.11.1.3 ok (Call a Legend)" in done.output
    scenario.write_text(body.format(edition=""), encoding="utf-8")
    done = runner.invoke(app, ["rules", "check", str(scenario)])
    assert done.exit_code == 1 and "11.11.1.3 not in edition user" in done.output
