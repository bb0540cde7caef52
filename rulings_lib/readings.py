"""Named interpretations ("Readings"): what the kit plays by where the source is silent.

Each reading has a stable ``id`` (a short name), the ``rule`` id it belongs to, a ``title``
and a one-sentence ``text``. The engines cite the reading's rule id in their events and the
FAQ lists every reading among its open questions.

This module is a leaf: it imports nothing of the kit at its import. Each format's tables register
its readings into it when they are imported; :func:`reading` and :func:`readings` import every
format's tables first (:data:`TABLES`: the tables only, not the engines), so the list is whole
whenever it is asked for, also right after ``import rulings_lib``.

>>> from rulings_lib.readings import reading
>>> reading("draw-survivor-stays-at-0").rule
'WRGP-D1'
"""

from __future__ import annotations

from .values import Value


class Reading(Value, frozen=True):
    """A named interpretation: ``id``, the ``rule`` it reads, its ``format``, ``title`` and
    ``text``; ``source`` "spec" (chosen in the rules reference) or "kit" (a gap the kit found);
    ``settled_by``: the rulebook's own words that settle what was once read here, so it is no longer
    an interpretation (the FAQ answers it as a ruling that ``settles`` it; :func:`readings` leaves
    it out)."""

    id: str
    rule: str
    format: str
    title: str
    text: str
    source: str = "spec"
    settled_by: str = ""

    def title_in(self, lang: str = "en") -> str:
        """Its name in ``lang``: the title in English, the catalogue's name in Japanese (never the id)."""
        if lang == "en":
            return self.title
        from .i18n import reading_name

        return reading_name(self.id, lang)

    @property
    def is_settled(self) -> bool:
        return bool(self.settled_by)

    def __str__(self) -> str:
        if self.settled_by:
            return f"{self.id} ({self.rule}): settled by the rulebook: {self.settled_by}"
        return f"{self.id} ({self.rule}): {self.text}"


_REGISTRY: dict[str, Reading] = {}
_WHOLE: list[bool] = []         # [True] once every format's tables were imported


# The modules that register Readings: each format's tables (rulings_lib.formats.FORMATS lists the
# formats; a format added there adds its tables here, tests/test_readings_by_name.py checks it).
TABLES = ("rulings_lib.wrgp.tables", "rulings_lib.tag.tables")


def _whole() -> None:
    """Import every format's tables (each registers its Readings), once."""
    if not _WHOLE:
        import importlib

        for module in TABLES:
            importlib.import_module(module)
        _WHOLE.append(True)


def register(*items: Reading) -> None:
    for item in items:
        if item.id in _REGISTRY and _REGISTRY[item.id] != item:
            raise ValueError(f"reading {item.id!r} registered twice")
        _REGISTRY[item.id] = item


def readings(format: str | None = None, *, settled: bool = False) -> list[Reading]:
    """All named interpretations, optionally of one format (``"wrgp"`` or ``"digimon-tag"``).
    ``settled``: instead the former ones the rulebook's own words settle (rulings, not Readings).

    >>> [r.id for r in readings(settled=True)]
    ['same-tag-survivors-win', 'counter-cleaner-clears-both-teams']
    """
    _whole()
    items = sorted(_REGISTRY.values(), key=lambda r: (r.format, r.rule, r.id))
    return [r for r in items if (format is None or r.format == format) and r.is_settled == settled]


def reading(id: str) -> Reading:
    if id not in _REGISTRY:
        _whole()
    try:
        return _REGISTRY[id]
    except KeyError:
        raise KeyError(f"no reading named {id!r}; known: {', '.join(sorted(_REGISTRY))}") from None
