"""Where each file of a corpus run reads its recorded ruling from: one consistent generation of the golden files,
under the shared lock (judgekit.corpus.store), worked out file by file as each is checked."""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from judgekit.corpus import golden, store


@dataclass(frozen=True)
class GoldenAt:
    """Where a file's recorded ruling is read from, in one consistent generation; read only when it is checked,
    so a corpus check holds one golden at a time, never all of them."""

    source: Path
    target: Path


class GoldensOf:
    """The GoldenAt of each of `paths`, in order, each worked out only when its file is checked, so a run keeps
    no golden paths for the files still to come (`view`: what to read for each golden, see store.reading)."""

    def __init__(self, paths: list[Path], view: store.View):
        self.paths, self.view = paths, view

    def __len__(self) -> int:
        return len(self.paths)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return GoldensOf(self.paths[index], self.view)
        target = golden.path_for(self.paths[index])
        if not self.view.pending:  # no update being finished: every golden is read where it is
            return GoldenAt(target, target)
        return GoldenAt(self.view(Path(os.path.abspath(target))), target)

    def __iter__(self):
        return (self[i] for i in range(len(self.paths)))


@contextmanager
def goldens(paths: list[Path]):
    """Each file's GoldenAt, under the shared lock for as long as the run reads them (judgekit.corpus.store)."""
    if not paths:
        yield []
        return
    folders = {p.parent for p in paths}  # a golden is kept beside its scenario (golden.path_for)
    store.tidy(folders)
    with store.reading(folders) as view:
        yield GoldensOf(paths, view)
