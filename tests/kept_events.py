"""A list kept from ``match.events`` holds only Events, whatever moves follow (both formats' property
tests; ``rulings_lib/match.py``: events are appended as Events, never as bare records)."""

from rulings_lib.events import Event
from rulings_lib.verbs import Action


def only_events(events) -> bool:
    return all(type(e) is Event and type(e.step) is int and type(e.code) is str and type(e.args) is dict
               for e in events)


def check_kept_events(m, steps, apply, refusals) -> None:
    """Play ``steps`` on ``m`` (applied, or pushed every third; popped every fifth; ``refusals`` caught)
    and check the list kept from ``m.events`` before the first move at every moment."""
    kept = m.events
    for i, (verb, args) in enumerate(steps):
        try:
            if i % 3 == 2:
                m.push(Action(verb, args))
            else:
                apply(m, verb, args)
        except refusals:
            pass
        assert only_events(kept) and kept is m.events
        if i % 5 == 4 and m.move_stack:
            m.pop()
            assert only_events(kept)
    assert only_events(m.copy().events)
