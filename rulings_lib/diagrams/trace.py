"""A scenario's path as data, whichever the format: the nodes it visited on its format's diagram,
read from the events the engine recorded. Each format's tracer (its record's ``paths`` in
:data:`rulings_lib.formats.FORMATS`: :mod:`.wrgp_path`, :mod:`.tag_path`) makes a
:class:`PathTrace`; :mod:`.path` draws it. Nothing here imports a format or the scenario runner.
"""

from __future__ import annotations

from ..events import event_dicts
from ..values import Value, field

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


class Visit(Value, frozen=True):
    """The path reached ``node`` in ``step`` (0: the setup), by the event citing ``rule``.
    A ``side`` visit (a Speed World effect, a baton touch) does not move the position."""

    node: str
    step: int
    rule: str = ""
    side: bool = False


class PathTrace(Value):
    """What a scenario (or a played match) went through, as nodes of its format's diagram (the
    WRGP map, the tag turn diagram). A node id ``"node#key"`` is a row of a node."""

    name: str
    title: str | dict[str, str]          # the scenario's title, or {lang: title} (see Scenario.title_in)
    visits: list[Visit]
    here: str | None                     # the node of the state after the last step shown
    where: str                           # that state in words (a Msg: English as a str, any language)
    upto: int
    last: int                            # the last step there is
    rejected: list[dict[str, Any]] = field(default_factory=list)   # {step, rule, reason}
    format: str = "wrgp"

    @property
    def nodes(self) -> list[str]:
        """The nodes on the path, in the order first reached."""
        return list(dict.fromkeys(v.node for v in self.visits))


def msg_code(value: object) -> str | None:
    """The message code of an argument given as a message (its JSON form), else None."""
    return value.get("code") if isinstance(value, dict) else None


def event_tuples(obj: Iterable[Any]) -> list[tuple[int, str, str | None, dict[str, Any]]]:
    """``(step, rule, code, args)`` of each event (outcome dicts or the engine's Event objects)."""
    dicts = [e if isinstance(e, dict) else event_dicts([e])[0] for e in obj]
    return [(e["step"], e["rule"], e.get("code"), e.get("args") or {}) for e in dicts]


def check_upto(upto: int | None, last: int) -> int:
    """The last step to show (default: the last there is); a ValueError outside 0..last."""
    upto = last if upto is None else upto
    if not 0 <= upto <= last:
        raise ValueError(f"upto must be a step number from 0 to {last}")
    return upto


def cannot_trace(source: object) -> TypeError:
    """What a tracer says of a source it cannot draw."""
    return TypeError(f"cannot draw the path of {type(source).__name__}: give a scenario file, a Scenario, "
                     f"a RunResult or a WrgpMatch")
