"""The formats the kit plays: one record per format, with plain imports.

Each :class:`Format` holds what the rest of the kit needs of a format: its name, its match class,
its verb table (:mod:`rulings_lib.verbs`), its readings, its scenario reader (setup, steps,
outcome keys), the folder of its shipped scenarios, its card catalogue, its picture (:mod:`rulings_lib.draw`: the
drawing and the state in words) and its path on its phase diagram (:mod:`rulings_lib.diagrams`). Everything that used to choose a format by
a string (the scenario runner, ``rulings rules``, ``rulings verbs``, the pictures) looks it up here.

>>> from rulings_lib.formats import FORMATS, of
>>> list(FORMATS)
['wrgp', 'digimon-tag']
>>> from rulings_lib import TagMatch
>>> of(TagMatch()).name
'digimon-tag'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import ModuleType

from .values import Value

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:      # the names are known without importing anything (`rulings --help`, the CLI's choices)
    from typing import Any

    from .cards import Catalogue
    from .match import Match
    from .readings import Reading
    from .verbs import VerbTable


class Format(Value, frozen=True):
    """A format's record. ``reader``: the scenario reader (SETUP, STEPS, OUTCOME_KEYS,
    check_setup, new_match); ``folder``: rulings_lib/scenarios/<folder>; ``cards``: its card
    catalogue, rulings_lib/cards/<cards> (the format's tables.CARDS); ``svg``: the picture,
    svg(match or state dict, lang, **options) -> str; ``summary``: the state in words,
    summary(match or state dict, lang) -> [str]; ``now``: where a match stands in a few lines,
    now(outcome, lang, card_name), with which the notebooks' short transcript ends
    (rulings_lib.widgets.teach, which names the cards); ``paths``: its path on its phase diagram
    (rulings_lib.diagrams): paths() gives the tracer module, with trace(run result, upto),
    trace_match(match, upto) and path_map(compact=, lang=). A function, so that Graphviz is
    imported only when a path is drawn (`rulings run` never needs it); ``verdict``: the verdict,
    verdict(match) -> dict (:mod:`rulings_lib.verdict`: who lost and why, who is next and why, what is
    inherited, the Readings relied on; the one answer every page words)."""

    name: str
    match: type[Match]
    verbs: VerbTable
    reader: ModuleType
    readings: tuple[Reading, ...]
    rule_ids: dict[str, str]
    folder: str
    cards: str
    svg: Callable[..., str]
    summary: Callable[..., list[str]]
    now: Callable[..., Any]
    paths: Callable[[], ModuleType]
    verdict: Callable[[Any], dict[str, Any]]

    def new_match(self, setup: dict[str, Any]) -> Match:
        return self.reader.new_match(setup)  # type: ignore[no-any-return]

    def catalogue(self) -> Catalogue:
        """Its card catalogue (:mod:`rulings_lib.cards`), read on first use."""
        from .cards import catalogue

        return catalogue(self.cards)


def _interpretations(items: Iterable[Reading]) -> tuple[Reading, ...]:
    """The Readings still read by the kit (those the rulebook's words settle are rulings now)."""
    return tuple(r for r in items if not r.is_settled)


def _wrgp() -> Format:
    from .draw.wrgp import now, summary, wrgp_svg
    from .wrgp import scenario, tables
    from .wrgp.engine import WrgpMatch
    from .wrgp.verbs import VERB_TABLE
    from .wrgp.verdict import verdict

    return Format(tables.FORMAT, WrgpMatch, VERB_TABLE, scenario, _interpretations(tables.READINGS + tables.DECK_READINGS),
                  scenario.RULE_IDS, "wrgp", tables.CARDS, wrgp_svg, summary, now, _wrgp_paths, verdict)


def _wrgp_paths() -> ModuleType:
    from .diagrams import wrgp_path

    return wrgp_path


def _tag() -> Format:
    from .draw.tag import now, summary, tag_svg
    from .tag import scenario, tables
    from .tag.engine import TagMatch
    from .tag.verbs import VERB_TABLE
    from .tag.verdict import verdict

    return Format(tables.FORMAT, TagMatch, VERB_TABLE, scenario, _interpretations(tables.READINGS),
                  scenario.RULE_IDS, "tag", tables.CARDS, tag_svg, summary, now, _tag_paths, verdict)


def _tag_paths() -> ModuleType:
    from .diagrams import tag_path

    return tag_path


class _Registry(Mapping[str, "Format"]):
    """The formats by name. A format's modules are imported (plain imports, in its function above)
    the first time its record is asked for, so a WRGP scenario never loads the tag battle's engine
    (``rulings run`` start-up); the names are known without importing anything."""

    def __init__(self, makers: dict[str, Callable[[], Format]]) -> None:
        self._makers = makers
        self._made: dict[str, Format] = {}

    def __getitem__(self, name: str) -> Format:
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = self._makers[name]()
        return made

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._makers


FORMATS: Mapping[str, Format] = _Registry({"wrgp": _wrgp, "digimon-tag": _tag})


def describe_verbs(lang: str = "en", format: str | None = None) -> dict[str, Any]:
    """``rulings verbs --json``: every format's verbs and setup keys (docs/contracts.md)."""
    from .verbs import describe

    return describe([(f.verbs, f"verbs.{f.name}.format.label") for f in FORMATS.values()
                     if format in (None, f.name)], lang)


def get(name: str) -> Format:
    """The format named ``name`` (a KeyError naming the formats otherwise)."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        raise KeyError(f"no format {name!r} (one of: {', '.join(FORMATS)})") from None


def of(match: object) -> Format:
    """The format of a match (or of an outcome dict, by its ``format`` key)."""
    name = match.get("format") if isinstance(match, dict) else getattr(match, "FORMAT", None)
    return get(name)  # type: ignore[arg-type]
