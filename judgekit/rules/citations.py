"""Checking rule numbers cited in a scenario or in a judge's written ruling against an edition."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from judgekit.rules.book import Rulebook

_CITED = re.compile(r"(?:\b(?:rules?|section|CR)\s+)?(?<![\d.])(\d{1,2}(?:\.\d{1,3}){1,4})(?![\d.]*\d)", re.I)
_SECTION = re.compile(r"\b(?:section|chapter)\s+(\d{1,2})\b", re.I)


@dataclass(frozen=True)
class Citation:
    file: str
    line: int
    number: str
    ok: bool
    title: str = ""
    hint: str = ""


def _numbers_in_text(text: str) -> list[tuple[int, str]]:
    found = []
    for n, line in enumerate(text.splitlines(), start=1):
        found += [(n, m.group(1)) for m in _CITED.finditer(line)]
        found += [(n, m.group(1)) for m in _SECTION.finditer(line)]
    return found


def _numbers_in_scenario(text: str) -> list[tuple[int, str]]:
    """Rule numbers in `expect` (cites, refused_by, not_cites) and in the file's prose."""
    found = []
    node = yaml.compose(text, Loader=yaml.SafeLoader)
    if node is None:
        return found

    def walk(n, key=None):
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                walk(v, k.value if isinstance(k, yaml.ScalarNode) else None)
        elif isinstance(n, yaml.SequenceNode):
            for item in n.value:
                walk(item, key)
        elif isinstance(n, yaml.ScalarNode):
            if key in ("cites", "refused_by", "not_cites") and re.fullmatch(r"\d+(\.\d+)*", n.value):
                found.append((n.start_mark.line + 1, n.value))
            elif key in ("question", "source", "note", "text"):
                found.extend((n.start_mark.line + 1 + line - 1, number) for line, number in _numbers_in_text(n.value))
    walk(node)
    return found


def check_file(book: Rulebook, path: Path, edition: str) -> list[Citation]:
    text = path.read_text(encoding="utf-8")
    is_scenario = path.suffix in (".yaml", ".yml")
    numbers = _numbers_in_scenario(text) if is_scenario else _numbers_in_text(text)
    out = []
    for line, number in numbers:
        entry = book.find(number, edition)
        if entry is not None:
            out.append(Citation(str(path), line, number, True, book.short_title(entry.id),
                                _elsewhere(book, number, edition, entry.id)))
            continue
        out.append(Citation(str(path), line, number, False, hint=_hint(book, number, edition)))
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
