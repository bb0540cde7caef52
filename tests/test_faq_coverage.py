"""`rulings coverage`: every rule id of both references is demonstrated by a passing FAQ entry, and every
Reading is answered by one FAQ entry or one of the maintainers' tool notes."""

from rulings_lib.cli import main
from rulings_lib.faq import ADVICE_ONLY, all_rule_ids, coverage
from rulings_lib.readings import readings


def test_every_rule_id_is_demonstrated_and_every_reading_is_an_open_question(capsys):
    cov = coverage()
    assert cov.missing == [], f"rule ids with no passing FAQ entry: {cov.missing}"
    assert cov.readings_missing == [], f"readings with no entry: {cov.readings_missing}"
    assert set(all_rule_ids()) - set(cov.demonstrated) == ADVICE_ONLY
    assert len(readings()) == len({r.id for r in readings()})
    assert main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert "0 missing; 0 readings without an entry" in out


def test_coverage_fails_while_an_id_is_missing(monkeypatch, capsys):
    import rulings_lib.faq as faq

    real = faq.load_faq
    monkeypatch.setattr(faq, "load_faq", lambda *a, **k: [e for e in real(*a, **k) if "WRGP-F7" not in e.rules])
    assert main(["coverage"]) == 1
    out = capsys.readouterr().out
    assert "MISSING  WRGP-F7" in out and "MISSING  reading lp-loop-once-per-player" in out


def test_a_reading_answered_only_by_a_tool_note_still_counts(monkeypatch, capsys):
    import rulings_lib.faq as faq

    real = faq.load_faq
    monkeypatch.setattr(faq, "load_faq", lambda *a, **k: [] if k.get("tool") else real(*a, **k))
    assert main(["coverage"]) == 1
    assert "MISSING  reading lineup-size-setting" in capsys.readouterr().out
