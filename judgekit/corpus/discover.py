"""Which files are scenarios: the one collection rule of `judgekit check`, `coverage` and the pytest plugin.

A scenario file is a `.yaml`/`.yml` file with a top-level `scenario:` key (a decklist, a golden
NAME.ruling.json or another YAML file is not). Folders are searched recursively, skipping what pytest
skips by default: hidden folders (`.git`, `.tox`, ...), virtual environments (any folder holding
`pyvenv.cfg`), `node_modules`, `__pycache__`, `build`, `dist`, `venv`, `*.egg`, `_darcs`, `CVS` and `{arch}`.
A path named on the command line goes through the same rule.
"""
from __future__ import annotations

import fnmatch
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from judgekit.files import open_without_waiting, wide_encoding
from judgekit.plural import counted

SCENARIO_SUFFIXES = (".yaml", ".yml")
SKIPPED_FOLDERS = ("*.egg", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}", "__pycache__")
_KEY = re.compile(rb"""^(?:\xef\xbb\xbf)?["']?scenario["']?[ \t]*:""")
_KEY_ON_A_LINE = re.compile(_KEY.pattern, re.MULTILINE)  # at the start of any line, as the line-by-line scan below
_LINE_LIMIT = 1 << 16
_HEAD = 4096  # what is read first: most scenario files say `scenario:` on their first line

NOT_YAML, GOLDEN = "file(s) not YAML", "golden ruling(s) (.ruling.json)"
NOT_SCENARIO = "YAML file(s) without a top-level scenario: key"
NOT_REGULAR = "YAML name(s) that are not regular files (a named pipe, a device)"
KEY_NOT_IN_LIMIT = "YAML file(s) with no scenario: key in their first 1 MiB (a scenario file's limit)"
# each reason as a count reads it, one and many (the reasons themselves are the keys of the JSON report)
_SAID = {
    NOT_YAML: ("file not YAML", "files not YAML"),
    GOLDEN: ("golden ruling (.ruling.json)", "golden rulings (.ruling.json)"),
    NOT_SCENARIO: ("YAML file without a top-level scenario: key", "YAML files without a top-level scenario: key"),
    NOT_REGULAR: ("YAML name that is not a regular file (a named pipe, a device)",
                  "YAML names that are not regular files (a named pipe, a device)"),
    KEY_NOT_IN_LIMIT: ("YAML file with no scenario: key in its first 1 MiB (a scenario file's limit)",
                       "YAML files with no scenario: key in their first 1 MiB (a scenario file's limit)"),
}
SCAN_LIMIT = 1024 * 1024  # no scenario file is longer (judgekit.scenario.yaml_lines.MAX_BYTES): read no further


def is_scenario_file(path: str | os.PathLike) -> bool:
    """True for a `.yaml`/`.yml` file with a top-level `scenario:` key (read line by line, bounded).

    A file that cannot be read, or is not valid UTF-8, still counts: the run then reports why, rather
    than skipping a scenario without a word.
    """
    return _reason(Path(path)) is None


def _reason(path: Path) -> str | None:
    """Why `path` is not a scenario file, or None when it is."""
    return _scan(path)[0]


_TOP_KEY = re.compile(rb"""^["']?([A-Za-z_][\w-]{0,40})["']?[ \t]*:""")


def near_scenario_key(key: str) -> bool:
    """A top-level key that is likely `scenario` misspelt (`secnario`, `Scenario`, `scenarios`, `senario`)."""
    import difflib
    return key != "scenario" and difflib.SequenceMatcher(None, key.lower(), "scenario").ratio() >= 0.75


def misspelt_scenario_key(path: Path) -> str | None:
    """The top-level key of a YAML file without `scenario:` that looks like `scenario` misspelt, if any."""
    return _scan(path)[1] if path.suffix in SCENARIO_SUFFIXES else None


def misspelt_note(path: Path, key: str) -> str:
    return f"{path} was skipped: its top-level key is `{key}:`; did you mean `scenario:`?"


def _scan(path: Path) -> tuple[str | None, str | None]:
    """Why `path` is not a scenario file (None when it is), and a top-level key near `scenario` when the file has
    none. Only a regular file is read (opened without waiting, so a named pipe or device in a corpus is skipped,
    never waited on)."""
    if path.name.endswith(".ruling.json"):
        return GOLDEN, None
    if path.suffix not in SCENARIO_SUFFIXES:
        return NOT_YAML, None
    try:
        descriptor = open_without_waiting(path)
    except OSError:
        return None, None  # collected, so the run reports why it cannot be read instead of skipping it
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return NOT_REGULAR, None
        head = os.read(descriptor, _HEAD)
        if _KEY_ON_A_LINE.search(head):  # the usual case: a line of the head starts with `scenario:`
            return None, None
        if _wide_scenario(head):
            return None, None  # collected, so the run says judgekit reads UTF-8 only, instead of skipping it
        os.lseek(descriptor, 0, os.SEEK_SET)
        with open(descriptor, "rb", closefd=False) as handle:
            line_start, read, near = True, 0, None
            while read <= SCAN_LIMIT:
                line = handle.readline(_LINE_LIMIT)
                if not line:
                    return NOT_SCENARIO, near
                if line_start and _KEY.match(line):
                    return None, None
                top = _TOP_KEY.match(line) if line_start and near is None else None
                if top and near_scenario_key(top.group(1).decode("ascii")):
                    near = top.group(1).decode("ascii")
                line_start, read = line.endswith(b"\n"), read + len(line)
            return KEY_NOT_IN_LIMIT, near
    except OSError:
        return None, None
    finally:
        os.close(descriptor)


_WIDE_KEY = re.compile(r"""^["']?scenario["']?[ \t]*:""", re.MULTILINE)


def _wide_scenario(head: bytes) -> bool:
    """A scenario saved as UTF-16 or UTF-32 with its byte-order mark (Windows editors do): its `scenario:` key
    is found by decoding the start of the file in that encoding."""
    encoding = wide_encoding(head)
    if encoding is None:
        return False
    text = head.decode(encoding, errors="replace").lstrip("\ufeff")
    return bool(_WIDE_KEY.search(text))


def what_is_there(path: str | os.PathLike) -> str:
    """What stands at `path` when it is not a regular file to read, as a reader says it ("no such file",
    "a folder", "a named pipe", a symbolic link that loops...)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file (a symbolic link to a missing file)" if os.path.islink(path) else "no such file"
    except OSError as error:
        return f"cannot be reached: {error.strerror or error}"
    if stat.S_ISREG(mode):
        return "a regular file"
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"))
    return "not a regular file: " + next((name for test, name in kinds if test(mode)), "a device")


def skipped_folder(folder: Path) -> str | None:
    """Why a folder is not searched, or None when it is."""
    name = folder.name
    if name.startswith(".") and name not in (".", ".."):
        return "hidden"
    if (folder / "pyvenv.cfg").is_file():
        return "a virtual environment"
    if any(fnmatch.fnmatchcase(name, pattern) for pattern in SKIPPED_FOLDERS):
        return f"{name} (not searched, as in pytest)"
    return None


@dataclass
class Collection:
    """The scenario files under some paths, and what was skipped and why."""

    files: list[Path] = field(default_factory=list)
    skipped_files: dict[str, int] = field(default_factory=dict)   # reason -> count
    skipped_folders: list[tuple[str, str]] = field(default_factory=list)  # (folder, reason)
    orphans: list[Path] = field(default_factory=list)  # golden rulings found with no scenario file beside them
    misspelt: list[tuple[Path, str]] = field(default_factory=list)  # skipped: a top-level key near `scenario`

    def skip(self, reason: str) -> None:
        self.skipped_files[reason] = self.skipped_files.get(reason, 0) + 1

    def summary(self) -> str:
        """'skipped 146 golden rulings (.ruling.json); 1 folder (.git: hidden)', or ''."""
        parts = [counted(n, *_SAID.get(reason, (reason, reason))) for reason, n in sorted(self.skipped_files.items())]
        text = ", ".join(parts)
        if self.skipped_folders:
            shown = ", ".join(f"{Path(f).name}: {why}" for f, why in self.skipped_folders[:5])
            more = f", and {len(self.skipped_folders) - 5} more" if len(self.skipped_folders) > 5 else ""
            folders = f"{counted(len(self.skipped_folders), 'folder')} ({shown}{more})"
            text = f"{text}; {folders}" if text else folders
        named = "".join(f"; {misspelt_note(path, key)}" for path, key in self.misspelt)
        return f"skipped {text}{named}" if text else ""

    def as_dict(self) -> dict:
        return {"collected": len(self.files), "skipped_files": dict(sorted(self.skipped_files.items())),
                "skipped_folders": [{"folder": f, "reason": r} for f, r in self.skipped_folders],
                "misspelt_scenario_key": [{"file": str(f), "key": k} for f, k in self.misspelt]}


def collect(paths: Iterable[str | os.PathLike]) -> Collection:
    """Scenario files under the paths (folders searched recursively, in sorted order), each once."""
    out = Collection()
    seen: set[Path] = set()

    def consider(path: Path) -> None:
        why, near = _scan(path)
        if near is not None:
            out.misspelt.append((path, near))
        if why is not None:
            out.skip(why)
        elif path not in seen:
            seen.add(path)
            out.files.append(path)

    for path in (p if isinstance(p, Path) else Path(p) for p in paths):  # a Path given is kept, not copied
        if not path.is_dir():
            consider(path)
            continue
        found: list[tuple[tuple[str, ...], Path, str]] = []
        for folder, dirs, files in os.walk(path):
            kept = []
            here = Path(folder)
            for name in sorted(dirs):
                why = skipped_folder(here / name)
                if why is None:
                    kept.append(name)
                else:
                    out.skipped_folders.append((os.path.join(folder, name), why))
            dirs[:] = kept
            parts = here.parts
            found += [(parts + (name,), here, name) for name in files]
        found.sort()  # by the paths' parts: the order of sorting the Paths themselves, without building them all
        goldens = []
        for _, folder, name in found:
            if name.endswith(".ruling.json"):
                out.skip(GOLDEN)  # by its name alone, as _reason would
                goldens.append((folder, name))
            else:
                consider(folder / name)
        out.orphans += [folder / name for folder, name in goldens if not any(
            folder / (name[:-len(".ruling.json")] + suffix) in seen for suffix in SCENARIO_SUFFIXES)]
    return out


def discover(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The scenario files under the paths (see `collect`)."""
    return collect(paths).files
