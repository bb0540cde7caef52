"""Transcript events and the typed end of a match (the match base is :mod:`rulings_lib.match`)."""

from __future__ import annotations

from collections import namedtuple

from .errors import IllegalAction
from .i18n import Msg, plain_args, render
from .values import Value, field

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

_EventFields = namedtuple("_EventFields", "step rule code args")   # (int, str, str, dict)


class Event(_EventFields):
    """One thing that happened: the step that caused it (0 = setup), the rule id, and what
    happened as a message ``code`` with its ``args`` (plain data); ``text`` is its English
    rendering, made when it is read (the engines record many events nobody reads). Every event is
    coded: there is no event made from an English sentence.

    >>> e = Event.coded(0, "STD-TURN", "common.transcript.scenario", {"title": "X"})
    >>> e.text, e.render("ja")
    ('Scenario: X', 'シナリオ: X')
    """

    __slots__ = ()

    @classmethod
    def coded(cls, step: int, rule: str, code: str, args: dict[str, Any] | None = None) -> Event:
        """An event from a catalogue code and its arguments."""
        return cls(step, rule, code, args if args is not None else {})

    @property
    def text(self) -> str:
        """The event in English."""
        return render(self.code, self.args, "en")

    def render(self, lang: str = "en") -> str:
        """The event in words, in ``lang``."""
        return render(self.code, self.args, lang)

    def as_dict(self) -> dict[str, Any]:
        """The outcome's form of the event: ``step``, ``rule``, ``text`` (English), ``code``, ``args``."""
        return {"step": self.step, "rule": self.rule, "text": self.text, "code": self.code,
                "args": plain_args(self.args)}


def event_dicts(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The outcome's ``events`` list (scenario-format: each with ``code`` and ``args`` besides
    ``step``, ``rule`` and the English ``text``)."""
    return [e.as_dict() for e in events]


def event_text(event: dict[str, Any], lang: str = "en") -> str:
    """One outcome event dict in words, by its code and arguments (every event has a code)."""
    return render(event["code"], event.get("args") or {}, lang)


class Outcome(Value, frozen=True):
    """How a match ended: the winning team or tag, the rule id that ended it, and why
    (python-chess's ``Outcome``): ``text`` in English, ``code`` and ``args`` the message, which
    :meth:`render` words in any language (``==`` and the hash leave them out)."""

    winner: str
    termination: str
    text: str
    code: str | None = field(default=None, compare=False)
    args: dict[str, Any] | None = field(default=None, compare=False)

    @classmethod
    def of(cls, winner: str, termination: str, message: Msg) -> Outcome:
        return cls(winner, termination, str(message), message.code, message.args)

    def render(self, lang: str = "en") -> str:
        """Why the match ended, in ``lang``."""
        return self.text if self.code is None else render(self.code, self.args, lang)


def rejection_dict(step: int, err: IllegalAction) -> dict[str, Any]:
    """A rejected scenario step as the outcome lists it: ``step``, ``rule``, ``reason`` (English),
    and its ``code`` and ``args`` (an IllegalAction raised with a bare English sentence has none)."""
    out: dict[str, Any] = {"step": step, "rule": err.rule, "reason": err.reason}
    if err.code is not None:
        out.update(code=err.code, args=plain_args(err.params))
    return out
