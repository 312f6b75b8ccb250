"""The cache of derived data (judgekit/cache.py) and the shipped card pool kept in it."""
from __future__ import annotations

import pytest

from judgekit import cache
from judgekit.scenario import pool


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def counting(value):
    calls = []

    def derive():
        calls.append(1)
        return value
    return derive, calls


def test_a_warm_cache_answers_without_deriving_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("[1, 2]")
    derive, calls = counting({"x": (1, 2)})
    assert cache.cached("thing", [source], derive) == {"x": (1, 2)}
    assert cache.cached("thing", [source], derive) == {"x": (1, 2)}
    assert len(calls) == 1 and list((home / "cache").glob("thing-*.pickle"))


def test_a_changed_source_file_is_derived_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("[1, 2]")
    derive, calls = counting("value")
    cache.cached("thing", [source], derive)
    source.write_text("[1, 3]")
    cache.cached("thing", [source], derive)
    assert len(calls) == 2


def test_an_unwritable_cache_folder_only_means_deriving_each_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("JUDGEKIT_HOME", str(blocker))
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(7)
    assert cache.cached("thing", [source], derive) == 7 and cache.cached("thing", [source], derive) == 7
    assert len(calls) == 2


def test_a_corrupt_cache_entry_is_derived_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(7)
    cache.cached("thing", [source], derive)
    for entry in (home / "cache").glob("thing-*.pickle"):
        entry.write_bytes(b"not a pickle")
    assert cache.cached("thing", [source], derive) == 7 and len(calls) == 2


def test_the_shipped_pool_is_not_rebuilt_from_the_card_data_when_the_cache_is_warm(home, monkeypatch):
    pool.real_cards.cache_clear()
    built = pool.real_cards()
    pool.real_cards.cache_clear()

    def refuse():
        raise AssertionError("the card JSON and card-effects.yaml were read again")
    monkeypatch.setattr(pool, "_derive_real_cards", refuse)
    try:
        assert pool.real_cards() == built
    finally:
        pool.real_cards.cache_clear()


def test_the_cached_pool_equals_the_pool_built_from_the_data(home):
    pool.real_cards.cache_clear()
    try:
        assert pool.real_cards() == pool._derive_real_cards()
    finally:
        pool.real_cards.cache_clear()


def test_the_pool_cache_is_keyed_on_every_data_file_it_is_derived_from():
    names = {source.name for source in pool.pool_sources()}
    assert {"cards-wnc.json", "card-effects.yaml", "errata.yaml"} <= names
    assert "errata.py" in names


def test_an_edited_errata_file_is_a_new_pool_cache_key(tmp_path, monkeypatch):
    sources = pool.pool_sources()
    before = cache.content_key(sources)
    edited = tmp_path / "errata.yaml"
    edited.write_bytes(next(s for s in sources if s.name == "errata.yaml").read_bytes() + b"\n# edited\n")
    assert cache.content_key([edited if s.name == "errata.yaml" else s for s in sources]) != before


def test_a_pool_restored_from_a_warm_cache_keeps_the_printings_an_erratum_singles_out(home):
    pool.real_cards.cache_clear()
    pool._real_index.cache_clear()
    try:
        pool.real_cards()
        pool.real_cards.cache_clear()
        pool._real_index.cache_clear()
        built = pool.build_pool([])
        johnny, _ = built.lookup("Johnny Silverhand: Never Stop Fighting")
        beta, why = built.printing(johnny, "beta-iconic")
        assert why == "" and beta.sell_tag is False
        assert [e.id for e in beta.errata] == ["johnny-silverhand-beta-iconic-sell-tag"]
    finally:
        pool.real_cards.cache_clear()
        pool._real_index.cache_clear()


def test_only_the_newest_entries_of_each_kind_are_kept(home, tmp_path):
    import os
    folder = home / "cache"
    folder.mkdir(parents=True)
    for n in range(5):  # what five earlier versions of the data left behind
        old = folder / f"thing-{n:024x}.pickle"
        old.write_bytes(b"old")
        os.utime(old, ns=(n * 10**9, n * 10**9))
    other = folder / f"pool-{0:024x}.pickle"
    other.write_bytes(b"another kind")
    os.utime(other, ns=(0, 0))
    source = tmp_path / "data.json"
    source.write_text("[1]")
    cache.cached("thing", [source], lambda: "new")
    left = sorted(p.name for p in folder.glob("thing-*.pickle"))
    assert len(left) == cache.KEEP and f"thing-{4:024x}.pickle" in left and f"thing-{3:024x}.pickle" in left
    assert other.exists()
    assert cache.cached("thing", [source], lambda: pytest.fail("the new entry was pruned")) == "new"


def test_an_entry_s_kind_is_the_words_its_name_starts_with():
    assert cache.kind_of("pool-0123456789abcdef01234567.pickle") == "pool"
    assert cache.kind_of("scenario-records-2.50.5-cpython-311-0123456789abcdef01234567.pickle") == "scenario-records"
    assert cache.kind_of("search-79b9d34036b4145b3642-0123456789abcdef01234567.pickle") == "search"
    assert cache.kind_of("inits-cpython-311-4.marshal") == "inits-cpython"
