"""Golden rulings on disk (judgekit.corpus.store): all-or-nothing updates, the lock, recovery, corrupt files."""
from __future__ import annotations

import errno
import fcntl
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.corpus import golden, journal, locks, store
from judgekit.corpus.runner import check_all, discover
from tests.conftest import SCENARIOS

runner = CliRunner()
PAID = SCENARIOS / "card-types" / "4.6-play-unit-named-payment.yaml"
EXAMPLES = sorted((SCENARIOS / "examples").glob("*.yaml"))[:3]


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def goldens(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*.ruling.json"))}


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob(".*") if p.is_file())


@pytest.fixture
def recorded(tmp_path):
    """Three scenarios in two folders, with an 'old' golden set that the update will replace (seed changed)."""
    corpus = tmp_path / "corpus"
    for n, source in enumerate(EXAMPLES):
        folder = corpus / ("a" if n % 2 else "b")
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy(source, folder / source.name)
    (corpus / "pyproject.toml").write_text("", encoding="utf-8")  # the lock root
    assert invoke("check", corpus, "--update").exit_code == 0
    new = goldens(corpus)
    for path in corpus.rglob("*.ruling.json"):  # an old generation: every golden differs from the new one
        data = json.loads(path.read_text(encoding="utf-8"))
        data["seed"] = -1
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    old = goldens(corpus)
    assert old.keys() == new.keys() and all(old[k] != new[k] for k in old)
    return corpus, old, new


def _start_update_in_child(corpus: Path, fault: str, **env: str) -> int:
    """`check --update` in a forked process with JUDGEKIT_FAULT (and `env`) set; its process id."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 70
        try:
            os.environ.update(env, JUDGEKIT_FAULT=fault)
            store._steps = 0
            from typer.main import get_command
            try:
                returned = get_command(app).main(["check", str(corpus), "--update", "-f", "json"],
                                                 standalone_mode=False)
                code = returned if isinstance(returned, int) else 0
            except SystemExit as done:
                code = done.code or 0
            except BaseException as error:  # noqa: BLE001 - report the interrupt as its own status
                code = 130 if isinstance(error, KeyboardInterrupt) else getattr(error, "exit_code", 71)
        finally:
            os._exit(code)
    return pid


def _status(pid: int, timeout: float = 240) -> int:
    """The exit status of a forked child, or -signal; a child still running after `timeout` seconds is killed and
    the test fails (as the subprocesses' `timeout=` did: a hang fails the suite instead of stopping it)."""
    deadline = time.monotonic() + timeout
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"a forked child ran past {timeout} s and was killed")
        time.sleep(0.01)


def _update_in_child(corpus: Path, fault: str) -> int:
    """`check --update` in a forked process with JUDGEKIT_FAULT set; its exit status or -signal."""
    return _status(_start_update_in_child(corpus, fault))


def test_update_killed_at_every_step_leaves_the_old_or_the_new_set_and_the_next_run_recovers(recorded):
    corpus, old, new = recorded
    # 3 temporaries written, the journal (commit point), 3 renames, the journal removed: kill before each.
    outcomes = []
    for step in range(1, 9):
        for path in corpus.rglob("*.ruling.json"):
            path.write_bytes(old[path.name])
        assert _update_in_child(corpus, f"kill:{step}") == -signal.SIGKILL
        # What any reader sees right after the kill: one whole generation.
        seen = {golden.path_for(p).name: golden.read(p) for p in discover([corpus])}
        generation = next((name for name, gen in (("old", old), ("new", new))
                           if seen == {k: json.loads(v) for k, v in gen.items()}), "mix")
        outcomes.append(generation)
        assert generation in ("old", "new"), (step, generation)
        # The next run (a plain check) finishes or discards the update: whole files, no temporaries.
        invoke("check", corpus)
        assert goldens(corpus) == (new if generation == "new" else old), step
        assert leftovers(corpus) == [], step
    assert outcomes == ["old"] * 4 + ["new"] * 4  # the journal's rename is the commit point


@pytest.mark.skipif(not hasattr(os, "fork"), reason="interrupts a forked update")
def test_ctrl_c_at_any_step_leaves_no_temporary_files_and_a_whole_generation(recorded):
    corpus, old, new = recorded
    for step in range(1, 9):
        for path in corpus.rglob("*.ruling.json"):
            path.write_bytes(old[path.name])
        assert _update_in_child(corpus, f"interrupt:{step}") == 130
        assert leftovers(corpus) == [], step
        assert goldens(corpus) == (old if step <= 4 else new), step


def test_update_killed_for_real_in_a_subprocess_is_recovered(recorded):
    corpus, old, new = recorded
    env = {**os.environ, "JUDGEKIT_FAULT": "kill:6"}  # after the commit point and one rename
    done = subprocess.run([sys.executable, "-m", "judgekit.cli", "check", str(corpus), "--update"], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == -signal.SIGKILL
    assert (corpus / store.JOURNAL_NAME).exists()  # a mix on disk, but a journal that finishes it
    assert invoke("check", corpus).exit_code == 0  # reads the new generation and finishes it
    assert goldens(corpus) == new and leftovers(corpus) == []


def test_full_disk_while_writing_names_the_file_exits_2_and_leaves_the_old_goldens(recorded, monkeypatch):
    corpus, old, _ = recorded
    monkeypatch.setenv("JUDGEKIT_FAULT", "nospace:2")
    monkeypatch.setattr(store, "_steps", 0)
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 2
    assert "golden rulings not updated: cannot write the golden ruling" in done.output
    assert ".ruling.json" in done.output and os.strerror(errno.ENOSPC) in done.output
    assert goldens(corpus) == old and leftovers(corpus) == []


def test_read_only_folder_is_a_clear_error_and_leaves_the_old_goldens(recorded, monkeypatch):
    corpus, old, _ = recorded
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise PermissionError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)
    monkeypatch.setattr(store.os, "open", read_only)
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 2
    assert f"cannot create the lock {corpus / store.LOCK_NAME}" in done.output
    assert "Traceback" not in done.output
    assert goldens(corpus) == old


def test_a_second_update_refuses_naming_the_lock_and_its_holder(recorded, monkeypatch):
    corpus, old, _ = recorded
    monkeypatch.setenv("JUDGEKIT_LOCK_WAIT", "0.01")  # a wait that runs out (one look, one retry 0.05 s later)
    with store.update_lock(corpus):
        done = invoke("check", corpus, "--update")
    assert done.exit_code == 2
    assert f"{corpus / store.LOCK_NAME} is held by pid {os.getpid()}" in done.output
    assert goldens(corpus) == old
    assert not (corpus / store.LOCK_NAME).exists()  # released and removed


def test_a_stale_lock_left_by_a_dead_process_is_taken_over(recorded):
    corpus, _, new = recorded
    (corpus / store.LOCK_NAME).write_text("999999999\n", encoding="utf-8")  # no process holds it
    assert invoke("check", corpus, "--update").exit_code == 0
    assert goldens(corpus) == new and not (corpus / store.LOCK_NAME).exists()


def test_two_updates_at_once_both_finish_with_valid_goldens(recorded):
    corpus, _, new = recorded
    # two processes at once, forked from this one (each new interpreter would cost 0.3 s of CPU)
    both = [_start_update_in_child(corpus, "", JUDGEKIT_LOCK_WAIT="120") for _ in range(2)]
    assert [_status(pid) for pid in both] == [0, 0]
    assert goldens(corpus) == new and leftovers(corpus) == []


def test_a_check_beside_an_update_waits_for_its_renames_and_sees_no_false_failure(recorded, monkeypatch):
    corpus, old, new = recorded
    refused, real_flock = threading.Event(), locks._flock  # set once a reader is refused the folder's read lock

    def flock_noting_a_refusal(fd, mode, wait):
        if mode == fcntl.LOCK_SH and not real_flock(fd, mode, 0):
            refused.set()
        return real_flock(fd, mode, wait)
    monkeypatch.setattr(locks, "_flock", flock_noting_a_refusal)
    files = discover([corpus])
    update = store.Update()  # holds the update lock of the corpus from its first staged golden
    try:
        for path in files:
            update.stage(golden.path_for(path), new[golden.path_for(path).name])
        results = []
        lock = store.folder_lock(corpus, exclusive=True)
        lock.__enter__()  # the updater is between its commit point and its last rename
        _journal(corpus, update)
        tmp, target = next(update.pairs(corpus))
        os.replace(tmp, target)
        reader = threading.Thread(target=lambda: results.extend(check_all(files)))
        reader.start()
        assert refused.wait(timeout=60) and reader.is_alive()  # waiting for the renames, not reading a mix
        store.recover_now(corpus)
        lock.__exit__(None, None, None)
        reader.join(timeout=60)
    finally:
        update.release()
    assert [r.status for r in results] == ["passed"] * len(files)
    assert goldens(corpus) == new


def test_a_reader_that_cannot_finish_an_update_reads_the_journals_generation(recorded):
    corpus, old, new = recorded
    files = discover([corpus])
    update = store.Update()  # someone else holds the update lock: the reader must not recover
    try:
        for path in files:
            update.stage(golden.path_for(path), new[golden.path_for(path).name])
        _journal(corpus, update)
        assert [r.status for r in check_all(files)] == ["passed"] * len(files)
        assert goldens(corpus) == old  # nothing renamed by the reader
    finally:
        update.committed.add(corpus)  # the temporaries are the journal's now: kept for the next run
        update.release()


def _journal(root: Path, update: store.Update) -> None:
    """Put the journal of `update` in place, as its commit point does."""
    (root / store.JOURNAL_NAME).write_bytes(journal.encode(root, update.txid, os.getpid(), update.pairs(root)))


@pytest.mark.parametrize("content, says", [
    (b"", "is empty"),
    (b'{"format": "judgekit-ruling/1", "steps": [', "is not valid JSON"),
    (b"not json at all", "is not valid JSON"),
    (b"[1, 2, 3]", "is a JSON list"),
    (b'{"format": "judgekit-ruling/1"}', "has no 'scenario' dict"),
    (b"\xff\xfe{}", "is not UTF-8"),
])
def test_a_corrupt_golden_file_is_an_error_naming_it(tmp_path, content, says):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").write_bytes(content)
    done = invoke("check", tmp_path, "-f", "json")
    assert done.exit_code == 2
    [result] = json.loads(done.output)["results"]
    assert (result["status"], result["error"]) == ("errored", "golden")
    assert "paid.ruling.json" in result["problems"][0] and says in result["problems"][0]


def test_a_golden_reads_as_the_json_module_reads_it():
    recorded = next(SCENARIOS.rglob("*.ruling.json")).read_bytes()
    base = json.loads(recorded)
    odd = [  # values some JSON readers refuse or read their own way (a faster reader must keep these)
        '"note": NaN', '"note": 123456789012345678901234567890', '"note": "\\ud800 lone"', '"note": 1e400',
        '"note": "caf\u00e9 \\u00e9"', '"note": -0.0', '"note": [1.5, 2e-3, 0.1]',
    ]
    for extra in odd:
        text = recorded.rstrip().rstrip(b"}") + b", " + extra.encode("utf-8") + b"}"
        got = golden.parse(Path("x.ruling.json"), text)
        want = json.loads(text.decode("utf-8"))
        assert repr(got) == repr(want), extra
        assert {k: v for k, v in got.items() if k != "note"} == base


def test_update_replaces_a_corrupt_golden(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").write_bytes(b"{trunc")
    assert invoke("check", tmp_path, "--update").exit_code == 0
    assert invoke("check", tmp_path).exit_code == 0


def test_an_unchanged_golden_is_not_rewritten(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    invoke("check", tmp_path, "--update")
    before = (tmp_path / "paid.ruling.json").stat().st_mtime_ns
    done = invoke("check", tmp_path, "--update")
    assert done.exit_code == 0 and "0 golden rulings written, 1 unchanged" in done.output
    assert (tmp_path / "paid.ruling.json").stat().st_mtime_ns == before


def test_the_repository_goldens_recorded_before_this_change_still_match():
    results = check_all(discover([SCENARIOS / "examples"]))
    assert {r.golden for r in results} == {"matches"}


def test_lock_root_is_the_project_folder_above_the_scenarios(tmp_path):
    (tmp_path / ".git").mkdir()
    (tmp_path / "scenarios" / "a").mkdir(parents=True)
    assert store.lock_root(tmp_path / "scenarios" / "a") == tmp_path


def test_stray_temporaries_of_dead_updates_are_removed_and_a_live_ones_kept(tmp_path):
    live = tmp_path / f".a.ruling.json.{os.getppid()}-0123456789ab.tmp"
    dead = tmp_path / ".b.ruling.json.999999999-0123456789ab.tmp"
    journal_being_written = tmp_path / f"{store.JOURNAL_NAME}.999999999-0123456789ab.tmp"
    for path in (live, dead, journal_being_written):
        path.write_text("{}", encoding="utf-8")
    store.remove_strays([tmp_path])
    assert live.exists() and not dead.exists() and not journal_being_written.exists()


@pytest.fixture(scope="module")
def shipped_rulings(shipped_ruling_data) -> list[tuple]:
    """(path, ruling) of every shipped scenario that has a golden."""
    return [(path, data) for path, data in shipped_ruling_data if golden.path_for(path).exists()]


def test_a_ruling_holds_only_plain_json_values(shipped_rulings):
    """What lets a golden be matched from its bytes (golden.is_encoded_in): no float, tuple or other type that two
    JSON writers could write differently, so every encoder writes the same bytes for it."""
    def plain(value):
        if isinstance(value, dict):
            return all(type(k) is str and plain(v) for k, v in value.items())
        if type(value) is list:
            return all(plain(v) for v in value)
        return value is None or type(value) in (str, int, bool)
    assert len(shipped_rulings) > 700
    for path, data in shipped_rulings:
        assert plain(data), path


def test_a_ruling_equal_to_its_golden_is_recognised_from_the_bytes_and_a_changed_one_is_not(shipped_rulings):
    pytest.importorskip("orjson")
    for path, data in shipped_rulings:
        written = (json.dumps(golden.normalised(path, data), indent=2, ensure_ascii=False) + "\n").encode("utf-8")
        assert golden.encode(path, data) == written, path  # orjson writes the json module's bytes
        assert golden.is_encoded_in(path, data, written), path
        assert not golden.is_encoded_in(path, data, written.replace(b'"face_up": true', b'"face_up": false', 1)
                                        if b'"face_up": true' in written else written + b" ")
        assert not golden.is_encoded_in(path, data, written[:-1])  # no final newline: the full way decides


@pytest.mark.parametrize("with_orjson", [True, False])
def test_check_gives_the_same_verdicts_with_and_without_orjson(tmp_path, monkeypatch, with_orjson):
    if not with_orjson:
        monkeypatch.setattr(golden, "fast_json", lambda: None)
    for example in EXAMPLES:
        shutil.copy(example, tmp_path / example.name)
    assert invoke("check", tmp_path, "--update").exit_code == 0
    assert invoke("check", tmp_path).exit_code == 0
    changed = tmp_path / EXAMPLES[0].name
    recorded = golden.path_for(changed)
    data = json.loads(recorded.read_text(encoding="utf-8"))
    data["board"]["turn"] = "nobody"
    recorded.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    done = invoke("check", tmp_path)
    assert done.exit_code == 1 and "differs from the recorded one" in done.output and "nobody" in done.output
    compact = golden.path_for(tmp_path / EXAMPLES[1].name)  # the same ruling written another way still matches
    compact.write_text(json.dumps(json.loads(compact.read_text(encoding="utf-8"))), encoding="utf-8")
    assert "1 failed" in invoke("check", tmp_path).output


def test_a_named_pipe_in_place_of_a_golden_is_an_error_not_a_wait_and_update_replaces_it(tmp_path):
    import threading
    shutil.copy(PAID, tmp_path / "paid.yaml")
    os.mkfifo(tmp_path / "paid.ruling.json")  # no writer: reading it would wait for ever
    done = []
    worker = threading.Thread(target=lambda: done.append(invoke("check", tmp_path, "-f", "json")), daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert done, "check waited on a named pipe"
    [result] = json.loads(done[0].output)["results"]
    assert (result["status"], result["error"]) == ("errored", "golden")
    assert "paid.ruling.json" in result["problems"][0] and "not a regular file" in result["problems"][0]
    done.clear()
    worker = threading.Thread(target=lambda: done.append(invoke("check", tmp_path, "--update")), daemon=True)
    worker.start()
    worker.join(timeout=60)
    assert done and done[0].exit_code == 0
    assert (tmp_path / "paid.ruling.json").is_file() and invoke("check", tmp_path).exit_code == 0


def test_a_golden_far_larger_than_any_ruling_is_refused_unread(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    with open(tmp_path / "paid.ruling.json", "wb") as handle:
        handle.truncate(golden.MAX_BYTES + 1)
    done = invoke("check", tmp_path, "-f", "json")
    [result] = json.loads(done.output)["results"]
    assert (result["status"], result["error"]) == ("errored", "golden")
    assert "more than the 64 MiB a recorded ruling may be" in result["problems"][0]
