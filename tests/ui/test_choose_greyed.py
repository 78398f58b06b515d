"""A pick list with a greyed entry still takes keys: the game menu greys
"Aufgeben" while another seat decides, and its other entries must stay
choosable by keyboard (in a hosted game, over SSH or in a browser, the menu
is the way back to the lobby)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import OptionList

from thorskliff.ui.screens.choose import ChooseScreen


async def test_a_greyed_entry_leaves_the_others_to_the_keys():
    chosen: list[str | None] = []
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        items = [("back", "Weiterspielen"), ("resign", "Aufgeben … — nicht jetzt"), ("title", "Zum Titel")]
        app.push_screen(ChooseScreen("Spielmenü", items, frozenset({"resign"})), callback=chosen.append)
        await pilot.pause()
        ol = app.screen.query_one(OptionList)
        assert app.focused is ol
        assert ol.get_option("resign").disabled and not ol.get_option("title").disabled
        await pilot.press("down")  # over the greyed one
        assert ol.highlighted == 2
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == ["title"]
