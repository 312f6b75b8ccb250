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
from tests.conftest import ROOT

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


def same_as_rich(draw, monkeypatch, narrowest_plain: int = 0) -> None:
    """The same bytes at every width; without rich at `narrowest_plain` columns and more."""
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", width)
        plain_only = int(width) >= narrowest_plain
        assert printed(draw, False, monkeypatch, plain_only) == printed(draw, True, monkeypatch), width


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


RULING_FILES = sorted(p for p in (ROOT / "scenarios").rglob("*.yaml"))


def _rulings(book) -> list[dict]:
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError
    out = []
    for path in RULING_FILES:
        try:
            built = build_file(path, book)
            out.append(ruling(built, run_scenario(built), book, None))
        except InputError:
            continue
    return out


def test_every_shipped_ruling_prints_as_rich_prints_it(book, monkeypatch):
    from judgekit.render.console import render
    rulings = _rulings(book)
    assert len(rulings) > 100

    def draw(writer):
        for data in rulings:
            render(data, writer)
    same_as_rich(draw, monkeypatch, narrowest_plain=52)


@pytest.mark.parametrize("prefix, suffix, narrowest_plain", [("", "", 52), ("[bold]", ":smile:", 200)])
def test_a_ruling_with_a_known_failure_long_names_and_player_names_rich_would_read_as_markup(
        book, monkeypatch, prefix, suffix, narrowest_plain):
    """Long words are cut with "…" in the board, folded in panels; a name rich reads as markup goes to rich."""
    from judgekit.render.console import render
    data = _rulings(book)[0]
    data["scenario"]["known_failure"] = {"issue": 15, "reason": "x" * 130 + " a long reason " * 12}
    players = data["board"]["players"]
    first = next(iter(players))
    players[prefix + first + suffix] = players.pop(first)
    players[next(iter(players))]["hand"] = [{"label": "l" * 95, "name": "N" * 120, "face_up": True, "spent": False,
                                            "lag": True}]
    same_as_rich(lambda writer: render(data, writer), monkeypatch, narrowest_plain)
