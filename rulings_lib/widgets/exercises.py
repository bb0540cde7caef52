"""The notebooks' exercises: each a prediction about a case the notebook has not shown, which the
engine then plays.

Each exercise is a small scenario (the scenario format: ``setup`` and ``steps``, no ``expect``) and
what to read from its outcome; the engine plays it and that is the ruling (nothing is looked up).
A notebook only shows the question, a cell for the reader's prediction and a button that shows
the answer when pressed (:meth:`Exercise.reveal`): the answer is never in a stored output, also
after Run All. Everything else is here: the kind of answer (read as people type it:
:func:`~rulings_lib.widgets.teach.read_answer`), a hint for a wrong prediction and the full answer
on request, both in English and Japanese (the ``teach.ex.<id>.*`` messages).
``tests/test_notebook_exercises.py`` checks that no scenario a notebook shows before an exercise
is the exercise's own case.

>>> ex = exercise("wrgp-loss-counters-cap")
>>> ex.check("12")
Correct! 12: team A's 2nd lost (a = 2 against b = 1), which is worth 2 + 2 = 4, but a team holds at most 12 (10 + 4 is cut to 12; WRGP-SW4, an interpretation: the Reading counter-cap-12).
>>> ex.check("14")           # doctest: +ELLIPSIS
Not yet. Hint: ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..values import Value
from .teach import Unreadable, read_answer, show_value

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from ..scenario import RunResult, Scenario
    from .reveal import AnswerButton


def _allowed(step: int) -> Callable[[Any], Any]:
    """Read: was step ``step`` played (True) or refused by the rules (False)?"""
    return lambda r: not any(x["step"] == step for x in r.outcome["rejected"])


def _next_duelist(r: Any) -> Any:
    """Read: the duelist whose turn it is (after the scenario's last ``end_turn``)."""
    return r.match.duelist(r.match.player)


def _outcome(key: str, *path: Any) -> Callable[[Any], Any]:
    def read(r: Any) -> Any:
        value = r.outcome[key]
        for p in path:
            value = value[p]
        return value
    return read


def _damage_to(team: str, start: int = 8000) -> Callable[[Any], Any]:
    return lambda r: start - r.outcome["lp"][team]


def _yes_targets(r: Any) -> Any:
    """Read (tag battle): the players a ``target`` step was allowed on."""
    refused = {x["step"] for x in r.outcome["rejected"]}
    return [s.args["on"] for s in r.scenario.steps if s.verb == "target" and s.number not in refused]


# --------------------------------------------------------------------------- team decks (07)
MONSTER_REBORN = 83764718           # limited in the sample list (samples/wrgp/lflist.conf)
MYSTICAL_SPACE_TYPHOON = 5318639    # semi-limited there
DARK_MAGICIAN, DARK_MAGICIAN_ALT = 46986414, 36996508   # the same card by name (samples/wrgp/cards.cdb)


def _deck(first: int, extra: Sequence[int] = (), side: Sequence[int] = ()) -> str:
    """A 40-card main deck of made-up passcodes (3 copies each) plus the given real cards, as a
    ``ydke://`` URL (what a scenario's ``check_team`` step takes)."""
    from ..decks import Deck

    cards = [first + i for i in range(13) for _ in range(3)]
    cards += list(extra) + [first + 13 + i for i in range(40 - len(cards) - len(extra))]
    return Deck(main=tuple(cards), side=tuple(side), source=f"deck from {first}").to_ydke()


def _team_case(decks: Any, cards: bool = False) -> Callable[[], str]:
    def case() -> str:
        import json

        from ..decks import samples

        # (the case is read as if it were a file in the samples folder: the files are named relative to it)
        value = {"team": "A", "decks": decks(), "banlist": samples.DIR.joinpath("lflist.conf").name}
        if cards:
            value["cards"] = samples.CARDS.relative_to(samples.DIR).as_posix()
        return "format: wrgp\nsteps:\n  - check_team: " + json.dumps(value) + "\n"
    return case


def _team_legal(r: Any) -> Any:
    return r.outcome["deck_checks"]["A"]["legal"]


class Exercise(Value, frozen=True):
    """One prediction: ``case`` is the scenario the engine plays (its text, or a function that
    makes it), ``read`` takes the answer from the played result; the reader's answer is read as
    ``kind``; the words are the messages ``teach.ex.<id>.hint`` and ``teach.ex.<id>.why``."""

    id: str
    kind: str
    rules: tuple[str, ...]
    case: str | Callable[[], str]
    read: Callable[[Any], Any]
    lang: str = "en"
    files: bool = False     # the case names sample files (relative to rulings_lib/samples/wrgp)

    def scenario(self) -> Scenario:
        """The exercise's case as a :class:`~rulings_lib.scenario.Scenario`."""
        from ..scenario import scenario_from_text

        text = self.case() if callable(self.case) else self.case
        if self.files:
            from ..decks import samples

            return scenario_from_text(text, str(samples.DIR / f"exercise-{self.id}.yaml"))
        return scenario_from_text(text, f"<exercise {self.id}>")

    def played(self) -> RunResult:
        """The case played by the engine (a :class:`~rulings_lib.scenario.RunResult`)."""
        from ..scenario import run_scenario

        return run_scenario(self.scenario())

    def ruling(self) -> Any:
        return read_answer(self.kind, self.read(self.played()))

    def _say(self, part: str, **args: object) -> str:
        from ..i18n import render

        return render(f"teach.ex.{self.id}.{part}", args, self.lang)

    def feedback(self, answer: object) -> str:
        """What :meth:`check` prints for ``answer``."""
        from ..i18n import render

        if answer is Ellipsis:
            return render("teach.check.waiting", {}, self.lang)
        try:
            said = read_answer(self.kind, answer)
        except Unreadable:
            return render("teach.check.unreadable", {"answer": repr(answer),
                                                     "example": render(f"teach.kind.{self.kind}", {}, self.lang)},
                          self.lang)
        if said == self.ruling():
            return render("teach.check.correct", {"why": self.why()}, self.lang)
        return render("teach.check.not_yet", {"hint": self._say("hint")}, self.lang)

    def why(self) -> str:
        """The full answer: the engine's ruling in words, with its rule ids."""
        return self._say("why", ruling=show_value(self.kind, self.ruling(), self.lang))

    def check(self, answer: object) -> None:
        """Print whether the prediction matches the engine: the reason when it does, a hint (never
        the answer) when it does not, or that it waits while the answer is still ``...``."""
        print(self.feedback(answer))

    def hint(self) -> None:
        print(self._say("hint"))

    def answer(self) -> None:
        """Print the full answer (the engine's ruling and why): you asked for it."""
        from ..i18n import render

        print(render("teach.check.answer", {"why": self.why()}, self.lang))

    def reveal(self) -> AnswerButton:
        """A button that shows the full answer only when pressed (Jupyter): the answer is not
        worked out before then, so Run All and the stored notebook never show it. Where no widget
        can be drawn (GitHub, a stored output) its text says how to ask for the answer."""
        from .reveal import AnswerButton

        return AnswerButton(self)


_EXERCISES = (
    # 01 · start here (shown: B1 loses to A's burn in A's Main Phase 1)
    Exercise("wrgp-who-takes-over-from-a2", "duelist", ("WRGP-S3", "WRGP-F1"), """format: wrgp
setup: {at: {turn: 4, player: B, phase: main1, duelist: {A: 2, B: 1}}}
steps:
  - damage: {by: B, to: opponent, amount: 8000}
  - end_turn: {}
""", lambda r: r.match.duelist("A")),
    Exercise("wrgp-run-on-turn-player", "yesno", ("WRGP-H2",), """format: wrgp
setup: {at: {turn: 4, player: B, phase: main1, duelist: {A: 2, B: 1}}}
steps:
  - damage: {by: B, to: opponent, amount: 8000}
  - phase: main2
  - act: {by: B, action: spell_speed_1}
""", _allowed(3)),
    Exercise("wrgp-own-turn-loss-next", "team", ("WRGP-F2",), """format: wrgp
setup: {at: {turn: 5, player: A, phase: main1}}
steps:
  - damage: {by: A, to: self, amount: 8000}
  - end_turn: {}
""", lambda r: r.match.player),
    # 02 · a WRGP match
    Exercise("wrgp-counters-by-turn-3", "number", ("WRGP-SW3", "WRGP-SW4"), """format: wrgp
steps:
  - phase: main1
  - end_turn: {}
  - phase: main1
  - end_turn: {}
  - phase: main1
  - damage: {by: A, to: opponent, amount: 8000}
""", _outcome("spc", "B")),
    Exercise("wrgp-loss-counters-cap", "number", ("WRGP-SW4",), """format: wrgp
setup: {at: {turn: 8, player: B, phase: main1, duelist: {A: 2, B: 1}, spc: {A: 10, B: 10}}}
steps:
  - damage: {by: B, to: opponent, amount: 8000}
""", _outcome("spc", "A")),
    Exercise("wrgp-lp-loop-own", "number", ("WRGP-F7",), """format: wrgp
setup: {at: {turn: 6, player: B, phase: main1, lp: {A: 2500, B: 1200}}}
steps:
  - gain_loop: {by: B, card: a looping combo, to: self, amount: 300, times: 50}
""", _outcome("lp", "B")),
    # 03 · Speed World
    Exercise("wrgp-speed-world-twice", "number", ("WRGP-SW5",), """format: wrgp
setup: {at: {turn: 6, player: A, phase: main1, duelist: {A: 1, B: 3}, spc: {A: 8}}}
steps:
  - speed_world: {by: A, remove: 4}
  - speed_world: {by: A, remove: 4}
""", _damage_to("B")),
    Exercise("wrgp-speed-world-after-loss", "number", ("WRGP-SW5", "WRGP-F1"), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, spc: {A: 4, B: 4}}}
steps:
  - damage: {by: A, to: opponent, amount: 8000}
  - end_turn: {}
  - phase: main1
  - speed_world: {by: B, remove: 4}
""", _damage_to("A")),
    Exercise("wrgp-own-gate-blocker", "number", ("WRGP-SW8", "WRGP-SW4"), """format: wrgp
setup:
  at: {turn: 5, player: A, phase: main1, spc: {A: 0, B: 0}}
  cards:
    - {card: Gate Blocker, by: B, zone: monster}
steps:
  - damage: {by: A, to: opponent, amount: 8000}
""", _outcome("spc", "B")),
    # 04 · the handover
    Exercise("wrgp-own-battle-loss-next", "duelist", ("WRGP-F2", "WRGP-S3"), """format: wrgp
setup: {at: {turn: 6, player: B, phase: battle, duelist: {A: 1, B: 2}, lp: {B: 1000}}}
steps:
  - attack: {by: B, to: self, damage: 1000}
  - end_turn: {}
""", _next_duelist),
    Exercise("wrgp-baton-touch-last", "yesno", ("WRGP-H9",), """format: wrgp
setup: {at: {turn: 9, player: A, phase: draw, duelist: {A: 3, B: 2}}}
steps:
  - baton_touch: A
""", _allowed(1)),
    Exercise("wrgp-monster-reborn-run-on", "yesno", ("WRGP-H2",), """format: wrgp
setup:
  at: {turn: 3, player: A, phase: main1, lp: {B: 1000}}
  cards: [{card: Dark Magician, by: A, zone: gy}]
steps:
  - damage: {by: A, to: opponent, amount: 1000}
  - phase: main2
  - activate: {by: A, card: Monster Reborn, summon: Dark Magician}
""", _allowed(3)),
    # 05 · draws and chains
    Exercise("wrgp-sparks-first-loser", "duelist", ("WRGP-D2",), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, lp: {A: 200, B: 800}}}
steps:
  - chain:
      - {by: B, card: Sparks}
      - {by: A, card: Chain Strike}
""", lambda r: r.outcome["out"][0]),
    Exercise("wrgp-ring-survivor", "duelist", ("WRGP-D1",), """format: wrgp
setup: {at: {turn: 4, player: B, phase: main1, lp: {A: 500, B: 500}}}
steps:
  - damage: {by: B, to: both, amount: 1000, card: Destruction Ring}
""", lambda r: r.outcome["at_zero"][0]),
    # Both reach 0 in a chain built by both players, and A gains LP back afterwards: A reached 0 (reading
    # zero-in-chain-stays-lost) and took damage last (WRGP-D2), so A loses although A ends the chain at 1000.
    Exercise("wrgp-chain-gain", "duelists", ("WRGP-D2", "WRGP-H8"), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, lp: {A: 800, B: 200}}}
steps:
  - chain:
      - {by: A, card: a Quick-Play Spell that gains 1000 LP (made up), gain: {to: self, amount: 1000}}
      - {by: B, card: Chain Strike, damage: {to: opponent, per_link: 400}}
      - {by: A, card: Sparks, damage: {to: opponent, amount: 200}}
""", lambda r: r.outcome["out"]),
    # 06 · Power Bond (shown: both A1 and B1 lose, A at 4000 LP)
    Exercise("wrgp-power-bond-survives", "duelist", ("WRGP-F2", "WRGP-H7"), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, lp: {A: 5000, B: 4000}, spc: {A: 4, B: 4}}}
steps:
  - place: {by: A, card: Cyber End Dragon, zone: extra_monster}
  - at_end_phase: {by: A, card: Power Bond, damage: {to: self, amount: 4000}}
  - phase: battle
  - attack: {by: A, damage: 8000}
  - end_turn: {}
""", _next_duelist),
    Exercise("wrgp-power-bond-counters-a2", "team_numbers", ("WRGP-SW4",), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, duelist: {A: 2, B: 1}, lp: {A: 4000, B: 4000}, spc: {A: 4, B: 4}}}
steps:
  - place: {by: A, card: Cyber End Dragon, zone: extra_monster}
  - at_end_phase: {by: A, card: Power Bond, damage: {to: self, amount: 4000}}
  - phase: battle
  - attack: {by: A, damage: 8000}
  - end_turn: {}
""", _outcome("spc")),
    Exercise("wrgp-power-bond-only-a", "team", ("WRGP-F2",), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1, lp: {A: 4000, B: 4000}, spc: {A: 4, B: 4}}}
steps:
  - at_end_phase: {by: A, card: Power Bond, damage: {to: self, amount: 4000}}
  - phase: battle
  - attack: {by: A, damage: 3000}
  - end_turn: {}
""", lambda r: r.match.player),
    # 07 · team decks (shown: the sample teams: a limited card twice, four Dark Magicians, ...)
    Exercise("wrgp-semi-limited-split", "yesno", ("WRGP-S2",),
             _team_case(lambda: [_deck(100, [MYSTICAL_SPACE_TYPHOON]), _deck(200, [MYSTICAL_SPACE_TYPHOON]),
                                 _deck(300)]), _team_legal, files=True),
    Exercise("wrgp-three-spread", "yesno", ("WRGP-S2",),
             _team_case(lambda: [_deck(100, [DARK_MAGICIAN]), _deck(200, [DARK_MAGICIAN_ALT]),
                                 _deck(300, [DARK_MAGICIAN])], cards=True), _team_legal, files=True),
    Exercise("wrgp-side-deck-counts", "yesno", ("WRGP-S2",),
             _team_case(lambda: [_deck(100, [MONSTER_REBORN]), _deck(200), _deck(300, side=[MONSTER_REBORN])]),
             lambda r: not _team_legal(r), files=True),
    # 08 · the tag battle
    Exercise("tag-seat", "player", ("TAG-S2",), """format: digimon-tag
setup: {tags: [red, blue], first: blue}
""", lambda r: r.match.seats()["second-A"]),
    Exercise("tag-next-first", "tag", ("TAG-N3",), """format: digimon-tag
setup: {tags: [red, blue], first: red}
steps:
  - battle:
      A: {red: {power: 400}, blue: {power: 400}}
      B: {red: {power: 300}, blue: {power: 500}}
""", _outcome("first")),
    Exercise("tag-projection", "players", ("TAG-R1", "TAG-R4"), """format: digimon-tag
setup: {tags: [red, blue], first: red}
steps:
  - target: {by: red-A, effect: projection, on: red-B}
  - target: {by: red-A, effect: projection, on: blue-A}
  - target: {by: red-A, effect: projection, on: blue-B}
""", _yes_targets),
    # 09 · the FAQ (shown: every FAQ entry's scenario)
    Exercise("faq-spore-baton-touch", "yesno", ("WRGP-F6",), """format: wrgp
setup: {at: {turn: 3, player: A, phase: main1}}
steps:
  - once_per_duel: {by: A, card: Spore}
  - end_turn: {}
  - end_turn: {}
  - baton_touch: A
  - phase: main1
  - once_per_duel: {by: A, card: Spore}
""", _allowed(6)),
    Exercise("faq-exodia-last-duelist", "yesno", ("WRGP-F8", "WRGP-F4"), """format: wrgp
setup: {at: {turn: 11, player: A, phase: main1, duelist: {A: 2, B: 3}}}
steps:
  - special_victory: {by: A, card: Exodia the Forbidden One}
""", _outcome("finished")),
    Exercise("faq-tag-one-draw-mirror", "tag", ("TAG-N3",), """format: digimon-tag
setup: {tags: [red, blue]}
steps:
  - battle:
      A: {red: {power: 500, lost: 30}, blue: {power: 300, lost: 20}}
      B: {red: {power: 350, lost: 30}, blue: {power: 350, lost: 30}}
""", _outcome("first")),
)
EXERCISES = {e.id: e for e in _EXERCISES}


def exercise(exercise_id: str, lang: str = "en") -> Exercise:
    """The exercise ``exercise_id``, speaking ``lang``."""
    from ..i18n import check_lang
    from ..values import replace

    return replace(EXERCISES[exercise_id], lang=check_lang(lang))
