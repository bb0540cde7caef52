"""The card catalogue (rulings_lib/cards): names, the cards playing themselves, and shipped texts
that name a real card with an effect it does not have."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from file_helpers import FUSION_MONSTER, MACHINE, write_monsters
from hypothesis import given, settings
from hypothesis import strategies as st

from rulings_lib import WrgpMatch
from rulings_lib.cards import fold, listing
from rulings_lib.cards import suggest as _suggest
from rulings_lib.cli import main
from rulings_lib.errors import ArgumentError, IllegalAction, MatchOver, ScenarioError
from rulings_lib.formats import FORMATS
from rulings_lib.scenario import builtin_scenarios, load_scenario, run_scenario, scenario_from_text
from rulings_lib.wrgp.engine import contradiction, named_card

ROOT = Path(__file__).resolve().parents[1]
WRGP = FORMATS["wrgp"].catalogue()
TAG = FORMATS["digimon-tag"].catalogue()
card = WRGP.card            # a WRGP card by any of its names


def suggest(name):
    return _suggest(name, WRGP.file)


# The cards the two rulebooks name, by the names the rulebooks print.
RULEBOOK = {
    "破壊指輪": "destruction-ring", "火の粉": "sparks", "連鎖爆撃": "chain-strike", "パワーボンド": "power-bond",
    "サイバーエンドドラゴン": "cyber-end-dragon", "カウンタークリーナー": "counter-cleaner",
    "ゲート・ブロッカー": "gate-blocker", "魂のリレー": "relay-soul", "雪花の光": "sekkas-light", "発禁令": "sales-ban",
    "スポーア": "spore", "毒蛇神ヴェノミナーガ": "vennominaga", "スピード・ワールド（WRGP用）": "speed-world-wrgp",
}
TAG_RULEBOOK = {"St-104": "リターンマッチだ！", "St-220": "休戦協定の締結", "St-240": "ホーリーエンジェモン",
                "St-296": "ヴェノムヴァンデモン", "St-319": "チェンジアップ！", "St-320": "チェンジアップ！",
                "St-321": "デジタルゲート！"}


# ---------------------------------------------------------------------- the catalogue
def test_the_rulebooks_cards_are_known_by_their_printed_names():
    for name, cid in RULEBOOK.items():
        assert card(name) is not None and card(name).id == cid, name
    numbers = {c.number: c for c in TAG}
    for number, ja in TAG_RULEBOOK.items():
        assert numbers[number].name["ja"] == ja     # St-320 too: one card name, 「St-319/320 チェンジアップ！」


def test_every_card_has_both_names_what_it_does_and_its_sources():
    for cat in (WRGP, TAG):
        for c in cat:
            assert c.name["en"] and c.name["ja"] and c.does["en"] and c.does["ja"], c.id
            assert c.sources, c.id


def test_confusable_names_are_other_cards():
    assert card("Destruction Ring").id == "destruction-ring"
    assert card("破壊輪") is None and suggest("破壊輪") == ["Destruction Ring"]
    assert card("発禁令").en == "Sales Ban" and card("禁止令").en == "Prohibition"
    assert card("魂のリレー").en == "Relay Soul" and card("Soul Relay") is None
    assert card("雪花の光").en == "Sekka's Light"


@pytest.mark.parametrize("spelling", ["Power Bond", "power bond", "POWERBOND", "パワー・ボンド", "パワーボンド",
                                      "ﾊﾟﾜｰ･ﾎﾞﾝﾄﾞ", "Ｐｏｗｅｒ　Ｂｏｎｄ", "  power-bond "])
def test_names_are_matched_after_nfkc_case_spaces_and_dots(spelling):
    assert card(spelling).id == "power-bond"


@given(st.sampled_from([n for c in WRGP for n in c.names()]), st.sampled_from(["", " ", "・", "　"]),
       st.booleans())
def test_property_any_spelling_variant_of_a_known_name_finds_its_card(name, sep, upper):
    variant = sep.join(name.upper() if upper else name)
    assert card(variant) is card(name)


def test_a_close_unknown_name_is_did_you_mean_exit_2(tmp_path, capsys):
    path = tmp_path / "typo.yaml"
    path.write_text("format: wrgp\nsetup: {at: {turn: 3, phase: main1}}\nsteps:\n"
                    "  - activate: {by: A, card: Destruction Rnig}\n", encoding="utf-8")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'Destruction Ring'" in err and ":4:" in err


def test_an_unknown_name_with_explicit_numbers_stays_allowed():
    sc = scenario_from_text("format: wrgp\nsetup: {at: {turn: 3, phase: main1}}\nsteps:\n"
                            "  - damage: {by: A, card: My Own Burn Card, to: opponent, amount: 1234}\n"
                            "expect: {lp: {A: 8000, B: 6766}}\n")
    assert run_scenario(sc).passed
    with pytest.raises(ScenarioError, match="catalogue"):
        scenario_from_text("format: wrgp\nsteps:\n  - activate: {by: A, card: My Own Burn Card}\n")


@pytest.mark.parametrize("step, names", [
    ("damage: {by: A, card: 破壊指輪, to: both, amount: 800}", "Destruction Ring"),
    ("damage: {by: A, card: Ookazi, to: both, amount: 800}", "Ookazi"),
    ("gain: {by: A, card: Pot of Generosity, to: self, amount: 4000}", "Pot of Generosity"),
    ("chain: [{by: A, card: Sparks, damage: {to: opponent, amount: 300}}]", "Sparks"),
    # (800 as link 2 agrees with Chain Strike, 400 x its link number, and is accepted; 1200 is not)
    ("chain: [{by: A, card: Sparks}, {by: B, card: Chain Strike, damage: {to: opponent, amount: 1200}}]", "Chain Strike"),
    ("at_end_phase: {by: A, card: Power Bond, damage: {to: opponent, amount: 4000}}", "Power Bond"),
    ("pay: {by: A, card: Counter Cleaner, amount: 1000}", "Counter Cleaner"),
    ("continuing: {by: A, card: Ookazi}", "Ookazi"),
    ("once_per_duel: {by: A, card: Sparks}", "Sparks"),
    ("attack: {by: A, with: Cyber Dragon, damage: 3000}", "Cyber Dragon"),
])
def test_explicit_numbers_that_contradict_a_known_card_are_exit_2_naming_it(tmp_path, capsys, step, names):
    path = tmp_path / "bad.yaml"
    path.write_text(f"format: wrgp\nsetup: {{at: {{turn: 3, phase: battle}}}}\nsteps:\n  - {step}\n", encoding="utf-8")
    assert main(["run", str(path)]) == 2
    err = capsys.readouterr().err
    assert names in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_rulings_cards_json_follows_the_contract(capsys):
    assert main(["cards", "--json", "--lang", "ja"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == 1 and data["lang"] == "ja"
    assert [f["format"] for f in data["formats"]] == ["wrgp", "digimon-tag"]
    ring = next(c for c in data["formats"][0]["cards"] if c["id"] == "destruction-ring")
    assert ring["name"] == {"en": "Destruction Ring", "ja": "破壊指輪"} and ring["kind"] == "Normal Trap"
    assert ring["speed"] == 2 and "WRGP-D1" in ring["rules"] and "destruction-ring-draw" in ring["faq"]
    bond = next(c for c in data["formats"][0]["cards"] if c["id"] == "power-bond")
    (summon,) = bond["choices"]
    assert summon["name"] == "summon" and summon["type"] == "card" and summon["label"] == "融合モンスター"
    for c in data["formats"][0]["cards"]:
        assert set(c) >= {"id", "name", "aliases", "kind", "speed", "does", "choices", "rules", "faq", "sources"}
    assert listing([FORMATS["wrgp"].cards])["formats"][0]["cards"] == [c.as_json() for c in WRGP]


def test_rulings_cards_lists_in_either_language(capsys):
    assert main(["cards", "--format", "wrgp", "--lang", "ja"]) == 0
    out = capsys.readouterr().out
    assert "破壊指輪 / Destruction Ring" in out and "WRGP-D1" in out


# ---------------------------------------------------------------------- cards playing themselves
def at(**kw):
    return WrgpMatch(turn=3, phase="main1", **kw)


def test_api_activate_by_japanese_name():
    m = at(lp={"A": 1000, "B": 1000})
    m.activate("B", "破壊指輪")
    assert m.out == ["A1"] and m.at_zero == {"B"}


def test_chain_strike_as_chain_link_1_is_rejected_std_timing():
    m = at()
    with pytest.raises(IllegalAction) as err:
        m.activate("A", "Chain Strike")
    assert err.value.rule == "STD-TIMING"
    with pytest.raises(IllegalAction) as err:
        m.chain([{"by": "A", "card": "連鎖爆撃"}, {"by": "B", "card": "Chain Strike"}])
    assert err.value.rule == "STD-TIMING"
    m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Chain Strike"}])
    assert m.lp == {"A": 7200, "B": 7800}


def test_a_spell_speed_1_card_cannot_answer_a_chain():
    with pytest.raises(IllegalAction) as err:
        at().chain([{"by": "A", "card": "Ookazi"}, {"by": "B", "card": "Ookazi"}])
    assert err.value.rule == "STD-TIMING"


def test_counter_cleaner_in_the_run_on_is_rejected_wrgp_h2_and_costs_500_otherwise():
    m = at(spc={"A": 6, "B": 6})
    m.activate("A", "カウンタークリーナー")
    assert m.spc == {"A": 0, "B": 0} and m.lp["A"] == 7500
    m.lose("B")
    with pytest.raises(IllegalAction) as err:
        m.activate("A", "Counter Cleaner")
    assert err.value.rule == "WRGP-H2"


def test_a_second_spore_by_the_same_team_is_rejected_wrgp_f6_in_either_language():
    m = at()
    m.activate("A", "Spore")
    with pytest.raises(IllegalAction) as err:
        m.activate("A", "スポーア")
    assert err.value.rule == "WRGP-F6"
    with pytest.raises(IllegalAction):
        m.once_per_duel("A", "スポーア")
    m.end_turn()
    m.phase("main1")
    m.activate("B", "Spore")
    assert m.once == {"A": ["Spore"], "B": ["Spore"]}


def test_power_bond_doubles_and_burns_its_controller_in_the_end_phase():
    m = at(lp={"A": 4000, "B": 4000})
    m.activate("A", "Power Bond", summon="Cyber End Dragon")
    m.phase("battle")
    m.attack("A", with_="サイバー・エンド・ドラゴン")
    assert m.lp["B"] == 0
    m.end_turn()
    assert m.out == ["B1", "A1"] and m.player == "A"


def test_power_bonds_monster_is_on_the_field_and_loses_the_doubled_atk_when_it_leaves():
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "パワー・ボンド", summon="サイバー・エンド・ドラゴン")
    assert m.state()["cards"] == {"サイバー・エンド・ドラゴン": {"zone": "extra_monster", "player": "A1", "owner": "A1"}}
    m.destroy("B", "サイバー・エンド・ドラゴン")
    assert m.monsters == {}                             # its doubled ATK left the field with it
    m.phase("battle")
    with pytest.raises(IllegalAction, match="not in a Monster Zone"):
        m.attack("A", with_="Cyber End Dragon")         # a monster in the Graveyard cannot attack


def test_power_bond_needs_a_machine_fusion_monster():
    with pytest.raises(ArgumentError, match="Machine Fusion"):
        at().activate("A", "Power Bond", summon="Stardust Dragon")
    with pytest.raises(ArgumentError, match="summon"):
        at().activate("A", "Power Bond")


def test_lasting_effects_carry_over_a_handover():
    m = at()
    m.activate("A", "発禁令", declare="Ookazi")
    m.lose("A")
    m.end_turn()
    assert m.state()["effects"] == ["Sales Ban"]
    assert any(e.rule == "WRGP-H7" and e.code == "wrgp.event.effect_carries_over" and e.args["card"] == "Sales Ban"
               for e in m.events[-3:])


def test_assumptions_are_said_in_the_transcript():
    m = at()
    m.activate("A", "Destruction Ring")
    assert any(e.code == "wrgp.event.effect_assumed" and "face-up monster" in e.args["what"]["en"] for e in m.events)


def test_a_monster_without_an_effect_to_activate_is_refused():
    with pytest.raises(ArgumentError, match="place"):
        at().activate("B", "Gate Blocker")


# ---------------------------------------------------------------------- property: name == numbers
DAMAGE_CARDS = [c for c in WRGP if ("damage" in c.effect or "gain" in c.effect) and c.speed]


def _explicit(c, by):
    """The same link written with explicit numbers (no catalogue card: its name changed)."""
    what = "damage" if "damage" in c.effect else "gain"
    return {"by": by, "card": f"explicit link of team {by}", what: dict(c.effect[what]),
            "kind": c.action_kind}


def _comparable(state):
    # the verdict's words quote the log (the cards as named); its claims are the game's
    return {k: (v["claims"] if k == "verdict" else v) for k, v in state.items() if k not in ("events",)}


@settings(max_examples=60, deadline=None)
@given(first=st.sampled_from([c for c in DAMAGE_CARDS if "min_link" not in c.effect]),
       second=st.one_of(st.none(), st.sampled_from([c for c in DAMAGE_CARDS if c.speed >= 2])),
       lp=st.fixed_dictionaries({"A": st.integers(1, 3000), "B": st.integers(1, 3000)}),
       by=st.sampled_from("AB"))
def test_property_a_named_card_and_the_same_effect_with_explicit_numbers_give_the_same_outcome(first, second, lp, by):
    named = [{"by": by, "card": first.name["ja"]}]
    explicit = [_explicit(first, by)]
    if second is not None:
        foe = "B" if by == "A" else "A"
        named.append({"by": foe, "card": second.en})
        explicit.append(_explicit(second, foe))
    outcomes = []
    for links in (named, explicit):
        m = WrgpMatch(turn=3 if by == "A" else 4, phase="main1", player=by, lp=dict(lp))
        try:
            m.chain(links)
            outcomes.append(("ok", _comparable(m.state())))
        except IllegalAction as exc:
            outcomes.append(("rejected", exc.rule))
    assert outcomes[0] == outcomes[1]
    if len(named) == 1:
        m = WrgpMatch(turn=3 if by == "A" else 4, phase="main1", player=by, lp=dict(lp))
        m.activate(by, first.en)
        assert _comparable(m.state()) == outcomes[0][1]


CYBER_END = card("Cyber End Dragon")


@settings(max_examples=40, deadline=None)
@given(spelling=st.sampled_from(CYBER_END.names()), lp=st.fixed_dictionaries({"A": st.integers(1, 9000),
                                                                           "B": st.integers(1, 9000)}),
       by=st.sampled_from("AB"), attack=st.booleans(), next_turn_attack=st.booleans())
def test_property_power_bond_by_name_is_place_and_numbers_with_the_monster_on_the_field(spelling, lp, by, attack,
                                                                                      next_turn_attack):
    """Power Bond by name Fusion Summons its monster onto its controller's field (tracked like `place`,
    its ATK the doubled one): the same outcome as placing the monster, setting the End Phase damage and
    attacking for 8000 by hand, through the End Phase, a handover (the next duelist inherits it, WRGP-H4)
    and an attack in the next turn of the team."""
    atk = CYBER_END.monster["atk"]
    named = WrgpMatch(turn=3 if by == "A" else 4, phase="main1", player=by, lp=dict(lp))
    named.activate(by, "Power Bond", summon=spelling)
    (key, placed), = named.state()["cards"].items()
    assert key in CYBER_END.name.values() and placed == {"zone": "extra_monster", "player": f"{by}1", "owner": f"{by}1"}
    explicit = WrgpMatch(turn=3 if by == "A" else 4, phase="main1", player=by, lp=dict(lp))
    explicit.place(by, key, "extra_monster")
    explicit.at_end_phase(by, "Power Bond", "self", atk)
    plays = [(named, {"with_": spelling}), (explicit, {"damage": 2 * atk})]
    outcomes = []
    for m, hit in plays:
        try:
            if attack:
                m.phase("battle")
                m.attack(by, **hit)
            m.end_turn()                    # Power Bond's End Phase damage; a handover, if any
            m.end_turn()                    # the other team's turn
            if next_turn_attack and not m.is_finished():
                m.phase("battle")
                m.attack(by, **({"with_": key} if m is named else hit))
            outcomes.append(("ok", _comparable(m.state())))
        except (IllegalAction, MatchOver) as exc:
            outcomes.append((type(exc).__name__, _comparable(m.state())))
    assert outcomes[0] == outcomes[1]
    state = outcomes[0][1]
    if key in state["cards"]:                   # still on the field: held by the team's duelist now in the duel
        assert state["cards"][key]["player"] == f"{by}{state['duelist'][by]}"
        assert state["cards"][key]["owner"] == f"{by}1"


# ---------------------------------------------------------------------- names in the reader's language
def _read_lines(text: str, lang: str) -> str:
    """A transcript's own sentences: without the file's words (title, description, each step's YAML
    echoed) and the expectation lines (which quote the file's values)."""
    body = text.split("\n期待した結果:" if lang == "ja" else "\nExpectations:")[0]
    heads = r"\s*(シナリオ|説明|手順\d+): " if lang == "ja" else r"\s*(Scenario|Description|step \d+): "
    return "\n".join(line for line in body.splitlines() if not re.match(heads, line))


def _other_names(lang: str) -> list[tuple[str, re.Pattern]]:
    """Each catalogue card's names that are not its name in ``lang`` (English for ja; Japanese and the
    rulebooks' spellings for en), as whole names."""
    out = []
    for cat in (WRGP, TAG):
        for c in cat:
            mine = c.label(lang)
            for n in c.names():
                if n != mine and n not in mine and len(fold(n)) >= 3 and (lang == "ja") == bool(re.match(r"[ -~]+$", n)):
                    out.append((n, re.compile(r"(?<![\w・])" + re.escape(n) + r"(?![\w・])")))
    return out


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_transcripts_name_every_catalogue_card_in_the_readers_language(lang):
    """Under --lang ja no catalogue card is named in English (the cost line 「A1はCounter Cleanerの発動コスト
    として…」 was), and in English none by its Japanese name, whatever language the file wrote it in: the
    events, refusals and the final state name it as the catalogue does in the reader's language."""
    names = _other_names(lang)
    found = []
    for path in builtin_scenarios():
        body = _read_lines(run_scenario(load_scenario(path)).transcript(lang), lang)
        for line in body.splitlines():
            found += [(path.name, n, line.strip()) for n, pat in names if pat.search(line)]
    assert not found, found[:10]


def test_the_cost_line_names_counter_cleaner_in_japanese():
    m = at(lp={"A": 8000, "B": 8000})
    m.activate("A", "Counter Cleaner")
    from rulings_lib.cards import local_args
    from rulings_lib.i18n import render

    cost = next(e for e in m.events if e.code == "wrgp.event.activation_cost_paid")
    assert render(cost.code, local_args(cost.args, "ja", WRGP.file), "ja").startswith("A1は「カウンター・クリーナー」の発動コスト")


# ---------------------------------------------------------------------- shipped texts
# Known violations in texts this branch does not own, which branches i23faq (FAQ) and i23nb
# (notebooks) will remove: (file, the card named, what is wrong). This list must only shrink; the
# test checks every other text, and fails if a listed violation is gone (so the list is emptied).
KNOWN_VIOLATIONS: set[tuple[str, str, str]] = set()


def _wrong_names(rel: str, en: str, ja: str) -> set[tuple[str, str, str]]:
    """Names the catalogue says are NOT a card's: a name no card has (Soul Relay for 魂のリレー)
    anywhere, or another real card's name given as this card's translation: beside its Japanese
    name ("Prohibition (発禁令)"), or in the English of a text whose Japanese names this card."""
    found = set()
    # A scenario that plays one of those names as a card described by hand, and expects the kit to say
    # which card it resembles (look-alikes: 破壊輪 is a different real card from 破壊指輪), names it rightly.
    described = " ".join(re.findall(r"resembles:\s*\{([^}]*)\}", en))
    for c in WRGP:
        if any(wrong in described for wrong in c.not_):
            continue
        for wrong in c.not_:
            if not re.search(rf"(?<![\w']){re.escape(wrong)}(?!\w)", en):
                continue
            other = card(wrong)
            if other is None:
                found.add((rel, c.en, f"writes {wrong} for {c.name['ja']} ({c.en})"))
                continue
            ja_name = re.escape(c.name["ja"])
            pair = re.search(rf"{re.escape(wrong)}\s*[（(]{ja_name}|{ja_name}\s*[（(]{re.escape(wrong)}", en)
            if pair or (ja is not en and c.name["ja"] in ja and other.name["ja"] not in ja):
                found.add((rel, wrong, f"names {other.name['ja']} ({wrong}) where the text means "
                                       f"{c.name['ja']} ({c.en})"))
    return found


def _violations_in_prose(path: Path) -> set[tuple[str, str, str]]:
    rel = str(path.relative_to(ROOT))
    text = path.read_text(encoding="utf-8")
    if path.parent.name != "faq":
        return _wrong_names(rel, text, text)
    from rulings_lib.yamlsrc import load_file

    found = set()
    data = load_file(path) or []
    if isinstance(data, dict):      # the FAQ's sections, each with its entries (rulings_lib/faq/README.md)
        data = [e for sec in data.get("sections") or [] for e in sec.get("entries") or []]
    for entry in data:
        parts = {lang: " ".join(str(v) for v in (entry.get(lang) or {}).values()) for lang in ("en", "ja")}
        found |= _wrong_names(rel, parts["en"], parts["ja"])
    return found


def _code_links(path: Path) -> list[tuple[int, str, dict]]:
    """Literal calls and chain links in a notebook's code that name a card with explicit numbers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            try:
                value = ast.literal_eval(node)
            except ValueError:
                continue
            if isinstance(value, dict) and "card" in value and "by" in value:
                out.append((node.lineno, "link", value))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("damage", "gain", "pay"):
            kw = {}
            for k in node.keywords:
                try:
                    kw[k.arg] = ast.literal_eval(k.value)
                except ValueError:
                    pass
            if "card" in kw:
                if node.args and isinstance(node.args[0], ast.Constant):
                    kw["by"] = node.args[0].value
                out.append((node.lineno, node.func.attr, kw))
    return out


def _code_violations(path: Path) -> set[tuple[str, str, str]]:
    rel = str(path.relative_to(ROOT))
    found = set()
    for line, what, args in _code_links(path):
        try:
            # The shipped texts name catalogue cards by their names: a name close to one is flagged here,
            # though a scenario's card described by hand with its numbers plays under it (look-alikes).
            c = named_card("card", args["card"], numbers=False, unknown=True)
        except ArgumentError as exc:
            found.add((rel, args["card"], f"line {line}: {exc}"))
            continue
        if c is None:
            continue
        try:
            if what == "link":
                for key in ("damage", "gain"):
                    if key in args:
                        contradiction("card", c, key, args[key], args.get("by"))
            elif what in ("damage", "gain"):
                contradiction("card", c, what, {"to": args.get("to"), "amount": args.get("amount")}, args.get("by"))
        except ArgumentError as exc:
            found.add((rel, c.en, f"line {line}: {exc}"))
    return found


def _notebook_chains(path: Path) -> set[tuple[str, str, str]]:
    """Chains in a notebook's code: a named card's Spell Speed must allow its link (STD-TIMING)."""
    rel = str(path.relative_to(ROOT))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "chain" \
                and node.args and isinstance(node.args[0], ast.List):
            try:
                links = ast.literal_eval(node.args[0])
            except ValueError:
                continue
            prev = None
            for n, link in enumerate(links, 1):
                c = card(link.get("card")) if isinstance(link, dict) else None
                if c is None or not c.speed:
                    continue
                if (n > 1 and (c.speed < 2 or (prev and c.speed < prev))) or n < c.effect.get("min_link", 1):
                    found.add((rel, c.en, f"line {node.lineno}: {c.en} (Spell Speed {c.speed}) as chain link {n}"))
                prev = c.speed
    return found


# What prose says a card does, in either language: an amount of damage or LP gained, a chain link.
_N = r"(\d[\d,]*)"
_DAMAGE = re.compile(rf"(?:deals?|dealing|inflicts?|burns?(?:\s+\w+)?\s+for)\s+(?:\w+\s+){{0,3}}?{_N}(?!\s*(?:ATK|LP\b))"
                     rf"|{_N}\s*(?:points? of\s+)?(?:LP\s+)?damage|{_N}\s*(?:ポイント)?(?:の)?(?:効果)?ダメージ")
_GAIN = re.compile(rf"(?:gains?|gaining|recover(?:s|ing)?|restores?|restoring)\s+{_N}\s*(?:LP|Life Points)"
                   rf"|(?:ライフ(?:ポイント)?|LP)を?{_N}(?:ポイント)?回復|{_N}(?:ポイント)?(?:の)?(?:ライフ|LP)を?回復")
_LINK = re.compile(r"(?:chain\s+)?link\s+([2-9])\b|チェーン([2-9２-９])(?!以)")
_CLAUSE_END = re.compile(r"[.;:!?。；：！？\n]|、(?:then|次に)|\bthen\b|\bbut\b|\band\b(?=\s+(?:B|A|B's|A's|the)\b)")


# Each card's names (3 characters or more once folded), as a whole name in a text.
_NAMES = {c.id: re.compile(r"(?<![\w'-])(?:" + "|".join(map(re.escape, sorted(
    {n for n in c.names() if len(fold(n)) >= 3}, key=len, reverse=True))) + r")(?![\w-])") for c in WRGP}


def _clause_after(text: str, start: int, limit: int = 90) -> str:
    """The text from a card's name to the end of its clause (what the sentence says the card does)."""
    rest = text[start:start + limit]
    end = _CLAUSE_END.search(rest)
    return rest[:end.start()] if end else rest


def _prose_effects(rel: str, text: str) -> set[tuple[str, str, str]]:
    """A real card named in prose with an effect the catalogue says it lacks: a damage or LP-gain
    amount other than the card's (or any, for a card with neither), a chain link 2 or higher for a
    Spell Speed 1 card. The clause after the name is read, until the sentence or clause ends."""
    found = set()
    for c in WRGP:
        dmg, gain = c.effect.get("damage"), c.effect.get("gain")
        pattern = _NAMES[c.id]
        for m in pattern.finditer(text):
            clause = _clause_after(text, m.end())
            if pattern.search(clause):          # another mention of the card starts its own clause
                clause = clause[:pattern.search(clause).start()]
            if any(o is not c and _NAMES[o.id].search(clause) for o in WRGP):               # the clause goes on to another card: its words are that card's
                continue
            where = f"line {text.count(chr(10), 0, m.start()) + 1}"
            for d in _DAMAGE.finditer(clause):
                n = int(next(g for g in d.groups() if g).replace(",", ""))
                ok = dmg is not None and (n == dmg.get("amount") or (dmg.get("per_link") and n % dmg["per_link"] == 0))
                if not ok and "fusion_boost" not in c.effect:
                    found.add((rel, c.en, f"{where}: {m.group()} said to deal {n} damage "
                                          f"({'it deals ' + str(dmg.get('amount', dmg.get('per_link'))) if dmg else 'it deals none'})"))
            for g in _GAIN.finditer(clause):
                n = int(next(x for x in g.groups() if x).replace(",", ""))
                if gain is None or n != gain.get("amount"):
                    found.add((rel, c.en, f"{where}: {m.group()} said to gain {n} LP"))
            if c.speed == 1 and not c.is_monster:
                for k in _LINK.finditer(clause):
                    found.add((rel, c.en, f"{where}: {m.group()} (Spell Speed 1) as chain link "
                                          f"{k.group(1) or k.group(2)}"))
    return found


def shipped_texts() -> list[Path]:
    """Every text the kit ships that a player reads: notebooks (en, ja), the FAQ (en, ja), the
    shipped scenarios, the README, the exercises' words (en, ja)."""
    return [*sorted((ROOT / "notebooks" / "py").glob("*.py")), *sorted((ROOT / "notebooks" / "ja" / "py").glob("*.py")),
            *sorted((ROOT / "rulings_lib" / "faq").glob("*.yaml")), *builtin_scenarios(), ROOT / "README.md",
            *sorted((ROOT / "rulings_lib" / "i18n").glob("teach.*.json"))]     # the exercises' questions, hints, answers


def shipped_violations() -> set[tuple[str, str, str]]:
    found = set()
    for path in shipped_texts():
        rel = str(path.relative_to(ROOT))
        if path.suffix == ".py":
            found |= _code_violations(path) | _notebook_chains(path)
        found |= _violations_in_prose(path) | _prose_effects(rel, path.read_text(encoding="utf-8"))
    return found


def test_shipped_scenarios_play_every_named_card_as_the_catalogue_says():
    # Contradicting numbers, close misspellings and Spell Speeds are refused by the engine itself:
    # every shipped scenario must load and pass.
    for path in builtin_scenarios():
        result = run_scenario(load_scenario(path))
        assert result.passed, path


def test_no_shipped_text_names_a_real_card_with_an_effect_it_lacks():
    found = shipped_violations()
    known = {(f, c) for f, c, _ in KNOWN_VIOLATIONS}
    new = sorted(v for v in found if (v[0], v[1]) not in known)
    assert not new, "shipped texts give real cards effects they lack:\n" + "\n".join(map(str, new))
    gone = sorted(k for k in KNOWN_VIOLATIONS if not any((f, c) == (k[0], k[1]) for f, c, _ in found))
    assert not gone, f"fixed, so remove from KNOWN_VIOLATIONS: {gone}"


def test_the_shipped_text_check_catches_what_it_should():
    p = ROOT / "build" / "probe-notebook.py"
    p.parent.mkdir(exist_ok=True)
    p.write_text('m.chain([{"by": "A", "card": "Sparks"}, {"by": "B", "card": "Ookazi", '
                 '"damage": {"to": "opponent", "amount": 1000}}])\n'
                 'm.damage("B", to="opponent", amount=1000, card="Sinister Serpent\'s burn")\n'
                 '# Soul Relay\n', encoding="utf-8")
    try:
        found = _code_violations(p) | _notebook_chains(p) | _violations_in_prose(p)
    finally:
        p.unlink()
    cards = {c for _, c, _ in found}
    assert {"Ookazi", "Sinister Serpent's burn", "Relay Soul"} <= cards


@pytest.mark.parametrize("text, card_en", [
    ("B activates Ookazi, which deals 1000 damage to A.", "Ookazi"),
    ("A's 1st plays Pot of Generosity and gains 4000 LP.", "Pot of Generosity"),
    ("Then B chains Ookazi as chain link 2.", "Ookazi"),
    ("Sinister Serpent deals 300 damage.", "Sinister Serpent"),
    ("「破壊指輪」で2000ダメージを受けます。", "Destruction Ring"),
    ("Bは「昼夜の大火事」をチェーン2で発動します。", "Ookazi"),
    ("「治療の神 ディアン・ケト」でライフを4000回復します。", "Dian Keto the Cure Master"),
    ("Sparks burns B for 1000.", "Sparks"),                              # the forms people write too
    ("Destruction Ring, 2000 LP damage to both.", "Destruction Ring"),
    ("Pot of Generosity restores 2000 LP.", "Pot of Generosity"),
    ("「火の粉」で1000ポイントダメージ。", "Sparks"),
    ("「火の粉」で1000の効果ダメージを受けます。", "Sparks"),
    ("「謙虚な壺」で2000ライフを回復。", "Pot of Generosity"),
    ("「謙虚な壺」でLPを2000回復。", "Pot of Generosity"),
])
def test_prose_giving_a_real_card_an_effect_it_lacks_is_caught(text, card_en):
    assert {c for _, c, _ in _prose_effects("probe", text)} == {card_en}


@pytest.mark.parametrize("text", [
    "Destruction Ring deals 1000 damage to each duelist.", "A activates Sparks (200 damage) as chain link 1.",
    "B chains Chain Strike as link 2: 800 damage.", "「連鎖爆撃」はチェーン2で800ダメージ。",
    "Power Bond: in the End Phase its controller takes 4000 damage.", "Ookazi deals 800 to the opponent.",
    "A activates Ookazi; B answers with a burn card that deals 1000 (made up) as chain link 2.",
])
def test_prose_that_says_what_the_card_does_passes(text):
    assert _prose_effects("probe", text) == set()


def test_fold_drops_only_what_a_name_may_vary_in():
    assert fold("Harpie's Feather Duster") == fold("Harpies Feather Duster")
    assert fold("St-104") != fold("St-105")


# ---------------------------------------------------------------------- a user's card databases


def test_power_bond_on_any_machine_fusion_monster_of_a_users_databases(tmp_path, capsys):
    base, later = tmp_path / "cdb", tmp_path / "expansions"
    base.mkdir()
    later.mkdir()
    write_monsters(base / "cards.cdb", [(74157028, "Cyber Twin Dragon", FUSION_MONSTER, 2800, 8, MACHINE),
                                        (1, "Some Dragon Fusion", FUSION_MONSTER, 3000, 8, 0x2000)])
    write_monsters(later / "prerelease-test.cdb", [(74157028, "Cyber Twin Dragon", FUSION_MONSTER, 2900, 8, MACHINE)])
    scen = tmp_path / "bond.yaml"
    scen.write_text("format: wrgp\nsetup:\n  cards_db: [cdb]\n  at: {turn: 3, phase: main1, lp: {A: 2800, B: 5600}}\n"
                    "steps:\n  - activate: {by: A, card: Power Bond, summon: Cyber Twin Dragon}\n"
                    "  - phase: battle\n  - attack: {by: A, with: Cyber Twin Dragon}\n  - end_turn: {}\n"
                    "expect: {out: [B1, A1]}\n", encoding="utf-8")
    assert main(["run", str(scen), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert any("5600" in e["text"] for e in out["events"])
    # a later database replaces the card with the same passcode (2900 ATK: 5800 doubled), and says so
    assert main(["run", str(scen), "--json", "--cards", str(later)]) == 0
    out = json.loads(capsys.readouterr().out)
    texts = [e["text"] for e in out["events"]]
    assert any("ATK 2900 -> 5800" in t for t in texts)
    assert any("replaces 1 card(s)" in t and "prerelease-test.cdb" in t for t in texts)
    bad = tmp_path / "dragon.yaml"
    bad.write_text(scen.read_text(encoding="utf-8").replace("summon: Cyber Twin Dragon", "summon: Some Dragon Fusion"),
                   encoding="utf-8")
    assert main(["run", str(bad)]) == 2
    assert "Machine Fusion" in capsys.readouterr().err


def test_a_database_that_is_not_one_is_exit_2_naming_it(tmp_path, capsys):
    (tmp_path / "cards.cdb").write_text("not sqlite", encoding="utf-8")
    scen = tmp_path / "s.yaml"
    scen.write_text("format: wrgp\nsetup: {cards_db: cards.cdb}\nsteps: []\n", encoding="utf-8")
    assert main(["run", str(scen)]) == 2
    err = capsys.readouterr().err
    assert "cards.cdb" in err and "Traceback" not in err


@pytest.mark.parametrize("content, fragment", [(b"", "empty"), (b"SQLite format 3\x00" + b"\0" * 200, "cards.cdb")])
def test_monster_databases_are_opened_as_the_deck_check_opens_them(tmp_path, capsys, content, fragment):
    """One opener for every cards.cdb (rulings_lib.decks.cdb.read_only): the same one-line refusal
    for a bad file in `run --cards` as in `wrgp check-team --cards` alike."""
    from rulings_lib.cards import cdb as monsters
    from rulings_lib.decks import cdb as decks

    assert monsters.read_only is decks.read_only
    bad = tmp_path / "cards.cdb"
    bad.write_bytes(content)
    scen = tmp_path / "s.yaml"
    scen.write_text("format: wrgp\nsteps: []\n", encoding="utf-8")
    assert main(["run", str(scen), "--cards", str(bad)]) == 2
    run_err = capsys.readouterr().err.strip()
    from rulings_lib.decks import samples

    team = [str(p) for p in samples.team("illegal")]
    assert main(["wrgp", "check-team", *team, "--banlist", str(samples.BANLIST), "--cards", str(bad)]) == 2
    check_err = capsys.readouterr().err.strip()
    assert run_err.count("\n") == 0 and check_err.count("\n") == 0 and "Traceback" not in run_err + check_err
    assert fragment in run_err and run_err == check_err, (run_err, check_err)


def test_a_babelcdb_sized_database_reads_whole(tmp_path):
    """BabelCDB's databases beside cards.cdb (cards-unofficial.cdb, the largest, some 6,000 cards)
    are read whole: a database of 8,000 monsters. Its speed (<= 0.2 s) is measured by
    benchmarks/bench_cards.py, not here: a loaded machine is slow, not wrong."""
    from rulings_lib.cards.cdb import read_databases

    path = tmp_path / "cards-unofficial.cdb"
    write_monsters(path, [(100000 + i, f"Monster {i}", FUSION_MONSTER, 1000 + i % 3000, 1 + i % 12, MACHINE)
                          for i in range(8000)])
    stats = read_databases([path])
    assert len(stats.by_code) == 8000 and stats.monster("Monster 7999")["atk"] == 1000 + 7999 % 3000


def test_check_team_reads_several_databases_later_ones_override(tmp_path, capsys):
    from rulings_lib.decks import samples
    from rulings_lib.decks.cdb import write_cdb

    illegal = [str(p) for p in samples.team("illegal")]
    args = ["wrgp", "check-team", *illegal, "--banlist", str(samples.BANLIST), "--json"]
    first, later = tmp_path / "cards.cdb", tmp_path / "later"
    later.mkdir()
    write_cdb(first, [{"id": 55144522, "name": "Pot of Greed", "type": 2, "alias": 0}])
    write_cdb(later / "cards-unofficial.cdb", [{"id": 55144522, "name": "強欲な壺", "type": 2, "alias": 0}])
    assert main([*args, "--cards", str(first)]) == 1
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--cards", str(first), "--cards", str(later)]) == 1
    both = json.loads(capsys.readouterr().out)
    names = {v.get("name") for v in both["violations"]}
    assert "強欲な壺" in names and "Pot of Greed" not in names
    assert "Pot of Greed" in {v.get("name") for v in one["violations"]}


def test_vennominagas_special_victory_makes_one_opposing_duelist_lose_wrgp_f8():
    m = at()
    m.activate("A", "毒蛇神ヴェノミナーガ")
    assert m.out == ["B1"] and m.winner is None
    assert any(e.rule == "WRGP-F8" for e in m.events)
    with pytest.raises(ArgumentError, match="special victory"):
        at().special_victory("A", "Ookazi")


def test_each_catalogue_declares_the_kinds_of_its_cards():
    """A card's kind is one its own catalogue declares (``kinds:``), monsters apart; no kinds are
    chosen by the format's name."""
    from rulings_lib import cards
    from rulings_lib.errors import InputError
    from rulings_lib.yamlsrc import load_text

    assert not re.search(r'== *"(wrgp|digimon-tag)"', (cards.HERE / "__init__.py").read_text(encoding="utf-8"))
    assert card("Power Bond").is_monster is False and card("Cyber Dragon").is_monster is True
    assert not any(c.is_monster for c in TAG)
    head = "format: wrgp\nversion: 1\nkinds: {monster: [Effect Monster], other: [Normal Spell]}\ncards:\n"
    one = ("- {id: x, name: {en: X, ja: エックス}, kind: %s, does: {en: x, ja: x}, sources: [here]}\n")
    (parsed,) = cards._parse(load_text(head + one % "Effect Monster", "c.yaml"), "c.yaml")
    assert parsed.is_monster and parsed.action_kind is None
    with pytest.raises(InputError, match=r"c\.yaml:5: .*a kind among Effect Monster, Normal Spell"):
        cards._parse(load_text(head + one % "Normal Trap", "c.yaml"), "c.yaml")
    with pytest.raises(InputError, match=r"c\.yaml:3: .*kinds: \{monster"):
        cards._parse(load_text(head.replace("monster:", "monsters:") + one % "Normal Spell", "c.yaml"), "c.yaml")
