"""The answer to an exercise behind a button: nothing is shown, or even worked out, until the
reader presses it (Run All and the stored notebook never show an answer).

Outside a live kernel (a stored notebook, nbval, GitHub) the button's text says how to ask for
the answer; that text holds no answer.
"""

from __future__ import annotations

import ipywidgets as w

from ._base import say

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

    from .exercises import Exercise


class AnswerButton(w.VBox):  # type: ignore[misc]
    """``Show the answer`` and, once pressed, the exercise's full answer below it."""

    def __init__(self, exercise: Exercise) -> None:
        self.exercise = exercise
        lang = exercise.lang
        self.button = w.Button(description=say("widgets.reveal.show", lang), icon="eye",
                               layout=w.Layout(width="auto"))
        self.output = w.Output()
        super().__init__([self.button, self.output])
        self.add_class("rulings-kit-widget")
        self.add_class("rulings-kit-reveal")
        self.button.on_click(self.show)

    def show(self, button: object = None) -> None:
        """The button was pressed: print the answer (once)."""
        self.button.disabled = True
        with self.output:
            self.exercise.answer()

    @property
    def shown(self) -> bool:
        return self.button.disabled  # type: ignore[no-any-return]

    def text(self) -> str:
        """What a stored notebook shows instead of the button: how to ask for the answer."""
        return say("widgets.reveal.stored", self.exercise.lang, id=self.exercise.id,
                   lang_arg="" if self.exercise.lang == "en" else f', lang="{self.exercise.lang}"')

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data = super()._repr_mimebundle_(**kwargs)
        if data is not None:
            data["text/plain"] = self.text()
        return data
