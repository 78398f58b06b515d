"""A first game with tips (issue #29): alone against "Leicht" a game shows at
each decision point one line made from the state; i switches them off and on;
other games begin without them."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from uihelpers import until

from thorskliff.tutorial.lesson import load_all
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.game import GameScreen
from thorskliff.ui.screens.lesson import FIRST_GAME, LessonListScreen, first_game_session
from thorskliff.ui.session import LocalSession
from thorskliff.ui.tips import first_game, path, tip

LESSONS = {les.id: les for les in load_all()[0]}


def test_the_tip_is_made_from_the_state():
    st = LESSONS["bernstein"].state()  # the hero on M2 carries an amber
    assert tip(st, 0) == "Dein Held trägt Bernstein: der kürzeste Weg zum Heiligtum führt über S " \
                         "(Schritte bis dorthin: 1)."
    st = LESSONS["schritte"].state()  # on the beach 2c3 with an amber (a Duell's start)
    way = path(st, st.players[0].hero_at, {0})
    assert len(way) == 5 and way[-1] == 0
    assert tip(st, 0) == f"Dein Held trägt Bernstein: der kürzeste Weg zum Heiligtum führt über " \
                         f"{st.island.label(way[0])} (Schritte bis dorthin: 5)."
    st = LESSONS["wisent"].state()  # on the farm 2c2, without... with the start's amber: sold away
    st.players[0].amber = False
    st.amber_supply += 1
    assert tip(st, 0) == "Dein Held trägt keinen Bernstein: der nächste Strand ist 2c3 (Schritte: 1; zuerst nach 2c3)."
    st = LESSONS["silber"].state()
    st.apply_action("end")
    assert tip(st, 0) == "Silber: Wiese bringt am meisten (3 Felder mit deinen Kriegern → 2 Taler)."
    assert tip(st, 1) is None  # not the deciding seat


def test_tips_are_on_alone_against_leicht_only():
    s = first_game_session(3)
    assert first_game(s)
    assert not first_game(LocalSession(s.game, None, bots={1: "mittel"}))
    assert not first_game(LocalSession(s.game, None, bots={}))


async def test_a_first_game_from_the_lehrgang_shows_tips_and_i_switches_them():
    app = ThorsApp(tutorial=True, bot_delay=0, handover=False, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        menu = app.screen.query_one(OptionList)
        assert menu.get_option_at_index(menu.option_count - 1).id == FIRST_GAME
        menu.highlighted = menu.option_count - 1
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, "the game")
        gs = app.screen

        def prompt() -> str:
            return str(gs.query_one("#prompt", Static).content)

        await until(pilot, lambda: gs.decider == 0, "the person's decision")
        await pilot.pause()
        assert "Tipp (i): Wähle einen Strand" in prompt()
        await pilot.press("i")
        await pilot.pause()
        assert "Tipp" not in prompt() and "Tipps aus (i schaltet sie an)" in str(gs.query_one("#status").content)
        await pilot.press("i")
        await pilot.pause()
        assert "Tipp (i): Wähle einen Strand" in prompt()
