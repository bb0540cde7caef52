"""Issue 31 (bad input, round 3), the tag battle's part: card numbers as people type them and
misspelt card names (#15), Digivice 01's replacement cards under TAG-K2 (#16), the rulebook's own
header for them (#20), and a match set up from its own ``state()`` playing on identically (#17)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from input_errors import assert_input_error, assert_one_line_error, run_cli

from rulings_lib.errors import ArgumentError
from rulings_lib.tag import tables as T
from rulings_lib.tag.deckcheck import Deck, check_decks
from rulings_lib.tag.engine import TagMatch

HEAD = "format: digimon-tag\nsetup:\n  tags: [red, blue]\nsteps:\n"


# ------------------------------------------------------------------ #15 card numbers and names
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


# ------------------------------------------------------------------ #16 replacement cards under TAG-K2
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


# ------------------------------------------------------------------ #20 the rulebook's own header
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
