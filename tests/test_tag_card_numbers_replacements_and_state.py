"""The tag battle's input: card numbers as people type them and misspelt card names, Digivice 01's
replacement cards under TAG-K2, the rulebook's own header for them, and a match set up from its own
``state()`` playing on identically."""

import json
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from input_errors import assert_input_error, assert_one_line_error, run_cli

from rulings_lib.errors import ArgumentError, IllegalAction
from rulings_lib.tag import tables as T
from rulings_lib.tag.deckcheck import Deck, check_decks
from rulings_lib.tag.engine import TagMatch

HEAD = "format: digimon-tag\nsetup:\n  tags: [red, blue]\nsteps:\n"


# ------------------------------------------------------------------ card numbers and names
def _card_event(number: str):
    m = TagMatch()
    m.card("red-A", number)
    return m.events[-1]


@pytest.mark.parametrize("number", ["ＳＴ－３１９", "ｓｔ－３１９", "ST-319", "st‐319", "St―319", "Ｓｔー３１９",
                                    "St319", "ST - 319"])
def test_a_card_number_in_any_width_case_or_dash_is_the_card(number):
    ev = _card_event(number)
    assert ev.code == "tag.event.letters_exchanged" and ev.rule == "TAG-R3"      # Change Up! (St-319)
    assert ev.args["label"].args["number"] == "St-319"


@pytest.mark.parametrize("name, meant", [("Chnage Up!", "Change Up!"), ("Retrun Match!", "Return Match!"),
                                         ("Cahnge Up!", "Change Up!"), ("チェンジアプ", "Change Up!")])
def test_a_misspelt_card_name_is_refused_with_what_it_may_mean(name, meant):
    m = TagMatch()
    before = m.state()
    with pytest.raises(ArgumentError) as exc:
        m.card("red-A", name)
    assert exc.value.param == "number" and meant in str(exc.value)
    assert m.state() == before


def test_a_misspelt_card_name_in_a_scenario_is_a_file_error(tmp_path, capsys):
    assert_input_error(tmp_path, capsys, "chnage", HEAD + "  - card: {by: red-A, number: Chnage Up!}\n", 5,
                       "did you mean 'Change Up!'")


def test_a_card_the_regulation_does_not_name_still_plays_as_in_one_vs_one():
    # Neither a misspelling nor a number of a card with a tag ruling: no tag-specific ruling (TAG-R3).
    for number in ("St-999", "ｓｔ－９９９", "Agumon"):
        assert _card_event(number).code == "tag.event.card_without_tag_ruling"
    assert _card_event("ｓｔ－９９９").args["label"] == "St-999"


FULL = {c: chr(ord(c) + 0xFEE0) for c in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-"}
DASHES = ["-", "－", "‐", "‑", "‒", "–", "—", "―", "−", "ー", "ｰ", "﹣"]


@st.composite
def spellings(draw, number: str):
    """``number`` written in any width, case and dash."""
    prefix, rest = number.split("-", 1)
    out = []
    for c in prefix + "\0" + rest:
        if c == "\0":
            out.append(draw(st.sampled_from(DASHES)))
            continue
        c = draw(st.sampled_from([c.lower(), c.upper()]))
        out.append(FULL[c] if draw(st.booleans()) else c)
    return "".join(out)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_width_case_or_dash_spelling_of_a_number_reads_as_the_same_card(data):
    number = data.draw(st.sampled_from([k for k in T.CARD_RULES if "-" in k]))
    spelt = data.draw(spellings(number))
    assert T.card_number(spelt) == number
    assert T.card_rule(spelt) is T.CARD_RULES[number]
    assert TagMatch.card_rule(spelt) is T.CARD_RULES[number]


def test_look_alike_digits_are_not_a_card_number():
    # NFKC would read "²" or "①" as a digit: not how anyone writes a card number; no guess.
    for text in ("St-3²9", "St-①", "St--319", "S-t319", "ＳＴ－３１９x" * 5):
        assert T.card_number(text) is None


# ------------------------------------------------------------------ replacement cards under TAG-K2
BODY = ["Bo-20v"] + [f"3 St-{i}" for i in range(2, 11)] + ["2 St-11"]


def test_replacement_cards_are_checked_against_k2():
    deck = Deck.from_text("\n".join([*BODY, "入替用:", "1 Xx-1", "2 Zz-2", "1 Bx-3", "1 sx-4"]), "pool.txt")
    report = check_decks([deck])
    k2 = [v for v in report.violations if v.rule == "TAG-K2"]
    assert not report.legal
    assert [(v.card, v.line, v.count) for v in k2] == [("Xx-1", 13, 1), ("Zz-2", 14, 2)]
    assert "replacement card Xx-1" in k2[0].message.render("en") and "入替用のカード" in k2[0].message.render("ja")


def test_replacement_cards_of_allowed_numbers_stay_legal():
    deck = Deck.from_text("\n".join([*BODY, "入替用のカード:", "3 Bx-1", "3 Sx-2", "3 St-2"]), "pool.txt")
    assert check_decks([deck]).legal


def test_cli_says_illegal_for_a_replacement_card_of_another_series(tmp_path, capsys):
    f = tmp_path / "deck.txt"
    f.write_text("\n".join([*BODY, "replacements:", "1 Zz-9"]) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "tag", "check-deck", f, "--json")
    assert code == 1 and err == ""
    assert [(v["rule"], v["card"]) for v in json.loads(out)["violations"]] == [("TAG-K2", "Zz-9")]


# ------------------------------------------------------------------ the rulebook's own header
@pytest.mark.parametrize("header", ["入替用のカード:", "入替用のカード：", "入替用のカード", "入れ替え用のカード:",
                                    "入替え用カード：", "入替用:", "入れ替え用:", "replacements:", "Replacement cards:",
                                    "ＲＥＰＬＡＣＥＭＥＮＴＳ：", "入替用 の カード :"])
def test_the_rulebooks_words_for_the_replacement_cards_are_a_header(header):
    deck = Deck.from_text("\n".join([*BODY, header, "1 Bx-900"]), "pool.txt")
    assert deck.size == 30 and deck.pool_size == 1


@pytest.mark.parametrize("header", ["入れ替えるカード:", "replace:", "Digivice cards:", "予備:", "入替カード一覧"])
def test_an_unknown_header_names_the_accepted_ones(header, tmp_path, capsys):
    f = tmp_path / "deck.txt"
    f.write_text("\n".join([*BODY, header, "1 Bx-900"]) + "\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "tag", "check-deck", f)
    assert_one_line_error(code, err, f"{f}:12:", "入替用のカード:")
    assert "replacements:" in err and "header" in err and out == ""


# ------------------------------------------------------------------ a match set up from its own state
def _fight(m: TagMatch, red: int = 500, blue: int = 300, lost: int = 20):
    pair = {"red": {"power": red, "lost": lost}, "blue": {"power": blue, "lost": lost}}
    m.battle(pair if m.mode == "1v1" else {x: pair for x in "AB" if all(m.player(t, x) not in m.out for t in TAGS)})


TAGS = ("red", "blue")
KEEP_OUT = ("events", "rejected",       # the log (its step numbers count from the setup)
            "verdict")                  # (worded from the log; its claims: tests/test_verdict.py)


def _same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k not in KEEP_OUT} == {k: v for k, v in b.items() if k not in KEEP_OUT}


def _again(m: TagMatch) -> TagMatch:
    """``m`` set up again from its state() as printed (JSON, nulls and all)."""
    return TagMatch.from_state(json.loads(json.dumps(m.state(), ensure_ascii=False)))


def test_the_printed_progress_is_taken_back_as_a_moment():
    m = TagMatch()
    for step in (("act", "red-A", "preparation"), ("act", "red-A", "evolution"), ("pass_", "red-A", "evolution")):
        getattr(m, step[0])(*step[1:])
        printed = json.loads(json.dumps(m.state()))["progress"]
        assert None in printed.values() or printed["phase"] != "battle"      # nulls and a battle value, as printed
        assert TagMatch(progress=printed).state()["progress"] == printed


def test_a_pass_after_everyone_passed_the_last_phase_is_refused():
    # It was taken (progress step 10, and `done` lost): no setup could give that moment back.
    m = TagMatch(turn=2, progress={"phase": "point_calculation", "done": True})
    with pytest.raises(IllegalAction) as exc:
        m.pass_("red-A", "point_calculation")
    assert exc.value.rule == "TAG-P5"
    assert "red-A" not in [str(a.args.get("by")) for a in m.legal_actions() if a.verb == "pass"]


def test_a_rematch_right_after_a_battle_is_still_there_after_the_round_trip():
    m = TagMatch()
    _fight(m)
    again = _again(m)
    assert _same(again.state(), m.state()) and m.state()["after_battle"]["rewind"]["turn"] == 1
    for match in (m, again):
        match.card("blue-A", "St-104")        # blue-A lost: the rewind (TAG-R5)
    assert _same(again.state(), m.state()) and again.turn == 1 and again.points["blue-A"] == 100


def test_the_deciding_battle_can_be_set_up_and_rewound():
    m = TagMatch(turn=5, gauges={"blue-A": 10, "blue-B": 10})
    _fight(m)
    assert m.is_finished()
    again = _again(m)
    assert again.is_finished() and _same(again.state(), m.state())
    for match in (m, again):
        match.rematch("blue-B")            # reading rewind-before-the-match-ends
    assert not again.is_finished() and _same(again.state(), m.state())


def test_net_oceans_rebuilt_right_after_a_battle_survive_the_round_trip():
    m = TagMatch()
    _fight(m)
    m.reshuffle("red-A")
    again = _again(m)
    assert again.state()["after_battle"] == {"rewind": None, "rebuilt": ["red-A"]}
    for match in (m, again):
        with pytest.raises(IllegalAction):
            match.reshuffle("red-A")       # once (TAG-P5)
        with pytest.raises(IllegalAction):
            match.rematch("blue-A")        # not right after the battle any more (TAG-R5)
        match.reshuffle("blue-B")
    assert _same(again.state(), m.state())


@pytest.mark.parametrize("change", [
    lambda s: s["points"].update({"blue-A": 90}),                                   # not what the battle left
    lambda s: s["after_battle"]["rewind"]["points"].update({"blue-A": 50}),
    lambda s: s["battles"][0].update({"winner": "blue"}),                           # the lower power won
    lambda s: s["battles"].clear(),
    lambda s: s.update({"first": "blue"}),                                          # TAG-N1 says red
    lambda s: s["after_battle"].update({"rebuilt": ["red-A"]}),
])
def test_a_moment_the_battle_does_not_lead_to_is_refused(change):
    m = TagMatch()
    _fight(m)
    s = json.loads(json.dumps(m.state()))
    change(s)
    with pytest.raises(ArgumentError):
        TagMatch.from_state(s)


def test_a_scenario_set_up_from_the_printed_outcome_plays_on(tmp_path, capsys):
    first = tmp_path / "battle.yaml"
    first.write_text(HEAD + "  - battle:\n      A: {red: {power: 500}, blue: {power: 300, lost: 20}}\n"
                            "      B: {red: {power: 200, lost: 30}, blue: {power: 400}}\n")
    code, out, _ = run_cli(capsys, "run", first, "--json")
    state = json.loads(out)
    from rulings_lib.tag.scenario import setup_from_state

    again = tmp_path / "again.yaml"
    # JSON is YAML: the outcome's values as printed, nulls included.
    again.write_text("format: digimon-tag\nsetup: " + json.dumps(setup_from_state(state), ensure_ascii=False)
                     + "\nsteps:\n  - rematch: {by: red-B}\nexpect:\n  rejected: []\n  turn: 1\n"
                     + "  points: {red-A: 100, red-B: 100, blue-A: 100, blue-B: 100}\n", encoding="utf-8")
    code, out, err = run_cli(capsys, "run", again, "--strict")
    assert code == 0, out + err


def test_a_moment_the_battle_does_not_lead_to_is_a_file_error(tmp_path, capsys):
    m = TagMatch()
    _fight(m)
    from rulings_lib.tag.scenario import setup_from_state

    setup = setup_from_state(json.loads(json.dumps(m.state())))
    setup["at"]["points"]["blue-A"] = 90
    f = tmp_path / "bad.yaml"
    f.write_text("format: digimon-tag\nsetup: " + json.dumps(setup) + "\n", encoding="utf-8")
    code, _, err = run_cli(capsys, "run", f)
    assert_one_line_error(code, err, f, "after_battle")


# The property (the printed state is a setup): at every moment of random play, the match set up from its printed
# state() is the same match: the same next action is accepted or refused alike, with the same
# events, and leaves the same state.
def _random_move(m: TagMatch, rng: random.Random):
    r = rng.random()
    players = m.players()
    if r < 0.25:
        pair = lambda: {t: {"power": rng.choice([100, 300, 500]), "lost": rng.choice([10, 20, 40, 100])}  # noqa: E731
                        for t in TAGS}
        if m.mode == "1v1":
            return "battle", (pair(),)
        return "battle", ({x: pair() for x in "AB" if all(m.player(t, x) not in m.out for t in TAGS)},)
    if r < 0.35:
        return "card", (rng.choice(players), rng.choice(["St-319", "St-104", "St-220", "ＳＴ－３２０"]))
    if r < 0.42:
        return "reshuffle", (rng.choice(players),)
    if r < 0.47:
        return "rematch", (rng.choice(players),)
    actions = m.legal_actions()
    return ("apply", (rng.choice(actions),)) if actions else ("rematch", (rng.choice(players),))


def _play(m: TagMatch, move) -> tuple:
    n = len(m.events)
    try:
        getattr(m, move[0])(*move[1])
    except (IllegalAction, ArgumentError) as exc:
        return ("refused", type(exc).__name__, getattr(exc, "rule", None)), []
    return ("ok",), [tuple(e)[1:] for e in m.events[n:]]      # (rule, code, args): steps count from the setup


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.sampled_from(TAGS), st.sampled_from([100, 40]))
@example(3, "red", 100)
def test_a_match_set_up_from_its_printed_state_plays_on_identically(seed, first, points):
    rng = random.Random(seed)
    m = TagMatch(TAGS, first, points)
    for _ in range(25):
        again = _again(m)
        assert _same(again.state(), m.state())
        move = _random_move(m, rng)
        assert _play(m, move) == _play(again, move), move
        assert _same(again.state(), m.state()), move


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 10 ** 7), st.text(max_size=6),
                 st.sampled_from(["red", "blue", "red-A", "blue-B", "A", "B", "battle", "point_calculation",
                                  "first-A", 2, 3, 10, [], {}, [None], {"tag": "red"}]))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 3), st.data())
def test_a_state_with_any_value_changed_is_set_up_or_refused_with_argument_error(moment, data):
    m = TagMatch()
    for step in [lambda: _fight(m), lambda: m.reshuffle("red-A"), lambda: m.act("red-A", "preparation")][:moment]:
        step()
    s = json.loads(json.dumps(m.state()))
    path = data.draw(st.sampled_from([p for p in _paths(s) if p and p[0] not in KEEP_OUT]))
    target = s
    for k in path[:-1]:
        target = target[k]
    target[path[-1]] = data.draw(JUNK)
    try:
        again = TagMatch.from_state(s)
    except ArgumentError:
        return
    assert TagMatch.from_state(json.loads(json.dumps(again.state()))).state() == again.state()
