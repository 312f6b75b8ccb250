"""The locks of the golden store: which folder's lock governs a golden, the update lock, the folder lock.

- Lock root of a golden: the nearest folder at or above the golden's own folder that holds `.git` or
  `pyproject.toml`; with neither above it, the golden's own folder. It depends only on where the golden is,
  never on the paths a run was given, so every run touching a golden meets at the same lock and journal.
- The update lock, ROOT/.judgekit-golden.lock: an flock held for a whole update, its pid written inside; opened
  without following a link, and refused unless it is a regular file of one link (a planted link or hard link
  would have judgekit write its pid into another file).
- The folder lock: the root folder itself, flocked exclusively while goldens are renamed, shared while read.
"""
from __future__ import annotations

import errno
import os
import stat
import time
from contextlib import contextmanager
from pathlib import Path

from judgekit.corpus.journal import GoldenStoreError

LOCK_NAME = ".judgekit-golden.lock"
_MARKERS = (".git", "pyproject.toml")
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: updates are not locked against each other
    fcntl = None


def lock_root(folder) -> Path:
    """Where the lock and journal governing the goldens in `folder` live (see the module's first point)."""
    folder = Path(os.path.abspath(folder))
    for candidate in (folder, *folder.parents):
        if any(os.path.lexists(candidate / m) for m in _MARKERS):
            return candidate
    return folder


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
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except OSError:
        return "an unknown process"
    try:
        regular = stat.S_ISREG(os.fstat(descriptor).st_mode)
        pid = os.read(descriptor, 32).decode("ascii", "replace").strip() if regular else ""
    except OSError:
        pid = ""
    finally:
        os.close(descriptor)
    return f"pid {pid}" if pid.isdigit() else "an unknown process"


def _open_lock(path: Path) -> int:
    """The lock file, created if need be, never through a link; GoldenStoreError for a link, a file that is not
    regular or one with other hard links (writing the pid there would change another file)."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0), 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise GoldenStoreError(f"refusing the lock {path}: it is a symbolic link, which judgekit never "
                                   "follows (it would write its pid into the file it points to); delete it") from None
        raise
    status = os.fstat(fd)
    why = ("it is not a regular file" if not stat.S_ISREG(status.st_mode)
           else "it has other hard links" if status.st_nlink != 1 else "")
    if why:
        os.close(fd)
        raise GoldenStoreError(f"refusing the lock {path}: {why}, so judgekit will not write to it; delete it")
    return fd


@contextmanager
def update_lock(root: Path, wait: float | None = None, try_only: bool = False):
    """Hold the update lock of `root`; yields False (try_only) or raises when another update holds it or the
    lock cannot be made. A lock that is a link or not a plain file is refused (GoldenStoreError) either way."""
    path = root / LOCK_NAME
    if fcntl is None:
        yield True
        return
    wait = _wait_seconds() if wait is None else wait
    while True:
        try:
            fd = _open_lock(path)
        except OSError as error:
            if try_only:
                yield False
                return
            raise GoldenStoreError(f"cannot create the lock {path}: {error.strerror or error}") from None
        if not _flock(fd, fcntl.LOCK_EX, 0 if try_only else wait):
            os.close(fd)
            if try_only:
                yield False
                return
            raise GoldenStoreError(f"another golden update is running: {path} is held by {_holder(path)} "
                                   f"(waited {wait:g} s; JUDGEKIT_LOCK_WAIT sets how long)")
        try:
            now = os.lstat(path)
            same = (now.st_ino, now.st_dev) == (os.fstat(fd).st_ino, os.fstat(fd).st_dev)
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)  # the file was removed (or replaced) by its last holder while we waited: lock the new one
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


def make_room(count: int) -> None:
    """Let this process hold `count` more locks (one open descriptor each: a corpus without a project folder has a
    lock root per folder of goldens), raising its soft limit of open files toward the hard one if need be."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not a Unix: no such limit to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = count + 256
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard),
                                                        hard))
        except (ValueError, OSError):
            pass  # beyond what the system allows: a lock that cannot be opened is then reported as such
