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


def contents() -> str:
    """What the sample folder offers a reader, one line each: the banlist, the card database and
    each sample team's folder with its decks.

    Only the files a player would have are listed: the build script and its inputs, and anything
    Python or an editor leaves beside them (``__pycache__/``, hidden files), are not, so the
    listing is the same on every machine.
    """
    lines = []
    for path in sorted(DIR.iterdir()):
        if path.name.startswith((".", "__")):
            continue
        if path.is_dir():
            decks = sorted(path.glob("*.ydk"))
            if decks:                    # a team folder (not __pycache__/ or another tool's folder)
                lines.append(f"{path.name}/  " + ", ".join(p.name for p in decks))
        elif path.suffix in (".conf", ".cdb"):
            lines.append(path.name)
    return "\n".join(lines)
