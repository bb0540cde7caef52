"""A WRGP match as a file: its setup plus the list of actions, replayed through the engine.

The engine (:class:`~rulings_lib.wrgp.engine.WrgpMatch`) stays the single source of truth: a
saved match is not a snapshot of LP and counters but the constructor arguments and every action
tried at the table, in order. Loading replays them, so a file can never hold a state the rules
would not reach; it takes time linear in the actions (each one a transaction of the engine, no
copy of the match per action), and an undo puts back the snapshot taken before the last action
(the engine's one snapshot mechanism, :mod:`rulings_lib.match`) instead of replaying the rest.
What a file may hold -- its setup keys and their ranges, its verbs -- comes from the verb table
(:mod:`rulings_lib.wrgp.verbs`), the same declaration the engine and the scenario files use.
Nothing here needs Jupyter.

>>> rec = RecordedMatch()
>>> rec.do("phase", "main1")
>>> rec.do("damage", by="A", to="opponent", amount=8000)
>>> RecordedMatch.from_json(rec.to_json()).match.out
['B1']
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from .. import files
from ..errors import IllegalAction, InputError, as_message
from ..i18n import Msg, render
from ..wrgp.engine import WrgpMatch
from ..wrgp.tables import CARDS
from ..wrgp.verbs import AT, SETUP, VERB_TABLE

FILE_FORMAT = "rulings-kit/wrgp-match"
FILE_VERSION = 1

# The constructor arguments a file may carry (WrgpMatch's keywords, the verb table's setup keys).
_SETUP_PARAMS = {p.name: p for p in SETUP + AT if p.name not in ("cards", "at_zero")}
SETUP_KEYS = tuple(_SETUP_PARAMS)

# The verbs a file may replay: WrgpMatch's actions (the verb table's). Queries (is_legal, state ...) are not.
_BY_METHOD = {v.method or v.name: v for v in VERB_TABLE.verbs.values() if not v.step_only}
VERBS = tuple(_BY_METHOD)


def unusable_in(exc: Exception, lang: str = "en") -> str:
    """Why an input could not be used, in the reader's language where the error is coded (an
    ArgumentError's), for both trackers."""
    render_in = getattr(exc, "render", None)
    return render_in(lang) if callable(render_in) else as_message(exc)


def refusal_in(rejection: IllegalAction, lang: str = "en") -> str:
    """A refusal in the reader's words, its cards named in the reader's language (both trackers)."""
    from ..cards import in_words

    return in_words(rejection.code, rejection.params, lang, CARDS) if rejection.code else rejection.render(lang)


def still_to_come(match, lang: str = "en") -> str:
    """The duelists each team still has to come, in words (the status line of both trackers)."""
    from ..wrgp.tables import TEAMS

    return render("widgets.tracker.to_come", {"teams": [Msg("widgets.tracker.team_left", team=t, n=match.lineup - match.pos[t])
                                                        for t in TEAMS]}, lang)


def verb_label(verb: str, lang: str = "en") -> str:
    """A recorded action's verb in the reader's words: the verb table's label ("took back: ..."
    in both trackers), so that the words of a verb live once."""
    for v in VERB_TABLE.verbs.values():
        if (v.method or v.name) == verb:
            return v.describe(VERB_TABLE.format, VERB_TABLE.rule_ids, lang)["label"]
    return verb


# ---------------------------------------------------------------------- the trackers' buttons
# Button -> the Action it plays for the chosen team and amount: written once, for the Jupyter
# tracker (rulings_lib/widgets/tracker.py) and the browser's (rulings_lib/web.py).
def next_phase(match, team=None, amount=None):
    """The next phase this turn can have (the engine says which: the match's first turn has no
    Battle Phase, WRGP-F5), or the end of the turn."""
    from ..verbs import Action
    from ..wrgp.tables import PHASE_INDEX, PHASE_KEYS

    for key in PHASE_KEYS[PHASE_INDEX[match.phase_key] + 1:]:
        if match.is_legal("phase", key):
            return Action("phase", key)
    return Action("end_turn", {})


def _buttons() -> dict:
    from ..verbs import Action
    from ..wrgp.tables import other

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


def card_verb(lang: str = "en") -> dict:
    """The ``activate`` verb as ``rulings verbs --json`` describes it (label, help, params in ``lang``)."""
    return VERB_TABLE[CARD_VERB].describe(VERB_TABLE.format, VERB_TABLE.rule_ids, lang)


def card_params(lang: str = "en") -> list[dict]:
    """The control's fields: the ``activate`` verb's parameters (name, type, label and help in
    ``lang``, choices)."""
    return card_verb(lang)["params"]


def card_action(values: dict):
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


def card_asks(card: str) -> list[dict] | None:
    """The choices a catalogue card asks for (Power Bond: ``summon``), as PARAMs; None for a name the
    catalogue does not know."""
    from ..cards import card as find

    found = find(card, CARDS) if isinstance(card, str) else None
    return None if found is None else [dict(c) for c in found.choices]


# The tracker's inputs' ranges: the setup parameters' (one declaration).
LIMITS = {name: {"min": p.min, "max": p.max} for name, p in _SETUP_PARAMS.items() if p.type == "int"}


# The JSON reader's diagnoses (its English words) as messages of the catalogue, so that they read in
# Japanese too; any other is quoted as the reader wrote it.
_JSON_PROBLEMS = {
    "Expecting value": "widgets.file.json.value",
    "Expecting property name enclosed in double quotes": "widgets.file.json.name",
    "Expecting ',' delimiter": "widgets.file.json.comma",
    "Expecting ':' delimiter": "widgets.file.json.colon",
    "Unterminated string starting at": "widgets.file.json.string",
    "Invalid control character at": "widgets.file.json.control",
    "Extra data": "widgets.file.json.extra",
    "Invalid \\escape": "widgets.file.json.escape",
}


def _json_problem(problem: str):
    code = _JSON_PROBLEMS.get(problem)
    return Msg(code) if code else problem


class MatchFileError(InputError):
    """A saved match that cannot be used. The message says what is wrong and where."""


# ---------------------------------------------------------------------- checking a file whole
MAX_FILE_BYTES = 4 * 1024 * 1024   # a long match is some thousand actions, a few hundred KB
MAX_DEPTH = 20                     # the deepest a saved match goes is a chain link's effect (5)
MAX_ACTIONS = 20_000
MAX_UNDO = 2_000                   # snapshots kept for undo (older undos replay)
MAX_TEXT = 500
MAX_INT = 10**12                   # LP, amounts, turns: far below; JSON's huge integers are refused
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')

_FILE_WORDS = {"duelist": "widgets.file.positions", "lp": "widgets.file.lps", "spc": "widgets.file.counters"}


def _setup_rule(param):
    """A setup key's check and what it must be, from its parameter (the engine's own check)."""
    check = param.to_check()

    def ok(value) -> bool:
        try:
            check(param.name, value, None)
        except ValueError:
            return False
        return value is not None

    if param.type == "team":
        what = Msg("widgets.file.team")
    elif param.name in _FILE_WORDS:
        what = Msg(_FILE_WORDS[param.name], lo=param.value.min, hi=param.value.max)
    else:
        what = param.to_schema().expected
    return ok, what


# setup key -> (check, what it must be): the engine's limits, so that every match the tracker can
# start (and every state it can reach from there) can be saved and loaded again.
SETUP_RULES = {name: _setup_rule(p) for name, p in _SETUP_PARAMS.items()}


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _teams_of(v, lo: int, hi: int) -> bool:
    return isinstance(v, dict) and set(v) <= {"A", "B"} and all(_is_int(n) and lo <= n <= hi for n in v.values())


def _no_constants(name: str):
    raise ValueError(f"{name} is not a number a saved match holds")


def _int(text: str) -> int:
    if len(text) > 15:
        raise ValueError(f"a {len(text)}-digit number is not a number a saved match holds")
    return int(text)


def _float(text: str) -> float:
    raise ValueError(f"{text[:20]} is not a whole number (a saved match holds whole numbers only)")


def _depth(text: str) -> int:
    """How deeply the JSON nests (strings taken out first), in one pass."""
    depth = deepest = 0
    for ch in _STRING.sub("", text):
        if ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _check_values(value, where: str, count: list) -> Msg | None:
    """The first value no saved match can hold (lone surrogates, overlong text, too many items)."""
    count[0] += 1
    if count[0] > 200_000:
        return Msg("widgets.file.too_many_values")
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return Msg("widgets.file.long_text", where=where, max=MAX_TEXT)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return Msg("widgets.file.surrogate", where=where)
        return None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return None if abs(value) <= MAX_INT else Msg("widgets.file.big_number", where=where, number=str(value)[:20])
    if isinstance(value, list):
        for i, item in enumerate(value):
            problem = _check_values(item, f"{where}[{i}]", count)
            if problem:
                return problem
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            problem = _check_values(key, where, count) or _check_values(item, f"{where}.{key}", count)
            if problem:
                return problem
        return None
    return Msg("widgets.file.unknown_kind", where=where)


class RecordedMatch:
    """A :class:`WrgpMatch` that remembers how it got where it is.

    ``do(verb, ...)`` plays one action; an action the rules forbid raises
    :class:`~rulings_lib.errors.IllegalAction` as the engine does, and is remembered too (the
    engine keeps a list of rejected steps, and a replay must reproduce it). An action with
    unusable arguments (``ValueError``, e.g. team ``"C"``) changes nothing and is not remembered.
    """

    def __init__(self, **setup):
        unknown = set(setup) - set(SETUP_KEYS)
        if unknown:
            raise TypeError(f"unknown setup keys: {', '.join(sorted(unknown))}")
        self.setup = {k: v for k, v in setup.items() if v is not None}
        self.match = WrgpMatch(**self.setup)
        self.actions: list[dict] = []
        self._undo: list = []              # the engine's snapshot before each action (undo without a replay)

    # ----------------------------------------------------------------- playing
    def do(self, verb: str, *args, **kwargs) -> None:
        if verb not in VERBS:
            raise ValueError(f"{verb!r} is not a match action (one of: {', '.join(VERBS)})")
        table_verb = _BY_METHOD[verb]
        named = table_verb.bind(args, kwargs)   # by name, in the verb table's order: readable, replays the same call
        m = self.match
        saved = m._txn_save()              # each verb is a transaction: a failed call changes nothing
        try:
            table_verb.call_api(m, named)
        except IllegalAction as err:
            m.record_rejection(m.step + 1, err)   # the match itself is unchanged
            self.actions.append({"verb": verb, "args": named, "accepted": False})
            self._keep(saved)
            raise
        self.actions.append({"verb": verb, "args": named, "accepted": True})
        self._keep(saved)

    def _keep(self, saved) -> None:
        """Keep the snapshot for an undo; beyond the last MAX_UNDO ones an undo replays instead."""
        self._undo.append(saved)
        if len(self._undo) > MAX_UNDO:
            self._undo[-MAX_UNDO - 1] = None

    def play(self, action) -> IllegalAction | None:
        """Play an :class:`~rulings_lib.verbs.Action` (a step as a scenario writes it), through the
        verb table to the engine's verb; returns the rejection, or None."""
        verb = VERB_TABLE[action.verb]
        return self.try_do(verb.method or verb.name, **verb.kwargs(action.value))

    def try_do(self, verb: str, *args, **kwargs) -> IllegalAction | None:
        """Like :meth:`do`, but returns the rejection instead of raising it."""
        try:
            self.do(verb, *args, **kwargs)
        except IllegalAction as exc:
            return exc
        return None

    def undo(self) -> dict | None:
        """Take back the last action (the snapshot before it is put back: no replay). Returns it, or None."""
        if not self.actions:
            return None
        saved = self._undo.pop()
        last = self.actions.pop()
        if saved is None:              # older than the snapshots kept: replay the others
            self.match = _replay(self.setup, self.actions, "<undo>").match
            return last
        m = self.match
        m._txn_restore(saved)
        m.__dict__.update(m._fields())   # own copies: a snapshot may be shared with a copy() of this record
        return last

    def copy(self) -> RecordedMatch:
        new = RecordedMatch.__new__(RecordedMatch)
        new.setup = json.loads(json.dumps(self.setup))
        new.match = self.match.copy()
        new.actions = json.loads(json.dumps(self.actions))
        new._undo = list(self._undo)   # shared snapshots: an undo restores copies of them
        return new

    # ----------------------------------------------------------------- files
    def to_dict(self) -> dict:
        return {"format": FILE_FORMAT, "version": FILE_VERSION, "setup": dict(self.setup),
                "actions": [dict(a) for a in self.actions]}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, text: str, file: str = "<match>") -> RecordedMatch:
        """Read a saved match. The whole file is checked (and replayed) before anything is
        returned: any problem is a :class:`MatchFileError`, never another exception."""
        if not isinstance(text, str):
            raise MatchFileError(file, None, Msg("widgets.file.not_text"))
        if len(text) > MAX_FILE_BYTES:
            raise MatchFileError(file, None, Msg("widgets.file.too_large", mb=MAX_FILE_BYTES // (1024 * 1024)))
        if _depth(text) > MAX_DEPTH:
            raise MatchFileError(file, None, Msg("widgets.file.too_deep", max=MAX_DEPTH))
        try:
            data = json.loads(text, parse_constant=_no_constants, parse_int=_int, parse_float=_float)
        except json.JSONDecodeError as exc:
            raise MatchFileError(file, exc.lineno, Msg("widgets.file.broken_json", why=_json_problem(exc.msg),
                                                       column=exc.colno)) from None
        except (ValueError, RecursionError) as exc:
            raise MatchFileError(file, None, Msg("widgets.file.not_saved_match", problem=as_message(exc))) from None
        return cls.from_dict(data, file)

    @classmethod
    def from_dict(cls, data, file: str = "<match>") -> RecordedMatch:
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise MatchFileError(file, None, Msg("widgets.file.no_format", format=FILE_FORMAT))
        version = data.get("version")
        if not _is_int(version) or version != FILE_VERSION:
            shown = json.dumps(version)[:20] if _check_values(version, "", [0]) is None else "unreadable"
            raise MatchFileError(file, None, Msg("widgets.file.version", shown=shown, version=FILE_VERSION))
        unknown = sorted(set(data) - {"format", "version", "setup", "actions"}, key=str)
        if unknown:
            raise MatchFileError(file, None, Msg("widgets.file.unknown_key", key=repr(str(unknown[0])[:40])))
        problem = _check_values(data, "file", [0])
        if problem:
            raise MatchFileError(file, None, Msg("widgets.file.not_saved_match", problem=problem))
        setup, actions = data.get("setup", {}), data.get("actions", [])
        if not isinstance(setup, dict) or not isinstance(actions, list):
            raise MatchFileError(file, None, Msg("widgets.file.shape"))
        for key, value in setup.items():
            if key not in SETUP_RULES:
                raise MatchFileError(file, None, Msg("widgets.file.setup_key", key=repr(key[:40]),
                                                     known=", ".join(SETUP_KEYS)))
            check, what = SETUP_RULES[key]
            if not check(value):
                raise MatchFileError(file, None, Msg("widgets.file.setup_value", key=key, what=what,
                                                     got=json.dumps(value)[:40]))
        if len(actions) > MAX_ACTIONS:
            raise MatchFileError(file, None, Msg("widgets.file.too_many_actions", max=MAX_ACTIONS))
        for n, action in enumerate(actions, 1):
            if not isinstance(action, dict) or set(action) - {"verb", "args", "accepted"} \
                    or not isinstance(action.get("args", {}), dict) \
                    or not isinstance(action.get("accepted", True), bool):
                raise MatchFileError(file, None, Msg("widgets.file.action_shape", n=n))
            if action.get("verb") not in VERBS:
                raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=json.dumps(action.get("verb"))[:40]))
        return _replay(setup, actions, file)

    def save(self, path) -> Path:
        """Write the match to ``path`` (JSON). The old file is replaced only once the new one is whole."""
        path = Path(path)
        text = self.to_json()
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return path

    @classmethod
    def load(cls, path) -> RecordedMatch:
        """Read a saved match: a regular file of at most MAX_FILE_BYTES (a FIFO or a device is refused
        unread), UTF-8 JSON, checked whole (see :meth:`from_json`)."""
        path = Path(path)
        data = files.read_bytes(path, MAX_FILE_BYTES, Msg("widgets.file.expected"), MatchFileError)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise MatchFileError(str(path), None, Msg("widgets.file.not_utf8")) from None
        return cls.from_json(text, str(path))

    def __repr__(self) -> str:
        return f"<RecordedMatch {len(self.actions)} actions: {self.match!r}>"


def _replay(setup: dict, actions: list, file: str) -> RecordedMatch:
    try:
        rec = RecordedMatch(**setup)
    except Exception as exc:   # a file is data: whatever the engine says of it, the file is damaged
        raise MatchFileError(file, None, Msg("widgets.file.setup_unusable", why=as_message(exc))) from None
    for n, action in enumerate(actions, 1):
        if not isinstance(action, dict) or not isinstance(action.get("args", {}), dict):
            raise MatchFileError(file, None, Msg("widgets.file.action_shape_short", n=n))
        verb, args = action.get("verb"), action.get("args", {})
        accepted = action.get("accepted", True)
        if verb not in VERBS:
            raise MatchFileError(file, None, Msg("widgets.file.not_action", n=n, verb=repr(verb)))
        try:
            rejection = rec.try_do(verb, **args)
        except Exception as exc:   # a file is data: any failure of an action means a damaged file
            raise MatchFileError(file, None, Msg("widgets.file.bad_args", n=n, verb=verb, why=as_message(exc))) from None
        if accepted and rejection is not None:
            raise MatchFileError(file, None, Msg("widgets.file.now_rejected", n=n, verb=verb, rule=rejection.rule,
                                                 reason=Msg(rejection.code, rejection.params) if rejection.code
                                                 else rejection.reason))
        if not accepted and rejection is None:
            raise MatchFileError(file, None, Msg("widgets.file.now_accepted", n=n, verb=verb))
    return rec
