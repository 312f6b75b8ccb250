"""A card query judgekit cannot read is an error naming the term (exit 2), never a silent result: a term with
nothing to look for, OR/AND and parentheses (the language has neither: all terms are required), comparison signs
it does not read, an unclosed quote; and a negated term read as an option says to put `--` before the query."""
from __future__ import annotations

import pytest

from judgekit.cards.query import QueryError, parse
from tests.entry_point import invoke


@pytest.mark.parametrize("query, says", [
    ("-", "'-': a term with nothing to look for"),
    ("--", "'--': a term with nothing to look for"),
    ("power>=5 OR cost<=1", "'OR': the query language has no OR"),
    ("t:unit or c:red", "run one query for each"),
    ("power>=5 AND t:unit", "'AND': all the terms of a query are required already"),
    ("(t:unit)", "'(t:unit)': the query language has no OR nor parentheses"),
    ("ram≥2", "write ram>=2"),
    ("cost=<3", "write cost<=3"),
    ("power≠4", "write power!=4"),
    ('t:unit n:"goro', """'n:"goro': its quote " is never closed"""),
])
def test_an_unreadable_term_is_named(query, says):
    with pytest.raises(QueryError) as error:
        parse(query)
    assert says in str(error.value)


@pytest.mark.parametrize("words", [["-"], ["--"], ["power>=5", "OR", "cost<=1"], ["(t:unit)"], ["ram≥2"]])
def test_the_cli_refuses_them_with_exit_2(words):
    done = invoke("cards", "-f", "json", "--", *words)
    assert done.exit_code == 2 and "cards: '" in done.output, done.output


def test_a_negated_term_read_as_an_option_says_to_put_double_dash_first():
    done = invoke("cards", "t:unit", "-sell")
    assert done.exit_code == 2
    assert "No such option: -s" in done.output and "then `--`, then the words" in done.output
    assert invoke("cards", "--", "t:unit", "-sell").exit_code == 0


def test_an_unknown_long_option_gets_no_such_hint():
    done = invoke("rule", "4.4", "--bogus")
    assert done.exit_code == 2 and "then `--`" not in done.output
