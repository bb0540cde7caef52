"""The builder and the pages on a phone, round 3 (issue 33, the phone items): LP and amounts typed on
the number pad; a new damage step aimed at the opponent; pictures and targets readable on every page
(FAQ included); the rulebook's Power Bond and run-on disputes built by taps only; axe on the tracker
after a loss and on a page showing an input error."""

from __future__ import annotations

import pytest

PHONE = {"width": 390, "height": 844, "has_touch": True, "is_mobile": True}


def phone(new_context, server, path, **kwargs):
    ctx, _ = new_context(**{**PHONE, **kwargs})
    page = ctx.new_page()
    page.goto(server.url + path)
    return ctx, page


# ------------------------------------------------------------------------------ the verb table
def test_a_new_damage_steps_target_starts_at_the_opponent_and_a_file_must_still_say_it():
    """The form's start is the verb table's (one vocabulary); the scenario format is unchanged: a
    damage step that leaves ``to`` out is refused as before."""
    from rulings_lib.formats import describe_verbs

    verbs = {v["name"]: v for f in describe_verbs("en")["formats"] if f["format"] == "wrgp" for v in f["verbs"]}
    to = {p["name"]: p for p in verbs["damage"]["params"]}["to"]
    assert to["required"] is True and to["default"] == "opponent"
    assert "opponent" in [c["value"] for c in to["choices"]]
    from rulings_lib.errors import InputError
    from rulings_lib.scenario import scenario_from_text

    with pytest.raises(InputError, match="missing key 'to'"):
        scenario_from_text("format: wrgp\ntitle: t\nsteps:\n  - damage: {by: B, amount: 1000}\n")


# ------------------------------------------------------------------------------ the number pad
@pytest.mark.browser
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_lp_and_amounts_are_typed_on_the_number_pad_and_damage_goes_to_the_opponent(new_context, server, lang):
    from test_phone import field, tap

    ctx, page = phone(new_context, server, f"index.html?lang={lang}")
    page.wait_for_selector("#builder [data-param='setup.lineup']")
    tap(page, field(page, "setup.at") + " button.add")
    lp = page.locator(field(page, "setup.at.lp.A") + " input").first
    lp.wait_for()
    # the number pad: a text field asking for digits (type=number opens the full keyboard on some phones)
    assert lp.get_attribute("inputmode") == "numeric" and lp.get_attribute("type") == "text"
    lp.tap()
    page.keyboard.type("1000")                                 # four key presses, not 11 taps
    page.locator("#add-step").select_option("damage")
    step = ".step[data-verb=damage]"
    page.wait_for_selector(step)
    amount = page.locator(step + " " + field(page, "steps.damage.amount") + " input").first
    assert amount.get_attribute("inputmode") == "numeric"
    amount.tap()
    page.keyboard.type("12x00")                                # anything but digits is dropped
    assert amount.input_value() == "1200"
    yaml = page.locator("#src").input_value()
    assert "lp: {A: 1000}" in yaml, yaml
    assert "damage: {by: A, to: opponent, amount: 1200}" in yaml, yaml
