"""The picture and the state in words of a match or an outcome dict, whichever the format."""

from __future__ import annotations

# Each format's drawing module is imported when a match of that format is drawn or worded: a WRGP
# run never imports the Digimon engine (issue 25, goal 2).


def _format(obj) -> str:
    """The format of a match (its class's ``FORMAT``) or of an outcome dict (its ``format``)."""
    if isinstance(obj, dict):
        return obj.get("format", "wrgp")
    return getattr(obj, "FORMAT", "wrgp")


def svg(obj, lang: str = "en", **kwargs) -> str:
    """The picture of a match or an outcome dict, whichever the format."""
    if _format(obj) == "digimon-tag":
        from .tag import tag_svg

        return tag_svg(obj, lang, **kwargs)
    from .wrgp import wrgp_svg

    return wrgp_svg(obj, lang, **kwargs)


def summary(obj, lang: str = "en") -> list[str]:
    """The state in words (each picture's ``<desc>``), whichever the format."""
    if _format(obj) == "digimon-tag":
        from .tag import summary as tag_summary

        return tag_summary(obj, lang)
    from .wrgp import summary as wrgp_summary

    return wrgp_summary(obj, lang)
