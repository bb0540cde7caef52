"""TAG-K1..K4: the deck check, its Python API (typed report) and `rulings tag check-deck`."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rulings_lib.cli import main
from rulings_lib.tag.deckcheck import (
    Catalogue,
    Deck,
    DeckReport,
    check_deck,
    check_decks,
    is_allowed_number,
    read_deck,
    sample_catalogue,
)

SAMPLES = Path(__file__).resolve().parents[1] / "rulings_lib" / "samples" / "tag"
CAT = SAMPLES / "sample-catalogue.csv"

CATALOGUE = Catalogue.from_text(
    "number,name,level,lost_3,lost_4,lost_perfect,lost_ultimate\n"
    "St-1,Rookie,3,10,20,30,40\n"
    "St-2,Champion,4,,,,\n"
    "St-3,Option,,,,,\n"
    "St-4,Option,,,,,\n"        # a reprint: same name, another number
    "Bo-5,Perfect,perfect,,,,\n"
    "Bx-6,Ultimate,ultimate,,,,\n"
    "Sx-7,Other,,,,,\n",
    "cards.csv",
)


def deck(text, name="d.txt"):
    return Deck.from_text(text, name)


def rules(findings):
    return [(f.rule, f.check) for f in findings]


def test_legal_deck_with_catalogue():
    r = check_decks([deck("3 St-1\n3 St-2\n3 St-3\n3 Bo-5\n3 Bx-6\n3 Sx-7\n12 St-9\n")], None)
    assert rules(r.violations) == [("TAG-K1", "copies")]      # 12 copies of St-9 by number
    r = check_decks([deck("3 St-1\n3 St-2\n3 Bo-5\n3 Bx-6\n3 Sx-7\n3 St-3\n" + "".join(
        f"3 St-{n}\n" for n in (10, 11, 12, 13)))], CATALOGUE)
    assert r.legal and bool(r) and r.violations == []
    assert r.decks[0].size == 30 and r.decks[0].level3 == 3


def test_k1_exactly_30_cards():
    r = check_decks([deck("3 St-1\n")], CATALOGUE)
    size = [v for v in r.violations if v.check == "size"]
    assert size[0].rule == "TAG-K1" and size[0].count == 3 and size[0].limit == 30
    r = check_decks([deck("".join(f"3 St-{n}\n" for n in range(1, 12)))], CATALOGUE)  # 33
    assert [v.count for v in r.violations if v.check == "size"] == [33]


def test_k1_level_3_needs_catalogue():
    d = deck("".join(f"3 St-{n}\n" for n in (2, 3, 10, 11, 12, 13, 14, 15, 16, 17)))
    r = check_decks([d], CATALOGUE)
    assert ("TAG-K1", "level-3") in rules(r.warnings)          # uncatalogued cards may hold a Level 3
    d = deck("3 St-2\n3 St-3\n3 Bo-5\n3 Bx-6\n3 Sx-7\n")
    r = check_decks([d], CATALOGUE)
    assert ("TAG-K1", "level-3") in rules(r.violations)
    r = check_decks([d], None)
    assert ("TAG-K1", "level-3") not in rules(r.violations)
    assert ("TAG-K1", "level-3") in rules(r.warnings) and "no catalogue" in r.warnings[-1].message


def test_k1_three_per_name_counted_by_catalogue_name():
    r = check_decks([deck("2 St-3\n2 St-4\n")], CATALOGUE)
    v = [f for f in r.violations if f.check == "copies"]
    assert v[0].card == "Option" and v[0].count == 4 and v[0].limit == 3 and v[0].numbers == ("St-3", "St-4")
    r = check_decks([deck("2 St-3\n2 St-4\n")], None)          # without a catalogue: by number
    assert [f for f in r.violations if f.check == "copies"] == []
    r = check_decks([deck("2 St-1\n2 St-1 # again\n")], CATALOGUE)   # lines add up
    assert [f.count for f in r.violations if f.check == "copies"] == [4]


def test_k1_six_in_a_tag_is_fine():
    body = "3 St-1\n3 St-2\n3 St-3\n3 Bo-5\n3 Bx-6\n3 Sx-7\n" + "".join(f"3 St-{n}\n" for n in (10, 11, 12, 13))
    r = check_decks([deck(body, "a.txt"), deck(body, "b.txt")], CATALOGUE)
    assert r.legal
    assert any(n.rule == "TAG-K4" for n in r.notes)


def test_k2_only_bo_st_bx_sx():
    assert all(is_allowed_number(n) for n in ("Bo-20v", "St-104", "Bx-1", "Sx-3", "st-1"))
    assert not any(is_allowed_number(n) for n in ("Re-12", "Dα-1", "Xx-1"))
    r = check_decks([deck("3 St-1\n2 Re-12\n")], CATALOGUE)
    v = [f for f in r.violations if f.rule == "TAG-K2"]
    assert v[0].card == "Re-12" and v[0].line == 2 and v[0].count == 2


def test_k3_digivice_01_warning_not_violation():
    body = "3 St-1\n3 St-2\n3 St-3\n3 Bo-5\n3 Bx-6\n3 Sx-7\n" + "".join(f"3 St-{n}\n" for n in (10, 11, 12)) + \
        "2 St-13\nBo-20v Digivice 01\n"
    r = check_decks([deck(body)], CATALOGUE)
    assert r.legal
    k3 = [w for w in r.warnings if w.rule == "TAG-K3"]
    assert k3 and k3[0].card == "Bo-20v" and k3[0].line == 11 and "30" in k3[0].message


def test_report_json_text_html_repr():
    r = check_decks([deck("2 St-3\n2 St-4\n1 Re-1\n")], CATALOGUE)
    d = r.as_dict()
    assert list(d) == ["legal", "violations", "warnings"] and d["legal"] is False
    assert all(v["rule"].startswith("TAG-K") for v in d["violations"] + d["warnings"])
    assert json.loads(r.to_json()) == d
    assert "Result: ILLEGAL" in r.text() and "TAG-K2" in str(r)
    assert "<table>" in r._repr_html_() and "&" not in r._repr_html_().replace("&amp;", "").replace("&#x27;", "")
    assert repr(r).startswith("<DeckReport 1 deck(s): illegal")
    assert isinstance(r, DeckReport)


def test_catalogue_lost_table_feeds_a_battle():
    from rulings_lib.tag import TagMatch
    m = TagMatch()
    table = CATALOGUE.lost_table("St-1")
    assert table == {"3": 10, "4": 20, "perfect": 30, "ultimate": 40}
    m.battle({"A": {"red": {"power": 500, "level": CATALOGUE["Bo-5"].level},
                    "blue": {"power": 100, "lost_table": table}},
              "B": {"red": {"power": 1}, "blue": {"power": 1}}})
    assert m.points["blue-A"] == 70


def test_samples():
    cat = sample_catalogue()
    assert len(cat) >= 10 and cat["St-319"].name == cat["St-320"].name
    assert check_deck(SAMPLES / "red-a.txt", SAMPLES / "red-b.txt", cards=CAT).legal
    bad = check_deck(SAMPLES / "illegal.txt", cards=CAT)
    assert {(v.rule, v.check) for v in bad.violations} == {("TAG-K1", "size"), ("TAG-K1", "copies"),
                                                           ("TAG-K1", "level-3"), ("TAG-K2", "number")}
    assert read_deck(SAMPLES / "red-a.txt").size == 30
    head = CAT.read_text(encoding="utf-8").splitlines()[0]
    assert head.startswith("number,name,level") and "note" in head
    assert all(("SAMPLE" in line or "PLACEHOLDER" in line) for line in CAT.read_text(encoding="utf-8").splitlines()[1:])


def test_cli_exit_codes_and_json(capsys):
    assert main(["tag", "check-deck", str(SAMPLES / "red-a.txt"), "--cards", str(CAT)]) == 0
    assert "Result: LEGAL" in capsys.readouterr().out
    assert main(["tag", "check-deck", str(SAMPLES / "illegal.txt"), "--cards", str(CAT), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is False and {v["rule"] for v in out["violations"]} == {"TAG-K1", "TAG-K2"}
    copies = next(v for v in out["violations"] if v.get("check") == "copies")
    assert copies["count"] == 4 and copies["limit"] == 3
    assert main(["tag", "check-deck", str(SAMPLES / "red-a.txt"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] is True and out["warnings"][0]["rule"] == "TAG-K1"


def test_cli_subprocess_json_is_only_json(tmp_path):
    p = subprocess.run([sys.executable, "-m", "rulings_lib.cli", "tag", "check-deck", str(SAMPLES / "red-b.txt"),
                        "--cards", str(CAT), "--json"], capture_output=True, text=True, check=False)
    assert p.returncode == 0 and p.stderr == ""
    assert json.loads(p.stdout)["warnings"][0]["rule"] == "TAG-K3"


def test_check_decks_takes_one_or_two():
    with pytest.raises(ValueError):
        check_decks([])
    with pytest.raises(ValueError):
        check_decks([deck("1 St-1")] * 3)


def _pool_deck(n_pool: int, header: str = "replacements:", digivice: bool = True):
    body = ["Bo-20v"] if digivice else ["St-1"]
    body += [f"3 St-{i}" for i in range(2, 11)] + ["2 St-11"]
    pool = [header] + [f"1 Bx-{900 + i}" for i in range(n_pool)] if n_pool else []
    return Deck.from_text("\n".join(body + pool), "pool.txt")


@pytest.mark.parametrize("n, header", [(1, "replacements:"), (30, "入替用："), (31, "Replacements:"), (45, "入れ替え用:")])
def test_k3_digivice_replacement_cards_at_most_30_and_not_part_of_the_deck(n, header):
    deck = _pool_deck(n, header)
    assert deck.size == 30 and deck.pool_size == n          # the replacement cards are beside the deck
    report = check_decks([deck])
    k3 = [v for v in report.violations if v.rule == "TAG-K3"]
    assert not [v for v in report.violations if v.rule == "TAG-K1" and v.check == "size"]
    assert (len(k3) == 1) == (n > 30) and not [w for w in report.warnings if w.rule == "TAG-K3"]
    if n > 30:
        assert (k3[0].count, k3[0].limit) == (n, 30) and "digivice-pool-30" in k3[0].message \
                and "「『デジヴァイス01』の入替用のカードは30枚まで」" in k3[0].message.render("ja")   # its Japanese name
    else:
        assert [(f.rule, f.count) for f in report.notes if f.check == "digivice-pool"] == [("TAG-K3", n)]


def test_k3_replacement_cards_without_digivice_are_a_warning():
    report = check_decks([_pool_deck(3, digivice=False)])
    assert report.legal and [w.check for w in report.warnings if w.rule == "TAG-K3"] == ["digivice-pool"]
