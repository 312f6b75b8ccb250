"""The check report's JSON text (`check -f json`): the json module's bytes, whichever writer makes them."""
from __future__ import annotations

import json

import pytest

from judgekit.cli.common import plain_to_json, to_json
from judgekit.corpus.discover import collect
from judgekit.corpus.reports import json_report
from judgekit.corpus.runner import FAILED, PASSED, FileResult
from tests.conftest import SCENARIOS

ODD = "a \"quoted\" back\\slash\ttab\nnew line \x01\x1f\x7f café ✓ 🂡 \u2028 </script>"


def _report(file: str) -> dict:
    results = [FileResult(file, FAILED, ODD, [ODD, ""], failures=[ODD], contested=[{"held_by": ODD, "follows": False}],
                          golden_diff=["- a", "+ b"]),
               FileResult("plain.yaml", PASSED, "plain")]
    return json_report(results, "2026-08", collect([SCENARIOS / "examples"]))


@pytest.mark.parametrize("with_orjson", [True, False])
def test_the_check_report_is_written_as_the_json_module_writes_it(monkeypatch, with_orjson):
    """Texts as people write them (quotes, backslashes, control characters, accents, emoji, a line separator), empty
    and nested lists and mappings: the same text from orjson as from the json module, and without orjson too; and
    what orjson refuses (a path that is not UTF-8, a lone surrogate; a number past 64 bits) the json module's way."""
    if not with_orjson:
        monkeypatch.setattr("judgekit.corpus.golden.fast_json", lambda: None)
    report = _report("scenarios/a b/odd.yaml")
    assert plain_to_json(report) == to_json(report)
    assert json.loads(plain_to_json(report)) == report
    refused = _report("scenarios/\udcff.yaml")
    refused["summary"]["large"] = 2 ** 70
    assert plain_to_json(refused) == to_json(refused)
