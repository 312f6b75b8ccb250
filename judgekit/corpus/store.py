"""Golden rulings on disk: an update is all or nothing, one update at a time, readers see one generation.

- Lock root of a golden, the update lock and the folder lock: judgekit.corpus.locks (the root depends only on
  where a golden is: its project folder, else its own folder). An update holds the update lock of every root it
  writes under for the whole run.
- Each new golden is written to `.NAME.ruling.json.<txid>.tmp` beside its target and fsynced; nothing visible
  changes. Before any commit point, every golden is checked to be replaceable (a folder or a link in the way
  stops the update, nothing replaced; judgekit.corpus.journal.replaceable). Commit point: with the root folders locked
  exclusively (readers hold them shared), each root's ROOT/.judgekit-golden.journal, listing every (temporary,
  target) pair of that root, is renamed into place and fsynced (one root after another; an error or Ctrl-C
  before the last withdraws them all). Then each temporary is renamed over its target and the journals are
  removed.
- A journal whose update lock is free (its writer died) is rolled forward by the next run, after it is checked
  (judgekit.corpus.journal: never obeyed outside its root); without a journal the old set stands and stray
  temporaries are removed. Readers that cannot write read the journal's temporaries in place of their targets.
"""
from __future__ import annotations

import errno
import os
import signal
import uuid
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from judgekit.corpus import journal
from judgekit.corpus.journal import JOURNAL_NAME, TMP_SUFFIX, GoldenStoreError  # noqa: F401  (re-exported)
from judgekit.corpus.locks import LOCK_NAME, folder_lock, lock_root, make_room, update_lock  # noqa: F401

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _journal_of(root: Path) -> journal.Plan | None:
    return journal.plan(root, lambda parts: lock_root(root.joinpath(*parts)) == root)


def is_temporary(name: str) -> bool:
    """A golden's temporary, or a journal being written (`.judgekit-golden.journal.TXID.tmp`)."""
    return name.startswith(".") and name.endswith(TMP_SUFFIX) and (
        ".ruling.json." in name or name.startswith(f"{JOURNAL_NAME}."))


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


# -- writing -----------------------------------------------------------------------------------------------

def _fsync_folder(folder: str | os.PathLike) -> None:
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


def write_durably(path: str | os.PathLike, data, fresh: bool = False) -> None:
    """Write a whole file (bytes, or pieces of bytes in turn) and fsync it (the caller renames it into place);
    never through a link, and with `fresh` only as a new file (a name someone planted is an error, not written
    through)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW | (os.O_EXCL if fresh else 0)
    fd = os.open(path, flags, 0o644)
    try:
        for piece in (data,) if isinstance(data, bytes) else data:
            view = memoryview(piece)
            while view:
                view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _unlink_quietly(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass  # gone already, or a read-only file system: nothing was written there either


def replace_atomically(path: Path, data: bytes) -> None:
    """Write `path` so that a reader or a crash sees the old file or the new one, never part of one."""
    tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:12]}{TMP_SUFFIX}")
    try:
        write_durably(tmp, data, fresh=True)
        os.replace(tmp, path)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    _fsync_folder(path.parent)


def recover(root: Path) -> int:
    """Roll a journal left by a dead update forward (the caller holds the update lock); pairs finished.
    GoldenStoreError, with nothing moved, for a journal that is refused or cannot be finished."""
    plan = _journal_of(root)
    if plan is None:
        return 0
    with folder_lock(root, exclusive=True):
        journal.apply(plan)
        os.unlink(plan.path)
        _fsync_folder(root)
    return sum(len(pairs) for pairs in plan.folders.values())


def recover_now(root: Path) -> None:
    """Finish a committed update at once (an interrupt in the rename phase): the journal says what to do."""
    plan = _journal_of(root)
    if plan is not None:
        journal.apply(plan)
        _unlink_quietly(plan.path)


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
    """Delete temporaries of updates killed before their commit point (the caller holds the update lock and has
    finished any journal; a temporary whose writing process still runs is left alone)."""
    for folder in folders:
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in filter(is_temporary, names):
            pid = _writer(name)
            if pid is None or pid == os.getpid() or not _alive(pid):
                _unlink_quietly(Path(folder) / name)


def _obstacle(target: Path, tmp: Path) -> str | None:
    """Why `tmp` cannot be renamed over `target` (a folder, a link or a device in the way, the temporary gone)."""
    kinds = (journal.kind(target), journal.kind(tmp))
    if not journal.replaceable(kinds[0]):
        never = " (judgekit never replaces a link)" if kinds[0] == "a symbolic link" else ""
        return f"{target} is {kinds[0]}{never}"
    if kinds[1] != "a regular file":
        return f"the new ruling's temporary {tmp} is {kinds[1]}"
    return None


def _is_file(path: Path, written: os.stat_result | None) -> bool:
    """Whether `path` is now the very file `written` describes (renamed there, whatever its name was)."""
    try:
        now = os.lstat(path)
    except OSError:
        return False
    return written is not None and (now.st_ino, now.st_dev) == (written.st_ino, written.st_dev)


@dataclass
class Update:
    """One run's new goldens: staged beside their targets, then committed together under each lock root.
    It holds the update lock of every root it stages under (`hold`) until `release`."""

    txid: str = field(default_factory=lambda: f"{os.getpid()}-{uuid.uuid4().hex[:12]}")
    staged: dict[Path, list[str]] = field(default_factory=dict)  # root -> its goldens staged (paths only: see pairs)
    committed: set[Path] = field(default_factory=set)
    _roots: dict[Path, Path] = field(default_factory=dict)  # folder -> its lock root, for folders held
    _locks: ExitStack = field(default_factory=ExitStack)
    _held: set[Path] = field(default_factory=set)

    def hold(self, folder: Path) -> Path:
        """Lock the root governing `folder` (finishing a dead update's journal there) and remove the folder's stray
        temporaries, once; its root."""
        folder = Path(os.path.abspath(folder))
        if folder in self._roots:
            return self._roots[folder]
        root = lock_root(folder)
        if root not in self._held:
            self._locks.enter_context(update_lock(root))
            self._held.add(root)
            try:
                recover(root)
            except OSError as error:
                raise GoldenStoreError(f"cannot finish the update recorded in {root / JOURNAL_NAME}: "
                                       f"{error.strerror or error}") from None
            remove_strays([root])
        remove_strays([folder])
        self._roots[folder] = root
        return root

    def pairs(self, root: Path):
        """(temporary, golden) of each golden staged under `root`, one at a time."""
        return ((self._temporary(target), target) for target in self.staged.get(root, []))

    def _temporary(self, target: str) -> str:
        folder, name = os.path.split(target)
        return os.path.join(folder, journal.temporary_name(name, self.txid))

    def stage(self, target: Path, data: bytes) -> None:
        target = Path(os.path.abspath(target))
        root = self.hold(target.parent)
        tmp = self._temporary(str(target))
        goldens = self.staged.setdefault(root, [])
        goldens.append(str(target))  # before writing: an interrupt while writing still has it discarded
        try:
            _step(f"write {tmp}")
            write_durably(tmp, data, fresh=True)
        except OSError as error:
            goldens.pop()
            _unlink_quietly(tmp)
            raise GoldenStoreError(f"cannot write the golden ruling {target}: {error.strerror or error}") from None

    def discard(self) -> None:
        """Remove the temporaries of every root not committed (nothing of the old set changes)."""
        for root in [r for r in self.staged if r not in self.committed]:
            for tmp, _ in self.pairs(root):
                _unlink_quietly(tmp)
            del self.staged[root]

    def release(self) -> None:
        self.discard()
        self._locks.close()
        self._held.clear()
        self._roots.clear()

    def commit(self) -> None:
        """Make every staged golden the current one. Every obstacle is looked for first, so a golden that cannot be
        replaced stops the update before any commit point (GoldenStoreError, nothing changed); then each lock
        root's journal is put in place (its commit point), and only then are the goldens renamed."""
        problems = [why for root in self.staged for tmp, target in self.pairs(root)
                    if (why := _obstacle(Path(target), Path(tmp)))]
        if problems:
            self.discard()
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            raise GoldenStoreError(f"nothing was replaced: {'; '.join(problems[:5])}{more}")
        roots = sorted(r for r, goldens in self.staged.items() if goldens and r not in self.committed)
        with ExitStack() as locks:
            for root in roots:
                locks.enter_context(folder_lock(root, exclusive=True))
            try:
                for root in roots:  # every root's commit point, one after the other, before any golden is renamed
                    self._place_journal(root)
            except BaseException:
                self._withdraw(roots)
                raise
            for root in roots:
                self._rename(root)

    def _withdraw(self, roots: list[Path]) -> None:
        """Undo the journals already placed when another root's cannot be (an error, Ctrl-C): no golden was renamed
        yet and no reader saw them (the folders are locked), so the whole update is dropped, nothing changed."""
        for root in roots:
            if root in self.committed:
                try:
                    os.unlink(root / JOURNAL_NAME)
                    _fsync_folder(root)
                    self.committed.discard(root)
                except OSError:
                    _finish_quietly(root)  # it stands: finish it rather than leave it half done
        self.discard()

    def _place_journal(self, root: Path) -> None:
        for folder in {os.path.dirname(target) for target in self.staged[root]}:
            _fsync_folder(folder)
        target = root / JOURNAL_NAME
        staging = root / f"{JOURNAL_NAME}.{self.txid}{TMP_SUFFIX}"
        written = None
        try:
            _step("commit")
            write_durably(staging, journal.chunks(root, self.txid, os.getpid(), self.pairs(root)), fresh=True)
            written = os.lstat(staging)
            os.replace(staging, target)
        except BaseException as error:
            if _is_file(target, written):  # interrupted just after it took its place: withdrawn with the others
                self.committed.add(root)
                raise
            _unlink_quietly(staging)
            if isinstance(error, OSError):
                raise GoldenStoreError(f"cannot write the update journal {target}: {error.strerror or error}") from None
            raise
        self.committed.add(root)
        _fsync_folder(root)

    def _rename(self, root: Path) -> None:
        try:
            for tmp, golden in self.pairs(root):
                _step(f"rename {golden}")
                os.replace(tmp, golden)
            for folder in {os.path.dirname(target) for target in self.staged[root]}:
                _fsync_folder(folder)
            _step("finish")
            os.unlink(root / JOURNAL_NAME)
            _fsync_folder(root)
        except KeyboardInterrupt:
            _finish_quietly(root)
            raise
        except OSError as error:
            raise GoldenStoreError(f"the update was committed but could not finish ({error.strerror or error}); "
                                   f"the new rulings wait in their temporaries and the next run finishes it "
                                   f"from {root / JOURNAL_NAME}") from None


def _finish_quietly(root: Path) -> None:
    """Finish a committed root at once (its update was interrupted); what cannot be done now, the next run does."""
    try:
        recover_now(root)
    except (OSError, GoldenStoreError):
        pass


@contextmanager
def updating(folders):
    """An Update holding the lock of every root governing `folders` (their strays removed); on leaving, whatever
    was not committed is removed and the locks released."""
    update = Update()
    folders = sorted({Path(os.path.abspath(f)) for f in folders})
    make_room(len(folders))
    try:
        for folder in folders:
            update.hold(folder)
        yield update
    finally:
        update.release()


def _by_root(folders) -> dict[Path, list[Path]]:
    out: dict[Path, list[Path]] = {}
    for folder in {Path(os.path.abspath(f)) for f in folders}:
        out.setdefault(lock_root(folder), []).append(folder)
    return out


def tidy(folders) -> None:
    """Before reading: finish a dead update's journal and remove stray temporaries, where nobody else is updating
    and the folders can be written; otherwise leave them (readers resolve the journal). A journal or lock that is
    refused (judgekit.corpus.journal) raises GoldenStoreError."""
    for root, its in sorted(_by_root(folders).items()):
        with update_lock(root, try_only=True) as held:
            if held:
                try:
                    recover(root)
                except OSError:
                    continue
                remove_strays([root, *its])


@dataclass(frozen=True)
class View:
    """What a reader reads for each golden (an absolute path): the target, or its committed temporary."""

    pending: dict[Path, Path]

    def __call__(self, target: Path) -> Path:
        return self.pending.get(target, target)


@contextmanager
def reading(folders):
    """A consistent view of the goldens in `folders`: yields a View, a function path -> the path to read."""
    roots = sorted(_by_root(folders))
    make_room(len(roots))
    with ExitStack() as locks:
        pending: dict[Path, Path] = {}
        for root in roots:
            try:
                locks.enter_context(folder_lock(root, exclusive=False))
            except OSError:
                continue  # the folder cannot be opened (it vanished); nothing to be consistent with
            plan = _journal_of(root)
            if plan is not None:
                pending.update(plan.pending())
        yield View(pending)
