"""The engine's modules do not import each other in circles, at import time or in a function: instructions
reach the effect interpreter through its table (`judgekit.engine.interpreter`), and a condition on a card's power
reaches continuous effects by name (`judgekit.engine.conditions.power_now`), so a rules-concept module imports
only what it uses."""
from __future__ import annotations

from judgekit.engine import interpreter
from tests.python_sources import ENGINE, PACKAGE, Source, source


def _module_level_imports() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports when it is imported."""
    return _imports(anywhere=False)


def _all_imports() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports anywhere, inside functions too."""
    return _imports(anywhere=True)


def _imports(anywhere: bool) -> dict[str, set[str]]:
    names = {path.stem for path in ENGINE.glob("*.py") if path.stem != "__init__"}
    return {name: _engine_modules(source(ENGINE / f"{name}.py"), anywhere) & names - {name} for name in names}


def _engine_modules(module: Source, anywhere: bool) -> frozenset[str]:
    """The engine modules a module imports at its top level, or anywhere."""
    found = set()
    for top, imported, names in module.imports:
        if not (top or anywhere):
            continue
        if imported == "judgekit.engine":
            found |= set(names)
        elif (imported or "").startswith("judgekit.engine."):
            found.add(imported.rsplit(".", 1)[1])
    return frozenset(found)


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_engine_modules_import_each_other_in_no_circle():
    """Not even through an import inside a function (areas, conditions, gear and persistent were one circle)."""
    assert _cycles(_all_imports()) == []


def test_the_interpreter_imports_no_module_that_registers_an_instruction():
    assert not _module_level_imports()["interpreter"] & set(interpreter.INSTRUCTION_MODULES)


def test_every_instruction_the_scenario_format_accepts_is_registered():
    from judgekit.scenario.model.instructions import INSTRUCTION_KEYS
    assert set(INSTRUCTION_KEYS) == set(interpreter.table())


def test_each_instruction_is_listed_with_the_module_that_registers_it():
    """An effect loads only the modules of the instructions it runs (interpreter.lookup), so the list must be right."""
    registered = {}
    for module in interpreter.INSTRUCTION_MODULES:
        for called, first in source(ENGINE / f"{module}.py").decorators:
            if called == "instruction":
                registered[first] = module
    assert registered == interpreter.INSTRUCTION_HOME


def _package_imports() -> dict[str, set[str]]:
    """Every judgekit module -> the judgekit modules it imports anywhere (`from judgekit.x import y` counts as
    importing the module judgekit.x.y when there is one, else judgekit.x)."""
    modules = {".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): path
               for path in PACKAGE.rglob("*.py")}
    known, graph = set(modules), {}
    for name, path in modules.items():
        found = set()
        for _, imported, names in source(path).imports:
            if imported is None:
                found |= set(names) & known
            elif imported.startswith("judgekit"):
                named = {f"{imported}.{name}" for name in names} & known
                found |= named or ({imported} & known)
        graph[name] = found - {name}
    return graph


def test_no_judgekit_modules_import_each_other_in_a_circle():
    """Issue #28: `cli` and `cli.typer_app` imported each other (the quick path's guard and the command table now
    live in cli.guard and cli.commands)."""
    graph = _package_imports()
    assert "judgekit.cli.typer_app" in graph["judgekit.cli"] and graph["judgekit.cli.typer_app"]
    assert _cycles(graph) == []


def test_an_instruction_module_imported_again_registers_in_its_own_place_and_a_rival_is_refused():
    """pytest's in-process runs (pytester) drop the modules a run imported; the next run imports them again, and the
    same instruction then registers a new function object of the same name and module."""
    import pytest

    def make():
        def probe_instruction(ctx, source, controller, arg, refs) -> bool:
            return True
        return probe_instruction
    first, again = make(), make()
    interpreter.instruction("probe-for-test")(first)
    try:
        assert interpreter.instruction("probe-for-test")(again) is again
        assert interpreter._TABLE["probe-for-test"] is again

        def probe_instruction(ctx, source, controller, arg, refs) -> bool:  # another function claiming the name
            return True
        with pytest.raises(ValueError, match="registered twice"):
            interpreter.instruction("probe-for-test")(probe_instruction)
    finally:
        interpreter._TABLE.pop("probe-for-test", None)


def test_an_instruction_says_whether_it_did_what_it_says():
    """"If you do" (10.3.1) follows what happened: an instruction is declared `-> bool` when registered, and one
    returning anything but True or False stops the effect rather than counting as done."""
    import pytest

    from judgekit.engine.context import Context

    def vague(ctx, source, controller, arg, refs):
        return None
    with pytest.raises(TypeError, match="must be declared -> bool"):
        interpreter.instruction("probe-vague")(vague)

    def lying(ctx, source, controller, arg, refs) -> bool:
        return None
    interpreter.instruction("probe-lying")(lying)
    try:
        with pytest.raises(TypeError, match="not whether it did what it says"):
            interpreter._run(Context.__new__(Context), "src", "alice", ({"probe-lying": None},), {})
    finally:
        interpreter._TABLE.pop("probe-lying", None)
    assert all(function.__annotations__.get("return") in ("bool", bool) for function in interpreter.table().values())
