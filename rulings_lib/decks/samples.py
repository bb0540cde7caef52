"""The sample files for WRGP-S2 shipped with the kit (``rulings_lib/samples/wrgp``).

``BANLIST`` is a small sample ``lflist.conf`` (not an official list), ``CARDS`` a small
``cards.cdb`` built from ``cards.csv`` by ``build_cdb.py``, and :func:`team` gives the three
``.ydk`` paths of a sample team: ``"legal"`` or ``"illegal"``.
"""

from __future__ import annotations

from pathlib import Path

DIR = Path(__file__).resolve().parent.parent / "samples" / "wrgp"
BANLIST = DIR / "lflist.conf"
CARDS = DIR / "cards.cdb"
CARDS_CSV = DIR / "cards.csv"
TEAMS = ("legal", "illegal")


def team(name: str = "legal") -> list[Path]:
    """The three deck files of the sample team ``name`` (``legal`` or ``illegal``), in lineup order."""
    if name not in TEAMS:
        raise ValueError(f"no sample team {name!r}; teams: {', '.join(TEAMS)}")
    return sorted((DIR / f"team-{name}").glob("*.ydk"))
