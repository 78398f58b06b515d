"""A partial update draws only the widgets it repaints (ui.dirtyonly), and
the terminal still shows what a full redraw of the screen shows."""

from __future__ import annotations

import textual.screen
from textual.app import App
from textual.widget import Widget
from textual.widgets import Static

import pytest

from mirror import Mirror
from test_hostapp import FakeTerminal, _seated
from test_shared_view import SIZE, as_app, duell_at_move, hub  # noqa: F401 (the fixture)
from thorskliff.ssh.hostapp import HostedApp
from thorskliff.ui.dirtyonly import DirtyOnlyCompositor
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
        await pilot.pause(0.05)
        drawn.clear()
        app.query_one("#top", Static).update("TOP")
        app.query_one("#bottom", Static).update("BOTTOM")
        await pilot.pause(0.05)
        assert "Static" in drawn
        # Textual's rectangle around both would have drawn the middle one too
        assert drawn.count("Static") == 2
        assert mirror.terminal((40, 9)) == mirror.fresh((40, 9))
        assert "TOP" in mirror.terminal((40, 9))[0] and "BOTTOM" in mirror.terminal((40, 9))[6]


async def test_a_cursor_step_draws_the_island_and_hex_panel_alone_and_the_terminal_is_a_full_redraw(hub, drawn):
    gid, hg, seats = duell_at_move(hub)
    alice, bob = seats[0], seats[1]
    app = HostedApp(hub, "carl", FakeTerminal())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        mirror = Mirror(app)
        with as_app(app):
            app.screen.play(hub.watch(gid, app.user))
        await _seated(app, pilot)
        await pilot.pause(0.05)
        for key in ("right", "down", "right", "up", "left"):
            drawn.clear()
            before = app.screen.query_one(IslandMap).cursor
            await pilot.press(key)
            await pilot.pause(0.05)
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
            await pilot.pause(0.05)
            with as_app(app):
                assert mirror.terminal(SIZE) == mirror.fresh(SIZE), n
    alice.close()
    bob.close()
