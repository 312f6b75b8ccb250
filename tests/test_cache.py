"""The cache of derived data (judgekit/cache.py) and the shipped card pool kept in it."""
from __future__ import annotations

import pytest

from judgekit import cache
from judgekit.scenario import pool
from tests.conftest import ROOT


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


THING = dict[str, tuple[int, ...]]


def test_a_warm_cache_answers_without_deriving_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("[1, 2]")
    derive, calls = counting({"x": (1, 2)})
    assert cache.cached("thing", [source], derive, THING) == {"x": (1, 2)}
    assert cache.cached("thing", [source], derive, THING) == {"x": (1, 2)}
    assert len(calls) == 1 and list((home / "cache").glob("thing-*.json"))


def test_a_changed_source_file_is_derived_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("[1, 2]")
    derive, calls = counting("value")
    cache.cached("thing", [source], derive, str)
    source.write_text("[1, 3]")
    cache.cached("thing", [source], derive, str)
    assert len(calls) == 2


def test_an_unwritable_cache_folder_only_means_deriving_each_time(tmp_path, monkeypatch):
    blocker = tmp_path / "file-not-folder"
    blocker.write_text("")
    monkeypatch.setenv("JUDGEKIT_HOME", str(blocker))
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(7)
    assert cache.cached("thing", [source], derive, int) == 7 and cache.cached("thing", [source], derive, int) == 7
    assert len(calls) == 2


def test_a_corrupt_cache_entry_is_derived_again(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(7)
    cache.cached("thing", [source], derive, int)
    for entry in (home / "cache").glob("thing-*.json"):
        entry.write_bytes(b"not JSON")
    assert cache.cached("thing", [source], derive, int) == 7 and len(calls) == 2


@pytest.mark.parametrize("stored", [b'"seven"', b"true", b"7.5", b"null", b"[7]", b'{"x": [1, "2"]}',
                                    b'{"x": {"<tuple>": [1]}}'])
def test_a_cache_entry_of_the_wrong_type_is_ignored_and_rebuilt(home, tmp_path, stored):
    """Issue #24: a wrong-typed entry made every command exit 3 until the cache was deleted."""
    source = tmp_path / "data.json"
    source.write_text("1")
    shape = THING if stored.startswith(b"{") else int
    value = {"x": (1, 2)} if shape is THING else 7
    derive, calls = counting(value)
    cache.cached("thing", [source], derive, shape)
    entry, = (home / "cache").glob("thing-*.json")
    entry.write_bytes(stored)
    assert cache.cached("thing", [source], derive, shape) == value and len(calls) == 2
    assert cache.cached("thing", [source], derive, shape) == value and len(calls) == 2  # rewritten whole


@pytest.mark.parametrize("planted", ["named pipe", "folder", "too large"])
def test_a_named_pipe_folder_or_huge_file_under_an_entry_s_name_is_ignored_without_waiting(home, tmp_path, planted,
                                                                                       monkeypatch):
    import os
    import threading
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(7)
    cache.cached("thing", [source], derive, int)
    entry, = (home / "cache").glob("thing-*.json")
    entry.unlink()
    if planted == "named pipe":
        os.mkfifo(entry)
    elif planted == "folder":
        entry.mkdir()
    else:
        monkeypatch.setattr(cache, "MAX_ENTRY", 0)
        entry.write_text("7")
    got = []
    reader = threading.Thread(target=lambda: got.append(cache.cached("thing", [source], derive, int)), daemon=True)
    reader.start()
    reader.join(timeout=30)
    assert got == [7] and len(calls) == 2


def test_a_link_planted_under_the_temporary_s_name_is_not_written_through(home, tmp_path):
    import os
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    folder = home / "cache"
    folder.mkdir(parents=True)
    entry = folder / f"thing-{0:024x}.json"
    entry.with_suffix(f".{os.getpid()}.tmp").symlink_to(victim)
    cache.write_atomic(entry, b"7")
    assert victim.read_text() == "keep me" and not entry.exists()


def test_data_classes_are_kept_field_by_field_and_checked_on_loading(home, tmp_path):
    from judgekit.engine.card_definition import CardDef, Effect
    card = CardDef(name="Test", subtitle=None, types=("Unit",), cost=2, tags=("Merc",),
                   effects=(Effect(trigger="persistent", grants=(("power-per", (2, "x")), ("keyword", "BLOCKER")),
                                   do=({"draw": 1},)),))
    assert cache.decoder(CardDef)(cache.encoder(CardDef)(card)) == card
    import orjson
    data = orjson.loads(orjson.dumps(cache.encoder(CardDef)(card)))
    assert cache.decoder(CardDef)(data) == card
    for broken in ({**data, "cost": "2"}, {**data, "types": "Unit"}, {**data, "unknown_field": 1},
                   {k: v for k, v in data.items() if k != "name"}, {**data, "effects": [{"trigger": 3}]}):
        with pytest.raises(Exception):
            cache.decoder(CardDef)(broken)


def test_what_is_not_data_of_its_shape_is_not_cached(home, tmp_path):
    source = tmp_path / "data.json"
    source.write_text("1")
    derive, calls = counting(object())
    cache.cached("thing", [source], derive, object)
    assert not list((home / "cache").glob("thing-*")) and len(calls) == 1


COMMANDS_READING_THE_CACHE = """
import contextlib, io, sys
from judgekit.cli import main
for args in (["rule", "4.4.1"], ["search", "blocker"], ["run", "scenarios/examples/legend-returned-to-hand.yaml"]):
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            main(args)
        except SystemExit as done:
            assert done.code == 0, (args, done.code)
"""


def test_a_planted_pickle_or_code_in_the_cache_folder_never_runs(tmp_path, monkeypatch):
    """Issue #24: a crafted cache file under the name judgekit looks for ran code on `judgekit rule 4.4.1`.
    Plant a pickle (and marshalled code) that would create a marker file under every name the cache holds,
    in the old formats and in the new one, and run the commands that read the cache."""
    import os
    import pickle
    import shutil
    import subprocess
    import sys
    home = tmp_path / "home"
    if cache.cache_dir() is not None and cache.cache_dir().is_dir():  # the session's warm cache: less to build
        shutil.copytree(cache.cache_dir(), home / "cache", ignore=shutil.ignore_patterns("*.tmp"))
    env = {**os.environ, "JUDGEKIT_HOME": str(home)}

    def commands():
        done = subprocess.run([sys.executable, "-c", COMMANDS_READING_THE_CACHE], env=env, capture_output=True,
                              text=True, cwd=ROOT)
        assert done.returncode == 0, done.stderr
    commands()  # fills the cache (what it lacks)
    marker = tmp_path / "marker"

    class Exploit:
        def __reduce__(self):
            return os.system, (f"touch {marker}",)
    crafted = pickle.dumps(Exploit())
    folder = home / "cache"
    names = [p for p in folder.iterdir()]
    assert {"rulebook", "search", "pool", "scenario-records"} <= {cache.kind_of(p.name) for p in names}
    for entry in names:
        entry.write_bytes(crafted)
        for suffix in (".pickle", ".marshal"):
            entry.with_suffix(suffix).write_bytes(crafted)
    commands()
    assert not marker.exists()
    assert not list(folder.glob("*.pickle")) and not list(folder.glob("*.marshal"))  # pruned once rewritten
    rebuilt = {cache.kind_of(p.name) for p in folder.iterdir() if p.read_bytes() != crafted}
    assert {"rulebook", "search", "pool", "scenario-records"} <= rebuilt  # each entry read was rebuilt as data


def test_no_module_of_judgekit_loads_code_or_pickles():
    """The cache keeps data only: nothing in judgekit unpickles or unmarshals."""
    import re
    package = ROOT / "judgekit"
    loading = re.compile(r"^\s*(import|from)\s+(pickle|_pickle|marshal|cloudpickle|dill|shelve)\b|"
                         r"\b(pickle|marshal)\.(loads?|Unpickler)\b", re.MULTILINE)
    assert [str(p.relative_to(ROOT)) for p in package.rglob("*.py") if loading.search(p.read_text(encoding="utf-8"))] \
        == []


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
        old = folder / f"thing-{n:024x}.json"
        old.write_bytes(b"0")
        os.utime(old, ns=(n * 10**9, n * 10**9))
    other = folder / f"pool-{0:024x}.json"
    other.write_bytes(b"another kind")
    os.utime(other, ns=(0, 0))
    source = tmp_path / "data.json"
    source.write_text("[1]")
    cache.cached("thing", [source], lambda: "new", str)
    left = sorted(p.name for p in folder.glob("thing-*.json"))
    assert len(left) == cache.KEEP and f"thing-{4:024x}.json" in left and f"thing-{3:024x}.json" in left
    assert other.exists()
    assert cache.cached("thing", [source], lambda: pytest.fail("the new entry was pruned"), str) == "new"


def test_an_entry_s_kind_is_the_words_its_name_starts_with():
    assert cache.kind_of("pool-0123456789abcdef01234567.json") == "pool"
    assert cache.kind_of("scenario-records-2.50.5-cpython-311-0123456789abcdef01234567.json") == "scenario-records"
    assert cache.kind_of("search-79b9d34036b4145b3642-0123456789abcdef01234567.json") == "search"
