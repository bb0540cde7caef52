"""The kit's optional parts and the extra that brings each (``pip install 'rulings_lib[kit]'``).

The engines, the scenario runner, the deck checks, the FAQ and the drawings need only PyYAML.
The Jupyter widgets need ipywidgets, the phase diagrams the graphviz package: both come with the
``kit`` extra (pyproject.toml's ``[project.optional-dependencies]``). A module that needs one asks
for it with :func:`require`; where it is missing the error names the feature and the extra to
install (:class:`MissingExtra`, an ``ImportError``; the ``rulings`` command says it in one line and
exits 2), never a bare ``ModuleNotFoundError``.

>>> require("json", "a test").__name__
'json'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .i18n import Msg

EXTRA = "kit"      # the one extra that holds every optional package (pyproject.toml)


class MissingExtra(ImportError):
    """An optional package is missing: ``.name`` the package, ``.feature`` what needs it,
    ``.extra`` the extra that brings it."""

    def __init__(self, module: str, feature: str, extra: str = EXTRA):
        self.module, self.feature, self.extra = module, feature, extra
        super().__init__(self.msg().render("en"), name=module)

    def msg(self, feature: str | None = None) -> Msg:  # type: ignore[override]
        return Msg("common.extra_missing", feature=feature or self.feature, module=self.module, extra=self.extra)

    def render(self, lang: str = "en", feature: str | None = None) -> str:
        return self.msg(feature).render(lang)


def require(module: str, feature: str, extra: str = EXTRA) -> ModuleType:
    """``module`` imported, or :class:`MissingExtra` naming ``feature`` and ``extra`` when it is not
    installed (a package that is installed but fails inside is left to raise as it does)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module and not (exc.name or "").startswith(module + "."):
            raise
        raise MissingExtra(module, feature, extra) from None
