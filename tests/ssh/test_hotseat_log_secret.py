"""R-SECRET-2 outside the SSH host: the pass-and-play game log (found while
hiding the log lines of other seats in hosted games, thorskliff/ssh/remote.py)."""

from __future__ import annotations

import pytest
from helpers import begin, place, position
from textual.widgets import RichLog

from thorskliff.game import Game, Setup
from thorskliff.engine.state import SeatSpec
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.handover import HandOver
from thorskliff.ui.session import LocalSession


def game_of(st) -> Game:
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    return Game(setup, state=st)


async def test_the_next_seat_does_not_read_which_potion_was_bought():
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[0].taler = 10
    begin(st, 0, 3)
    session = LocalSession(game_of(st))
    app = ThorsApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # seat 1 takes the keyboard
        await pilot.pause()
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        game.decide("buy kraft")
        await pilot.pause()
        # the buyer reads the kind in its own log (R-SECRET-1)
        assert "P1 kauft einen Trank: Krafttrank (−3 Taler)" in logged(game)
        while session.decider() == 0:
            game.decide("end")
        await pilot.pause()
        assert isinstance(app.screen, HandOver)
        await pilot.press("enter")  # seat 2 takes the keyboard
        await pilot.pause()
        text = logged(game)
        assert "P1 kauft einen Trank: verdeckt (−3 Taler)" in text, text
        assert "Krafttrank" not in text and "kraft" not in text.lower(), text


def logged(screen) -> str:
    """The game log's text, each line's rows joined (a long line wraps)."""
    return " ".join(" ".join(line.text.split()) for log in screen.query(RichLog) for line in log.lines)
