"""The update journal (`.judgekit-golden.journal`): what a committed golden update still has to rename.

A journal is found in a corpus, so it is never trusted: before anything is moved, every entry must name a
golden `NAME.ruling.json` and the hidden temporary `.NAME.ruling.json.TXID.tmp` beside it, by a relative path
without `..`, inside the folder tree its lock root governs (a folder of a nested project has its own), reached
without a symbolic link, the temporary a regular file. One entry that is not is a refusal of the whole journal
(GoldenStoreError naming it), and nothing moves. The renames themselves go through folder descriptors opened
without following links, so a link swapped in after the check is refused too, never followed.
"""
from __future__ import annotations

import errno
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

JOURNAL_NAME = ".judgekit-golden.journal"
GOLDEN_SUFFIX = ".ruling.json"
TMP_SUFFIX = ".tmp"
MAX_BYTES = 64 << 20  # an entry is about 150 bytes: room for some 400,000 goldens
_TXID = re.compile(r"^[0-9]+-[0-9a-f]{12}$")
_FOLDER = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class GoldenStoreError(Exception):
    """A golden update that cannot go ahead or cannot be written; nothing was changed unless it says so."""


def temporary_name(target_name: str, txid: str) -> str:
    return f".{target_name}.{txid}{TMP_SUFFIX}"


@dataclass(frozen=True)
class Plan:
    """A journal checked against the corpus: per folder (relative parts), the (temporary, golden) names."""

    path: Path
    root: Path
    txid: str
    folders: dict[tuple[str, ...], list[tuple[str, str]]]

    def pending(self) -> dict[Path, Path]:
        """Golden -> its committed temporary, for those still to be renamed (what a reader reads instead)."""
        out = {}
        for parts, pairs in self.folders.items():
            folder = self.root.joinpath(*parts)
            for tmp, target in pairs:
                if kind(folder / tmp) == "a regular file":
                    out[folder / target] = folder / tmp
        return out


def chunks(root: Path, txid: str, pid: int, staged):
    """The journal of (temporary, golden) path pairs, all under `root`, as pieces of its bytes (written one by one,
    so a journal of many goldens is never held whole in memory)."""
    yield f'{{"txid": {json.dumps(txid)}, "pid": {pid}, "files": ['.encode("utf-8")
    batch, first = [], True
    for tmp, golden in staged:
        batch.append(json.dumps([os.path.relpath(tmp, root), os.path.relpath(golden, root)]))
        if len(batch) == 1000:
            yield (", " if not first else "").encode() + ", ".join(batch).encode("utf-8")
            batch, first = [], False
    if batch:
        yield (", " if not first else "").encode() + ", ".join(batch).encode("utf-8")
    yield b"]}"


def encode(root: Path, txid: str, pid: int, staged) -> bytes:
    """The whole journal (`chunks`) in one piece."""
    return b"".join(chunks(root, txid, pid, staged))


def _refuse(path: Path, why: str) -> GoldenStoreError:
    return GoldenStoreError(f"refusing the update journal {path}: {why}; nothing was moved. judgekit writes a "
                            "journal only for goldens under its own lock root: if no update of yours was "
                            "interrupted here, delete the file")


def kind(path: Path) -> str:
    """What stands at `path`, without following a link: 'missing', 'a regular file', 'a folder', ..."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return "missing"
    except OSError as error:
        return f"unreachable ({error.strerror or error})"
    for test, name in ((stat.S_ISREG, "a regular file"), (stat.S_ISDIR, "a folder"),
                       (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "a device"


def _read(path: Path) -> bytes | None:
    """The journal's bytes (None when there is none); a link, a non-regular file or a huge one is refused."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise _refuse(path, "it is a symbolic link, which judgekit never follows") from None
        raise GoldenStoreError(f"cannot read the update journal {path}: {error.strerror or error}") from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise _refuse(path, f"it is {kind(path)}, not a regular file")
        if status.st_size > MAX_BYTES:
            raise _refuse(path, f"it is {status.st_size >> 20} MiB, more than a journal may be")
        with open(descriptor, "rb", closefd=False) as handle:
            return handle.read(MAX_BYTES + 1)
    finally:
        os.close(descriptor)


def _entry(root: Path, txid: str, pair, governs) -> tuple[tuple[str, ...], str, str]:
    """(folder parts, temporary name, golden name) of one entry, or ValueError saying what is wrong with it."""
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
        raise ValueError("an entry is not a pair of paths")
    tmp, target = pair
    for text in pair:
        parts = text.split("/")
        if os.path.isabs(text) or "\\" in text or "\0" in text:
            raise ValueError(f"{text!r} is not a plain path relative to the journal's folder")
        if any(part in ("", ".", "..") for part in parts):
            raise ValueError(f"{text!r} leaves or skips folders ('..', '.' or an empty name)")
    folder, name = tuple(target.split("/")[:-1]), target.split("/")[-1]
    if not name.endswith(GOLDEN_SUFFIX) or name.startswith(".") or name == GOLDEN_SUFFIX:
        raise ValueError(f"{target!r} is not a golden ruling (NAME{GOLDEN_SUFFIX})")
    if tuple(tmp.split("/")) != folder + (temporary_name(name, txid),):
        raise ValueError(f"{tmp!r} is not this update's temporary of {target!r}")
    if not governs(folder):
        raise ValueError(f"{target!r} is in a folder governed by another lock root (a project of its own)")
    return folder, tmp.split("/")[-1], name


def plan(root: Path, governs) -> Plan | None:
    """The journal of `root`, checked entry by entry (None when there is none); GoldenStoreError refuses it.

    `governs(parts)` says whether the folder `root/parts` is under this root's lock (store.lock_root)."""
    path = root / JOURNAL_NAME
    text = _read(path)
    if text is None:
        return None
    try:
        data = json.loads(text.decode("utf-8"))
        txid, files = data["txid"], data["files"]
    except (ValueError, KeyError, TypeError):
        raise _refuse(path, "it is not a journal judgekit wrote (not its JSON, or damaged)") from None
    if not (isinstance(txid, str) and _TXID.match(txid) and isinstance(files, list)):
        raise _refuse(path, "it is not a journal judgekit wrote (no transaction id or file list)")
    folders: dict[tuple[str, ...], list[tuple[str, str]]] = {}
    judged: dict[tuple[str, ...], bool] = {}

    def governed(parts: tuple[str, ...]) -> bool:
        if parts not in judged:
            judged[parts] = governs(parts)
        return judged[parts]
    for number, pair in enumerate(files, 1):
        try:
            folder, tmp, target = _entry(root, txid, pair, governed)
        except ValueError as error:
            raise _refuse(path, f"entry {number}: {error}") from None
        folders.setdefault(folder, []).append((tmp, target))
    for parts, pairs in folders.items():
        _check_folder(path, root, parts, pairs)
    return Plan(path, root, txid, folders)


def open_folder(root: Path, parts: tuple[str, ...]) -> int | None:
    """A descriptor of root/parts reached without following a link (None when a folder is missing);
    OSError ELOOP/ENOTDIR when a part is a link or not a folder."""
    descriptor = os.open(root, _FOLDER)
    for part in parts:
        try:
            inner = os.open(part, _FOLDER | _NOFOLLOW, dir_fd=descriptor)
        except FileNotFoundError:
            os.close(descriptor)
            return None
        except OSError:
            os.close(descriptor)
            raise
        os.close(descriptor)
        descriptor = inner
    return descriptor


def _check_folder(path: Path, root: Path, parts: tuple[str, ...], pairs) -> None:
    """Refuse a folder reached through a link or a file, and a temporary that is not a regular file."""
    shown = "/".join(parts) or "."
    try:
        descriptor = open_folder(root, parts)
    except OSError as error:
        why = "a symbolic link" if error.errno == errno.ELOOP else error.strerror or str(error)
        raise _refuse(path, f"the folder {shown!r} is reached through {why}") from None
    if descriptor is None:
        return  # the folder is gone, and its temporaries with it: nothing to move there
    try:
        for tmp, target in pairs:
            for name in (tmp, target):
                try:
                    mode = os.stat(name, dir_fd=descriptor, follow_symlinks=False).st_mode
                except FileNotFoundError:
                    continue
                if stat.S_ISLNK(mode):
                    raise _refuse(path, f"{shown}/{name} is a symbolic link, which judgekit never follows or replaces")
                if name == tmp and not stat.S_ISREG(mode):
                    raise _refuse(path, f"{shown}/{name} is not a regular file")
    finally:
        os.close(descriptor)


def replaceable(kind: str) -> bool:
    """Whether a golden found to be `kind` (`_kind`) is replaced by renaming over it: not a folder (a rename cannot)
    nor a symbolic link (never replaced, as never followed); a named pipe or device in its place is."""
    return kind not in ("a folder", "a symbolic link") and not kind.startswith("unreachable")


def obstacles(journal: Plan) -> list[str]:
    """Goldens the journal cannot replace (a folder in the way), each named with what it is."""
    found = []
    for parts, pairs in journal.folders.items():
        folder = journal.root.joinpath(*parts)
        for tmp, target in pairs:
            if kind(folder / tmp) != "missing":
                there = kind(folder / target)
                if not replaceable(there):
                    found.append(f"{folder / target} is {there}")
    return found


def apply(journal: Plan) -> None:
    """Rename every remaining temporary over its golden (in folders opened without following links)."""
    problems = obstacles(journal)
    if problems:
        raise GoldenStoreError(f"cannot finish the update recorded in {journal.path}: {'; '.join(problems[:5])}"
                               f"{f' (and {len(problems) - 5} more)' if len(problems) > 5 else ''}; move it "
                               "away and run again (the new rulings wait in their temporaries)")
    for parts, pairs in journal.folders.items():
        try:
            descriptor = open_folder(journal.root, parts)
        except OSError as error:
            raise _refuse(journal.path, f"the folder {'/'.join(parts)!r} changed into "
                                        f"{'a symbolic link' if error.errno == errno.ELOOP else 'a file'}") from None
        if descriptor is None:
            continue
        try:
            for tmp, target in pairs:
                try:
                    mode = os.stat(tmp, dir_fd=descriptor, follow_symlinks=False).st_mode
                except FileNotFoundError:
                    continue  # renamed already
                if stat.S_ISREG(mode):
                    os.replace(tmp, target, src_dir_fd=descriptor, dst_dir_fd=descriptor)
            try:
                os.fsync(descriptor)
            except OSError:
                pass  # a file system that cannot flush a folder: the renames stand as the system keeps them
        finally:
            os.close(descriptor)
