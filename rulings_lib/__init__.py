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

from .errors import IllegalAction, InputError, MatchOver, RulingsError, ScenarioError
from .readings import Reading, reading, readings
from .tag.engine import TagMatch
from .wrgp.engine import WrgpMatch

__version__ = "0.1.0"

__all__ = [
    "IllegalAction", "InputError", "MatchOver", "Reading", "RulingsError", "ScenarioError",
    "TagMatch", "WrgpMatch", "reading", "readings",
]
