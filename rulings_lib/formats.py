"""The formats the kit plays: one record per format, with plain imports.

Each :class:`Format` holds what the rest of the kit needs of a format: its name, its match class,
its verb table (:mod:`rulings_lib.verbs`), its readings, its scenario reader (setup, steps,
outcome keys) and the folder of its shipped scenarios. Everything that used to choose a format by
a string (the scenario runner, ``rulings rules``, ``rulings verbs``, the pictures) looks it up here.

>>> from rulings_lib.formats import FORMATS, of
>>> list(FORMATS)
['wrgp', 'digimon-tag']
>>> from rulings_lib import TagMatch
>>> of(TagMatch()).name
'digimon-tag'
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from .tag import scenario as tag_scenario
from .tag import tables as tag_tables
from .tag.engine import TagMatch
from .tag.verbs import VERB_TABLE as TAG_VERBS
from .verbs import VerbTable
from .wrgp import scenario as wrgp_scenario
from .wrgp import tables as wrgp_tables
from .wrgp.engine import WrgpMatch
from .wrgp.verbs import VERB_TABLE as WRGP_VERBS


@dataclass(frozen=True)
class Format:
    name: str
    match: type
    verbs: VerbTable
    reader: ModuleType        # the scenario reader: SETUP, STEPS, OUTCOME_KEYS, check_setup, new_match
    readings: tuple
    rule_ids: dict
    folder: str               # rulings_lib/scenarios/<folder>

    def new_match(self, setup: dict):
        return self.reader.new_match(setup)


def _interpretations(items) -> tuple:
    """The Readings still read by the kit (those the rulebook's words settle are rulings now)."""
    return tuple(r for r in items if not r.is_settled)


FORMATS: dict[str, Format] = {
    "wrgp": Format("wrgp", WrgpMatch, WRGP_VERBS, wrgp_scenario,
                   _interpretations(wrgp_tables.READINGS + wrgp_tables.DECK_READINGS), wrgp_scenario.RULE_IDS, "wrgp"),
    "digimon-tag": Format("digimon-tag", TagMatch, TAG_VERBS, tag_scenario, _interpretations(tag_tables.READINGS),
                          tag_scenario.RULE_IDS, "tag"),
}


def describe_verbs(lang: str = "en", format: str | None = None) -> dict:
    """``rulings verbs --json``: every format's verbs and setup keys (CONTRACTS.md)."""
    from .verbs import describe

    return describe([(f.verbs, f"verbs.{f.name}.format.label") for f in FORMATS.values()
                     if format in (None, f.name)], lang)


def get(name: str) -> Format:
    """The format named ``name`` (a KeyError naming the formats otherwise)."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        raise KeyError(f"no format {name!r} (one of: {', '.join(FORMATS)})") from None


def of(match) -> Format:
    """The format of a match (or of an outcome dict, by its ``format`` key)."""
    name = match.get("format") if isinstance(match, dict) else getattr(match, "FORMAT", None)
    return get(name)
