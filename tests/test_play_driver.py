"""The seat driver (play/driver.py) without Textual or a host: a fake game
whose record is a list, a fake clock for the pace (no sleeps), the bot's
thinking run inline. What the app and the hub rely on: the pace before each
decision, one decision at a time, a game that moved on while the bot thought
is asked again, a bot's bug stops it and says so, a stop in between makes no
decision, and a bot due as it ends is started again; and the stand-in rules
(takeover after a while away, only with a person at the table, hand-back)."""

from __future__ import annotations

import asyncio

import pytest

from thorskliff.play.driver import BotJob, SeatDriver, StandIn


class Table:
    """A game whose seats 1 and 2 are bots; ``lines`` its record."""

    def __init__(self, deciders: list[int]):
        self.deciders = deciders  # who decides at each line; -1: the game ends; 0: a person
        self.lines: list[str] = []
        self.bots = {1, 2}
        self.slept: list[float] = []
        self.events: list[str] = []

    def decider(self) -> int:
        n = len(self.lines)
        return self.deciders[n] if n < len(self.deciders) else -1

    def due(self) -> BotJob | None:
        d = self.decider()
        if d not in self.bots:
            return None
        n = len(self.lines)
        return BotJob(d, n, lambda: f"{d} move{n}")

    def submit(self, job: BotJob, action: str):
        if len(self.lines) != job.lines or self.decider() != job.seat:
            self.events.append(f"stale {action}")
            return None
        self.lines.append(action)
        return [action]

    async def sleep(self, s: float) -> None:
        self.slept.append(s)
        self.events.append(f"wait {s}")

    async def inline(self, fn):
        return fn()


def driver(table: Table, **kw) -> SeatDriver:
    kw.setdefault("delay", 0.3)
    kw.setdefault("offload", table.inline)
    return SeatDriver(table.due, table.submit, sleep=table.sleep, **kw)


def test_the_bots_decide_one_after_another_each_after_the_pace_until_a_person_decides():
    table = Table([1, 2, 1, 0, 2])
    steps = []
    asyncio.run(driver(table, on_step=lambda job, done: steps.append((job.seat, done))).run())
    assert table.lines == ["1 move0", "2 move1", "1 move2"]
    assert table.slept == [0.3, 0.3, 0.3]
    assert steps == [(1, ["1 move0"]), (2, ["2 move1"]), (1, ["1 move2"])]


def test_the_pace_is_asked_before_each_decision_and_none_is_waited_while_skipping():
    table = Table([1, 1, 1])
    paces = iter([0.6, 0.0, 1.5])
    asyncio.run(driver(table, delay=lambda: next(paces)).run())
    assert table.slept == [0.6, 1.5] and len(table.lines) == 3


def test_a_game_moved_on_while_the_bot_thought_is_asked_again():
    """An undo or a seat taken back while the bot thinks: its answer is not
    made, and the bot due then (if any) is asked anew."""
    table = Table([1, 1, 0])
    real_think = table.inline

    async def think_while_someone_plays(fn):
        out = await real_think(fn)
        if not table.lines:
            table.lines.append("1 by hand")  # the game moved on meanwhile
        return out

    asyncio.run(driver(table, offload=think_while_someone_plays).run())
    assert table.lines == ["1 by hand", "1 move1"]
    assert "stale 1 move0" in table.events


def test_a_bots_bug_stops_the_driver_and_is_told():
    table = Table([1, 2])
    told = []

    def broken(job, action):
        raise ValueError("no such hex")

    d = SeatDriver(table.due, broken, sleep=table.sleep, offload=table.inline,
                   on_error=lambda job, exc: told.append((job.seat, str(exc))))
    asyncio.run(d.run())
    assert told == [(1, "no such hex")] and table.lines == [] and not d.running


def test_without_an_error_handler_a_bug_is_raised():
    table = Table([1])
    d = SeatDriver(table.due, lambda job, a: 1 / 0, sleep=table.sleep, offload=table.inline)
    with pytest.raises(ZeroDivisionError):
        asyncio.run(d.run())


def test_a_stop_while_the_bot_thinks_makes_no_decision():
    """The screen closed while the bot thought: its answer is dropped."""
    table = Table([1, 1])
    shown = [True]

    async def think_and_close(fn):
        shown[0] = False
        return fn()

    asyncio.run(driver(table, offload=think_and_close, go_on=lambda: shown[0]).run())
    assert table.lines == []


def test_on_step_may_stop_the_driver():
    table = Table([1, 1, 1])
    asyncio.run(driver(table, on_step=lambda job, done: False).run())
    assert table.lines == ["1 move0"]


def test_start_plays_only_when_a_bot_is_due_and_never_twice_at_once():
    async def main():
        table = Table([0, 1])
        d = driver(table)
        assert not d.start() and d.task is None  # a person decides
        table.lines.append("0 by hand")
        assert d.start() and d.running
        assert not d.start()  # one driver plays at a time
        await d.task
        assert table.lines == ["0 by hand", "1 move1"] and not d.running and d.task is None

    asyncio.run(main())


def test_a_bot_due_when_the_driver_ends_starts_it_again():
    """The driver stopped in between (the screen being rebuilt, a dialog in
    the way) with a bot still due: on_end is told, so that the front end
    starts it again; not when a person decides next."""
    table = Table([1, 1, 0])
    ended = []
    stop = driver(table, on_step=lambda job, done: False, on_end=lambda: ended.append(len(table.lines)))
    asyncio.run(stop.run())
    assert table.lines == ["1 move0"] and ended == [1]
    asyncio.run(driver(table, on_end=lambda: ended.append(len(table.lines))).run())
    assert table.lines == ["1 move0", "1 move1"] and ended == [1]  # a person decides now: not told


def test_due_now_spares_making_the_job():
    table = Table([1])
    made = []

    def due():
        made.append(1)
        return table.due()

    d = SeatDriver(due, table.submit, sleep=table.sleep, offload=table.inline, due_now=lambda: table.decider() == 1)
    asyncio.run(d.run())
    assert table.lines == ["1 move0"] and len(made) == 1  # made once, after the pause


# ---------------------------------------------------------------- stand-ins

def test_a_stand_in_takes_over_after_the_time_away_with_a_person_at_the_table():
    s = StandIn(after=60.0)
    kw = dict(connected=False, standing_in=False, finished=False, someone_here=True)
    assert s.wait_left(100.0, 130.0) == 30.0 and s.wait_left(100.0, 200.0) == 0.0
    assert not s.takes_over(100.0, 130.0, **kw)
    assert s.takes_over(100.0, 160.0, **kw)
    assert not s.takes_over(100.0, 160.0, **dict(kw, someone_here=False))  # nobody to play against
    assert not s.takes_over(100.0, 160.0, **dict(kw, connected=True))  # back again
    assert not s.takes_over(100.0, 160.0, **dict(kw, standing_in=True))  # already
    assert not s.takes_over(100.0, 160.0, **dict(kw, finished=True))
    assert not s.takes_over(None, 160.0, **kw)


def test_no_takeover_without_a_time():
    s = StandIn(after=None)
    assert s.wait_left(0.0, 1e9) is None
    assert not s.takes_over(0.0, 1e9, connected=False, standing_in=False, finished=False, someone_here=True)


def test_a_stand_in_plays_only_with_a_person_at_the_table_and_hands_back():
    assert StandIn.plays(standing_in=False, someone_here=False)  # a seat's own bot always
    assert StandIn.plays(standing_in=True, someone_here=True)
    assert not StandIn.plays(standing_in=True, someone_here=False)
    assert StandIn.hands_back(standing_in=True, connected=True)
    assert not StandIn.hands_back(standing_in=False, connected=True)
