"""A quick reading of plain block YAML, the style most scenario files are written in (and `yaml.safe_dump` writes).

Only a narrow, unambiguous part of YAML is read here: block mappings and sequences, one `key: value` or
`- item` a line, plain and single-quoted scalars on one line, `[]` and `{}`, blank and whole-line comment
lines. Scalars resolve and convert with the very code the full reader uses (judgekit.scenario.yaml_lines),
so what is read is what the full reader gives. Anything else (a flow collection, a double-quoted or
multi-line scalar, an anchor, a tag, a repeated key, a key that is not text, a tab, a character YAML
does not allow, a breached limit) gives None, and the file is read by the full reader, which names
each problem's file, line, field and column.
"""
from __future__ import annotations

import re

_INDICATORS = frozenset("-?:,[]{}#&*!|>'\"%@`")
# Characters YAML reads as text in a line, as the full reader's scanner allows them: printable, no line
# breaks other than "\n" (YAML 1.1 also breaks lines at U+0085, U+2028 and U+2029), no tab, no byte-order mark.
# Of ASCII, control characters other than "\n"; beyond it, C1 controls, U+2028/9, surrogates, the BOM and
# U+FFFE/F. Compiling a class with wide ranges costs milliseconds, so the wide one waits for non-ASCII text.
_UNUSUAL_ASCII = re.compile("[\x00-\x09\x0b-\x1f\x7f]")
_UNUSUAL_WIDE = "[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]"
# One line: its indentation, a sequence entry's `- `, a plain key (text that starts with no indicator, ends
# with no space) followed by `:` and a space or the line's end, and the rest without trailing spaces. Only
# " " is a space here, as in YAML (U+00A0, U+3000 and the like are text); every line of a text matches.
_LINE = re.compile(r"^( *)(- +|-$)?(?:([^ \n\-?:,\[\]{}#&*!|>'\"%@`](?:[^\n:]*[^ \n:])?):(?: +|$))?"
                   r"([^ \n](?:[^\n]*[^ \n])?)? *$", re.M)
_COMMENT = re.compile(r"^ *#.*$", re.M)
MAX_NESTING = 32  # deeper files go to the full reader, which applies judgekit's own limit


class NotPlain(Exception):
    """This file is for the full reader."""


def read_block(text: str, scalar, max_lines: int, implicit) -> object | None:
    """The data of `text` when it is plain block YAML, else None. `scalar(text)` converts a plain scalar as the
    full reader does (raising NotPlain for one the full reader must report); `implicit`: the first characters
    of the plain scalars that may be other than text. More than `max_lines` lines go to the full reader."""
    if _UNUSUAL_ASCII.search(text) if text.isascii() else re.search(_UNUSUAL_WIDE, text):
        return None
    if "#" in text:
        text = _COMMENT.sub("", text)  # whole-line comments; any other `#` is for the full reader
        if "#" in text:
            return None
    found = _LINE.findall(text)
    if len(found) != text.count("\n") + 1:
        return None  # a line the pattern did not take would be lost: the full reader reads the file
    lines = [(len(indent), dash, key, rest) for indent, dash, key, rest in found if dash or key or rest]
    if not lines or lines[0][0] != 0 or len(lines) > max_lines:
        return None
    try:
        data, end = _Block(lines, scalar, implicit).block(0, 0, 0)
    except (NotPlain, RecursionError):
        return None
    return data if end == len(lines) else None


class _Block:
    def __init__(self, lines: list[tuple[int, str, str, str]], scalar, implicit):
        self.lines, self.scalar, self.implicit = lines, scalar, implicit

    def block(self, i: int, indent: int, depth: int):
        """The mapping or sequence whose lines start at line `i`, indented `indent`; (value, next line)."""
        if depth > MAX_NESTING:
            raise NotPlain
        if self.lines[i][1]:
            return self.sequence(i, indent, depth)
        return self.mapping(i, indent, depth)

    def sequence(self, i: int, indent: int, depth: int):
        out, lines = [], self.lines
        while i < len(lines):
            at, dash, key, rest = lines[i]
            if at != indent or not dash:
                break  # the end, or the next key of the mapping this sequence is indented with (the caller checks)
            if key:
                value, i = self.mapping(i, indent + len(dash), depth + 1, first=(key, rest))
            elif not rest:
                value, i = self.nested(i + 1, indent, depth, same_indent_sequence=False)
            else:
                value, i = self.value(rest), i + 1
            out.append(value)
        if i < len(lines) and lines[i][0] > indent:
            raise NotPlain
        return out, i

    def mapping(self, i: int, indent: int, depth: int, first: tuple[str, str] | None = None):
        """A mapping whose first key is on line `i` (after its `- ` when `first` gives that key and its rest)."""
        lines, out, implicit = self.lines, {}, self.implicit
        at, dash, key, rest = (indent, "", *first) if first else lines[i]
        while True:
            if not key or dash:
                raise NotPlain
            if key[0] in implicit and self.scalar(key) != key:
                raise NotPlain  # a key that is not text (`yes:`, `1:`): the full reader decides
            if key in out:
                raise NotPlain
            if rest:
                out[key], i = self.value(rest), i + 1
            else:
                out[key], i = self.nested(i + 1, indent, depth, same_indent_sequence=True)
            if i >= len(lines):
                break
            at, dash, key, rest = lines[i]
            if at != indent:
                break
        if i < len(lines) and lines[i][0] > indent:
            raise NotPlain
        return out, i

    def nested(self, i: int, indent: int, depth: int, same_indent_sequence: bool):
        """The value on the lines after a `key:` or `-` alone: a deeper block, a sequence at the key's own
        indentation (`same_indent_sequence`), or null."""
        lines = self.lines
        if i < len(lines):
            deeper, dash = lines[i][0], lines[i][1]
            if deeper > indent:
                return self.block(i, deeper, depth + 1)
            if same_indent_sequence and deeper == indent and dash:
                return self.sequence(i, indent, depth + 1)
        return None, i

    def value(self, text: str):
        first = text[0]
        if first not in _INDICATORS:
            if ": " in text or text[-1] == ":":
                raise NotPlain
            return self.scalar(text) if first in self.implicit else text
        if first == "'":
            inner = text[1:-1]
            if len(text) < 2 or text[-1] != "'" or "'" in inner.replace("''", ""):
                raise NotPlain
            return inner.replace("''", "'")
        if text == "[]":
            return []
        if text == "{}":
            return {}
        if first == "-" and len(text) > 1 and text[1] != " " and ": " not in text and text[-1] != ":":
            return self.scalar(text)
        raise NotPlain
