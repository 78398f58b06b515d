"""A whole turn played with the keyboard (issue 4): movement, a combat with
forced dice, an action and a recruit; the engine's state is checked after
each part. The position is the rulebook's combat example (R-COMBAT-1)."""

from __future__ import annotations

from uihelpers import game_of, goto, type_text
from helpers import begin, place, position
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.combat import CombatScreen
from thorskliff.ui.screens.summary import CombatSummary
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.session import LocalSession


def example_session(tmp_path):
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    st.players[0].taler = 5
    begin(st, 0, 1)
    return LocalSession(game_of(st), tmp_path / "turn.tkr")


async def test_a_whole_turn_with_keys(tmp_path):
    session = example_session(tmp_path)
    st = lambda: session.state  # noqa: E731 - undo may replace the state object
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        # movement: the stack on 1c2 (hero and both warriors) in one gesture
        await pilot.press("h")
        await pilot.press("enter")
        await goto(pilot, "1c3")
        await pilot.press("enter")
        await pilot.pause()
        p = st().players[0]
        assert p.hero_at == st().island.index("1c3")
        assert st().wc[0][st().island.index("1c3")] == 2
        await pilot.press("e")  # end of movement: the combat phase begins
        await pilot.pause()
        assert st().step == "combat"
        await goto(pilot, "1c3")
        await pilot.press("enter")  # fight 1c3
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        # the attack roll, forced through the notation line
        await pilot.press("colon")
        await type_text(pilot, "roll M3 M1 K1 K1")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert st().step == "c:att_assign"
        await pilot.press("a")  # accept the engine's suggestion
        await pilot.pause()
        assert st().combat.side == "def"
        await pilot.press("colon")
        await type_text(pilot, "roll K2 K2 K1")
        await pilot.press("enter")
        await pilot.pause()
        assert st().step == "c:def_assign"
        await pilot.press("a")  # Bera accepts the suggestion too
        await pilot.pause()
        assert st().combat is None
        # the combat's summary, drawn from its events: both retreat and plunder as they happened
        assert isinstance(app.screen, CombatSummary)
        text = str(app.screen.query_one("#sum-body").content)
        assert "Oleif zieht sich zurück: 1c3→1c2" in text and "Beute: P1 erhält 2 Taler" in text
        await pilot.press("enter")  # close the summary
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        p = st().players[0]
        h12, h13 = st().island.index("1c2"), st().island.index("1c3")
        # two defenders fell, one stands: the attackers went back (R-COMBAT-1.8)
        assert st().wc[1][h13] == 1
        assert p.hero_at == h12 and st().wc[0][h13] == 0
        assert p.life == 9
        assert st().step == "action"
        assert p.taler == 7  # 5 + plunder 2 (R-COMBAT-1.7)
        # the action menu: Met on the farm
        await pilot.press("enter")
        await pilot.pause()
        assert p.life == 10 and p.taler == 6
        assert st().step == "recruit"
        await pilot.press("h")
        await pilot.press("enter")  # recruit a warrior at the hero
        await pilot.pause()
        assert st().wc[0][h12] == 1
        assert st().players[0].taler == 4
        # the turn went on to Bera, and the record is on disk
        assert st().seat == 1
        assert (tmp_path / "turn.tkr").read_text().count("\n1 ") >= 8


async def test_the_hex_panel_shows_the_heroines_hex_at_the_action_step(tmp_path):
    """Last play-test: the action prompt asks for an action on the heroine's hex
    ("eine Aktion auf dem Feld deiner Heldin"), while the hex panel showed the hex
    the cursor was left on. At the action step the cursor goes to her hex, and the
    panel with it; the arrows still look elsewhere."""
    from thorskliff.ui.widgets.panels import HexInfo

    session = example_session(tmp_path)
    session.state.players[0].life = 8  # wounded: Met on the farm is an action
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        game = app.screen
        await goto(pilot, "1c3")  # the cursor looks at the foe's hex; no move
        await pilot.press("e")  # end of movement: no combat, on to the action (Met on the farm 1c2)
        await pilot.pause()
        assert session.state.step == "action"
        assert game.map.cursor == session.state.island.index("1c2")
        panel = str(game.query_one(HexInfo).content)
        assert panel.startswith("1c2 ") and "Heldin" in panel, panel
        prompt = str(game.query_one("#prompt").content)
        assert "Feld deiner Heldin" in prompt, prompt
        await pilot.press("tab")  # to the island: the arrows move the cursor again
        await goto(pilot, "1c3")
        assert str(game.query_one(HexInfo).content).startswith("1c3 ")
