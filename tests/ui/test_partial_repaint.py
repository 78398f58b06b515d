"""What a terminal shows after the app's partial screen updates is what a
full redraw shows.

The island repaints only the boxes of the hexes that changed when its
cursor moves or the focus comes and goes (``IslandMap._repaint_hexes``),
and the game screen does not repaint itself whole at a change of focus
(``GameScreen.focused``). A box too small would leave a stale cursor edge
or focus mark on a real terminal while every test that reads the app's
widgets passed. Here the updates the app sends to its terminal are fed to a
terminal emulator (pyte, as the SSH tests read their sessions), and after
each key its screen is compared with a fresh full render of the same
screen."""

from __future__ import annotations

import copy
from dataclasses import replace

from mirror import Mirror, settle

from thorskliff.game import Game
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.hexmap import IslandMap

SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey")]


def mirrored_game() -> tuple[Game, ThorsApp, Mirror]:
    """A base game three decisions in (the beaches chosen), its app, and the
    terminal the app's updates are fed to."""
    game = Game.new("base", SEATS, 7)
    for _ in range(3):
        game.submit(game.state.legal_actions()[0])
    app = ThorsApp(session=LocalSession(game), handover=False)
    return game, app, Mirror(app)


async def test_the_terminal_after_cursor_keys_and_tab_shows_what_a_full_redraw_shows():
    size = (120, 40)
    game, app, mirror = mirrored_game()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        keys = ["right", "right", "down", "tab", "left", "tab", "up", "up", "left", "down", "tab", "tab", "right"]
        for n, key in enumerate(keys):
            await pilot.press(key)
            await pilot.pause()
            await settle(pilot)  # the update timer's frame
            seen, fresh = mirror.terminal(size), mirror.fresh(size)
            wrong = [f"line {y}: terminal {a!r}\n        redraw   {b!r}"
                     for y, (a, b) in enumerate(zip(seen, fresh)) if a != b]
            assert not wrong, f"after key {n} ({key}), cursor on {m.obs['hexes'][m.cursor]['label']}:\n" + \
                "\n".join(wrong[:6])
        assert any(ch in "".join(mirror.terminal(size)) for ch in "▶◀")  # the focus mark came back


async def test_a_change_of_theme_draws_the_island_anew_in_its_colours():
    """The island keeps its drawing across changes of focus (Textual calls
    notify_style_update at each), but not across a new theme: the marks'
    colours come from it."""
    game = Game.new("base", SEATS, 7)
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        m = app.screen.query_one(IslandMap)
        row = m.geo.pos[m.cursor][1]  # the cursor's top edge, drawn in the cursor's colour

        def styles():
            return {str(seg.style) for seg in m.render_line(row)}

        before = styles()
        await pilot.press("tab", "tab")  # the focus goes and comes: the drawing is kept
        await pilot.pause()
        assert styles() == before
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await pilot.pause()
        assert styles() != before


async def test_a_new_view_repaints_only_the_island_lines_that_look_different():
    """At a hosted table every screen redraws at every decision made
    anywhere, and most leave a screen's island as it was: a new view
    repaints only the island's lines that changed (none for the same view),
    and the terminal still shows what a full redraw shows after each
    decision."""
    size = (120, 40)
    game, app, mirror = mirrored_game()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        gs = app.screen
        m = gs.query_one(IslandMap)
        painted: list = []
        refresh, show = m.refresh, m.show

        def shown(*a, **kw):  # the repaints a new view asks for (not those of a change of focus)
            m.refresh = lambda *regions, **kw: painted.append(regions or "all") or refresh(*regions, **kw)
            try:
                return show(*a, **kw)
            finally:
                m.refresh = refresh

        m.show = shown
        m.show(m.obs, m.marks)  # the same view again: nothing to paint
        m.show(copy.deepcopy(m.obs), replace(m.marks))  # a view made anew, alike (a spectator's)
        assert painted == []
        moved = 0
        for n in range(6):
            legal = game.legal()
            move = next((x for x in legal if x != "end" and "-" in x), "end")
            painted.clear()
            assert gs.decide(move), move
            await pilot.pause()
            await settle(pilot)
            lines = {r.y for regions in painted if regions != "all" for r in regions}
            assert "all" not in painted and len(lines) < m.geo.height, (move, painted)
            moved += bool(lines)
            seen, fresh = mirror.terminal(size), mirror.fresh(size)
            wrong = [f"line {y}: terminal {a!r}\n        redraw   {b!r}"
                     for y, (a, b) in enumerate(zip(seen, fresh)) if a != b]
            assert not wrong, f"after decision {n} ({move}):\n" + "\n".join(wrong[:6])
        assert moved  # the moves did change the island, line by line


async def test_a_panel_as_high_as_before_is_not_laid_out_but_a_higher_one_is():
    """Every screen at a hosted table redraws its prompt and presence at
    every decision; a whole-screen layout is paid only when a panel's height
    changes (show_changed), and then the panels below it do move."""
    from rich.text import Text
    from textual.app import App
    from textual.widgets import Static

    from thorskliff.ui.widgets.panels import show_changed

    class Panels(App):
        CSS = "Static { height: auto; }"

        def compose(self):
            yield Static(Text("Runde 1: Astrid ist am Zug"), id="prompt")
            yield Static(Text("darunter"), id="below")

    app = Panels()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        prompt, below = app.query_one("#prompt"), app.query_one("#below")
        layouts: list[bool] = []
        refresh = prompt.refresh
        prompt.refresh = lambda *r, **kw: layouts.append(kw.get("layout", False)) or refresh(*r, **kw)
        assert show_changed(prompt, Text("Runde 1: Björn ist am Zug"))
        assert layouts and not any(layouts)
        await pilot.pause()
        assert below.region.y == 1
        assert show_changed(prompt, Text("Runde 1: Björn ist am Zug\nBjörn wählt"))
        await pilot.pause()
        assert any(layouts) and prompt.size.height == 2 and below.region.y == 2
