"""Check rules_text/ chapter files: structure, numbering against the reference, and own words.

Own words: no sentence of the published text (over 60 characters), and no run of 10 words in a
row that the published text has.

A chapter file with `complete: false` may hold only some of its rules (in order); every other
file must hold every numbered rule of its chapter exactly once.

Usage: python tools/check_rules_text.py [REFERENCE_TXT] [CHAPTER_FILE...]
"""
import pathlib
import re
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
REF = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/reference/comprehensive-rules-2026-08.txt"
files = [pathlib.Path(p) for p in sys.argv[2:]] or sorted((ROOT / "rules_text").glob("[0-9][0-9]-*.yaml"))

ref_lines = REF.read_text(encoding="utf-8").splitlines()
ref_numbers = [l.split()[0] for l in ref_lines if re.match(r"^\d+(\.\d+)*\s", l)]
sentences = {
    s.strip()
    for line in ref_lines
    for s in re.split(r"(?<=[.!?])\s+", re.sub(r"^[0-9.]+\s+", "", line.strip()))
    if len(s.strip()) > 60
}
RUN = 10  # words: a run this long shared with the published text is copying, not paraphrase


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9€$]+", text.lower().replace("\u2019", "'"))


ref_words = words("\n".join(ref_lines))
ref_runs = {tuple(ref_words[i:i + RUN]) for i in range(len(ref_words) - RUN + 1)}
problems = []
for f in files:
    data = yaml.safe_load(f.read_text(encoding="utf-8"))
    chapter = data["chapter"]
    expected = [n for n in ref_numbers if n.split(".")[0] == chapter]
    got = [r["number"] for r in data["rules"]]
    if data.get("complete", True) is False:
        in_order = [n for n in expected if n in got]
        if in_order != got or len(set(got)) != len(got):
            extra = [n for n in got if n not in expected]
            problems.append(f"{f.name}: partial file's numbers must be real and in order; extra={extra}")
    elif got != expected:
        missing = [n for n in expected if n not in got]
        extra = [n for n in got if n not in expected]
        problems.append(f"{f.name}: numbers differ; missing={missing} extra={extra} (order must match too)")
    ids = [r["id"] for r in data["rules"]]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        problems.append(f"{f.name}: duplicate ids {sorted(dup)}")
    for r in data["rules"]:
        for key in r:
            if key not in {"number", "id", "title", "section", "text", "examples", "tips", "refs"}:
                problems.append(f"{f.name} {r['number']}: unknown key {key}")
        for passage in [r.get("text") or ""] + list(r.get("examples") or []) + list(r.get("tips") or []):
            w = words(passage)
            shared = [" ".join(w[i:i + RUN]) for i in range(len(w) - RUN + 1) if tuple(w[i:i + RUN]) in ref_runs]
            if shared:
                problems.append(f"{f.name} {r['number']}: {RUN} words in a row as published: {shared[0]!r}")
        if not r.get("text"):
            problems.append(f"{f.name} {r['number']}: empty text")
        for ref in r.get("refs", []):
            if ref not in ref_numbers:
                problems.append(f"{f.name} {r['number']}: ref {ref} is not a rule number")
    text = f.read_text(encoding="utf-8")
    for s in sentences:
        if s in text:
            problems.append(f"{f.name}: verbatim publisher sentence: {s[:70]}...")
print("\n".join(problems) or f"ok: {len(files)} file(s)")
sys.exit(1 if problems else 0)
