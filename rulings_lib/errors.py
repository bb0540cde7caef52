"""Typed errors, python-chess style: every one is a ``ValueError`` subclass.

* :class:`IllegalAction` -- the rules forbid this action at this moment. It carries the id of
  the rule that forbids it (``rule``) and a one-sentence ``reason``. Scenario runs turn it into
  a ``rejected`` entry; the Python API raises it.
* :class:`ArgumentError` -- a malformed call of the Python API (a wrong type, an unknown team,
  a number out of range): names the parameter and what is allowed. Not a rules question.
* :class:`InputError` -- a file (scenario, deck, banlist, card database, catalogue) cannot be
  used. It names the file and, where there is one, the line. The command line prints it as one
  line ``FILE:LINE: what was expected`` and exits with status 2.
"""

from __future__ import annotations


class RulingsError(ValueError):
    """Base class of the kit's errors."""


class IllegalAction(RulingsError):
    """An action the rules forbid right now. ``rule`` is the id of the rule that forbids it."""

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class ArgumentError(RulingsError):
    """A malformed call: ``param`` got ``value``, but ``allowed`` describes what it may be."""

    def __init__(self, param: str, allowed: str, value=None):
        try:
            shown = repr(value)
        except (ValueError, RecursionError):   # an int too long to print, a too deeply nested value
            shown = f"<{type(value).__name__} too large to show>"
        if len(shown) > 60:
            shown = shown[:57] + "..."
        super().__init__(f"{param}: expected {allowed}, got {shown}")
        self.param = param
        self.allowed = allowed
        self.value = value


class MatchOver(IllegalAction):
    """Any action after the match has finished."""


class InputError(RulingsError):
    """A file that cannot be used: names the file, the line (when known) and what was expected."""

    def __init__(self, file: str, line: int | None, message: str):
        self.file = str(file)
        self.line = line
        self.message = message
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}")


class ScenarioError(InputError):
    """A scenario file that is not a valid scenario (exit status 2)."""
