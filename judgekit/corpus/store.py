"""Golden rulings on disk: an update is all or nothing, one update at a time, readers see one generation.

- Lock root: the nearest folder at or above the goldens' common folder that holds `.git` or
  `pyproject.toml` (else that common folder). Every run over the same project meets there.
- An update holds ROOT/.judgekit-golden.lock (an flock, its pid written inside) for the whole run; a
  second update waits JUDGEKIT_LOCK_WAIT seconds (default 10) and then refuses, naming the lock and pid.
  The system drops the lock of a dead process, so a lock file left by a killed run is simply taken over.
- Each new golden is written to `.NAME.ruling.json.<txid>.tmp` beside its target and fsynced; nothing
  visible changes. Commit point: with the root folder locked exclusively (readers hold it shared),
  ROOT/.judgekit-golden.journal, listing every (temporary, target) pair, is renamed into place and fsynced.
  Then each temporary is renamed over its target and the journal is removed.
- A journal whose update lock is free (its writer died) is rolled forward by the next run; without a
  journal the old set stands and stray temporaries are removed. Readers that cannot write read the
  journal's temporaries in place of their targets, so they see the new set.
"""
from __future__ import annotations

import errno
import json
import os
import signal
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

LOCK_NAME = ".judgekit-golden.lock"
JOURNAL_NAME = ".judgekit-golden.journal"
TMP_SUFFIX = ".tmp"
_MARKERS = (".git", "pyproject.toml")

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: updates are not locked against each other
    fcntl = None


class GoldenStoreError(Exception):
    """A golden update that cannot go ahead or cannot be written; nothing was changed unless it says so."""


def lock_root(folders) -> Path:
    """Where the lock and journal live for goldens in these folders."""
    folders = [Path(os.path.abspath(f)) for f in folders] or [Path.cwd()]
    common = Path(os.path.commonpath([str(f) for f in folders]))
    for candidate in (common, *common.parents):
        if any((candidate / m).exists() for m in _MARKERS):
            return candidate
    return common


def is_temporary(name: str) -> bool:
    return name.startswith(".") and ".ruling.json." in name and name.endswith(TMP_SUFFIX)


# -- fault injection, for the tests that kill an update at every step ------------------------------------

_steps = 0


def _step(what: str) -> None:
    """JUDGEKIT_FAULT=kill:N | interrupt:N | nospace:N acts just before the Nth step of an update."""
    global _steps
    spec = os.environ.get("JUDGEKIT_FAULT")
    if not spec:
        return
    _steps += 1
    action, _, count = spec.partition(":")
    if _steps != int(count or 0):
        return
    if action == "kill":
        os.kill(os.getpid(), signal.SIGKILL)
    if action == "interrupt":
        raise KeyboardInterrupt
    if action == "nospace":
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), what)


# -- locks -------------------------------------------------------------------------------------------------

def _wait_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get("JUDGEKIT_LOCK_WAIT", "10")))
    except ValueError:
        return 10.0


def _flock(fd: int, mode: int, wait: float) -> bool:
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, mode | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.05)


def _holder(path: Path) -> str:
    try:
        pid = path.read_text(encoding="utf-8").strip()
    except OSError:
        pid = ""
    return f"pid {pid}" if pid.isdigit() else "an unknown process"


@contextmanager
def update_lock(root: Path, wait: float | None = None, try_only: bool = False):
    """Hold the update lock of `root`; yields False (try_only) or raises when another update holds it."""
    path = root / LOCK_NAME
    if fcntl is None:
        yield True
        return
    wait = _wait_seconds() if wait is None else wait
    while True:
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            if try_only:
                yield False
                return
            raise GoldenStoreError(f"cannot create the lock {path}: {error.strerror}") from None
        if not _flock(fd, fcntl.LOCK_EX, 0 if try_only else wait):
            os.close(fd)
            if try_only:
                yield False
                return
            raise GoldenStoreError(f"another golden update is running: {path} is held by {_holder(path)} "
                                   f"(waited {wait:g} s; JUDGEKIT_LOCK_WAIT sets how long)")
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the file was removed by its last holder while we waited: lock the new one
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield True
    finally:
        try:
            os.unlink(path)
        except OSError:
            pass
        os.close(fd)


@contextmanager
def folder_lock(root: Path, exclusive: bool, wait: float | None = None):
    """The root folder itself, flocked: exclusive while goldens are being replaced, shared while read."""
    if fcntl is None:
        yield
        return
    wait = _wait_seconds() if wait is None else wait
    fd = os.open(root, os.O_RDONLY)
    try:
        if not _flock(fd, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH, wait):
            raise GoldenStoreError(f"golden rulings under {root} are being replaced by {_holder(root / LOCK_NAME)} "
                                   f"(waited {wait:g} s)")
        yield
    finally:
        os.close(fd)


# -- writing -----------------------------------------------------------------------------------------------

def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_durably(path: Path, data: bytes) -> None:
    """Write a whole file and fsync it (the caller renames it into place)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_atomically(path: Path, data: bytes) -> None:
    """Write `path` so that a reader or a crash sees the old file or the new one, never part of one."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}{TMP_SUFFIX}")
    try:
        write_durably(tmp, data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _rel(root: Path, path: Path) -> str:
    return os.path.relpath(path, root)


def _read_journal(root: Path) -> list[tuple[Path, Path]] | None:
    path = root / JOURNAL_NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [(root / tmp, root / target) for tmp, target in data["files"]]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return []  # a journal never renamed into place complete cannot exist; treat a damaged one as empty


def recover(root: Path) -> int:
    """Roll a journal left by a dead update forward (the caller holds the update lock); pairs finished."""
    pairs = _read_journal(root)
    if pairs is None:
        return 0
    with folder_lock(root, exclusive=True):
        for tmp, target in pairs:
            if tmp.exists():
                os.replace(tmp, target)
        for folder in {t.parent for _, t in pairs}:
            _fsync_folder(folder)
        (root / JOURNAL_NAME).unlink(missing_ok=True)
        _fsync_folder(root)
    return len(pairs)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it exists, under another user
    return True


def _writer(name: str) -> int | None:
    """The pid in a temporary's name (`.NAME.ruling.json.PID-TXID.tmp`)."""
    stamp = name[:-len(TMP_SUFFIX)].rsplit(".", 1)[-1]
    pid = stamp.split("-", 1)[0]
    return int(pid) if pid.isdigit() else None


def remove_strays(folders) -> None:
    """Delete temporaries of updates killed before their commit point (the caller holds the update lock;
    a temporary whose writing process still runs is left alone)."""
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            pid = _writer(name) if is_temporary(name) else None
            if is_temporary(name) and (pid is None or pid == os.getpid() or not _alive(pid)):
                try:
                    os.unlink(os.path.join(folder, name))
                except OSError:
                    pass


@dataclass
class Update:
    """One run's new goldens: staged beside their targets, then committed together."""

    root: Path
    txid: str = field(default_factory=lambda: f"{os.getpid()}-{uuid.uuid4().hex[:12]}")
    staged: list[tuple[Path, Path]] = field(default_factory=list)

    def stage(self, target: Path, data: bytes) -> None:
        tmp = target.with_name(f".{target.name}.{self.txid}{TMP_SUFFIX}")
        try:
            _step(f"write {tmp}")
            write_durably(tmp, data)
        except OSError as error:
            tmp.unlink(missing_ok=True)
            raise GoldenStoreError(f"cannot write the golden ruling {target}: {error.strerror or error}") from None
        self.staged.append((tmp, target))

    def discard(self) -> None:
        for tmp, _ in self.staged:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
        self.staged.clear()

    def commit(self) -> None:
        """Make every staged golden the current one, or (on failure before the commit point) none of them."""
        if not self.staged:
            return
        for folder in {t.parent for t, _ in self.staged}:
            _fsync_folder(folder)
        journal = self.root / JOURNAL_NAME
        staging = self.root / f"{JOURNAL_NAME}.{self.txid}{TMP_SUFFIX}"
        body = json.dumps({"txid": self.txid, "pid": os.getpid(),
                           "files": [[_rel(self.root, t), _rel(self.root, g)] for t, g in self.staged]})
        with folder_lock(self.root, exclusive=True):
            try:
                _step("commit")
                write_durably(staging, body.encode())
                os.replace(staging, journal)
            except BaseException as error:
                staging.unlink(missing_ok=True)
                self.discard()
                if isinstance(error, OSError):
                    raise GoldenStoreError(f"cannot write the update journal {journal}: "
                                           f"{error.strerror or error}") from None
                raise
            _fsync_folder(self.root)
            try:
                for tmp, target in self.staged:
                    _step(f"rename {target}")
                    os.replace(tmp, target)
                for folder in {t.parent for _, t in self.staged}:
                    _fsync_folder(folder)
                _step("finish")
                journal.unlink()
                _fsync_folder(self.root)
            except KeyboardInterrupt:
                recover_now(self.root)
                raise
            except OSError as error:
                raise GoldenStoreError(f"the update was committed but could not finish ({error.strerror or error}); "
                                       f"the next run finishes it from {journal}") from None


def recover_now(root: Path) -> None:
    """Finish a committed update at once (an interrupt in the rename phase): the journal says what to do."""
    pairs = _read_journal(root) or []
    for tmp, target in pairs:
        if tmp.exists():
            os.replace(tmp, target)
    (root / JOURNAL_NAME).unlink(missing_ok=True)


def tidy(root: Path, folders) -> None:
    """Before reading or updating: finish a dead update's journal and remove stray temporaries, if nobody
    else is updating and the folders can be written; otherwise leave them (readers resolve the journal)."""
    with update_lock(root, try_only=True) as held:
        if held:
            try:
                recover(root)
                remove_strays(folders)
            except (OSError, GoldenStoreError):
                pass


def pending(root: Path) -> dict[Path, Path]:
    """Target -> committed temporary, for a journal not yet finished (what a reader reads instead)."""
    return {target: tmp for tmp, target in (_read_journal(root) or []) if tmp.exists()}


@dataclass(frozen=True)
class View:
    """What a reader reads for each golden (an absolute path): the target, or its committed temporary."""

    pending: dict[Path, Path]

    def __call__(self, target: Path) -> Path:
        return self.pending.get(target, target)


@contextmanager
def reading(root: Path):
    """A consistent view of the goldens under `root`: yields a View, a function path -> the path to read."""
    try:
        lock = folder_lock(root, exclusive=False)
        lock.__enter__()
    except OSError:
        lock = None  # the folder cannot be opened (it vanished); nothing to be consistent with
    try:
        yield View(pending(root))
    finally:
        if lock is not None:
            lock.__exit__(None, None, None)
