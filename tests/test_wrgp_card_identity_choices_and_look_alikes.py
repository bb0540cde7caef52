"""WRGP play and card names: one identity for a card, whatever spelling names it; a choice the card
does not ask for is refused; a pay step against the card's printed cost is refused; look-alikes of a
catalogue card are refused naming it, and invisible characters are said as such, not as a length
problem. Each test failed before its fix."""

from __future__ import annotations

import unicodedata

import pytest
from file_helpers import FUSION_MONSTER, MACHINE, write_monsters
from hypothesis import given, settings
from hypothesis import strategies as st
from input_errors import run_cli

from rulings_lib import WrgpMatch
from rulings_lib.cards import card, catalogue, check_name, skeleton
from rulings_lib.errors import ArgumentError, IllegalAction

WRGP = catalogue("wrgp.yaml")



def _at(**kw) -> WrgpMatch:
    return WrgpMatch(turn=3, phase="main1", **kw)


# ---------------------------------------------------------------------- one identity per card
def _respell(name: str, ops: list[str]) -> str:
    """``name`` spelled another way the catalogue accepts (case, width, spacing, punctuation)."""
    for op in ops:
        if op == "upper":
            name = name.upper()
        elif op == "lower":
            name = name.lower()
        elif op == "wide":      # full-width forms (NFKC reads them back)
            name = "".join(chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch for ch in name)
        elif op == "ideographic_space":
            name = name.replace(" ", "\u3000")
        elif op == "no_space":
            name = name.replace(" ", "")
        elif op == "hyphens":
            name = name.replace(" ", "-")
        elif op == "padded":
            name = f"  {name} "
    return name


SPELLING_OPS = st.lists(st.sampled_from(["upper", "lower", "wide", "ideographic_space", "no_space", "hyphens",
                                         "padded"]), max_size=4)


@pytest.fixture(scope="module")
def twin_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("cdb") / "cards.cdb"
    write_monsters(path, [(74157028, "Cyber Twin Dragon", FUSION_MONSTER, 2800, 8, MACHINE)])
    return path


@settings(max_examples=40, deadline=None)
@given(summon_ops=SPELLING_OPS, attack_ops=SPELLING_OPS)
def test_a_database_monster_keeps_its_doubled_atk_whatever_spelling_attacks(twin_db, summon_ops, attack_ops):
    """Power Bond on a --cards monster: the attack names it in any accepted spelling and deals the
    doubled ATK (before: only the database's own spelling did; B ended at 5000 instead of 2000)."""
    m = _at(lp={"A": 8000, "B": 7600})
    m.use_card_databases([str(twin_db)])
    m.activate("A", "Power Bond", summon=_respell("Cyber Twin Dragon", summon_ops))
    m.phase("battle")
    m.attack("A", with_=_respell("Cyber Twin Dragon", attack_ops))
    assert m.lp["B"] == 7600 - 5600


@settings(max_examples=40, deadline=None)
@given(summon=st.sampled_from(card("Cyber End Dragon", "wrgp.yaml").names()), ops=SPELLING_OPS,
       other=st.sampled_from(card("Cyber End Dragon", "wrgp.yaml").names()))
def test_a_catalogue_monster_is_one_card_in_every_spelling(summon, ops, other):
    """Any spelling finds the summoned monster: its doubled ATK, its card on the field (destroyed by
    another spelling, it loses the doubling), and a second summon of it is a second copy of the card
    (cards are instances)."""
    m = _at(lp={"A": 8000, "B": 8000})
    m.activate("A", "Power Bond", summon=summon)
    second = m.copy()
    second.activate("A", "Power Bond", summon=_respell(other, ops))
    assert [c.n for c in second.cards.values()] == [1, 2]
    hit = m.copy()
    hit.phase("battle")
    hit.attack("A", with_=_respell(other, ops))
    assert hit.lp["B"] == 0
    m.destroy("B", _respell(other, ops))
    assert m.monsters == {}                 # its doubled ATK left the field with it
    m.phase("battle")
    with pytest.raises(IllegalAction, match="not in a Monster Zone"):
        m.attack("A", with_=summon)         # in the Graveyard, whatever spelling names it


def test_a_card_described_by_hand_is_one_card_in_every_spelling():
    m = _at()
    m.place("A", "Sky Pirate Token", "monster", kind="Normal Monster")        # not a catalogue card
    m.take_control("B", "sky pirate token")
    m.move("Ｓｋｙ　Ｐｉｒａｔｅ　Ｔｏｋｅｎ", "hand")
    assert m.state()["cards"] == {"Sky Pirate Token": {"zone": "hand", "player": "A1", "owner": "A1",
                                                       "kind": "Normal Monster"}}
    m.place("A", "SKY  PIRATE-TOKEN", "monster")         # another copy of the same card
    assert m.card_key("sky pirate token #2") == "SKY  PIRATE-TOKEN #2"


def test_once_per_duel_is_one_card_in_every_spelling():
    m = _at()
    m.once_per_duel("A", "My Card")
    with pytest.raises(Exception, match="WRGP-F6"):
        m.once_per_duel("A", "MY CARD")


def test_a_scenario_attacking_in_upper_case_deals_the_doubled_atk(tmp_path, capsys):
    write_monsters(tmp_path / "cards.cdb", [(74157028, "Cyber Twin Dragon", FUSION_MONSTER, 2800, 8, MACHINE)])
    scen = tmp_path / "bond.yaml"
    scen.write_text("format: wrgp\nsetup:\n  cards_db: cards.cdb\n  at: {turn: 3, phase: main1, lp: {B: 7600}}\n"
                    "steps:\n  - activate: {by: A, card: Power Bond, summon: Cyber Twin Dragon}\n"
                    "  - phase: battle\n  - attack: {by: A, with: CYBER TWIN DRAGON}\n"
                    "expect: {lp: {A: 8000, B: 2000}}\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "run", scen)
    assert code == 0, out + err


# ---------------------------------------------------------------------- choices the card asks for
@pytest.mark.parametrize("name, choices, key, says", [
    ("Ookazi", {"summon": "Cyber End Dragon"}, "summon", "asks for no choice"),
    ("昼夜の大火事", {"declare": "Ookazi"}, "declare", "asks for no choice"),
    ("Power Bond", {"summon": "Cyber End Dragon", "declare": "Ookazi"}, "declare", "asks only for summon"),
    ("Sales Ban", {"declare": "Ookazi", "summon": "Cyber End Dragon"}, "summon", "asks only for declare"),
])
def test_activate_refuses_a_choice_the_card_does_not_ask_for(name, choices, key, says):
    m = _at()
    before = m.state()
    with pytest.raises(ArgumentError) as exc:
        m.activate("A", name, **choices)
    assert exc.value.param == key and says in str(exc.value)
    assert m.state() == before


@pytest.mark.parametrize("c", [c for c in WRGP if c.speed and "special_victory" not in c.effect
                               and "fusion_boost" not in c.effect])
def test_every_cards_choices_are_its_catalogue_entrys(c):
    """What each card takes comes from its catalogue data: a choice it lists is taken, any other refused."""
    takes = {ch["name"] for ch in c.choices}
    for key in ("summon", "declare"):
        m = WrgpMatch(turn=3, phase="main1", lp={"A": 8000, "B": 8000})
        try:
            m.activate("A", c.en, **{key: "Ookazi"})
        except ArgumentError as exc:
            # Refused as a choice the card does not take, or (a choice it takes) for its value: Monster Reborn
            # summons a monster placed in a Graveyard, and "Ookazi" is none.
            not_taken = getattr(exc.allowed, "code", None) in ("input.arg.wrgp.choice_not_taken",
                                                               "input.arg.wrgp.choice_none")
            assert exc.param == key and (key not in takes) == not_taken, exc
        except Exception:       # a rule refuses the activation: the choice itself was taken
            assert key in takes
        else:
            assert key in takes


def test_a_chain_link_and_a_scenario_refuse_it_too(tmp_path, capsys):
    with pytest.raises(ArgumentError, match=r"links\[0\]\.summon"):
        _at().chain([{"by": "A", "card": "a burn of my own", "damage": {"to": "opponent", "amount": 100},
                      "summon": "Cyber End Dragon"}])
    scen = tmp_path / "ookazi.yaml"
    scen.write_text("format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\nsteps:\n"
                    "  - activate: {by: A, card: Ookazi, summon: Cyber End Dragon}\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "run", scen)
    assert code == 2 and err.count("\n") == 1 and f"{scen}:5:" in err and "summon" in err and "Ookazi" in err


# ---------------------------------------------------------------------- a pay step and the printed cost
@pytest.mark.parametrize("as_", ["effect", "cost"])
def test_a_payment_that_is_not_the_cards_printed_cost_is_refused(as_):
    m = _at()
    with pytest.raises(ArgumentError, match="its LP cost is 500, not 1000"):
        m.pay("A", 1000, as_=as_, card="Counter Cleaner")
    assert m.lp["A"] == 8000


def test_a_cards_known_cost_is_not_paid_as_an_effect():
    with pytest.raises(ArgumentError, match="as: cost"):
        _at().pay("A", 500, as_="effect", card="カウンタークリーナー")
    with pytest.raises(ArgumentError, match="half the LP, 4000 now, not 1000"):
        _at().pay("A", 1000, as_="effect", card="Solemn Judgment")
    m = _at()
    m.pay("A", 500, as_="effect", card="Toll")             # a card whose payment the catalogue does not know
    m.pay("A", 500, as_="effect", card="a toll of my own")
    assert m.lp["A"] == 7000


def test_in_a_scenario_exit_2_naming_the_printed_cost(tmp_path, capsys):
    scen = tmp_path / "cleaner.yaml"
    scen.write_text("format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\nsteps:\n"
                    "  - pay: {by: A, as: effect, card: Counter Cleaner, amount: 1000}\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "run", scen)
    assert code == 2 and err.count("\n") == 1 and f"{scen}:5:" in err and "500" in err


# ---------------------------------------------------------------------- look-alikes of a catalogue name
CYRILLIC_OOKAZI = "\u041e\u043ek\u0430z\u0456"      # Ооkаzі


@pytest.mark.parametrize("name, imitates", [
    (CYRILLIC_OOKAZI, "Ookazi"),
    ("G\u0430te Blocker", "Gate Blocker"),              # a Cyrillic а
    ("\u0421\u0443ber End Dr\u0430gon", "Cyber End Dragon"),
    ("Ρоwеr Βоnd", "Power Bond"),                       # Greek and Cyrillic
    ("パワ一・ボンド", "Power Bond"),                     # the kanji 一 for ー
    ("P0WER BOND", "Power Bond"),
])
def test_a_look_alike_of_a_catalogue_name_is_refused_naming_the_card(name, imitates):
    for play in (lambda m: m.damage("A", "opponent", 1000, card=name), lambda m: m.place("A", name, "monster"),
                 lambda m: m.chain([{"by": "A", "card": name, "damage": {"to": "opponent", "amount": 1000}}])):
        m = _at()
        with pytest.raises(ArgumentError, match="look-alike") as exc:
            play(m)
        assert repr(imitates) in str(exc.value) and "U+" in str(exc.value)
        assert "「" in exc.value.render("ja")
        assert m.lp == {"A": 8000, "B": 8000}


def test_a_scenario_naming_a_cyrillic_look_alike_is_refused(tmp_path, capsys):
    scen = tmp_path / "ookazi.yaml"
    scen.write_text(f"format: wrgp\nsetup:\n  at: {{turn: 3, phase: main1}}\nsteps:\n"
                    f"  - damage: {{by: A, to: opponent, amount: 1000, card: {CYRILLIC_OOKAZI}}}\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "run", scen)
    assert code == 2 and err.count("\n") == 1 and f"{scen}:5:" in err
    assert "'Ookazi'" in err and "U+041E CYRILLIC CAPITAL LETTER O" in err and "character 1" in err


_LATIN_TO_LOOKALIKE = {"a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "i": "і",
                       "A": "Α", "B": "В", "E": "Ε", "H": "Н", "K": "Κ", "M": "М", "O": "О", "P": "Р", "T": "Т"}


@settings(max_examples=100, deadline=None)
@given(c=st.sampled_from([c for c in WRGP if any(ch in _LATIN_TO_LOOKALIKE for ch in c.en)]), data=st.data())
def test_property_every_look_alike_spelling_is_refused_or_is_the_card(c, data):
    """Any catalogue name with some of its Latin letters swapped for Cyrillic or Greek look-alikes is
    refused naming that card; the name itself and its accepted spellings are never refused."""
    spots = [i for i, ch in enumerate(c.en) if ch in _LATIN_TO_LOOKALIKE]
    chosen = data.draw(st.sets(st.sampled_from(spots), min_size=1))
    fake = "".join(_LATIN_TO_LOOKALIKE[ch] if i in chosen else ch for i, ch in enumerate(c.en))
    assert skeleton(fake) == skeleton(c.en)
    with pytest.raises(ArgumentError, match="look-alike") as exc:
        check_name("card", fake)
    assert repr(c.en) in str(exc.value)
    for name in (*c.names(), c.en.upper(), _respell(c.en, ["wide"])):
        check_name("card", name)


@pytest.mark.parametrize("name", ["Dark Magician", "Token 1", "ブラック・マジシャン", "a burn of my own (made up)",
                                  "Cyber Twin Dragon", "St-104", "Ookazi 2", "カード", "Λόγος", "Кот"])
def test_honest_names_are_not_look_alikes(name):
    check_name("card", name)
    m = _at()
    m.place("A", name, "monster")


def test_two_cards_of_a_match_that_only_look_alike_are_refused():
    m = _at()
    m.place("A", "Sky Pirate Token", "monster")        # a card described by hand
    with pytest.raises(ArgumentError, match="look-alike of 'Sky Pirate Token'.*U\\+0430"):
        m.place("B", "Sky Pir\u0430te Token", "monster")
    assert list(m.cards) == ["Sky Pirate Token"]


# ---------------------------------------------------------------------- invisible characters
@pytest.mark.parametrize("ch", ["\u200b", "\u2060", "\ufeff", "\u202e", "\u200e", "\u2066", "\u00ad", "\u200d",
                                "\u3164", "\ufe0f", "\x07"])
@pytest.mark.parametrize("where", [0, 3, 6])
def test_an_invisible_character_is_named_with_its_position(ch, where):
    name = "Ookazi"[:where] + ch + "Ookazi"[where:]
    for play in (lambda m: m.damage("A", "opponent", 800, card=name), lambda m: m.activate("A", name),
                 lambda m: m.place("A", name, "monster"), lambda m: m.once_per_duel("A", name)):
        with pytest.raises(ArgumentError) as exc:
            play(_at())
        text = str(exc.value)
        assert f"character {where + 1} is U+{ord(ch):04X}" in text and "invisible" in text, text
        assert "1 to 200" not in text
        assert f"{where + 1}文字目" in exc.value.render("ja")


def test_a_zero_width_space_in_a_scenario_says_what_is_wrong(tmp_path, capsys):
    scen = tmp_path / "zwsp.yaml"
    scen.write_text('format: wrgp\nsetup:\n  at: {turn: 3, phase: main1}\nsteps:\n'
                    '  - damage: {by: A, to: opponent, amount: 1000, card: "Ook\\u200bazi"}\n', encoding="utf-8")
    code, _, err = run_cli(capsys, "run", scen)
    assert code == 2 and err.count("\n") == 1 and f"{scen}:5:" in err
    assert "U+200B ZERO WIDTH SPACE" in err and "character 4" in err and "characters)" not in err


def test_spaces_of_any_width_are_not_invisible():
    """A full-width space (as a Japanese keyboard types it) is a space: the catalogue reads the name."""
    m = _at()
    m.activate("A", "Dian\u3000Keto the\u00a0Cure Master")
    assert m.lp["A"] == 9000
    assert all(unicodedata.category(ch) == "Zs" for ch in "\u3000\u00a0")
