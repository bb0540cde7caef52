"""The notebooks' exercises: each a prediction about a rule that the engine then checks.

A notebook only shows the question and a cell for the reader's prediction; everything else is
here: the engine call that gives the ruling, the kind of answer (read as people type it:
:func:`~rulings_lib.widgets.teach.read_answer`), a hint for a wrong prediction and the full answer
on request, both in English and Japanese (the ``teach.ex.<id>.*`` messages).

>>> ex = exercise("wrgp-loss-counters")
>>> ex.check("4")
Correct! 4: 2 for the loss, and 2 more because a = 2 is at least b = 1 (WRGP-SW4).
>>> ex.check("2")           # doctest: +ELLIPSIS
Not yet. Hint: ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .teach import Unreadable, read_answer, show_value


def _wrgp(**kw):
    from ..wrgp import WrgpMatch

    return WrgpMatch(**kw)


def _b1_lost_in_a_main1():
    m = _wrgp()
    m.phase("main1")
    m.damage("A", to="opponent", amount=8000)
    return m


def _after_turn(m):
    m.end_turn()
    return m


def _spc_turn_4():
    m = _wrgp()
    for _ in range(3):
        m.end_turn()
    m.phase("main1")
    return m.spc["A"]


def _loss_counters():
    m = _wrgp(turn=5, player="A", phase="main1", duelist={"A": 1, "B": 2})
    before = m.spc["B"]
    m.damage("A", to="opponent", amount=8000)
    return m.spc["B"] - before


def _speed_world_damage():
    m = _wrgp(turn=7, player="A", phase="main1", duelist={"A": 3, "B": 2}, spc={"A": 4})
    m.speed_world("A", 4)
    return 8000 - m.lp["B"]


def _speed_world_draw():
    from .speed_world import speed_world_options

    return next(o for o in speed_world_options(a=1, b=2, spc=7) if o.cost == 7).size


def _feather_duster():
    m = _wrgp(turn=3, phase="main1")
    return m.is_legal("target_speed_world", "A", "Harpie's Feather Duster", "opponent_field")


def _battle_loss_next_team():
    m = _wrgp(turn=3, player="A", phase="battle", lp={"B": 1000})
    m.attack("A", damage=2000)
    m.end_turn()
    return m.player


def _stardust_owner():
    m = _wrgp(turn=4, player="B", phase="main1")
    m.place("A", "Stardust Dragon", "extra_monster")
    m.lose("A")
    m.end_turn()
    m.move("Stardust Dragon", to="extra", by="B")
    return m.cards["Stardust Dragon"].holder


def _set_in_run_on():
    m = _wrgp(turn=3, player="A", phase="main1", lp={"B": 100})
    m.damage("A", to="opponent", amount=100)
    m.phase("main2")
    return m.is_legal("act", "A", "set")


def _scenario(name):
    from .teach import played

    return played(name)


def _ring_survivor():
    m = _wrgp(turn=4, player="B", phase="main1", lp={"A": 500, "B": 500})
    m.damage("B", to="both", amount=1000, card="Destruction Ring")
    return m.state()["at_zero"][0]


def _chain_gain():
    """Both reach 0 in a chain built by both players, and A gains LP back afterwards: A reached 0 (reading
    zero-in-chain-stays-lost) and took damage last (WRGP-D2), so A loses although A ends the chain at 1000."""
    m = _wrgp(turn=3, player="A", phase="main1", lp={"A": 800, "B": 200})
    m.chain([
        {"by": "A", "card": "a Quick-Play Spell that gains 1000 LP (made up)", "gain": {"to": "self", "amount": 1000}},
        {"by": "B", "card": "Chain Strike", "damage": {"to": "opponent", "per_link": 400}},
        {"by": "A", "card": "Sparks", "damage": {"to": "opponent", "amount": 200}},
    ])
    return m.out


def _power_bond_attack_3000():
    m = _wrgp(turn=3, player="A", phase="main1", lp={"A": 4000, "B": 4000}, spc={"A": 4, "B": 4})
    m.at_end_phase("A", "Power Bond", to="self", amount=4000)
    m.phase("battle")
    m.attack("A", damage=3000)
    m.end_turn()
    return m.player


def _deck(first: int, extra=()):
    """A 40-card main deck of made-up passcodes (3 copies each), plus the given real cards."""
    from ..decks import Deck

    cards = [first + i for i in range(13) for _ in range(3)]
    cards += list(extra) + [first + 13 + i for i in range(40 - len(cards) - len(extra))]
    return Deck(main=tuple(cards), source=f"deck from {first}")


MONSTER_REBORN = 83764718           # limited in the sample list (samples/wrgp/lflist.conf)
DARK_MAGICIAN, DARK_MAGICIAN_ALT = 46986414, 36996508


def _limited_twice():
    from ..decks import check_team, samples

    return check_team([_deck(100, [MONSTER_REBORN]), _deck(200), _deck(300, [MONSTER_REBORN])],
                      samples.DIR / "lflist.conf").legal


def _alternate_artwork():
    from ..decks import check_team, samples

    team = [_deck(100, [DARK_MAGICIAN, DARK_MAGICIAN]), _deck(200, [DARK_MAGICIAN_ALT]),
            _deck(300, [DARK_MAGICIAN])]
    return check_team(team, samples.DIR / "lflist.conf", cards=samples.CARDS).legal


def _side_deck_counts():
    from ..decks import Deck, check_team, samples

    third = _deck(300)
    third = Deck(main=third.main, extra=(), side=(MONSTER_REBORN,), source=third.source)
    return not check_team([_deck(100, [MONSTER_REBORN]), _deck(200), third], samples.DIR / "lflist.conf").legal


def _tag(**kw):
    from ..tag import TagMatch

    return TagMatch(("red", "blue"), **kw)


def _tag_next_first():
    from .tag_helper import tag_turn

    return tag_turn({"red-A": 400, "blue-A": 400, "red-B": 300, "blue-B": 500}, first="red").first


def _projection_targets():
    m = _tag(first="red")
    return [p for p in m.players() if m.check_target("red-A", "projection", on=p).allowed]


def _battle_phase_first():
    m = _tag(first="red")
    return m.seats()["second-A"]


def _faq(entry_id):
    from ..faq import load_faq

    return next(e for e in load_faq() if e.id == entry_id)


@dataclass(frozen=True)
class Exercise:
    """One prediction about a rule: ``ruling()`` asks the engine; the reader's answer is read as
    ``kind``; the words are the messages ``teach.ex.<id>.hint`` and ``teach.ex.<id>.why``."""

    id: str
    kind: str
    rules: tuple[str, ...]
    ruling_of: Callable[[], Any]
    lang: str = "en"

    def ruling(self):
        return read_answer(self.kind, self.ruling_of())

    def _say(self, part: str, **args) -> str:
        from ..i18n import render

        return render(f"teach.ex.{self.id}.{part}", args, self.lang)

    def feedback(self, answer) -> str:
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

    def check(self, answer) -> None:
        """Print whether the prediction matches the engine: the reason when it does, a hint (never
        the answer) when it does not, or that it waits while the answer is still ``...``."""
        print(self.feedback(answer))

    def hint(self) -> None:
        print(self._say("hint"))

    def answer(self) -> None:
        """Print the full answer (the engine's ruling and why)."""
        from ..i18n import render

        print(render("teach.check.answer", {"why": self.why()}, self.lang))


_EXERCISES = (
    # 01 · start here
    Exercise("wrgp-who-takes-over", "duelist", ("WRGP-S3", "WRGP-F1"),
             lambda: _after_turn(_b1_lost_in_a_main1()).duelist("B")),
    Exercise("wrgp-run-on-spell-speed-1", "yesno", ("WRGP-H2",),
             lambda: _b1_lost_in_a_main1().is_legal("act", "B", "spell_speed_1")),
    Exercise("wrgp-who-plays-next", "team", ("WRGP-F2",), lambda: _after_turn(_b1_lost_in_a_main1()).player),
    # 02 · a WRGP match
    Exercise("wrgp-standby-counters", "number", ("WRGP-SW3",), _spc_turn_4),
    Exercise("wrgp-loss-counters", "number", ("WRGP-SW4",), _loss_counters),
    Exercise("wrgp-first-turn-battle", "yesno", ("WRGP-F5",), lambda: _wrgp().is_legal("phase", "battle")),
    # 03 · Speed World
    Exercise("wrgp-speed-world-damage", "number", ("WRGP-SW5",), _speed_world_damage),
    Exercise("wrgp-speed-world-draw", "number", ("WRGP-SW5",), _speed_world_draw),
    Exercise("wrgp-feather-duster", "yesno", ("WRGP-SW6", "WRGP-SW1"), _feather_duster),
    # 04 · the handover
    Exercise("wrgp-battle-loss-next-team", "team", ("WRGP-F2",), _battle_loss_next_team),
    Exercise("wrgp-inherited-extra-deck", "duelist", ("WRGP-H6",), _stardust_owner),
    Exercise("wrgp-set-in-run-on", "yesno", ("WRGP-H2",), _set_in_run_on),
    # 05 · draws and chains
    Exercise("wrgp-sparks-loser", "duelist", ("WRGP-D2",), lambda: _scenario("sparks-chain-strike").outcome["out"][0]),
    Exercise("wrgp-ring-survivor", "duelist", ("WRGP-D1",), _ring_survivor),
    Exercise("wrgp-chain-gain", "duelists", ("WRGP-D2", "WRGP-H8"), _chain_gain),
    # 06 · Power Bond
    Exercise("wrgp-power-bond-turn-4", "duelist", ("WRGP-D3",),
             lambda: (lambda m: m.duelist(m.player))(_scenario("power-bond-cyber-end-dragon").match)),
    Exercise("wrgp-power-bond-counters", "team_numbers", ("WRGP-SW4",),
             lambda: _scenario("power-bond-cyber-end-dragon").outcome["spc"]),
    Exercise("wrgp-power-bond-only-a", "team", ("WRGP-F2",), _power_bond_attack_3000),
    # 07 · team decks
    Exercise("wrgp-limited-twice", "yesno", ("WRGP-S2",), _limited_twice),
    Exercise("wrgp-alternate-artwork", "yesno", ("WRGP-S2",), _alternate_artwork),
    Exercise("wrgp-side-deck-counts", "yesno", ("WRGP-S2",), _side_deck_counts),
    # 08 · the tag battle
    Exercise("tag-seat", "player", ("TAG-S2",), lambda: _tag(first="blue").seats()["second-A"]),
    Exercise("tag-next-first", "tag", ("TAG-N3",), _tag_next_first),
    Exercise("tag-projection", "players", ("TAG-R1", "TAG-R4"), _projection_targets),
    # 09 · the FAQ
    Exercise("faq-spore", "yesno", ("WRGP-F6",),
             lambda: not any(r["step"] == 5 for r in _scenario("once-per-duel-team").outcome["rejected"])),
    Exercise("faq-exodia-team-wins", "yesno", ("WRGP-F8",),
             lambda: _scenario("special-victory").outcome["finished"]),
    Exercise("faq-tag-one-draw", "tag", ("TAG-N3",), lambda: _scenario("draw-other-battle-decides").outcome["first"]),
)
EXERCISES = {e.id: e for e in _EXERCISES}


def exercise(exercise_id: str, lang: str = "en") -> Exercise:
    """The exercise ``exercise_id``, speaking ``lang``."""
    from dataclasses import replace

    from ..i18n import check_lang

    return replace(EXERCISES[exercise_id], lang=check_lang(lang))
