"""`judgekit options` agrees with `judgekit run` over the whole shipped corpus (issue #22).

Every option is written as a scenario writes it, put into the scenario's own `actions:` (after its last action,
or in place of the action that waits for a choice), read back by the file format's reader, built and run
through `run_scenario`: an allowed option is allowed, a refused one is refused with the same text and the same
rules.
"""
from __future__ import annotations

import os
import zlib
from dataclasses import replace

import pytest

from judgekit.corpus.discover import collect
from judgekit.options import list_options
from judgekit.options.written import written
from judgekit.ruling import run_scenario
from judgekit.scenario.build import build
from judgekit.scenario.yaml_lines import LinedDocument, load_lined
from tests.conftest import SCENARIOS, Cases, write_yaml

FILES = collect([SCENARIOS]).files
# One test per folder of scenarios/, each checking every file in it and naming each file that fails (tests.conftest
# Cases): one test per file cost pytest's own per-test time 2,400 times, more than the checks of most files.
FOLDERS: dict[str, list] = {}
for _path in FILES:
    FOLDERS.setdefault(_path.relative_to(SCENARIOS).parts[0], []).append(_path)

# Options re-run through the file format per scenario: one allowed and one refused, chosen by the file's name
# (JUDGEKIT_OPTIONS_ALL=1: every option of every scenario, about 20 times longer).
EVERY_OPTION = os.environ.get("JUDGEKIT_OPTIONS_ALL") == "1"


@pytest.fixture(scope="module")
def shipped_built(shipped_runs) -> dict:
    """Each shipped file's scenario as built once per test process (listing options leaves it as it was)."""
    return {path: built for path, built, _ in shipped_runs}


def _with_actions(path, built, actions: list[dict]):
    """The file with these actions and no expectations: the file's data as its build read it, less its actions and
    what it expects, with the actions written as a scenario writes them and read back by the file format's reader.
    The board is not written and read again for each option: the data its build read is used as it is."""
    dropped = ("actions", "expect", "contested", "disputed", "known_failure")
    board = {key: value for key, value in built.doc.data.items() if key not in dropped}
    written_back = load_lined(write_yaml({"actions": actions}), str(path)).data
    return build("", str(path), doc=LinedDocument(board | written_back))


def _same(action):
    """An action with `by` left out is the turn player's at the time it runs, whoever the builder first names."""
    return replace(action, player="") if action.by_turn_player else action


def _sample(options: list, salt: int) -> list:
    """One allowed and one refused option, and every answer naming several cards for one choice (few by design)."""
    allowed = [o for o in options if o.allowed]
    refused = [o for o in options if not o.allowed]
    if EVERY_OPTION:
        return options
    sampled = [group[salt % len(group)] for group in (allowed, refused) if group]
    return sampled + [o for o in options if _names_several(o) and o not in sampled]


def _names_several(option) -> bool:
    """An answer to a waiting choice naming two or more cards for it (`candidates.together`)."""
    point = option.point
    if point is None or point.current is None or option.appended or not option.action.targets:
        return False
    before = len(point.current.targets) + sum(1 for key, _ in point.made if key == "targets")
    return len([t for t in option.action.targets[before:] if t != "none"]) > 1


def _each_file(folder: str, shipped_built: dict, check) -> None:
    cases = Cases()
    for path in FOLDERS[folder]:
        with cases.case(str(path.relative_to(SCENARIOS))):
            check(path, shipped_built[path])
    cases.check()


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_each_listed_option_runs_as_listed(folder, shipped_built):
    _each_file(folder, shipped_built, _listed_options_run_as_listed)


def _listed_options_run_as_listed(path, built):
    listing = list_options(built)
    point = listing.point
    kept = [written(a) for a in built.actions[:point.index]]
    for option in _sample(listing.options, zlib.crc32(str(path.name).encode())):
        waiting = [written(point.current)] if option.appended else []  # a concession comes after the waiting action
        rebuilt = _with_actions(path, built, kept + waiting + [written(option.action)])
        assert _same(rebuilt.actions[-1]) == _same(option.action), "the written action builds back to the same action"
        outcome = run_scenario(rebuilt).outcomes[-1]
        new = outcome.refused_reactions[point.refused_before:]  # a reaction refused before the wait decides none
        refusal = outcome.refusal or (new[0][1] if new else None)
        assert (refusal is None) == option.allowed, (written(option.action), option.why)
        if not option.allowed:
            assert refusal.text == option.refusal.text
            assert refusal.cites == option.refusal.cites
        else:
            assert [s.text for s in outcome.steps] == [s.text for s in option.outcome.steps]


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_every_scripted_action_is_written_back_as_the_scenario_would_write_it(folder, shipped_built):
    _each_file(folder, shipped_built, _scripted_actions_written_back)


def _scripted_actions_written_back(path, built):
    rebuilt = _with_actions(path, built, [written(a) for a in built.actions])
    assert [_same(a) for a in rebuilt.actions] == [_same(a) for a in built.actions]
