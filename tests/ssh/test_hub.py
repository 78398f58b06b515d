"""The hub without SSH: seats, checks, storage and what each seat may see."""

from __future__ import annotations

import sqlite3

import pytest
from helpers import begin, place, position

from thorskliff import record
from thorskliff.engine.actions import WrongSeatError, hexlabel
from thorskliff.game import Game, Setup
from thorskliff.host.hub import Hub, HubGame, LobbyError, SeatInfo, valid_name
from thorskliff.host.config import is_loopback
from thorskliff.host.sqlitestore import SqliteStore
from thorskliff.host.store import SeatRow
from thorskliff.engine.state import SeatSpec
from thorskliff.ui import eventwords
from thorskliff.ui.eventwords import Names

KINDS = ("heil", "kraft", "eile", "schutz")


@pytest.fixture
def store(tmp_path):
    s = SqliteStore(tmp_path / "hub.sqlite3")
    yield s
    s.close()


def game_of(st) -> Game:
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    return Game(setup, state=st)


def play_setup(hub: Hub, sessions: dict[int, object]) -> None:
    """Every beach choice, each from the seat that must make it."""
    hg = next(iter(sessions.values())).hg
    while hg.state.step == "beach":
        d = hg.state.current_player()
        hub.submit(sessions[d], hg.game.legal()[0])


def test_a_user_binds_the_first_key_only(store):
    assert store.bind_user("alice", "ssh-ed25519 AAAA")
    assert store.bind_user("alice", "ssh-ed25519 AAAA")
    assert not store.bind_user("alice", "ssh-ed25519 BBBB")
    assert store.user_key("alice") == "ssh-ed25519 AAAA"
    assert store.user_key("bob") is None


def test_names_differing_only_in_capitals_are_one_name(store):
    assert store.bind_user("Sven", "ssh-ed25519 AAAA")
    assert not store.bind_user("sven", "ssh-ed25519 BBBB")  # another key: the name is taken
    assert not store.bind_web_user("SVEN", "ab" * 32)
    assert store.user_key("sVEN") == "ssh-ed25519 AAAA"
    assert store.bind_user("sven", "ssh-ed25519 AAAA")  # Sven's own key, other capitals: still Sven
    assert store.spelling("sven") == "Sven" and store.spelling("nobody") == "nobody"
    assert [r[0] for r in store.db.execute("SELECT name FROM users")] == ["Sven"]


def test_user_names_are_short_and_plain():
    assert valid_name("alice") and valid_name("Bob_2") and valid_name("x.y-z")
    assert not valid_name("") and not valid_name("a" * 17) and not valid_name("al ice") and not valid_name("-x")


def test_only_loopback_counts_as_loopback():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5") and not is_loopback("example.org")


def test_seats_are_joined_once_and_decisions_checked_against_them(store):
    hub = Hub(store)
    a = hub.create("alice", "duell", 2)
    gid = a.game_id
    with pytest.raises(LobbyError):
        hub.join(gid, 0, "bob")  # alice's seat
    with pytest.raises(LobbyError):
        hub.join(gid, 1, "alice")  # alice has a seat already
    b = hub.join(gid, 1, "bob")
    with pytest.raises(LobbyError):
        hub.join(gid, 1, "carol")
    w = hub.watch(gid, "carol")
    hg = a.hg
    assert hg.name(1) == "bob"
    d = hg.state.current_player()
    mine, other = (a, b) if d == 0 else (b, a)
    legal = hg.game.legal()[0]
    lines = len(hg.game.lines)
    # refusals carry their message by key; each seat reads it in its language
    with pytest.raises(WrongSeatError) as out_of_turn:
        hub.submit(other, legal)
    assert out_of_turn.value.key == "wrong_seat" and out_of_turn.value.rule == "R-TURN-5"
    assert "entscheidet jetzt nicht" in out_of_turn.value.say("de")
    with pytest.raises(WrongSeatError) as watcher:
        hub.submit(w, legal)
    assert watcher.value.say("de").startswith("wer zuschaut, entscheidet nichts")
    with pytest.raises(WrongSeatError) as undo:
        hub.undo(w)
    assert undo.value.key == "spectator_undo"
    assert len(hg.game.lines) == lines
    hub.submit(mine, legal)
    assert len(hg.game.lines) == lines + 1


def test_a_restarted_hub_resumes_every_game_exactly(tmp_path):
    path = tmp_path / "hub.sqlite3"
    store = SqliteStore(path)
    hub = Hub(store)
    a = hub.create("alice", "duell", 2, seed=11)
    b = hub.join(a.game_id, 1, "bob")
    c = hub.create("carol", "base", 3, seed=12)
    play_setup(hub, {0: a, 1: b})
    hg = a.hg
    for _ in range(3):
        d = hg.state.current_player()
        hub.submit({0: a, 1: b}[d], hg.game.legal()[-1])
    want = {g.id: (list(g.game.lines), g.state.observation(None), [s.user for s in g.seats])
            for g in (a.hg, c.hg)}

    # The first hub plays on beside it as the reference, so the second reads a copy
    # of the file: two hubs on one file would share its decision log (#31), and
    # the second's same decisions would lose to the first's.
    copy = tmp_path / "copy.sqlite3"
    with sqlite3.connect(path) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    again = Hub(SqliteStore(copy))
    for gid, (lines, obs, users) in want.items():
        hg2 = again.games[gid]
        assert hg2.game.lines == lines
        assert hg2.state.observation(None) == obs
        assert [s.user for s in hg2.seats] == users
        assert hg2.state.chance_count == (a.hg if gid == a.game_id else c.hg).state.chance_count
    # the dice to come are the same too: the same decisions give the same game
    a2 = again.resume(a.game_id, "alice")
    b2 = again.resume(a.game_id, "bob")
    for _ in range(6):
        d = hg.state.current_player()
        if d < 0:
            break
        choice = hg.game.legal()[0]
        hub.submit({0: a, 1: b}[d], choice)
        again.submit({0: a2, 1: b2}[d], choice)
    assert a2.hg.game.lines == hg.game.lines
    again.store.close()
    store.close()


def test_a_broken_record_is_reported_and_the_other_games_load(tmp_path):
    store = SqliteStore(tmp_path / "hub.sqlite3")
    hub = Hub(store)
    a = hub.create("alice", "duell", 2, seed=3)
    bad = store.new_game("format = 'nonsense'\n[decisions]\n", [SeatRow("x", None), SeatRow(None, None)])
    again = Hub(store)
    assert a.game_id in again.games and bad not in again.games
    assert [str(p) for p in again.problems] == [f"game {bad}:2: the header ends without the key 'mode'"]
    # serve prints them in the server's language
    assert [p.say("de") for p in again.problems] == [f"game {bad}:2: der Kopf endet ohne den Schlüssel 'mode'"]
    store.close()


def potion_game():
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].taler = 10
    st.players[1].potions = [("heil", 1), ("schutz", 1)]
    begin(st, 0, 3)
    return game_of(st)


def test_each_session_sees_only_its_own_potion_kinds_and_log(store):
    hub = Hub(store)
    hg = HubGame(99, potion_game(), [SeatInfo("alice"), SeatInfo("bob")])
    hub.games[99] = hg
    a = hub.resume(99, "alice")
    b = hub.resume(99, "bob")
    w = hub.watch(99, "carol")
    hub.submit(a, "buy kraft")
    # whatever seat the app asks for, a session sees its own
    for seat in (0, 1, None):
        assert [p["kind"] for p in a.view(seat)["players"][0]["potions"]] == ["kraft"]
        assert [p["kind"] for p in a.view(seat)["players"][1]["potions"]] == [None, None]
        assert [p["kind"] for p in b.view(seat)["players"][0]["potions"]] == [None]
        assert [p["kind"] for p in b.view(seat)["players"][1]["potions"]] == ["heil", "schutz"]
        assert all(p["kind"] is None for pl in w.view(seat)["players"] for p in pl["potions"])
    # the purchase is in alice's events (her log) by kind, hidden in the others'
    names = Names(["alice", "bob"], ["Oleif", "Bera"])
    bought = [e for e in a.events()[-1] if e.kind == "bought"]
    assert [(e.item, e.potion) for e in bought] == [("potion", "kraft")]
    assert "Krafttrank" in eventwords.say(bought[0], names)
    for other in (b, w):
        hidden = [e for evs in other.events() for e in evs if e.kind == "bought"]
        assert [(e.item, e.potion) for e in hidden] == [("potion", None)]
        assert eventwords.say(hidden[0], names) == "alice kauft einen Trank: verdeckt (−3 Taler)"
        assert not any(e.potion for evs in other.events(0) for e in evs if hasattr(e, "potion") and e.seat == 0)
    assert not any(e.legal for e in b.action_menu(0))  # bob's own field, greyed: he does not decide
    assert w.action_menu(0) == [] and w.undo_problem() and w.explain("end")


def test_record_of_a_hub_game_is_a_normal_record(store, tmp_path):
    hub = Hub(store)
    a = hub.create("alice", "duell", 2, seed=5)
    b = hub.join(a.game_id, 1, "bob")
    play_setup(hub, {0: a, 1: b})
    text = store.games()[0].record
    game = record.loads(text)
    assert game.lines == a.hg.game.lines
    assert [s.name for s in game.setup.seats] == ["alice", "bob"]


def test_presence_per_seat(store):
    hub = Hub(store)
    a = hub.create("alice", "duell", 2)
    assert a.presence() == [("alice", "connected"), ("P2", "free")]
    b = hub.join(a.game_id, 1, "bob")
    assert a.presence()[1] == ("bob", "connected")
    b.close()
    assert a.presence()[1] == ("bob", "away")
    b2 = hub.resume(a.game_id, "bob")
    assert a.presence()[1] == ("bob", "connected")
    w = hub.watch(a.game_id, "carol")
    assert a.spectators() == 1
    w.close()
    b2.close()
    assert a.spectators() == 0


def test_an_undo_takes_the_line_back_from_every_log(store):
    hub = Hub(store)
    a = hub.create("alice", "duell", 2, seed=5)
    b = hub.join(a.game_id, 1, "bob")
    sessions = {0: a, 1: b}
    play_setup(hub, sessions)
    hg = a.hg
    mover = sessions[hg.state.current_player()]
    steps = [x for x in hg.game.legal() if x.startswith("H ")]
    n = len(b.events())
    hub.submit(mover, steps[0])
    moved = [e for e in b.events()[-1] if e.kind == "moved"]
    assert len(b.events()) == n + 1 and [f"H {hexlabel(e.src)}-{hexlabel(e.dst)}" for e in moved] == [steps[0]]
    hub.undo(mover)
    assert len(b.events()) == n and len(a.events()) == n
    hub.submit(mover, steps[1])
    moved = [e for e in b.events()[-1] if e.kind == "moved"]
    assert [f"H {hexlabel(e.src)}-{hexlabel(e.dst)}" for e in moved] == [steps[1]]
    assert b.events() == hg.local.events(b.seat) == hg.local.events(None)


def playing(hg) -> bool:
    """Whether the game's seat driver is deciding for a bot now."""
    return hg.driver is not None and hg.driver.task is not None


async def test_after_a_restart_no_seat_goes_to_a_bot_while_nobody_plays(tmp_path):
    """Issue 14: every seat's clock starts anew, and with no person at the
    table the stand-in bots wait instead of playing the game to its end."""
    import asyncio

    store = SqliteStore(tmp_path / "hub.sqlite3")
    hub = Hub(store, takeover_after=0.2, bot_delay=0.0)
    a = hub.create("alice", "duell", 2, seed=5)
    b = hub.join(a.game_id, 1, "bob")
    play_setup(hub, {0: a, 1: b})
    lines = list(a.hg.game.lines)
    a.close()
    b.close()
    hub.close()
    store.close()

    store = SqliteStore(tmp_path / "hub.sqlite3")
    hub = Hub(store, takeover_after=0.2, bot_delay=0.0)
    hub.start()
    hg = hub.games[1]
    # both seats count as gone from the restart on ...
    assert all(s.gone_since is not None for s in hg.seats)
    # ... and their takeover time has run out: the timers fire (directly, not by waiting)
    for i, s in enumerate(hg.seats):
        s.gone_since -= 1.0
        hub._takeover(hg, i)
    # nobody is here, so nothing happens
    assert not any(s.away_bot for s in hg.seats) and not playing(hg) and hg.game.lines == lines
    # alice comes back: bob is gone (since the restart) and a bot takes his seat
    a = hub.resume(1, "alice")
    assert not hg.seats[1].away_bot  # the clock of bob's seat ran from the restart
    async with asyncio.timeout(10):
        while not hg.seats[1].away_bot:
            await asyncio.sleep(0.02)
    assert not hg.seats[0].away_bot
    # alice leaves: bob's stand-in stops at its next turn; the game waits
    while hg.state.current_player() == 0:
        hub.submit(a, "end" if "end" in hg.game.legal() else hg.game.legal()[0])
    a.close()
    async with asyncio.timeout(10):
        while playing(hg):  # the stand-in finishes the decision it is thinking about
            await asyncio.sleep(0.02)
    n = len(hg.game.lines)
    assert hg.state.current_player() == 1 and hg.seats[1].away_bot and not hg.finished
    assert not hub._bot_due(hg)  # nobody at the table: the stand-in does not play
    hub._run_bots(hg)  # what any change at the table does: the bots are asked, and decline
    async with asyncio.timeout(10):
        while playing(hg):
            await asyncio.sleep(0.02)
    assert len(hg.game.lines) == n
    hub.close()
    store.close()
