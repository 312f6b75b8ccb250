"""Reports of a corpus check for machines: JSON (judgekit-check/1) and JUnit XML."""
from __future__ import annotations

from pathlib import Path

from judgekit.corpus.runner import ERRORED, FAILED, KNOWN_FAILURE, FileResult, summary

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
            first = (result.failures or result.golden_diff or ["failed"])[0]
            ET.SubElement(case, "failure", {"message": first, "type": "ExpectationFailed"}).text = result.report
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
