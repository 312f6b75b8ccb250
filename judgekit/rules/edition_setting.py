"""The default edition a user or a project chose, and where that choice was found.

Precedence, highest first: `--edition` on the command line; the scenario file's own `edition:`;
the `JUDGEKIT_EDITION` environment variable (per user or per shell); `edition` under
`[tool.judgekit]` in the nearest `pyproject.toml` that has that table, searched from the working
folder upward (as pytest and ruff find theirs); judgekit's own default (rules_text/editions.yaml).
The first two are applied where rulings are made; this module gives the other two.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

VARIABLE = "JUDGEKIT_EDITION"
TABLE = "[tool.judgekit]"


class EditionSettingError(ValueError):
    """A setting names an edition judgekit does not have, or a pyproject.toml cannot be read."""


def configured(start: Path | None = None) -> tuple[str, str] | None:
    """(edition, where it was set) from JUDGEKIT_EDITION or the nearest pyproject.toml; None when neither sets one."""
    value = os.environ.get(VARIABLE, "").strip()
    if value:
        return value, f"the environment variable {VARIABLE}"
    return _from_pyproject(str((start or Path.cwd()).resolve()))


@lru_cache(maxsize=8)
def _from_pyproject(start: str) -> tuple[str, str] | None:
    for folder in (Path(start), *Path(start).parents):
        path = folder / "pyproject.toml"
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if TABLE not in text:  # most projects say nothing about judgekit: no TOML parsing for them
            continue
        import tomllib
        try:
            table = tomllib.loads(text).get("tool", {}).get("judgekit", {})
        except tomllib.TOMLDecodeError as error:
            raise EditionSettingError(f"{path}: cannot read it as TOML ({error})") from None
        if "edition" not in table:
            continue
        edition = table["edition"]
        if not isinstance(edition, str) or not edition.strip():
            raise EditionSettingError(f"{path}: [tool.judgekit] edition must be an edition's name in quotes, "
                                      f"e.g. edition = \"2026-08\"")
        return edition.strip(), f"{path} ([tool.judgekit] edition)"
    return None


def default_edition(known: dict, builtin: str) -> str:
    """The default edition to use: the configured one if any (it must be known), else judgekit's own."""
    setting = configured()
    if setting is None:
        return builtin
    edition, where = setting
    if edition not in known:
        from judgekit.echo import shown
        raise EditionSettingError(f"{where} names the edition {shown(edition)}, which judgekit does not know; "
                                  f"known editions: {', '.join(sorted(known))}")
    return edition
