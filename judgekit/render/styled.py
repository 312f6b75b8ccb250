"""Styled lines without loading rich where no styles are shown: judgekit's own plain format.

Importing `rich.console` costs about as much as a whole `judgekit rule`. A `Text` here records what
is built (text and styles, the calls rich's own `Text` takes), and a `Writer` prints it: to a
terminal (or wherever rich would write colour: FORCE_COLOR, TTY_COMPATIBLE, Windows) by replaying
the calls on rich's `Text` and printing with rich; elsewhere (a pipe, a file) in judgekit's plain
format: no styles, words wrapped to the console width (breaking as rich does, though the layout is
judgekit's own and not promised to be rich's byte for byte), panels framed and tables in two
columns. Text with tabs, control characters or characters that are not one cell wide, and titles
rich would read as markup, go to rich. tests/test_render_styled.py checks the format.
"""
from __future__ import annotations

import builtins
import math
import os
import re
import sys

_WORD = re.compile(r"\s*\S+\s*")
_TRAILING_SPACE = re.compile(r"\s+$")
# a character that does not take exactly one cell: outside printable ASCII, Latin, Greek to Georgian, and the few
# signs judgekit prints
_WIDER_OR_NARROWER = re.compile("[^ -~\xa0-\u02ff\u0370-\u10ff\n·–—‘’“”…€→←↑↓└├─│╭╮╰╯✓✗]")


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
    return _WIDER_OR_NARROWER.search(text) is None


def divide_line(text: str, width: int, fold: bool = True) -> list[int]:
    """Where rich breaks a line of one-cell characters to fit `width` (rich's `_wrap.divide_line`): a word
    longer than the width is folded over several lines, or with `fold` False left whole (to be cut)."""
    if len(text) <= width:  # every word fits where it starts
        return []
    breaks: list[int] = []
    offset = 0
    for match in _WORD.finditer(text):
        start, word = match.start(), match.group(0)
        length = len(word.rstrip())
        if width - offset >= length:
            offset += len(word)
        elif length > width and fold:
            pieces = [word[i:i + width] for i in range(0, len(word), width)]
            for n, piece in enumerate(pieces):
                if start:
                    breaks.append(start)
                if n == len(pieces) - 1:
                    offset = len(piece)
                else:
                    start += len(piece)
        elif length > width:
            if start:
                breaks.append(start)
            offset = len(word)
        elif offset and start:
            breaks.append(start)
            offset = len(word)
    return breaks


def wrap(text: str, width: int, ellipsis: bool = False) -> list[str]:
    """The lines rich prints for a `Text` of one-cell characters at `width` (no styles); with `ellipsis`
    (a table cell's default overflow) a word too long for a line is cut short with "…"."""
    out: list[str] = []
    for line in text.split("\n"):
        bounds = [0, *divide_line(line, width, fold=not ellipsis), len(line)]
        for start, end in zip(bounds, bounds[1:]):
            piece = line[start:end]
            if len(piece) > width:
                trailing = _TRAILING_SPACE.search(piece)
                if trailing:
                    piece = piece[:len(piece) - min(len(trailing.group(0)), len(piece) - width)]
            out.append(piece[:width - 1] + "…" if ellipsis and len(piece) > width else piece[:width])
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


class Table:
    """A borderless two-column table (rich's `Table(box=None, expand=True, show_header=False,
    padding=(0, 1))` with a left-justified title): a fixed-width label column that never wraps,
    and a column that takes the rest of the width."""

    def __init__(self, title: str, label_style: str, label_width: int):
        self.title, self.label_style, self.label_width = title, label_style, label_width
        self.rows: list[tuple[str, Text | str]] = []

    def add_row(self, label: str, cell: Text | str) -> None:
        self.rows.append((label, cell))

    def to_rich(self):
        from rich.table import Table as RichTable
        table = RichTable(title=self.title, title_justify="left", show_header=False, expand=True, box=None,
                          padding=(0, 1))
        table.add_column("area", style=self.label_style, width=self.label_width, no_wrap=True)
        table.add_column("cards")
        for label, cell in self.rows:
            table.add_row(label, cell.to_rich() if isinstance(cell, Text) else cell)
        return table

    def plain_lines(self, width: int) -> list[str] | None:
        """The lines rich prints for this table at `width` without styles, or None to leave it to rich."""
        texts = [self.title] + [part.plain if isinstance(part, Text) else part for row in self.rows for part in row]
        literal = [self.title] + [part for row in self.rows for part in row if isinstance(part, str)]
        if any("[" in t or ":" in t for t in literal) or not all(_one_cell_each(t) for t in texts) \
                or width < self.label_width + 10:
            return None
        label = self.label_width + 2
        cells = [cell.plain if isinstance(cell, Text) else cell for _, cell in self.rows]
        measured = max((max((len(line) for line in c.splitlines()), default=0) + 2 for c in cells), default=0) or 1
        widths = [label, min(measured, width)]
        if sum(widths) > width:
            widths = [label, width - label]
        elif sum(widths) < width:
            widths = [w + pad for w, pad in zip(widths, _ratio_distribute(width - sum(widths), widths))]
        lines = [line.ljust(width) for line in wrap(self.title, width)]
        for (name, _), cell in zip(self.rows, cells):
            left = [" " + line.ljust(widths[0] - 2) + " " for line in wrap(name, 10 ** 6, ellipsis=True)
                    for line in [line if len(line) <= widths[0] - 2 else line[:widths[0] - 3] + "…"]]
            right = [" " + line.ljust(widths[1] - 2) + " " for line in wrap(cell, widths[1] - 2, ellipsis=True)]
            for n in range(max(len(left), len(right))):
                lines.append((left[n] if n < len(left) else " " * widths[0])
                             + (right[n] if n < len(right) else " " * widths[1]))
        return lines


def _ratio_distribute(total: int, ratios: list[int]) -> list[int]:
    """rich's `ratio_distribute` (no minimums): `total` split in proportion to `ratios`."""
    remaining, ratio_left, out = total, sum(ratios), []
    for ratio in ratios:
        share = math.ceil(ratio * remaining / ratio_left) if ratio_left > 0 else remaining
        out.append(share)
        ratio_left -= ratio
        remaining -= share
    return out


class Panel:
    """A rounded box around text, as wide as the console (rich's `Panel` with its default padding)."""

    def __init__(self, content: Text | list[Text], border_style: str, title: str | None = None,
                 title_align: str = "center"):
        self.content, self.border_style, self.title, self.title_align = content, border_style, title, title_align

    def to_rich(self):
        from rich.panel import Panel as RichPanel
        if isinstance(self.content, list):
            from rich.console import Group
            inside = Group(*(t.to_rich() for t in self.content))
        else:
            inside = self.content.to_rich()
        extra = {"title": self.title, "title_align": self.title_align} if self.title is not None else {}
        return RichPanel(inside, border_style=self.border_style, **extra)

    def plain_lines(self, width: int) -> list[str] | None:
        texts = self.content if isinstance(self.content, list) else [self.content]
        title = self.title or ""
        if not all(_one_cell_each(t.plain) for t in texts) or "[" in title or ":" in title or width < 10 \
                or not (getattr(sys.stdout, "encoding", None) or "utf-8").lower().startswith("utf"):
            return None
        inner = width - 4
        if self.title is None:
            top = "╭" + "─" * (width - 2) + "╮"
        else:
            label = f" {title} "[:inner]
            excess = inner - len(label)
            if self.title_align == "left":
                label = label + "─" * excess
            elif self.title_align == "right":
                label = "─" * excess + label
            else:
                label = "─" * (excess // 2) + label + "─" * (excess - excess // 2)
            top = "╭─" + label + "─╮"
        body = ["│ " + line.ljust(inner) + " │" for text in texts for line in wrap(text.plain, inner)]
        return [top, *body, "╰" + "─" * (width - 2) + "╯"]


class Writer:
    """Prints `Text`, `Panel` and `Table`: plainly where rich would print plain, else through a rich console."""

    def __init__(self, make_console):
        self.make_console = make_console  # gives the rich console, made on first need
        self.console = None

    def print(self, shown: Text | Panel | Table | None = None, soft_wrap: bool = False) -> None:
        """Print as `Console.print` does; `soft_wrap` (Text only): lines as they are, neither wrapped nor cut."""
        if shown is None:
            shown = Text()
        if self.console is None and not rich_would_style():
            if isinstance(shown, Text):
                lines = None if not _one_cell_each(shown.plain) else [shown.plain] if soft_wrap \
                    else wrap(shown.plain, console_width())
            else:
                lines = shown.plain_lines(console_width())
            if lines is not None:
                sys.stdout.write("\n".join(lines) + "\n")
                sys.stdout.flush()
                return
        if self.console is None:
            self.console = self.make_console()
        self.console.print(shown.to_rich(), **({"soft_wrap": True} if soft_wrap else {}))
