"""`judgekit ask`: state a board by typing, see what may be done, pick it, and get the ruling at once."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from judgekit.cli.commands import Argument, Exit, Option, command
from judgekit.cli.common import rulebook_for, say_error


@command()
def ask(
    file: Optional[Path] = Argument(None, help="A scenario file to start from (as `load FILE` in the session)."),
    edition: Optional[str] = Option(None, "--edition", "-e", help="Rules edition for citations."),
) -> None:
    """An interactive ruling session: type a board (Tab completes card names), `options`, pick one, `save FILE`.

    Reads its commands from the terminal, or line by line from a pipe or a file (`judgekit ask < session.txt`)."""
    from judgekit.ask.session import Session
    from judgekit.ask.terminal import main

    rulebook_for(edition)
    session = Session(edition)
    if file is not None:
        said = session.handle(f"load {file}")
        if said.startswith("error:"):
            say_error(said[len("error: "):])
            raise Exit(2)
        print(said)
    main(session)
