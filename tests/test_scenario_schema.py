"""The scenario JSON Schema as editors use it: every property described, rule numbers in the default edition."""
from __future__ import annotations

import json
import re
from functools import cache

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.scenario.model import json_schema
from tests.conftest import ROOT

NUMBER = re.compile(r"(?<![\w.])(\d{1,2}(?:\.\d+)+)(\??)(?![\w])")
runner = CliRunner()
schema = cache(json_schema)  # built once for the module's readings (about 0.17 s a build)


def _walk(node, path: str = ""):
    """(path, schema node) for every node of the schema."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _walk(value, f"{path}[{index}]")


@cache
def _descriptions() -> list[tuple[str, str]]:
    return [(path, node["description"]) for path, node in _walk(schema())
            if isinstance(node, dict) and isinstance(node.get("description"), str)]


def test_every_property_has_a_description():
    missing = [f"{path}/properties/{name}" for path, node in _walk(schema())
               if isinstance(node, dict) and isinstance(node.get("properties"), dict)
               for name, prop in node["properties"].items()
               if not (isinstance(prop, dict) and str(prop.get("description", "")).strip())]
    assert missing == []


def test_rule_numbers_in_descriptions_are_the_default_editions_and_inferred_ones_are_marked(book):
    edition = book.default_edition
    wrong = []
    for path, text in _descriptions():
        for number, mark in NUMBER.findall(text):
            entry = book.find(number, edition)
            if entry is None:
                wrong.append(f"{path}: {number} is not a rule of edition {edition}")
            elif book.number(entry.id, edition)[1] == bool(mark):
                wrong.append(f"{path}: {number}{mark} should be {number}{'' if mark else '?'} "
                             "(? marks a number inferred for the edition)")
    assert wrong == []


@pytest.mark.parametrize("prop, title", [
    ("/$defs/ActionSpec/properties/call", "Call a Legend"), ("/$defs/ActionSpec/properties/sell", "Sell"),
    ("/$defs/ActionSpec/properties/x", "X €$"), ("/$defs/Instruction/properties/search", "Search"),
    ("/$defs/Instruction/properties/reveal", "Reveal"), ("/$defs/Instruction/properties/flip", "Flip"),
    ("/$defs/Instruction/properties/move_gear", "Equip"), ("/$defs/EffectSpec/properties/quick", "[QUICK]"),
])
def test_a_description_cites_the_rule_it_names_in_the_default_edition(book, prop, title):
    text = dict(_descriptions())[prop]
    numbers = [n for n, _ in NUMBER.findall(text)]
    assert numbers and book.short_title(book.find(numbers[-1], book.default_edition).id) == title


def test_schema_output_writes_the_file_and_stdout_still_prints_it(tmp_path):
    target = tmp_path / "scenario.schema.json"
    done = runner.invoke(app, ["schema", "--output", str(target)])
    assert done.exit_code == 0 and str(target) in done.output
    assert json.loads(target.read_text(encoding="utf-8")) == json_schema()
    assert json.loads(runner.invoke(app, ["schema"]).output) == json_schema()


def test_schema_output_to_an_unwritable_place_is_a_clean_error(tmp_path):
    (tmp_path / "a-file").write_text("", encoding="utf-8")  # a missing folder is created; a file in its place is not
    done = runner.invoke(app, ["schema", "--output", str(tmp_path / "a-file" / "s.json")])
    assert done.exit_code == 2 and "cannot write the schema" in done.output and "Traceback" not in done.output


def test_the_editor_setup_is_documented():
    doc = (ROOT / "docs" / "scenario-format.md").read_text(encoding="utf-8")
    assert "judgekit schema --output" in doc and "# yaml-language-server: $schema=" in doc
