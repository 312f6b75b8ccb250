"""Reports of a corpus check for machines: JSON (judgekit-check/1) and JUnit XML."""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from judgekit.corpus.runner import ERRORED, FAILED, KNOWN_FAILURE, FileResult, summary
from judgekit.plural import counted

CHECK_FORMAT = "judgekit-check/1"


def json_report(results: list[FileResult], edition: str | None, collection=None) -> dict:
    chosen = [r for r in results if r.selected]
    out = {"format": CHECK_FORMAT, "edition": edition, "summary": summary(results),
           "results": [r.as_dict() for r in chosen]}
    if collection is not None:
        out["collection"] = collection.as_dict()
    return out


def _classname(file: str) -> str:
    parent = Path(file).parent
    parts = [part for part in parent.parts if part not in (parent.anchor, ".", "..")]
    return ".".join(parts) or "scenarios"


def junit_xml(results: list[FileResult]) -> bytes:
    """One <testsuite> with a <testcase> per selected scenario; failures and errors carry the report."""
    import xml.etree.ElementTree as ET  # only for --junit-xml

    chosen = [r for r in results if r.selected]
    counts = summary(results)
    suite = ET.Element("testsuite", {
        "name": "judgekit", "tests": str(len(chosen)), "failures": str(counts[FAILED]),
        "errors": str(counts[ERRORED]), "skipped": str(counts[KNOWN_FAILURE]), "time": "0",
    })
    for result in chosen:
        case = ET.SubElement(suite, "testcase", {
            "classname": _classname(result.file), "name": Path(result.file).name, "file": result.file, "time": "0",
        })
        if result.status == FAILED:
            ET.SubElement(case, "failure", {"message": report_summary(result), "type": "ExpectationFailed"}).text = result.report
        elif result.status == ERRORED:
            first = result.problems[0] if result.problems else "bad input"
            kind = {"golden": "CorruptGolden", "internal": "InternalError"}.get(result.error, "InputError")
            ET.SubElement(case, "error", {"message": first, "type": kind}).text = result.report
        elif result.status == KNOWN_FAILURE:
            ET.SubElement(case, "skipped", {"message": f"known failure: {result.known_failure}",
                                            "type": "KnownFailure"}).text = result.report
        if result.name:
            ET.SubElement(case, "system-out").text = result.name
    root = ET.Element("testsuites", {"name": "judgekit", "tests": str(len(chosen)),
                                     "failures": str(counts[FAILED]), "errors": str(counts[ERRORED])})
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"


def report_summary(result: FileResult) -> str:
    """One line saying what went wrong with a failed file: the first expectation that did not hold, or how
    the ruling differs from the recorded one (lines changed, and the first change)."""
    if result.failures:
        extra = len(result.failures) - 1
        return result.failures[0] + (f" (and {counted(extra, 'more failure')})" if extra else "")
    removed = [line[1:].strip() for line in result.golden_diff if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in result.golden_diff if line.startswith("+") and not line.startswith("+++")]
    if not removed and not added:
        return "failed"
    if removed and added:
        first = f"\"{_cut(removed[0])}\" is now \"{_cut(added[0])}\""
    else:
        first = f"\"{_cut(removed[0])}\" is gone" if removed else f"\"{_cut(added[0])}\" is new"
    return (f"the ruling differs from the recorded one ({counted(len(removed), 'line')} recorded, "
            f"{counted(len(added), 'line')} now): {first}")


def _cut(line: str, limit: int = 200) -> str:
    return line if len(line) <= limit else line[:limit] + "..."


def unsafe_report_path(path: Path) -> str | None:
    """Why a report cannot be written at `path`, or None. Only a regular file (or nothing yet) is ever replaced:
    never a device (`/dev/null`), a named pipe, a folder or a symbolic link; missing folders are created."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # nothing there yet (or a file where a folder should be)
        mode = None
    except OSError as error:
        return error.strerror or str(error)
    if mode is not None and not stat.S_ISREG(mode):
        return f"it is {_kind(mode)}, not a regular file (only a regular file is replaced)"
    if mode is not None and not os.access(path, os.W_OK):
        return "the file is not writable"
    folder = Path(os.path.abspath(path)).parent
    existing = next((f for f in (folder, *folder.parents) if os.path.lexists(f)), None)
    if existing is None or not existing.is_dir():
        return f"{existing or folder} is not a folder"
    if not os.access(existing, os.W_OK | os.X_OK):
        return f"the folder {existing} is not writable"
    return None


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a named pipe"),
                       (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def write_report(path: Path, data: bytes) -> None:
    """Replace the report at `path` whole (creating its folders, as pytest does); OSError when it cannot,
    or when `path` has become something other than a regular file since it was checked."""
    from judgekit.corpus import store

    Path(os.path.abspath(path)).parent.mkdir(parents=True, exist_ok=True)
    why = unsafe_report_path(path)
    if why:
        raise OSError(errno.EEXIST, why, str(path))
    store.replace_atomically(path, data)
