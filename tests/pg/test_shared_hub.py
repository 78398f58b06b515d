"""Two hubs on one PostgreSQL database, as two serving processes (#31):
what one decides the other shows; of two decisions for one number exactly
one is made; a game whose driver died gets its bots from the other."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from thorskliff.engine.actions import ActionError
from thorskliff.host import hub as hub_module
from thorskliff.host import sharing
from thorskliff.host.hub import Hub
from thorskliff.host.pgstore import PgStore

WAIT = 20.0


async def until(hubs: Hub | list[Hub], pred: Callable[[], bool], what: str) -> None:
    """Wait for ``pred``, re-checked after every change the hubs tell their lobbies."""
    hubs = hubs if isinstance(hubs, list) else [hubs]
    changed = asyncio.Event()
    for hub in hubs:
        hub.watch_lobby(changed.set)
    try:
        async with asyncio.timeout(WAIT):
            while not pred():
                changed.clear()
                await changed.wait()
    except TimeoutError:
        raise AssertionError(f"never: {what}") from None
    finally:
        for hub in hubs:
            hub.unwatch_lobby(changed.set)


@pytest.fixture
async def two(pg_url):
    """Two hubs, each on its own connection to one database, both listening."""
    hubs = [Hub(PgStore(pg_url), bot_delay=0), Hub(PgStore(pg_url), bot_delay=0)]
    for h in hubs:
        h.start()
    yield hubs
    for h in hubs:
        h.close()
        h.store.close()


async def listening(*hubs: Hub) -> None:
    """Every hub's listener has said LISTEN (a NOTIFY sent before would be missed)."""
    store = hubs[0].store
    assert isinstance(store, PgStore)
    async with asyncio.timeout(WAIT):
        while True:
            row = store._one("SELECT count(*) FROM pg_stat_activity "
                             "WHERE datname = current_database() AND query LIKE 'LISTEN%%'")
            if row is not None and row[0] >= len(hubs):
                return
            await asyncio.sleep(0.02)


async def test_a_game_made_in_one_process_is_played_from_both(two):
    a, b = two
    await listening(a, b)
    alice = a.create("alice", "duell", 2, seed=21)
    gid = alice.game_id
    await until(b, lambda: gid in b.games, "the new game reaches the other process")
    bob = b.join(gid, 1, "bob")
    await until(a, lambda: a.games[gid].seats[1].user == "bob", "bob's seat reaches the first process")
    assert a.games[gid].name(1) == "bob"
    # each decides in its own process; each process's copy follows the other's
    for _ in range(12):
        ha, hb = a.games[gid], b.games[gid]
        await until([a, b], lambda: hb.moves == ha.moves, "the copies agree")
        d = ha.state.current_player()
        if d < 0:
            break
        hub, rs, hg = (a, alice, ha) if d == 0 else (b, bob, hb)
        hub.submit(rs, hg.game.legal()[0])
    ha, hb = a.games[gid], b.games[gid]
    await until([a, b], lambda: ha.moves == hb.moves, "the copies agree at the end")
    assert ha.moves >= 12
    assert ha.game.lines == hb.game.lines
    assert ha.state.observation(None) == hb.state.observation(None)
    # and the store's record is that game
    row = a.store.game(gid)
    assert row is not None and row.moves == ha.moves and row.record.splitlines()[-1] == ha.text.splitlines()[-1]


async def test_of_two_decisions_for_one_number_one_is_made_and_the_other_refused(two):
    """R-TURN-5: a decision is made once. Both processes hold the same copy;
    seat 1's player sends a decision through each before either hears of the
    other: the first insert wins, the second is refused ("moved_on") and its
    copy catches up with the one made — never two decisions, never none."""
    a, b = two
    await listening(a, b)
    alice = a.create("alice", "duell", 2, seed=22)
    gid = alice.game_id
    await until(b, lambda: gid in b.games, "the game reaches b")
    b.join(gid, 1, "bob")
    await until(a, lambda: a.games[gid].seats[1].user == "bob", "bob seated")
    alice_b = b.resume(gid, "alice")  # alice in both processes (two terminals)
    ha, hb = a.games[gid], b.games[gid]
    assert ha.state.current_player() == 0 and hb.state.current_player() == 0
    first, second = ha.game.legal()[0], hb.game.legal()[-1]
    assert first != second
    before = ha.moves
    a.submit(alice, first)  # no await between: b has not heard
    with pytest.raises(ActionError) as refused:
        b.submit(alice_b, second)
    assert refused.value.key == "moved_on"
    assert hb.moves == before + 1 and hb.game.lines == ha.game.lines  # b's copy took a's decision
    assert len(a.store.moves(gid, before)) == 1


async def test_when_the_driving_process_dies_another_plays_the_bots(two, monkeypatch):
    """A game's bots run in the process holding its lease; when that process
    dies (here: it stops listening and beating without a word, as kill -9
    leaves it) the other takes the lease over once it runs out."""
    monkeypatch.setattr(hub_module, "LEASE", 0.5)
    monkeypatch.setattr(sharing, "SWEEP", 0.1)
    a, b = two
    await listening(a, b)
    alice = a.create("alice", "duell", 2, bots=True, seed=23)
    gid = alice.game_id
    await until(b, lambda: gid in b.games, "the game reaches b")
    ha = a.games[gid]
    # a dies: its tasks and timers stop, it releases nothing
    for task in a.sharing._tasks:
        task.cancel()
    if ha.driver is not None:
        ha.driver.stop()
    a.sharing._tasks.clear()
    monkeypatch.setattr(a.store, "release", lambda owner: None)
    # alice, reconnecting to b, plays on there; b drives the bot
    alice_b = b.resume(gid, "alice")
    hb = b.games[gid]
    start = hb.moves
    for _ in range(40):
        if hb.state.current_player() == 0:
            b.submit(alice_b, hb.game.legal()[0])
        elif hb.state.current_player() < 0:
            break
        else:
            await until(b, lambda: hb.state.current_player() != 1, "b's bot decides")
        if hb.moves - start >= 10 and any(m.seat == 1 for m in b.store.moves(gid, start)):
            break
    assert any(m.seat == 1 for m in b.store.moves(gid, start)), "no bot decision after a's death"


async def test_a_correspondence_games_clock_is_the_same_in_both_processes(two):
    """#32 on #31: the clock the deciding process sets reaches the other
    process's copy, and only the lease holder applies a timeout."""
    import pytest

    from thorskliff.host.corr import DAY, FakeClock, Terms

    a, b = two
    clock = FakeClock()
    a.deadlines.clock = b.deadlines.clock = clock
    await listening(a, b)
    anna = a.create("anna", "duell", 2, seed=31, terms=Terms(DAY, "bot:leicht", 2))
    gid = anna.game_id
    await until([a, b], lambda: gid in b.games, "the game reaches b")
    b.join(gid, 1, "bert")
    ha = a.games[gid]
    await until([a, b], lambda: b.games[gid].clocked is not None and b.games[gid].clocked.deadline
                == ha.clocked.deadline and ha.clocked.seat is not None, "b knows the deadline")
    assert b.games[gid].clocked.terms == Terms(DAY, "bot:leicht", 2)
    seat = ha.state.current_player()
    clock.advance(DAY)
    done = await a.deadlines.tick() + await b.deadlines.tick()
    assert done == [gid]  # one of them timed the turn out, the other held no lease or saw it moved on
    await until([a, b], lambda: b.games[gid].moves == a.games[gid].moves, "the copies agree")
    assert a.games[gid].state.current_player() != seat
