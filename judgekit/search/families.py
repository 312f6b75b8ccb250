"""A rule's family in the ranking: the rules' own structure decides which member of a family comes first.

A sub-rule saying more precisely what its parent says goes just above it (`prefer_sub_rules`); among the best
matches, a member of a family gains by the query words it matches that not all of its relatives there match
(`prefer_own_words`); among the few best, a sub-rule adding what the question asks goes above its parent
(`prefer_adding_sub_rule`); a heading, whose text only says what
its section is about, gives its place to its first sub-rule, which defines (`heading_yields`). Each step moves
the scores of `Index.search` in place, given the index (judgekit/search/index.py, which calls them); the site's
search does the same in JavaScript with the constants below (judgekit/site/search_index.py).
"""
from __future__ import annotations

import heapq
import re

from judgekit.search import words as text
from judgekit.search.documents import RULE
from judgekit.search.indexing import weight

# Among the ADDING_SHORTLIST best matches, a rule's sub-rule scoring at least ADDING_SHARE of it and matching
# query words it does not, weighing ADDING_IDF or more together (IDF times share), goes just above it; so does
# one scoring at least ADDING_NEAR of it, whatever words it matches (a near tie: the sub-rule is more precise).
ADDING_SHORTLIST, ADDING_SHARE, ADDING_IDF, ADDING_NEAR = 3, 0.6, 2.0, 0.9
# Among the OWN_SHORTLIST best matches, a rule whose parent, sub-rules or siblings are there too gains OWN_WEIGHT
# times the best score times the share (by IDF) of the query its own words say: the query words it matches that
# not all of those relatives match.
OWN_WEIGHT, OWN_SHORTLIST = 0.15, 10
# A heading's text says what its section is about ("This section defines...", "This step settles...").
HEADING = re.compile(r"This (?:section|step)\b")


def headings(index) -> dict[int, int]:
    """Each heading rule's document, and its first sub-rule's."""
    out = {}
    for rule_id, doc in index.rule_position.items():
        children = index.book.children(rule_id) if HEADING.match(index.book.entries[rule_id].text) else ()
        if children and children[0].id in index.rule_position:
            out[doc] = index.rule_position[children[0].id]
    return out


def heading_yields(index, terms: list[str], scores: dict[int, float], matched: dict[int, set[str]]) -> None:
    """A heading (a rule whose text only says what its section is about: "This section defines the [BLOCKER]
    effect keyword", 11.24; "This step settles which player takes the first turn", 7.5) decides nothing
    itself: ranked above its first sub-rule, the one defining what the heading names (11.24.1, 7.5.1), it
    trades places with it, unless the query says no more than the heading's title ("blocker", "equip":
    the section itself is asked for, as the glossary names it)."""
    asked = {index.stem(t) for t in terms}
    for doc, first in index.headings.items():
        if doc not in scores or scores.get(first, 0.0) >= scores[doc]:
            continue
        if asked <= {index.stem(w) for w in text.words(index.documents[doc]["title"])}:
            continue
        scores[first], scores[doc] = scores[doc], scores.get(first, 0.0)
        matched.setdefault(first, set())


def prefer_sub_rules(index, scores: dict[int, float], matched: dict[int, set[str]]) -> None:
    """A sub-rule that says more precisely what its parent says goes just above it: one matching more of the
    query's words than the parent, or the only one of its sub-rules matching all the parent matches."""
    by_number, entries, documents = index.book.by_number, index.book.entries, index.documents
    rules = [d for d in scores if documents[d]["kind"] == RULE]
    children: dict[int, list[int]] = {}
    for doc in rules:
        parent = index.rule_position.get(by_number.get(entries[documents[doc]["key"]].parent_number or "", ""))
        if parent in scores and matched[doc] >= matched[parent]:
            children.setdefault(parent, []).append(doc)
    for parent in sorted(children, key=lambda p: -len(entries[documents[p]["key"]].number)):
        found = children[parent]
        for doc in found:
            if (matched[doc] > matched[parent] or len(found) == 1) and scores[doc] < scores[parent]:
                scores[doc] = scores[parent] * 1.001


def best(scores: dict[int, float], count: int) -> list[int]:
    """The `count` best documents, best first (ties: the earlier document), as sorting them all would give."""
    return heapq.nlargest(count, scores, key=lambda d: (scores[d], -d))


def parent_of(index, doc: int) -> int:
    """A rule document's parent rule document; -1 for a rule with none (a chapter)."""
    entry = index.book.entries[index.documents[doc]["key"]]
    return index.rule_position.get(index.book.by_number.get(entry.parent_number or "", ""), -1)


def prefer_own_words(index, scores: dict[int, float], matched: dict[int, set[str]],
                     share_of: dict[str, float]) -> None:
    """Among the best matches, a rule whose relatives (its parent, its sub-rules, its siblings) are there too gains
    by what its own words say: the query words it matches that not all of them match, weighed by IDF and share
    against the whole query's. A family shares its words (its title is its sub-rules' heading; "gig" and "adjust"
    are in every rule of 6.4), so the general statement and its siblings tie on them; the member matching the words
    the others lack is the one the question is about."""
    documents = index.documents
    shortlist = [d for d in best(scores, OWN_SHORTLIST) if documents[d]["kind"] == RULE]
    if not shortlist:
        return
    parent = {doc: parent_of(index, doc) for doc in shortlist}
    asked = _weight_of(index, {t for t in share_of if index.slot(index.stem(t))}, share_of) or 1.0
    top = scores[shortlist[0]]
    gains = {}
    for doc in shortlist:
        family = [d for d in shortlist
                  if d != doc and (parent[d] == parent[doc] or parent[d] == doc or parent[doc] == d)]
        if not family:
            continue
        shared = set(matched[doc]).intersection(*(matched[d] for d in family))
        gains[doc] = _weight_of(index, matched[doc] - shared, share_of) / asked
    for doc, gain in gains.items():
        scores[doc] += OWN_WEIGHT * top * gain


def prefer_adding_sub_rule(index, scores: dict[int, float], matched: dict[int, set[str]],
                           share_of: dict[str, float]) -> None:
    """Among the best few matches (after the meaning of the query has moved them), a rule's sub-rule that adds
    what the question asks goes just above it: one matching query words the rule does not (rare enough:
    "lower" in "no dice, lower than zero?") and scoring nearly as well, or one scoring within a tenth of it
    whatever it matches (not below a heading: `heading_yields` places its first sub-rule). The general
    statement finds the family, the sub-rule adding the asked detail decides (5.11.4 gives Null Street Cred,
    5.11.4.2 how Null compares with 0; 10.28 orders mandatory replacement effects before optional ones,
    10.28.1 says who picks among mandatory ones; 6.5 defines a value-pair, 6.5.1 says a Gig is in one pair
    only). One sub-rule for each rule: the one matching most of the query with it."""
    for parent in sorted(scores, key=lambda d: (-scores[d], d))[:ADDING_SHORTLIST]:
        if index.documents[parent]["kind"] != RULE:
            continue
        best, best_key = None, None
        near = ADDING_NEAR if index.defined_by(parent) is None else 1.0  # a heading's sub-rules: heading_yields
        for child in index.book.children(index.documents[parent]["key"]):
            doc = index.rule_position.get(child.id)
            if doc not in scores or not ADDING_SHARE * scores[parent] <= scores[doc] < scores[parent]:
                continue
            if (scores[doc] < near * scores[parent]
                    and _weight_of(index, matched[doc] - matched[parent], share_of) < ADDING_IDF):
                continue
            key = (len(matched[doc] | matched[parent]), scores[doc])
            if best_key is None or key > best_key:
                best, best_key = doc, key
        if best is not None:
            scores[best] = scores[parent] * 1.001


def _weight_of(index, terms: set[str], share_of: dict[str, float]) -> float:
    """How much some of the query's words say: their IDFs, each times its share."""
    return sum(share_of.get(t, 1.0) * weight(index.slot(index.stem(t))[0]) for t in terms)
