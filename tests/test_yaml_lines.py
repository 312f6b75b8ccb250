"""The YAML reader on hostile and careless input: every class is an input error naming file, line and column.

Each test names an input class of issue #14; none may give a traceback or hang, and each exits 2
(BAD_INPUT) from the command line.
"""
from __future__ import annotations

import time

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.exitcodes import BAD_INPUT
from judgekit.scenario import yaml_lines
from judgekit.scenario.yaml_lines import (MAX_BYTES, MAX_DEPTH, MAX_VALUES, InputError, load_lined, read_text)

VALID_TOP = "scenario: t\nplayers:\n  alice: {deck: 3}\n  bob: {}\n"


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as caught:
        load_lined(text, "f.yaml")
    return [p.render() for p in caught.value.problems]


def validate(tmp_path, content: str | bytes):
    path = tmp_path / "s.yaml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    done = CliRunner().invoke(app, ["validate", str(path)])
    assert done.exit_code == BAD_INPUT, done.output
    assert "Traceback" not in done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)
    return done.output.replace(str(path), "s.yaml")


# --- scalars the reader cannot convert -------------------------------------------------------

@pytest.mark.parametrize("written", ["1:30", "0b_", "0x_", "190:20:30.15"])
def test_a_plain_scalar_yaml_1_1_calls_a_number_but_python_cannot_convert_is_read_as_text(written):
    assert load_lined(f"a: {written}\n", "f.yaml").data == {"a": written}


def test_a_sexagesimal_number_where_a_whole_number_is_expected_names_line_and_field(tmp_path):
    out = validate(tmp_path, VALID_TOP.replace("deck: 3", "deck: 1:30"))
    assert "s.yaml:3: players.alice.deck:" in out and "'1:30'" in out


@pytest.mark.parametrize("written, words", [("!!int abc", "tagged !!int but is not a whole number"),
                                            ("!!float x", "tagged !!float but is not a number"),
                                            ("!!bool maybe", "tagged !!bool but is not true or false")])
def test_a_tagged_scalar_that_is_not_of_its_tag_names_line_column_and_field(written, words):
    assert problems(f"x: 1\na: {written}\n") == [f"f.yaml:2:4: a: {written.split()[1]!r} is {words}"]


def test_infinity_and_not_a_number_where_a_whole_number_is_expected_is_an_input_error(tmp_path):
    for written in (".inf", "-.inf", ".nan"):
        out = validate(tmp_path, VALID_TOP.replace("deck: 3", f"deck: {written}"))
        assert "s.yaml:3: players.alice.deck:" in out


def test_an_integer_beyond_pythons_digit_limit_is_an_input_error_with_its_line():
    found = problems("a: 1\nseed: " + "9" * 5000 + "\n")
    assert found == ["f.yaml:2:7: seed: a number of 5000 digits is longer than judgekit reads"]


def test_old_integer_forms_still_read_as_before():
    assert load_lined("a: 017\nb: 0x1F\nc: 1_000\nd: -0b11\n", "f.yaml").data == {"a": 17, "b": 31, "c": 1000,
                                                                                   "d": -3}


# --- depth and aliases -----------------------------------------------------------------------

def test_nesting_a_few_hundred_levels_deep_stops_at_the_depth_limit():
    found = problems("x: 1\na: " + "[" * 300 + "]" * 300 + "\n")
    assert len(found) == 1 and found[0].startswith("f.yaml:2:")
    assert f"nested more than {MAX_DEPTH} levels deep" in found[0]


def test_nesting_deeper_than_libyaml_reads_is_reported_with_its_line(tmp_path):
    out = validate(tmp_path, "a: " + "[" * 3000 + "]" * 3000 + "\n")
    assert out.startswith(f"s.yaml:1:{3 + MAX_DEPTH}: ") and f"nested more than {MAX_DEPTH} levels deep" in out


def test_nesting_the_pure_python_composer_cannot_build_is_reported_at_the_same_place(monkeypatch):
    """The pure-Python composer recurses once per level: with the stack 300 frames from full, 400 levels are past
    what it can build (PyYAML's pure-Python scanner takes time quadratic in the nesting, so no deeper)."""
    import sys
    import yaml
    from judgekit.scenario import yaml_lines
    monkeypatch.setattr(yaml_lines, "_Loader", yaml.SafeLoader)
    monkeypatch.setattr(yaml_lines, "_Composer", yaml.SafeLoader)
    limit = sys.getrecursionlimit()
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    sys.setrecursionlimit(depth + 300)
    try:
        deep = problems("a: " + "[" * 400 + "]" * 400 + "\n")
    finally:
        sys.setrecursionlimit(limit)
    assert deep == [f"f.yaml:1:{3 + MAX_DEPTH}: nested more than {MAX_DEPTH} levels deep; that is the limit"]


def test_a_recursive_alias_is_an_endless_loop_named_at_its_line():
    assert problems("x: 1\ntags: &a [*a]\n") == [
        "f.yaml:2:7: tags.0: this alias refers to the list or mapping that contains it, an endless loop"]


def test_the_exponential_alias_bomb_stops_at_the_value_limit_quickly():
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 10):
        previous, name = chr(96 + i), chr(97 + i)
        lines.append(f"{name}: &{name} [{', '.join([f'*{previous}'] * 10)}]")
    start = time.process_time()
    found = problems("\n".join(lines) + "\n")
    assert time.process_time() - start < 30  # a guard against a hang, not a speed target
    assert len(found) == 1 and f"more than {MAX_VALUES:,} values through its aliases" in found[0]
    assert found[0].startswith("f.yaml:") and not found[0].startswith("f.yaml:1:")


def test_an_alias_used_a_few_times_reads_as_copies():
    assert load_lined("a: &a [1, 2]\nb: *a\n", "f.yaml").data == {"a": [1, 2], "b": [1, 2]}


# --- size ------------------------------------------------------------------------------------

def test_a_file_over_the_size_limit_is_refused_after_reading_only_the_limit(tmp_path):
    out = validate(tmp_path, "scenario: t\n" + "#" * MAX_BYTES + "\n")
    assert out.strip() == (f"s.yaml:2: the file is larger than {MAX_BYTES // 1024} KiB, the limit for an input "
                           "file; reading stopped on this line")


def test_an_endless_device_is_refused_at_the_size_limit():
    with pytest.raises(InputError) as caught:
        read_text("/dev/zero")
    assert "larger than" in caught.value.problems[0].message


def test_a_file_is_read_whole_up_to_the_limit_and_one_byte_past_it_is_refused(tmp_path):
    path = tmp_path / "s.yaml"
    for size in (1, 70_000, MAX_BYTES):
        path.write_bytes(b"a" * size)
        assert read_text(path) == "a" * size
    path.write_bytes(b"a" * (MAX_BYTES + 1))
    with pytest.raises(InputError):
        read_text(path)


def test_a_file_longer_than_its_size_said_is_read_on_to_the_limit(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_bytes(b"x" * 10)

    class Growing:  # a file that grew after it was measured: reads return more than fstat said
        def __init__(self):
            self.data = memoryview(b"y" * (MAX_BYTES + 50))
            self.at = 0

        def fileno(self):
            return handle.fileno()

        def read(self, n):
            chunk = bytes(self.data[self.at:self.at + n])
            self.at += len(chunk)
            return chunk

    with open(path, "rb") as handle:
        assert len(yaml_lines.read_at_most(Growing(), MAX_BYTES)) == MAX_BYTES + 1


def test_a_pipe_is_read_to_its_end(tmp_path):
    import os
    import threading
    fifo = tmp_path / "s.yaml"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(b"scenario: piped\n"))
    writer.start()
    assert read_text(fifo) == "scenario: piped\n"
    writer.join()


def test_a_decklist_over_the_size_limit_is_refused(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("3 Gig Dealer\n" * (MAX_BYTES // 10), encoding="utf-8")
    done = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert done.exit_code == BAD_INPUT and "larger than" in done.output


# --- encoding and control characters ---------------------------------------------------------

def test_invalid_utf8_is_reported_by_line_and_column(tmp_path):
    out = validate(tmp_path, b"scenario: t\nplayers:\n  al\xffice: {}\n")
    assert out.startswith("s.yaml:3:5: not valid UTF-8 (byte 0xff)")


def test_invalid_utf8_column_counts_characters_not_bytes(tmp_path):
    out = validate(tmp_path, "scenario: é\nq: ü".encode("utf-8") + b"\xc3(\n")
    assert out.startswith("s.yaml:2:5: not valid UTF-8")


def test_a_control_character_is_reported_by_line_and_column(tmp_path):
    out = validate(tmp_path, "scenario: t\nquestion: a\x01b\n")
    assert out.startswith("s.yaml:2:12: the character U+0001 is not allowed in YAML")


# --- messages stay short ---------------------------------------------------------------------

def test_a_huge_wrong_value_is_not_echoed_back_in_full(tmp_path):
    out = validate(tmp_path, VALID_TOP.replace("deck: 3", "deck: " + "x" * 100_000))
    assert "s.yaml:3: players.alice.deck:" in out and len(out) < 2000


def test_a_key_that_is_a_list_is_an_input_error():
    assert problems("? [a]\n: 1\n") == ["f.yaml:1:3: a key is a word or text, not a list or mapping"]
