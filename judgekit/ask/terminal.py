"""The `judgekit ask` loop: line editing and completion on a terminal (prompt_toolkit), plain lines from a pipe.

On a terminal, Tab completes commands, players, areas, card names (by their start, a word's start or a
near spelling: `goro` offers the three Goro Takemura cards), labels on the board, file names and the
options listed last (`attack: ` offers each attack), and the up arrow recalls earlier lines. From a pipe or a file each line is echoed after the prompt, so
the output reads as a transcript.
"""
from __future__ import annotations

import re
import shutil
import sys
import textwrap
from typing import Iterable, TextIO

from judgekit.ask import board, views
from judgekit.ask.session import COMMANDS, Session
from judgekit.scenario.card_names import completions

PROMPT = "ask> "
QUIT = ("quit", "exit")
AREA_WORDS = (*board.CARD_AREAS, "eddies", "gigs", "fixer")


def candidates(session: Session, before: str) -> tuple[list[str], int]:
    """What may complete the line typed so far, and how many characters before the cursor each replaces."""
    words = before.split(" ")
    first = words[0]
    options = [views.option_text(o) for o in session.numbered]  # the options listed last, to be typed
    if len(words) == 1:
        return [w for w in (*COMMANDS, *session.doc["players"]) if w.startswith(first)] + \
            [o for o in options if o.startswith(first)], len(first)
    if first in session.doc["players"]:
        if len(words) == 2:
            return [a for a in AREA_WORDS if a.startswith(words[1])], len(words[1])
        if words[1] in board.CARD_AREAS:
            typed = " ".join(words[2:])
            return completions(typed, session.names()), len(typed)
        return [], 0
    if first == "gear":
        rest = " ".join(words[1:])
        if " on " in rest:
            host = rest.rpartition(" on ")[2]
            return [label for label in board.labels_in(session.doc) if label.startswith(host)], len(host)
        gears = [n for n in session.names() if "Gear" in session.pool.by_full_name[n].types]
        return completions(rest, gears), len(rest)
    if first == "turn":
        return [p for p in session.doc["players"] if p.startswith(words[1])], len(words[1])
    return [o for o in options if o.startswith(before)], len(before)


def _completer(session: Session):
    from prompt_toolkit.completion import Completer, Completion, PathCompleter
    from prompt_toolkit.document import Document

    paths = PathCompleter(expanduser=True)

    class AskCompleter(Completer):
        def get_completions(self, document, complete_event):
            before = document.text_before_cursor
            word, _, rest = before.partition(" ")
            if word in ("save", "load") and _:
                yield from paths.get_completions(Document(rest, len(rest)), complete_event)
                return
            found, replaced = candidates(session, before)
            for text in found:
                yield Completion(text, start_position=-replaced)

    return AskCompleter()


def run_lines(session: Session, lines: Iterable[str], out: TextIO, echo: bool) -> None:
    """Carry out each line in turn (a pipe, a file, or a test); `echo` repeats each after the prompt."""
    for line in lines:
        line = line.rstrip("\n")
        if echo:
            out.write(PROMPT + line + "\n")
        if line.strip() in QUIT:
            return
        said = session.handle(line)
        if said:
            out.write(said + "\n")
        out.flush()


def replay(transcript: str) -> str:
    """What a fresh session prints for the lines typed in a transcript (`ask> ` lines), in a temporary folder."""
    import io
    import os
    import tempfile
    typed = [line[len(PROMPT):] + "\n" for line in transcript.splitlines() if line.startswith(PROMPT)]
    out = io.StringIO()
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:
        os.chdir(folder)
        try:
            run_lines(Session(), typed, out, echo=True)
        finally:
            os.chdir(here)
    return out.getvalue().rstrip("\n")


BANNER = "judgekit ask: state the board, list the options, pick one. `help` lists the commands; Tab completes."
NUMBERED = re.compile(r"^(\s*(?:\d+(?:-\d+)?\.\s+)?)")  # a line's indent, with its number (`  12. `, `  1-2. `)


def fit(text: str, width: int) -> str:
    """The text wrapped at word boundaries to `width` columns, each wrapped line's rest under its first line's
    words (after its indent and number); a word longer than a line is broken, as nothing else can show it."""
    out = []
    for line in text.split("\n"):
        if len(line) < width:
            out.append(line)
            continue
        indent = NUMBERED.match(line).group(1)
        hang = " " * min(len(indent), max(width // 3, 2))
        out += textwrap.wrap(line, width - 1, subsequent_indent=hang, break_on_hyphens=False,
                             drop_whitespace=True) or [line]
    return "\n".join(out)


def _width() -> int:
    return shutil.get_terminal_size((80, 24)).columns


def interact(session: Session) -> None:
    """The session on a terminal: prompt_toolkit's line editor with completion and history."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.history import InMemoryHistory

    prompt = PromptSession(completer=_completer(session), history=InMemoryHistory(), complete_while_typing=False)
    print(fit(BANNER, _width()))
    while True:
        try:
            line = prompt.prompt(PROMPT)
        except (EOFError, KeyboardInterrupt):
            return
        if line.strip() in QUIT:
            return
        session.width = _width()  # read at each line: the terminal may be resized
        said = session.handle(line)
        if said:
            print(fit(said, session.width), flush=True)


def main(session: Session, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> None:
    if stdin.isatty() and stdout.isatty():
        interact(session)
    else:
        run_lines(session, stdin, stdout, echo=True)
