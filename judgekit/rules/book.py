"""Load the rulebook from rules_text/ and answer look-ups by stable id or by number."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass, field
from functools import lru_cache
from pathlib import Path

from judgekit import cache
from judgekit.rules import editions as editions_module
from judgekit.rules.editions import Edition, load_editions
from judgekit.rules.rules_files import BadRulesFile, check_files, parse_yaml


def rules_dir() -> Path:
    """The rules_text/ folder: $JUDGEKIT_RULES, the installed copy, or the source checkout's."""
    from judgekit.resources import folder
    return folder("rules_text")


@dataclass(frozen=True)
class RuleEntry:
    """One numbered rule, numbered as in the base edition (2026-08)."""

    id: str
    number: str
    text: str
    chapter: str
    chapter_title: str
    title: str | None = None
    section: str | None = None
    examples: tuple[str, ...] = ()
    tips: tuple[str, ...] = ()
    refs: tuple[str, ...] = ()  # ids of the rules this one points to

    @property
    def parent_number(self) -> str | None:
        return self.number.rsplit(".", 1)[0] if "." in self.number else None


@dataclass(frozen=True)
class Term:
    """A glossary entry: a game term or keyword and the rule that defines it."""

    term: str
    rule_id: str
    kind: str
    aliases: tuple[str, ...] = ()


class RuleEntries(Mapping):
    """Rule id -> RuleEntry, each entry made from its stored fields when first looked up: the cached book
    keeps plain lists, which load several times faster than ~700 objects, and a look-up or a ruling
    reads only a handful of rules (issue #16)."""

    __slots__ = ("_fields", "_made")

    def __init__(self, fields: dict[str, tuple]) -> None:
        self._fields = fields
        self._made: dict[str, RuleEntry] = {}

    @classmethod
    def of(cls, entries: dict[str, RuleEntry]) -> RuleEntries:
        return cls({rule_id: astuple(entry) for rule_id, entry in entries.items()})

    def __getitem__(self, rule_id: str) -> RuleEntry:
        entry = self._made.get(rule_id)
        if entry is None:
            fields = self._fields[rule_id]
            entry = self._made[rule_id] = RuleEntry(*fields[:7], *map(tuple, fields[7:]))
        return entry

    def __contains__(self, rule_id) -> bool:
        return rule_id in self._fields

    def __iter__(self):
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)



_TEXT, _TEXT_OR_NONE, _LIST = {str}, {str, type(None)}, {list}


def _entries_from_data(data) -> RuleEntries:
    """The cached fields of every rule, checked column by column (5 texts, 2 optional texts, 3 lists of
    texts, as RuleEntry orders them); lists become tuples when an entry is made."""
    rows = list(data.values()) if type(data) is dict else None
    if rows is None or set(map(type, rows)) - _LIST or {len(row) for row in rows} - {10}:
        raise cache.BadEntry("not a rule's fields")
    columns = list(zip(*rows)) or [()] * 10
    lists = [item for column in columns[7:] for row in column for item in (row if type(row) is list else [None])]
    if any(set(map(type, column)) - _TEXT for column in columns[:5]) or \
            any(set(map(type, column)) - _TEXT_OR_NONE for column in columns[5:7]) or set(map(type, lists)) - _TEXT:
        raise cache.BadEntry("not a rule's fields")
    return RuleEntries(data)


cache.register(RuleEntries, cache.AS_LOADED, lambda entries: entries._fields, _entries_from_data)


@dataclass
class Rulebook:
    """Every rule, by stable id and by base-edition number, plus the editions."""

    entries: RuleEntries
    by_number: dict[str, str]
    editions: dict[str, Edition]
    default_edition: str  # the edition used when none is asked for: a user's or project's, else editions.yaml's
    builtin_edition: str = ""  # editions.yaml's default, whatever a user or project set
    order: list[str] = field(default_factory=list)
    glossary: list[Term] = field(default_factory=list)
    _numbers: dict[tuple[str, str], tuple[str, bool]] = field(default_factory=dict, repr=False)
    _titles: dict[str, str] = field(default_factory=dict, repr=False)
    digest: str = field(default="", repr=False)  # a hash of the rules' content (see content_digest)
    _relations: tuple[dict[str, list[str]], dict[str, list[str]]] | None = field(default=None, repr=False)

    def content_digest(self) -> str:
        """A hash of every rule's text and place and of the glossary (kept in the cached book)."""
        if not self.digest:
            parts = [(e.id, e.number, e.title, e.section, e.text, e.examples, e.tips) for e in self.entries.values()]
            parts.append([(t.term, t.rule_id, t.aliases) for t in self.glossary])
            import json
            digest = cache.new_hash()
            digest.update(json.dumps(parts, ensure_ascii=False).encode())
            self.digest = digest.hexdigest()[:20]
        return self.digest

    @property
    def terms(self) -> dict[str, str]:
        """Every term and alias, lowercased, to the id of its defining rule."""
        out: dict[str, str] = {}
        for term in self.glossary:
            for name in (term.term,) + term.aliases:
                out.setdefault(name.lower(), term.rule_id)
        return out

    def get(self, rule_id: str) -> RuleEntry:
        return self.entries[rule_id]

    def edition_at(self, place) -> str:
        """The edition a file's or folder's rule numbers are read in when neither the command line nor the file
        names one: its project's pin, else JUDGEKIT_EDITION, else judgekit's (judgekit/rules/edition_setting.py);
        EditionSettingError when that setting names no known edition."""
        from judgekit.rules.edition_setting import default_edition
        return default_edition(self.editions, self.builtin_edition or self.default_edition, place)

    def edition(self, name: str | None) -> Edition:
        name = name or self.default_edition
        if name not in self.editions:
            raise KeyError(f"unknown edition {name!r}; known: {', '.join(sorted(self.editions))}")
        return self.editions[name]

    def number(self, rule_id: str, edition: str | None = None) -> tuple[str, bool]:
        """The rule's number in an edition and whether that number is confirmed (memoised per book)."""
        key = (rule_id, edition or self.default_edition)
        if key not in self._numbers:
            self._numbers[key] = self.edition(edition).number_for(self.entries[rule_id].number)
        return self._numbers[key]

    def find(self, number: str, edition: str | None = None) -> RuleEntry | None:
        """The rule that has `number` in `edition`, if any."""
        base = self.edition(edition).base_number_for(number)
        rule_id = self.by_number.get(base) if base else None
        return self.entries[rule_id] if rule_id else None

    def resolve(self, ref: str, edition: str | None = None) -> RuleEntry | None:
        """A rule given as a stable id or as a number in `edition`."""
        if ref in self.entries:
            return self.entries[ref]
        return self.find(ref, edition)

    def short_title(self, rule_id: str) -> str:
        """A few words naming a rule: its own title, a titled ancestor's, else its section's (memoised per book)."""
        if rule_id not in self._titles:
            self._titles[rule_id] = self._find_title(rule_id)
        return self._titles[rule_id]

    def _find_title(self, rule_id: str) -> str:
        entry = self.entries[rule_id]
        number = entry.number
        while number and "." in number:
            candidate = self.entries.get(self.by_number.get(number, ""))
            if candidate is not None and candidate.title:
                return candidate.title
            number = number.rsplit(".", 1)[0]
        if entry.title:
            return entry.title
        return entry.section or entry.chapter_title

    def children(self, rule_id: str) -> list[RuleEntry]:
        return [self.entries[i] for i in self.relations()[0].get(self.entries[rule_id].number, ())]

    def cited_by(self, rule_id: str) -> list[RuleEntry]:
        return [self.entries[i] for i in self.relations()[1].get(rule_id, ())]

    def relations(self) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """The ids of each number's sub-rules and of the rules citing each rule, in rulebook order (worked out
        when first asked)."""
        if self._relations is None:
            children: dict[str, list[str]] = {}
            citing: dict[str, list[str]] = {}
            for rule_id in self.order:
                entry = self.entries[rule_id]
                if entry.parent_number is not None:
                    children.setdefault(entry.parent_number, []).append(rule_id)
                for ref in dict.fromkeys(entry.refs):
                    citing.setdefault(ref, []).append(rule_id)
            self._relations = (children, citing)
        return self._relations

    def nearest(self, number: str, edition: str | None = None, n: int = 3) -> list[str]:
        """Real numbers in `edition` close to a number that does not exist."""
        ed = self.edition(edition)
        known = [ed.number_for(self.entries[i].number)[0] for i in self.order]
        parts = number.split(".")
        while len(parts) > 1 and ".".join(parts) not in known:
            parts = parts[:-1]
        prefix = ".".join(parts)
        import difflib  # only for a "did you mean": not on the way of a good input
        close = difflib.get_close_matches(number, known, n=n, cutoff=0.5)
        if prefix in known and prefix not in close:
            close.insert(0, prefix)
        return close[:n]


def _ref_id(id_of_number: dict[str, str], number: str, rule: dict) -> str:
    if number not in id_of_number:
        raise BadRulesFile(f"rules_text: {rule['number']} refers to {number}, which rules_text does not have")
    return id_of_number[number]


def read_sources(base: Path) -> dict:
    """The YAML of rules_text/ as plain data: chapters, editions, glossary (read when the cached book is
    missing or stale; the book itself is what judgekit's cache keeps)."""
    files = _source_files(base)
    glossary = base / "glossary.yaml"
    return {
        "chapters": [_chapter(f) for f in files[:-2]],
        "editions": parse_yaml(base / "editions.yaml"),
        "glossary": parse_yaml(glossary) if glossary.exists() else None,
    }


def _chapter(path: Path) -> dict:
    """A chapter file's data, its shape checked: `chapter`, `title` and `rules`, each rule with an id and a number."""
    data = parse_yaml(path)
    if not isinstance(data, dict) or not {"chapter", "title", "rules"} <= data.keys():
        raise BadRulesFile(f"{path}: a chapter file needs `chapter`, `title` and `rules`")
    rules = data["rules"]
    for index, rule in enumerate(rules if isinstance(rules, list) else [None]):
        if not isinstance(rule, dict) or not isinstance(rule.get("id"), str) or rule.get("number") is None:
            raise BadRulesFile(f"{path}: rules[{index}] needs an `id` (text) and a `number`")
    return data


def _source_files(base: Path) -> list[Path]:
    return sorted(base.glob("[0-9][0-9]-*.yaml")) + [base / "editions.yaml", base / "glossary.yaml"]


def load_rulebook(folder: str | None = None) -> Rulebook:
    """The rulebook (see _load_rulebook), its default edition the one a user or project set
    (judgekit/rules/edition_setting.py), else rules_text/editions.yaml's; EditionSettingError when that setting
    names no known edition. The setting is read again on each call (the environment or folder may change)."""
    from judgekit.rules.edition_setting import default_edition
    book = _load_rulebook(folder)
    edition = default_edition(book.editions, book.default_edition)
    return book if edition == book.default_edition else _with_default(folder, edition)


@lru_cache(maxsize=8)
def _with_default(folder: str | None, edition: str) -> Rulebook:
    """The book with another default edition: a shallow copy, so the shared book is never changed."""
    import copy
    book = copy.copy(_load_rulebook(folder))
    book.default_edition = edition
    return book


@lru_cache(maxsize=4)
def _load_rulebook(folder: str | None = None) -> Rulebook:
    """Read every chapter file of rules_text/ (cached per folder, and built once per content in judgekit's
    cache, keyed by the files and the code that builds the book)."""
    base = Path(folder) if folder else rules_dir()
    check_files(_source_files(base))
    sources = [f for f in _source_files(base) if f.exists()] + [Path(__file__), Path(editions_module.__file__)]
    return cache.cached("rulebook", sources, lambda: _build_checked(base), Rulebook)


def _build_checked(base: Path) -> Rulebook:
    """_build_rulebook, with a rules text of the wrong shape reported as BadRulesFile (exit 2), not a crash."""
    try:
        return _build_rulebook(base)
    except BadRulesFile:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as error:
        raise BadRulesFile(f"{base}: not in judgekit's rules format ({type(error).__name__}: {error})") from None


def _clear() -> None:
    _load_rulebook.cache_clear()
    _with_default.cache_clear()


load_rulebook.cache_clear = _clear  # type: ignore[attr-defined]


def _build_rulebook(base: Path) -> Rulebook:
    sources = read_sources(base)
    raw_entries: list[tuple[dict, str, str]] = []
    for data in sources["chapters"]:
        for rule in data["rules"]:
            raw_entries.append((rule, str(data["chapter"]), data["title"]))
    id_of_number = {str(r["number"]): r["id"] for r, _, _ in raw_entries}
    entries: dict[str, RuleEntry] = {}
    order: list[str] = []
    for rule, chapter, chapter_title in raw_entries:
        entry = RuleEntry(
            id=rule["id"],
            number=str(rule["number"]),
            text=" ".join(str(rule.get("text", "")).split()),
            chapter=chapter,
            chapter_title=chapter_title,
            title=rule.get("title"),
            section=rule.get("section"),
            examples=tuple(" ".join(e.split()) for e in rule.get("examples", ()) or ()),
            tips=tuple(" ".join(t.split()) for t in rule.get("tips", ()) or ()),
            refs=tuple(_ref_id(id_of_number, str(n), rule) for n in rule.get("refs", ()) or ()),
        )
        if entry.id in entries:
            raise BadRulesFile(f"rules_text: id {entry.id!r} is used by {entries[entry.id].number} and {entry.number}")
        entries[entry.id] = entry
        order.append(entry.id)
    editions, default = load_editions(sources["editions"], [entries[i].number for i in order])
    glossary = []
    if sources["glossary"]:
        for item in sources["glossary"]["terms"]:
            if not isinstance(item["term"], str):  # YAML reads a bare Null, Yes or 1 as another type
                raise BadRulesFile(f"rules_text/glossary.yaml: term {item['term']!r} must be quoted text")
            rule_id = id_of_number.get(str(item["rule"]))
            if rule_id is None:
                raise BadRulesFile(f"rules_text/glossary.yaml: {item['term']!r} names rule {item['rule']}, "
                                 "which rules_text does not have")
            glossary.append(Term(str(item["term"]), rule_id, item.get("kind", "term"),
                                 tuple(str(a) for a in item.get("aliases", ()))))
    book = Rulebook(entries=RuleEntries.of(entries), by_number=id_of_number, editions=editions, default_edition=default,
                    builtin_edition=default, order=order, glossary=glossary)
    book.content_digest()
    return book
