"""rulings_lib: a rules-explainer kit for team card-game formats.

* :mod:`rulings_lib.wrgp` -- WRGP rules ver.2022 (Yu-Gi-Oh! 3-vs-3 relay), :class:`WrgpMatch`.
* :mod:`rulings_lib.tag` -- Digimon Card Game tag battle Ver-T,1.0 (2-vs-2), :class:`TagMatch`.
* :mod:`rulings_lib.decks` -- WRGP-S2 team deck check on .ydk / ydke:// / lflist.conf / cards.cdb.
* :mod:`rulings_lib.faq` -- the ruling FAQ, every answer proved by a scenario.
* :mod:`rulings_lib.diagrams`, :mod:`rulings_lib.widgets` -- pictures and Jupyter widgets (heavy
  imports, only when used).
* :mod:`rulings_lib.scenario` -- scenario files (YAML) played through the engines.
* :mod:`rulings_lib.readings` -- the named interpretations the kit plays by.

Importing this package is light: no Jupyter, ipywidgets or graphviz until a module that draws
or shows widgets is imported.
"""

from __future__ import annotations

from .errors import IllegalAction, InputError, MatchOver, RulingsError, ScenarioError
from .readings import Reading, reading, readings

TYPE_CHECKING = False   # (not typing's: `import rulings_lib` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

__version__ = "0.4.0"   # the one declaration (pyproject.toml reads it; CHANGELOG.md says what changed)

# Imported when first used (PEP 562): `rulings run` on a WRGP scenario never loads the tag engine.
_LAZY = {"TagMatch": ".tag.engine", "WrgpMatch": ".wrgp.engine"}


def __getattr__(name: str) -> Any:
    where = _LAZY.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(where, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "IllegalAction", "InputError", "MatchOver", "Reading", "RulingsError", "ScenarioError",
    "TagMatch", "WrgpMatch", "reading", "readings",
]
