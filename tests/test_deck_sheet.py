"""`judgekit deck sheet`: a printable registration sheet (player and event fields, each section's cards and
count, totals), in Markdown or one standalone HTML page, printed here by headless Chromium."""
from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from tests.conftest import SCENARIOS

LIST = SCENARIOS / "decks" / "arasaka-green-constructed.txt"
runner = CliRunner()


def sheet(*args: str) -> str:
    done = runner.invoke(app, ["deck", "sheet", str(LIST), *args])
    assert done.exit_code == 0, done.output
    return done.output


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("headless Chromium is needed to print the registration sheet")
        pytest.skip("no Chromium")
    return found


def test_markdown_sheet_has_the_fields_sections_and_totals():
    text = sheet("--player", "Bob *the* Builder", "--event", "Store Championship")
    assert "- **Player:** Bob \\*the\\* Builder" in text and "- **Event:** Store Championship" in text
    assert "- **Date:** ________________________" in text  # left blank to fill in by hand
    assert "## Legends (3)" in text and "## Main deck (40)" in text and "## Sideboard (7)" in text
    assert "| 3 | Corpo Security | Unit |" in text and "| **all** | **50** |" in text
    assert "secondary source" in text


def test_html_sheet_is_standalone_escaped_and_has_print_styles():
    page = sheet("-f", "html", "--player", "<script>alert(1)</script>", "--event", "Night City Open")
    assert page.startswith("<!DOCTYPE html>") and "@media print" in page and "@page" in page
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert not re.search(r"https?:|<link|<script|<img|@import|url\(|src=", page)


def test_html_sheet_prints_on_one_or_two_pages_with_every_section(tmp_path):
    page = tmp_path / "sheet.html"
    page.write_text(sheet("-f", "html", "--player", "Bob", "--event", "Night City Open"), encoding="utf-8")
    pdf = tmp_path / "sheet.pdf"
    common = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer"]
    # one Chromium prints the page and dumps its DOM (each start costs about 0.7 s of CPU)
    dom = subprocess.run([*common, f"--print-to-pdf={pdf}", "--dump-dom", page.as_uri()], check=True,
                         capture_output=True, timeout=120, text=True).stdout
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf.read_bytes()))
    assert 1 <= pages <= 2
    totals = re.findall(r'<span class="total">(\d+)</span>', dom)
    assert totals == ["3", "40", "7"] and "Night City Open" in dom


def test_sheet_refuses_other_formats_and_bad_lists(tmp_path):
    done = runner.invoke(app, ["deck", "sheet", str(LIST), "-f", "json"])
    assert done.exit_code == 2 and "md or html" in done.output
    bad = tmp_path / "bad.txt"
    bad.write_text("3 Corpo Security\n2 Nobody Special\n", encoding="utf-8")
    done = runner.invoke(app, ["deck", "sheet", str(bad)])
    assert done.exit_code == 2 and f"{bad}:2: no card named 'Nobody Special'" in done.output


def test_a_sheet_for_a_list_that_is_not_legal_warns_on_standard_error(tmp_path):
    """7.3.1: two Legends named V make the list illegal; the sheet is still printed, with a warning."""
    text = LIST.read_text(encoding="utf-8")
    assert "1 Goro Takemura: Hands Unclean\n1 Hanako Arasaka: Daughter of the Emperor" in text
    bad = tmp_path / "two-v.txt"
    bad.write_text(text.replace("1 Goro Takemura: Hands Unclean\n1 Hanako Arasaka: Daughter of the Emperor",
                                "1 V: Streetkid\n1 V: Corporate Exile", 1), encoding="utf-8")
    done = runner.invoke(app, ["deck", "sheet", str(bad)])
    assert done.exit_code == 0
    assert "warning:" in done.stderr and "is not a legal deck" in done.stderr and "share the name 'V'" in done.stderr
    assert "warning" not in runner.invoke(app, ["deck", "sheet", str(LIST)]).stderr


def test_a_card_listed_under_the_wrong_heading_is_on_the_sheet_where_the_deck_check_reads_it(tmp_path):
    """7.3: a Legend is never part of the main deck, nor a Unit one of the Legends; the sheet lists them as `deck check`
    checks them (it notes each one), not under the heading they were typed under."""
    listed = LIST.read_text(encoding="utf-8").replace("1 Saburo Arasaka: Stubborn Patriarch\n", "1 Corpo Security\n")
    listed = listed.replace("Main deck:\n", "Main deck:\nSaburo Arasaka: Stubborn Patriarch\n").replace(
        "3 Corpo Security\n", "2 Corpo Security\n")
    path = tmp_path / "misfiled.txt"
    path.write_text(listed, encoding="utf-8")
    done = runner.invoke(app, ["deck", "sheet", str(path)])
    assert done.exit_code == 0, done.output
    assert "## Legends (3)" in done.output and "## Main deck (40)" in done.output
    legends = done.output.split("## Legends")[1].split("## Main deck")[0]
    assert "Saburo Arasaka: Stubborn Patriarch" in legends and "Corpo Security" not in legends
