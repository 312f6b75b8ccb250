"""The default edition a user or a project chose, and where that choice was found: one decision for every command.

Precedence, highest first: `--edition` on the command line; the scenario file's own `edition:`;
`edition` under `[tool.judgekit]` in the nearest `pyproject.toml` that has that table, searched upward from
the file or folder in question (a command without paths: the working folder), as pytest and ruff find theirs;
the `JUDGEKIT_EDITION` environment variable (a user's or a shell's default, for files in no such project);
judgekit's own default (rules_text/editions.yaml). The first two are applied where rulings are made; this
module gives the others. A project's pin beats the environment, so a project's files read the same on every
machine; a file outside any project keeps the environment's edition, as before.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

VARIABLE = "JUDGEKIT_EDITION"
TABLE = "[tool.judgekit]"


class EditionSettingError(ValueError):
    """A setting names an edition judgekit does not have, or a pyproject.toml cannot be read."""


def start_of(place: str | Path | None) -> str:
    """Where the search for a project starts, as text: a folder itself, a file's folder; the working folder for a
    command without paths or for text that is no file (`<stdin>`, `<ask>`)."""
    if place is None or str(place).startswith("<") or str(place) == "-":
        return _resolved(os.getcwd())
    path = os.path.abspath(place)  # as written, not through symlinks: one stat per file in a corpus of thousands
    return path if os.path.isdir(path) else os.path.dirname(path)


@lru_cache(maxsize=64)
def _resolved(folder: str) -> str:
    """The working folder resolved, once per folder (every rulebook lookup asks for it: thousands in a check)."""
    return str(Path(folder).resolve())


def configured(place: str | Path | None = None) -> tuple[str, str] | None:
    """(edition, where it was set): the project's pin found upward from `place`, else JUDGEKIT_EDITION; None when
    neither sets one."""
    pinned = _from_pyproject(start_of(place))
    if pinned is not None:
        return pinned
    value = os.environ.get(VARIABLE, "").strip()
    return (value, f"the environment variable {VARIABLE}") if value else None


@lru_cache(maxsize=1024)
def _from_pyproject(start: str) -> tuple[str, str] | None:
    """The pin of the nearest pyproject.toml with one, from `start` upward (each folder read once per process)."""
    folder = Path(start)
    pinned = _pin_in(folder / "pyproject.toml")
    if pinned is not None or folder.parent == folder:
        return pinned
    return _from_pyproject(str(folder.parent))


def _pin_in(path: Path) -> tuple[str, str] | None:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if TABLE not in text:  # most projects say nothing about judgekit: no TOML parsing for them
        return None
    import tomllib
    try:
        table = tomllib.loads(text).get("tool", {}).get("judgekit", {})
    except tomllib.TOMLDecodeError as error:
        raise EditionSettingError(f"{path}: cannot read it as TOML ({error})") from None
    if "edition" not in table:
        return None
    edition = table["edition"]
    if not isinstance(edition, str) or not edition.strip():
        raise EditionSettingError(f"{path}: [tool.judgekit] edition must be an edition's name in quotes, "
                                  f"e.g. edition = \"2026-08\"")
    return edition.strip(), f"{path} ([tool.judgekit] edition)"


def default_edition(known: dict, builtin: str, place: str | Path | None = None) -> str:
    """The default edition for a file or folder (`place`; None: the working folder): the configured one if any
    (it must be known), else judgekit's own."""
    setting = configured(place)
    if setting is None:
        return builtin
    edition, where = setting
    if edition not in known:
        from judgekit.echo import shown
        raise EditionSettingError(f"{where} names the edition {shown(edition)}, which judgekit does not know; "
                                  f"known editions: {', '.join(sorted(known))}")
    return edition
