"""#32's ten days through the transports themselves: a four-seat correspondence
game whose two SSH players and two browser players (Chromium) come at
different hours on a FakeClock, a deadline that runs out into a bot's turn, a
pause, and the host (SSH and web) stopped and started again on day 5 on the
same data folder. Each player's first visit, and the first after the
restart, goes through their own terminal or tab: the lobby says the game
waits ("1 Partie(n) warten auf dich.", a tab's title "(1) Dein Zug — …"),
and the turn's first decisions are typed there. The other visits decide
through the hub, as tests/ssh/test_correspondence.py's scenario does. At the
end the record replays to the same game and the ratings are the library's."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from ssh.conftest import Term
from tendays import NAMES, check_replays_and_rates, new_game, ten_days
from thorskliff.host.config import Config
from thorskliff.host.corr import FakeClock
from thorskliff.host.host import Host
from thorskliff.ui.i18n import t
from webtabs import WAIT, SSHPlayer, hub_until, prompt

pytestmark = [pytest.mark.correspondence, pytest.mark.timeout(280)]

BROWSERS = ("cora", "dirk")
#: decisions typed on a visit through a transport (the rest of the turn through the hub)
TYPED = 3


async def test_ten_days_of_a_four_seat_correspondence_game_over_ssh_and_browsers(tmp_path, tabs):
    clock = FakeClock()
    config = Config(port=0, web_port=0, data=tmp_path / "data")
    host = await Host.start(config, clock)
    keys = {n: asyncssh.generate_private_key("ssh-ed25519") for n in NAMES if n not in BROWSERS}
    pages = {}  # each browser player keeps her browser (its name cookie) across visits and the restart
    terms: list[Term] = []
    gid = new_game(host.hub)
    typed: list[tuple[int, str]] = []  # the record lines of decisions typed on a screen, by number
    shown: dict[str, list[str]] = {n: [] for n in NAMES}  # what each visit's lobby said of the wait

    async def through_transport(name: str, seat: int) -> None:
        """The player comes in by her own transport, reads the lobby, takes her seat and
        types the turn's first decisions; then she leaves."""
        hg = host.hub.games[gid]
        if name in BROWSERS:
            if name not in pages:
                pages[name] = await tabs(host, name)
            else:
                await pages[name].goto("/")
                await pages[name].terminal()
            player = pages[name]
            waits = t("corr.tab_title", n=1, title=t("web.page_title"))
            await player.page.wait_for_function("t => document.title === t", arg=waits, timeout=WAIT * 1000,
                                                polling=100)
            shown[name].append(await player.page.title())
        else:
            term = await Term.open(host.port, name, keys[name])
            terms.append(term)
            player = SSHPlayer(term)
        await player.see(t("lobby.title"), t("corr.waiting", n=1))
        shown[name].append(t("corr.waiting", n=1))
        await player.press("enter")  # the one game, listed first
        await player.see(t("lobby.resume", n=seat + 1, hero=hg.state.players[seat].hero))
        await player.press("enter")
        await player.see(t("lobby.at_table").strip())
        for _ in range(TYPED):
            if hg.finished or hg.state.current_player() != seat:
                break
            await player.see(prompt(hg, seat))
            n, action = len(hg.game.lines), hg.game.legal()[0]
            await player.command(action)
            await hub_until(host, lambda: len(hg.game.lines) > n, f"{action} typed by {name}: {await player.text()}")
            typed.append((n, hg.game.lines[n]))
        if name in BROWSERS:
            await player.page.goto("about:blank")  # the tab is closed: its session ends
        else:
            await term.close()

    came: set[tuple[str, int]] = set()

    async def restart() -> None:  # on the same ports: the players' addresses stay
        nonlocal host
        ports = {"port": host.port, "web_port": host.web_port}
        await host.close()
        host = await Host.start(Config(data=config.data, **ports), clock)

    async def visit(player: str, seat: int, restarted: int) -> None:
        if (player, restarted) not in came:
            came.add((player, restarted))
            await through_transport(player, seat)

    try:
        days = await ten_days(clock, lambda: host.hub, gid, restart, visit)
        hub = host.hub
        hg = hub.games[gid]
        assert days.restarted and days.paused and days.timed_out >= 1 and hg.finished
        # every player came in by her transport before the restart and after it, and each
        # time her lobby (and a browser's title) said that the game waited for her
        assert {p for p, _ in came} == set(NAMES) and {r for _, r in came} == {0, 1}
        for name in NAMES:
            visits = sum(1 for p, _ in came if p == name)
            assert shown[name].count(t("corr.waiting", n=1)) == visits
            if name in BROWSERS:
                assert shown[name].count(t("corr.tab_title", n=1, title=t("web.page_title"))) == visits
        # what was typed on the screens is in the record, in order
        lines = hg.game.lines
        assert len(typed) >= len(NAMES) and all(lines[n] == ln for n, ln in typed)
        check_replays_and_rates(hub, gid)
    finally:
        for term in terms:
            if not term.eof:
                term.conn.close()
        await asyncio.gather(*(asyncio.wait_for(term.reader, WAIT) for term in terms), return_exceptions=True)
        await host.close()
