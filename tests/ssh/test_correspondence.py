"""Correspondence games (#32, host/corr.py, deadlines.py, notify.py), days
run in milliseconds on a FakeClock: the deadline of a person's turn, the
creator's choice at a timeout (a bot's turn, or a resignation), once only,
clocks set back and forward, a pause, a restart, the lobby's order and the
notification command."""

from __future__ import annotations

import asyncio
import os
import stat
import sys

import pytest

from thorskliff import record
from thorskliff.host.corr import DAY, HOUR, FakeClock, Terms
from thorskliff.host.hub import Hub, LobbyError
from thorskliff.host.notify import Notifier
from thorskliff.host.sqlitestore import SqliteStore

pytestmark = pytest.mark.correspondence

TWO_DAYS = Terms(2 * DAY, "bot:leicht", 3)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def store(tmp_path):
    s = SqliteStore(tmp_path / "hub.sqlite3")
    yield s
    s.close()


def duell(hub: Hub, terms: Terms = TWO_DAYS, seed: int = 5):
    a = hub.create("anna", "duell", 2, seed=seed, terms=terms)
    b = hub.join(a.game_id, 1, "bert")
    return a, b


def test_terms_outside_their_ranges_are_refused_with_the_reason(store, clock):
    hub = Hub(store, clock=clock)
    for terms, words in ((Terms(30 * 60, "resign", 0), "1 Stunde bis 14 Tage"),
                         (Terms(15 * DAY, "resign", 0), "nicht 360.0 Stunden"),
                         (Terms(DAY, "bot:gott", 0), "'bot:gott'"),
                         (Terms(DAY, "resign", 31), "0 bis 30 Tage")):
        with pytest.raises(LobbyError, match=words):
            hub.create("anna", "duell", 2, terms=terms)
    assert hub.games == {} and store.games() == []


def test_a_persons_turn_has_a_deadline_that_runs_on_through_the_turn(store, clock):
    hub = Hub(store, clock=clock)
    a, b = duell(hub)
    hg = a.hg
    d = hg.state.current_player()
    assert hg.clocked.seat == d and hg.clocked.deadline == clock.now() + 2 * DAY
    clock.advance(HOUR)
    start = hg.clocked.deadline
    rs = {0: a, 1: b}
    hub.submit(rs[d], hg.game.legal()[0])  # a beach: the other seat's turn begins
    d2 = hg.state.current_player()
    assert d2 != d and hg.clocked.seat == d2 and hg.clocked.deadline == clock.now() + 2 * DAY
    # several decisions of one turn keep one deadline
    while hg.state.step == "beach":
        hub.submit(rs[hg.state.current_player()], hg.game.legal()[0])
    seat = hg.state.current_player()
    deadline = hg.clocked.deadline
    clock.advance(HOUR)
    hub.submit(rs[seat], hg.game.legal()[0])
    if hg.state.current_player() == seat:
        assert hg.clocked.deadline == deadline
    assert store.clock_of(a.game_id).deadline == hg.clocked.deadline and start != hg.clocked.deadline


async def test_a_timeout_lets_a_bot_play_the_turn_once_and_the_seat_stays_the_players(store, clock):
    hub = Hub(store, clock=clock, bot_delay=0)
    a, b = duell(hub)
    hg = a.hg
    seat = hg.state.current_player()
    moves = hg.moves
    assert await hub.deadlines.tick() == []  # not yet
    clock.advance(2 * DAY - 1)
    assert await hub.deadlines.tick() == []
    clock.advance(1)
    assert await hub.deadlines.tick() == [a.game_id]
    assert hg.state.current_player() != seat and hg.moves > moves  # the bot played that turn
    assert [s.user for s in hg.seats] == ["anna", "bert"] and not hg.is_bot(seat)
    assert all(m.seat == seat for m in store.moves(a.game_id, moves))
    # the next seat's clock began at the timeout; ticking again times nothing out twice
    assert hg.clocked.seat == hg.state.current_player() and hg.clocked.deadline == clock.now() + 2 * DAY
    assert await hub.deadlines.tick() == []
    # the record replays to the same game
    again = record.loads(store.games()[0].record)
    assert again.lines == hg.game.lines


async def test_a_timeout_can_resign_the_seat_instead(store, clock):
    hub = Hub(store, clock=clock)
    a, b = duell(hub, Terms(HOUR, "resign", 0))
    hg = a.hg
    rs = {0: a, 1: b}
    while hg.state.step == "beach":  # resigning is allowed once the game has begun (R-RESIGN-1)
        hub.submit(rs[hg.state.current_player()], hg.game.legal()[0])
    seat = hg.state.current_player()
    clock.advance(HOUR)
    assert await hub.deadlines.tick() == [a.game_id]
    assert hg.finished and hg.state.outcome().winner == 1 - seat
    assert store.moves(a.game_id, hg.moves - 1)[0].body == "resign"


async def test_a_clock_set_back_or_forward_times_out_at_most_as_early_as_the_jump_and_once(store, clock):
    hub = Hub(store, clock=clock)
    a, b = duell(hub)
    hg = a.hg
    deadline = hg.clocked.deadline
    clock.advance(-5 * DAY)  # set back: nothing happens early
    assert await hub.deadlines.tick() == []
    clock.t = deadline - 2 * HOUR  # forward again, short of the deadline: still nothing
    assert await hub.deadlines.tick() == []
    clock.advance(3 * HOUR)  # past it: the timeout, once
    assert await hub.deadlines.tick() == [a.game_id]
    clock.advance(-3 * HOUR)
    assert await hub.deadlines.tick() == []
    clock.advance(3 * HOUR)
    assert await hub.deadlines.tick() == []


async def test_a_pause_moves_the_deadline_and_its_days_are_counted(store, clock):
    hub = Hub(store, clock=clock)
    a, b = duell(hub)
    hg = a.hg
    seat = hg.state.current_player()
    rs = {0: a, 1: b}[seat]
    deadline = hg.clocked.deadline
    hub.take_vacation(rs, 2)
    assert hg.clocked.deadline == deadline + 2 * DAY
    with pytest.raises(LobbyError, match="übrig sind 1 Tag"):
        hub.take_vacation(rs, 2)
    clock.advance(3 * DAY)
    assert await hub.deadlines.tick() == []  # paused: 4 days in all
    clock.advance(DAY)
    assert await hub.deadlines.tick() == [a.game_id]
    assert store.clock_of(a.game_id).days_used(seat) == 2


async def test_a_restarted_host_times_out_a_deadline_that_passed_while_it_was_down(tmp_path, clock):
    path = tmp_path / "hub.sqlite3"
    hub = Hub(SqliteStore(path), clock=clock)
    a, _ = duell(hub)
    seat, gid = a.hg.state.current_player(), a.game_id
    hub.store.close()
    clock.advance(3 * DAY)
    again = Hub(SqliteStore(path), clock=clock)
    assert again.games[gid].clocked.seat == seat
    assert await again.deadlines.tick() == [gid]
    assert again.games[gid].state.current_player() != seat
    again.store.close()


def test_the_games_waiting_for_a_player_come_first_in_her_listing(store, clock):
    hub = Hub(store, clock=clock)
    live = hub.create("anna", "duell", 2, seed=1)
    a, b = duell(hub, seed=2)
    mover = {0: "anna", 1: "bert"}[a.hg.state.current_player()]
    assert hub.waiting(mover) == [a.hg]
    assert hub.listing(mover)[0] is a.hg
    other = "bert" if mover == "anna" else "anna"
    assert hub.waiting(other) == [] and hub.listing()[0].id > live.game_id


async def test_the_notification_command_is_told_who_what_and_when_never_a_token(tmp_path, clock):
    out = tmp_path / "told"
    script = tmp_path / "notify.sh"
    script.write_text(f'#!/bin/sh\nenv | grep ^THORSKLIFF_ | sort >> {out}\necho --- >> {out}\n')
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    notifier = Notifier(str(script), clock, "https://example.org/game/{game}")
    hub = Hub(SqliteStore(tmp_path / "hub.sqlite3"), clock=clock, notifier=notifier)
    a, b = duell(hub)
    await notifier.drain()
    told = out.read_text()
    mover = {0: "anna", 1: "bert"}[a.hg.state.current_player()]
    assert f"THORSKLIFF_PLAYER={mover}" in told and f"THORSKLIFF_GAME={a.game_id}" in told
    assert "THORSKLIFF_EVENT=your_move" in told and f"THORSKLIFF_LINK=https://example.org/game/{a.game_id}" in told
    assert "THORSKLIFF_DEADLINE=2027-" in told and "TOKEN" not in told.upper()
    # once an hour per player and game; the 12-hour warning is its own, later
    clock.advance(2 * DAY - 11 * HOUR)
    await hub.deadlines.tick()
    await notifier.drain()
    assert out.read_text().count("THORSKLIFF_EVENT=deadline") == 1
    await hub.deadlines.tick()
    await notifier.drain()
    assert out.read_text().count("THORSKLIFF_EVENT=deadline") == 1
    hub.store.close()


async def test_a_hanging_or_loud_notification_command_is_cut_off_and_logged(tmp_path, clock, caplog):
    loud = Notifier(f"{sys.executable} -c \"import sys; sys.stdout.write('x' * 5_000_000); sys.exit(3)\"",
                    clock, "{game}")
    assert loud.tell("anna", 1, "your_move", clock.now() + DAY)
    hang = Notifier("sleep 60", clock, "{game}", limit=0.5)
    assert hang.tell("anna", 1, "your_move", clock.now() + DAY)
    await asyncio.wait_for(asyncio.gather(loud.drain(), hang.drain()), 20)
    said = caplog.text
    assert "failed (exit 3)" in said and "cut off after" in said
    assert os.environ.get("THORSKLIFF_PLAYER") is None  # the host's own environment untouched


async def test_a_correspondence_game_is_made_from_the_lobby_and_its_row_says_the_time_left(store, clock):
    """The lobby's new-game dialogs ask how fast (live, or a time per move),
    what a timeout does and the pause days; the row then says the tempo, and
    to the player who must decide, the time left; the line at the top counts
    the games waiting for her."""
    from test_hostapp import FakeTerminal
    from textual.widgets import OptionList, Static

    from thorskliff.host.hostapp import HostedApp
    from thorskliff.ui.screens.lobby import LobbyScreen

    hub = Hub(store, clock=clock)
    app = HostedApp(hub, "anna", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        for keys in (("n",), ("down", "enter"), ("enter",), ("enter",),  # Duell, 2 seats, the other seat open
                     ("down", "down", "enter"),  # 1 day per move
                     ("enter",),  # a timeout: a bot (leicht) plays the turn
                     ("down", "enter")):  # 3 days of pause
            await pilot.press(*keys)
            await pilot.pause()
        assert len(hub.games) == 1
        hg = next(iter(hub.games.values()))
        assert hg.clocked.terms == Terms(DAY, "bot:leicht", 3)
        assert store.clock_of(hg.id).terms == Terms(DAY, "bot:leicht", 3)
        bert = hub.join(hg.id, 1, "bert")  # a player for the other seat: the clock of who decides runs
        mover = {0: "anna", 1: "bert"}[hg.state.current_player()]
        if mover == "bert":  # bert decides the first beach: anna's turn comes next
            hub.submit(bert, hg.game.legal()[0])
        assert hg.state.current_player() == 0
        clock.advance(3 * 3600)
        lobby = next(s for s in app.screen_stack if isinstance(s, LobbyScreen))  # under anna's game
        lobby.fill()
        row = str(lobby.query_one(OptionList).get_option_at_index(0).prompt)
        assert "Fernpartie, 1 Tag pro Zug" in row
        assert "du bist dran · noch 21 Std" in row
        assert "1 Partie(n) warten auf dich." in str(lobby.query_one("#l-who", Static).render())


async def test_ten_days_of_a_four_seat_correspondence_game_with_a_restart_replay_and_rate_exactly(tmp_path, clock):
    """The issue's scenario (tests/tendays.py), through the hub (the sessions SSH and the
    browsers open): four players who come at different hours, a deadline that runs out
    into a bot's turn, a pause, the host restarted on day 5; at the end the record
    replays to the same game and the ratings are the library's for the placings."""
    from tendays import check_replays_and_rates, new_game, ten_days

    path = tmp_path / "hub.sqlite3"
    hubs = [Hub(SqliteStore(path), clock=clock, bot_delay=0)]
    gid = new_game(hubs[0])

    async def restart() -> None:
        hubs[-1].store.close()
        hubs.append(Hub(SqliteStore(path), clock=clock, bot_delay=0))

    days = await ten_days(clock, lambda: hubs[-1], gid, restart)
    hub = hubs[-1]
    assert days.restarted and days.paused and days.timed_out >= 1 and hub.games[gid].finished
    check_replays_and_rates(hub, gid)
    hub.store.close()
