"""judgekit's reader of its own YAML data (`judgekit.yaml_data`): each text is parsed at most twice per process
while it is kept, and no caller's changes reach the next caller."""
from __future__ import annotations

import pytest
import yaml

from judgekit import yaml_data


def test_a_changed_file_is_read_again_and_an_unchanged_one_gives_the_same_data(tmp_path):
    path = tmp_path / "data.yaml"
    path.write_text("words: [a, b]\n", encoding="utf-8")
    assert yaml_data.load_file(path) == yaml_data.load_file(path) == {"words": ["a", "b"]}
    path.write_text("words: [c]\n", encoding="utf-8")  # same size, and maybe the same modification time
    assert yaml_data.load_file(path) == {"words": ["c"]}


def test_a_caller_changing_its_data_changes_nothing_for_the_next():
    """The first reading's data (never kept), the second's (kept from then on) and the later copies alike."""
    text = "rules: [{id: a, refs: [1, 2]}]\nkept: {x: 1}\n"
    for _ in range(4):
        data = yaml_data.load_once(text)
        assert data == {"rules": [{"id": "a", "refs": [1, 2]}], "kept": {"x": 1}}
        data["rules"][0]["refs"].append(3)
        data["kept"].clear()


def test_values_an_alias_shares_stay_shared_within_a_copy():
    """Copying keeps one value for an alias and its anchor, so an alias bomb stays as small as it was read."""
    text = "a: &x [1, 2]\nb: *x\nc: &y [*x, *x, *x, *x]\nd: [*y, *y, *y, *y]\n"
    for _ in range(3):
        data = yaml_data.load_once(text)
        assert data["a"] is data["b"] is data["c"][3] and data["d"][0] is data["c"]


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML's pure parser cannot read this deep: the case cannot arise")
def test_data_nested_deeper_than_copying_reaches_is_still_read():
    depth = 900  # libyaml reads 1,000 levels; copying a value recurses twice a level
    text = "[" * depth + "]" * depth
    for _ in range(3):
        data = yaml_data.load_once(text)
        for _ in range(depth - 1):
            data = data[0]
        assert data == []


def test_an_error_names_the_file_as_reading_it_open_does(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("scenario: [unclosed\n", encoding="utf-8")
    with path.open(encoding="utf-8") as handle, pytest.raises(yaml_data.YAMLError) as read_open:
        yaml_data.load(handle)
    for _ in range(3):  # an error is never kept: each reading reports it again
        with pytest.raises(yaml_data.YAMLError) as read_once:
            yaml_data.load_file(path)
        assert str(read_once.value) == str(read_open.value) and str(path) in str(read_once.value)
    with pytest.raises(yaml_data.YAMLError, match="<unicode string>"):
        yaml_data.load_once("scenario: [unclosed\n")



def test_a_text_read_again_and_again_is_parsed_twice(monkeypatch):
    """Once for its first reading (handed out whole, a command reading a file once pays no copy), once to be kept."""
    monkeypatch.setattr(yaml_data, "_parsed", {})  # whatever this process read before does not count
    monkeypatch.setattr(yaml_data, "_read_once", set())
    parsed = []
    parse = yaml_data.load
    monkeypatch.setattr(yaml_data, "load", lambda text: parsed.append(text) or parse(text))
    for _ in range(5):
        assert yaml_data.load_once("read: [again, and, again]\n") == {"read": ["again", "and", "again"]}
    assert len(parsed) == 2
