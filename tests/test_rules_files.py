"""A JUDGEKIT_RULES folder that is broken or hostile is bad input: exit 2 naming the file (and line), quickly,
never a hang or an internal error (judgekit.rules.rules_files)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time

import pytest

from judgekit.exitcodes import BAD_INPUT
from tests.conftest import ROOT

BOMB = "".join(f"{a}: &{a} [{', '.join([f'*{p}'] * 9) if p else ', '.join(['lol'] * 9)}]\n"
               for p, a in zip([None, *"abcdefgh"], "abcdefghi"))


def _rules_copy(tmp_path):
    folder = tmp_path / "rules_text"
    shutil.copytree(ROOT / "rules_text", folder)
    return folder


def _judgekit(tmp_path, folder, *args):
    env = {**os.environ, "JUDGEKIT_RULES": str(folder), "JUDGEKIT_HOME": str(tmp_path / "home"), "JUDGEKIT_DEBUG": ""}
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "judgekit", *args], capture_output=True, text=True, env=env,
                          timeout=30)
    return done, time.monotonic() - started


@pytest.mark.parametrize("break_it, says", [
    (lambda f: (f / "02-golden-rules.yaml").write_text(BOMB, encoding="utf-8"),
     "02-golden-rules.yaml:2: YAML anchors and aliases are not accepted"),
    (lambda f: ((f / "02-golden-rules.yaml").unlink(), os.mkfifo(f / "02-golden-rules.yaml")),
     "02-golden-rules.yaml: is a named pipe; a rules file must be a regular file"),
    (lambda f: (f / "03-card-information.yaml").write_text("chapter: 3\ntitle: x\nrules:\n  - id: a.b\n"
                                                           "    number: [3.1\n", encoding="utf-8"),
     "03-card-information.yaml:6: not valid YAML"),
    (lambda f: (f / "04-card-types.yaml").write_text("chapter: 4\ntitle: x\nrules: 7\n", encoding="utf-8"),
     "04-card-types.yaml: rules[0] needs an `id`"),
    (lambda f: (f / "editions.yaml").write_text("editions: 3\n", encoding="utf-8"), "not in judgekit's rules format"),
], ids=["alias-bomb", "named-pipe", "yaml-typo", "wrong-shape", "editions-wrong-shape"])
def test_a_broken_rules_folder_is_bad_input_naming_the_file(tmp_path, break_it, says):
    folder = _rules_copy(tmp_path)
    break_it(folder)
    done, seconds = _judgekit(tmp_path, folder, "rule", "4.4")
    assert done.returncode == BAD_INPUT, done.stderr
    assert says in done.stderr and "Traceback" not in done.stderr
    assert seconds < 20


@pytest.mark.parametrize("command", [["terms"], ["check", str(ROOT / "scenarios" / "examples")], ["coverage"]])
def test_every_command_reads_the_rules_folder_as_carefully(tmp_path, command):
    folder = _rules_copy(tmp_path)
    (folder / "not-exercisable.yaml").write_text(BOMB, encoding="utf-8")
    (folder / "03-card-information.yaml").write_text("chapter: 3\ntitle: [x\n", encoding="utf-8")
    if command == ["coverage"]:
        shutil.copy(ROOT / "rules_text" / "03-card-information.yaml", folder)
        command = ["coverage", str(ROOT / "scenarios" / "examples")]
    done, _ = _judgekit(tmp_path, folder, *command)
    assert done.returncode == BAD_INPUT, done.stderr
    assert ("03-card-information.yaml:3: not valid YAML" in done.stderr if command[0] != "coverage"
            else "not-exercisable.yaml:2: YAML anchors" in done.stderr)


def test_a_rules_file_larger_than_the_limit_is_refused_unread(tmp_path):
    from judgekit.rules.rules_files import MAX_BYTES, BadRulesFile, check_files

    big = tmp_path / "05-game-areas.yaml"
    with open(big, "wb") as out:
        out.truncate(MAX_BYTES + 1)
    with pytest.raises(BadRulesFile, match="more than a rules file may have"):
        check_files([big])
