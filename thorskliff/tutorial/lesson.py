"""A lesson file (``scenarios/tutorial/*.toml``, format ``thorskliff-lesson/1``,
docs/tutorial.md) read and checked: every key, the position (docs/records.md),
the goal's vocabulary (:mod:`.goals`), the coach's texts in both catalogues
(``thorskliff/locale/tutorial.{de,en}.toml``) and the scripted lines' notation.

A bad file raises :class:`LessonError` naming the file, the key and the
problem; :func:`load_all` keeps the other lessons and lists the problems."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.actions import NotationError, hexindex, parse
from ..engine.state import GameState
from ..loaderror import LoadError, Problem, kind_said, parse_toml, read_text
from .goals import GOALS, HEX_GOALS

FORMAT = "thorskliff-lesson/1"
KEYS = {"format", "id", "order", "seat", "dice", "others", "bot", "turns", "goal", "steps", "wrong",
        "position", "meta"}
STEP_KEYS = {"do", "coach", "show"}
#: the coach's texts every lesson has besides its steps'
TEXTS = ("title", "skill", "goal", "done", "fail")
_LOCALE = Path(__file__).resolve().parent.parent / "locale"


class LessonError(LoadError):
    """A lesson file that cannot be used: ``file``, ``key``, ``problem``."""

    def __init__(self, file: str, key: str, problem: Any):
        super().__init__(file, problem, key=key)


@dataclass(frozen=True)
class Step:
    """One decision of the solution, with what the coach says before it and
    the hexes it highlights."""

    do: str
    coach: str
    show: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    id: str
    order: int
    file: str
    seat: int  # 0-based
    position: dict[str, Any]
    goal: dict[str, Any]
    steps: tuple[Step, ...]
    wrong: tuple[str, ...]
    dice: tuple[str, ...] = ()
    others: tuple[str, ...] = ()
    bot: str = "greedy"
    turns: int = 1
    meta: dict[str, Any] = field(default_factory=dict)
    #: the position as the loader read (and checked) it: each start is a copy of it
    read: GameState | None = field(default=None, compare=False, repr=False)

    @property
    def solution(self) -> tuple[str, ...]:
        return tuple(s.do for s in self.steps)

    def text(self, key: str, lang: str = "de", **params: Any) -> str:
        """The coach's text ``key`` of this lesson (``title``, ``s1``, ...) in ``lang``."""
        return coach_text(self.id, key, lang, **params)

    def state(self) -> GameState:
        """The lesson's position: a copy of its own for each run."""
        if self.read is not None:
            return self.read.clone()
        from ..position import from_position

        return from_position(self.position, self.file)


@cache
def coach_catalogue(lang: str) -> dict[str, dict[str, str]]:
    """The coach's texts of ``lang`` by lesson id, then key."""
    with open(_LOCALE / f"tutorial.{lang}.toml", "rb") as fh:
        return tomllib.load(fh).get("tutorial", {})


def coach_text(lesson: str, key: str, lang: str = "de", **params: Any) -> str:
    table = coach_catalogue(lang).get(lesson) or coach_catalogue("en").get(lesson, {})
    text = table.get(key) or coach_catalogue("en").get(lesson, {}).get(key, f"{lesson}.{key}")
    return text.format(**params) if params else text


def general_text(key: str, lang: str = "de", **params: Any) -> str:
    """A text of the tutorial's own (``[tutorial._]``: list, buttons, notices)."""
    return coach_text("_", key, lang, **params)


def lesson_dir() -> Path:
    """Where the shipped lessons are (``thorskliff/scenarios/tutorial`` in a wheel)."""
    try:
        p = Path(str(resources.files("thorskliff.scenarios").joinpath("tutorial")))
        if p.is_dir():
            return p
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent.parent / "scenarios" / "tutorial"


def load_lesson(path: str | Path, *, proven: bool = False) -> Lesson:
    """Read and check the lesson file at ``path`` (raises LessonError);
    ``proven``: a shipped one, whose position is read as a proven one
    (:func:`.from_position`: tests/test_tutorial.py reads each the whole way)."""
    name = str(path)

    def fail(problem: Any, line: int = 0, key: str = "") -> LessonError:
        return LessonError(name, key, problem)

    doc = parse_toml(read_text(path, fail), fail)
    return lesson_from(doc, name, proven=proven)


def _need(doc: dict, key: str, kind: type | tuple[type, ...], file: str, default: Any = ...) -> Any:
    if key not in doc:
        if default is ...:
            raise LessonError(file, key, Problem("lesson.missing"))
        return default
    v = doc[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise LessonError(file, key, Problem("lesson.kind", kind=kind_said(kind)))
    return v


def lesson_from(doc: dict[str, Any], file: str, *, proven: bool = False) -> Lesson:
    for key in doc:
        if key not in KEYS:
            raise LessonError(file, key, Problem("lesson.unknown_key", keys=", ".join(sorted(KEYS))))
    if _need(doc, "format", str, file) != FORMAT:
        raise LessonError(file, "format", Problem("lesson.format", format=FORMAT))
    lid = _need(doc, "id", str, file)
    if not lid.isidentifier():
        raise LessonError(file, "id", Problem("lesson.id"))
    order = _need(doc, "order", int, file)
    pos = _need(doc, "position", dict, file)
    from ..position import PositionError, from_position

    try:
        st = from_position(pos, file, proven=proven)
    except PositionError as exc:
        raise LessonError(file, f"position.{exc.key}" if exc.key else "position", exc.said or exc.problem) from None
    seat = _need(doc, "seat", int, file)
    if not 1 <= seat <= len(st.players):
        raise LessonError(file, "seat", Problem("lesson.seat", most=len(st.players)))
    goal = _need(doc, "goal", dict, file)
    if not goal:
        raise LessonError(file, "goal", Problem("lesson.goal_empty"))
    for name, v in goal.items():
        if name not in GOALS:
            raise LessonError(file, f"goal.{name}", Problem("lesson.goal_unknown", goals=", ".join(GOALS)))
        kind = GOALS[name][0]
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise LessonError(file, f"goal.{name}", Problem("lesson.kind", kind=kind_said(kind)))
        if name in HEX_GOALS:
            try:
                hexindex(str(v))  # a str: the kind check above
            except (ValueError, KeyError):
                raise LessonError(file, f"goal.{name}", Problem("lesson.hex", label=v)) from None
    raw_steps = _need(doc, "steps", list, file)
    if not raw_steps:
        raise LessonError(file, "steps", Problem("lesson.steps_empty"))
    steps = []
    for i, s in enumerate(raw_steps):
        key = f"steps[{i}]"
        if not isinstance(s, dict):
            raise LessonError(file, key, Problem("lesson.kind", kind=kind_said(dict)))
        for k in s:
            if k not in STEP_KEYS:
                raise LessonError(file, f"{key}.{k}", Problem("lesson.unknown_key", keys=", ".join(sorted(STEP_KEYS))))
        do = _decision(_need(s, "do", str, file + f" {key}"), file, f"{key}.do")
        coach = _need(s, "coach", str, file + f" {key}")
        show = _need(s, "show", list, file + f" {key}", [])
        for j, h in enumerate(show):
            try:
                hexindex(h)
            except (ValueError, KeyError, TypeError, AttributeError):
                raise LessonError(file, f"{key}.show[{j}]", Problem("lesson.hex", label=h)) from None
        steps.append(Step(do, coach, tuple(show)))
    wrong = tuple(_decision(w, file, f"wrong[{i}]") for i, w in enumerate(_strings(doc, "wrong", file)))
    if not wrong:
        raise LessonError(file, "wrong", Problem("lesson.wrong_empty"))
    dice = _strings(doc, "dice", file, [])
    for i, d in enumerate(dice):
        _decision("roll " + d, file, f"dice[{i}]")
    others = _strings(doc, "others", file, [])
    for i, o in enumerate(others):
        seat_s, _, text = o.partition(" ")
        if not seat_s.isdigit() or not 1 <= int(seat_s) <= len(st.players) or int(seat_s) == seat:
            raise LessonError(file, f"others[{i}]", Problem("lesson.other_seat"))
        _decision(text, file, f"others[{i}]")
    bot = _need(doc, "bot", str, file, "greedy")
    from ..bots.registry import bot_problem

    if bot_problem(bot):
        raise LessonError(file, "bot", bot_problem(bot))
    turns = _need(doc, "turns", int, file, 1)
    if not 1 <= turns <= 5:
        raise LessonError(file, "turns", Problem("lesson.turns"))
    texts = [*TEXTS, *(s.coach for s in steps)]
    for lang in ("de", "en"):
        table = coach_catalogue(lang).get(lid, {})
        for t in texts:
            if not table.get(t):
                raise LessonError(file, "id" if t in TEXTS else "steps", Problem(
                    "lesson.no_text", key=f"tutorial.{lid}.{t}", file=f"tutorial.{lang}.toml"))
    return Lesson(lid, order, file, seat - 1, pos, dict(goal), tuple(steps), wrong, tuple(dice), tuple(others),
                  bot, turns, dict(_need(doc, "meta", dict, file, {})), st.clone())


def _strings(doc: dict, key: str, file: str, default: Any = ...) -> list[str]:
    v = _need(doc, key, list, file, default)
    for i, s in enumerate(v):
        if not isinstance(s, str):
            raise LessonError(file, f"{key}[{i}]", Problem("lesson.kind", kind=kind_said(str)))
    return v


def _decision(text: str, file: str, key: str) -> str:
    try:
        parse(text)
    except NotationError as exc:
        raise LessonError(file, key, exc) from None
    return text


def load_all(folder: str | Path | None = None) -> tuple[list[Lesson], list[LessonError]]:
    """Every lesson of ``folder`` (the shipped ones by default) in their order,
    and the problems of the files that could not be read (the others stay)."""
    proven = folder is None
    folder = Path(folder) if folder is not None else lesson_dir()
    lessons, problems = [], []
    for path in sorted(folder.glob("*.toml")):
        try:
            lessons.append(load_lesson(path, proven=proven))
        except LessonError as exc:
            problems.append(exc)
    seen: set[str] = set()
    kept = []
    for les in sorted(lessons, key=lambda x: (x.order, x.id)):
        if les.id in seen:
            problems.append(LessonError(les.file, "id", Problem("lesson.duplicate", id=les.id)))
            continue
        seen.add(les.id)
        kept.append(les)
    return kept, problems
