"""The one error every loader raises, and the guarded reading all of them share.

Each loader has its own documented subclass (``RecordError`` for records,
``PositionError`` for positions, ``ScenarioError`` for scenario and chapter
files, ``NotationError`` for decisions), but they all are a
:class:`LoadError`: a ``ValueError`` that names the file, the line or the key,
and the problem. The CLI prints ``thorskliff: FILE:LINE: problem`` (or
``FILE: key: problem``) and exits with 2; the app shows the same line.

:func:`read_text` and :func:`parse_toml` refuse at once what would otherwise
take long or blow the stack: files over :data:`MAX_BYTES`, TOML nested deeper
than :data:`MAX_DEPTH`, integers too long for Python to convert, lines longer
than :data:`MAX_LINE` characters. Nothing the game writes comes near these
limits (a 300-decision record is 5 KB; positions nest 4 deep).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from typing import Any

#: the largest file any loader reads (a long campaign record is < 100 KB)
MAX_BYTES = 8 * 1024 * 1024
#: tables and arrays inside each other (positions use 4, chapter files 5)
MAX_DEPTH = 24
#: characters on one line (the longest line the game writes is < 2,000)
MAX_LINE = 100_000


class LoadError(ValueError):
    """Input that cannot be read: ``file``, ``line`` (0: none), ``key``
    (a dotted path, '' for none) and ``problem``.

    ``str()`` is ``FILE:LINE: problem``, ``FILE: key: problem`` or
    ``FILE: problem`` (``problem`` alone when there is no file, e.g. a
    decision typed at the prompt)."""

    def __init__(self, file: str | os.PathLike[str], problem: str, *, line: int = 0, key: str = ""):
        self.file = str(file)
        self.line = line
        self.key = key
        self.problem = one_line(problem)
        super().__init__(self.where() + self.problem)

    def where(self) -> str:
        if not self.file:
            return f"{self.key}: " if self.key else ""
        if self.line:
            return f"{self.file}:{self.line}: "
        return f"{self.file}: {self.key}: " if self.key else f"{self.file}: "


#: the longest problem a message carries (a 200 KB value is cut, not echoed)
MAX_PROBLEM = 300


def one_line(problem: str) -> str:
    """``problem`` as one line of at most :data:`MAX_PROBLEM` characters."""
    problem = problem.replace("\r", "\\r").replace("\n", "\\n")
    return problem if len(problem) <= MAX_PROBLEM else problem[:MAX_PROBLEM - 1] + "…"


#: makes the loader's own error from (problem, line=…)
Fail = Callable[..., LoadError]


def read_text(path: str | os.PathLike[str], fail: Fail, missing: str = "no such file") -> str:
    """The UTF-8 text of ``path``; every problem through ``fail(problem)``."""
    try:
        # O_NONBLOCK: a named pipe nobody writes to would hold open() for ever
        # (a FIFO in the saves folder froze the resume screen); opened so, it
        # reads as empty, and a pipe with a writer (bash's <(…)) as its text.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(fd, True)
        with open(fd, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise fail(missing) from None
    except IsADirectoryError:
        raise fail("is a folder, not a file") from None
    except OSError as exc:
        raise fail(f"cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_BYTES:
        raise fail(f"is larger than {MAX_BYTES // (1024 * 1024)} MB: not a file of the game")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise fail(f"not a text file (UTF-8): {exc.reason} at byte {exc.start}", line=line) from None
    check_lines(text, fail)
    # a byte-order mark, as Windows' Notepad writes one: read as "Invalid statement" on line 1
    return text.removeprefix("\ufeff")


def check_lines(text: str, fail: Fail) -> None:
    """Refuse a line longer than :data:`MAX_LINE` (a parser's error message
    or a regex over it could take seconds)."""
    if len(text) <= MAX_LINE:
        return
    for n, line in enumerate(text.split("\n"), start=1):
        if len(line) > MAX_LINE:
            raise fail(f"line {n} is {len(line):,} characters long (at most {MAX_LINE:,})", line=n)


def parse_toml(text: str, fail: Fail, what: str = "not valid TOML: ") -> dict[str, Any]:
    """Parse TOML; a syntax error names its line, and nesting deeper than
    :data:`MAX_DEPTH` or an integer too long to convert is refused."""
    check_lines(text, fail)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        line = 0
        if "(at line " in msg:
            head, _, tail = msg.rpartition("(at line ")
            num = tail.split(",", 1)[0]
            line = int(num) if num.isdigit() else 0
            msg = head.rstrip()
        elif msg.endswith("(at end of document)"):
            msg = msg[:-len("(at end of document)")].rstrip()
            line = text.count("\n") + (0 if text.endswith("\n") else 1)
        raise fail(f"{what}{msg}", line=line) from None
    except RecursionError:
        raise fail(f"nested deeper than {MAX_DEPTH} tables or arrays") from None
    except ValueError as exc:  # e.g. an integer over 4,300 digits
        raise fail(f"{what}{exc}") from None
    if _depth(doc, 0) > MAX_DEPTH:
        raise fail(f"nested deeper than {MAX_DEPTH} tables or arrays")
    return doc


def _depth(val: Any, level: int) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(val, dict):
        return max((_depth(v, level + 1) for v in val.values()), default=level + 1)
    if isinstance(val, list):
        return max((_depth(v, level + 1) for v in val), default=level + 1)
    return level


def plain_int(text: str, most: int = 9) -> bool:
    """``text`` is 1 to ``most`` ASCII digits (``str.isdigit`` also takes
    '²' and '①', which ``int()`` refuses, and any length)."""
    return 0 < len(text) <= most and text.isascii() and text.isdigit()
