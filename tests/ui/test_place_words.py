"""A play-test's wording findings off the combat dialog: the sanctuary named as a place
in a fight's words, and a stack's move entry naming every unit that goes."""

from __future__ import annotations

import pytest
from helpers import H, begin, place, play, position
from textual.widgets import Static
from uihelpers import game_of, until

from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession


def entries(app, list_id: str) -> list[str]:
    found = app.screen.query(list_id)  # none while the screen is being built
    return [str(o.prompt) for o in found.first().options] if found else []


@pytest.mark.parametrize("lang, fight, title", [
    ("de", "Kampf auf dem Heiligtum (S)", "Kampf auf dem Heiligtum (S)"),
    ("en", "Combat on the Heiligtum (S)", "Combat on the Heiligtum (S)")])
async def test_a_fight_on_the_sanctuary_names_the_place(lang, fight, title):
    """R-ISLE-2: the Heiligtum's label is S; "Kampf auf S" named no place a player knows.
    Oleif steps from the market M1 onto Bera's S (R-COMBAT-1)."""
    i18n.set_lang(lang)
    st = position(("Oleif", "Bera"))
    place(st, 1, "S", hero=True)
    place(st, 0, "M1", hero=True)
    begin(st, 0, 1)
    play(st, "H M1-S", "end")
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: f"⚔ {fight}" in entries(app, "#decisions"), "the fight offered")
        app.screen.decide("fight S")
        await until(pilot, lambda: app.screen.query("#c-view"), "the combat dialog")
        assert str(app.screen.query_one("#c-view", Static).content).splitlines()[0] == title


@pytest.mark.parametrize("lang, both, warrior", [
    ("de", "Heldin + Krieger: 1c2 → 1c3", "Krieger: 1c2 → 1c3"),
    ("en", "Hero + Warrior: 1c2 → 1c3", "Warrior: 1c2 → 1c3")])
async def test_a_selected_stacks_move_entry_names_all_that_go(lang, both, warrior):
    """R-MOVE-1: with Oleif's hero and warrior selected on 1c2 the list's move read
    "Heldin 1c2 → 1c3" though both go (Enter on the island moves the stack): the entry
    names the units going, follows a unit left behind, and moves them all."""
    i18n.set_lang(lang)
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    app = ThorsApp(session=LocalSession(game_of(st)), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h", "enter")  # the hero's hex, selected with all on it
        await until(pilot, lambda: both in entries(app, "#decisions"), "the stack's move")
        assert not any(e.startswith(("Heldin 1c2", "Hero 1c2")) for e in entries(app, "#decisions"))
        app.screen.action_toggle_unit(0)  # the heroine stays
        await until(pilot, lambda: warrior in entries(app, "#decisions"), "the warrior's move alone")
        app.screen.action_toggle_unit(0)
        await until(pilot, lambda: both in entries(app, "#decisions"), "both again")
        app.screen.decide(next(s for s, text, _ in app.screen.decision_items() if str(text) == both))
        await until(pilot, lambda: app.screen.obs["hexes"][H("1c3")]["units"].get("1"), "the move")
        assert app.screen.obs["hexes"][H("1c3")]["units"]["1"] == {"hero": True, "mounted": False, "gode": False,
                                                                  "warriors": 1}
