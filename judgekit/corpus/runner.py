"""Run a corpus of scenario files: find them, run each, compare with `expect` and the golden ruling.

Every result is plain data (no timings), so a report over the same files is the same bytes.
"""
from __future__ import annotations

import gc
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from judgekit.corpus import golden
from judgekit.corpus.select import Selector

SCENARIO_SUFFIXES = (".yaml", ".yml")
PASSED, FAILED, ERRORED = "passed", "failed", "errored"


@dataclass
class FileResult:
    """The outcome of checking one scenario file."""

    file: str
    status: str
    name: str = ""
    tags: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)   # expectations that did not hold, one line each
    problems: list[str] = field(default_factory=list)   # bad input, as file:line: field: message
    contested: list[dict] = field(default_factory=list)  # {held_by, follows}
    golden: str = "absent"                  # absent | matches | differs | updated | other-edition
    golden_diff: list[str] = field(default_factory=list)
    selected: bool = True

    def as_dict(self) -> dict:
        out = asdict(self)
        del out["selected"]
        return out

    @property
    def report(self) -> str:
        """Everything wrong with this file, as the lines a person reads."""
        lines = list(self.problems) + list(self.failures)
        for c in self.contested:
            lines.append(f"contested: {'follows' if c['follows'] else 'differs from'} the ruling held by {c['held_by']}")
        if self.golden == "differs":
            lines.append(f"the ruling differs from the recorded one ({golden.path_for(Path(self.file)).name}):")
            lines += self.golden_diff
        return "\n".join(lines)


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files under the paths (folders searched recursively), sorted, each once."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found += sorted(p for p in path.rglob("*") if p.suffix in SCENARIO_SUFFIXES and p.is_file())
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def check_file(path: Path, edition: str | None = None, update: bool = False,
               selector: Selector | None = None) -> FileResult:
    """Build, run and check one scenario file (and write its golden ruling when `update`)."""
    from judgekit.rules.book import load_rulebook
    from judgekit.ruling import ruling, run_scenario
    from judgekit.scenario.build import build_file
    from judgekit.scenario.yaml_lines import InputError

    book = load_rulebook()
    if not path.is_file():
        return FileResult(str(path), ERRORED, problems=[f"{path}: no such file"],
                          selected=selector is None or selector.matches(str(path), "", []))
    try:
        built = build_file(path, book)
    except InputError as error:
        return FileResult(str(path), ERRORED, problems=[p.render() for p in error.problems],
                          selected=selector is None or selector.matches(str(path), "", []))
    name, tags = built.scenario.scenario, list(built.scenario.tags)
    if selector is not None and not selector.matches(str(path), name, tags):
        return FileResult(str(path), PASSED, name, tags, selected=False)
    try:
        result = run_scenario(built)
    except InputError as error:
        return FileResult(str(path), ERRORED, name, tags, problems=[p.render() for p in error.problems])
    data = ruling(built, result, book, edition)
    verdict = data["verdict"]
    out = FileResult(str(path), PASSED, name, tags,
                     failures=[f["message"] for f in verdict["expectations"]["failures"]],
                     contested=[{"held_by": c["held_by"], "follows": c["follows"]} for c in verdict["contested"]])
    if verdict["contested"] and not verdict["follows"]:
        out.failures.append("contested: the engine follows none of the recorded rulings")
        for c in verdict["contested"]:
            out.failures += [f"  [{c['held_by']}] {f['message']}" for f in c["failures"]]
    if update:
        golden.write(path, data)
        out.golden = "updated"
    else:
        recorded = golden.read(path)
        if recorded is not None and recorded.get("edition", {}).get("name") not in (None, data["edition"]["name"]):
            out.golden = "other-edition"  # recorded with citations in another edition: not comparable
        elif recorded is not None:
            out.golden_diff = golden.difference(recorded, golden.normalised(path, data))
            out.golden = "differs" if out.golden_diff else "matches"
    if out.failures or out.golden == "differs":
        out.status = FAILED
    return out


def _check_many(args: tuple) -> list[FileResult]:
    paths, edition, update, selector = args
    results = [check_file(p, edition, update, selector) for p in paths[:1]]
    _freeze_start_up()
    return results + [check_file(p, edition, update, selector) for p in paths[1:]]


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
    """Check every file, in parallel processes when `jobs` > 1; results keep the files' order."""
    jobs = default_jobs(len(paths)) if jobs is None else max(1, jobs)
    results: list[FileResult] = []
    if jobs == 1:
        for path in paths:
            results.append(check_file(path, edition, update, selector))
            _freeze_start_up()
            if progress:
                progress(1)
        return results
    size = max(1, min(100, len(paths) // (jobs * 4) or 1))
    chunks = [paths[i:i + size] for i in range(0, len(paths), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for chunk_results in pool.map(_check_many, [(c, edition, update, selector) for c in chunks]):
            results += chunk_results
            if progress:
                progress(len(chunk_results))
    return results


def summary(results: list[FileResult]) -> dict[str, int]:
    chosen = [r for r in results if r.selected]
    return {"files": len(results), "selected": len(chosen),
            PASSED: sum(r.status == PASSED for r in chosen), FAILED: sum(r.status == FAILED for r in chosen),
            ERRORED: sum(r.status == ERRORED for r in chosen),
            "contested": sum(bool(r.contested) for r in chosen)}
