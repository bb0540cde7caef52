"""`rulings coverage`: every rule id of both references is demonstrated by a passing FAQ entry."""

from rulings_lib.cli import main
from rulings_lib.faq import ADVICE_ONLY, all_rule_ids, coverage
from rulings_lib.readings import readings


def test_every_rule_id_is_demonstrated_and_every_reading_is_an_open_question(capsys):
    cov = coverage()
    assert cov.missing == [], f"rule ids with no passing FAQ entry: {cov.missing}"
    assert cov.readings_missing == [], f"readings with no open-question entry: {cov.readings_missing}"
    assert set(all_rule_ids()) - set(cov.demonstrated) == ADVICE_ONLY
    assert len(readings()) == len({r.id for r in readings()})
    assert main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert "0 missing; 0 readings without an open question" in out


def test_coverage_fails_while_an_id_is_missing(monkeypatch, capsys):
    import rulings_lib.faq as faq

    real = faq.load_faq
    monkeypatch.setattr(faq, "load_faq", lambda *a, **k: [e for e in real() if "WRGP-F7" not in e.rules])
    assert main(["coverage"]) == 1
    assert "MISSING  WRGP-F7" in capsys.readouterr().out
