"""The WRGP match trackers' shared parts, for the Jupyter tracker (:mod:`rulings_lib.widgets.tracker`)
and the browser's (:mod:`rulings_lib.web`): the buttons as Actions, the "activate a card" control, the
inputs' ranges and the words of the status line. The match itself is a game record
(:class:`rulings_lib.record.RecordedMatch`). Nothing here needs Jupyter."""

from __future__ import annotations

from ..errors import IllegalAction, as_message
from ..i18n import Msg, render
from .scenario import RECORD_SETUP
from .tables import CARDS, FORMAT
from .verbs import VERB_TABLE

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..verbs import Action
    from .engine import WrgpMatch

# The format the trackers keep: a saved match of another format is refused by their Load (its file's
# format named), never shown on their WRGP board.
TRACKED = FORMAT


def unusable_in(exc: Exception, lang: str = "en") -> str:
    """Why an input could not be used, in the reader's language where the error is coded (an
    ArgumentError's), for both trackers."""
    render_in = getattr(exc, "render", None)
    return render_in(lang) if callable(render_in) else as_message(exc)


def refusal_in(rejection: IllegalAction, lang: str = "en") -> str:
    """A refusal in the reader's words, its cards named in the reader's language (both trackers)."""
    from ..cards import in_words

    return in_words(rejection.code, rejection.params, lang, CARDS) if rejection.code else rejection.render(lang)


def still_to_come(match: WrgpMatch, lang: str = "en") -> str:
    """The duelists each team still has to come, in words (the status line of both trackers)."""
    from .tables import TEAMS

    return render("widgets.tracker.to_come", {"teams": [Msg("widgets.tracker.team_left", team=t, n=match.lineup - match.pos[t])
                                                        for t in TEAMS]}, lang)


def verb_label(verb: str, lang: str = "en") -> str:
    """A recorded action's verb in the reader's words: the verb table's label ("took back: ..."
    in both trackers), so that the words of a verb live once."""
    for v in VERB_TABLE.verbs.values():
        if (v.method or v.name) == verb:
            return v.describe(VERB_TABLE.format, VERB_TABLE.rule_ids, lang)["label"]  # type: ignore[no-any-return]  # a label is text
    return verb


# ---------------------------------------------------------------------- the trackers' buttons
# Button -> the Action it plays for the chosen team and amount: written once, for the Jupyter
# tracker (rulings_lib/widgets/tracker.py) and the browser's (rulings_lib/web.py).
def next_phase(match: WrgpMatch, team: str | None = None, amount: int | None = None) -> Action:
    """The next phase this turn can have (the engine says which: the match's first turn has no
    Battle Phase, WRGP-F5), or the end of the turn."""
    from ..verbs import Action
    from .tables import PHASE_INDEX, PHASE_KEYS

    for key in PHASE_KEYS[PHASE_INDEX[match.phase_key] + 1:]:
        if match.is_legal("phase", key):
            return Action("phase", key)
    return Action("end_turn", {})


def _buttons() -> dict[str, Callable[..., Action]]:
    from ..verbs import Action
    from .tables import other

    return {
        "next_phase": next_phase,
        "standby": lambda m, t, n: Action("phase", "standby"),
        "end_turn": lambda m, t, n: Action("end_turn", {}),
        "battle_damage": lambda m, t, n: Action("attack", {"by": other(t), "damage": n}),
        "effect_damage": lambda m, t, n: Action("damage", {"by": other(t), "to": t, "amount": n}),
        "pay": lambda m, t, n: Action("pay", {"by": t, "amount": n}),
        "gain": lambda m, t, n: Action("gain", {"by": t, "to": "self", "amount": n}),
        "loss": lambda m, t, n: Action("lose", t),
        "baton_touch": lambda m, t, n: Action("baton_touch", t),
        "sw4": lambda m, t, n: Action("speed_world", {"by": t, "remove": 4}),
        "sw7": lambda m, t, n: Action("speed_world", {"by": t, "remove": 7}),
        "sw10": lambda m, t, n: Action("speed_world", {"by": t, "remove": 10}),
    }


ACTION_BUTTONS = _buttons()

# The trackers' "activate a card" control: the verb table's `activate` (its parameters by, card,
# summon, declare: their words, choices and order come from there), for the Jupyter tracker and the
# browser's alike. A card's effect, cost, Spell Speed and timing come from the card (rulings cards).
CARD_VERB = "activate"


def card_verb(lang: str = "en") -> dict[str, Any]:
    """The ``activate`` verb as ``rulings verbs --json`` describes it (label, help, params in ``lang``)."""
    return VERB_TABLE[CARD_VERB].describe(VERB_TABLE.format, VERB_TABLE.rule_ids, lang)


def card_params(lang: str = "en") -> list[dict[str, Any]]:
    """The control's fields: the ``activate`` verb's parameters (name, type, label and help in
    ``lang``, choices)."""
    return card_verb(lang)["params"]  # type: ignore[no-any-return]  # a verb's description lists its params


def card_action(values: dict[str, Any]) -> Action:
    """The Action the control plays: ``activate`` with the fields filled in (empty ones left out).
    A key that is not one of the verb's parameters is a ValueError (nothing is played)."""
    from ..errors import ArgumentError
    from ..verbs import Action

    names = [p["name"] for p in card_params()]
    allowed = Msg("input.arg.verb_fields", verb=CARD_VERB, names=", ".join(names))
    if not isinstance(values, dict):
        raise ArgumentError(CARD_VERB, allowed, values)
    unknown = sorted(set(values) - set(names), key=str)
    if unknown:
        raise ArgumentError(str(unknown[0])[:40], allowed, values[unknown[0]])
    given = {k: values[k] for k in names if values.get(k) not in (None, "")}
    for p in card_params():
        if p["required"] and p["name"] not in given:     # an empty field the verb needs: nothing is played
            raise ArgumentError(p["name"], Msg("input.arg.card_unknown") if p["type"] == "card" else allowed, None)
    return Action(CARD_VERB, given)


def card_names(param: str, lang: str = "en", card: str | None = None) -> list[str]:
    """The catalogue's names a field of the control offers, in ``lang``: the cards that can be activated
    for ``card``; the Fusion Monsters for ``summon``; every card for a declared name (``declare``)."""
    from ..cards import catalogue

    cards = list(catalogue(CARDS))
    if param == "card":
        cards = [c for c in cards if c.speed is not None]
    elif param == "summon":
        cards = [c for c in cards if c.monster and c.monster.get("fusion")]
    return [c.label(lang) for c in cards]


def card_asks(card: str) -> list[dict[str, Any]] | None:
    """The choices a catalogue card asks for (Power Bond: ``summon``), as PARAMs; None for a name the
    catalogue does not know."""
    from ..cards import card as find

    found = find(card, CARDS) if isinstance(card, str) else None
    return None if found is None else [dict(c) for c in found.choices]

# The tracker's inputs' ranges: the setup parameters' (one declaration).
LIMITS = {p.name: {"min": p.min, "max": p.max} for p in RECORD_SETUP if p.type == "int"}
