"""Reading and writing files safely: the one place every input file is opened and every output written.

* :func:`read_bytes` refuses what is not a regular file (a folder, a FIFO, ``/dev/zero``,
  ``/dev/urandom``, a symlink to one of them) and caps the size *before* reading: it looks at
  the file with ``os.stat`` after following links, opens it with ``O_NONBLOCK`` (a FIFO swapped
  in between cannot block), checks the opened file again and reads at most ``cap + 1`` bytes.
* :func:`read_text` does the same and decodes UTF-8 (a BOM is allowed), refusing NUL bytes.
* :func:`write_text` writes to a temporary file in the same folder, then ``os.replace``: the
  target is either the old file or the whole new one, never half written. It is the one writer
  of every output (pictures, diagrams, the FAQ page): only a regular file (or nothing) is ever
  replaced; a FIFO, a device node, a socket or a folder at the path is refused (exit 2).
* :func:`ascii_number` reads a whole number from text the way every file format of the kit
  does: ASCII digits ``0-9`` only. Full-width digits (``３``), superscripts (``²``) and other
  Unicode digits are not numbers here, and a number longer than ``max_digits`` is refused
  before Python's int conversion is asked to do anything.

Every problem is an :class:`~rulings_lib.errors.InputError` (exit 2) naming the file.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from .errors import InputError
from .i18n import Msg

TYPE_CHECKING = False   # (not typing's: `rulings run` does without importing typing; type checkers read it as True)
if TYPE_CHECKING:
    from typing import Any

MB = 1024 * 1024
_DIGITS = re.compile(r"[0-9]+")


def _fmt_size(n: int) -> Msg:
    return Msg("files.size.mb", n=n // MB) if n >= MB and n % MB == 0 else Msg("files.size.bytes", n=f"{n:,}")


def _why(exc: OSError) -> Msg | str:
    """Why the system refused, in words (the common reasons from the catalogue, others as the OS says)."""
    if exc.errno == errno.ENAMETOOLONG:
        return Msg("files.why.name_too_long")
    if exc.errno in (errno.EACCES, errno.EPERM):
        return Msg("files.why.permission")
    if exc.errno == errno.ELOOP:
        return Msg("files.why.loop")
    return exc.strerror or str(exc)


def _why_any(exc: Exception) -> Msg | str:
    return _why(exc) if isinstance(exc, OSError) else Msg("files.why.nul")   # ValueError: a NUL in the name


def check_regular(path: str | os.PathLike[str], expected: object, error: Any = InputError) -> os.stat_result:
    """``os.stat`` of ``path`` (links followed); an InputError unless it is a regular file.

    A ``ydke://`` deck URL is a deck, never a file: ``ydke://x`` is not looked up as
    the path ``ydke:/x``, whatever folder of that name is at hand."""
    file = str(path)
    if isinstance(path, str) and path.strip().lower().startswith("ydke://"):
        url = file.strip()
        raise error(url if len(url) <= 32 else url[:31] + "…", None, Msg("files.deck_url", expected=expected))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise error(file, None, Msg("files.no_such_file", expected=expected)) from None
    except NotADirectoryError:
        raise error(file, None, Msg("files.no_such_file_in_path", expected=expected)) from None
    except (OSError, ValueError) as exc:   # ValueError: a NUL byte in the name
        raise error(file, None, Msg("files.cannot_read", why=_why_any(exc))) from None
    if stat.S_ISDIR(st.st_mode):
        raise error(file, None, Msg("files.is_directory", expected=expected))
    if not stat.S_ISREG(st.st_mode):
        kind = "files.kind.fifo" if stat.S_ISFIFO(st.st_mode) else "files.kind.device" if stat.S_ISCHR(st.st_mode) \
            or stat.S_ISBLK(st.st_mode) else "files.kind.socket" if stat.S_ISSOCK(st.st_mode) else "files.kind.special"
        raise error(file, None, Msg("files.not_regular_kind", kind=Msg(kind), expected=expected))
    return st


def read_bytes(path: str | os.PathLike[str], cap: int, expected: object, error: Any = InputError) -> bytes:
    """The bytes of the regular file ``path``, at most ``cap`` of them (more is an InputError)."""
    file = str(path)
    st = check_regular(path, expected, error)
    too_large = Msg("files.too_large", size=_fmt_size(cap), expected=expected)
    if st.st_size > cap:
        raise error(file, None, too_large)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise error(file, None, Msg("files.cannot_read", why=_why(exc))) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):   # swapped for something else since the stat
            raise error(file, None, Msg("files.not_regular", expected=expected))
        chunks, total = [], 0
        while total <= cap:
            chunk = os.read(fd, min(cap + 1 - total, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise error(file, None, Msg("files.cannot_read", why=_why(exc))) from None
    finally:
        os.close(fd)
    if total > cap:
        raise error(file, None, too_large)
    return b"".join(chunks)


def decode_text(data: bytes, file: str, expected: object, error: Any = InputError) -> str:
    """UTF-8 text (an opening BOM dropped); NUL bytes and other encodings are refused with their line."""
    if b"\x00" in data:
        raise error(file, data[: data.index(b"\x00")].count(b"\n") + 1, Msg("files.binary", expected=expected))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(file, line, Msg("files.not_utf8", expected=expected)) from None


def read_text(path: str | os.PathLike[str], cap: int, expected: object, error: Any = InputError) -> str:
    """:func:`read_bytes` then :func:`decode_text`."""
    return decode_text(read_bytes(path, cap, expected, error), str(path), expected, error)


def ascii_number(text: str, max_digits: int = 12) -> int | None:
    """``text`` as a whole number if it is ASCII digits only (at most ``max_digits``), else None.

    ``"０３"`` (full width), ``"²"`` (superscript) and ``"٣"`` are not read as numbers: the files the
    kit reads are written by programs that write ASCII digits, and a look-alike digit is far more
    likely a mistake than a number. Messages say "ASCII digits".
    """
    if len(text) > max_digits or not _DIGITS.fullmatch(text):
        return None
    return int(text)


def check_writable(path: str | os.PathLike[str], what: object = None) -> os.stat_result | None:
    """Could :func:`write_text` write ``path``? Its problems as :func:`write_text` says them (a folder,
    not a regular file, a path under a file), so that a command can say them before long work; the
    file's stat, or None when there is none yet."""
    path = Path(path)
    file = str(path)
    what = Msg("files.what.output") if what is None else what
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise InputError(file, None, Msg("files.write_path_file", what=what)) from None
    except (OSError, ValueError) as exc:
        raise InputError(file, None, Msg("files.cannot_write", what=what, why=_why_any(exc))) from None
    if stat.S_ISDIR(st.st_mode):
        raise InputError(file, None, Msg("files.write_is_dir", what=what))
    if not stat.S_ISREG(st.st_mode):
        raise InputError(file, None, Msg("files.write_not_regular", what=what))
    return st


def write_text(path: str | os.PathLike[str], text: str, what: object = None) -> Path:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically; problems name the path (exit 2).

    Missing parent folders are made. The text goes to a temporary file beside the target, then
    replaces it in one step: on a full disk or any other failure the old file (if any) is left as
    it was and no partial file remains.
    """
    path = Path(path)
    file = str(path)
    what = Msg("files.what.output") if what is None else what
    st = check_writable(path, what)
    parent = path.parent
    make_folder(parent, what)
    data = text.encode("utf-8")
    import tempfile  # only when writing: `rulings run` never pays for it

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:100]}.", suffix=".tmp", dir=parent)
    except OSError as exc:
        raise InputError(file, None, Msg("files.cannot_write", what=what, why=_why(exc))) from None
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.chmod(tmp, 0o644 if st is None else stat.S_IMODE(st.st_mode))
        _still_replaceable(path, file, what)   # a FIFO or device put there meanwhile is not replaced
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(file, None, Msg("files.write_failed", what=what, why=_why(exc))) from None
    except InputError:
        Path(tmp).unlink(missing_ok=True)
        raise
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def _still_replaceable(path: Path, file: str, what: object) -> None:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    if stat.S_ISDIR(st.st_mode):
        raise InputError(file, None, Msg("files.write_is_dir", what=what))
    if not stat.S_ISREG(st.st_mode):
        raise InputError(file, None, Msg("files.write_not_regular", what=what))


def make_folder(folder: str | os.PathLike[str], what: object = None) -> Path:
    """Make ``folder`` (and its parents); a file in the way or no permission is an InputError."""
    folder = Path(folder)
    what = Msg("files.what.output") if what is None else what
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(str(folder), None, Msg("files.folder_is_file", what=what)) from None
    except NotADirectoryError:
        raise InputError(str(folder), None, Msg("files.write_path_file", what=what)) from None
    except OSError as exc:
        raise InputError(str(folder), None, Msg("files.cannot_make_folder", what=what, why=_why(exc))) from None
    return folder
