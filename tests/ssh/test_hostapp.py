"""The app and driver of one SSH session, without the network: nothing in
them may act on the server's own machine or process."""

from __future__ import annotations

import asyncio
import logging
import gc
import signal

import pytest
from textual import events
from textual.strip import Strip

from thorskliff.ui.textual_patches import acyclic
from thorskliff.host.driver import SSHDriver
from thorskliff.host.hostapp import HostedApp, color_system
from thorskliff.host.hub import Hub
from thorskliff.host.sqlitestore import SqliteStore
from thorskliff.ui import i18n
from thorskliff.ui.screens.lobby import LobbyScreen

SIGNALS = (signal.SIGWINCH, signal.SIGTSTP, signal.SIGCONT, signal.SIGINT, signal.SIGTERM)


class FakeTerminal:
    term_type = "xterm-256color"
    size = (100, 30)

    def __init__(self):
        self.out: list[str] = []
        self.driver = None

    def write(self, data: str) -> None:
        self.out.append(data)

    def attach(self, driver) -> None:
        self.driver = driver


class FakeApp:
    def __init__(self):
        self.posted = []

    def post_message(self, message) -> bool:
        self.posted.append(message)
        return True


@pytest.fixture
def hub(tmp_path):
    store = SqliteStore(tmp_path / "hub.sqlite3")
    yield Hub(store)
    store.close()


def test_the_client_terminal_decides_the_colours():
    assert color_system("xterm-256color") == "256"
    assert color_system("xterm-direct") == "truecolor"
    assert color_system("vt100") == "standard" and color_system("") == "standard"


async def test_the_driver_talks_to_its_channel_only():
    before = {s: signal.getsignal(s) for s in SIGNALS}
    term, app = FakeTerminal(), FakeApp()
    driver = SSHDriver(term, app)
    assert not driver.can_suspend
    driver.start_application_mode()
    assert term.driver is driver
    assert "\x1b[?1049h" in "".join(term.out)  # the alternate screen, on the channel
    first = app.posted[0]
    assert isinstance(first, events.Resize) and tuple(first.size) == (100, 30)
    driver.feed("x")
    driver.resize(80, 24)
    assert any(isinstance(m, events.Key) and m.key == "x" for m in app.posted)
    assert tuple(app.posted[-1].size) == (80, 24) and driver._size == (80, 24)
    # a lone escape becomes a key once no sequence follows it
    driver.feed("\x1b")
    for _ in range(50):
        if any(isinstance(m, events.Key) and m.key == "escape" for m in app.posted):
            break
        await asyncio.sleep(0.01)
    assert any(isinstance(m, events.Key) and m.key == "escape" for m in app.posted)
    driver.stop_application_mode()
    assert term.driver is None
    n = len(app.posted)
    driver.feed("y")  # input after the end goes nowhere
    assert len(app.posted) == n
    assert "\x1b[?1049l" in "".join(term.out)
    assert {s: signal.getsignal(s) for s in SIGNALS} == before


async def test_nothing_in_a_hosted_app_reaches_the_server_machine(hub, monkeypatch):
    import os
    import webbrowser

    def refuse(*a, **k):
        raise AssertionError("this must not run on the server")

    monkeypatch.setattr(webbrowser, "open", refuse)
    monkeypatch.setattr(os, "kill", refuse)
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        app.action_suspend_process()
        app.open_url("https://example.org")
        app.action_screenshot()
        app.deliver_screenshot()
        lang = i18n.lang()
        app.action_switch_lang()
        assert i18n.lang() == lang  # one session may not switch every session's language
        app.action_campaign()
        app.action_resume()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)
        app.action_new_game()
        await pilot.pause()
        names = [c.title for c in app.get_system_commands(app.screen)]
        assert not any(n in names for n in ("Screenshot", "Theme", "Keys"))
        assert i18n.t("title.new") not in names and i18n.t("title.resume") not in names
        app.pop_to_title()
        await pilot.pause()
        assert isinstance(app.screen, LobbyScreen)


async def _a_new_duell(pilot) -> None:
    """From the lobby: a new game, Duell, 2 seats; the question what the empty seat gets is next."""
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()
    await pilot.press("down", "enter")  # Duell
    await pilot.pause()
    await pilot.press("enter")  # 2 seats
    await pilot.pause()


async def _live(pilot) -> None:
    """After the empty seats: "Wie schnell?" (#32), a live game (the first choice)."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


async def test_the_lobby_offers_the_difficulty_levels_for_empty_seats(hub):
    """A new hosted game: the empty seats stay open, go to the host's bot, or
    to a level's bot (bots.registry.LEVELS) — said in words, seated as chosen."""
    from thorskliff.ui.screens.choose import ChooseScreen

    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(100, 30)) as pilot:
        await _a_new_duell(pilot)
        assert isinstance(app.screen, ChooseScreen)
        assert app.screen.items == [
            ("open", "… bleiben frei für Mitspieler"), ("bots", "… übernehmen Bots: der Bot des Servers (Gierig)"),
            ("level:leicht", "… übernehmen Bots: Leicht"), ("level:mittel", "… übernehmen Bots: Mittel"),
            ("level:schwer", "… übernehmen Bots: Schwer")]
        await pilot.press("down", "down", "enter")  # Leicht
        await _live(pilot)
        await pilot.pause()
        (game,) = hub.games.values()
        assert [s.bot for s in game.seats] == [None, "careless"]


async def test_a_hosted_seat_speaks_of_the_table_not_the_title(hub):
    """A seat at a server leaves for the server's table (its lobby), and
    cannot hand itself to a bot by hand: the game menu, the help's keys and
    the command palette say so (a play-tester read "Zum Titel (das Spiel ist
    gespeichert)" and a key b that did nothing)."""
    from textual.widgets import Markdown

    from thorskliff.ui.screens.choose import ChooseScreen
    from thorskliff.ui.screens.game import GameScreen
    from thorskliff.ui.screens.help import HelpScreen

    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await _a_new_duell(pilot)
        await pilot.press("down", "down", "enter")  # the other seat: Leicht
        await _live(pilot)
        for _ in range(300):
            if isinstance(app.screen, GameScreen) and app.screen.ready:
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, GameScreen)
        palette = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert palette[i18n.t("lobby.lobby")] == i18n.t("lobby.lobby_help")
        assert palette[i18n.t("key.quit")] == i18n.t("lobby.quit_help")
        # the footer names what q opens: the game menu (it said "Spieltisch" and opened the menu)
        (q,) = [b for _, b in app.screen.active_bindings.items() if b.binding.key == "q"]
        assert q.binding.description == i18n.t("play.menu")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        assert ("title", i18n.t("play.menu_lobby")) in app.screen.items
        assert not any("Titel" in text for _, text in app.screen.items)
        menu = [text.split(" (")[0].split(" —")[0].rstrip(" …").lower() for _, text in app.screen.items]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        keys = app.screen.query(Markdown).first().source
        assert i18n.t("helptext.leave_hosted") in keys
        assert "| b |" not in keys and "zum Titel" not in keys
        (q_row,) = [line for line in keys.splitlines() if line.startswith("| q |")]
        assert "Spielmenü" in q_row and all(entry in q_row.lower() for entry in menu), (menu, q_row)
        # the help's Strg+P row names what the palette holds here: it promised "Sprache, …,
        # Titel, Platz übernehmen" (none at a server), and "Spiel fortsetzen", a title's entry
        (p_row,) = [line for line in keys.splitlines() if line.startswith("| Strg+P |")]
        named = [n for n in p_row.split("(")[1].split(")")[0].split(", ") if n != "…"]
        titles = {c.title.lower() for c in app.get_system_commands(app.screen)}
        assert named and all(n.lower() in titles for n in named), (named, titles)
        assert i18n.t("title.resume") not in keys


def screen_text(app) -> str:
    """The whole screen as plain text (what the player's terminal shows)."""
    strips = app.screen._compositor.render_strips()
    return "\n".join("".join(seg.text for seg in strip) for strip in strips)


def prompt_text(app) -> str:
    """The game screen's prompt, whole (the screen wraps it in its box)."""
    from textual.widgets import Static

    return str(app.screen.query_one("#prompt", Static).content)


def cursor_row(app) -> str:
    from textual.widgets import OptionList

    ol = app.screen.query_one(OptionList)
    return str(ol.get_option_at_index(ol.highlighted).prompt)


async def _seated(app, pilot) -> None:
    from thorskliff.ui.screens.game import GameScreen

    for _ in range(500):
        if isinstance(app.screen, GameScreen) and getattr(app.screen, "ready", False):
            return
        await pilot.pause(0.01)
    raise AssertionError("no seat screen")


async def _to_the_lobby(app, pilot) -> None:
    await pilot.press("q")
    await pilot.pause()
    await pilot.press("end", "enter")  # the menu's last entry: Zum Spieltisch
    for _ in range(300):
        if isinstance(app.screen, LobbyScreen):
            return
        await pilot.pause(0.01)
    raise AssertionError("not back in the lobby")


async def test_the_lobby_names_what_its_marks_mean(hub):
    """A play-tester could not tell what ● ○ ⚙ after a name mean: a legend under the
    list says it, and each mark in the rows is the one the legend gives for that seat."""
    from textual.widgets import OptionList

    bob = hub.create("bob", "duell", 2)  # bob sits at his game (his session stays open)
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 30)) as pilot:
        await _a_new_duell(pilot)
        await pilot.press("down", "down", "enter")  # Leicht
        await _live(pilot)
        await _seated(app, pilot)
        await _to_the_lobby(app, pilot)  # alice's seat: she has left it
        text = screen_text(app)
        assert "Hinter dem Namen: ● da (am Tisch) · ○ nicht da · ⚙ ein Bot spielt" in text
        ol = app.screen.query_one(OptionList)
        rows = {int(o.id): str(o.prompt) for o in ol.options}
        mine, theirs = hub.games[2], hub.games[bob.game_id]
        assert f"alice ({mine.state.players[0].hero}) ○" in rows[2] and not mine.seats[0].connected
        assert f"{mine.name(1)} ({mine.state.players[1].hero}) ⚙" in rows[2] and mine.seats[1].bot
        assert f"bob ({theirs.state.players[0].hero}) ●" in rows[1] and theirs.seats[0].connected
        for row in rows.values():  # every row is on the screen as it is listed
            assert row[:60] in text
    bob.close()


async def test_the_lobby_cursor_comes_back_to_the_game_just_left(hub):
    """A play-tester back from a new game found the cursor on an older game (the one it sat
    on before), so Enter opened the wrong one. Back from a game the cursor is on that game;
    while the list changes under it (a new game above), it stays on its game."""
    from thorskliff.ui.screens.choose import ChooseScreen

    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 30)) as pilot:

        async def new_game_and_back() -> None:
            await _a_new_duell(pilot)
            await pilot.press("down", "down", "enter")  # Leicht
            await _live(pilot)
            await _seated(app, pilot)
            await _to_the_lobby(app, pilot)

        async def enter_opens(gid: int) -> None:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, ChooseScreen) and app.screen.title_text == i18n.t("lobby.game", id=gid)

        await new_game_and_back()
        assert cursor_row(app).startswith("#1 ")
        await new_game_and_back()  # #2 is listed first, the cursor was on #1
        assert cursor_row(app).startswith("#2 ")
        await enter_opens(2)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("down")  # to #1, into its seat, back
        await enter_opens(1)
        await pilot.press("enter")  # Weiterspielen
        await _seated(app, pilot)
        await _to_the_lobby(app, pilot)
        assert cursor_row(app).startswith("#1 ")
        hub.create("bob", "duell", 2).close()  # #3 comes in above
        for _ in range(100):
            if "#3 " in screen_text(app):
                break
            await pilot.pause(0.01)
        assert cursor_row(app).startswith("#1 ")
        await enter_opens(1)


async def test_an_empty_lobby_shows_no_legend_of_marks_it_does_not_show(hub):
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert i18n.t("lobby.none") in text and "Hinter dem Namen" not in text
        hub.create("bob", "duell", 2).close()
        for _ in range(100):
            if "#1 " in screen_text(app):
                break
            await pilot.pause(0.01)
        assert "Hinter dem Namen: ● da" in screen_text(app)


async def test_a_seat_says_what_the_game_waits_for(hub):
    """A play-tester sat at a game whose next seat was free and read only "Keine
    Entscheidung für dich": the table now says the game waits for that seat, and for
    a player gone from it; not while someone plays it."""
    from textual.widgets import Static

    from thorskliff.ui.screens.lobby import SeatScreen

    rs = hub.create("alice", "duell", 2)  # seat 2 stays free
    gid = rs.game_id
    hg = hub.games[gid]
    while hg.state.current_player() == 0:
        rs.submit(hg.game.legal()[0])
    rs.close()
    app = HostedApp(hub, "alice", FakeTerminal(), resume=gid)

    async def presence_says(text: str, present: bool = True) -> None:
        for _ in range(300):
            if isinstance(app.screen, SeatScreen) and app.screen.query("#presence"):
                shown = str(app.screen.query_one("#presence", Static).content)
                if (text in shown) == present:
                    return
            await pilot.pause(0.01)
        raise AssertionError(f"{text!r} {'not ' if present else ''}on the table: {shown!r}")

    async with app.run_test(size=(120, 40)) as pilot:
        free = i18n.t("lobby.waits_free", n=2, name=hg.name(1))
        assert free.startswith("Das Spiel wartet, bis jemand Platz 2")
        await presence_says(free)
        assert free[:40] in screen_text(app)  # drawn, not only set
        bob = hub.join(gid, 1, "bob")  # bob sits down: he plays now, nothing to wait for
        await presence_says("Das Spiel wartet", present=False)
        bob.close()  # and goes
        await presence_says(i18n.t("lobby.waits_away", name="bob"))


async def test_the_log_names_a_seat_by_who_took_it(hub):
    """A play-tester's log said "P2: Raghild 2c4→3b1" while the table said anna sat at
    seat 2: the log was written with the names the seats had when the screen opened (seat 2
    free, "P2"). It now writes the seat's name as it is."""
    from thorskliff.ui.screens.lobby import SeatScreen
    from thorskliff.ui.widgets.panels import GameLog

    rs = hub.create("alice", "duell", 2)  # seat 2 free: "P2"
    gid = rs.game_id
    hg = hub.games[gid]
    rs.close()
    app = HostedApp(hub, "alice", FakeTerminal(), resume=gid)
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(300):
            if isinstance(app.screen, SeatScreen) and app.screen.ready:
                break
            await pilot.pause(0.01)
        assert hg.name(1) == "P2"
        bob = hub.join(gid, 1, "bob")
        alice = app.screen.session
        while hg.state.step == "beach":
            d = hg.state.current_player()
            (alice if d == 0 else bob).submit(hg.game.legal()[0])
        log = ""
        for _ in range(2000):
            log = "\n".join(line.text for line in app.screen.query_one(GameLog).lines)
            if "bob" in log:
                break
            await pilot.pause(0.01)
        assert "bob wählt den Strand" in log and "P2" not in log, log
        bob.close()


async def test_the_help_over_the_lobby_explains_the_lobby_first(hub):
    """? in the lobby showed only the board's keys: a new player learnt nothing about
    the list, its keys or its marks. Its help opens on a page about the lobby, whose
    keys are the lobby's own and whose marks are the legend's; ← → turns to the game's pages."""
    from textual.widgets import Markdown, TabbedContent

    from thorskliff.ui.screens.help import HelpScreen

    hub.create("bob", "duell", 2).close()
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for way in ("question_mark", "palette"):
            if way == "palette":
                app.action_help()  # the command palette's "Hilfe"
            else:
                await pilot.press(way)
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert app.screen.query_one(TabbedContent).active == "tab-lobby"
            page = app.screen.query_one("#help-lobby", Markdown).source
            assert page == i18n.t("lobby.help_page")
            for key, says in (("n", "neues Spiel"), ("Enter", "freien Platz nehmen"), ("q", "Verbindung beenden")):
                assert any(row.startswith(f"| {key} |") and says in row for row in page.splitlines()), key
            for mark, meaning in (("●", "da (am Tisch)"), ("○", "nicht da"), ("⚙", "ein Bot spielt")):
                assert f"**{mark}** {meaning}" in page and f"{mark} {meaning}" in i18n.t(
                    "lobby.legend", connected="●", away="○", bot="⚙")
            assert "Der Spieltisch" in screen_text(app)  # the lobby's page is the one shown
            await pilot.press("right")
            await pilot.pause()
            assert app.screen.query_one(TabbedContent).active == "tab-keys"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)


async def test_a_spectator_reads_what_the_player_does_and_only_keys_that_work(hub):
    """A play-tester watching read "joerg: eine Aktion auf dem Feld deiner Heldin"
    (as if it were his heroine) and a footer with e Phasenende and u Rückgängig that a
    spectator cannot use: he reads the prompt in the third person, as the other seat
    does, and the footer names only the keys that do something for him."""
    from thorskliff.ui.screens.lobby import SeatScreen

    alice = hub.create("alice", "duell", 2, seed=1)  # a deal that reaches the action (some turn's end first)
    gid = alice.game_id
    hg = hub.games[gid]
    bob = hub.join(gid, 1, "bob")
    seats = {0: alice, 1: bob}
    for _ in range(20):  # the beaches, a heroine's step (legal[0]), the end of the move: the action
        if hg.state.step == "action":
            break
        seats[hg.state.current_player()].submit(hg.game.legal()[0])
    assert hg.state.step == "action"
    d = hg.state.current_player()
    name = hg.name(d)
    app = HostedApp(hub, "carl", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.play(hub.watch(gid, "carl"))
        await _seated(app, pilot)
        await pilot.pause()
        shown = screen_text(app)
        assert prompt_text(app) == i18n.t("ask_other.action", name=name)
        assert f"{name} wählt eine Aktion auf dem Feld der" in shown, shown  # the box wraps after "der"
        assert "deiner Heldin" not in shown
        footer = shown.splitlines()[-1]
        for gone in ("Phasenende", "Rückgängig", "Wählen", "Notation", "Tipp"):
            assert gone not in footer, footer
        for kept in ("Hilfe", "Menü"):
            assert kept in footer, footer
    # the seat that decides is still asked, in the second person; the other seat reads the third
    for seat, who in ((d, "dein"), (1 - d, name)):
        app = HostedApp(hub, hg.seats[seat].user, FakeTerminal())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.play(hub.resume(gid, hg.seats[seat].user))
            await _seated(app, pilot)
            await pilot.pause()
            want = i18n.t("ask.action" if seat == d else "ask_other.action", name=name)
            assert prompt_text(app) == want
            assert want[:30] in screen_text(app)
            # e ends a phase for the seat that decides; the other's footer leaves out a key that only refuses
            assert ("Phasenende" in screen_text(app).splitlines()[-1]) == (seat == d)
    alice.close()
    bob.close()


def _box_lines(app) -> list[str]:
    """The lines inside the list's frame, as the terminal shows them."""
    return [line.split("│")[1].rstrip() for line in screen_text(app).splitlines() if line.count("│") >= 2]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_lobby_row_never_breaks_inside_a_name_or_chip(hub, size):
    """A play-tester's lobby at 80 columns broke a row at the space in "Bot 2" and between a
    seat's chip and its name. A row is set from whole seats: it goes on, indented, on the next
    line only between two seats (the help page says so); a name too long for a line is cut
    with an ellipsis rather than broken."""
    from textual.widgets import OptionList

    from thorskliff.ui import glyphs as G

    hub.create("alice", "base", 4, "leicht", seed=3).close()
    hub.create("bob mit langem Namen", "duell", 2, seed=4).close()
    hub.create("carla", "base", 3, seed=5).close()
    hub.create("d" * 90, "duell", 2, seed=6).close()
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        lines = _box_lines(app)
        starts = [i for i, line in enumerate(lines) if line.lstrip().startswith("#")]
        assert len(starts) == 4
        rows = {}
        for opt, first in zip(ol.options, starts):
            hg = hub.games[int(opt.id)]
            end = next((s for s in starts if s > first), None)
            row = [line for line in lines[first:end] if line.strip()]
            assert row[0].lstrip().startswith(f"#{hg.id} ")
            for line in row[1:]:  # a next line of the row starts with a seat's chip, indented
                assert line.startswith("    ") and line.lstrip()[0] in G.OWNER.values(), row
            for i, seat in enumerate(hg.seats):
                p = hg.state.players[i]
                mark = "⚙" if seat.bot else "○"
                whole = f"{G.OWNER[p.colour]}  {p.name} ({p.hero}) {mark}" if not seat.free else \
                    f"{G.OWNER[p.colour]}  frei ({p.hero})"
                if len(p.name) > 60:  # wider than any line: cut, on a line of its own
                    assert any(line.lstrip().startswith(whole[:20]) and line.endswith("…") for line in row), row
                else:
                    assert sum(whole in line for line in row) == 1, (whole, row)
            assert ("dein Platz 1" in row[-1]) == (hg.id == 1)
            rows[hg.id] = row
        # a Duell or a game of three is one line at 120 columns, two at 80; four seats take two
        assert [len(rows[gid]) for gid in (1, 2, 3)] == ([2, 1, 1] if size == (120, 40) else [2, 2, 2])


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_table_line_never_breaks_inside_a_name_or_chip(hub, size):
    """At 80 columns a play-tester's seat read "Am Tisch: ▲ anna (da) · ■ Bot" and "2 (Bot)"
    on the next line, and a chip ● at a line's end with its name on the next. Each seat at
    the table is one piece, whole on a line; the line goes on between two seats."""
    from textual.widgets import Static

    from thorskliff.ui import glyphs as G

    gid = hub.create("anna", "base", 4, "leicht", seed=3).game_id
    hg = hub.games[gid]
    app = HostedApp(hub, "anna", FakeTerminal())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.screen.play(hub.resume(gid, "anna"))
        await _seated(app, pilot)
        await pilot.pause()
        region = app.screen.query_one("#presence", Static).region
        strips = app.screen._compositor.render_strips()
        rows = ["".join(seg.text for seg in strip)[region.x:region.right].rstrip()
                for strip in strips[region.y:region.bottom]]
        rows = [r for r in rows if r.strip() and not set(r.strip()) <= {"─"}]
        assert rows[0].startswith("Am Tisch: ")
        for i, (name, state) in enumerate(app.screen.session.presence()):
            # a bot named "Bot 2" is not marked "(Bot)" again
            said = "" if state == "bot" and name.startswith("Bot ") else f" ({i18n.t('lobby.' + state)})"
            whole = f"{G.OWNER[hg.state.players[i].colour]}  {name}{said}"
            assert sum(whole in r for r in rows) == 1, (whole, rows)
        assert not any("Bot 2 (Bot)" in r for r in rows), rows
        for r in rows[1:]:  # a next line starts with a seat's chip
            assert r.lstrip(" ·")[0] in G.OWNER.values(), rows


async def test_a_hosted_end_screen_leads_to_the_table_not_a_title(hub):
    """At the end of a hosted game a play-tester read "Zum Titel (t)", "t Titel" in the
    footer and "Titel" in the list behind: t leads to the server's table (the lobby)."""
    from pathlib import Path

    from textual.widgets import OptionList

    from thorskliff import record
    from thorskliff.ui.results import combats_won, table
    from thorskliff.ui.screens.result import ResultScreen

    game = record.load(Path(__file__).resolve().parent.parent / "records" / "duell-greedy.tkr")
    obs = game.view(0)
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ResultScreen(obs, table(obs, combats_won(game)), True, game=game))
        for _ in range(300):
            if isinstance(app.screen, ResultScreen) and app.screen.query(OptionList):
                break
            await pilot.pause(0.01)
        await pilot.pause()
        entries = [str(o.prompt) for o in app.screen.query_one(OptionList).options]
        assert entries[0] == "Zum Spieltisch (t)" and not any("Titel" in e for e in entries)
        footer = screen_text(app).splitlines()[-1]
        assert "t Spieltisch" in footer and "Titel" not in footer, footer
        await pilot.press("t")
        await pilot.pause()
        assert not isinstance(app.screen, ResultScreen)


async def test_a_lobby_row_says_setup_before_the_first_round(hub):
    """A play-tester read "#2 Duell · Runde 0" for a game whose beaches were being chosen;
    the game's own phase bar says "Aufstellung" then. The row says so too, and "Runde 1" once
    the first round has begun."""
    from textual.widgets import OptionList

    s = hub.create("bob", "duell", 2, "leicht", seed=4)
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        row = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
        assert row.startswith("#1 Duell · Aufstellung · ") and "Runde 0" not in row
        assert i18n.t("phase.setup") in screen_text(app)
        hg = hub.games[1]
        for _ in range(500):  # bob's beach; the bot chooses its own
            if hg.state.round > 0:
                break
            if hg.state.current_player() == 0:
                s.submit(hg.game.legal()[0])
            await pilot.pause(0.01)
        row = ""
        for _ in range(100):  # the lobby builds its list anew as the games change: read it once it stands
            await pilot.pause(0.02)
            lists = app.screen.query(OptionList)
            row = str(lists.first().get_option_at_index(0).prompt) if lists and lists.first().option_count else ""
            if "Runde 1" in row:
                break
        assert row.startswith("#1 Duell · Runde 1 · "), row
    s.close()


async def test_a_finished_games_seat_is_offered_its_result_not_to_play_on(hub):
    """A play-tester opened a finished game in the lobby and read "Weiterspielen auf
    Platz 1 (Oleif)": there is nothing to play on; the entry says it shows the result."""
    from textual.widgets import OptionList

    from thorskliff.ui.screens.choose import ChooseScreen

    alice = hub.create("alice", "duell", 2, seed=4)
    gid = alice.game_id
    bob = hub.join(gid, 1, "bob")
    hg = hub.games[gid]
    seats = {0: alice, 1: bob}
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for finished in (False, True):
            app.screen.open_game(gid)
            await pilot.pause()
            assert isinstance(app.screen, ChooseScreen)
            texts = [text for _, text in app.screen.items]
            hero = hg.state.players[0].hero
            assert (i18n.t("lobby.resume_over", n=1, hero=hero) in texts) == finished, texts
            assert (i18n.t("lobby.resume", n=1, hero=hero) in texts) != finished, texts
            await pilot.press("escape")
            await pilot.pause()
            while not hg.finished:  # the beaches, then whoever is on turn resigns
                d = hg.state.current_player()
                seats[d].submit("resign" if hg.state.round > 0 else hg.game.legal()[0])
        # its row says who won, not only "beendet" (the lobby redraws its list once the game is over)
        row = ""
        for _ in range(2000):
            row = str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)
            if f"{i18n.t('lobby.over')}: " in row:
                break
            await pilot.pause(0.01)
        winner = hg.public_view()["outcome"]["winner"]
        assert f"{i18n.t('lobby.over')}: " in row and f"{hg.name(winner - 1)} gewinnt" in row, row
    alice.close()
    bob.close()


async def test_the_creator_gives_a_free_seat_to_the_bot_and_the_game_goes_on(hub, tmp_path):
    """Two friends at a base game (3 seats): once the second took a seat, nothing
    filled the third, and the game waited for it for ever ("Das Spiel wartet, bis
    jemand Platz 3 nimmt"). The creator gives it to the host's bot, from the lobby's
    game menu (or the game's menu q); nobody else may, and a restart keeps it."""
    from thorskliff.ui.screens.choose import ChooseScreen

    alice = hub.create("alice", "base", 3, seed=5)
    gid = alice.game_id
    bob = hub.join(gid, 1, "bob")
    hg = hub.games[gid]
    with pytest.raises(ValueError, match="angelegt"):
        hub.seat_bot(gid, 2, "bob")
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.open_game(gid)
        await pilot.pause()
        assert isinstance(app.screen, ChooseScreen)
        what = [w for w, _ in app.screen.items]
        assert "bot:2" in what and "bot:1" not in what, app.screen.items  # bob's seat is his
        text = dict(app.screen.items)["bot:2"]
        assert text.startswith("Platz 3 (") and "Bot des Servers" in text, text
        await pilot.press(*["down"] * what.index("bot:2"), "enter")
        await pilot.pause()
        assert hg.seats[2].bot == hub.bot_kind and hg.name(2) == "Bot 3"
        assert i18n.t("lobby.gave_bot", n=3, id=gid) in screen_text(app)
        # the bot plays its seat: the beaches are chosen, seat 3's by the bot
        seats = {0: alice, 1: bob}
        for _ in range(500):
            if hg.state.round > 0:
                break
            d = hg.state.current_player()
            if d in seats:
                seats[d].submit(hg.game.legal()[0])
            await pilot.pause(0.01)
        assert hg.state.round > 0 and any(line.startswith("3 beach") for line in hg.game.lines)
        # it is no free seat any more: neither offered again, nor to be taken
        app.screen.open_game(gid)
        await pilot.pause()
        assert not any(w.startswith("bot:") for w, _ in app.screen.items)
        await pilot.press("escape")
    with pytest.raises(ValueError):
        hub.join(gid, 2, "carl")
    alice.close()
    bob.close()
    again = Hub(hub.store)
    assert again.games[gid].seats[2].bot == hub.bot_kind and again.games[gid].is_bot(2)


def _to_combat(hg, seats: dict, limit: int = 300) -> None:
    """Both seats play until a combat asks for a decision: a fight where one is offered,
    warriors recruited, each heroine stepping towards the other (hex distance) with her
    warriors after her; else the phase ends."""
    from thorskliff import hexgrid

    st, isl = hg.state, hg.state.island
    for _ in range(limit):
        if str(st.step).startswith("c:"):
            return
        d = st.current_player()
        legal = hg.game.legal()
        me, foe = st.players[d], st.players[1 - d]
        pick = next((x for x in legal if x.startswith(("fight", "recruit W"))), None)
        if pick is None and st.step == "move" and foe.hero_at is not None:
            def far(label: str) -> int:
                return hexgrid.distance(isl.hexes[isl.index(label)].coord, isl.hexes[foe.hero_at].coord)
            here = isl.label(me.hero_at)
            steps = sorted((x for x in legal if x.startswith("H ") and far(x.split("-")[1]) < far(here)),
                           key=lambda x: far(x.split("-")[1]))
            pick = (steps + [x for x in legal if x.startswith("W ") and x.split("-")[1] == here] + [None])[0]
        seats[d].submit(pick or ("end" if "end" in legal else legal[0]))
    raise AssertionError("no combat")


async def test_the_combat_dialog_offers_each_terminal_only_keys_that_work(hub):
    """A play-test over SSH: in a combat the dialog's footer offered "u Rückgängig
    : Notation t Tipp" to the spectator (each key answered with a refusal) and to the seat
    waiting for the other's dice. The spectator's dialog, like his game screen, leaves
    them out (and they do nothing); the waiting seat's leaves out what only refuses; the
    seat assigning its dice (R-COMBAT-1) keeps a Vorschlag and the notation. The table
    line says "1 schaut zu" for one spectator (it said "1 schauen zu")."""
    from thorskliff.ui.screens.combat import CombatScreen

    alice = hub.create("alice", "duell", 2, seed=7)
    gid = alice.game_id
    hg = hub.games[gid]
    bob = hub.join(gid, 1, "bob")
    _to_combat(hg, {0: alice, 1: bob})
    d = hg.state.current_player()
    assert hg.state.step == "c:att_assign" and "auto" in hg.game.legal()

    async def dialog(app, pilot) -> str:
        for _ in range(500):
            if isinstance(app.screen, CombatScreen) and app.screen.query("#c-decisions") \
                    and app.screen.query_one("#c-decisions").option_count:
                await pilot.pause()
                return screen_text(app).splitlines()[-1]
            await pilot.pause(0.01)
        raise AssertionError("no combat dialog")

    watcher = hub.watch(gid, "dave")  # one spectator besides: the seats' table line counts him
    app = HostedApp(hub, "carl", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.screen.play(hub.watch(gid, "carl"))
        footer = await dialog(app, pilot)
        for gone in ("Rückgängig", "Notation", "Tipp", "Vorschlag"):
            assert gone not in footer, footer
        assert "Hilfe" in footer, footer
        await pilot.press("u", "colon")
        assert not app.screen.query_one("#c-command").has_class("-open")  # ":" opens nothing
        assert "Nicht zurücknehmbar" not in screen_text(app)  # u is no key of his
    watcher.close()
    watcher = hub.watch(gid, "dave")
    for seat in (d, 1 - d):
        app = HostedApp(hub, hg.seats[seat].user, FakeTerminal())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.screen.play(hub.resume(gid, hg.seats[seat].user))
            footer = await dialog(app, pilot)
            assert "Tipp" not in footer or seat == d, footer  # the server gives no hints (--hints)
            for word in ("Notation", "Vorschlag"):
                assert (word in footer) == (seat == d), (seat, d, footer)
            assert "Hilfe" in footer, footer
            app.screen.dismiss(None)  # the table line under the dialog
            await pilot.pause()
            assert "1 schaut zu" in screen_text(app) and "schauen zu" not in screen_text(app)
    watcher.close()
    alice.close()
    bob.close()


async def test_a_lobby_row_says_whose_turn_it_is(hub):
    """A play-tester whose ssh was cut came back to the lobby and read "#1 Duell · Runde 4
    · … · dein Platz 2" while the game waited for him. The row of the player who decides
    now says "du bist dran"; the other player's row does not, and it follows the turn."""
    from textual.widgets import OptionList

    alice = hub.create("alice", "duell", 2, seed=7)
    gid = alice.game_id
    hg = hub.games[gid]
    bob = hub.join(gid, 1, "bob")
    seats = {0: alice, 1: bob}
    d = hg.state.current_player()
    apps = {u: HostedApp(hub, u, FakeTerminal()) for u in ("alice", "bob")}

    def row(app) -> str:
        return str(app.screen.query_one(OptionList).get_option_at_index(0).prompt)

    async with apps["alice"].run_test(size=(80, 24)) as pa, apps["bob"].run_test(size=(80, 24)) as pb:
        await pa.pause()
        await pb.pause()
        for turn in range(2):
            who = hg.seats[d].user
            other = "bob" if who == "alice" else "alice"
            assert row(apps[who]).endswith("dein Platz %d · du bist dran" % (d + 1)), row(apps[who])
            assert "du bist dran" not in row(apps[other]) and "du bist dran" in screen_text(apps[who])
            while hg.state.current_player() == d:  # d's beach: the other seat decides next
                seats[d].submit(hg.game.legal()[0])
            d = hg.state.current_player()
            await pa.pause(0.2)
            await pb.pause(0.2)
    alice.close()
    bob.close()


async def test_a_spectators_game_menu_speaks_of_watching_not_of_his_seat(hub):
    """A play-tester watching pressed q and read "Weiterspielen" and "Zum Spieltisch (dein
    Platz bleibt dein)": he plays nothing and has no seat. His menu says "Weiter zuschauen"
    and "Zum Spieltisch"; a seated player's menu still says that the seat stays his."""
    from textual.widgets import OptionList

    from thorskliff.ui.screens.choose import ChooseScreen

    alice = hub.create("alice", "duell", 2, seed=7)
    gid = alice.game_id
    bob = hub.join(gid, 1, "bob")
    bob.close()
    for user, opens, want, gone in (
            ("carl", lambda: hub.watch(gid, "carl"), ["Weiter zuschauen", "Zum Spieltisch"], "Platz"),
            ("bob", lambda: hub.resume(gid, "bob"), ["Weiterspielen", "Zum Spieltisch (dein Platz bleibt dein)"],
             "zuschauen")):
        app = HostedApp(hub, user, FakeTerminal())
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.screen.play(opens())
            await _seated(app, pilot)
            await pilot.press("q")
            for _ in range(200):
                if isinstance(app.screen, ChooseScreen):
                    break
                await pilot.pause(0.01)
            await pilot.pause()
            ol = app.screen.query_one(OptionList)
            items = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
            assert [items[0], items[-1]] == want, items
            assert not any(gone in item for item in items), items
            shown = screen_text(app)
            assert all(w in shown for w in want), shown
    alice.close()


async def test_the_waiting_seat_is_offered_no_key_that_only_refuses(hub):
    """A play-test over SSH: while the other player decided, the waiting seat's footer
    offered "⏎ Wählen", ": Notation" and "tab Liste/Karte", each answering a refusal. The
    waiting seat's footer leaves them out; the deciding seat's keeps them."""
    alice = hub.create("alice", "duell", 2)
    gid = alice.game_id
    hg = hub.games[gid]
    bob = hub.join(gid, 1, "bob")
    seats = {0: alice, 1: bob}
    for _ in range(20):  # to the first action
        if hg.state.step == "action":
            break
        seats[hg.state.current_player()].submit(hg.game.legal()[0])
    d = hg.state.current_player()
    keys = [i18n.t(k) for k in ("key.select", "key.command", "key.focus")]
    for seat in (d, 1 - d):
        app = HostedApp(hub, hg.seats[seat].user, FakeTerminal())
        async with app.run_test(size=(140, 40)) as pilot:
            await pilot.pause()
            app.screen.play(hub.resume(gid, hg.seats[seat].user))
            await _seated(app, pilot)
            await pilot.pause()
            footer = screen_text(app).splitlines()[-1]
            for word in keys:
                assert (word in footer) == (seat == d), (seat, d, word, footer)
            assert i18n.t("key.help") in footer, footer
    alice.close()
    bob.close()


async def test_the_new_game_dialogs_name_their_own_keys(hub):
    """A play-test over SSH: under each question of the new-game dialog the footer still
    read "n Neues Spiel ? Hilfe q Beenden" (the lobby's) and said nothing of Enter or Esc.
    Each question's footer names Enter (choose) and Esc (cancel), not the lobby's n."""
    from thorskliff.ui.screens.choose import ChooseScreen

    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        for keys in (("n",), ("down", "enter"), ("enter",), ("enter",)):  # mode, seats, empty seats, tempo
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, ChooseScreen)
            footer = screen_text(app).splitlines()[-1]
            assert i18n.t("key.select") in footer and i18n.t("key.cancel") in footer, footer
            assert i18n.t("lobby.new") not in footer, footer
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ChooseScreen) and not hub.games


async def test_a_spectators_palette_and_stop_message_speak_of_watching(hub):
    """A spectator read "dein Platz bleibt dein" in the command palette's Spieltisch and
    Beenden (and in the server's stop message): he has no seat. A seated player's still
    say his seat stays his."""
    alice = hub.create("alice", "duell", 2)
    gid = alice.game_id
    bob = hub.join(gid, 1, "bob")
    for user, session in (("carl", lambda: hub.watch(gid, "carl")), ("alice", lambda: hub.resume(gid, "alice"))):
        app = HostedApp(hub, user, FakeTerminal())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            # in the lobby: the games stay (carl has no seat anywhere to be promised)
            helps = [c.help for c in app.get_system_commands(app.screen)]
            assert i18n.t("lobby.quit_help_lobby") in helps and i18n.t("lobby.quit_help") not in helps, helps
            assert (app.farewell_key("stops"), app.farewell_key("idle")) == ("host.stops_lobby", "host.idle_lobby")
            app.screen.play(session())
            await _seated(app, pilot)
            helps = [c.help for c in app.get_system_commands(app.screen)]
            watching = user == "carl"
            assert app.watching() == watching
            for key in ("lobby_help", "quit_help"):
                assert (i18n.t(f"lobby.{key}_watching") in helps) == watching, helps
                assert (i18n.t(f"lobby.{key}") in helps) != watching, helps
            assert not watching or not any("dein Platz bleibt dein" in h for h in helps), helps
            # a spectator has nothing to take back: no "Rückgängig" is offered him; a seat has it
            titles = [c.title for c in app.get_system_commands(app.screen)]
            assert (i18n.t("key.undo") in titles) != watching, titles
            # and a stopping server tells each what stays: the game to watch again, the seat
            assert app.farewell_key("stops") == ("host.stops_watching" if watching else "host.stops")
            assert app.farewell_key("idle") == ("host.idle_watching" if watching else "host.idle")
    alice.close()
    bob.close()


async def test_a_hosted_seats_redraws_leave_no_line_to_the_cycle_collector(hub):
    """Every line a screen draws anew replaces one; with the server's heap
    (ui/textual_patches/acyclic.py) a replaced line is freed by its reference count, never a
    cycle left for a full collection, which stops every session (#14)."""
    acyclic.install()
    app = HostedApp(hub, "alice", FakeTerminal())
    async with app.run_test(size=(120, 30)) as pilot:
        await _a_new_duell(pilot)
        await pilot.press("down", "down", "enter")  # Leicht
        await _live(pilot)
        await _seated(app, pilot)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds stays in gc.garbage, to be looked at
        try:
            for key in ("right", "down", "left", "up") * 2:  # the island's cursor: lines drawn anew
                await pilot.press(key)
                await pilot.pause()
            gc.collect()
            lines = sum(isinstance(o, Strip) for o in gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
        assert lines == 0


async def test_a_resize_storm_is_laid_out_a_few_times_at_its_last_size_and_logged_once(caplog):
    """#27.18: one spectator resizing 1,000 times in 10 s laid out 1,000 times and slowed
    every player's key from 8 ms to ~230 ms. A window still changing is laid out once it
    is still again (RESIZE_QUIET), the last size winning, each layout paying a token of the
    key budget."""
    caplog.set_level(logging.INFO, "thorskliff.ssh")
    term, app = FakeTerminal(), FakeApp()
    term.who = "bob from 127.0.0.9 port 4000"
    driver = SSHDriver(term, app)
    driver.start_application_mode()
    app.posted.clear()
    for i in range(1000):
        driver.resize(60 + i % 100, 20 + i % 30)
    resizes = [m for m in app.posted if isinstance(m, events.Resize)]
    assert len(resizes) == 1 and tuple(resizes[0].size) == (60, 20)  # the first at once
    last = (60 + 999 % 100, 20 + 999 % 30)
    for _ in range(400):  # then one more, at the last size asked, once the window is still
        resizes = [m for m in app.posted if isinstance(m, events.Resize)]
        if len(resizes) == 2:
            break
        await asyncio.sleep(0.01)
    assert [tuple(m.size) for m in resizes] == [(60, 20), last]
    assert driver._events.tokens < driver._events.burst  # the layouts were paid from the key budget
    storms = [r.getMessage() for r in caplog.records if "resize storm" in r.getMessage()]
    assert len(storms) == 1 and storms[0].startswith("bob from 127.0.0.9"), storms
    driver.stop_application_mode()
