"""Shared helpers: build a scenario from YAML text and run it through the engine."""
from __future__ import annotations

import contextlib
import gc
import os
import sys
import textwrap
import traceback
from pathlib import Path

import pytest

# The suite starts two worker processes and about 120 judgekit processes, each importing judgekit. With
# PYTHONDONTWRITEBYTECODE set, every one of them compiles every module it imports again (about 10 s of CPU in all,
# and pytest's assertion rewriting redone in each worker): the suite keeps Python's default and writes bytecode
# caches (__pycache__, ignored by git), for itself and the processes it starts.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False
# Importing hypothesis runs every installed package's "hypothesis" entry point: trio's (installed with selenium, for
# the site tests) imports all of trio, about 0.3 s of CPU in each process that imports hypothesis (both workers, and
# the leading process, whose hypothesis plugin imports it for its summary) and in each pytest run the suite starts.
# No test here uses trio with hypothesis.
os.environ.setdefault("HYPOTHESIS_NO_PLUGINS", "1")
# judgekit is imported where a helper or fixture uses it: the process leading the workers loads this file too,
# runs no test, and would otherwise import the engine (about 0.1 s of CPU) before it starts them.

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"


def pytest_configure(config):
    """A test process holds a lot of long-lived data (the rulebook, the search index, every shipped ruling), which
    CPython's cyclic collector walks again on each full collection, and a young generation of 700 objects starts a
    collection every few hundred allocations: 50,000 cuts the collector's time in each worker from about 2 s to
    under 1 s (the engine makes few reference cycles; judgekit's own processes keep CPython's default)."""
    gc.set_threshold(50_000)


@pytest.fixture(scope="session")
def book():
    from judgekit.rules.book import load_rulebook
    return load_rulebook()


@pytest.fixture(scope="session")
def shipped_runs(book) -> list[tuple]:
    """Every shipped scenario built and run, once per test process: (path, built scenario, result), for the tests
    that check something of every ruling (runs are pure: the tests only read them)."""
    from judgekit.ruling import run_scenario
    from judgekit.scenario.build import build_file
    out = []
    for path in sorted(SCENARIOS.rglob("*.yaml")):
        built = build_file(path, book)
        out.append((path, built, run_scenario(built)))
    return out


@pytest.fixture(scope="session")
def shipped_ruling_data(book, shipped_runs) -> list[tuple]:
    """(path, ruling data) of every shipped run of `shipped_runs`, as `judgekit run -f json` gives it, once per test
    process (the golden, determinism and plain-format tests read them; a test changing one changes a copy)."""
    from judgekit.ruling import ruling
    return [(path, ruling(built, result, book)) for path, built, result in shipped_runs]


@pytest.fixture(scope="session")
def fresh_search_build(book) -> dict:
    """One build of the search index from the current sources, never from a cache (`judgekit.search.indexing.build`),
    once per test process: the tests comparing the cache with a fresh build, checking the built data or needing an
    index built from this checkout share it (each build costs about 0.5 s of CPU; the data are only read)."""
    from judgekit.search.indexing import build
    return build(book)


class Cases:
    """Many cases checked in one test, each to its end: once all have run, the test fails listing every failed case
    by its own name with its own message (pytest's explanation of the failed assert, or the error's traceback).

    For the checks run over every shipped scenario, where a test per file would pay pytest's own cost of a test
    (about 2.5 ms of CPU under xdist) a thousand times over for a few milliseconds of checking."""

    def __init__(self) -> None:
        self.ran = 0
        self.failed: list[str] = []

    @contextlib.contextmanager
    def case(self, name: str):
        self.ran += 1
        try:
            yield
        except AssertionError as error:
            self.failed.append(f"{name}: {error}")
        except Exception:  # noqa: BLE001  a crash is that case's failure; the other cases still run
            self.failed.append(f"{name}: {traceback.format_exc()}")

    def check(self) -> None:
        if self.failed:
            pytest.fail(f"{len(self.failed)} of {self.ran} cases failed:\n\n" + "\n\n".join(self.failed),
                        pytrace=False)


def read_yaml(path: Path):
    """A YAML file's data, read as judgekit reads its own data files (`yaml_data.load_file`: libyaml where PyYAML
    has it, each text parsed at most twice per process, every caller its own copy): several tests read every
    shipped scenario."""
    from judgekit import yaml_data
    return yaml_data.load_file(path)


def write_yaml(data) -> str:
    from judgekit import yaml_data
    return yaml_data.dump(data)


def scenario(text: str, filename: str = "test.yaml"):
    """Build a scenario from (indented) YAML text."""
    from judgekit.scenario.build import build
    return build(textwrap.dedent(text), filename)


def rule_of(text: str, seed: int | None = None):
    """Build and run a scenario; return (built, result, ruling dict)."""
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import ruling, run_scenario
    built = scenario(text)
    result = run_scenario(built, seed)
    return built, result, ruling(built, result, load_rulebook())


def cited_ids(result) -> set[str]:
    return {rule for outcome in result.outcomes for step in outcome.steps for rule in step.cites}


def decklist_copy(tmp_path, source, replace: dict[str, str] | None = None, extra: str = ""):
    """A copy of a decklist with some lines replaced and some appended."""
    text = source.read_text(encoding="utf-8")
    for old, new in (replace or {}).items():
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "deck.txt"
    path.write_text(text + extra, encoding="utf-8")
    return path
