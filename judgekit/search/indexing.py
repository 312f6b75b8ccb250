"""Building the search index and keeping it: the documents' fields weighted and saturated (BM25F), the
vocabulary, the stems, the table of other games' words, the names that define a rule and the rules
stating each kind of thing a question may ask for, as plain JSON-able data kept in judgekit's cache,
named by the content it comes from (judgekit.search.index ranks with it).
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from judgekit import cache
from judgekit.cache import new_hash
from judgekit.rules.book import Rulebook
from judgekit.search import words as text
from judgekit.search.documents import RULE, all_documents

FORMAT = 15  # bump when the index's layout, the documents or the stemming change
FIELD_WEIGHTS = {"title": 3.0, "heading": 1.0, "text": 1.0, "facts": 2.5, "examples": 0.25, "asked": 0.3,
                 "questions": 0.5}
K1, B = 1.2, 0.75
# Weights are kept as whole numbers of 1/SCALE (rounded to five decimals): JSON reads integers more than twice
# as fast as decimals, and the postings are the larger half of what a cold `search` reads. `weight` gives the
# value back, the same float as rounding to five decimals gives.
SCALE = 100_000
# What a question asks for, read from its wording, and the words of a rule that answer that kind of question:
# "do I have to" / "is it optional" asks for an obligation (a rule saying must, may, up to), "can I" / "is it
# legal" for a permission (a rule saying may, can, cannot, only): {intent: (how a question asks for it,
# what a rule stating it says)}; "how many" / "is there a limit" asks for a number (a rule stating a count or a
# bound: at least, at most, any number, "three (3)"), and is read first, as it says more than "can I"; "which goes
# first", "who resolves first", "before or after" asks for an order (a rule saying first, then, before, after,
# order: 10.12, 10.13, 6.7.4), read before an obligation or a permission ("do I have to resolve it first"); "where
# does it go" / "where is it" / "does it go to my trash or theirs" / "does it end up in my hand" asks for a place (a
# rule saying where a card is put, goes, moves, returns or stays: 9.19.1.1, 4.12.2, 4.14.2); "who picks" / "who
# decides" / "whose choice" asks for a chooser (a rule saying who chooses, picks or decides, or whom a choice
# belongs to: 10.28.1, 9.23.3, 7.5.2), read first, as "who decides the order" asks who more than what order.
# The index keeps, for each intent, the rules stating it.
INTENTS = {
    "chooser": (r"\bwho (gets to |has to |must |should )?(picks?|chooses?|decides?|choose|pick|decide)\b"
                r"|\bwhose (choice|call|pick|decision)\b|\bwho (makes|has) the (choice|call)\b",
                r"\b(chooses?|choice|picks?|decides?|belongs to|selects?)\b"),
    "quantity": (r"\bhow many\b|\bhow much\b|\blimit\b|\bmax\b|\bmaximum\b|\bmin\b|\bminimum\b|\bcap\b",
                 r"\b(at least|at most|up to|any number|no maximum|maximum|minimum|no more than|exactly|only one|"
                 r"one time|\d+ or more|\d+ or fewer)\b|\(\d+\)"),
    "order": (r"\b(goes|go|resolves?|does|do|happens?|comes?) (it |theirs |them |that |this )?(first|1st)\b"
              r"|\bbefore or after\b|\bafter or before\b|\bwhat order\b|\bwhich order\b|\bwhich (one )?first\b",
              r"\b(first|then|before|after|order|one by one|in turn)\b"),
    "place": (r"\bwhere (does|do|did|is|are|will|would|should)\b|\b(go|goes|end up|ends up) (in|into|to) (my|their|his|her|"
              r"the|whose|which|its)\b",
              r"\b(put into|put in|put on|is put|are put|goes to|go to|goes into|moves? to|moves? into|moved to|"
              r"returns? to|returned to|follows?|remains? in|stays? in|into (its|their|the)|to (its|their) owner's)\b"),
    "obligation": (r"\b(do|does|must) (i|you|they|we|he|she|it|the \w+) (have|need) to\b|\bhave to\b|\boptional\b"
                   r"|\bforced\b|\brequired\b|\bmandatory\b",
                   r"\b(must|may|optional|up to|need not|does not have to)\b"),
    "permission": (r"^(can|could|may)\b|\b(can|may) (i|you|a|an|the|my|it|they|we|he|she)\b|\ballowed\b|\blegal\b"
                   r"|\bable to\b",
                   r"\b(may|can|cannot|can't|can not|only|not able|able|must not|never)\b"),
}


def _fixed(value: float) -> int:
    return round(round(value, 5) * SCALE)


def weight(fixed: int) -> float:
    """A kept weight as the float it stands for."""
    return fixed / SCALE


Slot = tuple[int, list[int], list[int]]  # a stem's posting: its IDF, the documents holding it, their weights


def pack(idf: int, documents: list[int], values: list[int]) -> str:
    """A posting as the index keeps it: one text ("idf doc,doc,... value,value,..."), read back by `unpack`
    only for the stems a query holds (parsing and checking every posting's numbers cost a cold `search` about
    5 ms of its 1.2x budget; a text each costs under 0.5 ms)."""
    return f"{idf} {','.join(map(str, documents))} {','.join(map(str, values))}"


def unpack(packed: str) -> Slot:
    """A posting kept by `pack` (one read from the cache was checked by `_postings_from_data`)."""
    idf, documents, values = packed.split(" ")
    return int(idf), [int(d) for d in documents.split(",")], [int(v) for v in values.split(",")]


def sources() -> list[Path]:
    """The files the built index is derived from (with the rulebook and the FAQ corpus, see `fingerprint`)."""
    from judgekit.resources import CARDS_FILE, data_file
    from judgekit.search import questions
    return [data_file("search-words.yaml"), data_file("faq-index.yaml"), data_file(CARDS_FILE),
            data_file("card-effects.yaml"), data_file("search-asked.json"), Path(__file__), Path(text.__file__),
            Path(__file__).with_name("documents.py"), Path(__file__).with_name("asked.py"),
            Path(__file__).with_name("questions.py"), Path(__file__).parents[1] / "cites.py",
            *(Path(__file__).parents[1] / "engine" / name for name in ("conditions.py", "requirement_words.py"))] \
        + questions.files()


def _faq_stamp() -> str:
    """The FAQ corpus's and the contested corpus's scenario files (an FAQ ruling rests on both) by name, size and
    modification time (reading them all would cost more than the search); "none" without an FAQ corpus, whose
    rulings are then simply not searched."""
    import os
    from judgekit.resources import MissingData, folder
    try:
        pending = [str(folder("faq_corpus"))]
    except (MissingData, OSError):
        return "none"
    try:
        pending.append(str(folder("contested_corpus")))
    except (MissingData, OSError):
        pass
    stamps = []
    while pending:
        try:
            with os.scandir(pending.pop()) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        pending.append(entry.path)
                    elif entry.name.endswith(".yaml"):
                        info = entry.stat()
                        stamps.append(f"{entry.path}:{info.st_size}:{info.st_mtime_ns}")
        except OSError:
            continue
    return "\n".join(sorted(stamps))


def fingerprint(book: Rulebook) -> str:
    digest = new_hash()
    digest.update(f"{FORMAT}:{book.content_digest()}:{_faq_stamp()}".encode())
    return digest.hexdigest()[:20]


class Documents(list):
    """The searched documents as the index keeps them: each a dict of its kind, key and title (texts), the rules
    it rests on (`cites`) and, for some, the lines it shows (`lines`), both lists of texts."""


_TEXT, _LIST = frozenset({str}), frozenset({list})


def _documents_from_data(data) -> Documents:
    """The documents as read from the cache, checked field by field across all of them (a walk of every value,
    as the cache checks plain data, costs a cold `search` several times more)."""
    if type(data) is not list or set(map(type, data)) - {dict}:
        raise cache.BadEntry("not a list of documents")
    lists = [d.get("cites") for d in data] + [d["lines"] for d in data if "lines" in d]
    if any(set(map(type, (d.get(name) for d in data))) - _TEXT for name in ("kind", "key", "title")) or \
            set(map(type, lists)) - _LIST or set(map(type, (item for found in lists for item in found))) - _TEXT:
        raise cache.BadEntry("not a list of documents")
    return Documents(data)


cache.register(Documents, cache.AS_LOADED, list, _documents_from_data)


class Postings(dict):
    """{stem: its posting packed as one text (see `pack`)}, as the index keeps them."""


_PACKED = re.compile(r"(\d+) (\d+(?:,\d+)*) (\d+(?:,\d+)*)")


def _postings_from_data(data) -> Postings:
    """The postings as read from the cache, each checked to be a posting `unpack` reads (documents and weights
    alike in number) without reading its numbers."""
    if type(data) is not dict or set(map(type, data.values())) - _TEXT or not all(
            (m := _PACKED.fullmatch(v)) and m[2].count(",") == m[3].count(",") for v in data.values()):
        raise cache.BadEntry("not the postings of a search index")
    return Postings(data)


cache.register(Postings, cache.AS_LOADED, dict, _postings_from_data)


@dataclass
class IndexData:
    """The built index as judgekit's cache keeps it: each field's type is checked when the entry is read, so a
    damaged or planted entry is rebuilt (judgekit.cache)."""

    documents: Documents
    postings: Postings
    stems: dict[str, str]
    vocabulary: dict[str, int]
    line_stems: dict[str, str]
    defines: dict[str, int]
    table: dict[str, list[str]]
    opposites: dict[str, list[str]]
    longest: int
    says: dict[str, list[int]]  # {an intent of INTENTS: the rules (document numbers) stating that kind of thing}
    decides: dict[str, int]  # {a rule id: how many scenarios name it first among the rules deciding them}


def build(book: Rulebook) -> dict:
    """The index as plain data: documents (kind, key, title, cites, lines), postings, vocabulary, stems."""
    from judgekit.search import asked, questions
    documents = all_documents(book, asked.load(), questions.load())
    stems: dict[str, str] = {}
    frequencies: list[dict[str, float]] = []
    lengths: dict[str, list[int]] = {}
    per_field: list[dict[str, tuple[dict[str, int], int]]] = []
    for doc in documents:
        fields = {}
        for name, value in doc["fields"].items():
            counts: dict[str, int] = {}
            found = text.words(value)
            for word in found:
                root = stems.get(word) or stems.setdefault(word, text.stem(word))
                counts[root] = counts.get(root, 0) + 1
            fields[name] = (counts, len(found))
            lengths.setdefault(name, []).append(len(found))
        per_field.append(fields)
    average = {name: max(1.0, sum(ls) / len(ls)) for name, ls in lengths.items()}
    for fields in per_field:
        weighted: dict[str, float] = {}
        for name, (counts, length) in fields.items():
            norm = 1 - B + B * length / average[name]
            for root, count in counts.items():
                weighted[root] = weighted.get(root, 0.0) + FIELD_WEIGHTS[name] * count / norm
        frequencies.append(weighted)
    slots: dict[str, tuple[list[int], list[int]]] = {}
    for n, weighted in enumerate(frequencies):
        for root, tf in weighted.items():
            found, values = slots.setdefault(root, ([], []))
            found.append(n)
            values.append(_fixed(tf / (K1 + tf)))
    total = len(documents)
    postings = Postings()
    for root, (found, values) in slots.items():
        postings[root] = pack(_fixed(math.log(1 + (total - len(found) + 0.5) / (len(found) + 0.5))), found, values)
    vocabulary: dict[str, int] = {}
    for word, root in stems.items():
        vocabulary[word] = len(slots[root][0])
    table_file = _table_path()
    table_text = table_file.read_text(encoding="utf-8")
    games = {name: [] for name in text.read_games(table_text, str(table_file))}  # named in several words: left out
    table = text.read_table(table_text, str(table_file)) | games
    for said, meant in table.items():
        for word in said.split() + [w for m in meant for w in text.tokens(m)]:
            stems.setdefault(word, text.stem(word))
    line_stems = {token: text.stem(token) for doc in documents for line in document_lines(book, doc)
                  for token in text.tokens(line) if token not in stems}
    defines: dict[str, int] = {}
    position = {(d["kind"], d["key"]): n for n, d in enumerate(documents)}
    names = [(t.term, t.rule_id) for t in book.glossary] + \
        [(alias, t.rule_id) for t in book.glossary for alias in t.aliases] + \
        [(book.entries[r].title, r) for r in book.order if book.entries[r].title]
    for name, rule_id in names:  # glossary terms, then their aliases, then rule titles
        key = " ".join(text.words(name.strip("[]")))
        if key and key not in defines:
            defines[key] = position[(RULE, rule_id)]
    said = {n: book.entries[d["key"]].text.lower().replace("’", "'") for n, d in enumerate(documents)
            if d["kind"] == RULE}
    says = {name: [n for n, t in said.items() if re.search(states, t)] for name, (_, states) in INTENTS.items()}
    return {"documents": Documents({k: d[k] for k in ("kind", "key", "title", "cites")} |
                                   {k: d[k] for k in ("lines",) if k in d} for d in documents),
            "postings": postings, "stems": stems, "vocabulary": vocabulary, "line_stems": line_stems,
            "defines": defines, "table": table, "opposites": text.read_opposites(table_text, str(table_file)),
            "longest": max((len(s.split()) for s in table), default=1), "says": says,
            "decides": {rule_id: n for rule_id, n in asked.load_decides().items() if rule_id in book.entries}}


def _table_path() -> Path:
    from judgekit.resources import data_file
    return data_file("search-words.yaml")


def document_lines(book: Rulebook, doc: dict) -> list[str]:
    """The sentences a hit's line is chosen from."""
    if doc["kind"] == RULE:
        entry = book.entries[doc["key"]]
        return [s for t in (entry.text,) + entry.examples + entry.tips for s in re.split(r"(?<=[.!?])\s+", t) if s]
    return [s for line in doc.get("lines") or () for s in re.split(r"(?<=[.!?])\s+", line) if s]
