"""judgekit/render/styled.py prints what rich prints: the same bytes, without loading rich where rich would
print plain text (a pipe, a file), and through rich itself on a terminal."""
from __future__ import annotations

import contextlib
import io

import pytest

from judgekit.cli.common import make_console
from judgekit.render import rule as render
from judgekit.render import styled
from judgekit.render.styled import Text, Writer
from judgekit.rules.diff import diff
from judgekit.rules.search import Index

WIDTHS = ["80", "37", "120"]
QUERIES = ["blocker", "lag", "equip gear", "call a legend", "\"street cred\"", "steal gig", "zzqxj", "x" * 200]


def printed(draw, through_rich: bool, monkeypatch, plain_only: bool = True) -> str:
    """What `draw(writer)` prints on a standard output that is not a terminal, with or without rich."""
    monkeypatch.setattr(styled, "rich_would_style", lambda: through_rich)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        writer = Writer(make_console)
        draw(writer)
    if through_rich or plain_only:
        assert (writer.console is not None) == through_rich
    return out.getvalue()


def same_as_rich(draw, monkeypatch) -> None:
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", width)
        assert printed(draw, False, monkeypatch) == printed(draw, True, monkeypatch), width


def test_every_rule_prints_as_rich_prints_it(book, monkeypatch):
    def draw(writer):
        for entry in book.entries.values():
            render.render_rule(book, entry, book.default_edition, writer)
    same_as_rich(draw, monkeypatch)


def test_search_hits_print_as_rich_prints_them(book, monkeypatch):
    index = Index(book)

    def draw(writer):
        for query in QUERIES:
            render.render_hits(book, index.search(query, 10), book.default_edition, writer)
    same_as_rich(draw, monkeypatch)


def test_an_edition_diff_prints_as_rich_prints_it(book, monkeypatch):
    changes = diff(book, "2026-08", "user", {})
    assert changes
    same_as_rich(lambda writer: render.render_diff(changes, "2026-08", "user", writer), monkeypatch)


@pytest.mark.parametrize("text", ["", "one", "a" * 100, "word " * 40, "  lead and trail  " * 9, "x\n\ny z\n",
                                  "a " + "b" * 79 + " c", " " * 90 + "end", "tab\there", "wide 漢字 text " * 9])
def test_wrapping_matches_rich_at_every_width(text, monkeypatch):
    """Text with a tab or wide characters goes to rich; the rest is wrapped here as rich wraps it."""
    plain = "\t" not in text and text.isascii()
    for width in ("1", "2", "5", "79", "80", "81"):
        monkeypatch.setenv("COLUMNS", width)
        draw = lambda writer: writer.print(Text(text, style="bold").append(" tail", style="dim"))  # noqa: E731
        assert printed(draw, False, monkeypatch, plain) == printed(draw, True, monkeypatch), (text, width)


def test_a_terminal_gets_rich_itself_with_the_same_styles(monkeypatch):
    from rich.text import Text as RichText
    built = Text("11.24", style="bold cyan").append("  Blocker", style="bold")
    line = Text("    a blocker blocks")
    line.highlight_regex(r"(?i)\bblock\w*", "bold yellow")
    joined = Text("\n").join([built, line])
    expected = RichText("11.24", style="bold cyan").append("  Blocker", style="bold")
    expected_line = RichText("    a blocker blocks")
    expected_line.highlight_regex(r"(?i)\bblock\w*", "bold yellow")
    expected_joined = RichText("\n").join([expected, expected_line])
    got = joined.to_rich()
    assert (got.plain, got.spans, got.style) == (expected_joined.plain, expected_joined.spans, expected_joined.style)
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert styled.rich_would_style()
