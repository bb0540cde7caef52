"""Reading the text files players already have (.ydk, lflist.conf) as numbered lines.

Every problem is an :class:`~rulings_lib.errors.InputError` naming the file and, where there is
one, the line, in the same words as the scenario loader ("no such file", "binary file", "not
UTF-8 text", "empty file").
"""

from __future__ import annotations

from collections.abc import Iterator
from os import PathLike

from .. import files
from ..errors import one_line

# A deck file is a few KB and even EDOPro's lflist.conf with every list of every year is well
# under 2 MB; anything far beyond is not what the caller meant to give.
MAX_BYTES = 16 * 1024 * 1024


def read_text(path: str | PathLike[str], expected: str) -> tuple[str, str]:
    """Return ``(file, text)`` of a UTF-8 text file; ``expected`` says what it should be.

    Only a regular file of at most MAX_BYTES is read (see :mod:`rulings_lib.files`)."""
    return str(path), files.read_text(path, MAX_BYTES, expected)


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, stripped line)`` pairs; ``\\n`` and ``\\r\\n`` line ends alike."""
    for number, line in enumerate(text.split("\n"), 1):
        yield number, line.strip()


def shown(text: str, width: int = 40) -> str:
    """A line's content quoted for a one-line message (control characters escaped, cut short)."""
    if len(text) > width:
        text = text[: width - 1] + "…"
    return one_line(repr(text))
