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

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..errors import InputError
from ._text import numbered_lines, read_text, shown

FORBIDDEN, LIMITED, SEMI_LIMITED, UNLIMITED = 0, 1, 2, 3
STATUS = {FORBIDDEN: "forbidden", LIMITED: "limited", SEMI_LIMITED: "semi-limited", UNLIMITED: "unlimited"}
EXPECTED_LFLIST = "an lflist.conf banlist ('!Name' lines, then 'PASSCODE COUNT --comment' lines)"
MAX_PASSCODE = 0xFFFFFFFF


@dataclass(frozen=True)
class Banlist:
    """One Forbidden/Limited list: ``limits`` maps passcodes to 0..3 copies."""

    name: str
    limits: dict[int, int] = field(default_factory=dict, hash=False)
    whitelist: bool = False
    source: str = "<lflist>"
    line: int = 0  # line of the '!Name' header

    def limit(self, passcode: int) -> int | None:
        """The copies this list allows of the passcode, or None when the list does not name it."""
        return self.limits.get(passcode)

    def __repr__(self) -> str:
        kind = ", whitelist" if self.whitelist else ""
        return f"<Banlist {self.name!r} from {self.source!r}: {len(self.limits)} cards{kind}>"


_ALL = object()


def parse_lflist(text: str, file: str = "<lflist>") -> list[Banlist]:
    """Every list in the text of an ``lflist.conf``, in file order."""
    return _parse(text, file)[0]


def _parse(text: str, file: str, pick=_ALL) -> tuple[list[Banlist], list[str]]:
    """The lists, and the names of all lists. With ``pick`` (a list name, or None for the first
    list) only that list is read in full, and reading stops at its end: YGOPro's lflist.conf has
    a list for every year, and a problem in a list nobody asked for does not stop the check."""
    lists: list[Banlist] = []
    names: list[str] = []
    name: str | None = None
    header = 0
    limits: dict[int, int] = {}
    whitelist = skip = done = False

    def close() -> None:
        if name is not None and not skip:
            lists.append(Banlist(name, limits, whitelist, file, header))

    for number, line in numbered_lines(text.removeprefix("\ufeff")):
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            close()
            if pick is not _ALL and lists:
                done = True
                break
            name, header, limits, whitelist = line[1:].strip(), number, {}, False
            if not name:
                raise InputError(file, number, "expected a list name after '!'")
            names.append(name)
            skip = pick is not _ALL and pick is not None and name != pick
            continue
        if skip:
            continue
        if line.startswith("$"):
            if line.lower() != "$whitelist":
                raise InputError(file, number, f"unknown directive {shown(line)}: expected $whitelist")
            if name is None:
                raise InputError(file, number, "$whitelist before the first '!Name' list header")
            whitelist = True
            continue
        fields = line.split(None, 2)
        if len(fields) < 2 or not (fields[0].isascii() and fields[0].isdigit()):
            raise InputError(file, number, f"expected 'PASSCODE COUNT --comment', got {shown(line)}")
        if len(fields) == 3 and not fields[2].startswith(("--", "#")):
            raise InputError(file, number, f"expected a '--' comment after the count, got {shown(fields[2])}")
        count = fields[1]
        if not (count.isascii() and count.isdigit()) or int(count) not in STATUS:
            raise InputError(file, number, f"count {shown(count)}: expected 0 (forbidden), 1 (limited), "
                                           "2 (semi-limited) or 3 (unlimited)")
        code = int(fields[0])
        if not 0 < code <= MAX_PASSCODE:
            raise InputError(file, number, f"passcode {fields[0]} out of range: expected 1 to {MAX_PASSCODE}")
        if name is None:
            raise InputError(file, number, "card line before the first '!Name' list header")
        limits[code] = int(count)  # a passcode listed twice: the later line wins, as in YGOPro
    if not done:
        close()
    if not names:
        what = "empty file" if not text.strip() else "no '!Name' list in the file"
        raise InputError(file, 1, f"{what}: expected {EXPECTED_LFLIST}")
    return lists, names


def read_lflist(path) -> list[Banlist]:
    """Every list in an ``lflist.conf`` file."""
    file, text = read_text(path, EXPECTED_LFLIST)
    return parse_lflist(text, file)


def select_list(lists: Sequence[Banlist], name: str | None = None) -> Banlist:
    """The list named ``name`` (the first of that name), or the first list when ``name`` is None."""
    if not lists:
        raise ValueError("no lists to choose from")
    if name is None:
        return lists[0]
    for banlist in lists:
        if banlist.name == name:
            return banlist
    raise _unknown(lists[0].source, name, [b.name for b in lists])


def _unknown(file: str, name: str, names: list[str]) -> InputError:
    known = ", ".join(repr(n) for n in names)
    return InputError(file, None, f"no list named {name!r}; the lists in this file: {known}")


def load_banlist(path, name: str | None = None) -> Banlist:
    """Read one list of an ``lflist.conf`` (the first unless ``name``; the first of that name).

    Only that list is checked line by line; the others are only looked at for their names.
    """
    file, text = read_text(path, EXPECTED_LFLIST)
    lists, names = _parse(text, file, name)
    if not lists:
        raise _unknown(file, name, names)
    return lists[0]
