"""Rewrite the `judgekit ask` transcripts of README.md's "At the table" from the commands they type.

    python tools/ask_transcripts.py [--check]

Each transcript is replayed through a fresh session (in a temporary folder, for `save`) and replaced by
what the session prints now; `--check` only says whether any differs (exit 1), as
tests/test_ask_terminal.py does. Review the diff before committing: a changed transcript is a changed ruling.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from judgekit.ask.terminal import replay

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCK = re.compile(r"```text\n(ask> .*?)\n```", flags=re.S)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only report whether a transcript differs")
    args = parser.parse_args()
    text = README.read_text(encoding="utf-8")
    head, section = text.split("## At the table", 1)
    section, tail = section.split("\n## ", 1)
    new = BLOCK.sub(lambda m: "```text\n" + replay(m.group(1)) + "\n```", section)
    if new == section:
        print("README transcripts are up to date")
        return 0
    if args.check:
        print("README transcripts differ from what judgekit ask prints now")
        return 1
    README.write_text(head + "## At the table" + new + "\n## " + tail, encoding="utf-8")
    print("README transcripts rewritten; review `git diff README.md`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
