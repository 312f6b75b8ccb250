"""How people ask about each rule, learnt from judgekit's own scenarios (doc2query-style expansion).

Each scenario under `scenarios/` asks a question in people's words ("Can she decline its PLAY: draw 2?")
and names the rules that decide it (`expect`: `cites`, `refused_by`; else the rules its recorded ruling
refuses with; else the rules its `source` names). Those pairs say how a rule is asked about: a rule
states what happens ("the player may"), a question says what someone wants to do ("can she decline").
For each rule, the words its scenarios ask with (card and player names, numbers and stop words out)
are kept when they are said about it more than by chance: in at least MIN_SCENARIOS of its scenarios,
or in one when the rule has few, and in few of all the scenarios (a word most questions hold, such as
"attacks", says nothing about one rule). The result, {rule id: its words}, ships as
`judgekit/data/search-asked.json` and becomes each rule's "asked as" field, weighed well below its text.
The same file keeps how many scenarios name each rule first among those that decide them (`decides`): a rule
that decides many questions is likelier to decide the next one (judgekit.search.prior).

    python -m judgekit.search.asked          # rebuild judgekit/data/search-asked.json from scenarios/

A scenario close to a query of judgekit's search benchmarks (benchmarks/search_queries*.yaml, held-out
sets included, compared without being shown) would leak that query into the ranking: such scenarios are
left out of the learning (`near`), and tests/test_search_asked.py checks the shipped table was built so.
"""
from __future__ import annotations

import json
import math
import re
from collections import Counter
from pathlib import Path

from judgekit.rules.book import Rulebook
from judgekit.search import words as text

FORMAT = "judgekit-search-asked/2"
MIN_SCENARIOS = 2  # a word said about a rule in at least this many of its scenarios is kept
MAX_SHARE = 0.03  # ... unless more than this share of all scenarios hold it
NOT_ASKED = frozenset("alice bob judgekit faq scenario shipped card cards".split())  # players, and words about us
_NUMBER = re.compile(r"^[0-9€$]|^d[0-9]+\b")  # 3, 2nd, 2026-08, 0-power, d8


def _plain(question: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", question.lower()))


class WordSets(list):
    """Word sets (see `near`), also indexed by word: a question sharing four in five of its words with a set
    misses at most a fifth of them, so the set holds one of any fifth-plus-one of them (its rarest, here), and is
    compared only then."""

    def __init__(self, sets=()):
        super().__init__(sets)
        self.holding: dict[str, list[int]] = {}
        for i, words in enumerate(self):
            for word in words:
                self.holding.setdefault(word, []).append(i)

    def could_be_near(self, words: set[str]) -> list[set[str]]:
        """The sets holding one of the len(words) - ceil(0.8 * len(words)) + 1 rarest `words`, of a size within a
        fifth of theirs: every set sharing four in five of `words` both ways is one of them."""
        n = len(words)
        rarest = sorted((len(self.holding.get(w, ())), w) for w in words)[:n - math.ceil(0.8 * n) + 1]
        found = sorted({i for _, w in rarest for i in self.holding.get(w, ())})
        return [self[i] for i in found if 0.8 * n <= len(self[i]) and 0.8 * len(self[i]) <= n]


def near(question: str, others: list[set[str]]) -> bool:
    """Whether a question shares four in five of its words, both ways, with one of the others (plain word sets)."""
    words = _plain(question)
    if isinstance(others, WordSets):  # only the sets that could be near are compared
        others = others.could_be_near(words)
    return any(len(words & o) >= 0.8 * max(len(words), len(o)) for o in others if o)


def benchmark_queries(root: Path) -> WordSets:
    """The word sets of every query of the search benchmarks under a checkout (none outside one)."""
    from judgekit import yaml_data
    out = []
    for path in sorted((root / "benchmarks").glob("search_queries*.yaml")):
        out += [_plain(str(q["q"])) for q in (yaml_data.load_file(path) or {})["queries"]]
    return WordSets(out)


def scenario_pairs(book: Rulebook, root: Path, avoid: list[set[str]] = ()) -> list[tuple[str, list[str]]]:
    """(what a scenario asks: its title and question, the ids of the rules that decide it) for each scenario
    whose title and question are not `near` one of `avoid`."""
    return kept(scenario_questions(book, root), avoid)


def kept(questions: list[tuple[str, str, list[str]]], avoid: list[set[str]]) -> list[tuple[str, list[str]]]:
    """The pairs of `scenario_pairs` from `scenario_questions`, leaving out each whose title or question is `near`
    one of `avoid` (the files are read once for several `avoid`)."""
    return [(f"{title}. {question}", rules) for title, question, rules in questions
            if not any(near(t, avoid) for t in (title, question))]


def scenario_questions(book: Rulebook, root: Path) -> list[tuple[str, str, list[str]]]:
    """(title, question, the ids of the rules that decide it) of each scenario under `root` that asks a question
    and names its rules."""
    from judgekit import yaml_data
    from judgekit.search.documents import _expected, _rule_ids, golden_cites
    out = []
    for path in sorted(root.rglob("*.yaml")):
        try:
            data = yaml_data.load_file(path)
        except (OSError, ValueError, yaml_data.YAMLError):
            continue
        if not isinstance(data, dict) or not data.get("question"):
            continue
        edition = data.get("edition")
        rules = _rule_ids(book, _expected(data), edition)
        if not rules:
            golden = path.with_name(path.name[:-len(path.suffix)] + ".ruling.json")
            try:
                recorded = json.loads(golden.read_text(encoding="utf-8")) if golden.is_file() else {}
                rules = golden_cites(recorded)[0] if isinstance(recorded, dict) else []
            except (OSError, ValueError, AttributeError, TypeError, KeyError):
                rules = []
        if not rules and isinstance(data.get("source"), str) and ":" in data["source"]:
            rules = _rule_ids(book, re.findall(r"\d+(?:\.\d+)*", data["source"].split(":", 1)[1]), edition)
        if rules:
            out.append((str(data.get("scenario") or ""), str(data["question"]), rules))
    return out


def name_words(book: Rulebook) -> frozenset[str]:
    """The words of the cards' names and subtitles that the rules never use ("psycho", "squad", "goro")."""
    from judgekit.resources import printed_cards
    cards = printed_cards()
    named = {w for c in cards for w in text.words(f"{c['name']} {c.get('subtitle') or ''}")}
    rules = {w for e in book.entries.values() for w in text.words(" ".join((e.title or "", e.text) + e.examples))}
    return frozenset(named - rules)


def asked_words(question: str, names: frozenset[str]) -> set[str]:
    """The words a question asks with: card and player names, numbers and stop words left out."""
    return {w for w in text.words(question) if w not in names and w not in NOT_ASKED and not _NUMBER.match(w)}


def learn(book: Rulebook, pairs: list[tuple[str, list[str]]]) -> dict[str, str]:
    """{rule id: the words its scenarios ask with, most said first}, kept as the module's docstring says."""
    names = name_words(book)
    asked = [(asked_words(q, names), rules) for q, rules in pairs]
    share = Counter(w for found, _ in asked for w in found)
    by_rule: dict[str, Counter] = {}
    for found, rules in asked:
        for rule_id in rules:
            by_rule.setdefault(rule_id, Counter()).update(found)
    scenarios = Counter(r for _, rules in asked for r in rules)
    limit = MAX_SHARE * len(asked)
    out = {}
    for rule_id in book.order:
        counts = by_rule.get(rule_id)
        if not counts:
            continue
        need = 1 if scenarios[rule_id] < MIN_SCENARIOS else MIN_SCENARIOS
        kept = sorted((w for w, n in counts.items() if n >= need and share[w] <= limit),
                      key=lambda w: (-counts[w], w))
        if kept:
            out[rule_id] = " ".join(kept)
    return out


def decides(book: Rulebook, pairs: list[tuple[str, list[str]]]) -> dict[str, int]:
    """{rule id: how many of the scenarios name it first among the rules deciding them}, in the rules' order."""
    first = Counter(rules[0] for _, rules in pairs if rules)
    return {rule_id: first[rule_id] for rule_id in book.order if first[rule_id]}


def _shipped() -> dict:
    from judgekit.resources import data_file
    try:
        data = json.loads(data_file("search-asked.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("rules"), dict) \
            or not isinstance(data.get("decides"), dict):
        return {}
    return data


def load() -> dict[str, str]:
    """The shipped table ({} when it is missing or not ours)."""
    return {str(k): str(v) for k, v in _shipped().get("rules", {}).items()}


def load_decides() -> dict[str, int]:
    """The shipped counts of `decides` ({} when the table is missing or not ours)."""
    return {str(k): v for k, v in _shipped().get("decides", {}).items() if type(v) is int and v > 0}


def render(table: dict[str, str], decided: dict[str, int]) -> str:
    return json.dumps({"format": FORMAT, "rules": table, "decides": decided}, indent=0, ensure_ascii=False) + "\n"


def main() -> None:
    from judgekit.resources import data_file
    from judgekit.rules.book import load_rulebook
    book = load_rulebook()
    checkout = Path(__file__).resolve().parents[2]
    pairs = scenario_pairs(book, checkout / "scenarios", benchmark_queries(checkout))
    data_file("search-asked.json").write_text(render(learn(book, pairs), decides(book, pairs)), encoding="utf-8")


if __name__ == "__main__":
    main()
