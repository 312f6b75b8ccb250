"""A prior from judgekit's own scenarios: a rule that decides many of their questions is likelier to decide the
next one. Among the DECIDES_SHORTLIST best matches, a rule gains DECIDES_WEIGHT times log(1 + n) / log(1 + the most
of any rule), n the scenarios that name it first among the rules deciding them (`judgekit.search.asked`, shipped
in judgekit/data/search-asked.json as `decides`)."""
from __future__ import annotations

import math

from judgekit.search.documents import RULE
from judgekit.search.families import best

DECIDES_WEIGHT, DECIDES_SHORTLIST = 0.2, 10


def prefer_deciding(index, scores: dict[int, float]) -> None:
    """Among the best matches, a rule that decides many of the scenarios' questions gains a little."""
    if not index.decides:
        return
    most = math.log(1 + max(index.decides.values()))
    for doc in best(scores, DECIDES_SHORTLIST):
        if index.documents[doc]["kind"] == RULE:
            scores[doc] *= 1 + DECIDES_WEIGHT * math.log(1 + index.decides.get(index.documents[doc]["key"], 0)) / most
