"""Snapshots (pytest-textual-snapshot) of the title screen, the island at the
start, a combat dialog, the result screen and the help screen, at 80x24 and 120x40. Fixed seeds
and positions, no saving, no clock: the pictures do not change between runs.
Update them with ``pytest tests/ui --snapshot-update`` after a deliberate
change, and look at them (the report shows the differences)."""

from __future__ import annotations

import pytest
from uihelpers import combat_example, game_of

from thorskliff.game import Game
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession

SIZES = [(80, 24), (120, 40)]
SEATS = [("Astrid", "Oleif", "brown"), ("Björn", "Bera", "black"), ("Sigrun", "Jorund", "grey")]


def island_app() -> ThorsApp:
    game = Game.new("base", SEATS, 5)
    for _ in range(3):
        game.submit(game.state.legal_actions()[0])
    return ThorsApp(session=LocalSession(game), handover=False)


def finished_app() -> ThorsApp:
    """A base game of three greedy bots (seed 2) played to its end: Sigrun
    wins with the ambers in round 13; the result screen opens."""
    from thorskliff.bots.registry import make_bot
    from thorskliff.bots.runner import decide, seat_rng

    game = Game.new("base", SEATS, 2)
    bots = [make_bot("greedy") for _ in SEATS]
    rngs = [seat_rng(2, i) for i in range(len(SEATS))]
    while not game.state.is_terminal():
        d = game.state.current_player()
        game.submit(decide(bots[d], game.state.clone(), d, rngs[d]), d)
    return ThorsApp(session=LocalSession(game), handover=False)


def combat_app() -> ThorsApp:
    """The rulebook's combat example after the attack roll (R-COMBAT-1)."""
    st = combat_example()
    return ThorsApp(session=LocalSession(game_of(st)), handover=False)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_title(snap_compare, size):
    assert snap_compare(ThorsApp(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_island_at_start(snap_compare, size):
    assert snap_compare(island_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_combat_dialog(snap_compare, size):
    assert snap_compare(combat_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_result_screen(snap_compare, monkeypatch, size):
    from thorskliff.ui.screens.result import ResultScreen

    # the review of the three persons' decisions, done before the shot (#30); a small budget keeps it short
    monkeypatch.setattr(ResultScreen, "REVIEW_BUDGET", 10)
    app = finished_app()

    async def settled(pilot):
        """The end screen over the game, whose log has followed its newest line (the shot
        caught it before or after that, by chance)."""
        from textual.screen import ModalScreen
        from uihelpers import until

        from thorskliff.ui.widgets.panels import GameLog

        await until(pilot, lambda: isinstance(app.screen, ModalScreen), "the end screen")
        await until(pilot, lambda: app.screen.reviewed is not None, "the review of the decisions")
        await pilot.pause()
        logs = [lg for screen in app.screen_stack for lg in screen.query(GameLog) if lg.display]
        await until(pilot, lambda: all(lg.lines and lg.scroll_y >= lg.max_scroll_y for lg in logs), "the log's end")
        for lg in logs:
            lg.refresh()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=settled)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_help(snap_compare, size):
    assert snap_compare(island_app(), terminal_size=size, press=["question_mark"])
