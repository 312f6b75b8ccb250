"""judgekit/render/styled.py: judgekit's own plain format where rich would print without styles (a pipe, a
file), written without loading rich: every line fits the console's width, no word is lost, no escape code is
written; on a terminal (or where rich would style) rich itself prints, with the same styles. The plain format
is judgekit's own: it is not promised to be rich's layout byte for byte."""
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

WIDTHS = ["80", "37", "52", "120"]
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


def squeezed(text: str) -> str:
    """The text without whitespace and panel borders: what wrapping and framing must keep (each character taken
    out by `str.replace`, many times quicker than `str.translate` on the megabytes of a corpus's rulings)."""
    for char in "│╭╮╰╯─ \n":
        text = text.replace(char, "")
    return text


def plain_format(draw, monkeypatch, texts=(), widths=WIDTHS) -> None:
    """At every width: printed without rich, every line within the width, no escape code, and each of `texts`
    kept whole (its words in order, wherever the lines break)."""
    for width in widths:
        monkeypatch.setenv("COLUMNS", width)
        out = printed(draw, False, monkeypatch)
        assert "\x1b" not in out
        assert max(map(len, out.splitlines()), default=0) <= int(width), width
        flat, at = squeezed(out), 0
        for text in texts:  # looked for after the one before it (they mostly print in order), else anywhere
            kept = squeezed(text)
            found = flat.find(kept, at)
            at = found if found >= 0 else flat.find(kept)
            assert at >= 0, (width, text)


def test_every_rule_prints_in_the_plain_format(book, monkeypatch):
    def draw(writer):
        for entry in book.entries.values():
            render.render_rule(book, entry, book.default_edition, writer)
    plain_format(draw, monkeypatch, [entry.text for entry in book.entries.values()])


def test_search_hits_print_in_the_plain_format(book, monkeypatch):
    index = Index(book)
    hits = [hit for query in QUERIES for hit in index.search(query, 10)]
    assert hits

    def draw(writer):
        for query in QUERIES:
            render.render_hits(book, index.search(query, 10), book.default_edition, writer)
    plain_format(draw, monkeypatch, [hit.entry.title for hit in hits if hit.entry.title])


def test_an_edition_diff_prints_in_the_plain_format(book, monkeypatch):
    changes = diff(book, "2026-08", "user", {})
    assert changes
    plain_format(lambda writer: render.render_diff(changes, "2026-08", "user", writer), monkeypatch)


@pytest.mark.parametrize("text", ["", "one", "a" * 100, "word " * 40, "  lead and trail  " * 9, "x\n\ny z\n",
                                  "a " + "b" * 79 + " c", " " * 90 + "end", "tab\there", "wide 漢字 text " * 9])
def test_wrapping_fits_every_width_and_keeps_every_word(text, monkeypatch):
    """Text with a tab or wide characters goes to rich (which measures cells); the rest is wrapped here."""
    plain = "\t" not in text and text.isascii()
    for width in ("1", "2", "5", "79", "80", "81"):
        monkeypatch.setenv("COLUMNS", width)
        draw = lambda writer: writer.print(Text(text, style="bold").append(" tail", style="dim"))  # noqa: E731
        out = printed(draw, False, monkeypatch, plain)
        if plain:
            assert max(map(len, out.splitlines())) <= int(width) and "\x1b" not in out, (text, width)
            assert squeezed(out) == squeezed(text + " tail"), (text, width)


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


def _rulings(shipped_ruling_data, every: int = 1) -> list[dict]:
    return [data for _, data in shipped_ruling_data[::every]]


def test_shipped_rulings_print_in_the_plain_format(shipped_ruling_data, monkeypatch):
    """Every shipped ruling at 80 columns, every fifth at the other widths (wider or narrower than a board)."""
    from judgekit.render.console import render
    rulings = _rulings(shipped_ruling_data)
    assert len(rulings) > 100

    def draw(chosen):
        return lambda writer: [render(data, writer) for data in chosen]
    titles = [data["scenario"]["name"] for data in rulings]
    plain_format(draw(rulings), monkeypatch, titles, widths=["80"])
    plain_format(draw(rulings[::5]), monkeypatch, titles[::5], widths=["52", "120"])


def test_a_ruling_with_a_known_failure_and_long_names_prints_in_the_plain_format(shipped_ruling_data, monkeypatch):
    """Long words are cut with "…" in the board, folded in panels."""
    import copy
    from judgekit.render.console import render
    data = copy.deepcopy(_rulings(shipped_ruling_data, every=50)[0])  # changed below: the session's own is only read
    data["scenario"]["known_failure"] = {"issue": 15, "reason": "x" * 130 + " a long reason " * 12}
    players = data["board"]["players"]
    players[next(iter(players))]["hand"] = [{"label": "l" * 95, "name": "N" * 120, "face_up": True, "spent": False,
                                            "lag": True}]
    plain_format(lambda writer: render(data, writer), monkeypatch, ["x" * 130 + " a long reason " * 12],
                 widths=["52", "80", "120"])


def test_a_name_rich_would_read_as_markup_is_left_to_rich():
    """A board's player named `[bold]alice:smile:`: rich reads markup and emoji codes in a table title or a panel
    title, so those are printed by rich, never in the plain format."""
    table = styled.Table("[bold]alice:smile:'s board", "bold", 10)
    table.add_row("hand", Text("Goro"))
    assert table.plain_lines(80) is None
    assert styled.Panel(Text("x"), "red", title="[b]alice").plain_lines(80) is None
    plain = styled.Table("alice's board", "bold", 10)
    plain.add_row("hand", Text("Goro"))
    assert plain.plain_lines(80) is not None
