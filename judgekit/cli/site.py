"""`judgekit site`: the offline reference site (judgekit/site/)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import rulebook_for, say_error
from judgekit.exitcodes import BAD_INPUT


@command()
def site(
    out: Path = Argument(..., help="Folder to write the site into (new, empty, or a site built before)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition the site is built for."),
    corpus: Optional[List[Path]] = Option(None, "--corpus", help="A rules team's scenarios (file or folder; "
                                                                 "repeatable): a page per scenario."),
) -> None:
    """Write a static site (rules, glossary, cards with their rulings, search) that works offline."""
    from judgekit.site.build import SiteError, build_site

    book = rulebook_for(edition)
    edition = edition or book.default_edition
    for path in corpus or []:
        if not path.exists():
            say_error(f"--corpus {path}: no such file or folder")
            raise Exit(BAD_INPUT)
    try:
        report = build_site(out, book, edition, list(corpus or []))
    except SiteError as error:
        say_error(str(error))
        raise Exit(BAD_INPUT)
    sys.stdout.write(f"wrote {report.pages} pages to {out} ({report.bytes / 1e6:.1f} MB, search index "
                     f"{report.index_bytes / 1e3:.0f} KB), rules edition {report.edition}; open "
                     f"{out / 'index.html'}\n")
