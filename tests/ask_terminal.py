"""`judgekit ask` in a pseudo-terminal, as a person types at it (pexpect); every interactive ask test starts it so.

Under CI a missing pexpect is a failure, never a skip (the brief's rule for tests that need a tool)."""
from __future__ import annotations

import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.entry_point import judgekit_process

_WIDE = {"COLUMNS": "200", "PYTHONIOENCODING": "utf-8"}  # a wide terminal width, UTF-8 out


def _pexpect():
    return pytest.importorskip("pexpect") if not os.environ.get("CI") else __import__("pexpect")


@contextmanager
def ask_in_a_terminal(columns: int = 120, rows: int = 40):
    """A `judgekit ask` process on a terminal of `columns` x `rows`, closed afterwards. pexpect answers no
    cursor-position request as a terminal would, and prompt_toolkit would wait a second for each answer, so it is
    told not to ask.

    A test types once the screen shows what a person would wait for (the prompt, or the line editor's own answer
    such as a completion menu), or types ahead as a person may, so pexpect's pause of 0.05 s before each send is
    not needed; and a session
    that has ended is closed at once instead of 0.1 s later (one still running is ended as before)."""
    pexpect = _pexpect()
    child = pexpect.spawn(sys.executable, ["-m", "judgekit", "ask"], encoding="utf-8", timeout=60,
                          env={**os.environ, "TERM": "xterm", "COLUMNS": str(columns), "LINES": str(rows),
                               "PROMPT_TOOLKIT_NO_CPR": "1"}, dimensions=(rows, columns))
    child.delaybeforesend = None
    child.ptyproc.delayafterclose = 0
    try:
        yield child
    finally:
        child.close(force=True)


def end_of_session():
    """What `expect` waits for as the session ends."""
    return _pexpect().EOF


def piped_and_run_again(lines: list[str], saved: Path, after: tuple[str, ...] = ()) -> tuple[str, dict]:
    """`lines` piped into `judgekit ask`, then `save SAVED`, `quit` and the lines `after` it: what ask printed, and
    the saved file's ruling by `judgekit run -f json`, each of whose steps ask printed too (the session and the file
    rule alike)."""
    done = judgekit_process("ask", stdin="\n".join([*lines, f"save {saved}", "quit", *after]) + "\n",
                            env=_WIDE)
    assert done.returncode == 0, done.stderr
    ran = json.loads(judgekit_process("run", str(saved), "-f", "json", stdin="", env=_WIDE).stdout)
    for step in ran["steps"]:
        assert step["text"] in done.stdout
    return done.stdout, ran
