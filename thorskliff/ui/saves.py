"""Where games are saved: ``<user data dir>/saves/*.tkr`` (platformdirs), or
``$THORSKLIFF_DATA/saves`` when that is set (tests, portable installs).

A save is a game record (``thorskliff.record``), written after every
decision. Listing never modifies a file; a save that does not load is listed
with its path and the problem, and left alone. The app's start removes only
the hidden temporary files of writes killed midway (``durable.sweep``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, NamedTuple

from ..loaderror import LoadError, Problem

SUFFIX = ".tkr"


def data_dir() -> Path:
    env = os.environ.get("THORSKLIFF_DATA")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("thorskliff", appauthor=False))


def save_dir() -> Path:
    return data_dir() / "saves"


def new_path(mode: str) -> Path:
    """A fresh file name: mode, date and time, and a counter if needed."""
    d = save_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        name = f"{mode}-{stamp}{'-' + str(n) if n else ''}{SUFFIX}"
        try:
            if not os.path.lexists(d / name):
                return d / name
        except OSError:  # lexists says False where it may not look: the first save tells why it fails
            return d / name
        n += 1


class SaveInfo(NamedTuple):
    """One save file: its path, its header (mode, seat names, round, the
    seats bots play with their kind) when it loads, else ``problem`` says
    why not."""

    path: Path
    mtime: float
    mode: str
    names: tuple[str, ...]
    round: int
    finished: bool
    problem: str
    bots: dict[int, str] = {}
    #: the RecordError behind ``problem`` (said in the app's language), or None
    why: Any = None


def describe(path: Path) -> SaveInfo:
    from .. import record  # the engine with it: the title screen, which lists no saves, starts without

    mtime = _mtime(path)
    try:
        game = record.load(path)
    except record.RecordError as exc:
        return SaveInfo(path, mtime, "", (), 0, False, str(exc), why=exc)
    except Exception as exc:  # a save must never crash the title screen
        return SaveInfo(path, mtime, "", (), 0, False, f"{path}: {exc}")
    st = game.state
    return SaveInfo(path, mtime, game.setup.mode, tuple(s.name for s in game.setup.seats), st.round,
                    st.is_terminal(), "", record.seat_bots(game))


def folder_problem() -> LoadError | None:
    """Why the saves folder cannot be used (None: it can, or is not made
    yet), to be said in the app's language."""
    d = save_dir()
    try:
        if d.exists() and not d.is_dir():
            return LoadError(d, Problem("saves_file"))
        if d.is_dir():
            next(iter(d.iterdir()), None)
    except OSError as exc:
        return LoadError(d, Problem("unreadable", why=exc.strerror or str(exc)))
    return None


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:  # a link to nothing
        return 0.0


def list_saves() -> list[SaveInfo]:
    """Every save, newest first (none when the folder cannot be read:
    :func:`folder_problem` says why)."""
    d = save_dir()
    try:
        if not d.is_dir():
            return []
        files = sorted(d.glob("*" + SUFFIX), key=_mtime, reverse=True)
    except OSError:
        return []
    return [describe(p) for p in files]
