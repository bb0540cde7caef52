"""Typed errors, python-chess style: every one is a ``ValueError`` subclass.

* :class:`IllegalAction` -- the rules forbid this action at this moment. It carries the id of
  the rule that forbids it (``rule``) and a one-sentence ``reason``. Scenario runs turn it into
  a ``rejected`` entry; the Python API raises it.
* :class:`ArgumentError` -- a malformed call of the Python API (a wrong type, an unknown team,
  a number out of range): names the parameter and what is allowed. Not a rules question.
* :class:`InputError` -- a file (scenario, deck, banlist, card database, catalogue) cannot be
  used. It names the file and, where there is one, the line. The command line prints it as one
  line ``FILE:LINE: what was expected`` and exits with status 2.

A rejection or an input error may be given its message as a :class:`~rulings_lib.i18n.Msg` (a
catalogue code and its arguments) instead of an English sentence: ``str()`` and ``reason`` /
``message`` stay the English text, ``code`` and ``params`` hold the message, and
``render(lang)`` words it in English or Japanese where a person reads it.
"""

from __future__ import annotations

import re

from .i18n import Msg, render

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

# Characters that could break a one-line message or forge a report line: C0/C1 controls (ANSI
# escapes, newlines, carriage returns), line/paragraph separators, bidi overrides, lone surrogates.
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def one_line(text: object) -> str:
    """``text`` with every control character escaped (``\\n``, ``\\x1b``, ``\\u2028``): a file
    name, card name or any file-provided text can then neither split a message nor forge a line."""
    text = str(text)
    return _UNSAFE.sub(_escape, text) if _UNSAFE.search(text) else text


class RulingsError(ValueError):
    """Base class of the kit's errors."""


def _split(message: object) -> tuple[str, str | None, dict[str, Any]]:
    """English text, code and parameters of a message given as text or as a :class:`Msg`."""
    if isinstance(message, Msg):
        return str.__str__(message), message.code, message.args   # a Msg is its English text
    return str(message), None, {}


class IllegalAction(RulingsError):
    """An action the rules forbid right now. ``rule`` is the id of the rule that forbids it;
    ``reason`` the English sentence; ``code``/``params`` the message when it was given as one.

    An engine refuses with :meth:`coded` (a code and its arguments): nothing is worded until
    someone reads ``reason`` or ``str()`` (most refusals in a search or a random play never are)."""

    _reason: str | None = None

    def __init__(self, rule: str, reason: object) -> None:
        self._reason, self.code, self.params = _split(reason)
        super().__init__(f"{rule}: {self._reason}")
        self.rule = rule

    @classmethod
    def coded(cls, rule: str, code: str, params: dict[str, Any]) -> IllegalAction:
        """The refusal by ``rule`` with the message ``code`` and its ``params``, worded when read."""
        err = cls.__new__(cls)
        err.rule, err.code, err.params = rule, code, params
        return err

    @property
    def reason(self) -> str:
        """The reason in English."""
        if self._reason is None:
            self._reason = render(self.code, self.params)  # type: ignore[arg-type]
        return self._reason

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.rule!r}, {self.reason!r})"

    def __reduce__(self) -> tuple[Any, ...]:   # copy and pickle rebuild it from its code (a coded one has no message args)
        if self.code is None:
            return type(self), (self.rule, self._reason)
        return _coded, (type(self), self.rule, self.code, self.params)

    def render(self, lang: str = "en") -> str:
        """The reason in words, in ``lang``."""
        return self.reason if self.code is None else render(self.code, self.params, lang)


def _coded(cls: type[IllegalAction], rule: str, code: str, params: dict[str, Any]) -> IllegalAction:
    return cls.coded(rule, code, params)


class ArgumentError(RulingsError):
    """A malformed call: ``param`` got ``value``, but ``allowed`` describes what it may be."""

    def __init__(self, param: str, allowed: str, value: object = None) -> None:
        try:
            shown = repr(value)
        except (ValueError, RecursionError):   # an int too long to print, a too deeply nested value
            shown = f"<{type(value).__name__} too large to show>"
        if len(shown) > 60:
            shown = shown[:57] + "..."
        super().__init__(f"{param}: expected {allowed}, got {shown}")
        self.param = param
        self.allowed = allowed      # text, or a Msg (the same English, and Japanese where a person reads it)
        self.value = value
        self.shown = shown

    def as_msg(self, where: str | None = None) -> Msg:
        """The error as a message (``WHERE: expected ALLOWED, got VALUE``), ``where`` in place of
        the parameter's name when given (a scenario names its own key, not the API's)."""
        return Msg("input.schema.expected", where=self.param if where is None else where, expected=self.allowed,
                   got=self.shown)

    def render(self, lang: str = "en") -> str:
        """The error in words, in ``lang``."""
        return self.as_msg().render(lang)


class MatchOver(IllegalAction):
    """Any action after the match has finished."""


class InputError(RulingsError):
    """A file that cannot be used: names the file, the line (when known) and what was expected."""

    def __init__(self, file: str, line: int | None, message: object) -> None:
        self.file = str(file)
        self.line = line
        self.message, self.code, self.params = _split(message)
        super().__init__(self._line(self.message))  # one line, whatever the file name holds

    def _line(self, message: str) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return one_line(f"{where}: {message}")

    def as_msg(self) -> Msg:
        """The whole error (``FILE:LINE: message``) as a message, to quote inside another one."""
        where = f"{self.file}:{self.line}" if self.line else self.file
        return Msg("input.located", where=where, message=Msg(self.code, self.params) if self.code else self.message)

    def render(self, lang: str = "en") -> str:
        """The one-line ``FILE:LINE: what was expected`` in ``lang``."""
        if self.code is None:
            return str(self)
        return self._line(Msg(self.code, self.params).render(lang))


class NotExportable(RulingsError):
    """A position that no setup reproduces (:meth:`~rulings_lib.match.Match.setup`): ``what`` names
    what it holds that the setup keys cannot express (the match's own names for it: ``handover``,
    ``restrictions`` ...). ``render(lang)`` words it."""

    def __init__(self, what: list[str], format: str, why: Any = None):
        self.what, self.format = list(what), format
        if why is None:
            self.code, self.params = "input.setup.not_exportable", {"what": ", ".join(self.what), "format": format}
        else:       # the moment's setup is one the reader refuses (``why``, its refusal)
            self.code, self.params = "input.setup.moment_refused", {"format": format, "why": why}
        super().__init__(render(self.code, self.params))

    def render(self, lang: str = "en") -> str:
        return render(self.code, self.params, lang)


class InternalError(RulingsError):
    """A failure inside the kit (a bug), not a refusal of the input: the command line exits 3, says
    so in one line and writes the traceback to a file it names (``where`` says what was running)."""

    def __init__(self, where: str) -> None:
        super().__init__(where)
        self.where = where


class ScenarioError(InputError):
    """A scenario file that is not a valid scenario (exit status 2)."""


def as_message(exc: BaseException) -> Msg | str:
    """An error as a message to quote inside another (``why=...``): a :class:`~rulings_lib.i18n.Msg`
    for the kit's coded errors, so that it is worded in the reader's language; any other error's text."""
    if isinstance(exc, ArgumentError | InputError):
        return exc.as_msg()
    if isinstance(exc, IllegalAction) and exc.code is not None:
        return Msg(exc.code, exc.params)
    return str(exc)
