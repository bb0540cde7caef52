"""Deck checks on the files players already have (YGOPro/EDOPro formats).

* :mod:`~rulings_lib.decks.ydk` -- ``.ydk`` deck files and ``ydke://`` URLs: :class:`Deck`.
* :mod:`~rulings_lib.decks.lflist` -- ``lflist.conf`` Forbidden/Limited lists: :class:`Banlist`.
* :mod:`~rulings_lib.decks.cdb` -- ``cards.cdb`` card databases (names, aliases): :class:`CardDB`.
* :mod:`~rulings_lib.decks.wrgp_team` -- WRGP-S2, the team's three decks as a team:
  :func:`check_team` returns a :class:`TeamReport`.
* :mod:`~rulings_lib.decks.samples` -- the sample files shipped with the kit.

>>> from rulings_lib.decks import check_team, samples
>>> check_team(samples.team("legal"), samples.BANLIST, cards=samples.CARDS).legal
True
"""

from __future__ import annotations

from . import samples
from .cdb import CardDB, load_cards, open_cdb
from .lflist import Banlist, load_banlist, parse_lflist, read_lflist, select_list
from .wrgp_team import (
    CopyLimitViolation,
    DeckCopies,
    DeckSizeViolation,
    TeamReport,
    WhitelistViolation,
    check_team,
)
from .ydk import Deck, load_deck, parse_ydk, parse_ydke, read_ydk

__all__ = [
    "Banlist", "CardDB", "CopyLimitViolation", "Deck", "DeckCopies", "DeckSizeViolation", "TeamReport",
    "WhitelistViolation", "check_team", "load_banlist", "load_cards", "load_deck", "open_cdb", "parse_lflist",
    "parse_ydk", "parse_ydke", "read_lflist", "read_ydk", "samples", "select_list",
]
