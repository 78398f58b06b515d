"""A game session: the state, its record and undo within a turn.

:class:`Game` is what a UI talks to: :meth:`Game.submit` one seat's
decision, :meth:`Game.view` a seat's observation. The dice fall by themselves
(from the game's seed) unless the game is built with ``auto_chance=False``,
so a caller only ever sends decisions. Every decision and every roll becomes
one line of the record (see ``docs/records.md``); :mod:`.record` writes and
reads those lines.

Seats are 0-based here, like the engine's API; records and the CLI count
them from 1.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from .engine.actions import Action, IllegalActionError, fmt
from . import variants
from .variants import parser_for
from .engine.messages import Msg
from .engine.events import Said, made
from .engine.state import CHANCE, GameState, SeatSpec

if TYPE_CHECKING:
    from .engine.events import Event

UNDO_RULE = "R-TURN-4"


@dataclass(frozen=True)
class ChapterSetup:
    """What a campaign chapter starts from besides the seats and seed: its
    file, the short variant and the cards each seat (0-based) carries in
    (R-CAMP-1, R-CAMP-4)."""

    file: str
    short: bool = False
    carried: dict[int, tuple[str, ...]] = field(default_factory=dict)


@dataclass
class Setup:
    """Everything a game starts from: the header of its record.

    ``first`` is the 0-based seat that chooses a beach first (in a campaign
    chapter: the start tile's holder); ``rifts`` maps hex indices to rift
    kinds; ``chapter``, when given, makes the game a campaign chapter whose
    arrangement and rifts come from its file.
    """

    mode: str
    seats: list[SeatSpec]
    seed: int
    arrangement: str
    rifts: dict[int, str]
    first: int
    meta: dict[str, Any] = field(default_factory=dict)
    chapter: ChapterSetup | None = None
    #: 0-based seats played by bots, with their kind (``thorskliff.bots.registry``)
    bots: dict[int, str] = field(default_factory=dict)
    #: the position the game starts from (a parsed position file, docs/records.md), if not the start
    position: dict[str, Any] | None = None
    #: the record's flow: 2 since the haste phase keeps its secret (R-SECRET-1);
    #: a record without it (flow 1) replays as it was played (``GameState.old_haste``)
    flow: int = 2

    def build(self, sink: list[Any] | None = None) -> GameState:
        """The game's state at its start; ``sink`` receives what the engine
        says while a chapter opens (a base game or a position says nothing
        before its first decision)."""
        st = self._build(sink)
        if self.flow < 2:
            st.old_haste = True
        return st

    def _build(self, sink: list[Any] | None) -> GameState:
        if self.position is not None:
            from .position import from_position

            return from_position(self.position, "[position]")
        if self.chapter is not None:
            c = self.chapter
            return variants.find("chapter").build(list(self.seats), c.file, self.seed, short=c.short,
                                                  start=self.first,
                                                  carried={q: list(v) for q, v in c.carried.items()}, sink=sink)
        # Everything is passed explicitly so a game built from a record header
        # draws the same dice as the game that wrote it.
        return GameState.new(self.mode, list(self.seats), self.seed, arrangement=self.arrangement,
                             rifts=dict(self.rifts), first=self.first)


class _Snap(NamedTuple):
    state: GameState
    lines: int
    seat: int


class Game:
    """One game in play: ``state``, its ``setup`` and the record ``lines``."""

    def __init__(self, setup: Setup, auto_chance: bool = True, state: GameState | None = None,
                 opening: list[Said] | None = None):
        self.setup = setup
        if state is None:
            opening = []
            state = setup.build(sink=opening)
        self.state = state
        # what the engine said while the game was set up, before its first line
        # (a chapter's card of spring, its first turn): made into events when read
        self._opening_said = opening or []
        self._opening: tuple[Event, ...] | None = None
        self.auto_chance = auto_chance
        self.lines: list[str] = []
        # the events of each record line, parallel to ``lines``: those read
        # already (``events``), then what the engine said of the lines after
        # them, made into events only when someone reads them (a replayed
        # record, a bot's or a benchmark's game mostly never does)
        self._events: list[tuple[Event, ...]] = []
        self._said: list[list[Said]] = []
        self._snaps: list[_Snap] = []
        # why undo is refused while nothing can be taken back, as a message's key and
        # parameters: made into words only when asked (a game that is never undone,
        # a bot's or a replayed one, and the app's first frame need none)
        self._undo_block: tuple[str, dict[str, Any]] = ("undo_first", {})
        #: off while a record is replayed: snapshots would only cost time
        self.keep_undo = True

    @classmethod
    def new(cls, mode: str, seats: list[SeatSpec] | list[tuple[str, str, str]], seed: int,
            arrangement: str | None = None, first: int | None = None, rifts: dict[int, str] | None = None,
            auto_chance: bool = True, meta: dict[str, Any] | None = None) -> Game:
        """Set up a new game; the arrangement, rifts and first chooser not
        given are drawn from ``seed`` (raises ValueError for a bad setup)."""
        seats = [SeatSpec(*s) for s in seats]
        drawn = GameState.new(mode, seats, seed, arrangement=arrangement, rifts=rifts, first=first)
        setup = Setup(drawn.mode.id, seats, seed, drawn.island.arrangement, dict(drawn.rifts),
                      drawn.first_chooser, dict(meta or {}))
        game = cls(setup, auto_chance)
        game.resolve_chance()
        return game

    @classmethod
    def new_chapter(cls, group: Any, chapter: str | os.PathLike[str] | int, seed: int, short: bool = False,
                    start: int = 0, carried: dict[int, list[str]] | None = None, auto_chance: bool = True,
                    meta: dict[str, Any] | None = None) -> Game:
        """A campaign chapter (R-CAMP-1) for ``group`` (a campaign Group or a
        list of ``(name, hero, colour)``): ``chapter`` is its number or file;
        carried cards come from the group unless given (raises ValueError or
        ScenarioError for a bad setup)."""
        if hasattr(group, "seats"):
            seats = [SeatSpec(*s) for s in group.seats()]
            carried = group.carried if carried is None else carried
        else:
            seats = [SeatSpec(*s) for s in group]
        file = str(variants.find("chapter").path(chapter)) if isinstance(chapter, int) else os.fspath(chapter)
        kept = {q: tuple(v) for q, v in sorted((carried or {}).items()) if v}
        probe = Setup("", seats, seed, "", {}, start, dict(meta or {}), ChapterSetup(file, short, kept))
        opening: list[Any] = []
        st = probe.build(sink=opening)
        setup = Setup(st.mode.id, seats, seed, st.island.arrangement, dict(st.rifts), start, probe.meta,
                      probe.chapter)
        game = cls(setup, auto_chance, state=st, opening=opening)
        game.resolve_chance()
        return game

    # ------------------------------------------------------------ playing
    def submit(self, action: Action | str, seat: int | None = None) -> list[str]:
        """Apply the decision of the seat that decides now (``seat``, when
        given, must be that seat) and, with ``auto_chance``, every chance step
        that follows. Returns the record lines added. Raises the engine's
        errors (NotationError, IllegalActionError, WrongSeatError) and
        changes nothing then."""
        st = self.state
        if isinstance(action, str):
            action = self.parse(action)
        decider = st.current_player()
        before = (st.round, st.seat)
        snap = _Snap(st.clone(), len(self.lines), decider) if decider >= 0 and self.keep_undo else None
        said = _applied(st, action, seat)
        start = len(self.lines)
        self.lines.append(_line(decider, action))
        self._said.append(said)
        self.resolve_chance()
        rolled = len(self.lines) - start > 1
        if not self.keep_undo:
            self._forget("undo_record")
        elif snap is None:
            self._forget("undo_rolled")
        elif rolled:
            self._forget("undo_roll")
        elif st.is_terminal():
            self._forget("undo_over")
        elif (st.round, st.seat) != before:
            self._forget("undo_turn")
        elif st.current_player() != decider:
            self._forget("undo_seat", seat=st.current_player() + 1)
        else:
            self._snaps.append(snap)
        return self.lines[start:]

    def resolve_chance(self) -> list[str]:
        """Roll every chance step due now with the game's seeded dice (only
        with ``auto_chance``). Returns the roll lines added."""
        st = self.state
        start = len(self.lines)
        while self.auto_chance and st.current_player() == CHANCE:
            roll = st.sample_chance()
            said = _applied(st, roll, None)
            self.lines.append(_line(CHANCE, roll))
            self._said.append(said)
        if len(self.lines) > start:
            self._forget("undo_roll")
        return self.lines[start:]

    def _forget(self, reason: str, **params: Any) -> None:
        self._snaps.clear()
        self._undo_block = (reason, params)

    @property
    def events(self) -> list[tuple[Event, ...]]:
        """The events of each record line (``thorskliff.engine.events``),
        parallel to ``lines``. A line's tuple stays the same object until an
        undo takes the line back (``ui.session.SeenEvents`` relies on it)."""
        if self._said:
            self._events.extend(tuple(made(x) for x in said) for said in self._said)
            self._said.clear()
        return self._events

    @property
    def opening(self) -> tuple[Event, ...]:
        """What the engine said while the game was set up, before its first
        record line: a chapter's card of spring and its first turn begun
        (empty for a base game, whose first turn begins after the beaches).
        The same tuple on every call."""
        if self._opening is None:
            self._opening = tuple(made(x) for x in self._opening_said)
        return self._opening

    def told(self) -> list[tuple[Event, ...]]:
        """The game's events in the order they happened: the :attr:`opening`
        (when there is one), then each record line's (:attr:`events`)."""
        return [self.opening, *self.events] if self.opening else self.events

    # ------------------------------------------------------------ undo
    def undo_problem(self, seat: int | None = None) -> Msg | None:
        """Why :meth:`undo` is refused now (a message by key), or None when it
        is allowed."""
        if not self._snaps:
            return Msg(*self._undo_block)
        last = self._snaps[-1].seat
        if seat is not None and seat != last:
            return Msg("undo_other", {"last": last + 1, "seat": seat + 1})
        return None

    def can_undo(self, seat: int | None = None) -> bool:
        return self.undo_problem(seat) is None

    def undo(self, seat: int | None = None) -> str:
        """Take back the last decision of this turn (R-TURN-4); returns its
        record line. Never across a roll, another seat's decision or the
        start of the turn."""
        problem = self.undo_problem(seat)
        if problem is not None:
            raise IllegalActionError(UNDO_RULE, "undo", {"problem": problem})
        snap = self._snaps.pop()
        line = self.lines[snap.lines]
        self.state = snap.state
        del self.lines[snap.lines:]
        if snap.lines < len(self._events):
            del self._events[snap.lines:]
            self._said.clear()
        else:
            del self._said[snap.lines - len(self._events):]
        if not self._snaps:
            self._undo_block = ("undo_none", {})
        return line

    def parse(self, text: str) -> Action:
        """Read a decision in this game's notation (raises NotationError)."""
        return parser_for(self.state)(text)

    # ------------------------------------------------------------ views
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """The observation of ``seat`` (0-based) or of a spectator (None)."""
        return self.state.observation(seat)

    def decider(self) -> int:
        return self.state.current_player()

    def legal(self) -> list[str]:
        return [fmt(a) for a in self.state.legal_actions()]

    def __repr__(self) -> str:
        return f"<Game {self.setup.mode} seed {self.setup.seed}, {len(self.lines)} lines, {self.state!r}>"


def _applied(st: GameState, action: Action, seat: int | None) -> list[Said]:
    """Apply ``action`` to ``st`` and return what the engine said of it
    (``GameState._emit``: each event's kind and arguments)."""
    sink: list[Any] = []
    st.sink = sink
    try:
        st.apply_action(action, seat)
    finally:
        del st.sink  # back to the class's None: copies of the state never write here
    return sink


def _line(seat: int, action: Action) -> str:
    return f"* {fmt(action)}" if seat == CHANCE else f"{seat + 1} {fmt(action)}"
