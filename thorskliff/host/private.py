"""Owner-only files and folders for everything the SSH host writes.

The database holds every seat's secret potion kinds and the host key is the
server's identity: another local user must read neither, whatever the umask
of the shell that started the server. Files are made 0600 and folders 0700
(the mode given when creating, then made exact with chmod, since the umask
could only take bits away); files and folders from an older, laxer start
are tightened when the server starts.
"""

from __future__ import annotations

import errno
import logging
import os
import stat
from pathlib import Path

from ..loaderror import Problem

log = logging.getLogger("thorskliff.ssh")

FILE = 0o600
FOLDER = 0o700


def private_folder(path: Path) -> None:
    """``path`` and its missing parents made; ``path`` itself owner-only,
    unless others may write in it (see below)."""
    if path.exists() and not path.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, Problem("a_file"), str(path))
    path.mkdir(mode=FOLDER, parents=True, exist_ok=True)
    shared = stat.S_IMODE(path.stat().st_mode)
    if shared & (0o002 | stat.S_ISVTX):
        # A folder everyone may write in, or a sticky one, is shared on purpose
        # (serve --data /tmp): taking it from the others would break their
        # files. The server's own files in it are owner-only all the same.
        log.warning("%s is shared with others (mode %o) and stays so; the server's files in it are "
                    "its owner's only", path, shared)
        return
    _tighten(path, FOLDER)


def refuse_special(path: Path) -> None:
    """Raise OSError if ``path`` is there but no regular file: a link to
    /dev/zero would have the device's mode changed, a pipe would block."""
    if path.exists() and not path.is_file():
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, Problem("a_folder"), str(path))
        raise OSError(errno.EINVAL, Problem("special_kept"), str(path))


def private_file(path: Path) -> None:
    """``path`` made (empty) unless it exists, and owner-only either way."""
    refuse_special(path)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, FILE)
    os.close(fd)
    _tighten(path, FILE)


def tighten_if_there(path: Path) -> None:
    """Owner-only if ``path`` exists (SQLite's -wal and -shm files)."""
    if path.exists():
        _tighten(path, FILE)


def _tighten(path: Path, mode: int) -> None:
    st = path.stat()
    if stat.S_IMODE(st.st_mode) == mode:
        return
    if st.st_uid != os.getuid():
        # not ours to change: say so rather than stop the server
        log.warning("%s is not owned by this user and has mode %o; others may read it",
                    path, stat.S_IMODE(st.st_mode))
        return
    if stat.S_IMODE(st.st_mode) & 0o077:
        log.info("%s was readable by others (mode %o); now %o", path, stat.S_IMODE(st.st_mode), mode)
    os.chmod(path, mode)
