"""The picture and the state in words of a match or an outcome dict, whichever the format: the
format's record (:data:`rulings_lib.formats.FORMATS`) names its drawing, so nothing here chooses by name."""

from __future__ import annotations

from ..formats import FORMATS, of

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from ..formats import Format


def record(obj: object) -> Format:
    """The format of a match (its class's ``FORMAT``) or of an outcome dict (its ``format``); one
    written without it is a WRGP outcome, the kit's first format."""
    if (obj.get("format") if isinstance(obj, dict) else getattr(obj, "FORMAT", None)) is None:
        return FORMATS["wrgp"]
    return of(obj)


def svg(obj: object, lang: str = "en", **kwargs: object) -> str:
    """The picture of a match or an outcome dict, whichever the format."""
    return record(obj).svg(obj, lang, **kwargs)


def summary(obj: object, lang: str = "en") -> list[str]:
    """The state in words (each picture's ``<desc>``), whichever the format."""
    return record(obj).summary(obj, lang)
