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
