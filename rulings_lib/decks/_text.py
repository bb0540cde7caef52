"""Reading the text files players already have (.ydk, lflist.conf) as numbered lines.

Every problem is an :class:`~rulings_lib.errors.InputError` naming the file and, where there is
one, the line, in the same words as the scenario loader ("no such file", "binary file", "not
UTF-8 text", "empty file").
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError

# A deck file is a few KB and even EDOPro's lflist.conf with every list of every year is well
# under 2 MB; anything far beyond is not what the caller meant to give.
MAX_BYTES = 16 * 1024 * 1024


def read_text(path, expected: str) -> tuple[str, str]:
    """Return ``(file, text)`` of a UTF-8 text file; ``expected`` says what it should be."""
    file = str(path)
    p = Path(path)
    try:
        with p.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise InputError(file, None, f"no such file (expected {expected})") from None
    except IsADirectoryError:
        raise InputError(file, None, f"is a directory, expected {expected}") from None
    except OSError as exc:
        raise InputError(file, None, f"cannot read the file ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise InputError(file, None, f"file too large (over {MAX_BYTES // (1024 * 1024)} MB), expected {expected}")
    if b"\x00" in data:
        raise InputError(file, data[: data.index(b"\x00")].count(b"\n") + 1, f"binary file: expected {expected}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(file, line, f"not UTF-8 text: expected {expected}") from None
    return file, text


def numbered_lines(text: str) -> Iterator[tuple[int, str]]:
    """``(line number, stripped line)`` pairs; ``\\n`` and ``\\r\\n`` line ends alike."""
    for number, line in enumerate(text.split("\n"), 1):
        yield number, line.strip()


def shown(text: str, width: int = 40) -> str:
    """A line's content quoted for a one-line message (control characters escaped, cut short)."""
    if len(text) > width:
        text = text[: width - 1] + "…"
    return repr(text)
