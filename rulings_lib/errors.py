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

import re

# Characters that could break a one-line message or forge a report line: C0/C1 controls (ANSI
# escapes, newlines, carriage returns), line/paragraph separators, bidi overrides, lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match) -> str:
    ch = match.group()
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def one_line(text) -> str:
    """``text`` with every control character escaped (``\\n``, ``\\x1b``, ``\\u2028``): a file
    name, card name or any file-provided text can then neither split a message nor forge a line."""
    text = str(text)
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


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
        super().__init__(one_line(f"{where}: {message}"))  # one line, whatever the file name holds


class ScenarioError(InputError):
    """A scenario file that is not a valid scenario (exit status 2)."""
