"""The rulebook's walk-through of the first two turns ("Der erste Zug",
"Der zweite Zug"), played on a real game from the beach choice on.

The rulebook tells it for chapter 1 of the campaign; the same moves are
legal in the Duell here (crescent ABCD, no rifts laid, so that both coast
neighbours of the start beach are plain farms as in chapter 1). The
silver example of "Phase 3: Silber" is in test_rules_economy.py.
"""

from __future__ import annotations

import pytest

from helpers import H, legal, play
from thorskliff.engine.actions import IllegalActionError
from thorskliff.engine.state import GameState

SEATS = [("Rasmus", "Oleif", "grey"), ("Susanne", "Bera", "black")]


def first_turn_game() -> GameState:
    """Susanne (seat 2) chooses first and takes 3c3; Rasmus (seat 1) takes
    1c3, chose last and starts (R-SETUP-B4)."""
    st = GameState.new("duell", SEATS, seed=4, arrangement="ABCD", rifts={}, first=1)
    play(st, "beach 3c3", "beach 1c3")
    return st


def test_first_turn_starts_in_movement_with_the_hero_alone_on_its_beach():
    """R-SETUP-B2 / R-TURN-2: no Gode, so phase 0 passes; the hero stands
    alone on its beach carrying an amber, with 5 Taler."""
    st = first_turn_game()
    p = st.players[0]
    assert (st.round, st.seat, st.phase, st.step) == (1, 0, 1, "move")
    assert (p.hero_at, p.amber, p.taler, p.supply, sum(st.wc[0])) == (H("1c3"), True, 5, 7, 0)


def test_first_turn_straight_inland_is_refused_two_levels_up():
    """Phase 1 of the first turn: "Das Feld geradeaus ist nicht möglich, da es
    dorthin um 2 Stufen bergauf ginge" (R-ISLE-6); both straight-inland hexes
    are refused, naming the levels."""
    st = first_turn_game()
    for inland in ("1b2", "1b3"):
        with pytest.raises(IllegalActionError) as e:
            play(st, f"H 1c3-{inland}")
        assert e.value.rule == "R-ISLE-6"
        assert f"1c3 (level 0) to {inland} (level 2) climbs more than one level" in str(e.value)


def test_first_turn_left_or_right_onto_a_farm():
    """Phase 1: "Ziehe deine Heldin um ein Feld nach links oder rechts": the
    hero's only steps are the two farms on the coast."""
    st = first_turn_game()
    assert legal(st) == ["H 1c3-1c4", "H 1c3-1c2", "end"]
    assert st.island.kind[H("1c2")] == st.island.kind[H("1c4")] == "farm"


def test_first_turn_phases_2_to_4_pass_and_a_warrior_is_recruited_beside_the_hero():
    """Phases 2–4 pass (no combat; no silver without 2 warriors; no action
    for a healthy hero); phase 5: pay 2 Taler and set a warrior beside the
    hero. The amber could be sold on the farm, so the turn asks once more
    before it passes to Susanne."""
    st = first_turn_game()
    play(st, "H 1c3-1c2", "end")
    assert (st.phase, st.step) == (5, "recruit")
    assert legal(st) == ["recruit W 1c2", "end", "sell"]
    play(st, "recruit W 1c2")
    p = st.players[0]
    assert (p.taler, p.supply, st.wc[0][H("1c2")]) == (3, 6, 1)
    assert (st.step, legal(st)) == ("turnend", ["end", "sell"])
    play(st, "end")
    assert (st.round, st.seat, st.step) == (1, 1, "move")


def _to_second_turn(sell: bool) -> GameState:
    st = first_turn_game()
    play(st, "H 1c3-1c2", "end", "recruit W 1c2", "end")
    play(st, "H 3c3-3c2", "end", "recruit W 3c2", "end")  # Susanne does the same
    assert (st.round, st.seat) == (2, 0)
    if sell:
        play(st, "sell")
    return st


def test_second_turn_hero_and_warrior_each_take_a_step():
    """The second turn, phase 1: hero and warrior may each step once (or not)."""
    st = _to_second_turn(sell=False)
    assert legal(st) == ["H 1c2-1c3", "H 1c2-1b2", "H 1c2-1b1", "H 1c2-1c1",
                         "W 1c2-1c3", "W 1c2-1b2", "W 1c2-1b1", "W 1c2-1c1", "end", "sell"]
    play(st, "H 1c2-1b1", "W 1c2-1c1", "end")
    p = st.players[0]
    assert (p.hero_at, st.wc[0][H("1c1")], st.wc[0][H("1c2")]) == (H("1b1"), 1, 0)


def test_second_turn_without_selling_one_new_warrior():
    """Phase 5 of the second turn without selling: 3 Taler buy one warrior,
    although hero and warrior could each place one."""
    st = _to_second_turn(sell=False)
    play(st, "H 1c2-1b1", "W 1c2-1c1", "end")
    assert (st.phase, legal(st)) == (5, ["recruit W 1b1", "recruit W 1c1", "end"])
    play(st, "recruit W 1c1")
    assert (st.players[0].taler, st.seat) == (1, 1)


def test_second_turn_after_selling_two_new_warriors_at_most():
    """Having sold the amber on the farm (+5 Taler, 8 in all) two warriors:
    one beside the hero and one beside the warrior bought in the first turn
    ("maximal 2"); 4 Taler stay unspent."""
    st = _to_second_turn(sell=True)
    p = st.players[0]
    assert (p.taler, p.amber, st.amber_supply) == (8, False, 11)
    play(st, "H 1c2-1b1", "W 1c2-1c1", "end")
    play(st, "recruit W 1b1", "recruit W 1c1")
    assert (p.taler, p.supply, sum(st.wc[0]), st.seat) == (4, 4, 3, 1)


def test_second_and_third_turn_silver_needs_warriors_on_two_hexes_of_one_landscape():
    """"Das Arbeiten für Taler ist erst möglich, sobald du mindestens 2
    Krieger im Spiel hast, die auf mindestens 2 gleichen Landschaften
    stehen" (R-SILVER-1): in the second turn one warrior on the forest 1b1
    and one new beside the hero on the rock 1b2 earn nothing; in the third
    turn that one climbs to the forest 1a2, and the two forest hexes pay
    2 − 1 = 1 Taler."""
    st = _to_second_turn(sell=True)
    play(st, "H 1c2-1b2", "W 1c2-1b1", "end")
    assert (st.phase, st.step) == (5, "recruit")  # silver passed
    play(st, "recruit W 1b2", "end")
    while st.seat == 1:  # Susanne passes
        play(st, "end")
    assert (st.round, st.seat, st.players[0].taler) == (3, 0, 6)
    play(st, "W 1b2-1a2", "end")
    assert (st.phase, legal(st)) == (3, ["silver forest"])
    play(st, "silver forest")
    assert st.players[0].taler == 7
