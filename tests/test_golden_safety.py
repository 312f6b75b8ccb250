"""The golden store at its edges (#24): planted journals and locks, where the lock lives, obstacles, missing and
orphaned goldens, read-only file systems, interrupts. Nothing outside the corpus is ever touched."""
from __future__ import annotations

import errno
import gc
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judgekit.corpus import golden, store
from judgekit.corpus.runner import check_all, discover
from tests.test_golden import EXAMPLES, PAID, _status, _update_in_child, goldens, invoke, leftovers
from tests.test_golden import recorded  # noqa: F401  (a fixture)

TXID = "1-aaaaaaaaaaaa"


def _age(corpus: Path) -> dict[str, bytes]:
    """Make every golden under `corpus` an 'old' one that an update replaces; the old set."""
    for path in corpus.rglob("*.ruling.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        data["seed"] = -1
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    return goldens(corpus)


@pytest.fixture
def planted(tmp_path):
    """A project with one recorded scenario, and outside it a folder of files a planted journal aims at."""
    corpus, outside = tmp_path / "corpus", tmp_path / "outside"
    corpus.mkdir()
    outside.mkdir()
    (corpus / "pyproject.toml").write_text("[project]\n", encoding="utf-8")
    shutil.copy(PAID, corpus / "paid.yaml")
    assert invoke("check", corpus, "--update").exit_code == 0
    (outside / "victim.ruling.json").write_text("precious", encoding="utf-8")
    (outside / f".victim.ruling.json.{TXID}.tmp").write_text("evil", encoding="utf-8")
    (outside / "secret").write_text("secret", encoding="utf-8")
    return corpus, outside


def _everything(folder: Path) -> dict[str, str]:
    """Every entry under `folder` (links as links): what a planted journal must leave as it is."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        out[rel] = f"-> {os.readlink(path)}" if path.is_symlink() else "folder" if path.is_dir() \
            else path.read_bytes().decode("utf-8", "replace")
    return out


def _hostile(corpus: Path, outside: Path, case: str) -> list[list[str]]:
    tmp = f".victim.ruling.json.{TXID}.tmp"
    if case == "absolute path":
        return [[str(outside / tmp), str(outside / "victim.ruling.json")]]
    if case == "../ outside":
        return [[f"../outside/{tmp}", "../outside/victim.ruling.json"]]
    if case == "symlinked target":
        (corpus / "link.ruling.json").symlink_to(outside / "victim.ruling.json")
        (corpus / f".link.ruling.json.{TXID}.tmp").write_text("evil", encoding="utf-8")
        return [[f".link.ruling.json.{TXID}.tmp", "link.ruling.json"]]
    if case == "symlinked folder":
        (corpus / "sub").symlink_to(outside)
        return [[f"sub/{tmp}", "sub/victim.ruling.json"]]
    if case == "temporary that is a link":
        (corpus / f".paid.ruling.json.{TXID}.tmp").symlink_to(outside / "secret")
        return [[f".paid.ruling.json.{TXID}.tmp", "paid.ruling.json"]]
    if case == "non-golden name":
        (corpus / f".pyproject.toml.{TXID}.tmp").write_text("evil", encoding="utf-8")
        return [[f".pyproject.toml.{TXID}.tmp", "pyproject.toml"]]
    raise AssertionError(case)


@pytest.mark.parametrize("case", ["absolute path", "../ outside", "symlinked target", "symlinked folder",
                                  "temporary that is a link", "non-golden name"])
def test_a_planted_journal_is_refused_naming_it_and_nothing_moves(planted, case):
    corpus, outside = planted
    files = _hostile(corpus, outside, case)
    journal = corpus / store.JOURNAL_NAME
    journal.write_text(json.dumps({"txid": TXID, "pid": 1, "files": files}), encoding="utf-8")
    before_inside, before_outside = _everything(corpus), _everything(outside)
    for args in ((), ("--update",)):
        done = invoke("check", corpus, *args)
        assert done.exit_code == 2, (args, done.output)
        assert f"refusing the update journal {journal}" in done.output and "Traceback" not in done.output
        assert _everything(outside) == before_outside, args
        assert _everything(corpus) == before_inside, args  # the journal and the planted files stay, unmoved


def test_a_planted_journal_is_refused_by_the_pytest_plugin_update(planted, pytester):
    corpus, outside = planted
    files = _hostile(corpus, outside, "../ outside")
    (corpus / store.JOURNAL_NAME).write_text(json.dumps({"txid": TXID, "pid": 1, "files": files}), encoding="utf-8")
    before = _everything(outside)
    result = pytester.runpytest(str(corpus), "--judgekit-update")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*refusing the update journal*"])
    assert _everything(outside) == before


def test_a_damaged_journal_is_refused_not_taken_as_empty(planted):
    corpus, _ = planted
    (corpus / store.JOURNAL_NAME).write_text('{"files": [["a", "b"]', encoding="utf-8")
    done = invoke("check", corpus)
    assert done.exit_code == 2 and "not a journal judgekit wrote" in done.output
    assert (corpus / store.JOURNAL_NAME).exists()


@pytest.mark.parametrize("kind", ["symbolic link", "hard link"])
def test_a_planted_lock_is_never_written_through(planted, kind):
    corpus, outside = planted
    target = outside / "secret"
    lock = corpus / store.LOCK_NAME
    if kind == "symbolic link":
        lock.symlink_to(target)
    else:
        os.link(target, lock)
    for args in ((), ("--update",)):
        done = invoke("check", corpus, *args)
        assert done.exit_code == 2, (args, done.output)
        assert f"refusing the lock {lock}" in done.output and "delete it" in done.output
        assert target.read_text(encoding="utf-8") == "secret"
        assert os.path.lexists(lock)


def _copy_examples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for example in EXAMPLES[:2]:
        shutil.copy(example, folder / example.name)


def test_the_lock_root_depends_on_where_the_goldens_are_not_on_the_paths_given(tmp_path):
    parent = tmp_path / "corpus"
    _copy_examples(parent / "sub")
    assert store.lock_root(parent / "sub") == parent / "sub"  # no .git or pyproject.toml above: its own folder
    assert invoke("check", parent / "sub", "--update").exit_code == 0
    new = goldens(parent)
    old = _age(parent)
    # 2 temporaries, the journal, then killed before a rename (in a forked process: the kill is real)
    assert _update_in_child(parent / "sub", "kill:4") < 0 and (parent / "sub" / store.JOURNAL_NAME).exists()
    assert goldens(parent) == old
    assert invoke("check", parent).exit_code == 0  # a check of the parent finds the sub-folder's journal
    assert goldens(parent) == new and leftovers(parent) == []


def test_a_golden_replaced_by_a_folder_stops_the_update_before_anything_is_replaced(recorded):
    corpus, old, new = recorded
    middle = sorted(corpus.rglob("*.ruling.json"))[1]
    middle.unlink()
    middle.mkdir()
    (middle / "note").write_text("someone's folder", encoding="utf-8")
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 2
    assert "nothing was replaced" in done.output and f"{middle} is a folder" in done.output
    assert {p.name: p.read_bytes() for p in corpus.rglob("*.ruling.json") if p.is_file()} == \
        {k: v for k, v in old.items() if k != middle.name}
    assert leftovers(corpus) == [] and not (corpus / store.JOURNAL_NAME).exists()
    shutil.rmtree(middle)
    assert invoke("check", corpus, "--update").exit_code == 0 and goldens(corpus) == new


def test_a_folder_appearing_after_the_commit_point_keeps_the_journal_and_its_temporaries(recorded, monkeypatch):
    corpus, _, new = recorded
    middle = sorted(corpus.rglob("*.ruling.json"))[1]
    real_step = store._step

    def obstruct(what):
        if what == f"rename {middle}":
            middle.unlink()
            middle.mkdir()
        real_step(what)
    monkeypatch.setattr(store, "_step", obstruct)
    done = invoke("check", corpus, "--update")
    assert done.exit_code == 2 and "committed but could not finish" in done.output
    assert (corpus / store.JOURNAL_NAME).exists()
    assert any(name.endswith(".tmp") for name in leftovers(corpus))  # the new rulings still wait
    blocked = invoke("check", corpus)
    assert blocked.exit_code == 2 and f"{middle} is a folder" in blocked.output
    middle.rmdir()
    assert invoke("check", corpus).exit_code == 0  # finishes the update: the whole new set
    assert goldens(corpus) == new and leftovers(corpus) == []


def test_a_dangling_link_in_place_of_a_golden_is_named(tmp_path):
    shutil.copy(PAID, tmp_path / "paid.yaml")
    (tmp_path / "paid.ruling.json").symlink_to(tmp_path / "moved-away.ruling.json")
    done = invoke("check", tmp_path, "-f", "json")
    assert done.exit_code == 2
    [result] = json.loads(done.output)["results"]
    assert (result["status"], result["error"]) == ("errored", "golden")
    assert "symbolic link to a missing file" in result["problems"][0]


def test_a_deleted_golden_is_mentioned_and_fails_when_every_scenario_must_have_one(recorded):
    corpus, _, _ = recorded
    assert invoke("check", corpus, "--update").exit_code == 0
    deleted = sorted(corpus.rglob("*.ruling.json"))[0]
    deleted.unlink()
    done = invoke("check", corpus)
    assert done.exit_code == 0 and "1 without a golden ruling" in done.output
    required = invoke("check", corpus, "--require-golden")
    assert required.exit_code == 1
    assert f"no golden ruling recorded ({deleted.name})" in required.output


def test_an_orphaned_golden_fails_check_and_update_as_it_fails_pytest(recorded, pytester):
    corpus, _, _ = recorded
    scenario = sorted(discover([corpus]))[0]
    orphan = golden.path_for(scenario)
    scenario.rename(scenario.with_name("renamed.yaml"))
    for args in ((), ("--update",)):
        done = invoke("check", corpus, "-f", "json", *args)
        assert done.exit_code == 1, args
        results = json.loads(done.output)["results"]
        [reported] = [r for r in results if r["golden"] == "orphan"]
        assert reported["file"] == str(orphan) and reported["status"] == "failed"
        assert "golden ruling without a scenario" in reported["failures"][0]
        assert orphan.exists()  # reported, never deleted
    result = pytester.runpytest(str(corpus))
    result.assert_outcomes(passed=len(EXAMPLES), failed=1)
    result.stdout.fnmatch_lines([f"*{orphan.name}: golden ruling without its scenario*"])


@pytest.mark.parametrize("how", ["option", "ini"])
def test_the_pytest_plugin_requires_every_golden_when_asked(pytester, how):
    pytester.makefile(".yaml", paid=PAID.read_text(encoding="utf-8"))
    quiet = pytester.runpytest()
    quiet.assert_outcomes(passed=1)
    quiet.stdout.fnmatch_lines(["*1 scenario without a golden ruling*"])
    if how == "ini":
        pytester.makeini("[pytest]\njudgekit_require_golden = true\n")
    result = pytester.runpytest(*(["--judgekit-require-golden"] if how == "option" else []))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no golden ruling recorded (paid.ruling.json)*"])
    pytester.runpytest("--judgekit-update").assert_outcomes(passed=1)
    pytester.runpytest(*(["--judgekit-require-golden"] if how == "option" else [])).assert_outcomes(passed=1)


def _pytest_update(corpus: Path, fault: str) -> int:
    """A real `pytest --judgekit-update` session of the corpus in a process of its own, judgekit's plugin loaded from
    its entry point as users load it (hypothesis's plugin, no part of a corpus run, left out): forked from this one,
    which has pytest and judgekit imported already (a new interpreter costs 0.4 s of CPU each); its exit status, or
    -signal when the fault killed it."""
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 70
        try:
            gc.freeze()  # what the child inherits is never collected: pytest's collections at its end skip it
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            sys.stdout = sys.stderr = open(os.devnull, "w", encoding="utf-8")
            os.chdir(corpus)
            os.environ["JUDGEKIT_FAULT"] = fault
            store._steps = 0
            code = int(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:hypothesispytest", str(corpus),
                                    "--judgekit-update"]))
        finally:
            os._exit(code)
    return _status(pid)


def test_pytest_update_is_all_or_nothing_through_the_journal(recorded):
    corpus, old, new = recorded
    # 3 temporaries staged as the items run, then at the session's end the journal and 3 renames.
    for step in (2, 3, 4, 5, 6):
        for path in corpus.rglob("*.ruling.json"):
            path.write_bytes(old[path.name])
        assert _pytest_update(corpus, f"kill:{step}") < 0, step
        seen = {golden.path_for(p).name: golden.read(p) for p in discover([corpus])}
        assert seen in ({k: json.loads(v) for k, v in old.items()}, {k: json.loads(v) for k, v in new.items()}), step
        invoke("check", corpus)
        assert goldens(corpus) == (old if step <= 4 else new) and leftovers(corpus) == [], step


def test_an_interrupted_pytest_update_records_nothing_and_leaves_no_temporary(recorded):
    corpus, old, _ = recorded
    assert _pytest_update(corpus, "interrupt:3") == 2  # pytest's "interrupted"
    assert goldens(corpus) == old and leftovers(corpus) == []


def test_a_read_only_file_system_under_a_golden_folder_is_exit_2(recorded, monkeypatch):
    corpus, old, _ = recorded
    real_open, real_unlink = os.open, os.unlink

    def read_only(path, flags, *args, **kwargs):
        if ".ruling.json." in str(path) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    def unlink(path, *args, **kwargs):
        if ".ruling.json." in str(path):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_unlink(path, *args, **kwargs)
    monkeypatch.setattr(os, "open", read_only)
    monkeypatch.setattr(os, "unlink", unlink)
    done = invoke("check", corpus, "--update")
    monkeypatch.undo()
    assert done.exit_code == 2, done.output
    assert "cannot write the golden ruling" in done.output and os.strerror(errno.EROFS) in done.output
    assert "internal error" not in done.output and goldens(corpus) == old


def test_ctrl_c_while_a_temporary_is_being_written_leaves_none(recorded, monkeypatch):
    corpus, old, _ = recorded
    real_fsync, calls = os.fsync, []

    def interrupted(fd):
        calls.append(fd)
        if len(calls) == 2:  # the second temporary exists, but is not flushed yet
            raise KeyboardInterrupt
        return real_fsync(fd)
    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        check_all(discover([corpus]), update=True, jobs=1)
    monkeypatch.undo()
    assert leftovers(corpus) == [] and goldens(corpus) == old


def test_ctrl_c_just_after_the_journal_is_in_place_and_before_any_rename_drops_the_update(recorded, monkeypatch):
    corpus, old, _ = recorded
    real_replace = os.replace

    def interrupted(source, target, *args, **kwargs):
        real_replace(source, target, *args, **kwargs)
        if str(target).endswith(store.JOURNAL_NAME):  # the journal is in place, then Ctrl-C
            raise KeyboardInterrupt
    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        check_all(discover([corpus]), update=True, jobs=1)
    monkeypatch.undo()
    assert goldens(corpus) == old and leftovers(corpus) == []  # no journal left naming temporaries now gone


def test_goldens_under_several_lock_roots_are_all_replaced_or_none(tmp_path, monkeypatch):
    for name in ("a", "b"):  # no project folder above: each folder is its own lock root
        _copy_examples(tmp_path / name)
    assert invoke("check", tmp_path, "--update").exit_code == 0
    new = {p: p.read_bytes() for p in tmp_path.rglob("*.ruling.json")}
    _age(tmp_path)
    old = {p: p.read_bytes() for p in tmp_path.rglob("*.ruling.json")}
    real_encode = store.journal.chunks

    def second_journal_fails(root, *args):
        if root == tmp_path / "b":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_encode(root, *args)
    monkeypatch.setattr(store.journal, "chunks", second_journal_fails)
    done = invoke("check", tmp_path, "--update")
    assert done.exit_code == 2 and "cannot write the update journal" in done.output
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.ruling.json")} == old  # a's journal withdrawn too
    assert leftovers(tmp_path) == []
    monkeypatch.undo()
    assert invoke("check", tmp_path, "--update").exit_code == 0
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.ruling.json")} == new


def test_a_corpus_without_a_project_folder_and_more_folders_than_open_files_still_updates(tmp_path):
    import resource

    for n in range(150):  # each folder its own lock root: one lock held per folder during the run
        folder = tmp_path / f"f{n:03d}"
        folder.mkdir()
        shutil.copy(PAID, folder / "paid.yaml")

    def few_files():
        resource.setrlimit(resource.RLIMIT_NOFILE, (100, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    for args in (("--update",), ()):
        done = subprocess.run([sys.executable, "-m", "judgekit.cli", "check", str(tmp_path), "-j", "1", *args],
                              capture_output=True, text=True, timeout=240, preexec_fn=few_files)
        assert done.returncode == 0, done.stderr
    assert len(list(tmp_path.rglob("*.ruling.json"))) == 150 and leftovers(tmp_path) == []


def test_an_update_stages_goldens_as_it_goes_instead_of_holding_every_ruling(tmp_path, monkeypatch):
    from judgekit.corpus import runner

    for n in range(150):
        shutil.copy(PAID, tmp_path / f"paid-{n:03d}.yaml")
    checked, first_staged = [], []
    real_check, real_stage = runner._check, store.Update.stage

    def counting_check(*args, **kwargs):
        checked.append(1)
        return real_check(*args, **kwargs)

    def noting_stage(self, target, data):
        first_staged.append(len(checked))
        return real_stage(self, target, data)
    monkeypatch.setattr(runner, "_check", counting_check)
    monkeypatch.setattr(store.Update, "stage", noting_stage)
    results = check_all(discover([tmp_path]), update=True, jobs=1)
    assert {r.golden for r in results} == {"updated"} and all(r.new_golden is None for r in results)
    assert len(checked) == 150 and first_staged[0] <= 100  # staged on disk before the rest was checked


def test_a_journal_written_in_pieces_is_one_json_document(tmp_path):
    from judgekit.corpus import journal

    staged = [(str(tmp_path / f".g{n}.ruling.json.{TXID}.tmp"), str(tmp_path / f"g{n}.ruling.json"))
              for n in range(2500)]
    data = json.loads(journal.encode(tmp_path, TXID, 7, staged))
    assert data == {"txid": TXID, "pid": 7, "files": [[f".g{n}.ruling.json.{TXID}.tmp", f"g{n}.ruling.json"]
                                                      for n in range(2500)]}
