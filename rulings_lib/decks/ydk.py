"""YGOPro/EDOPro decks: ``.ydk`` files and ``ydke://`` URLs, read into a :class:`Deck`.

A ``.ydk`` file has one passcode a line under the section headers ``#main``, ``#extra`` and
``!side``. Other lines starting with ``#`` are comments (``#created by …``, EDOPro's
``# Card name``); blank lines and Windows line ends are fine; passcodes may have leading zeros.
Passcodes before any header go to the main deck, as YGOPro reads them. Any other line is an
:class:`~rulings_lib.errors.InputError` at ``FILE:LINE``.

A ``ydke://MAIN!EXTRA!SIDE!`` URL holds each section as base64 of little-endian uint32
passcodes.

>>> d = parse_ydk("#created by me\\n#main\\n046986414\\n#extra\\n!side\\n", "a.ydk")
>>> d.main, d.extra, d.side
((46986414,), (), ())
>>> d.to_ydke()
'ydke://rvTMAg==!!!'
>>> parse_ydke(d.to_ydke()).main
(46986414,)
"""

from __future__ import annotations

import base64
import binascii
import os
import struct
from collections.abc import Iterator

from ..errors import InputError
from ..files import ascii_number
from ..i18n import Msg
from ..values import Value
from ._text import numbered_lines, read_text, shown

SECTIONS = ("main", "extra", "side")
HEADERS = {"#main": "main", "#extra": "extra", "!side": "side"}
MAX_PASSCODE = 0xFFFFFFFF  # ydke:// stores passcodes as uint32
YDKE_PREFIX = "ydke://"
EXPECTED_YDK = Msg("decks.expected.ydk")


class Deck(Value, frozen=True):
    """One duelist's deck: passcodes of the main, extra and side decks, in file order."""

    main: tuple[int, ...] = ()
    extra: tuple[int, ...] = ()
    side: tuple[int, ...] = ()
    source: str = "<deck>"

    def section(self, name: str) -> tuple[int, ...]:
        if name not in SECTIONS:
            raise ValueError(f"no deck section {name!r}; sections: {', '.join(SECTIONS)}")
        return getattr(self, name)  # type: ignore[no-any-return]

    def cards(self) -> Iterator[tuple[str, int]]:
        """Every card as ``(section, passcode)``, main first."""
        for name in SECTIONS:
            for code in getattr(self, name):
                yield name, code

    def sizes(self) -> dict[str, int]:
        return {name: len(getattr(self, name)) for name in SECTIONS}

    def to_ydk(self, newline: str = "\n") -> str:
        lines = ["#created by rulings_lib"]
        for header, name in HEADERS.items():
            lines.append(header)
            lines.extend(str(code) for code in getattr(self, name))
        return newline.join(lines) + newline

    def to_ydke(self) -> str:
        parts = [base64.b64encode(struct.pack(f"<{len(codes)}I", *codes)).decode("ascii")
                 for codes in (self.main, self.extra, self.side)]
        return YDKE_PREFIX + "!".join(parts) + "!"

    def __repr__(self) -> str:
        sizes = ", ".join(f"{k} {v}" for k, v in self.sizes().items())
        return f"<Deck {self.source!r}: {sizes}>"


def _passcode(text: str) -> int | None:
    """ASCII digits only (full-width or superscript digits are not passcodes); a string of digits
    too long to be a passcode reads as one out of range, without converting it."""
    if len(text) > 20 and text.isascii() and text.isdigit():
        return MAX_PASSCODE + 1
    return ascii_number(text, 20)


def parse_ydk(text: str, file: str = "<ydk>") -> Deck:
    """Parse the text of a ``.ydk`` file; ``file`` names it in errors."""
    sections: dict[str, list[int]] = {name: [] for name in SECTIONS}
    current = "main"
    seen_header = False
    for number, line in numbered_lines(text.removeprefix("\ufeff")):
        if not line:
            continue
        header = HEADERS.get(line.lower())
        if header:
            current, seen_header = header, True
            continue
        if line.startswith("#"):
            continue
        if line.startswith("!"):
            raise InputError(file, number, Msg("decks.ydk.unknown_section", line=shown(line)))
        code = _passcode(line)
        if code is None:
            raise InputError(file, number, Msg("decks.ydk.bad_line", line=shown(line)))
        if not 0 < code <= MAX_PASSCODE:
            raise InputError(file, number, Msg("decks.ydk.out_of_range", line=shown(line, 24), max=MAX_PASSCODE))
        sections[current].append(code)
    if not seen_header and not any(sections.values()):
        what = "decks.empty_file" if not text.strip() else "decks.ydk.nothing"
        raise InputError(file, 1, Msg(what, expected=EXPECTED_YDK))
    return Deck(tuple(sections["main"]), tuple(sections["extra"]), tuple(sections["side"]), file)


def read_ydk(path: str | os.PathLike[str]) -> Deck:
    """Read a ``.ydk`` file."""
    file, text = read_text(path, EXPECTED_YDK)
    return parse_ydk(text, file)


def is_ydke(text: str) -> bool:
    return isinstance(text, str) and text.strip().lower().startswith(YDKE_PREFIX)


def ydke_label(url: str) -> str:
    """A short name for a ydke:// URL in messages."""
    url = url.strip()
    return url if len(url) <= 32 else url[:31] + "…"


def parse_ydke(url: str, label: str | None = None) -> Deck:
    """Parse a ``ydke://MAIN!EXTRA!SIDE!`` URL (the trailing ``!`` may be left out)."""
    url = url.strip()
    label = label or ydke_label(url)
    if not is_ydke(url):
        raise InputError(label, None, Msg("decks.ydke.not_ydke"))
    parts = url[len(YDKE_PREFIX):].split("!")
    if len(parts) == 4 and parts[3] == "":
        parts = parts[:3]
    if len(parts) != 3:
        raise InputError(label, None, Msg("decks.ydke.parts", n=len(parts)))
    decoded: list[tuple[int, ...]] = []
    for name, part in zip(SECTIONS, parts, strict=True):
        try:
            raw = base64.b64decode(part, validate=True)
        except (binascii.Error, ValueError):
            raise InputError(label, None, Msg("decks.ydke.not_base64", part=name)) from None
        if len(raw) % 4:
            raise InputError(label, None, Msg("decks.ydke.bytes", part=name, n=len(raw)))
        codes = struct.unpack(f"<{len(raw) // 4}I", raw)
        if 0 in codes:
            raise InputError(label, None, Msg("decks.ydke.zero", part=name))
        decoded.append(codes)
    return Deck(decoded[0], decoded[1], decoded[2], label)


def load_deck(spec: Deck | str | os.PathLike[str]) -> Deck:
    """A :class:`Deck` from a ``Deck``, a ``ydke://`` URL or the path of a ``.ydk`` file."""
    if isinstance(spec, Deck):
        return spec
    if isinstance(spec, str) and is_ydke(spec):
        return parse_ydke(spec)
    if isinstance(spec, str | os.PathLike):
        return read_ydk(spec)
    raise TypeError(f"expected a Deck, a ydke:// URL or a .ydk path, got {type(spec).__name__}")
