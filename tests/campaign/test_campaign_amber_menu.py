"""The campaign's own verb in the verb table (R-CAMP-5): once a card puts
ambers on sale, ``buy amber`` is an action of phase 4 at the market, in the
legal decisions and in the action menu with the chapter's price, and greyed
with the first guard that fails."""

from __future__ import annotations

from campaign_helpers import H, begin, clear_board, new

from thorskliff.campaign.state import AMBER_VERB
from thorskliff.engine.actions import Action
from thorskliff.game import Game, Setup
from thorskliff.engine.state import SeatSpec
from thorskliff.ui.session import LocalSession

BUY_AMBER = Action("buy", arg="amber")


def at_market(amber: bool = False, taler: int = 9):
    st = new(1, n=2)
    clear_board(st)
    st.read_card("haendler", None, ("return", st.step, st.decider), "test")  # the traders: ambers for sale
    p = st.players[0]
    p.hero_at, p.amber, p.taler = H("M2"), amber, taler
    p.life = p.max_life - 1  # Met keeps the action phase open
    st.players[1].hero_at = H("4c3")
    begin(st, 0, 4)
    return st


def menu(st) -> dict:
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    return {m.action: m for m in LocalSession(Game(setup, auto_chance=False, state=st)).action_menu(0)}


def test_R_CAMP_5_buy_amber_is_in_the_menu_with_the_chapters_price():
    st = at_market()
    assert "buy_amber" in st.rules and BUY_AMBER in st.legal_actions()
    entry = menu(st)["buy amber"]
    assert entry.legal and entry.taler == st.amber_price > 0


def test_R_UNIT_2_a_hero_carrying_an_amber_sees_buy_amber_greyed_with_its_reason():
    st = at_market(amber=True)
    entry = menu(st)["buy amber"]
    assert not entry.legal
    assert (entry.reason.rule, entry.reason.key) == ("R-UNIT-2", "amber_one")
    assert entry.reason.say("de") == "eine Heldin trägt höchstens einen Bernstein (R-UNIT-2)"


def test_buy_amber_is_declared_in_the_chapters_verb_table_only():
    st = at_market()
    assert AMBER_VERB in st.verbs
    from thorskliff.engine.state import GameState

    assert AMBER_VERB not in GameState.verbs
