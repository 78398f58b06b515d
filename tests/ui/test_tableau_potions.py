"""What the tableau shows of another seat's potions: a used Eiletrank lies face
up with its uses left (R-POT-7, R-SECRET-1), at 120x40 and at 80x24 (#27, 6);
the kinds of the others stay hidden."""

from __future__ import annotations

import pytest
from helpers import begin, place, position
from uihelpers import game_of

from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession
from thorskliff.ui.widgets.panels import Tableaus


@pytest.mark.parametrize("size,said", [((120, 40), "Tränke 2 (verdeckt, Eiletrank noch 1×)"),
                                       ((80, 24), "⚗2 Eile 1×")])
async def test_a_used_eiletranks_uses_left_are_shown_to_the_others(size, said):
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "2c2", hero=True)
    st.players[1].potions = [("schutz", 1), ("eile", 1)]  # the Eiletrank used once (R-POT-7)
    begin(st, 0, 1)
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = " ".join(str(app.screen.query_one(Tableaus).content).split())  # as wrapped on the screen
        assert said in text, text
        assert "Schutztrank" not in text, text  # the face-down one stays hidden (R-SECRET-1)
