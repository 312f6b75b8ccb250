"""Reading the rules_text/ YAML files without trusting them (JUDGEKIT_RULES can point anywhere): only regular
files of a bounded size are read, a YAML mistake is reported with its file and line, and anchors and aliases
(which a few lines can use to stand for billions of entries) are refused."""
from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 4 * 2**20  # a rules_text file larger than this is refused (judgekit's own are under 30 KiB)


class BadRulesFile(ValueError):
    """A rules_text file that cannot be used: its message names the file (and the line, when there is one)."""


def check_files(paths) -> None:
    """Refuse, before anything reads them, rules files that are not regular files or are too large (a named
    pipe or a device would be waited on, or read without end)."""
    for path in paths:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            continue
        except OSError as error:
            raise BadRulesFile(f"{path}: cannot be read: {error.strerror or error}") from None
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else \
                "a named pipe" if stat.S_ISFIFO(info.st_mode) else "not a regular file"
            raise BadRulesFile(f"{path}: is {kind}; a rules file must be a regular file")
        if info.st_size > MAX_BYTES:
            raise BadRulesFile(f"{path}: {info.st_size:,} bytes, more than a rules file may have "
                               f"({MAX_BYTES // 2**20} MiB)")


def parse_yaml(path: Path):
    """The plain data of one rules YAML file; BadRulesFile naming the file and line when it cannot be read."""
    import yaml  # only when the cache is cold: importing PyYAML is a noticeable part of a lookup
    from judgekit import yaml_data
    check_files([path])
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        line = path.read_bytes()[:error.start].count(b"\n") + 1
        raise BadRulesFile(f"{path}:{line}: not UTF-8 text") from None
    except OSError as error:
        raise BadRulesFile(f"{path}: cannot be read: {error.strerror or error}") from None
    try:
        data = yaml_data.load_once(text)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f":{mark.line + 1}" if mark else ""
        raise BadRulesFile(f"{path}{where}: not valid YAML: {error.problem or error.context}") from None
    except (yaml.YAMLError, RecursionError) as error:
        raise BadRulesFile(f"{path}: not valid YAML: {type(error).__name__}") from None
    if _shares_a_value(data):
        raise BadRulesFile(f"{path}:{_first_alias_line(text)}: YAML anchors and aliases are not accepted in rules files")
    return data


def _shares_a_value(data) -> bool:
    """Whether a list or mapping occurs twice (only an alias makes that): each is visited once, so an alias
    bomb is caught after reading its few distinct values."""
    seen: set[int] = set()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, (list, dict)):
            if id(value) in seen:
                return True
            seen.add(id(value))
            stack.extend(value.values() if isinstance(value, dict) else value)
    return False


def _first_alias_line(text: str) -> int:
    import yaml
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            return event.start_mark.line + 1
    return 1
