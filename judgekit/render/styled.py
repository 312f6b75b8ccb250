"""Styled lines without loading rich when rich would print them plain: the same bytes, less start-up.

Importing `rich.console` costs about as much as a whole `judgekit rule`. A `Text` here records what
is built (text and styles, the calls rich's own `Text` takes), and a `Writer` prints it: to a
terminal (or wherever rich would write colour: FORCE_COLOR, TTY_COMPATIBLE, Windows) by replaying
the calls on rich's `Text` and printing with rich; elsewhere (a pipe, a file) as rich prints a
`Text` there: no styles, wrapped to the console width the way rich wraps it (rich 13-15's
`divide_line`). Text with tabs, control characters or characters that are not one cell wide goes
to rich too. tests/test_render_styled.py checks the bytes against rich's.
"""
from __future__ import annotations

import builtins
import os
import re
import sys

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")


class Text:
    """A line (or lines) of text with styles, built like `rich.text.Text`."""

    def __init__(self, text: str = "", style: str = ""):
        self.plain = text
        self.calls: list[tuple] = [("new", text, style)]

    def append(self, text: str, style: str = "") -> Text:
        self.plain += text
        self.calls.append(("append", text, style))
        return self

    def append_text(self, other: Text) -> Text:
        self.plain += other.plain
        self.calls.append(("append_text", other))
        return self

    def highlight_regex(self, pattern: str, style: str) -> None:
        self.calls.append(("highlight_regex", pattern, style))

    def join(self, lines) -> Text:
        lines = list(lines)
        out = Text(self.plain.join(line.plain for line in lines))
        out.calls = [("join", self, lines)]
        return out

    def to_rich(self):
        """The same text as rich's `Text`, built by the same calls."""
        from rich.text import Text as RichText
        text = None
        for call in self.calls:
            if call[0] == "new":
                text = RichText(call[1], style=call[2])
            elif call[0] == "join":
                text = call[1].to_rich().join(line.to_rich() for line in call[2])
            elif call[0] == "append":
                text.append(call[1], style=call[2])
            elif call[0] == "append_text":
                text.append_text(call[1].to_rich())
            else:
                text.highlight_regex(call[1], call[2])
        return text


def _one_cell_each(text: str) -> bool:
    """Every character takes one cell, as rich measures it (so width is len)."""
    return all(" " <= c < "\x7f" or ("\xa0" <= c < "\u0300") or ("\u0370" <= c < "\u1100")
               or c in "\n·–—‘’“”…€→←↑↓└├─│╭╮╰╯✓✗" for c in text)


def divide_line(text: str, width: int) -> list[int]:
    """Where rich breaks a line of one-cell characters to fit `width` (rich's `_wrap.divide_line`, fold)."""
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width:
            pieces = [word[i:i + width] for i in range(0, len(word), width)]
            for n, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if n == len(pieces) - 1:
                    offset = len(piece)
                else:
                    start += len(piece)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    return breaks


def wrap(text: str, width: int) -> list[str]:
    """The lines rich prints for a `Text` of one-cell characters at `width` (no styles)."""
    out: list[str] = []
    for line in text.split("\n"):
        bounds = [0, *divide_line(line, width), len(line)]
        for start, end in zip(bounds, bounds[1:]):
            piece = line[start:end]
            if len(piece) > width:
                trailing = _TRAILING_SPACE.search(piece)
                if trailing:
                    piece = piece[:len(piece) - min(len(trailing.group(0)), len(piece) - width)]
            out.append(piece[:width])
    return out


def rich_would_style() -> bool:
    """Whether rich would write escape codes (or needs its own terminal handling) for standard output."""
    if os.name == "nt" or "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ \
            or hasattr(builtins, "get_ipython") or type(sys.stdin).__module__.startswith("idlelib"):
        return True
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return True


def console_width() -> int:
    """The width rich gives a console that is not a terminal: $COLUMNS, else any terminal attached, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return int(columns)
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):
            continue
    return 80


class Writer:
    """Prints `Text`: plainly where rich would print plain, else through a rich console."""

    def __init__(self, make_console):
        self.make_console = make_console  # gives the rich console, made on first need
        self.console = None

    def print(self, text: Text | None = None) -> None:
        if text is None:
            text = Text()
        if self.console is None and not rich_would_style() and _one_cell_each(text.plain):
            sys.stdout.write("\n".join(wrap(text.plain, console_width())) + "\n")
            sys.stdout.flush()
            return
        if self.console is None:
            self.console = self.make_console()
        self.console.print(text.to_rich())
