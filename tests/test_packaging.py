"""Packaging: the wheel carries everything a command reads, found without the checkout; the parse cache."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from judgekit.resources import SHIPPED
from tests.conftest import ROOT, SCENARIOS


def _link_or_copy(source, target) -> None:
    """A hard link to the checkout's file where the file system allows one, else a copy: the build only reads its
    sources (it writes its own folders beside them), and linking a thousand files costs a sixth of copying them."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


@pytest.fixture(scope="module")
def source(tmp_path_factory) -> Path:
    """A copy of what a build reads (the checkout's top-level files, the package and the folders judgekit.resources
    SHIPPED names), without what earlier builds left: built there, not in the checkout."""
    copy = tmp_path_factory.mktemp("source") / "judgekit-source"
    copy.mkdir()
    for path in ROOT.iterdir():
        if path.is_file() and not path.name.startswith("."):
            _link_or_copy(path, copy / path.name)
    leftovers = shutil.ignore_patterns("build", ".build", "*.egg-info", "__pycache__")
    for folder in ["judgekit", *(folder for folder, _ in SHIPPED.values())]:
        shutil.copytree(ROOT / folder, copy / folder, ignore=leftovers, copy_function=_link_or_copy)
    return copy


BUILD_WHEEL = """
import importlib, pathlib, sys, tomllib
backend = tomllib.loads(pathlib.Path("pyproject.toml").read_text(encoding="utf-8"))["build-system"]["build-backend"]
print(importlib.import_module(backend).build_wheel(sys.argv[1]))
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory, source) -> Path:
    """The wheel built from this checkout by the build backend pyproject.toml names (PEP 517's build_wheel), as
    installed with the test extra: a build in pip's isolated environment, as `pip install .` does, is what
    .ci/run checks first, from a fresh clone."""
    out = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-c", BUILD_WHEEL, str(out)], cwd=source, capture_output=True, text=True,
                           timeout=600)
    assert built.returncode == 0, built.stdout + built.stderr
    (path,) = out.glob("judgekit-*.whl")
    return path


def test_building_leaves_no_build_folder_to_shadow_python_m_build(wheel, source):
    """setuptools works in `.build/`: a `build/` folder in the checkout would be imported by a later
    `python -m build` as the `build` package (where that package is not installed: a baffling error)."""
    assert not (source / "build").exists() and (source / ".build").is_dir()
    found = subprocess.run([sys.executable, "-S", "-c", "import build"], cwd=source, capture_output=True, text=True,
                           timeout=60)  # -S: as where the `build` package is not installed
    assert "No module named 'build'" in found.stderr


def test_the_wheel_carries_the_rulebook_card_data_shipped_effects_and_every_module(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"judgekit/rules_text/{p.name}" for p in (ROOT / "rules_text").glob("*.yaml")}
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "judgekit" / "data").rglob("*") if p.is_file()}
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "judgekit").rglob("*.py")}
    wanted |= {p.relative_to(ROOT).as_posix() for p in (ROOT / "judgekit" / "site" / "assets").iterdir()}
    wanted |= {f"judgekit/contested_corpus/{p.name}" for p in (SCENARIOS / "contested").glob("*.yaml")}
    assert "judgekit/rules_text/04-card-types.yaml" in wanted and "judgekit/data/cards-wnc.json" in wanted
    assert "judgekit/data/search-questions/ch09.yaml" in wanted
    assert wanted <= names, sorted(wanted - names)
    assert not any(n.startswith(("tests/", "scenarios/", "rules_text/")) for n in names)


def test_every_shipped_folder_exists_in_the_checkout():
    for name, (folder, patterns) in SHIPPED.items():
        assert any(p for pattern in patterns for p in (ROOT / folder).glob(pattern)), name


FROM_THE_WHEEL = """
import contextlib, io, json, sys
import judgekit.resources as resources
from judgekit.cli import main
out = {"where": str(resources.folder("rules_text")), "package": __import__("judgekit").__file__, "runs": []}
for args in json.loads(sys.argv[1]):
    stdout, stderr, code = io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            main(args)
        except SystemExit as done:
            code = done.code or 0
    out["runs"].append([args, code, stdout.getvalue(), stderr.getvalue()])
print(json.dumps(out))
"""


def test_the_installed_package_works_from_anywhere_without_the_checkout(wheel, tmp_path):
    """The wheel's package in a fresh interpreter outside the checkout, with a cold cache: one process runs each
    command through the entry point `judgekit.cli.main` in turn (each start-up of the package costs 0.3 s)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site), "JUDGEKIT_HOME": str(tmp_path / "home")}
    env.pop("JUDGEKIT_RULES", None)
    example = str(SCENARIOS / "examples" / "legend-returned-to-hand.yaml")
    corpus = tmp_path / "rulings-repo"  # a rules team's corpus outside the checkout (issue #23)
    corpus.mkdir()
    for suffix in (".yaml", ".ruling.json"):
        name = f"9.9.1-blocker-turns-a-steal-into-a-fight{suffix}"
        shutil.copy(SCENARIOS / "attack" / name, corpus / name)
    commands = ((["rule", "11.14"], "Call a Legend"), (["run", example], "5.13"),
                (["search", "blocker"], "BLOCKER"), (["search", "graveyard"], "Trash"),
                (["search", "blocker", "--only", "rulings"], "GENERAL#2"),
                (["rule", "11.27", "--used-by", str(corpus)], "a-steal-into-a-fight.ruling.json"),
                (["rule", "11.27", "--used-by"], "Goro Takemura: Hands Unclean"),
                (["rules", "diff", "user", "2026-08", "--impact", str(corpus)], "11.27 -> 11.24"))
    done = subprocess.run([sys.executable, "-c", FROM_THE_WHEEL, json.dumps([args for args, _ in commands])],
                          cwd=away, env=env, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert Path(found["where"]) == site / "judgekit" / "rules_text"
    assert Path(found["package"]) == site / "judgekit" / "__init__.py"
    assert len(found["runs"]) == len(commands)
    failures = [(args, code, stderr) for (args, expected), (_, code, stdout, stderr) in zip(commands, found["runs"])
                if not (code == 0 and expected in stdout)]
    assert failures == []


def test_judgekit_rules_overrides_the_shipped_rulebook(tmp_path, monkeypatch):
    from judgekit.resources import folder
    monkeypatch.setenv("JUDGEKIT_RULES", str(tmp_path))
    assert folder("rules_text") == tmp_path


def test_a_judgekit_rules_that_is_not_a_folder_is_bad_input(tmp_path):
    env = {**os.environ, "JUDGEKIT_RULES": str(tmp_path / "nowhere")}
    for args in (["rule", "4.4"], ["terms"]):
        done = subprocess.run([sys.executable, "-m", "judgekit", *args], env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip() == f"JUDGEKIT_RULES names {tmp_path / 'nowhere'}, which is not a folder"


def test_the_rulebook_cache_is_keyed_by_content_not_by_place(tmp_path, monkeypatch):
    from judgekit.rules.book import _load_rulebook, rules_dir
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    for copy in ("one", "two"):
        shutil.copytree(rules_dir(), tmp_path / copy)
        _load_rulebook.__wrapped__(str(tmp_path / copy))
    assert len(list((tmp_path / "home" / "cache").glob("rulebook-*.json"))) == 1


def test_a_read_only_or_missing_home_only_means_no_cache(tmp_path, monkeypatch):
    from judgekit.rules.book import _load_rulebook, load_rulebook, rules_dir

    def read_sources(folder):
        book = _load_rulebook.__wrapped__(str(folder))
        return [book.get(i) for i in book.order]
    expected = read_sources(rules_dir())
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(0o500)
    try:
        monkeypatch.setenv("JUDGEKIT_HOME", str(read_only / "judgekit"))
        if os.access(read_only, os.W_OK):
            (read_only / "judgekit").write_text("a file where the cache folder would be", encoding="utf-8")
        assert read_sources(rules_dir()) == expected
    finally:
        read_only.chmod(0o700)
    monkeypatch.delenv("JUDGEKIT_HOME")
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(Path, "home", classmethod(lambda cls: (_ for _ in ()).throw(RuntimeError("no home"))))
    assert read_sources(rules_dir()) == expected
    load_rulebook.cache_clear()
    assert load_rulebook().find("11.14") is not None
