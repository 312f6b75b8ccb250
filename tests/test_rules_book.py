"""The rulebook the engine cites: every citable rule has an entry in rules_text/, in our own words."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from judgekit.rules.book import load_rulebook
from tests.conftest import ROOT
from tests.python_sources import source

ENGINE = ROOT / "judgekit" / "engine"
DECKS = ROOT / "judgekit" / "decks"  # deck legality cites rules too
REFERENCE = ROOT.parent / "shared" / "reference" / "comprehensive-rules-2026-08.txt"
ID_SHAPE = re.compile(r"^#?[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$")


def engine_strings(*folders: Path) -> list[tuple[str, int, str]]:
    """(file name, line, value) of each string constant in the engine's modules and those of `folders`."""
    return [(path.name, line, value) for folder in (ENGINE, *folders) for path in sorted(folder.glob("*.py"))
            for line, value in source(path).strings]


def test_every_dotted_rule_id_in_the_engine_exists_in_rules_text(book):
    missing = [f"{name}:{line}: {value}" for name, line, value in engine_strings(DECKS)
               if ID_SHAPE.match(value) and value not in book.entries]
    assert missing == []


def test_the_engine_has_no_placeholder_citations():
    placeholders = [f"{name}:{line}: {value}" for name, line, value in engine_strings() if value.startswith("#")]
    assert placeholders == []


def test_every_rule_cited_while_running_the_corpus_exists(book, shipped_runs):
    from judgekit.scenario.errata import citation as erratum
    unknown = set()
    for path, _, result in shipped_runs:
        unknown |= {rule for o in result.outcomes for s in o.steps for rule in s.cites
                    if rule not in book.entries and erratum(rule) is None}
    assert unknown == set()


def test_every_step_cites_at_least_one_rule(shipped_runs):
    bare = []
    for path, _, result in shipped_runs:
        bare += [f"{path.name}: {s.text}" for o in result.outcomes for s in o.steps if not s.cites]
    assert bare == []


def test_cross_references_resolve_to_real_rules(book):
    for entry in book.entries.values():
        for ref in entry.refs:
            assert ref in book.entries, (entry.number, ref)


def test_short_titles_name_the_rule():
    book = load_rulebook()
    assert book.short_title("call-a-legend.once-per-turn") == "Call a Legend"
    assert book.short_title("legends.invalid-area-removed") == "Legends"
    assert book.short_title("removed-from-game") == "Removed from Game"


@pytest.mark.skipif(not REFERENCE.exists(), reason="the 2026-08 reference text is not beside the repo")
def test_rules_text_matches_the_reference_structure_and_is_in_our_own_words():
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "check_rules_text.py"), str(REFERENCE)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_rulebook_is_cached_and_a_changed_file_is_read_again(tmp_path, monkeypatch):
    import os
    import shutil
    from judgekit.rules.book import _build_rulebook, _load_rulebook, rules_dir
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    folder = tmp_path / "rules_text"
    shutil.copytree(rules_dir(), folder)
    first = _load_rulebook.__wrapped__(str(folder))
    assert len(list((tmp_path / "home" / "cache").glob("rulebook-*.json"))) == 1
    again = _load_rulebook.__wrapped__(str(folder))
    fresh = _build_rulebook(folder)
    assert [again.get(i) for i in again.order] == [fresh.get(i) for i in fresh.order] == \
        [first.get(i) for i in first.order]
    assert (again.by_number, again.editions, again.glossary, again.relations(), again.digest) == \
        (fresh.by_number, fresh.editions, fresh.glossary, fresh.relations(), fresh.digest)
    chapter = folder / "04-card-types.yaml"
    chapter.write_text(chapter.read_text(encoding="utf-8").replace(
        "A Legend that moves into an invalid area is removed from the game.",
        "CHANGED TEXT for the cache test."), encoding="utf-8")
    os.utime(chapter, ns=(1, 1))
    changed = _load_rulebook.__wrapped__(str(folder))
    assert changed.get("legends.invalid-area-removed").text == "CHANGED TEXT for the cache test."


@pytest.fixture(scope="module")
def rulebook_entry(tmp_path_factory) -> tuple[str, str]:
    """The rulebook's cache entry as an empty cache gets it (its file name and text), built once for the damaged-entry
    cases, each of which damages its own copy (the write and read-back are checked above)."""
    from judgekit.rules.book import _load_rulebook
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("JUDGEKIT_HOME", str(home))
        _load_rulebook.__wrapped__(None)
    entry, = (home / "cache").glob("rulebook-*.json")
    return entry.name, entry.read_text(encoding="utf-8")


@pytest.mark.parametrize("damage", [
    lambda data: {**data, "entries": {"legends.invalid-area-removed": ["x"] * 10}},
    lambda data: {**data, "entries": {k: [*v[:7], "not a list", *v[8:]] for k, v in data["entries"].items()}},
    lambda data: {**data, "by_number": {"4.4.1": 441}},
    lambda data: {**data, "order": "4.4.1"},
    lambda data: [data],
])
def test_a_rulebook_cache_entry_of_the_wrong_shape_is_rebuilt(tmp_path, monkeypatch, damage, rulebook_entry):
    """Issue #24: a cache entry of the wrong type made every command exit 3."""
    import json
    from judgekit.rules.book import _load_rulebook
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    name, text = rulebook_entry
    entry = tmp_path / "home" / "cache" / name
    entry.parent.mkdir(parents=True)
    entry.write_text(json.dumps(damage(json.loads(text))), encoding="utf-8")
    book = _load_rulebook.__wrapped__(None)
    assert book.find("4.4.1").text.startswith("A Legend that moves into an invalid area")
    assert book.find("4.4.1").examples == ()
    assert entry.read_text(encoding="utf-8") == text, "the damaged entry is the one read, and it is rebuilt"


@pytest.mark.skipif(not REFERENCE.exists(), reason="the 2026-08 reference text is not beside the repo")
def test_every_rule_of_the_2026_08_document_is_present_exactly_once(book):
    """Reads only the structure (the numbers) of the published text, never its sentences."""
    numbers = [line.split()[0] for line in REFERENCE.read_text(encoding="utf-8").splitlines()
               if re.match(r"^\d+(\.\d+)*\s", line)]
    assert len(numbers) == len(set(numbers)) == len(book.order)
    assert [book.get(i).number for i in book.order] == numbers
    for path in sorted((ROOT / "rules_text").glob("[0-9][0-9]-*.yaml")):
        assert "complete: false" not in path.read_text(encoding="utf-8"), path.name


def test_every_cross_reference_resolves_and_is_listed_as_cited_by(book):
    for entry in book.entries.values():
        for ref in entry.refs:
            assert ref in book.entries
            assert entry in book.cited_by(ref)


def _engine_citable(book) -> set[str]:
    """Rule ids the engine (or the deck checks above it) can cite: named in its source, or a parent of one that is (a sub-rule cites it)."""
    named = set(book.entries) & {text for _, _, text in engine_strings(DECKS)}
    by_number: dict[str, set[str]] = {}
    for entry in book.entries.values():
        by_number.setdefault(entry.number, set()).add(entry.id)
    citable = set(named)
    for rule_id in named:
        parts = book.get(rule_id).number.split(".")
        for end in range(1, len(parts)):  # each parent's number is one of its number's leading parts
            citable |= by_number.get(".".join(parts[:end]), set())
    return citable


def test_every_rule_the_engine_never_cites_is_listed(book):
    from judgekit.corpus.coverage import not_exercisable
    never = set(book.entries) - _engine_citable(book) - set(not_exercisable(book))
    backlog = {entry.split("#")[0].strip() for entry in
               yaml.safe_load((ROOT / "rules_text" / "not-yet-cited.yaml").read_text(encoding="utf-8"))["rules"]}
    assert sorted(never - backlog) == [], "the engine can't cite these: cite them or list them with a reason"
    assert sorted(backlog - never) == [], "the engine cites these now (or they are excused): take them off the list"
    assert backlog == set(), "no rule is left uncited: cite it where it decides, or excuse it in not-exercisable.yaml"


def test_sub_rules_and_citing_rules_are_the_rules_that_have_them(book):
    """The relations kept in the cached book agree with each rule's own number and references."""
    entries = [book.entries[i] for i in book.order]
    for rule_id in book.order[::17]:
        entry = book.entries[rule_id]
        assert book.children(rule_id) == [e for e in entries if e.parent_number == entry.number]
        assert book.cited_by(rule_id) == [e for e in entries if rule_id in e.refs]


def test_a_cached_book_makes_a_rule_only_when_it_is_looked_up():
    import orjson
    from judgekit import cache
    from judgekit.rules.book import RuleEntries, Rulebook
    fresh = cache.decoder(Rulebook)(orjson.loads(orjson.dumps(cache.encoder(Rulebook)(load_rulebook()))))
    assert isinstance(fresh.entries, RuleEntries) and not fresh.entries._made
    entry = fresh.find("11.14")
    assert list(fresh.entries._made) == [entry.id]
    assert fresh.entries[entry.id] is entry and entry == load_rulebook().entries[entry.id]
    assert len(fresh.entries) == len(fresh.order) and set(fresh.entries) == set(fresh.order)
