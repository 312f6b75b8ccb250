"""Citations: a cited rule as every output shows it (stable id, number in the edition, confirmed or inferred,
title), and the rules a scenario's `expect` or a recorded ruling cites.

Used by rulings, the options listing, deck checks, the search and `rule --used-by` alike; an erratum's id
(`erratum:ID`) is cited as the erratum. It stands apart from judgekit.ruling and judgekit.corpus so that those
and what they use (the options listing, the search) need not import each other.
"""
from __future__ import annotations

import re

from judgekit.rules.book import Rulebook


def citation(book: Rulebook, rule_id: str, edition: str) -> dict:
    """A rule as the output shows it: stable id, number in the edition, confirmed or inferred, title."""
    if rule_id not in book.entries:
        from judgekit.scenario.errata import citation as erratum_citation
        erratum = erratum_citation(rule_id)
        if erratum is not None:
            return erratum
        return {"id": rule_id, "number": None, "confirmed": False, "title": "(no such rule in rules_text)"}
    number, confirmed = book.number(rule_id, edition)
    return {"id": rule_id, "number": number, "confirmed": confirmed, "title": book.short_title(rule_id)}


def scenario_cites(book: Rulebook, data: dict) -> set[str]:
    """The rule ids a scenario's `expect` names, read in its edition (numbers or ids; an unknown one is skipped)."""
    expect = data.get("expect") if isinstance(data.get("expect"), dict) else {}
    edition = data.get("edition") if data.get("edition") in book.editions else None
    out = set()
    for key in ("cites", "refused_by"):
        refs = expect.get(key) or ()
        for ref in refs if isinstance(refs, list) else [refs]:
            entry = book.resolve(str(ref).rstrip("?"), edition)
            if entry is not None:
                out.add(entry.id)
    return out


def scenario_numbers(book: Rulebook, data: dict) -> set[str]:
    """The rule ids a scenario's `expect` writes as rule numbers of its edition, `not_cites` included: the ones
    whose numbers a renumbering makes wrong (a rule cited by its stable id is right in every edition)."""
    expect = data.get("expect") if isinstance(data.get("expect"), dict) else {}
    edition = data.get("edition") if data.get("edition") in book.editions else None
    out = set()
    for key in ("cites", "refused_by", "not_cites"):
        refs = expect.get(key) or ()
        for ref in refs if isinstance(refs, list) else [refs]:
            number = str(ref).rstrip("?")
            entry = book.resolve(number, edition) if re.fullmatch(r"\d+(?:\.\d+)*\.?", number) else None
            if entry is not None:
                out.add(entry.id)
    return out


def ruling_cites(data: dict) -> set[str]:
    """Every rule id a recorded ruling cites: in its steps and its verdict's refusals."""
    out = {c["id"] for step in data.get("steps") or () for c in step.get("cites") or () if "id" in c}
    out |= {c["id"] for r in (data.get("verdict") or {}).get("refused") or () for c in r.get("cites") or ()}
    return out
