"""Collection (judgekit.corpus.discover): the same scenario files for `check`, `coverage` and the pytest plugin."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.corpus.discover import collect, is_scenario_file
from tests.conftest import SCENARIOS

PAID = SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml"


def test_a_scenario_is_yaml_with_a_top_level_scenario_key(tmp_path):
    cases = {
        "plain.yaml": "scenario: x\n", "later.yml": "# comment\nseed: 3\nscenario: x\n",
        "quoted.yaml": '"scenario": x\n', "bom.yaml": "\ufeffscenario: x\n",
        "nested.yaml": "outer:\n  scenario: x\n", "deck.yaml": "cards:\n  - V\n", "notes.txt": "scenario: x\n",
        "x.ruling.json": '{"scenario": {}}',
    }
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = {name for name in cases if is_scenario_file(tmp_path / name)}
    assert found == {"plain.yaml", "later.yml", "quoted.yaml", "bom.yaml"}


def test_a_scenario_that_is_not_valid_utf8_is_still_collected(tmp_path):
    (tmp_path / "latin1.yaml").write_bytes("scenario: caf\xe9\n".encode("latin-1"))
    assert is_scenario_file(tmp_path / "latin1.yaml")  # then reported as bad input, never silently skipped


def test_a_scenario_saved_as_utf16_or_utf32_is_collected_and_reported_as_not_utf8(tmp_path):
    text = "# a judge's question\nscenario: x\nplayers: {alice: {}, bob: {}}\n"
    for encoding in ("utf-16", "utf-16-be", "utf-32"):
        name = f"{encoding}.yaml"
        data = text.encode(encoding) if encoding != "utf-16-be" else b"\xfe\xff" + text.encode(encoding)
        (tmp_path / name).write_bytes(data)
        assert is_scenario_file(tmp_path / name)
        done = CliRunner().invoke(app, ["check", str(tmp_path / name)])
        assert done.exit_code == 2, done.output
        assert f"{name}:1:1: the file is saved as {encoding.upper()[:6]}" in done.output
        assert "save the file as UTF-8" in done.output
    (tmp_path / "notes.yaml").write_bytes("seed: 1\n".encode("utf-16"))
    assert not is_scenario_file(tmp_path / "notes.yaml")  # wide YAML that is not a scenario is still skipped


def test_a_very_long_line_is_read_in_bounded_pieces(tmp_path):
    (tmp_path / "long.yaml").write_bytes(b"note: " + b"x" * 300_000 + b"scenario: no\n")
    assert not is_scenario_file(tmp_path / "long.yaml")


def test_a_scenario_key_after_a_long_head_is_still_found(tmp_path):
    (tmp_path / "late.yaml").write_text("# note\n" * 2000 + "scenario: x\n", encoding="utf-8")
    (tmp_path / "none.yaml").write_text("# note\n" * 2000 + "seed: 1\n", encoding="utf-8")
    assert is_scenario_file(tmp_path / "late.yaml") and not is_scenario_file(tmp_path / "none.yaml")


def test_a_named_pipe_in_a_corpus_is_skipped_not_waited_on(tmp_path):
    import os
    import threading
    os.mkfifo(tmp_path / "pipe.yaml")  # no writer: reading it would wait for ever
    shutil.copy(PAID, tmp_path / "paid.yaml")
    found = []
    worker = threading.Thread(target=lambda: found.append(collect([tmp_path])), daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert found, "collecting waited on a named pipe"
    assert [p.name for p in found[0].files] == ["paid.yaml"]


def test_hidden_folders_virtual_environments_and_build_output_are_skipped(tmp_path):
    for folder in (".git", ".tox", "node_modules", "__pycache__", "build", "dist", "env", "ok"):
        (tmp_path / folder).mkdir()
        shutil.copy(PAID, tmp_path / folder / "s.yaml")
    (tmp_path / "env" / "pyvenv.cfg").write_text("home = /usr\n", encoding="utf-8")
    (tmp_path / "ok" / "s.ruling.json").write_text("{}", encoding="utf-8")
    (tmp_path / "ok" / "deck.yaml").write_text("cards: []\n", encoding="utf-8")
    found = collect([tmp_path])
    assert found.files == [tmp_path / "ok" / "s.yaml"]
    assert found.skipped_files == {"golden ruling(s) (.ruling.json)": 1,
                                   "YAML file(s) without a top-level scenario: key": 1}
    reasons = {name.rsplit("/", 1)[-1]: why for name, why in found.skipped_folders}
    assert reasons[".git"] == "hidden" and reasons["env"] == "a virtual environment"
    assert set(reasons) == {".git", ".tox", "node_modules", "__pycache__", "build", "dist", "env"}


def test_check_says_what_it_skipped_and_why(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").write_text("{}", encoding="utf-8")
    (tmp_path / ".venv").mkdir()
    runner = CliRunner()
    done = runner.invoke(app, ["check", str(tmp_path), "-f", "json"])
    collection = json.loads(done.output)["collection"]
    assert collection["collected"] == 1 and collection["skipped_files"] == {"golden ruling(s) (.ruling.json)": 1}
    shown = runner.invoke(app, ["check", str(tmp_path), "-k", "named"])
    assert "skipped 1 golden ruling (.ruling.json); 1 folder (.venv: hidden)" in shown.output


def test_named_files_follow_the_same_rule_so_a_shell_glob_skips_goldens(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").write_text("{}", encoding="utf-8")
    found = collect(sorted(tmp_path.iterdir()))
    assert found.files == [tmp_path / "paid.yaml"] and found.skipped_files == {"golden ruling(s) (.ruling.json)": 1}


def test_the_repository_corpus_is_collected_without_its_goldens_and_decklists():
    found = collect([SCENARIOS])
    assert found.files == sorted(SCENARIOS.rglob("*.yaml"))
    assert found.skipped_files["golden ruling(s) (.ruling.json)"] == len(list(SCENARIOS.rglob("*.ruling.json")))


def test_the_key_is_looked_for_only_within_a_scenario_files_size_limit(tmp_path):
    """A huge (or sparse) file named .yaml is not read to its end: no scenario file is longer than 1 MiB."""
    from judgekit.corpus import discover
    from judgekit.scenario.yaml_lines import MAX_BYTES

    assert discover.SCAN_LIMIT == MAX_BYTES
    (tmp_path / "late.yaml").write_bytes(b"#\n" * (MAX_BYTES // 2 + 10) + b"scenario: x\n")
    with open(tmp_path / "sparse.yaml", "wb") as handle:
        handle.truncate(1 << 34)  # 16 GiB of nothing: reading it whole would take minutes
    found = collect([tmp_path])
    assert found.files == []
    assert found.skipped_files == {discover.KEY_NOT_IN_LIMIT: 2}


def test_what_stands_in_place_of_a_file_is_named(tmp_path):
    import os

    from judgekit.corpus.discover import what_is_there
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    os.symlink(tmp_path / "missing", tmp_path / "dangling")
    os.symlink(tmp_path / "loop", tmp_path / "loop")
    assert what_is_there(tmp_path / "folder") == "not a regular file: a folder"
    assert what_is_there(tmp_path / "pipe") == "not a regular file: a named pipe"
    assert what_is_there("/dev/null") == "not a regular file: a device"
    assert what_is_there(tmp_path / "missing") == "no such file"
    assert what_is_there(tmp_path / "dangling") == "no such file (a symbolic link to a missing file)"
    assert what_is_there(tmp_path / "loop").startswith("cannot be reached: ")


def test_check_names_what_stands_in_place_of_a_scenario_or_a_golden(tmp_path):
    import os
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").mkdir()
    os.symlink(tmp_path / "loop.yaml", tmp_path / "loop.yaml")
    done = CliRunner().invoke(app, ["check", str(tmp_path), "-f", "json"])
    problems = {Path(r["file"]).name: r["problems"] for r in json.loads(done.output)["results"]}
    assert problems["paid.yaml"] == [f"{tmp_path / 'paid.ruling.json'}: the golden ruling is not a regular file: "
                                     "a folder"]
    assert problems["loop.yaml"][0].startswith(f"{tmp_path / 'loop.yaml'}: cannot be reached: ")
