"""Running one fuzz case in-process and judging it; minimising a find; keeping finds as regression files.

`execute(case)` returns what broke judgekit's promise about bad input, or None: no traceback or
unexpected exception, no hang, valid JSON under `-f json`, exit 2 naming the file and a line for bad
input, and no error repeating a long run of the input. `minimise(case, finding)` shrinks a find by
delta-debugging over its lines. The suite replays the finds kept in tests/fuzz_regressions/.
"""
from __future__ import annotations

import contextlib
import json
import re
import signal
import tempfile
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from tests.fuzz.mutations import REGRESSIONS, ROOT, Case


@dataclass(frozen=True)
class Finding:
    """A broken promise: what kind, and where (the signature minimisation keeps)."""

    kind: str  # exception, hang, json, no-line, exit, echo
    where: str
    detail: str = field(default="", compare=False)


# --- running one case ------------------------------------------------------------------------

class Hang(Exception):
    """The case ran past its time limit."""


@contextlib.contextmanager
def _time_limit(seconds: float):
    def stop(signum, frame):
        raise Hang(f"still running after {seconds} s")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _where(error: BaseException) -> str:
    """The innermost judgekit frame of a traceback, as `path:function`."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "judgekit" in f.filename]
    frame = frames[-1] if frames else traceback.extract_tb(error.__traceback__)[-1]
    return f"{Path(frame.filename).name}:{frame.name}:{type(error).__name__}"


WHOLE_FILE_PROBLEMS = ("names no cards", "the file is empty", "is a mapping of keys")
ECHO_RUN = 120  # an error never repeats a longer run of the input (judgekit cuts what it quotes to 80)


def _echoes(err: str, given: str) -> bool:
    """Whether some error line repeats a run of over ECHO_RUN characters of what was given."""
    for line in err.splitlines():
        for start in range(0, max(len(line) - ECHO_RUN, 0), ECHO_RUN // 2):
            if line[start:start + ECHO_RUN] in given:
                return True
    return False


def execute(case: Case, timeout: float = 5.0, workdir: Path | None = None) -> Finding | None:
    """Run one case in-process through the entry point users run (`judgekit.cli.main`: the quick path for `rule`,
    `search`, `run`, `check`, typer for the rest); the broken promise it shows, or None."""
    from judgekit.cli import app
    from tests.entry_point import EntryPointRunner

    with contextlib.ExitStack() as stack:
        if workdir is None:
            workdir = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        file = workdir / f"case{case.suffix}"
        if case.kind != "argv":
            file.write_bytes(case.data)
        argv = [a.replace("{file}", str(file)).replace("{root}", str(ROOT)) for a in case.argv]
        runner = EntryPointRunner()
        try:
            with _time_limit(timeout):
                result = runner.invoke(app, argv, catch_exceptions=True)
        except Hang as hang:
            return Finding("hang", " ".join(argv[:1]), str(hang))
        if isinstance(result.exception, Hang):
            return Finding("hang", " ".join(argv[:1]), str(result.exception))
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            return Finding("exception", _where(result.exception), repr(result.exception)[:300])
        out, err = result.stdout, result.stderr
        if "Traceback (most recent call last)" in out + err:
            return Finding("exception", "printed traceback", err[-300:])
        if result.exit_code not in (0, 1, 2, 5):
            return Finding("exit", str(result.exit_code), err[-300:])
        if _echoes(err, case.data.decode("utf-8", "replace") + "\n".join(argv)):
            return Finding("echo", argv[0], f"an error repeats over {ECHO_RUN} characters of the input")
        if "json" in argv and result.exit_code in (0, 1) and argv[0] in ("run", "deck", "check", "coverage", "replay"):
            try:
                json.loads(out)
            except ValueError as error:
                return Finding("json", argv[0], str(error))
        if case.kind != "argv" and result.exit_code == 2:
            located = re.search(re.escape(str(file)) + r":\d+", err)
            if not located and not any(p in err for p in WHOLE_FILE_PROBLEMS):
                return Finding("no-line", argv[0], err[:300])
    return None


# --- minimising and keeping finds ----------------------------------------------------------------

def minimise(case: Case, finding: Finding, timeout: float = 5.0, budget: int = 400) -> Case:
    """The smallest set of the case's lines (ddmin) that still shows the same finding."""
    if case.kind == "argv":
        return case
    lines = case.data.split(b"\n")
    tries = 0

    def still(candidate: list[bytes]) -> bool:
        nonlocal tries
        tries += 1
        trial = Case(case.kind, case.family, case.source, case.mutation, b"\n".join(candidate), case.argv)
        return execute(trial, timeout) == finding

    chunks = 2
    while len(lines) >= 2 and tries < budget:
        size = max(1, len(lines) // chunks)
        reduced = False
        for start in range(0, len(lines), size):
            rest = lines[:start] + lines[start + size:]
            if rest and still(rest):
                lines, chunks, reduced = rest, max(chunks - 1, 2), True
                break
            if tries >= budget:
                break
        if not reduced:
            if size == 1:
                break
            chunks = min(len(lines), chunks * 2)
    return Case(case.kind, case.family, case.source, case.mutation, b"\n".join(lines), case.argv)


def save(case: Case, finding: Finding, name: str, folder: Path = REGRESSIONS) -> Path:
    """Write a find as a regression file: a JSON header line, then the case's bytes."""
    folder.mkdir(parents=True, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")
    header = {"kind": case.kind, "family": case.family, "argv": list(case.argv), "source": case.source,
              "mutation": case.mutation, "found": f"{finding.kind} at {finding.where}"}
    path = folder / f"{name}.case"
    path.write_bytes(json.dumps(header, ensure_ascii=True).encode("ascii") + b"\n" + case.data)
    return path


def load(path: Path) -> Case:
    head, _, body = path.read_bytes().partition(b"\n")
    header = json.loads(head)
    return Case(header["kind"], header["family"], header["source"], header["mutation"], body,
                tuple(header["argv"]))
