"""The development tools under tools/ (some need packages judgekit does not install, so no test runs them) use
only names judgekit still has: a rename in judgekit that a tool was not told of fails here, not on its next run."""
from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _judgekit_names(tree: ast.Module) -> list[tuple[int, str, str]]:
    """(line, module, name) of every judgekit name a tool imports or reads as `alias.name` from an imported module."""
    modules: dict[str, str] = {}  # a local name bound to a judgekit module -> the module
    used: list[tuple[int, str, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("judgekit"):
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if _is_module(submodule):
                    modules[alias.asname or alias.name] = submodule
                else:
                    used.append((node.lineno, node.module, alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("judgekit") and alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules:
            used.append((node.lineno, modules[node.value.id], node.attr))
    return used


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def test_every_judgekit_name_a_tool_uses_exists():
    tools = sorted(TOOLS.glob("*.py"))
    assert tools
    missing, checked = [], 0
    for path in tools:
        for line, module, name in _judgekit_names(ast.parse(path.read_text(encoding="utf-8"))):
            checked += 1
            if not hasattr(importlib.import_module(module), name):
                missing.append(f"tools/{path.name}:{line}: {module}.{name}")
    assert checked > 20
    assert missing == []
