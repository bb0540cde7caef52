"""What every widget of the kit shares: a readable stand-in when no widget can be drawn, HTML bits."""

from __future__ import annotations

from html import escape

from ..extras import require
from ..i18n import LANGS, check_lang, render

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

w = require("ipywidgets", "rulings_lib.widgets")   # the [kit] extra: a missing one is named, never a bare ImportError

LANG_NAMES = {"en": "English", "ja": "日本語"}


def lang_toggle(lang: str = "en") -> w.ToggleButtons:  # type: ignore[name-defined]
    """The en/ja switch every widget carries: the widget redraws in that language."""
    check_lang(lang)
    return w.ToggleButtons(options=[(LANG_NAMES[code], code) for code in LANGS], value=lang,
                           style={"button_width": "80px"}, tooltips=["English", "日本語"])


def say(code: str, lang: str, **args: object) -> str:
    """A widget's words from the ``widgets`` catalogue."""
    return render(code, args, lang)


class KitWidget(w.VBox):  # type: ignore[name-defined,misc]
    """A box of controls. Outside a live kernel (a stored notebook, nbval, GitHub) it shows a
    one-line text instead of ipywidgets' long ``repr``; its widget view is never a ruling."""

    name_code = "widgets.name.widget"    # the widget's name in the widgets catalogue
    css_class = "rulings-kit-widget"     # a hook for the page (and the browser test) to find it by
    lang_widget: w.ToggleButtons | None = None  # type: ignore[name-defined]

    @property
    def lang(self) -> str:
        """The language the widget speaks (its en/ja toggle)."""
        return self.lang_widget.value if self.lang_widget is not None else "en"

    @lang.setter
    def lang(self, value: str) -> None:
        self.lang_widget.value = check_lang(value)  # type: ignore[union-attr]

    def __init__(self, children: list[Any], **kwargs: Any) -> None:
        super().__init__(children, **kwargs)
        self.add_class("rulings-kit-widget")
        self.add_class(self.css_class)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is not None:
            data["text/plain"] = say("widgets.placeholder", self.lang, name=say(self.name_code, self.lang))
        return data


def pre(text: str) -> str:
    """Text as an HTML block that keeps its lines (transcripts, states)."""
    return ('<pre style="white-space: pre-wrap; font-size: 12px; line-height: 1.35; margin: 4px 0">'
            f"{escape(text)}</pre>")


def table(head: list[str], rows: list[list[str]], tones: list[str] | None = None) -> str:
    """A small HTML table; ``tones`` colours whole rows (``ok``, ``no`` or ``""``)."""
    colours = {"ok": "#e3f4e6", "no": "#fbe5e3", "": "transparent"}
    th = "".join(f'<th style="text-align:left; padding:2px 10px">{escape(h)}</th>' for h in head)
    body = []
    for i, row in enumerate(rows):
        bg = colours[(tones or [""] * len(rows))[i]]
        tds = "".join(f'<td style="padding:2px 10px">{escape(str(c))}</td>' for c in row)
        body.append(f'<tr style="background:{bg}">{tds}</tr>')
    return f'<table style="border-collapse:collapse">{th and "<tr>" + th + "</tr>"}{"".join(body)}</table>'


def message(text: str, tone: str = "") -> str:
    """One line of feedback: ``tone`` is ``ok``, ``no`` or ``""``."""
    colour = {"ok": "#1b7a36", "no": "#b3261e", "": "#222222"}[tone]
    return f'<div style="color:{colour}; white-space: pre-wrap">{escape(text)}</div>'
