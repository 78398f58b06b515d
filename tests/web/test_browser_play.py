"""Browser players (Chromium running textual-serve's page) and SSH players at
one ``thorskliff serve --web`` host: a turn of one game, the potions' secret,
a reload, a spectator, wrong tokens. Each test checks what the screens say."""

from __future__ import annotations

import re

import pytest

from thorskliff.ui.i18n import t
from webtabs import SCREEN, WAIT, decide, enter_game, new_game, past_the_beaches, prompt, screenshot

# a browser test takes 10-30 s on this shared 2-core machine; this bounds a hung one well below the suite's 300 s
pytestmark = pytest.mark.timeout(120)

SECRET = ("Heiltrank", "Krafttrank", "Eiletrank", "Schutztrank")


async def table3(server, tabs, ssh_players, **config):
    """anna (browser, seat 1) opens a Grundspiel for three, bert (browser) takes
    seat 2, carl (SSH) seat 3."""
    host = await server(**config)
    anna = await tabs(host, "anna")
    await new_game(anna, seats=3)
    bert = await tabs(host, "bert")
    await enter_game(bert, "Platz 2 nehmen")
    carl = await ssh_players(host, "carl")
    await enter_game(carl, "Platz 3 nehmen")
    hg = host.hub.games[1]
    return host, hg, {0: anna, 1: bert, 2: carl}


async def test_two_browsers_and_an_ssh_player_play_a_turn(server, tabs, ssh_players):
    host, hg, players = await table3(server, tabs, ssh_players)
    anna, bert, carl = players.values()
    assert [s.user for s in hg.seats] == ["anna", "bert", "carl"]
    for p in players.values():
        await p.see("anna (da)", "bert (da)", "carl (da)")
    await past_the_beaches(host, hg, players)
    assert hg.state.round == 1
    # whole turns (the heroine moves, then every phase ends) until a browser seat has
    # played one: the seat order is the game's, so carl's turn may come first
    played = []
    while not played or played[-1] == 2:
        seat = hg.state.seat
        await decide(host, hg, players, next(x for x in hg.game.legal() if x.startswith("H ")))
        while hg.state.seat == seat:
            legal = hg.game.legal()
            await decide(host, hg, players, "end" if "end" in legal else legal[0])
        played.append(seat)
        following = hg.name(hg.state.seat)
        # the seat to move is asked; the others read what she does
        for s, p in players.items():
            await p.see(f"{following}: ziehe deine" if s == hg.state.seat else f"{following} zieht Figuren")
    for seat in played:
        assert any(line.startswith(f"{seat + 1} H ") for line in hg.game.lines)
    await screenshot(anna, "island-browser.png")
    for tab in (anna, bert):
        await tab.check_reading()


async def test_potion_kinds_reach_only_their_seat_and_no_spectator(server, tabs, ssh_players):
    host, hg, players = await table3(server, tabs, ssh_players)
    anna, bert, carl = players.values()
    dora = await tabs(host, "dora")
    await enter_game(dora, t("lobby.watch"))
    await dora.see(t("lobby.spectator"))
    await past_the_beaches(host, hg, players, [dora])
    hg.state.players[0].potions = [("kraft", 1)]
    hg.state.players[1].potions = [("heil", 1), ("schutz", 1)]
    carl_p = hg.state.players[2]
    carl_p.potions = [("eile", carl_p.spec.eile_uses)]  # unused: a used one lies face up (R-SECRET-1, R-POT-7)
    legal = hg.game.legal()
    await decide(host, hg, players, "end" if "end" in legal else legal[0], [dora])
    # each seat sees its own kinds (so the screens are the seats' own views) ...
    await anna.see("Krafttrank")
    await bert.see("Heiltrank", "Schutztrank")
    await carl.see("Eiletrank")
    await dora.see("Tränke 1", "Tränke 2")
    # ... and no other seat's, neither on the page nor in anything the server sent the browser
    names = {anna: "anna", bert: "bert", carl: "carl", dora: "dora"}
    own = {anna: ("Krafttrank",), bert: ("Heiltrank", "Schutztrank"), carl: ("Eiletrank",), dora: ()}
    for player, mine in own.items():
        shown = await player.page_text() if player is not carl else await carl.text()
        for kind in SECRET:
            if kind not in mine:
                assert kind not in shown, f"{kind} on the screen of {names[player]}:\n{shown}"
                assert kind not in player.everything(), f"{kind} sent to {names[player]}"
    assert t("lobby.spectator") not in await anna.text()


async def test_a_reload_keeps_the_seat(server, tabs):
    host = await server()
    anna = await tabs(host, "anna")
    await new_game(anna, seats=2)
    bert = await tabs(host, "bert")
    await enter_game(bert, "Platz 2 nehmen")
    hg = host.hub.games[1]
    players = {0: anna, 1: bert}
    await past_the_beaches(host, hg, players)
    hg.state.players[0].potions = [("kraft", 1)]
    hg.state.players[1].potions = [("heil", 1)]
    d = hg.state.current_player()
    mine, other = ("Krafttrank", "Heiltrank") if d == 0 else ("Heiltrank", "Krafttrank")
    tab, watcher = players[d], players[1 - d]
    me = hg.seats[d].user
    await tab.reload()
    # the page opens the same seat again: the seat's own potion, the table, not a spectator's view
    await tab.see(t("lobby.at_table").strip(), f"{me} (da)", mine, prompt(hg, d))
    text = await tab.text()
    assert t("lobby.spectator") not in text and other not in text
    await watcher.see(f"{me} (da)")
    assert hg.seats[d].user == me and hg.seats[d].connected
    # and it still decides for that seat
    legal = hg.game.legal()
    await decide(host, hg, players, "end" if "end" in legal else legal[0])


async def test_a_wrong_token_is_refused(server, tabs):
    host = await server()
    anna = await tabs(host, "anna")
    await new_game(anna, seats=2)
    forged = "A" * 43  # well-formed, never handed out
    stranger = await tabs(host)
    await stranger.context.add_cookies([{"name": "thorskliff_token", "value": forged, "url": stranger.base}])
    # the pages: the name form, never the terminal of a seat
    for path in ("/", "/game/1"):
        await stranger.goto(path)
        await stranger.page.wait_for_selector("#name")
        assert await stranger.text() == ""
        assert t("web.name_title") in await stranger.page.inner_text("body")
    # the websocket itself: the refusal on the terminal's bytes, closed as a policy violation
    said, code = await stranger.page.evaluate("""(url) => new Promise(done => {
        const ws = new WebSocket(url); ws.binaryType = 'arraybuffer'; let text = '';
        ws.onmessage = e => { text += typeof e.data === 'string' ? e.data : new TextDecoder().decode(e.data); };
        ws.onclose = e => done([text, e.code]);
    })""", stranger.base.replace("http", "ws", 1) + "/ws/1")
    assert t("web.no_token") in said and code == 1008
    # an invitation link with a wrong token
    for token in (forged, "B" * 43, "short"):
        response = await stranger.goto(f"/join/1/{token}")
        assert response.status == 403
        assert t("web.bad_invite") in await stranger.page.inner_text("body")
    assert [s.user for s in host.hub.games[1].seats] == ["anna", None]


async def test_an_invitation_link_read_off_the_screen_seats_a_friend(server, tabs):
    """The host's browser shows the link; a friend's new browser opens it, chooses a name, sits."""
    host = await server()
    anna = await tabs(host, "anna")
    await new_game(anna, seats=2)
    # back to the lobby by the game menu's last entry; the game keeps its seats
    await anna.press("q")
    await anna.see(t("play.menu_title"), t("play.menu_lobby"))
    await anna.press("end", "enter")
    await anna.see(t("lobby.title"), "#1 ", t("lobby.yours", n=1).strip(" ·"))
    invite = t("web.invite_item", n=2, hero="", colour="").split(":")[0]
    await anna.press("enter")
    await anna.see(invite)
    await anna.press("down", "enter")  # after "Weiterspielen auf Platz 1"
    await anna.see("/join/1/")
    link = re.search(r"http://\S+/join/1/[A-Za-z0-9_-]{43}", "".join((await anna.text()).split("\n")))
    assert link, await anna.text()
    bert = await tabs(host)
    await bert.page.goto(link.group(0))
    assert t("web.invited", n=2, id=1) in await bert.page.inner_text("#invited")
    await bert.choose_name("bert")
    await bert.see(t("lobby.at_table").strip(), "anna (", "bert (da)")
    await anna.see("#1 ", t("lobby.yours", n=1).strip(" ·"))  # anna's lobby lists the game
    await anna.press("enter", "enter")  # Weiterspielen auf Platz 1
    for p in (anna, bert):
        await p.see(t("lobby.at_table").strip(), "anna (da)", "bert (da)")
    assert [s.user for s in host.hub.games[1].seats] == ["anna", "bert"]
    # the link is used up
    late = await tabs(host)
    response = await late.page.goto(link.group(0))
    assert response.status == 403 and t("web.bad_invite") in await late.page.inner_text("body")


async def test_a_name_of_an_ssh_key_or_another_browser_is_refused_in_the_form(server, tabs, ssh_players):
    host = await server()
    carl = await ssh_players(host, "carl")
    await carl.see(t("lobby.title"))
    await tabs(host, "anna")
    for taken in ("carl", "anna"):
        other = await tabs(host)
        await other.goto("/")
        await other.page.fill("#name", taken)
        await other.page.click("#go")
        await other.page.wait_for_selector("#error")
        assert t("web.name_taken", name=taken) in await other.page.inner_text("#error")
        assert await other.text() == ""  # no terminal: nobody plays as carl or anna from this browser


async def test_the_page_loads_without_a_console_error_and_takes_keys_at_once(server, tabs):
    """A play-tester saw an error in the browser's console on every load: the page gave
    the terminal the keyboard before its websocket was open, and textual.js's focus frame
    threw "Still in CONNECTING state". Now the page focuses once the socket is open: no
    error, and the first key goes to the game without a click."""
    host = await server()
    tab = await tabs(host)
    problems: list[str] = []
    tab.page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    # (xterm.js warns of a slow frame on a loaded machine: a warning, not what the player saw)
    tab.page.on("console", lambda m: m.type == "error" and problems.append(f"console error: {m.text}"))
    await tab.goto("/")
    await tab.page.fill("#name", "anna")
    await tab.page.click("#go")
    for _ in range(2):  # the first load, then a reload
        await tab.page.wait_for_function(SCREEN, timeout=WAIT * 1000, polling=100)
        await tab.see(t("lobby.title"))
        focused = await tab.page.evaluate("() => document.activeElement.className")
        assert "xterm-helper-textarea" in focused
        await tab.page.keyboard.press("n")  # no click first
        await tab.see(t("lobby.mode"))
        await tab.page.keyboard.press("Escape")
        await tab.gone(t("lobby.mode"))
        await tab.page.reload()
    assert problems == []


@pytest.mark.correspondence
async def test_the_tab_title_follows_the_games_waiting_while_the_page_is_open(server, tabs):
    """#32: the browser's own title bar, not only the frame: "(1) Dein Zug — …" once a
    correspondence game waits for anna, the plain title once it no longer does."""
    from thorskliff.host.corr import DAY, Terms

    host = await server()
    anna = await tabs(host, "anna")
    await anna.see(t("lobby.title"))
    plain, waiting = t("web.page_title"), t("corr.tab_title", n=1, title=t("web.page_title"))
    assert await anna.page.title() == plain
    a = host.hub.create("anna", "duell", 2, seed=5, terms=Terms(DAY, "resign", 0))
    bert = host.hub.join(a.game_id, 1, "bert")
    while a.hg.state.current_player() == 1:
        host.hub.submit(bert, a.hg.game.legal()[0])
    for title in (waiting, plain):
        await anna.page.wait_for_function("t => document.title === t", arg=title, timeout=WAIT * 1000, polling=100)
        while title == waiting and a.hg.state.current_player() == 0:  # her move ends the wait
            host.hub.submit(host.hub.resume(a.game_id, "anna"), a.hg.game.legal()[0])
