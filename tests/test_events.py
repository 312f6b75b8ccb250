"""The event registry: a module announces an event by name, the rules that react to it handle it."""
from __future__ import annotations

from judgekit.engine import events


def test_announce_runs_every_handler_of_that_event_with_its_facts():
    seen = []
    events.handles("test-event")(lambda ctx, **facts: seen.append((ctx, facts)))
    events.announce("ctx", "test-event", who="alice")
    events.announce("ctx", "another-event", who="bob")
    assert seen == [("ctx", {"who": "alice"})]
    events._HANDLERS.pop("test-event")


def test_the_gig_adjusted_event_is_handled_by_the_trigger_rules():
    from judgekit.engine import effects
    assert effects.gig_adjusted in events._HANDLERS["gig-adjusted"]


def test_modules_that_announce_events_do_not_import_the_rules_that_handle_them():
    import ast
    from pathlib import Path

    import judgekit.engine as engine
    folder = Path(engine.__file__).parent

    def imported(module: str) -> set[str]:
        tree = ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))
        return {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                and node.module == "judgekit.engine" for alias in node.names}

    assert "effects" not in imported("costs") and "effects" not in imported("gig_instructions")
    assert "turn" not in imported("stealing") and "turn" not in imported("gigs")
    assert "events" in imported("costs") and "events" in imported("gigs")  # gigs.gain announces "gigs-gained"


def test_every_event_handler_is_listed_with_the_module_that_defines_it():
    """Engine modules load as a ruling needs them: `announce` loads an event's handling modules first."""
    import ast
    from pathlib import Path

    import judgekit.engine as engine
    found: dict[str, set[str]] = {}
    for path in Path(engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for decorator in getattr(node, "decorator_list", ()):
                if isinstance(decorator, ast.Call) and ast.unparse(decorator.func) == "events.handles":
                    found.setdefault(decorator.args[0].value, set()).add(path.stem)
    assert found == {name: set(modules) for name, modules in events.HANDLER_MODULES.items()}
