"""Spectators of one hosted game share one public view and the panel texts
made from it alone (HubGame.public_view, ui.viewmemo): made once, not once
per screen. What each spectator's terminal shows stays what a full redraw of
its own screen shows (its own cursor included), and no seat's view is ever
the shared one (a seat's view holds its own potion kinds, R-SECRET-1)."""

from __future__ import annotations

import copy
from contextlib import contextmanager

from textual._context import active_app

from thorskliff.host.hostapp import HostedApp
from thorskliff.host.hub import Hub
from thorskliff.host.sqlitestore import SqliteStore
from thorskliff.ui import viewmemo
from thorskliff.ui.widgets.hexmap import IslandMap
from thorskliff.ui.widgets.panels import Tableaus
from textual.widgets import Static

import pytest

from mirror import Mirror, settle
from test_hostapp import FakeTerminal, _seated

SIZE = (120, 40)


@pytest.fixture
def hub(tmp_path):
    store = SqliteStore(tmp_path / "hub.sqlite3")
    yield Hub(store)
    store.close()


@contextmanager
def as_app(app):
    """Two apps run in this test's task: a call into one of them finds itself as ``app``."""
    token = active_app.set(app)
    try:
        yield
    finally:
        active_app.reset(token)


class Shown(Mirror):
    """A spectator's terminal beside the full redraw of its screen with no panel shared."""

    def wrong(self) -> list[str]:
        seen = self.terminal(SIZE)
        with as_app(self.app):
            viewmemo.sharing = False  # the full redraw draws every panel itself
            try:
                fresh = self.fresh(SIZE)
            finally:
                viewmemo.sharing = True
        return [f"line {y}: terminal {a!r}\n        redraw   {b!r}" for y, (a, b) in enumerate(zip(seen, fresh))
                if a != b]


def test_a_view_is_made_once_per_view_object_and_what():
    made = []
    view, alike = {"round": 1}, {"round": 1}
    for v, what in ((view, ("a", 80)), (view, ("a", 80)), (view, ("a", 60)), (alike, ("a", 80))):
        viewmemo.per_view(v, what, lambda: made.append(what) or len(made))
    assert made == [("a", 80), ("a", 60), ("a", 80)]  # an equal view is another object: made anew




async def watching(hub, gid, pilots: dict) -> dict:
    """Each app (its pilot's) watches game ``gid`` at its game screen: its mirrored terminal, by app."""
    mirrors = {}
    for app, pilot in pilots.items():
        await pilot.pause()
        mirrors[app] = Shown(app)
        with as_app(app):
            app.screen.play(hub.watch(gid, app.user))
        await _seated(app, pilot)
    return mirrors

def duell_at_move(hub):
    """alice and bob at a duell, past the beaches to the first move: the game id, the
    hub game and the two seats' sessions."""
    alice = hub.create("alice", "duell", 2)
    gid = alice.game_id
    hg = hub.games[gid]
    seats = {0: alice, 1: hub.join(gid, 1, "bob")}
    for _ in range(20):
        if hg.state.step == "move":
            break
        seats[hg.state.current_player()].submit(hg.game.legal()[0])
    return gid, hg, seats

async def test_spectators_share_the_view_and_each_terminal_shows_its_own_full_redraw(hub, monkeypatch):
    from thorskliff.ui.widgets import panels

    made = []
    phase_text = panels.phase_text
    monkeypatch.setattr(panels, "phase_text", lambda obs, width: made.append(id(obs)) or phase_text(obs, width))
    gid, hg, seats = duell_at_move(hub)
    alice, bob = seats[0], seats[1]
    truecolour = FakeTerminal()
    truecolour.term_type = "xterm-truecolor"  # a strip keeps the sequences made for one terminal's colours
    carl_app, dora_app = HostedApp(hub, "carl", FakeTerminal()), HostedApp(hub, "dora", truecolour)
    assert carl_app.console._color_system != dora_app.console._color_system
    async with carl_app.run_test(size=SIZE) as carl, dora_app.run_test(size=SIZE) as dora:
        pilots = {carl_app: carl, dora_app: dora}
        mirrors = await watching(hub, gid, pilots)
        await carl.press("right", "down")  # carl's cursor stands elsewhere than dora's
        await carl.pause()
        maps = {app: app.screen.query_one(IslandMap) for app in pilots}
        assert maps[carl_app].cursor != maps[dora_app].cursor

        public = hg.public_view()
        assert all(app.screen.obs is public for app in pilots)
        # the seats' views are their own, never the one handed to the spectators
        assert alice.view() is not public and bob.view() is not public
        assert alice.view() is not alice.view()

        decided = 0
        for n in range(8):
            d = hg.state.current_player()
            legal = hg.game.legal()
            move = next((x for x in legal if x != "end" and "-" in x), legal[0]) if n % 3 else "end"
            if move not in legal:
                move = legal[0]
            made.clear()
            seats[d].submit(move)
            decided += 1
            for app, pilot in pilots.items():
                await pilot.pause()
                await settle(pilot)  # the update timer's frame
            public = hg.public_view()
            shown = [app.screen for app in pilots]
            assert all(s.obs is public for s in shown)
            assert made == [id(public)]  # the phase bar's text made once for both screens
            tabs = [s.query_one(Tableaus) for s in shown]
            assert str(tabs[0].content) == str(tabs[1].content)
            for app, tab in zip(pilots, tabs):  # the lines taken from the shared drawing are its own
                crop = tab.region.reset_offset
                with as_app(app):
                    own = [strip.render(app.console) for strip in Static.render_lines(tab, crop)]
                    assert [strip.render(app.console) for strip in tab.render_lines(crop)] == own
            for app in pilots:
                wrong = mirrors[app].wrong()
                assert not wrong, f"{app.user} after {move}:\n" + "\n".join(wrong[:6])
        assert decided == 8
        assert maps[carl_app].cursor != maps[dora_app].cursor  # each kept its own cursor
    alice.close()
    bob.close()


def test_the_public_view_is_made_anew_after_every_change(hub):
    alice = hub.create("alice", "duell", 2)
    hg = hub.games[alice.game_id]
    bob = hub.join(alice.game_id, 1, "bob")
    first = hg.public_view()
    assert hg.public_view() is first
    kept = copy.deepcopy(first)
    seats = {0: alice, 1: bob}
    seats[hg.state.current_player()].submit(hg.game.legal()[0])
    assert hg.public_view() is not first
    assert first == kept  # nobody changed the view handed out
    assert hg.public_view() == hg.local.view(None)
    alice.close()
    bob.close()


async def test_spectators_lists_are_drawn_once_and_each_terminal_shows_its_own_full_redraw(hub, monkeypatch):
    """Every spectator's decision list says the same; a decision that moves
    it (the prompt a line longer or shorter) drew it anew on every screen."""
    from textual.widgets import OptionList

    from thorskliff.ui.widgets.panels import DecisionList

    drawn = []
    render_lines = OptionList.render_lines
    monkeypatch.setattr(OptionList, "render_lines",
                        lambda self, crop: drawn.append(self.app.user) or render_lines(self, crop))
    gid, hg, seats = duell_at_move(hub)
    alice, bob = seats[0], seats[1]
    apps = [HostedApp(hub, name, FakeTerminal()) for name in ("carl", "dora")]
    async with apps[0].run_test(size=SIZE) as p0, apps[1].run_test(size=SIZE) as p1:
        pilots = dict(zip(apps, (p0, p1)))
        mirrors = await watching(hub, gid, pilots)
        await p0.press("right")  # carl's cursor elsewhere: the lists alike, the islands not
        await settle(p0)
        lists = [app.screen.query_one(DecisionList) for app in apps]
        shared = 0
        for n in range(8):
            legal = hg.game.legal()
            drawn.clear()
            regions = [dl.region for dl in lists]
            seats[hg.state.current_player()].submit("end" if "end" in legal and n % 2 == 0 else legal[0])
            for pilot in pilots.values():
                await pilot.pause()
                await settle(pilot)
            if all(dl.region != r for dl, r in zip(lists, regions)):  # moved on both screens: drawn once
                assert len(drawn) <= 1, drawn
                shared += 1
            for app in apps:
                wrong = mirrors[app].wrong()
                assert not wrong, f"{app.user} after decision {n}:\n" + "\n".join(wrong[:6])
        assert shared, "no decision moved the lists"
    alice.close()
    bob.close()
