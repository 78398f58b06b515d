"""End to end on loopback: players and spectators in their own terminals
(asyncssh clients with a PTY, pyte reading each screen) at one server."""

from __future__ import annotations

import asyncio
import signal

import asyncssh
import pytest

from hostfixtures import hub_until, polled, prompt
from thorskliff.ui.i18n import t

SECRET = ("Heiltrank", "Krafttrank", "Eiletrank", "Schutztrank")


WAIT = 20.0  # seconds a screen may take to show what a test waits for


async def new_game(term, bots: bool = False) -> None:
    """A duell from the lobby; the creator sits at seat 1."""
    await term.see("Spieltisch auf dem Server")
    term.press("n")
    await term.see("Welcher Modus?")
    term.press("down", "enter")
    await term.see("Wie viele Plätze?")
    term.press("enter")
    await term.see("Die freien Plätze")
    term.press(*(["down"] if bots else []), "enter")
    await term.see("Wie schnell?")  # live, or a correspondence game (#32)
    term.press("enter")
    await term.see("Am Tisch")


async def enter_game(term, option: str, index: int = 0) -> None:
    """Open the first game of the lobby and pick its ``index``-th option (whose text is ``option``)."""
    await term.see("#1 ")
    term.press("enter")
    await term.see(option)
    term.press(*["down"] * index, "enter")
    await term.see("Am Tisch")


async def table(server, terms, keys, **config):
    """alice (seat 1) and bob (seat 2) at a duell, carol watching."""
    host = await server(**config)
    a = await terms(host.port, "alice", keys("alice"))
    await new_game(a)
    b = await terms(host.port, "bob", keys("bob"))
    await enter_game(b, "Platz 2 nehmen")
    c = await terms(host.port, "carol", keys("carol"))
    await enter_game(c, "Zuschauen")
    await c.see("Du schaust zu")
    return host, host.hub.games[1], {0: a, 1: b}, c


async def decide(host, hg, players: dict, text: str, watchers=()) -> None:
    """The seat that decides sends ``text``; every screen then shows the next prompt."""
    d = hg.state.current_player()
    n = len(hg.game.lines)
    await players[d].command(text)
    await hub_until(host, lambda: len(hg.game.lines) > n, f"{text} by seat {d + 1}; its screen:\n{players[d].text()}")
    for seat, term in (*players.items(), *((None, w) for w in watchers)):
        await term.see(prompt(hg, seat))


async def past_the_beaches(host, hg, players, watchers=()) -> None:
    while hg.state.step == "beach":
        await decide(host, hg, players, hg.game.legal()[0], watchers)


async def test_two_players_and_a_spectator_play_a_turn(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys)
    a, b = players[0], players[1]
    await a.see("bob (da)")
    await b.see("alice (da)")
    await c.see("alice (da)", "bob (da)")
    await past_the_beaches(host, hg, players, [c])
    first = hg.state.seat
    assert hg.state.round == 1
    await decide(host, hg, players, next(x for x in hg.game.legal() if x.startswith("H ")), [c])
    while hg.state.seat == first:
        legal = hg.game.legal()
        await decide(host, hg, players, "end" if "end" in legal else legal[0], [c])
    other = hg.name(1 - first)
    # the seat to move is asked; the other seat and the spectator read what she does
    await players[1 - first].see(f"{other}: ziehe deine")
    for term in (players[first], c):
        await term.see(f"{other} zieht Figuren")
    assert any(line.startswith(f"{first + 1} H ") for line in hg.game.lines)


async def test_potion_kinds_never_reach_another_seat_or_a_spectator(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys)
    await past_the_beaches(host, hg, players, [c])
    hg.state.players[0].potions = [("kraft", 1)]
    hg.state.players[1].potions = [("heil", 1), ("schutz", 1)]
    legal = hg.game.legal()
    await decide(host, hg, players, "end" if "end" in legal else legal[0], [c])
    a, b = players[0], players[1]
    await a.see("Krafttrank")
    await b.see("Heiltrank", "Schutztrank")
    await c.see("Tränke 1", "Tränke 2")
    assert not any(k in a.everything() for k in ("Heiltrank", "Schutztrank", "Eiletrank"))
    assert not any(k in b.everything() for k in ("Krafttrank", "Eiletrank"))
    assert not any(k in c.everything() for k in SECRET)


async def test_a_decision_from_the_wrong_seat_is_refused(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys)
    d = hg.state.current_player()
    wrong = players[1 - d]
    lines = list(hg.game.lines)
    await wrong.command(hg.game.legal()[0])
    await wrong.see("Nicht erlaubt")
    await wrong.see("du entscheidest jetzt nicht")  # its own refusal, in the second person
    # a spectator decides nothing: his footer offers no notation line (nor e, u, Enter);
    # the hub refuses his decisions all the same (tests/ssh/test_hub.py)
    await c.wait(lambda: "Hilfe" in c.screen.display[-1], "the spectator's footer")
    assert not any(k in c.screen.display[-1] for k in ("Notation", "Phasenende", "Rückgängig", "Wählen"))
    assert hg.game.lines == lines
    # the seat that decides still may
    await decide(host, hg, players, hg.game.legal()[0], [c])


async def test_resize_follows_the_client_window(server, terms, keys):
    handlers = {s: signal.getsignal(s) for s in (signal.SIGWINCH, signal.SIGTSTP, signal.SIGCONT, signal.SIGINT)}
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await new_game(a)
    app = next(iter(host.sessions)).app
    assert app.size == (120, 40)
    assert app.console.color_system == "256"  # from the client's TERM, xterm-256color
    await a.resize(90, 28)
    await a.wait(lambda: app.size == (90, 28) and "Befehle" in a.screen.display[27], "the footer on row 28")
    await a.see("Am Tisch")
    await a.resize(130, 45)
    await a.wait(lambda: "Befehle" in a.screen.display[44], "the footer on row 45")
    # no session touched the server's own signal handling
    assert {s: signal.getsignal(s) for s in handlers} == handlers


async def test_a_dropped_player_keeps_the_seat_and_comes_back(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys)
    a, b = players[0], players[1]
    b.conn.abort()
    await a.see("bob (nicht da)")
    await c.see("bob (nicht da)")
    assert hg.seats[1].user == "bob" and not hg.seats[1].connected
    b2 = await terms(host.port, "bob", keys("bob"))
    await b2.see("dein Platz 2")
    await enter_game(b2, "Weiterspielen auf Platz 2")
    await a.see("bob (da)")
    players[1] = b2
    await past_the_beaches(host, hg, players, [c])
    assert [ln[0] for ln in hg.game.lines[:2]] in (["1", "2"], ["2", "1"])


async def test_a_restarted_server_resumes_the_game(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys)
    await past_the_beaches(host, hg, players, [c])
    await decide(host, hg, players, next(x for x in hg.game.legal() if x.startswith("H ")), [c])
    lines = list(hg.game.lines)
    seen = hg.state.observation(None)
    first_key = players[0].conn.get_server_host_key().public_data
    await host.close()
    for term in (*players.values(), c):
        await term.wait(lambda term=term: term.eof, "the connection to end")
        assert "Der Server hält an" in term.everything()
        # a spectator has no seat that stays his: he reads the spectator's truth
        said = t("host.stops_watching") if term is c else t("host.stops")
        assert said in term.everything() and (t("host.stops") in term.everything()) == (term is not c)

    host2 = await server()
    hg2 = host2.hub.games[1]
    assert hg2.game.lines == lines and hg2.state.observation(None) == seen
    a = await terms(host2.port, "alice", keys("alice"))
    assert a.conn.get_server_host_key().public_data == first_key
    await enter_game(a, "Weiterspielen auf Platz 1")
    b = await terms(host2.port, "bob", keys("bob"))
    await enter_game(b, "Weiterspielen auf Platz 2")
    players = {0: a, 1: b}
    for seat, term in players.items():
        await term.see(prompt(hg2, seat))
    await decide(host2, hg2, players, "end")
    assert hg2.game.lines[:len(lines)] == lines and len(hg2.game.lines) > len(lines)


async def test_a_stopping_server_lets_a_slow_spectator_take_his_farewell_before_it_disconnects(server, terms, keys):
    """The farewell goes out before the connection's disconnect: it was queued
    and the disconnect overtook it (OpenSSH's client then showed a bare
    'Received disconnect ...: Disconnected by application', most often to
    the last session ended, a spectator). Here the spectator's window is
    full when the server stops: his farewell waits for him to read."""
    host, hg, players, _ = await table(server, terms, keys)
    c = await terms(host.port, "dora", keys("dora"), window=2048)
    await enter_game(c, "Zuschauen")
    await c.see("Du schaust zu")
    dora = next(s for s in host.sessions if s.user == "dora")
    c.proc.channel.pause_reading()
    c.press("?")  # the help page: more output than his window takes
    await polled(lambda: dora.chan.get_write_buffer_size() > 0, "the spectator's window to be full")
    stopping = asyncio.get_running_loop().create_task(host.close())
    await polled(lambda: dora.closed, "the spectator's app to end, its farewell queued behind the help page")
    assert not stopping.done()  # the server waits for him to read his farewell
    c.proc.channel.resume_reading()  # he reads again
    await c.wait(lambda: c.eof, "the connection to end")
    await asyncio.wait_for(stopping, WAIT)
    assert t("host.stops_watching") in c.everything()
    for term in players.values():
        await term.wait(lambda term=term: term.eof, "the connection to end")
        assert t("host.stops") in term.everything()


async def test_a_player_in_the_lobby_is_promised_the_games_not_a_seat(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Spieltisch auf dem Server")
    await host.close()
    await a.wait(lambda: a.eof, "the connection to end")
    assert t("host.stops_lobby") in a.everything() and t("host.stops") not in a.everything()


async def test_whoever_quits_reads_a_goodbye_that_says_what_stays(server, terms, keys):
    """Quitting (q in the lobby, Beenden in the palette) gave only OpenSSH's own
    "Connection to … closed": the player reads what stays, as at a server stop, by
    what he left from: his seat, the game he watched, or the games of the lobby."""
    host, hg, players, c = await table(server, terms, keys)
    d = await terms(host.port, "dora", keys("dora"))
    await d.see("Spieltisch auf dem Server")
    d.press("q")  # the lobby's own key
    await d.wait(lambda: d.eof, "dora's connection to end")
    assert t("host.bye_lobby") in d.everything()
    apps = {s.user: s.app for s in host.sessions}
    for term, user, key in ((c, "carol", "host.bye_watching"), (players[0], "alice", "host.bye")):
        apps[user].exit()  # what the palette's Beenden does
        await term.wait(lambda term=term: term.eof, f"{user}'s connection to end")
        said = term.everything()
        assert t(key) in said and all(t(other) not in said for other in ("host.bye", "host.bye_watching",
                                                                           "host.bye_lobby") if other != key), said


async def test_a_client_without_any_key_is_told_how_to_make_one(server, keys):
    """A new player's first 'ssh -p PORT newbie@HOST' from a machine with no SSH key
    read only "Permission denied (publickey)". OpenSSH tries keyboard-interactive
    after the keys: that attempt is told how to make a key (and always fails); a
    client whose key was offered is not told so."""
    host = await server()
    said: list[str] = []

    class Client(asyncssh.SSHClient):
        def auth_banner_received(self, msg: str, lang: str) -> None:
            said.append(msg)

        tried = False

        def kbdint_auth_requested(self) -> str | None:  # once, as OpenSSH does after its keys
            tried, self.tried = self.tried, True
            return None if tried else ""

        def kbdint_challenge_received(self, name, instructions, lang, prompts):
            return [""] * len(prompts)

    for client_keys in ([], [keys("anna")]):
        said.clear()
        with pytest.raises(asyncssh.PermissionDenied) if not client_keys else _signs_in():
            # None, not []: asyncssh reads an empty list as "the user's own keys" (~/.ssh), and
            # this test failed on a machine whose user had one
            conn = await asyncssh.connect("127.0.0.1", host.port, username="newbie", client_keys=client_keys or None,
                                          known_hosts=None, agent_path=None, kbdint_auth=True,
                                          client_factory=Client)
            conn.close()
        no_key = t("host.no_key", port=host.port, user="newbie", host="127.0.0.1")
        assert (no_key in "".join(said)) == (not client_keys), said
    assert "ssh-keygen" in t("host.no_key", port=1, user="x", host="h")


class _signs_in:
    def __enter__(self):
        return self

    def __exit__(self, *exc) -> bool:
        return False


async def test_a_known_name_with_another_key_is_refused(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    await a.close()
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[keys("mallory")],
                               known_hosts=None, agent_path=None)
    # the same key for another, new name is fine
    m = await terms(host.port, "mallory", keys("mallory"))
    await m.see("Angemeldet als mallory")


async def test_an_authorized_keys_file_restricts_who_enters(server, terms, keys, tmp_path):
    path = tmp_path / "authorized_keys"
    path.write_bytes(keys("alice").export_public_key())
    host = await server(authorized_keys=path)
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Angemeldet als alice")
    with pytest.raises(asyncssh.PermissionDenied):
        await asyncssh.connect("127.0.0.1", host.port, username="bob", client_keys=[keys("bob")],
                               known_hosts=None, agent_path=None)


async def test_connections_over_the_cap_are_refused(server, terms, keys):
    host = await server(max_connections=2)
    for name in ("alice", "bob"):
        term = await terms(host.port, name, keys(name))
        await term.see("Spieltisch")
    # plain ASCII: the OpenSSH client would show "sp\303\244ter"
    with pytest.raises(asyncssh.DisconnectError, match=r"voll \(hoechstens 2 Verbindungen\); versuch es spaeter"):
        await asyncssh.connect("127.0.0.1", host.port, username="carol", client_keys=[keys("carol")],
                               known_hosts=None, agent_path=None)


async def test_a_session_without_a_terminal_is_told_to_use_ssh_t(server, keys):
    host = await server()
    async with asyncssh.connect("127.0.0.1", host.port, username="alice", client_keys=[keys("alice")],
                                known_hosts=None, agent_path=None) as conn:
        for command in (None, "play"):
            result = await asyncio.wait_for(conn.run(command), WAIT)
            # the whole command to type again, with the address the client reached (not "HOST")
            assert f"'ssh -t -p {host.port} alice@127.0.0.1'" in result.stdout and result.stdout.count("\n") == 1
            assert result.exit_status == 1
    assert not host.sessions


async def test_an_idle_session_is_closed(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await a.see("Spieltisch")
    # set once the lobby is built (a short one could end it first on a loaded machine);
    # the timeout fires at once: nothing typed for longer than it
    host.config.idle_timeout = 2.0
    for session in list(host.sessions):
        session._last_input -= 2.0
        session._arm_idle()
    await a.wait(lambda: a.eof, "the idle session to close")
    assert "2 s ohne Taste" in a.everything()
    # in the lobby: no seat is promised to someone who may have none
    assert t("host.idle_lobby", s="2") in a.everything() and "dein Platz bleibt dein" not in a.everything()


async def test_an_idle_spectator_reads_that_the_game_goes_on_an_idle_player_that_his_seat_stays(server, terms, keys):
    """The idle farewell said 'dein Platz bleibt dein' to a spectator too: he has no seat."""
    host, hg, players, c = await table(server, terms, keys)
    host.config.idle_timeout = 0.5  # set at the table: a short one could close a terminal while it sits down
    for session in list(host.sessions):
        session._arm_idle()  # nothing typed for more than 0.5 s: each session ends at once
    for term in (*players.values(), c):
        await term.wait(lambda term=term: term.eof, "the idle connection to close")
        seat, watching = t("host.idle", s="0.5"), t("host.idle_watching", s="0.5")
        assert (watching in term.everything(), seat in term.everything()) == (term is c, term is not c)
    assert "das Spiel läuft weiter, du kannst wieder zuschauen" in c.everything()
    assert "dein Platz bleibt dein" not in c.everything() and "dein Platz bleibt dein" in players[0].everything()


async def test_bots_take_empty_seats(server, terms, keys):
    host = await server()
    a = await terms(host.port, "alice", keys("alice"))
    await new_game(a, bots=True)
    hg = host.hub.games[1]
    await a.see("Aufstellung", "Bot 2")
    assert "Bot 2 (Bot)" not in a.text()  # its name says it is a bot: no "(Bot)" after it
    # alice makes her decisions; the bot makes its own
    while not any(ln.startswith("2 ") for ln in hg.game.lines):
        if hg.state.current_player() == 0:
            await decide(host, hg, {0: a}, hg.game.legal()[0])
        else:
            await hub_until(host, lambda: hg.state.current_player() == 0
                            or any(ln.startswith("2 ") for ln in hg.game.lines), "the bot's decision")


async def test_a_bot_plays_for_a_player_gone_too_long_and_hands_back(server, terms, keys):
    host, hg, players, c = await table(server, terms, keys, takeover=0.3)
    a = players[0]
    players[1].conn.abort()
    await a.see("ein Bot spielt")
    n = sum(1 for ln in hg.game.lines if ln.startswith("2 "))
    while sum(1 for ln in hg.game.lines if ln.startswith("2 ")) == n:
        if hg.state.current_player() == 0:
            await decide(host, hg, {0: a}, hg.game.legal()[0])
        else:
            await hub_until(host, lambda: hg.state.current_player() == 0
                            or sum(1 for ln in hg.game.lines if ln.startswith("2 ")) > n, "the bot's decision")
    b = await terms(host.port, "bob", keys("bob"))
    await enter_game(b, "Weiterspielen auf Platz 2")
    await a.see("bob (da)")
    assert not hg.is_bot(1) and not hg.seats[1].away_bot


async def test_off_turn_decisions_go_to_the_seat_that_must_decide(server, terms, keys):
    """A combat: the defender's potion windows open on the defender's screen only."""
    from helpers import begin, place, play, position
    from test_hub import game_of

    from thorskliff.host.hub import HubGame, SeatInfo

    host = await server()
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[0].potions = [("kraft", 1)]
    st.players[1].potions = [("schutz", 1)]
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end")
    hg = HubGame(1, game_of(st), [SeatInfo("alice"), SeatInfo("bob")])  # a position, kept in memory only
    host.hub.games[1] = hg
    a = await terms(host.port, "alice", keys("alice"))
    await enter_game(a, "Weiterspielen auf Platz 1")
    b = await terms(host.port, "bob", keys("bob"))
    await enter_game(b, "Weiterspielen auf Platz 2")
    players = {0: a, 1: b}
    await decide(host, hg, players, "fight 1c3")
    assert hg.state.step == "c:def_pre" and hg.state.current_player() == 1  # off turn: the defender
    await decide(host, hg, players, "end")
    while hg.state.step != "c:def_post":
        await decide(host, hg, players, "end")
    drink = t("do.drink", potion=t("potion.schutz"))
    await b.see(drink)
    assert drink not in a.text() and "Schutztrank" not in a.everything()
    assert "Krafttrank" not in b.everything()
    await decide(host, hg, players, "drink schutz")
    assert any(ln == "2 drink schutz" for ln in hg.game.lines)
