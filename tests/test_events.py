"""The event registry: a module announces an event by name, the rules that react to it handle it."""
from __future__ import annotations

from judgekit.engine import events
from tests.python_sources import ENGINE, source


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
    def imported(module: str) -> set[str]:
        return {name for _, imported, names in source(ENGINE / f"{module}.py").imports
                if imported == "judgekit.engine" for name in names}

    assert "effects" not in imported("costs") and "effects" not in imported("gig_instructions")
    assert "turn" not in imported("stealing") and "turn" not in imported("gigs")
    assert "events" in imported("costs") and "events" in imported("gigs")  # gigs.gain announces "gigs-gained"


def test_every_event_handler_is_listed_with_the_module_that_defines_it():
    """Engine modules load as a ruling needs them: `announce` loads an event's handling modules first."""
    found: dict[str, set[str]] = {}
    for path in ENGINE.glob("*.py"):
        for called, first in source(path).decorators:
            if called == "events.handles":
                found.setdefault(first, set()).add(path.stem)
    assert found == {name: set(modules) for name, modules in events.HANDLER_MODULES.items()}
