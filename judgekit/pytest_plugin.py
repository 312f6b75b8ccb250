"""The judgekit pytest plugin: scenario files become test items, with judgekit's differences as the report.

Registered through the `pytest11` entry point, so `pytest scenarios/` works in any project that
installs judgekit. A `.yaml`/`.yml` file is collected when it has a top-level `scenario:` key
(even when it is not valid UTF-8 or not valid YAML: then it fails, naming the file and line).
A scenario's `tags` become markers (`pytest -m gear`), registered so `--strict-markers` accepts
them. A golden `NAME.ruling.json` whose scenario is gone is collected as a failing item (as `check` fails it).
`--judgekit-update` stages each passing ruling and commits them together when the session ends, through the
same journal as `judgekit check --update` (judgekit.corpus.store).
Disable with `-p no:judgekit`.
"""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from types import SimpleNamespace

import pytest

from judgekit.plural import counted

_SCENARIO_KEY = re.compile(rb"^(\xef\xbb\xbf)?scenario\s*:", re.MULTILINE)
_MARKER = re.compile(r"^[A-Za-z_][\w.+-]*$")
_GOLDEN_SUFFIX = ".ruling.json"
_HEAD_BYTES = 1_000_000  # how much of a .yaml file is searched for the `scenario:` key
_REGISTERED = pytest.StashKey[set]()  # the tags already registered as markers in this run
_UPDATE = pytest.StashKey[object]()  # the run's golden update (--judgekit-update)
_UPDATE_FAILED = pytest.StashKey[bool]()  # a ruling could not be staged: nothing is committed
_WITHOUT_GOLDEN = pytest.StashKey[int]()  # scenarios checked without a recorded ruling


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("judgekit", "judgekit scenario files")
    group.addoption("--judgekit-edition", default=None, help="Render citations in this rules edition.")
    group.addoption("--judgekit-update", action="store_true", default=False,
                    help="Record each scenario's ruling as its golden NAME.ruling.json "
                         "(never a ruling whose `expect` fails); all together when the run ends, or none.")
    group.addoption("--judgekit-require-golden", action="store_true", default=None,
                    help="Fail a scenario that has no recorded golden ruling (ini: judgekit_require_golden).")
    parser.addini("judgekit_require_golden", "Fail a scenario that has no recorded golden ruling.", type="bool",
                  default=False)


def pytest_configure(config: pytest.Config) -> None:
    """A bad --judgekit-edition is one usage error, before anything is collected. `--judgekit-update` runs in
    this one process even when pytest-xdist would distribute the tests (`-n`): the update is one transaction,
    held by one lock, which worker processes would each try to take."""
    if config.getoption("judgekit_update", False) and config.getoption("dist", "no") != "no":
        config.option.dist, config.option.tx, config.option.numprocesses = "no", [], 0
    edition = config.getoption("judgekit_edition", None)
    if edition is None:
        return
    from judgekit.rules.book import load_rulebook
    known = load_rulebook().editions
    if edition not in known:
        raise pytest.UsageError(f"--judgekit-edition {edition!r}: no such rules edition; "
                                f"known editions: {', '.join(sorted(known))}")


def _head(path: Path) -> bytes:
    try:
        with path.open("rb") as handle:
            return handle.read(_HEAD_BYTES)
    except OSError:
        return b""


def is_scenario_file(path: Path) -> bool:
    """A YAML file with a top-level `scenario:` key, whatever its encoding or the rest of its YAML."""
    return path.suffix in (".yaml", ".yml") and bool(_SCENARIO_KEY.search(_head(path)))


def _scenario_of(golden: Path) -> Path | None:
    """The scenario a golden records, by `check`'s own rule (judgekit.corpus.discover), so both find the same
    orphans."""
    from judgekit.corpus.discover import is_scenario_file as scenario_by_checks_rule

    stem = golden.name[: -len(_GOLDEN_SUFFIX)]
    return next((p for p in (golden.with_name(stem + ".yaml"), golden.with_name(stem + ".yml"))
                 if p.is_file() and scenario_by_checks_rule(p)), None)


def _require_golden(config: pytest.Config) -> bool:
    given = config.getoption("judgekit_require_golden", None)
    return bool(config.getini("judgekit_require_golden") if given is None else given)


def _update_of(config: pytest.Config):
    """The run's golden update (judgekit.corpus.store.Update): every passing ruling is staged in it, and it is
    committed once the session ends (pytest_sessionfinish), so a killed or interrupted run changes nothing."""
    from judgekit.corpus import store

    if _UPDATE not in config.stash:
        config.stash[_UPDATE] = store.Update()
    return config.stash[_UPDATE]


def pytest_sessionfinish(session: pytest.Session, exitstatus) -> None:
    """Commit the run's new golden rulings together, or, when the run was interrupted or one could not be
    written, none of them."""
    update = session.config.stash.get(_UPDATE, None)
    if update is None:
        return
    from judgekit.corpus.store import GoldenStoreError

    try:
        if exitstatus == pytest.ExitCode.INTERRUPTED or session.config.stash.get(_UPDATE_FAILED, False):
            update.discard()
            _say(session.config, "judgekit: golden rulings not updated (the run was interrupted or a ruling "
                                 "could not be written); the recorded ones are unchanged")
        else:
            update.commit()
    except GoldenStoreError as error:
        _say(session.config, f"judgekit: golden rulings not updated: {error}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    finally:
        update.release()


def _say(config: pytest.Config, text: str) -> None:
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_line(text, red=True, bold=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config: pytest.Config) -> None:
    """Scenarios checked without a recorded ruling are mentioned, as `check` mentions them."""
    absent = config.stash.get(_WITHOUT_GOLDEN, 0)
    if absent:
        terminalreporter.write_line(f"judgekit: {counted(absent, 'scenario')} without a golden ruling "
                                    "(--judgekit-require-golden makes them fail)", yellow=True)


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    if file_path.suffix in (".yaml", ".yml"):
        from judgekit.corpus.discover import misspelt_note, misspelt_scenario_key
        key = misspelt_scenario_key(file_path)
        if key is not None:  # not collected: said, so a misspelt scenario is never dropped without a word
            warnings.warn(ScenarioWarning(misspelt_note(file_path, key)), stacklevel=1)
    if file_path.name.endswith(_GOLDEN_SUFFIX) and _scenario_of(file_path) is None:
        return OrphanGoldenFile.from_parent(parent, path=file_path)
    return None


class FailureReport:
    """A failure's whole report for its section, and one line for pytest's short summary (which pytest does
    not trim on CI), so the report is shown once."""

    def __init__(self, text: str, summary: str):
        self.text = text
        self.reprcrash = SimpleNamespace(message=summary)

    def toterminal(self, out) -> None:
        for line in self.text.splitlines():
            out.line(line)

    def __str__(self) -> str:
        return self.text


class ScenarioProblem(Exception):
    """A scenario that failed its expectations or could not be read; carries judgekit's report."""

    def __init__(self, report: str, errored: bool):
        super().__init__(report)
        self.report = report
        self.errored = errored


def _not_utf8(path: Path) -> str | None:
    """`file:line: ...` when the file is not valid UTF-8, naming the line and byte of the first bad byte."""
    try:
        blob = path.read_bytes()
    except OSError as error:
        return f"{path}: cannot read the file: {error.strerror or error}"
    try:
        blob.decode("utf-8")
    except UnicodeDecodeError as error:
        line = blob[:error.start].count(b"\n") + 1
        column = error.start - (blob.rfind(b"\n", 0, error.start) + 1) + 1
        return f"{path}:{line}: not valid UTF-8 (byte 0x{blob[error.start]:02x} at column {column}); " \
               "save the file as UTF-8"
    return None


def _tags(path: Path) -> list[str]:
    """The scenario's `tags`, read without running it (none when the file cannot be read)."""
    from judgekit.scenario.yaml_lines import load_lined
    try:
        data = load_lined(path.read_text(encoding="utf-8"), str(path)).data
    except Exception:  # noqa: BLE001  any unreadable file still gets its item, which reports the real problem
        return []
    tags = data.get("tags") if isinstance(data, dict) else None
    return [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []


class ScenarioFile(pytest.File):
    def collect(self):
        item = ScenarioItem.from_parent(self, name=self.path.stem)
        registered = self.config.stash.setdefault(_REGISTERED, set())
        for tag in _tags(self.path):
            if _MARKER.match(tag):
                if tag not in registered:
                    registered.add(tag)
                    self.config.addinivalue_line("markers", f"{tag}: judgekit scenario tag")
                item.add_marker(tag)
        yield item


def _located(path: Path, line: str) -> str:
    """`line N: field: ...` (a failed expectation) as `file:N: field: ...`."""
    match = re.match(r"^line (\d+): (.*)$", line)
    return f"{path}:{match.group(1)}: {match.group(2)}" if match else line


class ScenarioWarning(UserWarning):
    """A scenario that passes but may not check what was meant (e.g. its ruling stops at an unscripted choice)."""


class ScenarioItem(pytest.Item):
    """One scenario: runs the ruling and checks `expect`, contested rulings and the golden ruling."""

    def runtest(self) -> None:
        from judgekit.corpus.runner import ERRORED, FAILED, KNOWN_FAILURE, PASSED, check_file, require_golden

        problem = _not_utf8(self.path)
        if problem is not None:
            raise ScenarioProblem(problem, errored=True)
        config = self.config
        update = config.getoption("judgekit_update")
        result = check_file(self.path, config.getoption("judgekit_edition"), update)
        for warning in result.warnings:
            warnings.warn(ScenarioWarning(warning), stacklevel=1)
        if update and result.new_golden is not None and result.status != ERRORED:
            self._record(result)  # only a ruling that meets its `expect` has one (judgekit.corpus.runner)
        elif not update and _require_golden(config):
            require_golden(result)
        elif not update and result.golden == "absent" and result.status != ERRORED:
            config.stash[_WITHOUT_GOLDEN] = config.stash.get(_WITHOUT_GOLDEN, 0) + 1
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
            report = [_located(self.path, line) for line in result.report.splitlines()]
            raise ScenarioProblem("\n".join(dict.fromkeys(report)), result.status == ERRORED)

    def _record(self, result) -> None:
        from judgekit.corpus import golden
        from judgekit.corpus.store import GoldenStoreError

        try:
            golden.record(_update_of(self.config), self.path, result.new_golden)
        except GoldenStoreError as error:
            self.config.stash[_UPDATE_FAILED] = True
            raise ScenarioProblem(f"{error}; no golden ruling of this run will be recorded", errored=True) from None
        result.new_golden = None

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioProblem):
            kind = "bad scenario file" if excinfo.value.errored else "the ruling does not match"
            return FailureReport(f"{self.path.name}: {kind}\n{excinfo.value.report}", f"{self.path.name}: {kind}")
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.path.name}"


class OrphanGoldenFile(pytest.File):
    def collect(self):
        yield OrphanGoldenItem.from_parent(self, name=self.path.name[: -len(_GOLDEN_SUFFIX)])


class OrphanGoldenItem(pytest.Item):
    """A recorded ruling whose scenario file is gone: it checks nothing, so it is reported."""

    def runtest(self) -> None:
        from judgekit.corpus.golden import orphan

        raise ScenarioProblem(orphan(self.path), errored=True)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioProblem):
            return f"{self.path.name}: golden ruling without its scenario\n{excinfo.value.report}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"golden ruling {self.path.name}"
