"""Checking rule numbers cited in a scenario or in a judge's written ruling against an edition."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from judgekit import yaml_data
from judgekit.rules.book import Rulebook

# What counts as a rule citation (and nothing else does: versions such as 0.1.0, timings such as
# 1.30, dates, prices are not rules):
# - in a scenario, the rule numbers its fields name (judgekit.cites.scenario_references: the same reading as
#   `rule --used-by` and `rules diff --impact`) and citations in its prose;
# - in prose (a written ruling, a scenario's question or note): numbers after a citing word
#   ("rule 4.4.1", "rules 4.4.1 and 5.13", "CR 7.4", "§ 5.13", "per 4.12.1", "see 11.14"), a
#   parenthesised list of rule numbers ("(4.12.1)", "(4.4.1, 5.13?)", as judgekit's write-ups
#   cite), a bold rule heading ("**4.4.1 Legends**"), and "section 9" / "chapter 9".
_NUMBER = r"\d{1,2}(?:\.\d{1,3}){1,4}"
_LIST = rf"{_NUMBER}\??(?:\s*(?:,|/|&|\band\b|\bor\b)\s*{_NUMBER}\??)*"
_AFTER_WORD = re.compile(rf"(?:\b(?:rules?|CR|per|see|under)\b\.?|§§?)\s*({_LIST})(?![\d.]*\d)", re.I)
_PARENTHESISED = re.compile(rf"\(\s*({_LIST})\s*\)")
_HEADING = re.compile(rf"\*\*({_NUMBER})\??\s")
_SECTION = re.compile(r"\b(?:section|chapter)\s+(\d{1,2})\b(?!\.\d)", re.I)
_ONE = re.compile(_NUMBER)
_PROSE = ("scenario", "question", "source", "note", "text", "description", "why", "held_by")


@dataclass(frozen=True)
class Citation:
    """A rule number cited in a file, where it is cited, and whether the rules have it."""

    file: str
    line: int
    number: str
    ok: bool
    title: str = ""
    hint: str = ""
    edition: str = ""  # the edition the number was checked in (a scenario's own `edition`, else the asked one)


def citations_in_text(text: str) -> list[tuple[int, str]]:
    """(line, rule number) for every rule citation in prose, in order."""
    found = []
    for n, line in enumerate(text.splitlines(), start=1):
        spans = []
        for pattern in (_AFTER_WORD, _PARENTHESISED, _HEADING):
            spans += [(m.start(1), m.group(1)) for m in pattern.finditer(line)]
        spans += [(m.start(1), m.group(1)) for m in _SECTION.finditer(line)]
        seen = set()
        for start, group in sorted(spans):
            for number in (_ONE.findall(group) or [group]):
                if (start, number) not in seen:
                    seen.add((start, number))
                    found.append((n, number))
    return found


def _scenario_edition(node) -> str | None:
    """The scenario's own top-level `edition`: the edition its rule numbers are written in."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value == "edition" and isinstance(v, yaml.ScalarNode):
                return v.value
    return None


def _compose(text: str):
    try:
        return yaml.compose(text, Loader=yaml_data.SafeLoader)
    except yaml.YAMLError as error:
        raise ValueError(f"not valid YAML: {' '.join(str(error).split())}") from None


def _constructed(node):
    """The data of a composed document, as `yaml_data.load` gives it from the text (which composes it again)."""
    if node is None:
        return None
    loader = yaml_data.SafeLoader("")
    try:
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _numbers_in_scenario(node, data) -> list[tuple[int, str]]:
    """The rule numbers the scenario's fields name (judgekit.cites.scenario_references), as written, and the
    citations in its prose, in file order."""
    from judgekit.cites import scenario_references
    if node is None:
        return []
    named = (_at(node, r.where) for r in scenario_references(data))
    found = [(n.start_mark.line + 1, n.value) for n in named
             if isinstance(n, yaml.ScalarNode) and re.fullmatch(r"\d+(\.\d+)*", n.value)]

    def walk(n, key=None):
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                walk(v, k.value if isinstance(k, yaml.ScalarNode) else None)
        elif isinstance(n, yaml.SequenceNode):
            for item in n.value:
                walk(item, key)
        elif isinstance(n, yaml.ScalarNode) and key in _PROSE:
            found.extend((n.start_mark.line + line, number) for line, number in citations_in_text(n.value))
    walk(node)
    return sorted(found, key=lambda item: item[0])


def _at(node, where: tuple):
    """The node the keys and indexes lead to in a composed YAML document (None when they lead nowhere)."""
    for step in where:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int) and step < len(node.value):
            node = node.value[step]
        else:
            return None
    return node


def check_file(book: Rulebook, path: Path, edition: str) -> list[Citation]:
    """Every citation in a scenario (.yaml/.yml) or a written ruling (any other file), checked in `edition`, or in
    the scenario's own `edition` when it names one (the format: its rule numbers are written in that edition).

    Raises OSError or UnicodeDecodeError when the file cannot be read, ValueError when a scenario
    file is not YAML.
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix in (".yaml", ".yml"):
        node = _compose(text)
        numbers = _numbers_in_scenario(node, _constructed(node))
        declared = _scenario_edition(node)
        edition = declared if declared in book.editions else edition  # its numbers are in its own edition
    else:
        numbers = citations_in_text(text)
    out = []
    for line, number in numbers:
        entry = book.find(number, edition)
        if entry is not None:
            out.append(Citation(str(path), line, number, True, book.short_title(entry.id),
                                _elsewhere(book, number, edition, entry.id), edition))
            continue
        out.append(Citation(str(path), line, number, False, hint=_hint(book, number, edition), edition=edition))
    return out


def _elsewhere(book: Rulebook, number: str, edition: str, rule_id: str) -> str:
    """A warning when the same number names a different rule in another edition (a stale citation?)."""
    for other in sorted(book.editions):
        entry = book.find(number, other) if other != edition else None
        if entry is not None and entry.id != rule_id:
            return (f"note: in {other}, {number} is {book.short_title(entry.id)}, which is "
                    f"{book.number(entry.id, edition)[0]} in {edition}")
    return ""


def _hint(book: Rulebook, number: str, edition: str) -> str:
    """The likely intended rule: the same number in another edition, else the nearest numbers."""
    for other in sorted(book.editions):
        if other == edition:
            continue
        entry = book.find(number, other)
        if entry is not None:
            now, confirmed = book.number(entry.id, edition)
            return (f"{number} is {book.short_title(entry.id)} in edition {other}; in {edition} that rule is "
                    f"{now}{'' if confirmed else ' (inferred)'}")
    near = book.nearest(number, edition)
    return f"no such rule; nearest: {', '.join(near)}" if near else "no such rule"
