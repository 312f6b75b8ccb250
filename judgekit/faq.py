"""The official Rules FAQ as a runnable corpus: its index, its scenarios and judgekit's verdict on each.

Every FAQ answer has a ref, `<card>#<n>` (`GENERAL#3`, `Kiroshi Optics#1`): the card as the pool
names it and the answer's position under its FAQ heading. `judgekit/data/faq-index.yaml` lists
every ref with the answer in our words, and the refs not encoded yet with the reason; each scenario
under `scenarios/faq/` names its ref in `source: {kind: faq, ref: ...}`. The FAQ's own sentences
are never stored here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from judgekit import yaml_data

INDEX_FORMAT = "judgekit-faq-index/1"
RULINGS_FORMAT = "judgekit-rulings/1"
GENERAL = "GENERAL"
REPRODUCED, CONTESTED, KNOWN_FAILURE, FAILING, NOT_ENCODED = (
    "reproduced", "contested", "known-failure", "failing", "not-encoded")
STATUSES = (REPRODUCED, CONTESTED, KNOWN_FAILURE, FAILING, NOT_ENCODED)
_REF = re.compile(r"^(?P<card>.+)#(?P<n>[1-9][0-9]*)$")


class FaqError(Exception):
    """The FAQ corpus is missing or inconsistent, or a card name does not resolve."""


INDEX = Path(__file__).resolve().parent / "data" / "faq-index.yaml"


def faq_dir() -> Path:
    """The FAQ scenario folder: $JUDGEKIT_FAQ, the copy shipped in the package, or the checkout's `scenarios/faq/`."""
    from judgekit.resources import folder
    return folder("faq_corpus")


def parse_ref(ref: str) -> tuple[str, int]:
    """'Kiroshi Optics#2' -> ('Kiroshi Optics', 2)."""
    match = _REF.match(ref)
    if not match:
        raise FaqError(f"an FAQ ref is written 'Card Name#N' (N from 1), not {ref!r}")
    return match["card"], int(match["n"])


def slug(text: str) -> str:
    """A folder or file name: lower case ASCII words joined by '-'."""
    import unicodedata
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


@dataclass
class Ruling:
    """One official answer: its ref, the answer in our words, and the scenarios that encode it."""

    ref: str
    card: str
    n: int
    answer: str
    not_encoded: str | None = None
    scenarios: list[dict] = field(default_factory=list)   # {path, title, question, tags}
    asked: str | None = None  # the FAQ's own question in our words: what `answer` answers


@dataclass
class FaqIndex:
    """The official FAQ's rulings by reference, and the answers grouped per card."""

    cards: dict[str, dict]                 # card -> {heading, answers}
    rulings: dict[str, Ruling]             # ref -> ruling, in FAQ order
    root: Path
    read: dict[Path, dict] = field(default_factory=dict, repr=False)  # each scenario's data as read for the index

    def for_card(self, card: str) -> list[Ruling]:
        return [r for r in self.rulings.values() if r.card == card]

    def ref_for(self, written: str) -> str | None:
        """The index's ref (`Card#N`) for a ref as a scenario writes it: the card as the pool or the FAQ heading
        names it, in any case, with or without spaces before `#` (`APPETITE FOR DESTRUCTION #1`); None when the
        index has no such answer."""
        card, _, n = str(written).strip().rpartition("#")
        folded = " ".join(card.split()).casefold()
        for name, info in self.cards.items():
            if folded in (name.casefold(), str(info["heading"]).casefold()):
                ref = f"{name}#{n.strip()}"
                return ref if ref in self.rulings else None
        return None


def load_index(root: Path | None = None) -> FaqIndex:
    """Read the index and attach every scenario under the corpus folder to its ref. Kept per process while no
    file of the index or the corpus has changed (callers only read it)."""
    root = root or faq_dir()
    files = [INDEX, *sorted(root.rglob("*.yaml"))] if root.is_dir() else [INDEX]
    try:
        signature = tuple((str(f), s.st_mtime_ns, s.st_size) for f in files for s in [f.stat()])
    except OSError:
        return _read_index(root)
    return _kept_index(root, signature)


@lru_cache(maxsize=4)
def _kept_index(root: Path, signature: tuple) -> FaqIndex:
    return _read_index(root)


def _read_index(root: Path) -> FaqIndex:
    path = INDEX
    if not path.is_file():
        raise FaqError(f"cannot find the FAQ index {path}")
    data = yaml_data.load_file(path)
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        raise FaqError(f"{path}: not an FAQ index ({INDEX_FORMAT})")
    # a heading is written only where it is not the card's name in capitals (e.g. the FAQ's "MT0D12")
    cards = {str(card): {"heading": str(card).upper(), **dict(info)} for card, info in data["cards"].items()}
    not_encoded = {str(k): str(v) for k, v in (data.get("not_encoded") or {}).items()}
    asked = {str(k): str(v) for k, v in (data.get("asked") or {}).items()}
    rulings: dict[str, Ruling] = {}
    for ref, answer in data["answers"].items():
        card, n = parse_ref(ref)
        rulings[ref] = Ruling(ref, card, n, str(answer), not_encoded.get(ref), asked=asked.get(ref))
    read: dict[Path, dict] = {}
    index = FaqIndex(cards, rulings, root, read)
    for file, info in (scenario_sources(root, read) if root.is_dir() else {}).items():
        ruling = rulings.get(index.ref_for(info["ref"]) or "")
        if ruling is not None:
            ruling.scenarios.append({"path": file, **{k: info[k] for k in ("title", "question", "tags")}})
    return index


def scenario_sources(root: Path, read: dict[Path, dict] | None = None) -> dict[Path, dict]:
    """Each FAQ scenario file under root with its ref, title, question and tags (files without a ref are left out);
    each file's data is also kept in `read`, when given."""
    found: dict[Path, dict] = {}
    for path in sorted(root.rglob("*.yaml")):
        data = yaml_data.load_file(path)
        if not isinstance(data, dict) or "scenario" not in data:
            continue
        source = data.get("source")
        if isinstance(source, dict) and source.get("kind") == "faq":
            found[path] = {"ref": str(source.get("ref", "")), "title": str(data["scenario"]),
                           "question": str(data.get("question") or "").strip(), "tags": list(data.get("tags") or [])}
            if read is not None:
                read[path] = data
    return found


def resolve_card(name: str, index: FaqIndex) -> str:
    """The FAQ card a name means (pool names, 'Name: Subtitle', FAQ headings, any case); FaqError with a hint."""
    folded = name.strip().casefold()
    for card, info in index.cards.items():
        if folded in (card.casefold(), str(info["heading"]).casefold()):
            return card
    from judgekit.scenario.pool import Pool, real_cards
    pool = Pool()
    for definition in real_cards():
        pool.add(definition)
    definition, why = pool.lookup(name.strip(), loose=True)  # a start or a near spelling, as `card` takes
    if definition is None:
        raise FaqError(why)
    return definition.full_name


def verdicts(paths: list[Path], jobs: int | None = None) -> dict[Path, dict]:
    """judgekit's live verdict on each scenario file: {status, contested, known_failure, report}."""
    from judgekit.corpus import runner

    return {Path(result.file): verdict_of(result) for result in runner.check_all(paths, jobs=jobs)}


def verdict_of(result) -> dict:
    """The verdict of one file's check (a judgekit.corpus.runner.FileResult)."""
    from judgekit.corpus import runner

    if result.status == runner.PASSED:
        status = CONTESTED if result.contested else REPRODUCED
    elif result.status == runner.KNOWN_FAILURE:
        status = KNOWN_FAILURE
    else:
        status = FAILING
    return {"status": status, "contested": result.contested, "known_failure": result.known_failure or None,
            "report": result.report if status == FAILING else ""}


def worst(statuses: list[str]) -> str:
    order = (FAILING, KNOWN_FAILURE, CONTESTED, REPRODUCED)
    return next(s for s in order if s in statuses)


def describe(rulings: list[Ruling], root: Path, jobs: int | None = None) -> list[dict]:
    """Each ruling with our question, the answer and judgekit's live verdict, as JSON-ready data."""
    files = [Path(s["path"]) for r in rulings for s in r.scenarios]
    live = verdicts(files, jobs) if files else {}
    out = []
    for ruling in rulings:
        scenarios = []
        for s in ruling.scenarios:
            verdict = live[Path(s["path"])]
            scenarios.append({"file": Path(s["path"]).relative_to(root).as_posix(), "title": s["title"],
                              "question": s["question"], "tags": s["tags"], **verdict})
        status = worst([s["status"] for s in scenarios]) if scenarios else NOT_ENCODED
        out.append({"ref": ruling.ref, "card": ruling.card, "n": ruling.n,
                    "question": scenarios[0]["question"] if scenarios else None, "asked": ruling.asked,
                    "answer": ruling.answer,
                    "status": status, "not_encoded": None if scenarios else (ruling.not_encoded or "no scenario"),
                    "scenarios": scenarios})
    return out


def tally(described: list[dict]) -> dict:
    """How many answers are reproduced, contested, known failures, failing and not encoded; with reasons."""
    counts = {status: sum(d["status"] == status for d in described) for status in STATUSES}
    reasons: dict[str, int] = {}
    for d in described:
        if d["status"] == NOT_ENCODED:
            reasons[d["not_encoded"]] = reasons.get(d["not_encoded"], 0) + 1
    known = [{"ref": d["ref"], "reason": s["known_failure"]} for d in described for s in d["scenarios"]
             if s["status"] == KNOWN_FAILURE]
    failing = [{"ref": d["ref"], "file": s["file"]} for d in described for s in d["scenarios"]
               if s["status"] == FAILING]
    return {"answers": len(described), **counts, "not_encoded_reasons": dict(sorted(reasons.items())),
            "known_failures": known, "failing_files": failing}


def read_official(path: Path) -> list[tuple[str, list[tuple[str, str]]]]:
    """The publisher's FAQ file: (heading, [(question, answer), ...]) in order. Used to check the index."""
    blocks: list[list[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            continue
        if not line.strip():
            if blocks[-1]:
                blocks.append([])
            continue
        blocks[-1].append(line.strip())
    out = []
    for block in (b for b in blocks if b):
        heading, lines = block[0], block[1:]
        if len(lines) % 2:
            raise FaqError(f"{path}: {heading}: a question without an answer")
        out.append((heading, list(zip(lines[0::2], lines[1::2]))))
    return out
