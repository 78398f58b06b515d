"""#32's scenario of ten days, one schedule for the hub's test
(tests/ssh/test_correspondence.py) and the transports' (tests/web/
test_correspondence_days.py): a four-seat correspondence game whose players
come at different hours, a deadline that runs out into a bot's turn, a
pause, the host restarted on day 5; then the record must replay and the
ratings be the library's for the placings."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest

from thorskliff import record
from thorskliff.engine import events as E
from thorskliff.host.corr import DAY, FakeClock, Terms

NAMES = ("anna", "bert", "cora", "dirk")
#: every how many hours each player looks in (dirk never on days 2-3: his deadline runs out)
EVERY = {"anna": 3, "bert": 5, "cora": 3, "dirk": 4}


@dataclass
class Days:
    """What happened over the days."""

    restarted: int = 0
    paused: int = 0
    timed_out: int = 0


def new_game(hub) -> int:
    """The game of the four, one day per move, a bot's turn at a timeout, two days' pause."""
    first = hub.create("anna", "base", 4, seed=44, terms=Terms(DAY, "bot:leicht", 2))
    for seat, name in enumerate(NAMES[1:], 1):
        hub.join(first.game_id, seat, name)
    return first.game_id


async def ten_days(clock: FakeClock, hub: Callable, gid: int, restart: Callable[[], Awaitable[None]],
                   visit: Callable[[str, int, int], Awaitable[None]] | None = None) -> Days:
    """Hour by hour until the game ends or ten days pass. ``hub()``: the hub now;
    ``restart()``: the host stops and starts again (day 5); ``visit(player, seat,
    restarted)``: the player comes in, before the hub plays the rest of her turn."""
    days = Days()
    hours = 0
    while not hub().games[gid].finished and hours < 10 * 24:
        h = hub()
        hg = h.games[gid]
        d = hg.state.current_player()
        if hours == 5 * 24 and not days.restarted:
            await restart()
            days.restarted = 1
            continue
        player = NAMES[d] if d >= 0 else None
        here = player is not None and hours % EVERY[player] == 0
        if player == "dirk" and 24 <= hours < 72:
            here = False
        if player == "bert" and not days.paused and hours >= 48:
            h.take_vacation(h.resume(gid, "bert"), 1)
            days.paused = 1
        if here:
            assert player is not None
            if visit is not None:
                await visit(player, d, days.restarted)
            rs = h.resume(gid, player)
            for _ in range(30):  # the (rest of the) player's turn, at once
                if hg.state.current_player() != d or hg.finished:
                    break
                # from day 8 on, all but anna give up when they may (R-RESIGN-1): the game ends
                gives_up = player != "anna" and hours >= 8 * 24 and hg.state.combat is None
                h.submit(rs, "resign" if gives_up else hg.game.legal()[0])
            h.detach(rs)
        clock.advance(3600)
        hours += 1
        days.timed_out += len(await h.deadlines.tick())
    return days


def check_replays_and_rates(hub, gid: int) -> None:
    """The stored record replays to the same game, and the ratings are openskill's
    Plackett-Luce for the placings (winner first, resigned last)."""
    from openskill.models import PlackettLuce

    hg = hub.games[gid]
    again = record.loads(hub.store.game(gid).record)
    assert again.lines == hg.game.lines and again.state.observation(None) == hg.state.observation(None)
    resigned = {e.seat for evs in hg.local.events(None) for e in evs
                if isinstance(e, E.WentOut) and e.reason == "resign"}
    winner = hg.state.outcome().winner
    ranks = [3 if s in resigned else 1 if winner in (None, s) else 2 for s in range(4)]
    m = PlackettLuce()
    want = m.rate([[m.rating()] for _ in range(4)], ranks=ranks)
    got = dict((r.player, r) for _, r in hub.store.ratings("base-4"))
    for s, name in enumerate(NAMES):
        assert got[name].mu == pytest.approx(want[s][0].mu) and got[name].sigma == pytest.approx(want[s][0].sigma)
