"""The default edition per user (JUDGEKIT_EDITION) and per project ([tool.judgekit] in pyproject.toml), below
`--edition` and a scenario's own `edition:` (README, Editions)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.entry_point import invoke

EXAMPLE = str(Path(__file__).resolve().parents[1] / "scenarios" / "examples" / "legend-returned-to-hand.yaml")


def edition_of(*args: str) -> str:
    done = invoke("run", *args, "-f", "json")
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["edition"]["name"]


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.delenv("JUDGEKIT_EDITION", raising=False)
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "rulings"\n\n[tool.judgekit]\nedition = "2026-08"\n',
                                             encoding="utf-8")
    inner = tmp_path / "scenarios" / "deep"
    inner.mkdir(parents=True)
    monkeypatch.chdir(inner)
    return tmp_path


def test_without_a_setting_the_default_is_user(tmp_path, monkeypatch):
    monkeypatch.delenv("JUDGEKIT_EDITION", raising=False)
    monkeypatch.chdir(tmp_path)
    assert edition_of(EXAMPLE) == "user"


def test_a_pyproject_found_upward_sets_the_default(project):
    assert edition_of(EXAMPLE) == "2026-08"


def test_a_nearer_pyproject_without_the_table_is_passed_over(project):
    (project / "scenarios" / "pyproject.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    assert edition_of(EXAMPLE) == "2026-08"


def test_the_environment_beats_the_project_and_the_command_line_beats_both(project, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_EDITION", "user")
    assert edition_of(EXAMPLE) == "user"
    monkeypatch.setenv("JUDGEKIT_EDITION", "2026-08")
    assert edition_of(EXAMPLE, "--edition", "user") == "user"


def test_a_scenarios_own_edition_beats_the_configured_default(project, tmp_path):
    scenario = Path(EXAMPLE).read_text(encoding="utf-8").replace("\nplayers:", "\nedition: user\nplayers:", 1)
    path = tmp_path / "own.yaml"
    path.write_text(scenario, encoding="utf-8")
    assert edition_of(str(path)) == "user"


def test_an_unknown_configured_edition_is_an_error_naming_where_it_was_set(project, monkeypatch):
    (project / "pyproject.toml").write_text('[tool.judgekit]\nedition = "1999"\n', encoding="utf-8")
    done = invoke("run", EXAMPLE)
    assert done.exit_code == 2 and "pyproject.toml" in done.output and "'1999'" in done.output
    monkeypatch.setenv("JUDGEKIT_EDITION", "nope")
    done = invoke("rule", "4.4")
    assert done.exit_code == 2 and "JUDGEKIT_EDITION" in done.output
