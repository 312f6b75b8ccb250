"""Read YAML keeping the line of every key and item, so errors can name file, line and field."""
from __future__ import annotations

from dataclasses import dataclass, field

import yaml

try:
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file."""

    file: str
    line: int | None
    field: str
    message: str

    def render(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class InputError(Exception):
    """Everything found wrong with one input file, all at once."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(p.render() for p in problems))
        self.problems = problems


@dataclass
class LinedDocument:
    data: object
    lines: dict[tuple, int] = field(default_factory=dict)

    def line_of(self, path: tuple) -> int | None:
        """The line of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)


_BOOLS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}


def _scalar(node: yaml.ScalarNode):
    """The Python value of a plain scalar, as YAML 1.1's core tags resolve it."""
    kind = node.tag.rsplit(":", 1)[-1]
    if kind == "int":
        digits = node.value.replace("_", "")
        try:
            return int(digits, 0)
        except ValueError:
            return int(digits, 10)
    if kind == "float":
        return float(node.value.replace("_", ""))
    if kind == "bool":
        return _BOOLS[node.value.lower()]
    if kind == "null":
        return None
    return node.value


def _convert(node, path: tuple, lines: dict, problems: list[str]):
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            if key in out:
                problems.append((path + (key,), key_node.start_mark.line + 1, f"key {key!r} is given twice"))
            lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _convert(value_node, path + (key,), lines, problems)
            lines[path + (key,)] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, path + (i,), lines, problems) for i, item in enumerate(node.value)]
    return _scalar(node)


def load_lined(text: str, filename: str) -> LinedDocument:
    """Parse YAML text; raise InputError naming the line for malformed YAML or repeated keys."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark else None
        message = getattr(error, "problem", None) or str(error)
        raise InputError([Problem(filename, line, "", f"not valid YAML: {message}")]) from None
    if node is None:
        raise InputError([Problem(filename, 1, "", "the file is empty")])
    lines: dict[tuple, int] = {}
    problems: list = []
    data = _convert(node, (), lines, problems)
    if problems:
        raise InputError([Problem(filename, line, ".".join(map(str, p)), msg) for p, line, msg in problems])
    return LinedDocument(data, lines)
