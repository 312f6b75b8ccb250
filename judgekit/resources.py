"""Where judgekit's data lives: inside the installed package, or in the source checkout.

Folders kept at the top level of the checkout (where people edit them) are shipped inside the
package by `setup.py`, which reads `SHIPPED` below: to ship another folder, add one line here.
Lookups look inside the package's own folder first, so an installed wheel never needs the checkout;
an editable install, which has no copy inside the package, falls back to the checkout's folder.
(Plain paths rather than `importlib.resources`, whose import is a noticeable part of a cold look-up;
judgekit is always installed as files, which both read alike.)
"""
from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent

# name inside the package -> (folder in the checkout, files shipped from it)
SHIPPED: dict[str, tuple[str, tuple[str, ...]]] = {
    "rules_text": ("rules_text", ("*.yaml",)),
    "faq_corpus": ("scenarios/faq", ("**/*.yaml", "**/*.json")),
    "contested_corpus": ("scenarios/contested", ("*.yaml", "*.json")),  # disputed points (judgekit/corpus/disputes.py), the site
}

# environment variables that point a folder elsewhere (e.g. a rules team's working copy)
OVERRIDES = {"rules_text": "JUDGEKIT_RULES", "faq_corpus": "JUDGEKIT_FAQ"}


def data_file(name: str) -> Path:
    """A file of judgekit/data/ (shipped inside the package)."""
    return PACKAGE / "data" / name


CARDS_FILE = "cards-wnc.json"  # the printed cards: name, subtitle, type, cost, text, set and number


def printed_cards() -> list[dict]:
    """Every shipped card as printed (judgekit/data/cards-wnc.json), in the file's order."""
    import json
    return json.loads(data_file(CARDS_FILE).read_text(encoding="utf-8"))["cards"]


class MissingData(FileNotFoundError):
    """A data folder judgekit needs is neither installed nor in a checkout."""


def folder(name: str) -> Path:
    """The folder shipped as `name`: its override variable, the installed copy, or the checkout's."""
    variable = OVERRIDES.get(name)
    if variable and os.environ.get(variable):
        chosen = Path(os.environ[variable])
        if not chosen.is_dir():
            raise MissingData(f"{variable} names {chosen}, which is not a folder")
        return chosen
    installed = PACKAGE / name
    if installed.is_dir():
        return installed
    source, _ = SHIPPED[name]
    checkout = Path(__file__).resolve().parent.parent / source
    if checkout.is_dir():
        return checkout
    hint = f" (or set {variable} to its path)" if variable else ""
    raise MissingData(f"judgekit cannot find its {name} folder: the installation is incomplete; "
                      f"reinstall judgekit{hint}")

