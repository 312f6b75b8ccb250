"""Run a corpus of scenario files: find them, run each, compare with `expect` and the golden ruling.

Every result is plain data (no timings), so a report over the same files is the same bytes.
"""
from __future__ import annotations

import gc
import os
import sys
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable

from judgekit.corpus import golden, store
from judgekit.corpus.discover import SCENARIO_SUFFIXES, collect, discover, what_is_there  # noqa: F401  (re-exported)
from judgekit.corpus.golden_sources import GoldenAt, GoldensOf, goldens  # noqa: F401  (re-exported)
from judgekit.corpus.select import Selector

PASSED, FAILED, ERRORED = "passed", "failed", "errored"
INPUT, GOLDEN_ERROR, INTERNAL = "input", "golden", "internal"  # why a file errored
KNOWN_FAILURE = "known-failure"  # fails as its `known_failure` says; not counted as failed
WITHHELD = "withheld"  # with --update: the new ruling was not written, the update withdrawn for bad input elsewhere


@dataclass(slots=True)
class FileResult:
    """The outcome of checking one scenario file."""

    file: str
    status: str
    name: str = ""
    tags: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)   # expectations that did not hold, one line each
    problems: list[str] = field(default_factory=list)   # bad input, as file:line: field: message
    contested: list[dict] = field(default_factory=list)  # {held_by, follows}
    warnings: list[str] = field(default_factory=list)   # not failures: e.g. a ruling stopping at an unscripted choice
    golden: str = "absent"                  # absent | matches | differs | updated | withheld
    golden_diff: list[str] = field(default_factory=list)
    golden_compared: str = ""               # "edition-free" when the golden was recorded in another edition
    error: str = ""                         # when errored: input | golden | internal
    known_failure: str = ""                 # the scenario's known_failure reason, when it has one
    selected: bool = True
    new_golden: bytes | None = None         # with update: the golden file's bytes to record (not reported)

    def as_dict(self) -> dict:
        """The reported fields, as plain data of their own (`dataclasses.asdict` without its generic walk)."""
        return {name: _plain(getattr(self, name)) for name in _REPORTED}

    @property
    def report(self) -> str:
        """Everything wrong with this file, as the lines a person reads."""
        lines = list(self.problems) + list(self.failures)
        for c in self.contested:
            lines.append(f"contested: {'follows' if c['follows'] else 'differs from'} the ruling held by {c['held_by']}")
        if self.golden == "differs":
            how = " (compared by rule id: recorded in another edition)" if self.golden_compared else ""
            lines.append(f"the ruling differs from the recorded one ({golden.path_for(Path(self.file)).name}){how}:")
            lines += self.golden_diff
        return "\n".join(lines)


_REPORTED = tuple(f.name for f in fields(FileResult) if f.name not in ("selected", "new_golden"))


def _plain(value):
    """A copy of a result's value: lists and dicts copied all the way down, the rest as it is."""
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def check_file(path: Path, edition: str | None = None, update: bool = False,
               selector: Selector | None = None) -> FileResult:
    """Build, run and check one scenario file (with `update`, its golden file's bytes are left in `new_golden`
    for the caller to record: golden.record in a store.Update, committed with the others).

    Whatever goes wrong with this file is this file's result: bad input, a corrupt golden ruling or
    judgekit failing on it are "errored" results, never an exception.
    """
    return _check(path, edition, update, selector, _READ)


_READ = object()  # check_file reads the golden itself (the pytest plugin); check_all passes a GoldenAt


def _errored(path: Path, kind: str, problems: list[str], like: FileResult | None = None) -> FileResult:
    base = like or FileResult(str(path), ERRORED)
    base.status, base.error, base.new_golden = ERRORED, kind, None
    base.problems = list(base.problems) + problems
    return base


def _internal(path: Path, error: BaseException) -> str:
    import traceback
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "judgekit" in f.filename] or \
        traceback.extract_tb(error.__traceback__)
    where = f" (in {Path(frames[-1].filename).name}:{frames[-1].lineno})" if frames else ""
    text = str(error).splitlines()[0][:300] if str(error) else ""
    return f"{path}: judgekit failed on this file: {type(error).__name__}{': ' + text if text else ''}{where}"


def _check(path: Path, edition: str | None, update: bool, selector: Selector | None, recorded,
           book=None) -> FileResult:
    """One file's result (`book`: the run's rulebook, see _check_many; None: loaded here)."""
    try:
        _fault(path)
        return _check_unguarded(path, edition, update, selector, recorded, book)
    except RecursionError as error:
        return _errored(path, INTERNAL, [_internal(path, error)])
    except Exception as error:  # one file's failure is that file's result; the run goes on
        return _errored(path, INTERNAL, [_internal(path, error)])


def _fault(path: Path) -> None:
    """Test hook: JUDGEKIT_FAULT=raise-file:NAME or die-file:NAME fails on that file (in a worker, too);
    sleep-file:NAME waits there for a minute (a run to interrupt or kill)."""
    spec = os.environ.get("JUDGEKIT_FAULT", "")
    action, _, name = spec.partition(":")
    if name and path.name == name:
        if action == "raise-file":
            raise RuntimeError("injected fault")
        if action == "die-file":
            os._exit(70)
        if action == "sleep-file":
            import time
            time.sleep(60)


def _check_unguarded(path: Path, edition, update, selector, recorded, book) -> FileResult:
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build, build_file
    from judgekit.scenario.yaml_lines import InputError

    book = load_rulebook() if book is None else book
    if not path.is_file():
        return FileResult(str(path), ERRORED, problems=[f"{path}: {what_is_there(path)}"], error=INPUT,
                          selected=selector is None or selector.matches(str(path), "", []))
    read = None  # (text, document) of a file -k had to read to tell, built from them rather than read again
    if selector is not None and not selector.matches(str(path), "", []):
        left_out, read = _left_out_as_written(path, selector)
        if left_out is not None:
            return left_out
    try:
        built = build_file(path, book) if read is None else build(read[0], str(path), book, doc=read[1])
    except InputError as error:
        return FileResult(str(path), ERRORED, problems=[p.render() for p in error.problems], error=INPUT,
                          selected=selector is None or selector.matches(str(path), "", []))
    name, tags = built.scenario.scenario, list(built.scenario.tags)
    if selector is not None and not selector.matches(str(path), name, tags):
        return FileResult(str(path), PASSED, name, tags, selected=False)
    try:
        result = run_scenario(built)
    except InputError as error:
        return FileResult(str(path), ERRORED, name, tags, problems=[p.render() for p in error.problems], error=INPUT)
    return _judged(path, built, ruling(built, result, book, edition), update, recorded)


def _left_out_as_written(path: Path, selector: Selector) -> tuple[FileResult | None, tuple | None]:
    """The result of a file -k leaves out, told from the name and tags it is written with, without building it
    (the scenario model takes a text `scenario` and a list of texts `tags` as they are); None when only building it
    can tell, with the file's (text, LinedDocument) when it could be read, for building it. Only for a selector that
    leaves the file out by its path alone, which a file that cannot be built is left out by: left out either way,
    whatever else is wrong with it."""
    from judgekit.scenario.yaml_lines import InputError, load_lined, read_text

    try:
        text = read_text(path)
        doc = load_lined(text, str(path))
    except InputError:
        return None, None
    data = doc.data
    name, tags = (data.get("scenario"), data.get("tags", [])) if isinstance(data, dict) else (None, None)
    if not isinstance(name, str) or not isinstance(tags, list) or not all(isinstance(t, str) for t in tags) \
            or selector.matches(str(path), name, tags):
        return None, (text, doc)
    return FileResult(str(path), PASSED, name, list(tags), selected=False), None


def check_ran(path: Path, recorded, ran: tuple | None = None) -> FileResult:
    """What `check_all` gives for one file (no edition, no update; `recorded`: its GoldenAt from `goldens`). With
    `ran`, the (built scenario, result) of the caller's own run of the file, the ruling is made and checked from
    that run instead of building and running the scenario again (the site shows a ruling and its FAQ verdict from
    one run)."""
    if ran is None:
        return _check(path, None, False, None, recorded)
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import ruling

    built, result = ran
    try:
        return _judged(path, built, ruling(built, result, load_rulebook(), None), False, recorded)
    except Exception as error:  # as in _check: one file's failure is that file's result
        return _errored(path, INTERNAL, [_internal(path, error)])


def _judged(path: Path, built, data: dict, update: bool, recorded) -> FileResult:
    """The result of a file whose ruling is `data`: its expectations, contested readings, golden ruling and
    known failure."""
    from judgekit.ruling import scenario_warnings

    name, tags = built.scenario.scenario, [sys.intern(t) for t in built.scenario.tags]  # one copy of each tag
    verdict = data["verdict"]
    out = FileResult(str(path), PASSED, name, tags,
                     failures=[f["message"] for f in verdict["expectations"]["failures"]],
                     contested=[{"held_by": c["held_by"], "follows": c["follows"]} for c in verdict["contested"]],
                     warnings=scenario_warnings(built, data))
    if verdict["contested"] and not verdict["follows"]:
        out.failures.append("contested: the engine follows none of the recorded rulings")
        for c in verdict["contested"]:
            out.failures += [f"  [{c['held_by']}] {f['message']}" for f in c["failures"]]
    if update and not out.failures:  # only a ruling that meets its `expect` is recorded (pytest's rule too)
        out.new_golden = golden.encode(path, data)  # bytes, not the ruling's many objects: what an update holds
        out.golden = "updated"
    else:
        if update:
            out.failures.append(f"not recorded: {path.name}'s expectations fail, so its golden ruling was kept")
            recorded = _READ  # compared with the one kept, as a plain check would (the update's lock is held)
        try:
            target, text = _golden_bytes(path, recorded)
            known = None if text is None or golden.is_encoded_in(path, data, text) else golden.parse(target, text)
        except golden.CorruptGolden as error:
            return _errored(path, GOLDEN_ERROR, [str(error)], out)
        if text is not None:
            out.golden_diff = [] if known is None else golden.compare(path, known, data)
            out.golden = "differs" if out.golden_diff else "matches"
            if known is not None and known["edition"].get("name") != data["edition"]["name"]:
                out.golden_compared = "edition-free"
    if out.failures or out.golden == "differs":
        out.status = FAILED
    if built.scenario.known_failure is not None:
        _apply_known_failure(out, built.scenario.known_failure.reason)
    return out


def _golden_bytes(path: Path, recorded) -> tuple[Path, bytes | None]:
    """The golden file of `path` and its bytes (None when none is recorded): read here (`_READ`, the pytest
    plugin), or from where a GoldenAt says (a corpus run, beside a running update)."""
    if recorded is _READ:
        return golden.path_for(path), golden.read_bytes(path)
    if isinstance(recorded, GoldenAt):
        return recorded.target, golden.load_bytes(recorded.source, recorded.target)
    return golden.path_for(path), None


def _apply_known_failure(out: FileResult, reason: str) -> None:
    """A known failure that still fails its `expect` is not a failure; one that passes is (remove the mark)."""
    out.known_failure = reason
    if out.status == PASSED:
        out.status = FAILED
        out.failures.append("marked known_failure, but judgekit now gives the answer `expect` states: "
                            "remove `known_failure` from the scenario")
    elif out.golden != "differs":
        out.status = KNOWN_FAILURE


def _check_many(args: tuple, progress: Callable[[int], None] | None = None) -> list[FileResult]:
    """Check files one after the other, in this process, with one rulebook: loaded once for them all, not for each
    (None when it cannot be loaded: then each file loads it and reports why, as its result)."""
    from judgekit.rules.book import load_rulebook
    paths, edition, update, selector, recorded = args
    try:
        book = load_rulebook()
    except Exception:  # reported by each file (see _check)
        book = None
    results = []
    for path, before in zip(paths, recorded):
        results.append(_check(path, edition, update, selector, before, book))
        _freeze_start_up()
        if progress:
            progress(1)
    return results


def _freeze_start_up() -> None:
    """Once the first file has loaded the models, rulebook and card pool, keep the garbage collector from
    walking them again for every scenario (about a quarter of a corpus check's time)."""
    global _frozen
    if not _frozen:
        gc.freeze()
        _frozen = True


_frozen = False


def default_jobs(count: int) -> int:
    """One process for small corpora (start-up costs more than it saves), else one per core."""
    return 1 if count < 200 else max(1, min(os.cpu_count() or 1, 8))


def check_all(paths: list[Path], edition: str | None = None, update: bool = False,
              selector: Selector | None = None, jobs: int | None = None,
              progress: Callable[[int], None] | None = None) -> list[FileResult]:
    """Check every file, in parallel processes when `jobs` > 1; results keep the files' order.

    With `update`, the new golden rulings replace the old ones together once every file has run
    (see judgekit.corpus.store); store.GoldenStoreError when they cannot, with nothing changed.
    """
    if not update:
        with goldens(paths) as recorded:
            return _run(paths, edition, False, selector, jobs, progress, recorded)
    jobs = default_jobs(len(paths)) if jobs is None else jobs
    results = []
    with store.updating({golden.path_for(p).parent for p in paths} or {Path.cwd()}) as transaction:
        size = update_batch(jobs)
        for start in range(0, len(paths), size):  # each batch's new goldens staged on disk, then let go
            batch = paths[start:start + size]
            for result in _run(batch, edition, True, selector, jobs, progress, [None] * len(batch)):
                if result.new_golden is not None:
                    staged = golden.record(transaction, Path(result.file), result.new_golden)
                    result.golden, result.new_golden = ("updated" if staged else "matches"), None
                results.append(result)
        if any(r.selected and r.status == ERRORED and r.error != INTERNAL for r in results):
            for result in results:  # bad input (exit 2) changes nothing: the update is withdrawn, all of it
                result.golden = WITHHELD if result.golden == "updated" else result.golden
            return results
        transaction.commit()
    return results


def update_batch(jobs: int) -> int:
    """How many scenarios' new golden files an update holds at once: few in one process; in parallel, enough to
    keep every worker busy between two pools (a new pool costs a fork per worker)."""
    return 100 if jobs <= 1 else 400 * jobs


def require_golden(result: FileResult) -> None:
    """With --require-golden: a scenario checked without a recorded ruling fails, saying so."""
    if result.selected and result.golden == "absent" and result.status != ERRORED:
        result.failures.append(golden.missing(Path(result.file)))
        result.status = FAILED


def _run(paths, edition, update, selector, jobs, progress, recorded) -> list[FileResult]:
    jobs = default_jobs(len(paths)) if jobs is None else max(1, jobs)
    if jobs == 1 or len(paths) < 2:
        return _check_many((paths, edition, update, selector, recorded), progress)
    size = max(1, min(100, len(paths) // (jobs * 4) or 1))
    chunks = [(paths[i:i + size], recorded[i:i + size]) for i in range(0, len(paths), size)]
    done: dict[int, list[FileResult]] = {}
    _in_pool(chunks, done, jobs, edition, update, selector, progress)
    for i in [i for i in range(len(chunks)) if i not in done]:
        # a worker died: run each file of the lost chunk alone, so only the file that kills it is lost
        done[i] = []
        for path, before in zip(*chunks[i]):
            alone: dict[int, list[FileResult]] = {}
            _in_pool([([path], [before])], alone, 1, edition, update, selector, None)
            done[i] += alone.get(0) or [_errored(path, INTERNAL, [
                f"{path}: the worker process checking this file died; the other files were checked"])]
        if progress:
            progress(len(chunks[i][0]))
    return [r for i in range(len(chunks)) for r in done[i]]


def _load_before_fork() -> None:
    """When workers are forked, load what checking a file needs here first (the engine, every rules module of
    it that a ruling would load on first need, the card pool, the scenario validator, orjson, the C library's
    prctl the workers arm), so every worker starts with it, shared, instead of each loading it again."""
    import multiprocessing

    if multiprocessing.get_start_method() != "fork" or _frozen:
        return
    import pkgutil
    from importlib import import_module

    import judgekit.engine
    import judgekit.ruling  # noqa: F401  (the engine and the scenario format)
    from judgekit.corpus.workers import c_library_prctl
    from judgekit.scenario.pool import build_pool
    from judgekit.scenario.validator import scenario_validator

    for module in pkgutil.iter_modules(judgekit.engine.__path__):
        import_module(f"judgekit.engine.{module.name}")
    golden.fast_json()
    build_pool([])
    scenario_validator()
    c_library_prctl()
    _freeze_start_up()


def _in_pool(chunks, done, jobs, edition, update, selector, progress) -> None:
    """Run chunks in worker processes (judgekit.corpus.workers); chunks whose worker died are left out of `done`."""
    from judgekit.corpus.workers import run_in_workers  # only when checking in parallel

    def finished(index: int, results: list[FileResult]) -> None:
        done[index] = results
        if progress:
            progress(len(results))

    _load_before_fork()
    run_in_workers([(p, edition, update, selector, r) for p, r in chunks], jobs, _check_many, finished)


def summary(results: list[FileResult]) -> dict[str, int]:
    chosen = [r for r in results if r.selected]
    return {"files": len(results), "selected": len(chosen),
            PASSED: sum(r.status == PASSED for r in chosen), FAILED: sum(r.status == FAILED for r in chosen),
            ERRORED: sum(r.status == ERRORED for r in chosen),
            "internal_errors": sum(r.error == INTERNAL for r in chosen),
            KNOWN_FAILURE: sum(r.status == KNOWN_FAILURE for r in chosen),
            "contested": sum(bool(r.contested) for r in chosen)}
