"""Data the app builds from its own files at every start, kept between starts.

Parsing the German catalogue (80 KB of TOML) took ~9 ms of the ~60 ms the app
spends beyond a bare Textual app before its first frame (#28's quick start);
unmarshalling the same dict takes ~0.4 ms. As Python keeps compiled modules
in ``__pycache__``, this keeps the built dict in the user's cache folder
(platformdirs; ``THORSKLIFF_CACHE`` overrides it), named by a hash of the
source files' bytes (CRC-32 and Adler-32 with the length: zlib is loaded
anyway, hashlib's OpenSSL would cost 3 ms): an edited file makes a new
entry, never a stale one.

Nothing here may lose or change a player's file: the cache is only ever
read as a whole or ignored, written to a temporary file and renamed, and any
failure (a read-only home, a damaged entry, a value marshal cannot hold)
falls back to building the data as before.
"""

from __future__ import annotations

import marshal
import os
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

#: part of every entry's hash: another interpreter or marshal format builds anew
_FORMAT = f"{sys.version_info[0]}.{sys.version_info[1]}/{marshal.version}/1".encode()


def folder() -> Path:
    env = os.environ.get("THORSKLIFF_CACHE")
    if env:
        return Path(env)
    import platformdirs

    return platformdirs.user_cache_path("thorskliff", appauthor=False) / "built"


def remembered(name: str, sources: list[Path], build: Callable[[], T]) -> T:
    """``build()``, or what it returned at an earlier start for the same
    bytes of ``sources`` (the files ``build`` reads)."""
    crc, adler, size = zlib.crc32(_FORMAT), zlib.adler32(_FORMAT), 0
    try:
        for src in sources:
            data = src.read_bytes()
            crc, adler, size = zlib.crc32(data, crc), zlib.adler32(data, adler), size + len(data) + 1
    except OSError:
        return build()  # build() names the missing file as it always did
    where = folder()
    entry = where / f"{name}-{crc:08x}{adler:08x}{size:x}.marshal"
    try:
        return marshal.loads(entry.read_bytes())  # type: ignore[no-any-return]
    except (OSError, EOFError, ValueError, TypeError):
        pass
    value = build()
    try:
        data = marshal.dumps(value)  # type: ignore[arg-type]  # any T: what marshal refuses raises ValueError, below
        where.mkdir(parents=True, exist_ok=True)
        for old in where.glob(f"{name}-*.marshal"):  # entries of edited sources
            old.unlink(missing_ok=True)
        tmp = entry.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, entry)
    except (OSError, ValueError):
        pass
    return value
