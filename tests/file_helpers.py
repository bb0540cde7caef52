"""Helpers shared by the test files about files: which files the kit opens, card databases written
for a test, and a guard against a case that never ends."""

from __future__ import annotations

import contextlib
import os
import signal
import sqlite3
import sys

# -- which files the kit opens -------------------------------------------------------------
# Every file opened while a test listens (os.open, open(), sqlite3.connect): one audit hook, installed
# once for the whole session and idle unless a test asks (``with reads() as seen``).
_LISTENING: list[list[str]] = []


def _audit(event, args):
    if _LISTENING and event in ("open", "sqlite3.connect") and args and isinstance(args[0], str | bytes | os.PathLike):
        path = os.fsdecode(args[0])
        if event == "sqlite3.connect" and path.startswith("file:"):
            from urllib.parse import unquote, urlsplit

            path = unquote(urlsplit(path).path)
        _LISTENING[-1].append(path)


sys.addaudithook(_audit)


@contextlib.contextmanager
def reads():
    seen: list[str] = []
    _LISTENING.append(seen)
    try:
        yield seen
    finally:
        _LISTENING.remove(seen)


# -- card databases ---------------------------------------------------------------------------
MACHINE, FUSION_MONSTER = 0x20, 0x41


def write_monsters(path, rows):
    """A small EDOPro-shaped database: (passcode, name, type, atk, level, race)."""
    con = sqlite3.connect(path)
    con.executescript("CREATE TABLE datas(id integer primary key, ot integer, alias integer, setcode integer, "
                      "type integer, atk integer, def integer, level integer, race integer, attribute integer, "
                      "category integer); CREATE TABLE texts(id integer primary key, name text, desc text);")
    con.executemany("INSERT INTO datas VALUES (?, 3, 0, 0, ?, ?, 0, ?, ?, 0, 0)",
                    [(c, t, a, lv, r) for c, _, t, a, lv, r in rows])
    con.executemany("INSERT INTO texts VALUES (?, ?, '')", [(c, n) for c, n, *_ in rows])
    con.commit()
    con.close()


# -- a guard against a case that never ends ---------------------------------------------------
class Timeout(Exception):
    pass


@contextlib.contextmanager
def time_bound(seconds: float, *, wall: bool = False):
    """Raise Timeout in a case that runs on past ``seconds``: of this process's CPU time (ITIMER_PROF;
    other processes loading the machine cannot make a case fail), or of the wall clock (``wall``: a
    FIFO read waits for ever using no CPU, so only the wall clock sees it). A hang guard, far from
    what a case takes: never a timed test."""
    timer, sig = (signal.ITIMER_REAL, signal.SIGALRM) if wall else (signal.ITIMER_PROF, signal.SIGPROF)

    def expire(signum, frame):
        raise Timeout(f"a case ran over {seconds} s of {'wall-clock' if wall else 'CPU'} time")

    old = signal.signal(sig, expire)
    signal.setitimer(timer, seconds)
    try:
        yield
    finally:
        signal.setitimer(timer, 0)
        signal.signal(sig, old)
