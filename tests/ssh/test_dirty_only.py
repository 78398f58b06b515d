"""A partial update draws only the widgets it repaints (ui.dirtyonly), and
the terminal still shows what a full redraw of the screen shows."""

from __future__ import annotations

from contextlib import asynccontextmanager

import textual.screen
from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

import pytest

from mirror import Mirror, settle
from test_hostapp import FakeTerminal, _seated
from test_shared_view import SIZE, as_app, duell_at_move, hub  # noqa: F401 (the fixture)
from thorskliff.host.hostapp import HostedApp
from thorskliff.ui.textual_patches.dirtyonly import DirtyOnlyCompositor
from thorskliff.ui.widgets.hexmap import IslandMap
from thorskliff.ui.widgets.panels import DecisionList, GameLog


@pytest.fixture
def drawn(monkeypatch):
    """The widgets whose lines are drawn, by type, as the compositor asks for them."""
    seen: list[str] = []
    render_lines = Widget.render_lines

    def spy(self, crop):
        seen.append(type(self).__name__)
        return render_lines(self, crop)

    monkeypatch.setattr(Widget, "render_lines", spy)
    return seen


class Corners(App):
    CSS = "Static { height: 3; }"

    def compose(self):
        yield Static("top", id="top")
        yield Static("middle " * 30, id="middle")
        yield Static("bottom", id="bottom")


def test_every_screen_composes_with_it():
    assert textual.screen.Compositor is DirtyOnlyCompositor


async def test_two_far_apart_updates_leave_the_widget_between_undrawn_and_the_terminal_right(drawn):
    app = Corners()
    async with app.run_test(size=(40, 9)) as pilot:
        await pilot.pause()
        mirror = Mirror(app)
        app.screen.refresh()  # the whole screen once, as the mirror's terminal starts empty
        await settle(pilot)
        drawn.clear()
        app.query_one("#top", Static).update("TOP")
        app.query_one("#bottom", Static).update("BOTTOM")
        await settle(pilot)
        assert "Static" in drawn
        # Textual's rectangle around both would have drawn the middle one too
        assert drawn.count("Static") == 2
        assert mirror.terminal((40, 9)) == mirror.fresh((40, 9))
        assert "TOP" in mirror.terminal((40, 9))[0] and "BOTTOM" in mirror.terminal((40, 9))[6]


@asynccontextmanager
async def carl_watching(hub, gid):
    """carl's hosted app at game ``gid``'s screen, watching: the app, its pilot and its
    mirrored terminal."""
    app = HostedApp(hub, "carl", FakeTerminal())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mirror = Mirror(app)
        with as_app(app):
            app.screen.play(hub.watch(gid, app.user))
        await _seated(app, pilot)
        await settle(pilot)
        yield app, pilot, mirror


async def test_a_cursor_step_draws_the_island_and_hex_panel_alone_and_the_terminal_is_a_full_redraw(hub, drawn):
    gid, hg, seats = duell_at_move(hub)
    alice, bob = seats[0], seats[1]
    async with carl_watching(hub, gid) as (app, pilot, mirror):
        for key in ("right", "down", "right", "up", "left"):
            drawn.clear()
            before = app.screen.query_one(IslandMap).cursor
            await pilot.press(key)
            await settle(pilot)
            if app.screen.query_one(IslandMap).cursor == before:
                continue
            assert {"IslandMap", "HexInfo"} <= set(drawn), drawn
            for skipped in (GameLog, DecisionList):
                assert skipped.__name__ not in drawn, drawn
            with as_app(app):
                assert mirror.terminal(SIZE) == mirror.fresh(SIZE), key
        for n in range(4):  # decisions redraw most panels: still exactly right
            legal = hg.game.legal()
            seats[hg.state.current_player()].submit("end" if "end" in legal and n % 2 == 0 else legal[0])
            await pilot.pause()
            await settle(pilot)
            with as_app(app):
                assert mirror.terminal(SIZE) == mirror.fresh(SIZE), n
    alice.close()
    bob.close()



@pytest.fixture
def layouts(monkeypatch):
    """The screens laid out anew (Textual's whole-screen layout), by type."""
    seen: list[str] = []
    refresh_layout = textual.screen.Screen._refresh_layout

    def counted(self, *a, **kw):
        seen.append(type(self).__name__)
        return refresh_layout(self, *a, **kw)

    monkeypatch.setattr(textual.screen.Screen, "_refresh_layout", counted)
    return seen


async def watched_decisions(hub, layouts, decide) -> list[tuple[int, int]]:
    """carl watches alexandra and bernhardine's duell from its first move on while
    ``decide(n, seat session, game)`` decides four times: after each, the prompt's
    height and how often carl's screen was laid out; his terminal is a full redraw."""
    first = hub.create("alexandra", "duell", 2, seed=7)
    gid = first.game_id
    hg = hub.games[gid]
    seats = {0: first, 1: hub.join(gid, 1, "bernhardine")}
    while hg.state.step != "move":
        seats[hg.state.current_player()].submit(hg.game.legal()[0])
    seen = []
    async with carl_watching(hub, gid) as (app, pilot, mirror):
        for n in range(4):
            layouts.clear()
            decide(n, seats[hg.state.current_player()], hg.game)
            for _ in range(3):
                await settle(pilot)
            seen.append((app.screen.query_one("#prompt").size.height, len(layouts)))
            with as_app(app):
                assert mirror.terminal(SIZE) == mirror.fresh(SIZE), n
    for s in seats.values():
        s.close()
    return seen


async def test_a_prompt_one_row_higher_lays_the_screen_out_once_and_the_terminal_is_a_full_redraw(hub, layouts):
    """Names long enough that "… zieht Figuren oder beendet die Bewegung." takes two rows
    of the prompt and the next phase's one: each decision changes the prompt's height.
    Textual laid the screen out twice per such decision, the second time only because the
    prompt's virtual size had changed (every screen at a hosted table, #14)."""
    seen = await watched_decisions(hub, layouts, lambda n, seat, game: seat.submit("end") if n % 2 == 0
                                   else seat.undo())
    heights = [h for h, _ in seen]
    assert heights[0] != heights[1] and heights[:2] == heights[2:], seen
    assert [n for _, n in seen] == [1, 1, 1, 1], seen


async def test_a_move_and_its_log_row_lay_the_screen_out_not_at_all(hub, layouts):
    """A move writes a row to every screen's log; RichLog's new virtual size laid each
    screen out anew for it, though no widget moves (#14)."""
    seen = await watched_decisions(hub, layouts, lambda n, seat, game: seat.submit(game.legal()[0]) if n % 2 == 0
                                   else seat.undo())
    assert [n for _, n in seen] == [0, 0, 0, 0], seen
