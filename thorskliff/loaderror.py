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

A problem is a string or a :class:`Problem`: a key of this layer's own
catalogue (``locale/load.en.toml``, ``locale/load.de.toml`` beside this
module, read here because every loader sits above it) with its parameters.
A parameter with a ``say(lang)`` (a :class:`Problem`, the engine's ``Msg``,
an ``ActionError`` inside a record) is said in the same language.
``str(error)`` stays English; :meth:`LoadError.say` gives the player's
language. A problem given as plain text is said as it is (in English).
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

LANGS = ("en", "de")
_HERE = Path(__file__).resolve().parent / "locale"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The load problems of ``lang`` by key (``load.<key>`` flattened)."""
    with open(_HERE / f"load.{lang}.toml", "rb") as fh:
        doc = tomllib.load(fh).get("load", {})
    out: dict[str, str] = {}

    def walk(d: dict[str, Any], prefix: str) -> None:
        for k, v in d.items():
            if isinstance(v, dict):
                walk(v, f"{prefix}{k}.")
            else:
                out[f"{prefix}{k}"] = v
    walk(doc, "")
    return out


def say_problem(key: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """The problem ``key`` in ``lang`` (English when ``lang`` lacks it, the
    key itself when unknown), its parameters said in the same language."""
    template = catalogue(lang).get(key) if lang in LANGS else None
    if template is None:
        template = catalogue("en").get(key, key)
    fields = {k: v.say(lang) if hasattr(v, "say") else v for k, v in params.items()}
    # formatted also without parameters: a template writes a literal brace doubled
    # (record.carried_table said "{{seat = [card ids]}}")
    return template.format(**fields)


class Keyed(str):
    """A text by catalogue key and parameters: as a string its English (what the
    CLI and the logs print), :meth:`say` it in another language. A subclass names
    its catalogue by :meth:`_text_of`."""

    key: str
    params: Mapping[str, Any]

    @staticmethod
    def _text_of(key: str, params: Mapping[str, Any], lang: str) -> str:
        raise NotImplementedError

    def __new__(cls, key: str, params: Mapping[str, Any] | None = None, /, **more: Any) -> Keyed:
        fields = {**dict(params or {}), **more}
        self = super().__new__(cls, cls._text_of(key, fields, "en"))
        self.key = key
        self.params = fields
        return self

    def __getnewargs__(self) -> tuple[str, dict[str, Any]]:  # type: ignore[override]
        return self.key, dict(self.params)

    def say(self, lang: str = "en") -> str:
        return self._text_of(self.key, self.params, lang)


class Problem(Keyed):
    """One load problem: its key (``load.<key>``) and its parameters."""

    _text_of = staticmethod(say_problem)

class ProblemError(ValueError):
    """A ValueError whose words are a :class:`Problem` (not tied to a file:
    an island's arrangement, a hex label): ``str()`` English, :meth:`say`
    another language; a loader that wraps it says it in the same one."""

    def __init__(self, problem: Problem):
        self.problem = problem
        super().__init__(problem)

    def say(self, lang: str = "en") -> str:
        return self.problem.say(lang)


def os_problem(exc: OSError, lang: str = "en", file: str | os.PathLike[str] = "") -> str:
    """``FILE: problem`` of an OSError (one line; ``file`` where it names
    none): the system's words as they are, ours (a :class:`Problem` as its
    ``strerror``, e.g. a device where a file belongs) in ``lang``."""
    name = exc.filename or file
    why: Any = exc.strerror  # the system's str, or our Problem
    return (f"{name}: " if name else "") + (why.say(lang) if hasattr(why, "say") else why or str(exc))


def kind_said(kind: type | tuple[type, ...]) -> Problem:
    """What a value must be (``int`` or ``(str, dict)``), said in the
    language (``load.kind.*``): positions, scenarios and chapters ask alike."""
    names = {int: "int", str: "str", bool: "bool", dict: "dict", list: "list", float: "float"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    said: list[Any] = [Problem(f"kind.{names[k]}") if k in names else k.__name__ for k in kinds]
    out: Problem = said[-1]
    for first in reversed(said[:-1]):  # "a or b or c", nested pairs
        out = Problem("kind.either", a=first, b=out)
    return out


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
    decision typed at the prompt), in English; :meth:`say` gives it in
    another language when the problem is a :class:`Problem` (or anything
    with a ``say(lang)``, e.g. a refused decision inside a record)."""

    def __init__(self, file: str | os.PathLike[str], problem: Any, *, line: int = 0, key: str = ""):
        self.file = str(file)
        self.line = line
        self.key = key
        #: the problem as given: a Problem / Msg-like value, or plain (English) text
        self.said = problem if hasattr(problem, "say") else None
        self.problem = one_line(str(problem))
        super().__init__(self.where() + self.problem)

    def say(self, lang: str = "en") -> str:
        """The whole line in ``lang`` (the file, line and key as they are)."""
        if self.said is None or lang == "en":
            return str(self)
        return self.where() + one_line(self.said.say(lang))

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


def read_text(path: str | os.PathLike[str], fail: Fail, missing: str = "no_file") -> str:
    """The UTF-8 text of ``path``; every problem through ``fail(problem)``, a missing
    file's by the problem key ``missing`` (its words are made only when it is missing:
    the first problem made reads the catalogue, a cost the app's start need not pay)."""
    try:
        # O_NONBLOCK: a named pipe nobody writes to would hold open() for ever
        # (a FIFO in the saves folder froze the resume screen); opened so, it
        # reads as empty, and a pipe with a writer (bash's <(…)) as its text.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        os.set_blocking(fd, True)
        with open(fd, "rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise fail(Problem(missing)) from None
    except IsADirectoryError:
        raise fail(Problem("a_folder")) from None
    except OSError as exc:
        raise fail(Problem("unreadable", why=exc.strerror or str(exc))) from None
    if len(data) > MAX_BYTES:
        raise fail(Problem("too_large", mb=MAX_BYTES // (1024 * 1024)))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise fail(Problem("not_utf8", reason=exc.reason, byte=exc.start), line=line) from None
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
            raise fail(Problem("long_line", n=n, length=len(line), most=MAX_LINE), line=n)


def parse_toml(text: str, fail: Fail, what: str = "not_toml") -> dict[str, Any]:
    """Parse TOML; a syntax error names its line, and nesting deeper than
    :data:`MAX_DEPTH` or an integer too long to convert is refused.
    ``what`` is the key of the problem (``load.<what>``, its ``{detail}`` the
    parser's own words, which stay English)."""
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
        raise fail(Problem(what, detail=msg), line=line) from None
    except RecursionError:
        raise fail(Problem("too_deep", most=MAX_DEPTH)) from None
    except ValueError as exc:  # e.g. an integer over 4,300 digits
        raise fail(Problem(what, detail=str(exc))) from None
    if _depth(doc, 0) > MAX_DEPTH:
        raise fail(Problem("too_deep", most=MAX_DEPTH))
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
