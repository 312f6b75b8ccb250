"""The quick block-YAML reader reads what the full reader reads, or leaves the file to it."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from judgekit.scenario import yaml_block, yaml_lines
from judgekit.scenario.yaml_lines import InputError, load_lined

ROOT = Path(__file__).resolve().parent.parent


def quick(text: str):
    return yaml_block.read_block(text, yaml_lines._quick_scalar, yaml_lines.MAX_VALUES // 2, yaml_lines._QUICK_FIRST)


def full(text: str):
    """The full reader's data and problems, composing with PyYAML (None, None when it is not YAML at all)."""
    try:
        node = yaml.compose(text, Loader=yaml_lines._Composer)
    except yaml.YAMLError:
        return None, None
    if node is None:
        return None, None
    reader = yaml_lines._Reader("x")
    try:
        data = reader.convert(node, (), (), node.start_mark)
    except yaml_lines._Bad:
        data = None
    return data, reader.problems


def same(text: str) -> bool:
    """Whether the quick reader gives exactly the full reader's data, or leaves the text to it."""
    got = quick(text)
    if got is None:
        return True
    data, problems = full(text)
    return not problems and repr(got) == repr(data) and got == data


def test_a_dumped_scenario_is_read_quickly_and_alike():
    scenario = {"scenario": "generated: a name with a colon", "tags": ["a", "b"], "seed": 7,
                "players": {"alice": {"hand": [{"card": "Kerry Eurodyne: Axe, Attitude, Audience", "label": "h"}],
                                      "deck": 0, "eddies": {"ready": 3, "spent": 0}, "trash": [], "gigs": {}},
                            "bob": {"field": [{"card": "Rita's Blade", "spent": True, "lag": False}]}},
                "actions": [{"play": "h"}, {"attack": "x", "target": "gig-area"}], "note": None}
    text = yaml.safe_dump(scenario, sort_keys=False, allow_unicode=True)
    assert quick(text) == scenario


@pytest.mark.parametrize("text", [
    "a: [1, 2]\n", 'a: "x"\n', "a: |\n  x\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1\na: 2\n",
    "yes: 1\n", "1: a\n", "a: b: c\n", "a:b\n", "a: x # note\n", "a:\n  text\n", "a: long\n  continued\n",
    "- - a\n", "a: 1\n  b: 2\n", "a:\n    b: 1\n  c: 2\n", "\ta: 1\n", "a: 'open\n", "---\na: 1\n", "a: -\n",
    "a: \u2028\n", "\ufeffa: 1\n", "a: 'x' y\n", "a: !x\n", "a: %x\n", "? a\n: b\n", "a: 1\n- b\n",
])
def test_what_the_quick_reader_does_not_read_goes_to_the_full_reader(text):
    assert quick(text) is None


@pytest.mark.parametrize("text", [
    "a: 1\nb: -2\nc: 1.5\nd: true\ne: ~\nf: null\ng: 0x1f\nh: 1:30\ni: .inf\nj: 2024-01-01\nk: =\n",
    "a:\n- 1\n- x\nb:\n  - y\n  -\n    c: d\n", "- a: 1\n  b: 2\n-   c: 3\n- 'x: y'\n- ''''\n- ''\n",
    "# a comment\na: 1  \n  # indented comment\nb: it's\n\n", "a:\nb:\n", "a: '  spaced  '\n", "a: caf\u00e9\n", "a: 0x_\n",
    # spaces other than " " are text to YAML: a line holding one is read whole, never dropped
    "a: x\u00a0\nb: 1\n", "a: 1\n\u3000b: 2\nc: 3\n", "a: 1\nb: x\u2003\n", "\u00a0a: 1\n", "- \u2009\n",
])
def test_what_the_quick_reader_reads_is_what_the_full_reader_reads(text):
    assert quick(text) is not None
    assert same(text)


def test_random_block_texts_are_read_alike_or_left_to_the_full_reader():
    rng = random.Random(16)
    words = ["a", "b", "key", "yes", "no", "1", "-1", "0x10", "1.5", "~", "null", "'q'", "'it''s'", "x: y", "x:",
             "[]", "{}", "-", "- a", "'", "a'b", "on", "=", "<<", ".nan", "1_000", "0o7", "+1", "1e3", "Off", "''",
             "x\u00a0", "\u3000b", "\u2003", "c\u00a0: d"]
    for _ in range(3000):
        lines = []
        for _ in range(rng.randint(1, 8)):
            indent = " " * rng.choice([0, 0, 2, 4])
            shape = rng.random()
            if shape < 0.4:
                lines.append(f"{indent}{rng.choice(words)}: {rng.choice(words)}")
            elif shape < 0.6:
                lines.append(f"{indent}{rng.choice(words)}:")
            elif shape < 0.8:
                lines.append(f"{indent}- {rng.choice(words)}")
            else:
                lines.append(f"{indent}- {rng.choice(words)}: {rng.choice(words)}")
        text = "\n".join(lines) + "\n"
        assert same(text), text


def test_every_shipped_scenario_the_quick_reader_reads_it_reads_alike():
    for path in sorted((ROOT / "scenarios").rglob("*.yaml")):
        assert same(path.read_text(encoding="utf-8")), path


def test_a_quickly_read_file_still_names_the_line_of_each_field():
    text = "scenario: x\nplayers:\n  alice:\n    hand:\n    - card: A\n      label: h\n"
    document = load_lined(text, "f.yaml")
    assert document.data == {"scenario": "x", "players": {"alice": {"hand": [{"card": "A", "label": "h"}]}}}
    assert document.line_of(("players", "alice", "hand", 0, "label")) == 6
    assert document.line_of(("players", "alice", "hand", 0)) == 5


def test_a_problem_the_quick_reader_leaves_is_reported_by_the_full_reader_with_its_line():
    with pytest.raises(InputError) as error:
        load_lined("a: 1\nb: 2\na: 3\n", "f.yaml")
    assert error.value.problems[0].line == 3


def test_the_quick_reader_leaves_every_character_yaml_does_not_print_to_the_full_reader():
    """YAML 1.1's printable set (what PyYAML's reader accepts), less the tab and breaks other than "\\n":
    a text holding any other character goes to the full reader, whether the text is ASCII or not."""
    printable = re.compile("[\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd\U00010000-\U0010ffff]")
    for point in (*range(0x3000), *range(0xD700, 0x10000), 0x10000, 0x10FFFF):
        character = chr(point)
        for text in (f"a: {character}\n", f"a: é{character}\n"):
            unusual = not printable.fullmatch(character)
            assert (quick(text) is None) or not unusual, (hex(point), text.isascii())
