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
    (inner / "example.yaml").write_text(Path(EXAMPLE).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(inner)
    return tmp_path


INSIDE = "example.yaml"  # the example, copied into the project (the working folder of `project`)


def test_without_a_setting_the_default_is_user(tmp_path, monkeypatch):
    monkeypatch.delenv("JUDGEKIT_EDITION", raising=False)
    monkeypatch.chdir(tmp_path)
    assert edition_of(EXAMPLE) == "user"


def test_a_pyproject_found_upward_sets_the_default(project):
    assert edition_of(INSIDE) == "2026-08"


def test_a_nearer_pyproject_without_the_table_is_passed_over(project):
    (project / "scenarios" / "pyproject.toml").write_text('[tool.ruff]\nline-length = 100\n', encoding="utf-8")
    assert edition_of(INSIDE) == "2026-08"


def test_the_project_beats_the_environment_and_the_command_line_beats_both(project, monkeypatch):
    monkeypatch.setenv("JUDGEKIT_EDITION", "user")
    assert edition_of(INSIDE) == "2026-08"
    assert edition_of(INSIDE, "--edition", "user") == "user"


def test_the_environment_still_sets_the_edition_of_files_in_no_project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("JUDGEKIT_EDITION", "2026-08")
    assert edition_of(EXAMPLE) == "2026-08"


def corpus_pinned_to_2026_08(tmp_path: Path) -> Path:
    """A rules team's project pinned to 2026-08, with a scenario in it that names no edition of its own."""
    root = tmp_path / "rt"
    (root / "rulings").mkdir(parents=True)
    (root / "pyproject.toml").write_text('[tool.judgekit]\nedition = "2026-08"\n', encoding="utf-8")
    text = Path(EXAMPLE).read_text(encoding="utf-8")
    (root / "rulings" / "a.yaml").write_text(text, encoding="utf-8")
    return root


def test_the_project_is_found_from_the_file_not_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("JUDGEKIT_EDITION", raising=False)
    root = corpus_pinned_to_2026_08(tmp_path)
    monkeypatch.chdir(tmp_path)  # outside the project
    assert edition_of(str(root / "rulings" / "a.yaml")) == "2026-08"


def test_check_and_used_by_read_a_corpus_in_its_projects_edition_from_outside_it(tmp_path, monkeypatch):
    monkeypatch.delenv("JUDGEKIT_EDITION", raising=False)
    root = corpus_pinned_to_2026_08(tmp_path)
    scenario = root / "rulings" / "a.yaml"
    # 11.25.1 is [GO SOLO]'s definition in 2026-08; the user's edition has no 11.25.1 (its chapter 11 is shifted)
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("expect:", "expect:\n  not_cites: [11.25.1]", 1),
                        encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    done = invoke("check", str(root), "-f", "json")
    assert done.exit_code == 0, done.output
    done = invoke("rule", "11.6", "--used-by", str(root), "-f", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["rule"]["id"] == "equip"  # Equip is 11.6 in 2026-08, 11.9 in user
    done = invoke("rules", "diff", "user", "2026-08", "--impact", str(root), "-f", "json")
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["impact"] == []  # a file already numbered in 2026-08 needs no renumbering


def test_a_scenarios_own_edition_beats_the_configured_default(project, tmp_path):
    scenario = Path(EXAMPLE).read_text(encoding="utf-8").replace("\nplayers:", "\nedition: user\nplayers:", 1)
    path = tmp_path / "own.yaml"
    path.write_text(scenario, encoding="utf-8")
    assert edition_of(str(path)) == "user"


def test_an_unknown_configured_edition_is_an_error_naming_where_it_was_set(project, monkeypatch):
    (project / "pyproject.toml").write_text('[tool.judgekit]\nedition = "1999"\n', encoding="utf-8")
    done = invoke("run", INSIDE)
    assert done.exit_code == 2 and "pyproject.toml" in done.output and "'1999'" in done.output
    monkeypatch.setenv("JUDGEKIT_EDITION", "nope")
    monkeypatch.chdir(project.parent)  # outside the project, the environment decides
    done = invoke("rule", "4.4")
    assert done.exit_code == 2 and "JUDGEKIT_EDITION" in done.output
