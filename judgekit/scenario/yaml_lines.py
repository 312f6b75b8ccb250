"""Read YAML keeping the line of every key and item, so errors can name file, line and field.

Input is bounded (see LIMITS): a file is read up to MAX_BYTES, nesting stops at MAX_DEPTH, and the
values a file expands to (aliases included) stop at MAX_VALUES. A breach, a scalar that cannot be
converted, bad UTF-8 or a control character is an InputError naming the line and column.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import yaml

from judgekit.echo import shown
from judgekit.files import read_at_most, wide_encoding

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover  (PyYAML without libyaml)
    _Loader = yaml.SafeLoader

_ScalarNode, _SequenceNode, _MappingNode = yaml.ScalarNode, yaml.SequenceNode, yaml.MappingNode


class _Composer(_Loader):
    """The safe loader, composing with the same tags, but resolving them with less work per node: the
    safe loader has no path resolvers, so only a plain scalar's first character picks what to try."""

    _implicit = {first: tuple(found) + tuple(_Loader.yaml_implicit_resolvers.get(None, ()))
                 for first, found in _Loader.yaml_implicit_resolvers.items() if first is not None}
    _wildcard = tuple(_Loader.yaml_implicit_resolvers.get(None, ()))
    _scalar, _sequence, _mapping = _Loader.DEFAULT_SCALAR_TAG, _Loader.DEFAULT_SEQUENCE_TAG, _Loader.DEFAULT_MAPPING_TAG

    def descend_resolver(self, current_node, current_index):
        """Nothing to track: no path resolvers."""

    def ascend_resolver(self):
        """Nothing to track: no path resolvers."""

    def resolve(self, kind, value, implicit):
        if kind is _ScalarNode:
            if implicit[0]:
                for tag, regexp in self._implicit.get(value[:1], self._wildcard):
                    if regexp.match(value):
                        return tag
            return self._scalar
        return self._sequence if kind is _SequenceNode else self._mapping


if _Loader.yaml_path_resolvers:  # pragma: no cover  (someone registered one: compose as PyYAML does)
    _Composer = _Loader

MAX_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_VALUES = 100_000
LIMITS = {"file size (bytes)": MAX_BYTES, "nesting depth": MAX_DEPTH, "values, aliases expanded": MAX_VALUES}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file."""

    file: str
    line: int | None
    field: str
    message: str
    column: int | None = None

    def render(self) -> str:
        where = self.file
        if self.line:
            where += f":{self.line}" + (f":{self.column}" if self.column else "")
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class InputError(Exception):
    """Everything found wrong with one input file, all at once."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(p.render() for p in problems))
        self.problems = problems


def position(text: str, offset: int) -> tuple[int, int]:
    """(line, column), both from 1, of a character offset into `text`."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def read_text(path: str | Path, limit: int = MAX_BYTES) -> str:
    """A UTF-8 input file, at most `limit` bytes long; raise InputError (with line and column for bad UTF-8)."""
    try:
        with open(path, "rb", buffering=0) as handle:
            data = read_at_most(handle, limit)
    except OSError as error:
        raise InputError([Problem(str(path), None, "", f"cannot read the file: {error.strerror or error}")]) from None
    return decode_input(data, str(path), limit)


def decode_input(data: bytes, name: str, limit: int = MAX_BYTES) -> str:
    """Input read as at most `limit` + 1 bytes, as text; InputError when it is longer or not UTF-8."""
    if len(data) > limit:
        line = data[:limit].count(b"\n") + 1  # where reading stopped
        raise InputError([Problem(name, line, "", f"the file is larger than {limit // 1024} KiB, the limit "
                                                  "for an input file; reading stopped on this line")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        encoding = wide_encoding(data[:4])
        if encoding is not None:
            raise InputError([Problem(name, 1, "", f"the file is saved as {encoding.upper()[:6]} (it starts with its "
                                                   "byte-order mark); judgekit reads UTF-8 only: save the file as "
                                                   "UTF-8", 1)]) from None
        before = data[:error.start]
        line = before.count(b"\n") + 1
        column = len(before[before.rfind(b"\n") + 1:].decode("utf-8", errors="replace")) + 1
        raise InputError([Problem(name, line, "", f"not valid UTF-8 (byte 0x{data[error.start]:02x}); save the "
                                                  "file as UTF-8", column)]) from None


class LinedDocument:
    """The data of a YAML file, and the line of each key and item (worked out only when asked)."""

    def __init__(self, data: object, lines: dict[tuple, int] | None = None, *, root: yaml.Node | None = None):
        self.data = data
        self._root = root
        if lines is not None:
            self.lines = lines

    @cached_property
    def lines(self) -> dict[tuple, int]:
        lines: dict[tuple, int] = {}
        if self._root is not None:
            _mark_lines(self._root, (), lines)
        self._root = None
        return lines

    def line_of(self, path: tuple) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        lines = self.lines
        while path:
            if path in lines:
                return lines[path]
            path = path[:-1]
        return lines.get((), 1)


def _mark_lines(node, path: tuple, lines: dict) -> None:
    """Every path's line; a key's line for a key (a value may start on the next line)."""
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = _key(key_node)
            _mark_lines(value_node, path + (key,), lines)
            lines[path + (key,)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _mark_lines(item, path + (i,), lines)


class _Bad(Exception):
    """A problem that stops reading (the file is too deep, too big or loops)."""


_STR, _INT, _FLOAT, _BOOL, _NULL = (f"tag:yaml.org,2002:{k}" for k in ("str", "int", "float", "bool", "null"))
_BOOLS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
_SPECIAL_FLOATS = {".inf": math.inf, "+.inf": math.inf, "-.inf": -math.inf, ".nan": math.nan}
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?")


class _Reader:
    """Converts composed nodes to plain data, collecting problems with their place in the file."""

    def __init__(self, filename: str):
        self.filename = filename
        self.problems: list[Problem] = []
        self.values = 0
        self.seen: set[int] = set()

    def problem(self, node, path: tuple, message: str, column: bool = True, mark=None) -> None:
        mark = mark or node.start_mark
        self.problems.append(Problem(self.filename, mark.line + 1, ".".join(map(str, path)), message,
                                     mark.column + 1 if column else None))

    def convert(self, node, path: tuple, ancestors: tuple, written, alias: tuple | None = None):
        """`written`: the mark where this value is written (for an alias, its key); `alias`: the
        (path, mark) of the outermost alias being expanded, where a breach is reported."""
        self.values += 1
        if self.values > MAX_VALUES:
            where, mark = alias or (path, written)
            why = " through its aliases (*name)" if alias else ""
            self.problem(node, where, f"the file expands to more than {MAX_VALUES:,} values{why}; that is the limit",
                         mark=mark)
            raise _Bad
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node, path)
        identity = id(node)
        if identity in ancestors:
            self.problem(node, path, "this alias refers to the list or mapping that contains it, an endless loop",
                         mark=written)
            raise _Bad
        if identity in self.seen and alias is None:
            alias = (path, written)
        self.seen.add(identity)
        if len(ancestors) >= MAX_DEPTH:
            self.problem(node, path, f"nested more than {MAX_DEPTH} levels deep; that is the limit")
            raise _Bad
        ancestors = ancestors + (identity,)
        if isinstance(node, yaml.SequenceNode):
            here = node.start_mark
            return [self.convert(item, path + (i,), ancestors, here if id(item) in self.seen else item.start_mark,
                                 alias) for i, item in enumerate(node.value)]
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node, path, "a key is a word or text, not a list or mapping")
                continue
            key = self.scalar(key_node, path)
            if key in out:
                self.problem(key_node, path + (key,), f"key {shown(key)} is given twice", column=False)
            out[key] = self.convert(value_node, path + (key,), ancestors, key_node.start_mark, alias)
        return out

    def scalar(self, node, path: tuple):
        """The Python value of a scalar, as YAML 1.1's core tags resolve it; text where YAML 1.2 reads text."""
        tag, value = node.tag, node.value
        if tag == _STR:
            return value
        if tag == _INT:
            digits = value.replace("_", "")
            try:
                return _integer(digits)
            except ValueError as error:
                if "limit" in str(error):
                    self.problem(node, path, f"a number of {len(digits)} digits is longer than judgekit reads")
                    return None
                if _SEXAGESIMAL.fullmatch(value) or not _explicit(node):
                    return value  # 1:30 or 0x_: YAML 1.2 reads these as text, and so does judgekit
                self.problem(node, path, f"{shown(value)} is tagged !!int but is not a whole number")
                return None
        if tag == _FLOAT:
            lowered = value.lower()
            if lowered in _SPECIAL_FLOATS:
                return _SPECIAL_FLOATS[lowered]
            try:
                return float(value.replace("_", ""))
            except ValueError:
                if not _explicit(node):
                    return value
                self.problem(node, path, f"{shown(value)} is tagged !!float but is not a number")
                return None
        if tag == _BOOL:
            flag = _BOOLS.get(value.lower())
            if flag is None:
                self.problem(node, path, f"{shown(value)} is tagged !!bool but is not true or false")
            return flag
        if tag == _NULL:
            return None
        return value


class _Plain(_Reader):
    """The common case read quickly: text keys written once, no aliases past the limits, scalars that convert.

    Anything else raises _Bad for `_Reader` to read again, tracking paths and aliases to name each problem's
    place; what both read, they read alike (the same `scalar`)."""

    def convert(self, node, depth: int):
        self.values += 1
        if self.values > MAX_VALUES or depth >= MAX_DEPTH:
            raise _Bad
        kind = node.__class__
        if kind is _ScalarNode:
            if node.tag == _STR:
                return node.value
            value = self.scalar(node, ())
            if self.problems:
                raise _Bad
            return value
        depth += 1
        if kind is _SequenceNode:
            return [self.convert(item, depth) for item in node.value]
        out: dict = {}
        for key_node, value_node in node.value:
            if key_node.__class__ is not _ScalarNode or key_node.tag != _STR or key_node.value in out:
                raise _Bad
            out[key_node.value] = self.convert(value_node, depth)
        return out


def _explicit(node) -> bool:
    """Whether the scalar's tag was written (`!!int abc`) rather than read from its look."""
    return node.style not in (None, "") or _Loader.resolve(_Loader, yaml.ScalarNode, node.value, (True, False)) != node.tag


def _integer(digits: str) -> int:
    """`0x1f`, `0b101` by their prefix; otherwise decimal (`017` is 17, as judgekit has always read it)."""
    try:
        return int(digits, 0)
    except ValueError as error:
        if "limit" in str(error):
            raise
        return int(digits, 10)


def _key(node) -> object:
    return node.value if node.tag == _STR or not isinstance(node, yaml.ScalarNode) else _Reader("").scalar(node, ())


def _too_deep(text: str, filename: str) -> Problem:
    """The nesting limit's problem at the first list or mapping past MAX_DEPTH, as the reader reports it
    (found from the parser's events, which do not recurse, for nesting the composer cannot build)."""
    depth, where = 0, None
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    where = event.start_mark
                    break
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        pass  # malformed past the limit: the limit is still the problem, without a line
    return Problem(filename, where.line + 1 if where else None, "",
                   f"nested more than {MAX_DEPTH} levels deep; that is the limit", where.column + 1 if where else None)


def _hint(message: str) -> str:
    """What usually causes a YAML error people meet, for the message: a value holding ": " (a card's name with
    its subtitle, a title) must be quoted."""
    if "mapping values are not allowed" in message:
        return ' (a value holding ": ", such as a card name with its subtitle, must be in quotes: "V: Streetkid")'
    return ""


def load_lined(text: str, filename: str) -> LinedDocument:
    """Parse YAML text; raise InputError naming the line for malformed YAML, repeated keys or a breached limit."""
    if len(text) > MAX_BYTES:
        raise InputError([Problem(filename, None, "", f"the file is larger than {MAX_BYTES // 1024} KiB, the limit "
                                                      "for an input file")])
    try:
        node = yaml.compose(text, Loader=_Composer)
    except yaml.reader.ReaderError as error:
        line, column = position(text, error.position)
        character = f"U+{error.character:04X}" if isinstance(error.character, int) else shown(error.character)
        raise InputError([Problem(filename, line, "", f"the character {character} is not allowed in YAML "
                                                      "(a control character?)", column)]) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else None
        message = getattr(error, "problem", None) or str(error)
        if "nesting depth" in str(message):  # libyaml's own limit, far above ours
            raise InputError([_too_deep(text, filename)]) from None
        raise InputError([Problem(filename, line, "", f"not valid YAML: {message}{_hint(message)}",
                                  mark.column + 1 if mark else None)]) from None
    except RecursionError:  # the pure-Python composer on very deep nesting
        raise InputError([_too_deep(text, filename)]) from None
    if node is None:
        raise InputError([Problem(filename, 1, "", "the file is empty")])
    try:
        return LinedDocument(_Plain(filename).convert(node, 0), root=node)
    except _Bad:
        pass  # something the plain reading does not cover: read again, with every problem's place
    reader = _Reader(filename)
    try:
        data = reader.convert(node, (), (), node.start_mark)
    except _Bad:
        data = None
    if reader.problems:
        raise InputError(reader.problems)
    return LinedDocument(data, root=node)
