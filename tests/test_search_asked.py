"""How people ask about each rule, learnt from judgekit's scenarios (judgekit/search/asked.py), and the two
query-time signals beside it: the score FAQ rulings lend to their rules, a question's intent (issue #23)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgekit.resources import data_file
from judgekit.search import asked
from judgekit.search.index import INTENTS, Index
from judgekit.search.words import words

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def queries() -> list[set[str]]:
    return asked.benchmark_queries(ROOT)


@pytest.fixture(scope="module")
def questions(book) -> list:
    """What every scenario asks and the rules that decide it (the files read once for the module)."""
    return asked.scenario_questions(book, ROOT / "scenarios")


@pytest.fixture(scope="module")
def kept_pairs(questions, queries) -> list:
    """What the scenarios teach, those close to a benchmark query left out, as `scenario_pairs` gives them."""
    return asked.kept(questions, queries)


def test_the_shipped_table_is_what_the_scenarios_teach(book, kept_pairs):
    """judgekit/data/search-asked.json is rebuilt from scenarios/ (`python -m judgekit.search.asked`) after
    scenarios or benchmark queries change: the shipped file must be exactly what the checkout gives."""
    learnt, decided = asked.learn(book, kept_pairs), asked.decides(book, kept_pairs)
    assert data_file("search-asked.json").read_text(encoding="utf-8") == asked.render(learnt, decided), \
        "scenarios or benchmark queries changed: rebuild the table with `python -m judgekit.search.asked`"
    assert asked.load() == learnt and asked.load_decides() == decided
    assert set(learnt) <= set(book.entries) and set(decided) <= set(book.entries)


def test_a_rule_decides_the_scenarios_that_name_it_first(book):
    """The prior of the ranking (search.prior.prefer_deciding): each scenario counts once, for the first rule it names."""
    rule_a, rule_b = book.order[0], book.order[1]
    pairs = [("Can I?", [rule_a, rule_b]), ("May I?", [rule_a]), ("Must I?", [rule_b, rule_a])]
    assert asked.decides(book, pairs) == {rule_a: 2, rule_b: 1}
    assert sum(asked.load_decides().values()) > 500


def test_no_benchmark_query_is_learnt_from(questions, queries, kept_pairs):
    """A scenario close to a benchmark query (held-out sets included, compared without being shown) would leak
    the query into the ranking: it is left out of what is learnt."""
    assert len(queries) >= 280
    everything = asked.kept(questions, ())
    kept = kept_pairs
    assert len(kept) < len(everything) and kept and set(map(str, kept)) <= set(map(str, everything))
    for question, _ in kept:
        title, _, asked_ = question.partition(". ")
        assert not asked.near(title, queries) and not asked.near(asked_, queries)
    assert asked.near("Can a face-up Legend without a Sell Tag be spent to pay a cost?",
                      [asked._plain("A face-up Legend with a Sell Tag can be spent to pay a cost")])


def test_a_question_is_asked_without_card_player_names_or_numbers(book):
    names = asked.name_words(book)
    found = asked.asked_words("Alice's Psycho Squad (power 6) attacks Bob's d8=5 Gig. Can Bob decline the block?",
                              names)
    assert found == {"power", "attacks", "gig", "decline", "block"}


def test_the_words_of_the_scenarios_become_searchable(book, fresh_search_build, monkeypatch):
    """A word that only the scenarios' questions use is in the vocabulary, so it is searched, not "corrected"
    into some other rule word (an index built from this checkout, not a cache: the session's fresh build)."""
    import judgekit.search.index
    monkeypatch.setattr(judgekit.search.index, "build", lambda book: fresh_search_build)
    index = Index(book, cached_index=False)
    table = asked.load()
    only_asked = {w for said in table.values() for w in words(said)} - \
        {w for e in book.entries.values() for w in re.findall(r"[a-z]+", (e.text + " ".join(e.examples)).lower())}
    assert only_asked and all(index.known(w) for w in only_asked)


def _intent(question: str) -> str | None:
    asked_ = " ".join(question.lower().split())
    return next((name for name, (asks, _) in INTENTS.items() if re.search(asks, asked_)), None)


def test_the_intent_of_a_question_is_read_from_its_wording():
    assert _intent("Do I have to draw when an effect says so?") == "obligation"
    assert _intent("Is the PLAY effect optional?") == "obligation"
    assert _intent("Can I attack with a Legend?") == "permission"
    assert _intent("is it legal to sell two cards") == "permission"
    assert _intent("What happens when both units have the same power?") is None
    assert _intent("how many cards can be in a deck") == "quantity"
    assert _intent("is there a limit on gears, can I equip three?") == "quantity"
    assert _intent("two triggers at once, which one goes first?") == "order"
    assert _intent("does it resolve before or after the steal?") == "order"
    assert _intent("do I have to resolve it first?") == "order"
    assert _intent("my unit was defeated, where does it go?") == "place"
    assert _intent("where is a program while it resolves") == "place"


def test_a_faq_ruling_lends_to_the_rules_it_rests_on(book):
    """The FAQ rulings matching a question best lift the rules they rest on: with lending, each such rule
    scores more than the same search without it."""
    from judgekit.search import index as ranking
    index = Index(book)
    query = "ADRENALINE unit attack the turn it is played and use its spend effect"
    with_lending = {h.key: h.score for h in index.search(query, 200, kinds=("rule",))}
    saved, ranking.LEND = ranking.LEND, 0.0
    try:
        without = {h.key: h.score for h in index.search(query, 200, kinds=("rule",))}
    finally:
        ranking.LEND = saved
    lenders = [h for h in index.search(query, 5, kinds=("ruling",))]
    assert lenders
    lifted = {c for h in lenders for c in h.cites[:ranking.LEND_CITES]}
    assert any(with_lending.get(r, 0) > without.get(r, 0) for r in lifted)
