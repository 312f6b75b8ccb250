"""Rule editions: each maps the base (2026-08) numbers to its own, confirmed or inferred."""
from __future__ import annotations

from dataclasses import dataclass, field


def _key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("."))


def _matches(number: str, pattern: str) -> bool:
    if pattern == "*":
        return True
    if pattern.endswith(".*"):
        return number.startswith(pattern[:-1])
    return number == pattern


@dataclass
class Edition:
    """One edition of the rules, as a renumbering of the base edition."""

    name: str
    title: str
    source: str = ""
    confirmed_patterns: list[str] = field(default_factory=list)
    to_edition: dict[str, str] = field(default_factory=dict)
    to_base: dict[str, str] = field(default_factory=dict)

    def number_for(self, base_number: str) -> tuple[str, bool]:
        """(number in this edition, whether the number is confirmed)."""
        number = self.to_edition.get(base_number, base_number)
        return number, any(_matches(number, p) for p in self.confirmed_patterns)

    def base_number_for(self, number: str) -> str | None:
        return self.to_base.get(number)


def _shift(number: str, rule: dict) -> str:
    parts = number.split(".")
    chapter = str(rule["chapter"])
    start = _key(str(rule["from"]))
    if parts[0] != chapter or len(parts) < 2 or (int(parts[1]),) < start[1:2]:
        return number
    parts[1] = str(int(parts[1]) + int(rule["shift"]))
    return ".".join(parts)


def load_editions(data: dict, base_numbers: list[str]) -> tuple[dict[str, Edition], str]:
    """From editions.yaml's data, compute every edition's numbering of `base_numbers`."""
    editions: dict[str, Edition] = {}
    for name, spec in data["editions"].items():
        name = str(name)
        mapping = {}
        for number in base_numbers:
            new = number
            for rule in spec.get("renumber", []) or []:
                new = _shift(new, rule)
            mapping[number] = new
        editions[name] = Edition(
            name=name,
            title=spec.get("title", name),
            source=spec.get("source", ""),
            confirmed_patterns=[str(p) for p in spec.get("confirmed", [])],
            to_edition=mapping,
            to_base={v: k for k, v in mapping.items()},
        )
    return editions, str(data.get("default", next(iter(editions))))
