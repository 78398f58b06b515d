"""Bots in a campaign chapter (issue 18): they answer a card's choice by what
its options give, play a held Heiler or Segen when it helps (never into
waste), and buy an amber at the market where a card allows it — seeing only
their seat's observation."""

from __future__ import annotations

import random

from campaign_helpers import H, begin, clear_board, new, read

from thorskliff.engine.actions import Action
from thorskliff.bots.greedy import GreedyBot
from thorskliff.bots.heuristic import HeuristicBot


def _decide(st, bot=None):
    seat = st.current_player()
    return bot_choice(bot or HeuristicBot(strict=True), st, seat)


def bot_choice(bot, st, seat):
    return bot.choose(st.observation(seat), st.legal_actions(), random.Random(0))


def _at_move(chapter: int = 1):
    st = new(chapter, n=2, seed=1)
    clear_board(st)
    st.players[0].hero_at = H("1c3")
    st.players[1].hero_at = H("4c3")
    return begin(st, 0, 1)


def test_a_hurt_hero_plays_the_heiler_and_a_healthy_one_keeps_it():
    st = _at_move()
    st.give_card(0, "heiler")
    p = st.players[0]
    p.life = p.max_life - 1  # healing 4 would mostly be wasted
    st._legal = None
    assert Action("use", arg="heiler") in st.legal_actions()
    assert _decide(st).verb != "use"
    p.life = p.max_life - 4
    st._legal = None
    assert _decide(st) == Action("use", arg="heiler")
    assert _decide(st, GreedyBot(strict=True)) == Action("use", arg="heiler")


def test_a_segen_that_carries_on_is_kept_until_it_heals_much():
    st = _at_move()
    st.give_card(0, "segen1")
    p = st.players[0]
    p.life = p.max_life - 3
    st._legal = None
    assert _decide(st).verb != "use"  # it would carry into the next chapter unused
    p.life = p.max_life - 5
    st._legal = None
    assert _decide(st) == Action("use", arg="segen1")


def test_late_in_the_last_chapter_a_segen_is_played_for_what_it_gives():
    st = _at_move(3)
    st.give_card(0, "segen2") if "segen2" in st.special_left else st.held[0].append("segen2")
    p = st.players[0]
    p.life = p.max_life - 1
    st._legal = None
    assert _decide(st).verb != "use"
    st.round = st.time_round = 17  # three spaces before the Finsternis
    st._legal = None
    assert _decide(st) == Action("use", arg="segen2")


def test_a_cards_choice_goes_to_the_option_worth_most():
    """Die lange Nacht: 3 Taler or a potion of choice — with three potions
    held the potion would lapse, so the Taler."""
    st = _at_move()
    st.rules.add("potions")
    st.read_card("lange_nacht", None, ("return", st.step, st.decider), "test")
    st._legal = None
    assert st.step == "card"
    chooser = st.current_player()
    p = st.players[chooser]
    p.potions = [("heil", 1), ("kraft", 1), ("schutz", 1)]
    assert bot_choice(HeuristicBot(strict=True), st, chooser) == Action("choose", arg="taler")
    p.potions = []
    assert bot_choice(HeuristicBot(strict=True), st, chooser) == Action("choose", arg="trank")


def test_an_amber_is_bought_at_the_market_once_a_card_allows_it():
    st = _at_move()
    p = st.players[0]
    p.hero_at = st.island.markets[0]
    p.taler = 9
    p.amber = False
    begin(st, 0, 4)
    assert Action("buy", arg="amber") not in st.legal_actions()
    read(st, "haendler", None)
    st._legal = None
    assert _decide(st) == Action("buy", arg="amber")
