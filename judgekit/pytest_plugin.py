"""The judgekit pytest plugin: scenario files become test items, with judgekit's differences as the report.

Registered through the `pytest11` entry point, so `pytest scenarios/` works in any project that
installs judgekit. A `.yaml`/`.yml` file is collected when it has a top-level `scenario:` key.
Disable with `-p no:judgekit`.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

_SCENARIO_KEY = re.compile(r"^scenario\s*:", re.MULTILINE)


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("judgekit", "judgekit scenario files")
    group.addoption("--judgekit-edition", default=None, help="Render citations in this rules edition.")
    group.addoption("--judgekit-update", action="store_true", default=False,
                    help="Record each scenario's ruling as its golden NAME.ruling.json.")


def is_scenario_file(path: Path) -> bool:
    if path.suffix not in (".yaml", ".yml"):
        return False
    try:
        head = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return bool(_SCENARIO_KEY.search(head))


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioProblem(Exception):
    """A scenario that failed its expectations or could not be read; carries judgekit's report."""

    def __init__(self, report: str, errored: bool):
        super().__init__(report)
        self.report = report
        self.errored = errored


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    """One scenario: runs the ruling and checks `expect`, contested rulings and the golden ruling."""

    def runtest(self) -> None:
        from judgekit.corpus.runner import ERRORED, FAILED, KNOWN_FAILURE, PASSED, check_file

        config = self.config
        result = check_file(self.path, config.getoption("judgekit_edition"), config.getoption("judgekit_update"))
        if result.name:
            self.user_properties.append(("scenario", result.name))
        if result.status == KNOWN_FAILURE or (result.known_failure and result.status == FAILED
                                               and result.golden != "differs"):
            # xfail(strict): xfailed while it fails; once `expect` holds, the pass fails (remove the mark)
            self.add_marker(pytest.mark.xfail(strict=True, reason=f"known failure: {result.known_failure}"))
            if result.status == KNOWN_FAILURE:
                raise ScenarioProblem(result.report, False)
            return
        if result.status != PASSED:
            raise ScenarioProblem(result.report, result.status == ERRORED)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioProblem):
            kind = "bad scenario file" if excinfo.value.errored else "the ruling does not match"
            return f"{self.path.name}: {kind}\n{excinfo.value.report}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"scenario {self.path.name}"
