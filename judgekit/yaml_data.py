"""Reading YAML data that needs no line numbers (judgekit's own data files, recorded corpora, question tables):
PyYAML's safe loader, through libyaml where PyYAML was built with it. A user's scenario, whose errors must name
a line, is read by `scenario.yaml_lines` instead."""
from __future__ import annotations

import copy
import io
from pathlib import Path

import yaml

YAMLError = yaml.YAMLError
SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
KEPT = 4096  # distinct texts whose data `load_once` keeps (the oldest goes first); a test process reads ~1,500

_parsed: dict[str, object] = {}  # text -> its data as parsed, never handed out itself
_read_once: set[int] = set()  # the hash of each text read once so far (a shared hash only means keeping one early)


def load(text):
    """The data of a YAML text or open text stream (plain values only: the safe loader's tags)."""
    return yaml.load(text, Loader=SafeLoader)


def load_once(text: str, name: str | None = None):
    """`load(text)`, parsed twice per process for each distinct text (again once it is no longer among the `KEPT`
    texts, or when it is nested too deep to copy): the same data files and corpora are
    read again by several commands, searches and index builds. A text's data is kept from its second reading on
    (a command reading a file once pays nothing more), and each of those readings gets its own copy (values shared
    within the data, which only YAML aliases make, stay shared), so a caller changing it changes nothing for the
    next. An error's marks name the file `name`, as reading the open file would, else "<unicode string>"."""
    if text in _parsed:
        return _copy(text)
    source: str | io.StringIO = text
    if name is not None:
        source = io.StringIO(text)
        source.name = name
    data = load(source)
    if hash(text) not in _read_once:
        if len(_read_once) >= 16 * KEPT:
            _read_once.clear()
        _read_once.add(hash(text))
        return data
    if len(_parsed) >= KEPT:
        del _parsed[next(iter(_parsed))]
    _parsed[text] = data
    return _copy(text)


def _copy(text: str):
    try:
        return copy.deepcopy(_parsed[text])
    except RecursionError:  # nested deeper than copying reaches (libyaml reads 1,000 levels): parse a copy
        return load(text)


def load_file(path: Path):
    """The data of a UTF-8 YAML file, by `load_once` of its current text (an error names the file)."""
    return load_once(Path(path).read_text(encoding="utf-8"), str(path))


def dump(data, width: int | None = None) -> str:
    """YAML for plain data, keys in their order, non-ASCII written as is (libyaml escapes characters beyond U+FFFF,
    such as emoji), long lines folded near `width` (PyYAML's 80 when None)."""
    return yaml.dump(data, Dumper=SafeDumper, allow_unicode=True, sort_keys=False, width=width)
