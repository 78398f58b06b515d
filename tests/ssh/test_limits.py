"""The host under abuse: connections that never sign in, too many sign-ins,
signed-in connections without a session, huge windows, huge pastes, and
the algorithms it offers (issue 14). Every refusal is logged with the
address and the reason."""

from __future__ import annotations

import asyncio
import logging
import struct

import asyncssh
import pytest
from hostfixtures import hub_until, polled, prompt
from test_ssh_play import WAIT, enter_game, new_game, table

from thorskliff.host import driver
from thorskliff.ui.i18n import t
from thorskliff.ssh.server import CIPHERS, KEX_ALGS, MACS


@pytest.fixture
def refusals(caplog):
    caplog.set_level(logging.INFO, logger="thorskliff.ssh")

    def lines() -> list[str]:
        return [r.getMessage() for r in caplog.records if r.getMessage().startswith("refused ")]

    return lines


async def raw(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A TCP connection that reads the server's hello and says nothing."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    hello = await asyncio.wait_for(reader.readline(), WAIT)
    assert hello.startswith(b"SSH-2.0-")
    return reader, writer


async def closed(reader: asyncio.StreamReader) -> bool:
    try:
        return await asyncio.wait_for(reader.read(1 << 16), WAIT) == b""
    except ConnectionResetError:
        return True


async def connect(port: int, user: str, key, source: str = "127.0.0.1"):
    return await asyncssh.connect("127.0.0.1", port, username=user, client_keys=[key], known_hosts=None,
                                  agent_path=None, local_addr=(source, 0))


async def ended(conn) -> None:
    await asyncio.wait_for(conn.wait_closed(), WAIT)


# ---------------------------------------------------------------- not signed in yet


async def test_held_sockets_give_way_per_address_and_never_lock_out_a_player(server, terms, keys, refusals):
    host = await server(max_startups_per_source=3, max_connections=1)
    socks = [await raw(host.port) for _ in range(5)]
    # the two oldest gave way to the newer ones; three are held
    assert await closed(socks[0][0]) and await closed(socks[1][0])
    assert len(host.pending) == 3
    # a player still gets in: the oldest held socket gives way again
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    assert await closed(socks[2][0])
    gave_way = [r for r in refusals() if "gives way" in r]
    assert len(gave_way) == 3 and all(r.startswith("refused 127.0.0.1 port ") for r in gave_way)
    for _, w in socks:
        w.close()


async def test_held_sockets_give_way_overall(server, terms, keys, refusals):
    host = await server(max_startups=4, max_startups_per_source=100)
    socks = [await raw(host.port) for _ in range(6)]
    assert await closed(socks[0][0]) and await closed(socks[1][0])
    assert len(host.pending) == 4
    assert sum("not signed in; the oldest gives way" in r for r in refusals()) == 2
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    for _, w in socks:
        w.close()


async def test_a_connection_that_does_not_sign_in_is_closed_after_the_login_grace(server, refusals):
    host = await server(login_grace=0.3)
    reader, writer = await raw(host.port)
    assert await closed(reader)
    assert any("not signed in within 0.3 s" in r for r in refusals())
    assert not host.pending
    writer.close()


# ---------------------------------------------------------------- signed in


async def test_signed_in_connections_are_capped_per_address(server, terms, keys, refusals):
    host = await server(max_per_address=1)
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    with pytest.raises(asyncssh.DisconnectError, match="Von deiner Adresse kommen schon 1 Verbindungen"):
        await connect(host.port, "bob", keys("bob"))
    assert any(r.startswith("refused 127.0.0.1 port ") and "Adresse" in r for r in refusals())


async def test_signed_in_connections_are_capped_per_user(server, terms, keys, refusals):
    host = await server(max_per_user=1)
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    # said once the key is proven (the cap must not tell a stranger who is here)
    try:
        conn = await connect(host.port, "alice", keys("alice"))
        await ended(conn)
    except asyncssh.DisconnectError as exc:
        assert "alice ist schon 1-mal verbunden" in str(exc)
    assert any("('alice'): alice ist schon 1-mal verbunden" in r for r in refusals())
    assert len(host.players) == 1
    b = await terms(host.port, "bob", keys("bob"))  # another name is welcome
    await b.see("Angemeldet als bob")


async def test_a_signed_in_connection_without_a_session_is_closed(server, keys, refusals):
    """``ssh -N``: signed in, no session, holds nothing for long."""
    host = await server(session_grace=40, idle_timeout=None)
    conn = await connect(host.port, "alice", keys("alice"))
    await grace_runs_out(host, 40)
    await ended(conn)
    assert any("('alice'): no session within 40 s" in r for r in refusals())
    assert not host.players


async def test_when_the_host_is_full_a_connection_without_a_game_gives_way_to_a_newcomer(
        server, terms, keys, refusals, monkeypatch):
    """#27.19: 50 clients that signed in without opening a session, from 50 addresses,
    filled --max-connections and locked new players out for the session grace, again and
    again. Now the one longest without a game makes room (once it has held none for
    SESSIONLESS_YIELD; made 0 here, so the test waits for nothing)."""
    from thorskliff.host import host as srv

    monkeypatch.setattr(srv, "SESSIONLESS_YIELD", 0.0)
    host = await server(max_connections=3, session_grace=600)
    idle = [await connect(host.port, f"idle{i}", keys(f"idle{i}"), source=f"127.0.0.{10 + i}") for i in range(3)]
    assert len(host.players) == 3
    carol = await terms(host.port, "carol", keys("carol"), source="127.0.0.50")
    await carol.see("Angemeldet als carol")
    await ended(idle[0])  # the oldest without a game made room
    assert any(r.startswith("refused 127.0.0.10 port ") and "gives way to a newcomer" in r for r in refusals())
    # dave and erin take the other idle ones' places; fritz finds only players with a game
    dave = await terms(host.port, "dave", keys("dave"), source="127.0.0.51")
    await dave.see("Angemeldet als dave")
    erin = await terms(host.port, "erin", keys("erin"), source="127.0.0.52")
    await erin.see("Angemeldet als erin")
    await ended(idle[1])
    await ended(idle[2])
    with pytest.raises(asyncssh.DisconnectError, match="Der Server ist voll"):
        await connect(host.port, "fritz", keys("fritz"), source="127.0.0.53")
    assert {g.user for g in host.players} == {"carol", "dave", "erin"}


async def test_signed_in_connections_are_capped_per_network(server, terms, keys, refusals):
    """#27.19: beside the per-address cap, one per /24 (IPv4) and /64 (IPv6)."""
    host = await server(max_per_network=2)
    a = await terms(host.port, "alice", keys("alice"), source="127.0.0.2")
    b = await terms(host.port, "bob", keys("bob"), source="127.0.0.3")
    await a.see("Angemeldet als alice")
    await b.see("Angemeldet als bob")
    with pytest.raises(asyncssh.DisconnectError, match="Aus deinem Netz kommen schon 2 Verbindungen"):
        await connect(host.port, "carl", keys("carl"), source="127.0.0.4")
    c = await terms(host.port, "carl", keys("carl"), source="127.0.1.4")  # another /24
    await c.see("Angemeldet als carl")


def test_a_network_is_a_slash_24_or_a_slash_64():
    from thorskliff.host.config import network

    assert network("192.0.2.7") == network("192.0.2.250") != network("192.0.3.7")
    assert network("::ffff:192.0.2.7") == network("192.0.2.7")
    assert network("2001:db8:1:2::5") == network("2001:db8:1:2:ffff::1") != network("2001:db8:1:3::5")


async def test_the_idle_timeout_closes_a_connection_without_a_session_too(server, keys, refusals):
    host = await server(session_grace=60, idle_timeout=30)
    conn = await connect(host.port, "alice", keys("alice"))
    await grace_runs_out(host, 30)  # the shorter of the two
    await ended(conn)
    assert any("no session within 30 s" in r for r in refusals())


async def grace_runs_out(host, limit: float) -> None:
    """The signed-in connection's grace timer is set to ``limit`` s: it fires now
    (directly, instead of waiting for it)."""
    await polled(lambda: host.players and next(iter(host.players))._grace is not None, "the grace timer")
    (gate,) = host.players
    left = gate._grace.when() - asyncio.get_running_loop().time()
    assert limit - 5 < left <= limit, left
    gate._grace.cancel()
    gate._no_session(limit)


# ---------------------------------------------------------------- one session, bounded


async def test_a_huge_window_is_drawn_clamped_and_told(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"), size=(1000, 400))
    await a.see("Angemeldet als alice")
    await a.see("ist zu groß")
    assert f"gezeigt werden {driver.MAX_COLS}×{driver.MAX_ROWS}" in a.text().replace("\n", " ") \
        or f"{driver.MAX_COLS}×{driver.MAX_ROWS}" in a.text()
    # nothing drawn right of or below the clamp
    assert all(not line[driver.MAX_COLS:].strip() for line in a.screen.display)
    assert all(not line.strip() for line in a.screen.display[driver.MAX_ROWS:])
    # the window shrinks to a normal size: drawn at that size, no notice
    await a.resize(120, 40)
    await a.see("Spieltisch")


async def test_an_oversize_paste_is_dropped_with_a_notice(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    b = await terms(host.port, "bob", keys("bob"))
    await a.see("Angemeldet als alice")
    await b.see("Angemeldet als bob")
    a.type("x" * 100_000)
    await a.see("Zeichen verworfen")
    # the others' keys are still served, and alice's own after the paste
    b.press("n")
    await b.see("Welcher Modus?")
    a.press("n")
    await a.see("Welcher Modus?")


async def test_no_key_of_an_oversize_paste_gets_through(server, terms, keys):
    """100 KB come in 32 KB packets and the last 1.7 KB fit the budget left:
    they are the same paste, dropped with it (64 of its letters reached the
    lobby as keys and opened screens)."""
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    a.type("n" * 100_000)  # n: a new game, were one of them taken as a key
    await a.see("Zeichen verworfen")  # said 0.2 s after the drop: keys would have been drawn by then
    assert "Welcher Modus?" not in a.everything()
    a.press("n")  # a key typed after the paste is a key
    await a.see("Welcher Modus?")


async def test_keys_beyond_the_budget_are_dropped(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    a.type("\x1b[B" * 200)  # 600 characters: within the character budget, over the key budget
    await a.see("Zeichen verworfen")


# ---------------------------------------------------------------- the texts, the ':' box


async def test_what_a_spectator_types_decides_nothing(server, terms, keys):
    """A spectator's screen opens no notation box (his footer offers none), so a
    decision he types reaches no game; the seat to move decides next as ever. The
    hub's own refusal of a spectator, in the host's language, is in test_hub.py."""
    host, hg, players, c = await table(server, terms, keys)
    n = len(hg.game.lines)
    d = hg.state.current_player()
    mine = hg.game.legal()[-1]
    c.type(":" + hg.game.legal()[0] + "\r")  # sent before the seat's own decision
    await players[d].command(mine)
    await hub_until(host, lambda: len(hg.game.lines) > n, "the seat's decision")
    await c.see(prompt(hg, None))
    assert len(hg.game.lines) == n + 1 and mine in hg.game.lines[-1]


async def test_a_decision_typed_at_once_after_the_colon_is_not_lost(server, terms, keys):
    """':', the decision and Enter in one packet: the box takes every key."""
    host, hg, players, c = await table(server, terms, keys)
    d = hg.state.current_player()
    n = len(hg.game.lines)
    players[d].type(":" + hg.game.legal()[0] + "\r")
    async with asyncio.timeout(WAIT):
        while len(hg.game.lines) == n:
            await asyncio.sleep(0.05)


async def test_a_change_from_elsewhere_keeps_the_keys_in_the_open_box(server, terms, keys):
    """Typing the next decision while the other seat decides: when the other
    seat's decision arrives, the box keeps the keys, and Enter submits."""
    from test_ssh_play import prompt

    host, hg, players, c = await table(server, terms, keys)
    d = hg.state.current_player()  # a beach is chosen, then the other seat chooses one (R-SETUP)
    other = players[1 - d]
    mine, theirs = hg.game.legal()[0], hg.game.legal()[-1]  # not where the cursor starts
    other.press(":")
    await other.see(t("game.command")[:15])
    other.type(theirs)
    n = len(hg.game.lines)
    await players[d].command(mine)
    async with asyncio.timeout(WAIT):
        while len(hg.game.lines) == n:
            await asyncio.sleep(0.05)
    assert hg.state.current_player() == 1 - d
    await other.see(prompt(hg, 1 - d))  # the other seat's screen has taken the change in
    other.press("enter")
    async with asyncio.timeout(WAIT):
        while len(hg.game.lines) == n + 1:
            await asyncio.sleep(0.05)
    assert hg.game.lines[-1].endswith(theirs)


# ---------------------------------------------------------------- algorithms


async def offered(port: int) -> list[list[str]]:
    """The name-lists of the server's KEXINIT (RFC 4253 7.1), read off the wire."""
    reader, writer = await raw(port)
    writer.write(b"SSH-2.0-thorskliff_test\r\n")
    length = struct.unpack(">I", await asyncio.wait_for(reader.readexactly(4), WAIT))[0]
    packet = await reader.readexactly(length)
    writer.close()
    pad, payload = packet[0], packet[1:length - packet[0]]
    assert payload[0] == 20, "not a KEXINIT"
    pos, lists = 17, []
    for _ in range(10):
        n = struct.unpack(">I", payload[pos:pos + 4])[0]
        lists.append(payload[pos + 4:pos + 4 + n].decode().split(",") if n else [])
        pos += 4 + n
    assert pad >= 4
    return lists


async def test_only_modern_algorithms_are_offered(server):
    host = await server()
    kex, host_keys, enc_cs, enc_sc, mac_cs, mac_sc, *_ = await offered(host.port)
    markers = {"ext-info-s", "kex-strict-s-v00@openssh.com"}
    assert set(kex) - markers <= set(KEX_ALGS) and "curve25519-sha256" in kex
    assert host_keys == ["ssh-ed25519"]
    assert enc_cs == enc_sc and set(enc_cs) == set(CIPHERS)
    assert mac_cs == mac_sc and set(mac_cs) == set(MACS)
    everything = kex + host_keys + enc_cs + mac_cs
    assert not any("sha1" in a or a in ("hmac-sha1", "ssh-rsa", "umac-64@openssh.com") for a in everything)
    assert "diffie-hellman-group14-sha1" not in kex


async def test_a_client_offering_only_sha1_is_refused(server, keys):
    host = await server()
    with pytest.raises((asyncssh.KeyExchangeFailed, asyncssh.DisconnectError)):
        await asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[keys("alice")],
                               known_hosts=None, agent_path=None, kex_algs=["diffie-hellman-group14-sha1"])
    with pytest.raises((asyncssh.KeyExchangeFailed, asyncssh.DisconnectError)):
        await asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[keys("alice")],
                               known_hosts=None, agent_path=None, mac_algs=["hmac-sha1"],
                               encryption_algs=["aes128-ctr"])


async def test_entering_and_playing_still_work_with_the_real_defaults(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await new_game(a)
    b = await terms(host.port, "bob", keys("bob"))
    await enter_game(b, "Platz 2 nehmen")
    await a.see("bob (da)")


# ---------------------------------------------------------------- file modes


async def test_every_file_the_server_writes_is_its_owners_only(server, terms, keys, data):
    """With a lax umask: the folder 0700, the database with its -wal/-shm and the host key 0600."""
    import os
    import stat

    old = os.umask(0o022)
    try:
        host = await server()
        a = await terms(host.port, "alice", keys("alice"))
        await new_game(a)  # a game stored: the WAL files exist now
    finally:
        os.umask(old)
    names = {p.name for p in data.iterdir()}
    assert {"hub.sqlite3", "hub.sqlite3-wal", "hub.sqlite3-shm", "ssh_host_ed25519_key"} <= names
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for p in data.iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p.name


async def test_files_of_a_laxer_older_start_are_tightened(server, data):
    import os
    import sqlite3
    import stat

    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    db = sqlite3.connect(data / "hub.sqlite3")
    db.execute("PRAGMA journal_mode=WAL")
    from thorskliff.host.schema import SQLITE

    db.executescript(SQLITE[1])  # an older start's database (another program's is refused)
    for p in data.iterdir():
        os.chmod(p, 0o644)
    await server()
    db.close()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for p in data.iterdir():
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p.name


async def test_a_signed_in_player_leaving_is_logged(server, terms, keys, caplog):
    """The log said when a player signed in, never when the connection ended: one line
    now, with the user, the address, how long and why if known; no key in it."""
    caplog.set_level(logging.INFO, logger="thorskliff.ssh")
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    a.conn.close()
    for _ in range(int(WAIT / 0.05)):
        if not host.players:
            break
        await asyncio.sleep(0.05)
    lines = [r.getMessage() for r in caplog.records if r.getMessage().startswith("alice left from 127.0.0.1 port ")]
    assert len(lines) == 1, [r.getMessage() for r in caplog.records]
    assert " after " in lines[0] and lines[0].endswith(")"), lines
    secret = keys("alice").export_public_key().decode().split()[1]
    assert all(secret not in r.getMessage() for r in caplog.records)
