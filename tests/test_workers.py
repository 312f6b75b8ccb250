"""`check -j N` worker processes (judgekit.corpus.workers): a SIGKILL, a Ctrl-C or running out of memory ends the
run with no worker left, the update lock released and no temporary left; real processes, bounded waits."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import SCENARIOS

PAID = SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml"
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc to find the workers")


def _corpus(folder: Path, count: int) -> Path:
    (folder / "pyproject.toml").write_text("", encoding="utf-8")  # the lock root
    corpus = folder / "corpus"
    corpus.mkdir()
    for i in range(count):
        shutil.copy(PAID, corpus / f"s{i:03}.yaml")
    return corpus


def _as_from_a_terminal() -> None:
    """Ctrl-C as a terminal's foreground program gets it, even where the suite itself was started in the background
    by a non-interactive shell (which starts its programs with SIGINT ignored, and that is inherited)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(*args, fault: str = "", **options) -> subprocess.Popen:
    env = {**os.environ, "JUDGEKIT_FAULT": fault, "JUDGEKIT_LOCK_WAIT": "0"}
    return subprocess.Popen([sys.executable, "-m", "judgekit", *map(str, args)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True, preexec_fn=_as_from_a_terminal,
                            **options)


def _stat(pid) -> list[str] | None:
    """The fields of /proc/PID/stat after the command's name (its state first, then its parent's pid; its user and
    system CPU time in clock ticks at 11 and 12), or None for a process that is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _children(pid: int) -> set[int]:
    return {int(entry) for entry in os.listdir("/proc")
            if entry.isdigit() and (fields := _stat(entry)) is not None and int(fields[1]) == pid}


def _alive(pid: int) -> bool:
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def _cpu_and_state(pid: int) -> tuple[int, str] | None:
    fields = _stat(pid)
    return None if fields is None else (int(fields[11]) + int(fields[12]), fields[0])


def _workers_of(process: subprocess.Popen, count: int) -> set[int]:
    """The run's workers once all are waiting: one sleeps on its file, the others have checked the rest and wait
    for more (each asleep, its CPU time unchanged over three looks 50 ms apart)."""
    deadline = time.monotonic() + 30
    while len(_children(process.pid)) < count:
        assert process.poll() is None, process.stderr.read().decode()
        assert time.monotonic() < deadline, "the workers never started"
        time.sleep(0.05)
    workers = _children(process.pid)
    looks: list = []
    while not (len(looks) >= 3 and looks[-3] == looks[-2] == looks[-1] and all(w and w[1] == "S" for w in looks[-1])):
        assert time.monotonic() < deadline, "the workers never settled"
        time.sleep(0.05)
        looks.append([_cpu_and_state(pid) for pid in sorted(workers)])
    return workers


def _gone_soon(pids: set[int], seconds: float = 5.0) -> set[int]:
    deadline = time.monotonic() + seconds
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return {p for p in pids if _alive(p)}


def test_a_sigkill_of_check_j_leaves_no_worker_and_the_lock_free(tmp_path):
    corpus = _corpus(tmp_path, 6)
    run = _start("check", "--update", "-j", "2", corpus, fault="sleep-file:s000.yaml")
    workers = _workers_of(run, 2)
    assert len(workers) == 2
    os.kill(run.pid, signal.SIGKILL)
    run.wait(timeout=10)
    left = _gone_soon(workers)
    for pid in left:  # don't leave them to the next test
        os.kill(pid, signal.SIGKILL)
    assert not left, "worker processes outlived their parent"
    # nobody holds the caller's pipes any more: reading them ends
    reader = subprocess.run(["cat"], stdin=run.stdout, capture_output=True, timeout=10)
    assert reader.returncode == 0
    again = _start("check", "--update", corpus)
    out, err = again.communicate(timeout=60)
    assert again.returncode == 0, err.decode()
    assert not list(tmp_path.rglob("*.tmp"))


def test_ctrl_c_of_check_j_ends_promptly_with_130_no_traceback_and_no_worker(tmp_path):
    corpus = _corpus(tmp_path, 6)
    run = _start("check", "--update", "-j", "2", corpus, fault="sleep-file:s000.yaml")
    workers = _workers_of(run, 2)
    os.killpg(run.pid, signal.SIGINT)  # as a terminal does: the whole foreground group
    try:
        out, err = run.communicate(timeout=10)
    finally:
        if run.poll() is None:
            run.kill()
        for pid in _gone_soon(workers, 0):
            os.kill(pid, signal.SIGKILL)
    assert run.returncode == 130
    assert b"Traceback" not in err and b"KeyboardInterrupt" not in err
    assert not _gone_soon(workers)
    assert not (tmp_path / ".judgekit-golden.lock").exists()
    assert not list(tmp_path.rglob("*.tmp")) and not list(corpus.glob("*.ruling.json"))


LIMITED = """
import re, resource, sys
from judgekit.corpus import runner
runner._load_before_fork()  # what every worker starts with, so the limit is counted from there
size = int(re.search(r"VmSize:\\s+(\\d+)", open("/proc/self/status").read()).group(1)) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + int(sys.argv[1]) * 2**20, resource.RLIM_INFINITY))
from judgekit.cli import main
main(["check", "--update", "-j", "2", sys.argv[2]])
"""


def test_running_out_of_memory_ends_check_j_cleanly_with_the_lock_released(tmp_path):
    corpus = _corpus(tmp_path, 400)
    outcomes = []
    for megabytes in (2, 3, 6, 10):
        run = subprocess.Popen([sys.executable, "-c", LIMITED, str(megabytes), str(corpus)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env={**os.environ, "JUDGEKIT_FAULT": ""}, start_new_session=True)
        try:
            out, err = run.communicate(timeout=30)
        finally:
            if run.poll() is None:
                os.killpg(run.pid, signal.SIGKILL)
        assert b"Traceback" not in err
        assert not _children(run.pid)
        assert not (tmp_path / ".judgekit-golden.lock").exists() and not list(tmp_path.rglob("*.tmp"))
        written = list(corpus.glob("*.ruling.json"))
        assert run.returncode in (0, 3) and len(written) in (0, 400)
        for golden in written:
            golden.unlink()
        outcomes.append((run.returncode, err.decode()))
    failed = [err for status, err in outcomes if status == 3]
    assert failed, "no limit was low enough to run out of memory"
    assert all("ran out of memory" in err for err in failed), failed


def _square_or_fail(task):
    if task == 3:
        raise MemoryError("no room")
    if task == 5:
        os._exit(9)  # dies on this task
    return task * task


def test_a_worker_that_cannot_start_reports_it_and_prints_no_traceback(monkeypatch, capfd):
    from judgekit.corpus import workers

    def no_memory_to_start(parent, prctl):
        raise MemoryError("no room to start")
    monkeypatch.setattr(workers, "_die_with", no_memory_to_start)  # the forked workers inherit it
    with pytest.raises(workers.WorkerFailed, match="a worker process failed: MemoryError: no room to start"):
        workers.run_in_workers([1, 2, 3], 2, _square_or_fail, {}.__setitem__)
    assert "Traceback" not in capfd.readouterr().err
    assert not {p for p in _children(os.getpid()) if _alive(p)}


def test_a_worker_failing_outside_any_file_stops_the_run_and_one_that_dies_loses_only_its_task():
    from judgekit.corpus.workers import WorkerFailed, run_in_workers

    got = {}
    lost = run_in_workers([1, 2, 4, 5, 6], 2, _square_or_fail, got.__setitem__)
    assert got == {0: 1, 1: 4, 2: 16, 4: 36} and lost == {3}
    with pytest.raises(WorkerFailed, match="a worker process failed: MemoryError: no room"):
        run_in_workers([1, 2, 3, 4], 2, _square_or_fail, got.__setitem__)
    assert not {p for p in _children(os.getpid()) if _alive(p)}
