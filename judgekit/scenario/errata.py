"""The shipped errata (judgekit/data/errata.yaml): loaded, checked, and applied to the pool's cards."""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from judgekit import yaml_data
from judgekit.engine.errata import Erratum
from judgekit.engine.card_definition import CardDef
from judgekit.resources import data_file

CORRECTABLE_FACTS = ("sell_tag", "cost", "power", "tags", "keywords")


@lru_cache(maxsize=1)
def _data() -> dict:
    text = data_file("errata.yaml").read_text(encoding="utf-8")
    return yaml_data.load(text)


@lru_cache(maxsize=1)
def all_errata() -> tuple[Erratum, ...]:
    """Every listed erratum, in file order."""
    listed = str(_data()["listed_as_of"])
    return tuple(Erratum(id=e["id"], card=e["card"], summary=" ".join(e["summary"].split()), listed=listed,
                         gameplay=e.get("gameplay", True), decides=tuple(e.get("decides", ())),
                         printing=e.get("printing")) for e in _data()["errata"])


def errata_of(full_name: str) -> tuple[Erratum, ...]:
    """The errata listed for a card (every printing)."""
    return tuple(e for e in all_errata() if e.card == full_name)


def corrected_facts(erratum_id: str) -> dict:
    """The facts an erratum corrects for its printing (only facts in CORRECTABLE_FACTS)."""
    entry = next(e for e in _data()["errata"] if e["id"] == erratum_id)
    facts = entry.get("facts") or {}
    unknown = set(facts) - set(CORRECTABLE_FACTS)
    if unknown:
        raise ValueError(f"errata.yaml: {erratum_id} corrects unknown facts {sorted(unknown)}")
    return {k: tuple(v) if isinstance(v, list) else v for k, v in facts.items()}


def with_errata(card: CardDef) -> CardDef:
    """The card's usual printing with the errata that apply to every printing."""
    general = tuple(e for e in errata_of(card.full_name) if e.printing is None and e.gameplay)
    return replace(card, errata=general) if general else card


def printings(card: CardDef) -> dict[str, CardDef]:
    """The printings an erratum singles out, each with its corrected facts and that erratum attached."""
    out = {}
    for e in errata_of(card.full_name):
        if e.printing is not None:
            out[e.printing] = replace(card, errata=card.errata + ((e,) if e.gameplay else ()),
                                      **corrected_facts(e.id))
    return out


def citation(cite_id: str) -> dict | None:
    """How the output shows an `erratum:ID` citation; None when no such erratum is listed."""
    from judgekit.engine.errata import CITE_PREFIX
    erratum = next((e for e in all_errata() if CITE_PREFIX + e.id == cite_id), None)
    if erratum is None:
        return None
    printing = f", {erratum.printing} printing" if erratum.printing else ""
    return {"id": cite_id, "number": "Erratum", "confirmed": True,
            "title": f"{erratum.card}{printing} (listed as of {erratum.listed})"}
