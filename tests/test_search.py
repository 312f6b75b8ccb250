"""One search over rules, terms, FAQ rulings and cards (issue #23): ranking for questions, other games' words,
typos only outside the vocabulary, kinds and the rules each result rests on."""
from __future__ import annotations

import json

import pytest
from tests.entry_point import EntryPointRunner as CliRunner

from judgekit.cli import app
from judgekit.search import words
from judgekit.search.index import Index

runner = CliRunner()


@pytest.fixture(scope="module")
def index(book):
    return Index(book)


def numbers(book, hits):
    return [book.entries[h.key].number for h in hits if h.kind == "rule"]


def test_question_words_are_stop_words_and_do_not_rank(index):
    """"how", "many", "when", "which", "do", "first" say what is asked, not what about (issue #23)."""
    assert index.query_words("How many times per turn can I do it first, and when?") == ["times", "per", "turn"]


@pytest.mark.parametrize("said, meant", [
    ("graveyard", "trash"), ("tap", "spend"), ("untap", "ready"), ("exile", "removed"), ("creature", "unit"),
    ("equipment", "gear"), ("summoning sickness", "lag"), ("haste", "adrenaline"), ("opponent", "rival"),
    ("vigilance", "spend"), ("indestructible", "defeated"), ("toughness", "power"), ("deleted", "defeated"),
])
def test_other_games_words_map_to_this_games_terms(index, said, meant):
    assert meant in index.query_words(said)


def test_a_correctly_spelt_word_of_the_vocabulary_is_never_rewritten(index):
    """Only a word outside the vocabulary is a typo: "legend" stays, "legand" becomes it (issue #23)."""
    assert index.query_words("legend") == ["legend"]
    assert index.query_words("legand") == ["legend"]
    assert index.query_words("bloker") == ["blocker"]


def test_a_misspelt_word_of_another_game_is_corrected_then_mapped(index):
    """Players misspell the words they bring from other games too: "sumoning sickness" is summoning sickness,
    which the table maps to Lag (rule 11.3); "graveyrd" is graveyard, the trash (5.9). A word the table knows
    is not a typo."""
    assert index.query_words("sumoning sickness") == ["lag"]
    assert index.query_words("graveyrd") == ["trash"]
    assert index.query_words("graveyard") == ["trash"]


def test_a_short_unknown_word_is_not_forced_onto_a_rule_word():
    assert words.correct("zq", {"zap": 3}) == "zq"
    assert words.correct("xyzzyq", {"legend": 9}) == "xyzzyq"


def test_lag_decides_whether_a_unit_attacks_the_turn_it_was_played(book, index):
    """11.3.1.1 (a lagging Unit cannot attack) is the deciding rule, not ADRENALINE's exception (11.23)."""
    top = numbers(book, index.search("Can a unit attack the turn it was played?", 3, kinds=("rule",)))
    assert {"11.3.1.1", "9.3.1.1"} & set(top)


def test_the_deciding_sub_rule_comes_before_its_parent(book, index):
    """3.4.1 says what a face-down card's printed information counts for; 3.4 only defines face-down."""
    top = numbers(book, index.search("does the information on a face-down card count", 3, kinds=("rule",)))
    assert top.index("3.4.1") < top.index("3.4") if "3.4" in top else "3.4.1" in top


def test_a_rules_text_outranks_its_example(book):
    """Field weights: a rule whose text says it ranks above one whose example mentions it."""
    from judgekit.search.index import FIELD_WEIGHTS
    assert FIELD_WEIGHTS["title"] > FIELD_WEIGHTS["text"] > FIELD_WEIGHTS["examples"]


def test_every_kind_is_searched_and_rests_on_rules(book, index):
    kinds = {h.kind for h in index.search("blocker", 40)}
    assert kinds == {"rule", "term", "ruling", "card"}
    for hit in index.search("blocker", 40):
        assert hit.cites and all(c in book.entries for c in hit.cites)
    card = next(h for h in index.search("Goro Takemura Hands Unclean", 5) if h.kind == "card")
    assert card.title == "Goro Takemura: Hands Unclean"
    blocker = book.terms["[blocker]"]
    assert blocker in card.cites  # a card rests on its keywords' defining rules


def test_a_faq_ruling_rests_on_the_rules_its_scenario_names(book, index):
    ruling = next(h for h in index.search("adrenaline spend icon", 10, kinds=("ruling",)) if h.key == "GENERAL#1")
    assert ruling.cites == (book.by_number["11.3.1.2"],)  # its expect.refused_by


def test_search_json_keeps_the_rule_keys_and_adds_kind_and_cites():
    done = runner.invoke(app, ["search", "blocker", "-f", "json", "-n", "20"])
    assert done.exit_code == 0, done.output
    data = json.loads(done.output)
    rule = next(d for d in data if d["kind"] == "rule")
    assert {"id", "number", "title", "score", "line", "kind", "cites"} <= set(rule)
    assert rule["cites"][0]["id"] == rule["id"]
    assert {d["kind"] for d in data} >= {"rule", "ruling", "card", "term"}


def test_only_limits_the_kinds_and_a_wrong_kind_is_a_usage_error():
    data = json.loads(runner.invoke(app, ["search", "blocker", "--only", "cards,terms", "-f", "json"]).output)
    assert data and {d["kind"] for d in data} <= {"card", "term"}
    done = runner.invoke(app, ["search", "blocker", "--only", "decks"])
    assert done.exit_code == 2 and "--only" in done.output


def test_the_words_table_is_well_formed():
    from judgekit.resources import data_file
    table = words.read_table(data_file("search-words.yaml").read_text(encoding="utf-8"))
    assert len(table) > 100 and all(table.values())


def test_the_built_index_is_plain_json_data(fresh_search_build):
    """No pickle needed: the cache can keep the index as JSON (issue #23, and the cache moving to JSON only). The
    data are `judgekit.search.index.build(book)`'s, built once per test process (tests/conftest.py)."""
    from judgekit.search.index import build
    from judgekit.search.indexing import build as building
    assert build is building
    data = fresh_search_build
    assert json.loads(json.dumps(data)) == data


def test_a_broken_faq_corpus_leaves_the_rest_searchable(tmp_path, monkeypatch):
    """A JUDGEKIT_FAQ folder whose files are not YAML, or whose recorded rulings are broken, costs only its rulings."""
    (tmp_path / "general").mkdir()
    (tmp_path / "general" / "x.yaml").write_text("scenario: [unclosed\n")
    monkeypatch.setenv("JUDGEKIT_FAQ", str(tmp_path))
    monkeypatch.setenv("JUDGEKIT_HOME", str(tmp_path / "home"))
    done = runner.invoke(app, ["search", "blocker", "-f", "json"])
    assert done.exit_code == 0, done.output
    assert "ruling" not in {d["kind"] for d in json.loads(done.output)}
    (tmp_path / "general" / "x.yaml").write_text("scenario: BLOCKER the turn it is played\n"
                                                 "source: {kind: faq, ref: 'GENERAL#2'}\n")
    (tmp_path / "general" / "x.ruling.json").write_text('{"steps": 3, "verdict": []}')
    done = runner.invoke(app, ["search", "blocker", "--only", "rulings", "-f", "json"])
    assert done.exit_code == 0 and json.loads(done.output)[0]["id"] == "GENERAL#2"


def test_a_state_also_finds_the_rule_stating_its_opposite(book, index):
    """3.5/3.6: ready and spent are opposites; 9.3.2.1 answers "a ready unit?" by naming spent Units, so a query
    saying "ready" also weighs "spent", at half weight, and never replaces what was asked."""
    terms = index.query_words("Can I attack a ready unit?")
    assert index.opposite_words("Can I attack a ready unit?", terms) == {"spent": "ready"}
    assert "spent" not in terms
    hits = index.search("ready rival unit valid attack target", 20, kinds=("rule",))
    assert "9.3.2.1" in numbers(book, hits)
    assert not index.opposite_words("ready or spent", index.query_words("ready or spent"))


def test_another_game_named_in_several_words_is_left_out(index):
    """The name says where the player comes from; its words are other things here (a game piece, 1.7; flash)."""
    assert index.query_words("in One Piece can my leader attack") == index.query_words("can my leader attack")
    assert index.query_words("flesh and blood pitch") == index.query_words("pitch")
    assert index.query_words("my pokemon") == ["unit"]


def test_the_opposites_table_pairs_two_distinct_sides():
    from judgekit.resources import data_file
    opposites = words.read_opposites(data_file("search-words.yaml").read_text(encoding="utf-8"))
    assert opposites["face-up"] == ["face-down"] and "lose" in opposites["win"]
    assert all(word not in sides for word, sides in opposites.items())


def test_a_typo_between_two_words_of_the_vocabulary_becomes_the_likelier():
    """"powr" is one edit from "pour" and from "power": the rules say power far more often; "tye" is one edit from
    "tie" and "type", of which only "tie" has the typed word's length."""
    assert words.correct("powr", {"pour": 4, "power": 114}) == "power"
    assert words.correct("tye", {"tie": 8, "type": 15}) == "tie"  # a slip of a key, likelier than a letter added


@pytest.mark.parametrize("query", ["9.23.2", "rule 9.23.2", "CR 9.23.2.", "how many gigs, 9.23.2?"])
def test_a_rule_number_in_the_query_puts_that_rule_first(index, book, query):
    hits = index.search(query, 3, edition="2026-08")
    assert hits and hits[0].kind == "rule" and book.number(hits[0].key, "2026-08")[0] == "9.23.2"


def test_a_rule_number_is_read_in_the_edition_searched(index, book):
    """11.24 is [BLOCKER] in 2026-08 and another rule in the user's edition, three entries later (the seed)."""
    published = index.search("11.24", 1, edition="2026-08")[0]
    assert book.entries[published.key].title == "[BLOCKER]"
    assert index.search("11.24", 1)[0].key != published.key


def test_a_correction_keeps_the_first_letter_and_the_terminal_says_what_was_searched(index):
    """English words outside the rules' vocabulary mostly differ in their first letter from the rule word they
    would be "corrected" to (trample is not example, flicker not blocker); real typos keep it (issue #23)."""
    assert index.query_words("trample flicker") == ["trample", "flicker"]
    assert index.query_words("blokcer powr") == ["blocker", "power"]
    assert index.corrections("blokcer and trample") == [("blokcer", "blocker")]
    done = runner.invoke(app, ["search", "blokcer", "-n", "1"])
    assert done.output.splitlines()[0] == "searched 'blokcer' as 'blocker' (not words of the rules)"
    assert "searched" not in runner.invoke(app, ["search", "blocker", "-n", "1"]).output


def test_a_table_phrase_counts_about_as_one_thing_said():
    """Each of the n words a table phrase stands for weighs n ** -0.25; a word typed on its own weighs 1."""
    from judgekit.search import words as text
    shares = text.shares([["pending", "effects", "order", "resolve"], ["gear"], ["unit"]])
    assert shares["pending"] == pytest.approx(4 ** -0.25) and shares["gear"] == 1.0
    assert text.shares([["order"], ["pending", "order"]])["order"] == 1.0  # typed on its own too: its largest share


def test_a_contraction_typed_without_its_apostrophe_is_a_stop_word_not_a_typo(index):
    """"dont" is "don't", not DON!! (Eddies); "cant" is "can't", not "cast" (play)."""
    assert index.query_words("i dont want to attack") == ["attack"]
    assert index.query_words("why cant i attack") == ["attack"]


@pytest.mark.parametrize("query, first", [
    ("corpo security", ["Corpo Security"]),
    ("Corpo Security", ["Corpo Security"]),
    ("adam smasher", ["Adam Smasher: Ender of Legends", "Adam Smasher: Metal Over Meat"]),
    ("Johnny Silverhand: Never Stop Fighting", ["Johnny Silverhand: Never Stop Fighting"]),
    ("johnny silverhand never stop fighting", ["Johnny Silverhand: Never Stop Fighting"]),
])
def test_a_query_that_is_a_card_name_finds_that_card_first(index, query, first):
    """A player typing a card's name asks for the card, whose name's words ("security") may match rules better."""
    hits = index.search(query, 5)
    assert [(h.kind, h.key) for h in hits[:len(first)]] == [("card", name) for name in first]


def test_a_card_name_inside_a_question_is_searched_as_words(index):
    """Only the whole query naming a card puts it first: a question about a card still ranks the rules that
    answer it."""
    assert index.search("can corpo security block the turn it is played", 1)[0].kind == "rule"


def test_a_family_member_gains_by_the_words_its_relatives_lack(book, index):
    """families.prefer_own_words: 6.4 and its sub-rules all say "adjust" and "gig"; among them, the one matching
    "value" as well gains, its relatives gain nothing, and a rule with no relative among the best is left as it was."""
    from judgekit.search import families
    doc = {number: index.rule_position[book.by_number[number]] for number in ("6.4", "6.4.3", "6.4.5", "9.3.1")}
    scores = {doc["6.4"]: 10.0, doc["6.4.3"]: 9.0, doc["6.4.5"]: 8.0, doc["9.3.1"]: 7.0}
    matched = {doc["6.4"]: {"adjust", "gig"}, doc["6.4.3"]: {"adjust", "gig"}, doc["6.4.5"]: {"adjust", "gig", "value"},
               doc["9.3.1"]: {"adjust", "gig", "value"}}
    before = dict(scores)
    families.prefer_own_words(index, scores, matched, {"adjust": 1.0, "gig": 1.0, "value": 1.0})
    assert scores[doc["6.4.5"]] > before[doc["6.4.5"]]
    assert [scores[doc[n]] for n in ("6.4", "6.4.3", "9.3.1")] == [before[doc[n]] for n in ("6.4", "6.4.3", "9.3.1")]
    assert scores[doc["6.4.5"]] - before[doc["6.4.5"]] < families.OWN_WEIGHT * 10.0  # a share of the best score


def test_a_rule_deciding_more_scenarios_gains_a_little_among_the_best(book, index):
    """search.prior.prefer_deciding: of two rules matching alike, the one judgekit's scenarios name first more often
    comes first; the gain is at most DECIDES_WEIGHT, and only the best DECIDES_SHORTLIST matches move."""
    from judgekit.search.prior import DECIDES_SHORTLIST, DECIDES_WEIGHT, prefer_deciding
    most = max(index.decides, key=index.decides.get)
    never = next(r for r in book.order if r not in index.decides)
    scores = {index.rule_position[never]: 5.0, index.rule_position[most]: 5.0}
    prefer_deciding(index, scores)
    assert scores[index.rule_position[most]] == pytest.approx(5.0 * (1 + DECIDES_WEIGHT))
    assert scores[index.rule_position[never]] == 5.0
    behind = {index.rule_position[r]: 10.0 - n for n, r in enumerate(book.order[:DECIDES_SHORTLIST])}
    behind[index.rule_position[most]] = 0.5
    prefer_deciding(index, behind)
    assert behind[index.rule_position[most]] == 0.5 or most in book.order[:DECIDES_SHORTLIST]


def test_a_broken_word_table_is_named_in_its_yaml_error(tmp_path):
    """The table of other games' words (search-words.yaml) read with its file's name: an error names the file."""
    from judgekit import yaml_data
    broken = tmp_path / "search-words.yaml"
    for read in (words.read_table, words.read_games, words.read_opposites):
        with pytest.raises(yaml_data.YAMLError) as raised:
            read("words:\n  - said: [tap\n", str(broken))
        assert f'"{broken}", line' in str(raised.value), read.__name__
