"""YGOPro/EDOPro Forbidden/Limited lists (``lflist.conf``), read into :class:`Banlist` objects.

A file holds one or more lists. Each starts with ``!Name``; then ``PASSCODE COUNT --comment``
lines with COUNT 0 (forbidden), 1 (limited), 2 (semi-limited) or 3 (unlimited); ``#`` starts a
comment line. EDOPro's ``$whitelist`` line makes the list a whitelist: a card it does not name
is not allowed at all.

>>> lists = parse_lflist("#[Demo]\\n!Demo\\n55144522 0 --Pot of Greed\\n!Other\\n$whitelist\\n", "l.conf")
>>> [b.name for b in lists], lists[0].limit(55144522), lists[1].whitelist
(['Demo', 'Other'], 0, True)
>>> select_list(lists, "Other").name
'Other'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .. import files
from ..errors import InputError, one_line
from ..i18n import Msg, text
from ..values import Value, field
from ._text import MAX_BYTES, shown

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    import os
    from collections.abc import Iterator

FORBIDDEN, LIMITED, SEMI_LIMITED, UNLIMITED = 0, 1, 2, 3
STATUS = {FORBIDDEN: "forbidden", LIMITED: "limited", SEMI_LIMITED: "semi-limited", UNLIMITED: "unlimited"}
EXPECTED_LFLIST = Msg("decks.expected.lflist")
MAX_PASSCODE = 0xFFFFFFFF
# A list's warnings kept one by one; past this they are counted in one last warning. A real file
# has a handful (EDOPro's section lines); a file of junk would otherwise keep millions.
MAX_WARNINGS = 50


class Banlist(Value, frozen=True):
    """One Forbidden/Limited list: ``limits`` maps passcodes to 0..3 copies."""

    name: str
    limits: dict[int, int] = field(default_factory=dict, hash=False)
    whitelist: bool = False
    source: str = "<lflist>"
    line: int = 0  # line of the '!Name' header
    warnings: tuple[tuple[int, Msg], ...] = ()   # (line, message): lines skipped or read oddly

    def warning_texts(self, lang: str = "en") -> list[str]:
        """The warnings as ``FILE:LINE: message`` (one line each)."""
        return [one_line(f"{self.source}:{line}: {text(message, lang)}") for line, message in self.warnings]

    def warning_msgs(self) -> list[Msg]:
        """The warnings as messages ``FILE:LINE: message``, to be worded in either language."""
        return [Msg("input.located", where=f"{self.source}:{line}", message=message) for line, message in self.warnings]

    def limit(self, passcode: int) -> int | None:
        """The copies this list allows of the passcode, or None when the list does not name it."""
        return self.limits.get(passcode)

    def __repr__(self) -> str:
        kind = ", whitelist" if self.whitelist else ""
        return f"<Banlist {self.name!r} from {self.source!r}: {len(self.limits)} cards{kind}>"


_ALL = object()
_WHITELIST = "$whitelist"
# What C++'s std::stoul / std::stol read at the start of a text (EDOPro reads card lines with them).
_STOUL = re.compile(r"[ \t\n\v\f\r]*([+-]?)([0-9]+)")
_COUNT = re.compile(r"(-?)([0-9]+)")
_CLEAN = re.compile(r"[0-9]+ -?[0-9]+(?:$|[ \t].*)")


def parse_lflist(text: str, file: str = "<lflist>") -> list[Banlist]:
    """Every list in the text of an ``lflist.conf``, in file order."""
    return _parse(text, file)[0]


def _card_line(line: str) -> tuple[int, int, Msg | None] | Msg:
    """A card line read the way EDOPro's ``DeckManager::LoadLFListSingle`` reads it.

    EDOPro takes the text before the first space as the passcode (``std::stoul``: leading
    whitespace, an optional sign, the leading digits), then from that space up to the first
    character that is not ``-`` or a digit as the count (``std::stol``); the rest of the line is
    ignored. A line it cannot read that way, or with passcode 0, it skips. Returns ``(passcode,
    count, note)`` (note: how a line of an unusual shape was read) or the reason EDOPro skips it.
    """
    p = line.find(" ")
    if p < 0:
        return Msg("decks.lflist.no_space")
    m = _STOUL.match(line, 0, p)
    if m is None:
        return Msg("decks.lflist.no_passcode")
    sign, digits = m.groups()
    if sign == "-" or len(digits) > 10 or int(digits) > MAX_PASSCODE:
        return Msg("decks.lflist.out_of_range", passcode=shown(line[:p], 24), max=MAX_PASSCODE)
    code = int(digits)
    if code == 0:
        return Msg("decks.lflist.zero")
    run_end = p + 1
    while run_end < len(line) and line[run_end] in "-0123456789":
        run_end += 1
    c = _COUNT.match(line, p + 1, run_end)
    if c is None or len(c.group(2)) > 18:
        return Msg("decks.lflist.no_count")
    count = -int(c.group(2)) if c.group(1) else int(c.group(2))
    note = None
    if not _CLEAN.fullmatch(line):
        note = Msg("decks.lflist.read_as", code=code, count=count)
    return code, count, note


def _numbered(text: str) -> Iterator[tuple[int, str]]:
    """``(number, line)`` of each ``\n``-ended line, one at a time (no list of millions of lines)."""
    start, number, end = 0, 1, len(text)
    while start <= end:
        stop = text.find("\n", start)
        if stop < 0:
            stop = end
        yield number, text[start:stop]
        start, number = stop + 1, number + 1


def _parse(text: str, file: str, pick: object = _ALL) -> tuple[list[Banlist], list[str]]:
    """The lists, and the names of all lists. With ``pick`` (a list name, or None for the first
    list) only that list is read in full, and reading stops at its end: YGOPro's lflist.conf has
    a list for every year, and a problem in a list nobody asked for does not stop the check.

    Lines are read as EDOPro reads them (see :func:`_card_line`); a line EDOPro skips is skipped
    with a warning ``(line, message)`` on the list, never an error: EDOPro's maintainers publish
    lists with section lines such as ``--SS05 Bakura``, and those lists must load.
    """
    lists: list[Banlist] = []
    names: list[str] = []
    name: str | None = None
    header = 0
    limits: dict[int, int] = {}
    warnings: list[tuple[int, Msg]] = []
    dropped = [0, 0]          # warnings past MAX_WARNINGS: how many, and the line of the first
    whitelist = skip = done = False

    def close() -> None:
        if name is not None and not skip:
            kept = list(warnings)
            if dropped[0]:
                kept.append((dropped[1], Msg("decks.lflist.more_warnings", n=f"{dropped[0]:,}", max=MAX_WARNINGS)))
            lists.append(Banlist(name, limits, whitelist, file, header, tuple(kept)))

    def note(number: int, code: str, raw: str | None = None, **args: object) -> None:
        """A warning, kept while there are fewer than MAX_WARNINGS (the rest are only counted);
        ``raw``, the line, is quoted in it (as ``line``) only when it is kept."""
        if len(warnings) < MAX_WARNINGS:
            if raw is not None:
                args["line"] = shown(raw)
            warnings.append((number, Msg(code, **args)))
        else:
            if not dropped[0]:
                dropped[1] = number
            dropped[0] += 1

    def warn(number: int, code: str, raw: str | None = None, **args: object) -> None:
        if not skip:
            note(number, code, raw, **args)

    for number, raw in _numbered(text.removeprefix("\ufeff")):
        line = raw.split("\r", 1)[0]          # EDOPro cuts a line at its first carriage return
        if not line or line[0] == "#":
            continue
        if line[0] == "!":
            close()
            if pick is not _ALL and lists:
                done = True
                break
            if names:
                warnings = []                 # (those before the first header go with the first list)
                dropped[:] = [0, 0]
            name, header, limits, whitelist = line[1:].strip(), number, {}, False
            names.append(name)
            skip = pick is not _ALL and pick is not None and name != pick
            if not name:
                warn(number, "decks.lflist.no_name")
            continue
        if line.startswith(_WHITELIST):       # EDOPro: any line starting with $whitelist
            if name is None:
                note(number, "decks.lflist.early_whitelist")
            else:
                whitelist = True
            continue
        if skip:
            continue
        if name is None:
            note(number, "decks.lflist.early_line", raw=line)
            continue
        read = _card_line(line)
        if isinstance(read, Msg):
            warn(number, "decks.lflist.skipped", raw=line, why=read)
            continue
        code, count, note_msg = read
        if count not in STATUS:
            kept = FORBIDDEN if count < 0 else UNLIMITED
            note_msg = Msg("decks.lflist.negative" if count < 0 else "decks.lflist.over_three", count=count)
            count = kept
        if note_msg:
            warn(number, "decks.lflist.note", raw=line, note=note_msg)
        limits[code] = count  # a passcode listed twice: the later line wins, as in EDOPro
    if not done:
        close()
    if not names:
        what = "decks.empty_file" if not text.strip() else "decks.lflist.no_list"
        raise InputError(file, 1, Msg(what, expected=EXPECTED_LFLIST))
    return lists, names


def _read(path: str | os.PathLike[str]) -> tuple[str, str, list[tuple[int, Msg]]]:
    """``(file, text, warnings)``: like EDOPro, bytes that are not UTF-8 do not stop the reading
    (they are shown as U+FFFD, with a warning at the first such line)."""
    file = str(path)
    data = files.read_bytes(path, MAX_BYTES, EXPECTED_LFLIST)
    if b"\x00" in data:
        raise InputError(file, data[: data.index(b"\x00")].count(b"\n") + 1, Msg("files.binary", expected=EXPECTED_LFLIST))
    try:
        return file, data.decode("utf-8-sig"), []
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return file, data.decode("utf-8-sig", "replace"), [(line, Msg("decks.lflist.not_utf8"))]


def _with(banlist: Banlist, extra: list[tuple[int, Msg]]) -> Banlist:
    if not extra:
        return banlist
    return Banlist(banlist.name, banlist.limits, banlist.whitelist, banlist.source, banlist.line,
                   tuple(sorted(extra + list(banlist.warnings), key=lambda w: (w[0], str(w[1])))))


def read_lflist(path: str | os.PathLike[str]) -> list[Banlist]:
    """Every list in an ``lflist.conf`` file."""
    file, text, extra = _read(path)
    return [_with(b, extra) for b in parse_lflist(text, file)]


def select_list(lists: Sequence[Banlist], name: str | None = None) -> Banlist:
    """The list named ``name`` (the first of that name), or the first list when ``name`` is None."""
    if not lists:
        raise ValueError("no lists to choose from")   # a programming error, not a file's
    if name is None:
        return lists[0]
    for banlist in lists:
        if banlist.name == name:
            return banlist
    raise _unknown(lists[0].source, name, [b.name for b in lists])


def _unknown(file: str, name: str, names: list[str]) -> InputError:
    known = ", ".join(repr(n) for n in names)
    return InputError(file, None, Msg("decks.lflist.no_such_list", name=repr(name), known=known))


def load_banlist(path: str | os.PathLike[str], name: str | None = None) -> Banlist:
    """Read one list of an ``lflist.conf`` (the first unless ``name``; the first of that name).

    Only that list is checked line by line; the others are only looked at for their names.
    """
    file, text, extra = _read(path)
    lists, names = _parse(text, file, name)
    if not lists:
        raise _unknown(file, name, names)  # type: ignore[arg-type]
    return _with(lists[0], extra)
