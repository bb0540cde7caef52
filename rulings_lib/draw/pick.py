"""The picture and the state in words of a match or an outcome dict, whichever the format."""

from __future__ import annotations

from .tag import summary as tag_summary
from .tag import tag_svg
from .wrgp import summary as wrgp_summary
from .wrgp import wrgp_svg


def _format(obj) -> str:
    """The format of a match (its class's ``FORMAT``) or of an outcome dict (its ``format``)."""
    if isinstance(obj, dict):
        return obj.get("format", "wrgp")
    return getattr(obj, "FORMAT", "wrgp")


def svg(obj, lang: str = "en", **kwargs) -> str:
    """The picture of a match or an outcome dict, whichever the format."""
    return tag_svg(obj, lang, **kwargs) if _format(obj) == "digimon-tag" else wrgp_svg(obj, lang, **kwargs)


def summary(obj, lang: str = "en") -> list[str]:
    """The state in words (each picture's ``<desc>``), whichever the format."""
    return tag_summary(obj, lang) if _format(obj) == "digimon-tag" else wrgp_summary(obj, lang)
