"""What the tests reading judgekit's own code look for in a module (its imports, decorators, calls and strings),
parsed and walked once per test process and source text, whichever tests ask.

Only plain tuples are kept, never the syntax trees: a test process holding every module's tree (about 300,000
nodes) would have the garbage collector walk them again on each full collection, about 1 s of CPU in a run."""
from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

import judgekit

PACKAGE = Path(judgekit.__file__).parent
ENGINE = PACKAGE / "engine"
NOT_A_CONSTANT = "<not a constant>"


@dataclass(frozen=True)
class Source:
    """A module's imports (the module is None for `import x`, "" for `from . import x`), called decorators,
    calls and string constants, each in `ast.walk`'s order."""
    imports: tuple[tuple[bool, str | None, tuple[str, ...]], ...]  # (at the top level, `from` module, names)
    decorators: tuple[tuple[str, object], ...]  # (a called decorator as written, its first argument's value)
    calls: tuple[tuple[int, str | None, object, tuple[str, ...]], ...]  # (line, name called, first argument, keywords)
    strings: tuple[tuple[int, str], ...]  # (line, value) of each string constant


def source(path: Path) -> Source:
    return _source(path.read_text(encoding="utf-8"))


@functools.cache
def _source(text: str) -> Source:
    """Keyed by the text itself: a file changed while the tests run is read again."""
    tree = ast.parse(text)
    top = set(map(id, tree.body))
    imports, decorators, calls, strings = [], [], [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            imports.append((id(node) in top, node.module or "", tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.Import):
            imports.append((id(node) in top, None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            calls.append((node.lineno, name, _first(node.args), tuple(k.arg for k in node.keywords)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            strings.append((node.lineno, node.value))
        decorators += [(ast.unparse(d.func), _first(d.args)) for d in getattr(node, "decorator_list", ())
                       if isinstance(d, ast.Call)]
    return Source(tuple(imports), tuple(decorators), tuple(calls), tuple(strings))


def _first(args: list[ast.expr]) -> object:
    return args[0].value if args and isinstance(args[0], ast.Constant) else NOT_A_CONSTANT
