"""Correspondence games ("Fernpartie", #32): a hosted game with a time per
move, played across days by players who come and go.

- **The clock** runs per turn of a seat: it starts when a person's seat
  becomes the one to decide (after another seat's decision or a roll) and
  does not restart while that seat makes its several decisions of the turn.
  The deadline is an absolute time on the host's :class:`Clock`, so a clock
  set forward by J seconds times a move out at most J early, and a clock
  set back only gives more time.
- **When it runs out** (:meth:`Hub.tick`), what the game's creator chose
  happens: a bot of a chosen level plays that seat's turn (the seat stays
  the player's), or the seat resigns (R-RESIGN-1; inside a combat, where
  resigning is not allowed, the bot plays on until it is). A timeout is
  applied only while that seat still decides with that deadline, through
  the game's log, so never twice.
- **A pause ("Urlaub")**: a player may stop their clock for whole days, up
  to the days the creator allowed per seat; a deadline falling into a pause
  is moved past it.

Time is read through one clock (:class:`Clock`), so the tests run days in
milliseconds (:class:`FakeClock`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import NamedTuple, Protocol

HOUR = 3600.0
DAY = 24 * HOUR
#: the time per move a correspondence game may have
PER_MOVE_MIN, PER_MOVE_MAX, PER_MOVE_DEFAULT = HOUR, 14 * DAY, 2 * DAY
#: the days of pause a seat may be allowed per game
VACATION_MAX_DAYS = 30
#: a player is told once when their deadline is this near
WARN_BEFORE = 12 * HOUR
#: what may happen at a timeout: a bot of a level plays the turn, or the seat resigns
ON_TIMEOUT = ("bot:leicht", "bot:mittel", "bot:schwer", "resign")


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since the epoch."""


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """A clock the tests move by hand: days pass in a call."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.t = start

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


class Terms(NamedTuple):
    """A correspondence game's terms, set at creation."""

    per_move: float
    on_timeout: str
    vacation_days: int


@dataclass
class Clocked:
    """Where a correspondence game's clock stands: who must decide by when,
    whether they were warned, and each seat's pause (days used, until when)."""

    terms: Terms
    deadline: float | None = None
    seat: int | None = None
    warned: bool = False
    pauses: dict[int, tuple[int, float]] | None = None

    def paused_until(self, seat: int) -> float:
        return (self.pauses or {}).get(seat, (0, 0.0))[1]

    def days_used(self, seat: int) -> int:
        return (self.pauses or {}).get(seat, (0, 0.0))[0]


def terms_problem(per_move: float, on_timeout: str, vacation_days: int) -> tuple[str, dict[str, object]] | None:
    """Why these terms are refused (a catalogue key and its fields), or None."""
    if not PER_MOVE_MIN <= per_move <= PER_MOVE_MAX:
        return "corr.per_move_range", {"hours": round(per_move / HOUR, 2)}
    if on_timeout not in ON_TIMEOUT:
        return "corr.on_timeout", {"given": on_timeout}
    if not 0 <= vacation_days <= VACATION_MAX_DAYS:
        return "corr.vacation_range", {"days": vacation_days, "max": VACATION_MAX_DAYS}
    return None


def deadline_for(c: Clocked, seat: int, now: float) -> float:
    """The deadline of a turn of ``seat`` beginning ``now``: past its pause, if it is paused."""
    return max(now, c.paused_until(seat)) + c.terms.per_move
