"""Movement (docs/rules.md section 6, phase 1) on exact positions: one step per
unit, the stair rule, Bewegung 2 for the Wisent and Berserker warriors (the
``W prev-a-b`` continuation), Hugin & Munin, blocking by enemies and trolls,
the fainted hero's hex, and climbing with Geheime Pfade.

The board is the Duell crescent ABCD unless said otherwise; sector 1 is block
A: 1c3 beach 0, 1c2 and 1c4 farms 1, 1c1 meadow 1, 1b1 forest 2, 1b2 rock 2,
1b3 meadow 2, 1a2 forest 3, 1a1 peak 4.
"""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff.engine.actions import IllegalActionError
from thorskliff.engine.player import LYING


def steps(st, unit: str) -> list[str]:
    return sorted(a for a in legal(st) if a.startswith(unit + " "))


# --------------------------------------------------------------------------- R-MOVE-1, R-ISLE-6

def test_R_MOVE_1_the_hero_takes_one_step_to_a_neighbour_at_most_one_level_away():
    """R-MOVE-1 / R-ISLE-6: from 1b2 (rock 2) the hero may go to 1b3, 1a2,
    1b1 and 1c2 (levels 1–3); not to the peak 1a1 (4) nor the beach 1c3 (0)."""
    st = position()
    place(st, 0, "1b2", hero=True)
    begin(st, 0)
    assert steps(st, "H") == ["H 1b2-1a2", "H 1b2-1b1", "H 1b2-1b3", "H 1b2-1c2"]
    play(st, "H 1b2-1a2")
    assert st.players[0].hero_at == H("1a2")
    assert steps(st, "H") == []  # one step only
    with pytest.raises(IllegalActionError) as e:
        play(st, "H 1a2-M1")
    assert e.value.rule == "R-MOVE-2"


def test_R_MOVE_1_moving_is_optional():
    """R-MOVE-1: the step is optional; ending the phase leaves every unit."""
    st = position()
    place(st, 0, "1b2", hero=True, warriors=2)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    assert "end" in legal(st)
    play(st, "end")
    assert (st.players[0].hero_at, st.wc[0][H("1b2")]) == (H("1b2"), 2)


def test_R_MOVE_1_each_warrior_takes_one_step_of_its_own():
    """R-MOVE-1: two warriors on 1b2 step one each, to different hexes; a
    warrior that has stepped does not step again without Bewegung 2."""
    st = position()
    place(st, 0, "1b2", warriors=2)
    begin(st, 0)
    assert steps(st, "W") == ["W 1b2-1a2", "W 1b2-1b1", "W 1b2-1b3", "W 1b2-1c2"]
    play(st, "W 1b2-1b1")
    assert steps(st, "W") == ["W 1b2-1a2", "W 1b2-1b1", "W 1b2-1b3", "W 1b2-1c2"]
    play(st, "W 1b2-1c2")
    assert steps(st, "W") == []
    assert (st.wc[0][H("1b2")], st.wc[0][H("1b1")], st.wc[0][H("1c2")]) == (0, 1, 1)


def test_R_MOVE_1_the_gode_takes_one_step():
    """R-MOVE-1: the Gode steps once, under the stair rule too."""
    st = position()
    place(st, 0, "1c2", gode=True)
    begin(st, 0)
    play(st, "gode heilen")
    assert steps(st, "G") == ["G 1c2-1b1", "G 1c2-1b2", "G 1c2-1c1", "G 1c2-1c3"]
    play(st, "G 1c2-1c3")
    assert steps(st, "G") == []


def test_R_ISLE_6_two_levels_up_is_refused_with_the_stair_rule():
    """R-ISLE-6: from the beach 1c3 (level 0) straight inland to 1b2 (level
    2) is refused, naming the levels."""
    st = position()
    place(st, 0, "1c3", hero=True)
    begin(st, 0)
    with pytest.raises(IllegalActionError) as e:
        play(st, "H 1c3-1b2")
    assert e.value.rule == "R-ISLE-6"
    assert "1c3 (level 0) to 1b2 (level 2)" in str(e.value)


def test_R_MOVE_1_a_hex_that_is_no_neighbour_is_refused():
    """R-MOVE-1: a step goes to a neighbouring hex."""
    st = position()
    place(st, 0, "1c3", hero=True)
    begin(st, 0)
    with pytest.raises(IllegalActionError) as e:
        play(st, "H 1c3-1c1")
    assert e.value.rule == "R-MOVE-1"
    assert "1c1 is no neighbour of 1c3" in str(e.value)


# --------------------------------------------------------------------------- R-MOVE-2: Bewegung 2

def test_R_MOVE_2_a_hero_on_a_wisent_takes_two_steps_each_by_the_stair_rule():
    """R-MOVE-2: a mounted hero goes 1c3 → 1c2 → 1b2 (0 → 1 → 2); a third
    step is refused."""
    st = position()
    place(st, 0, "1c3", hero=True)
    st.players[0].wisent = True
    begin(st, 0)
    assert steps(st, "H") == ["H 1c3-1c2", "H 1c3-1c4"]
    play(st, "H 1c3-1c2")
    assert steps(st, "H") == ["H 1c2-1b1", "H 1c2-1b2", "H 1c2-1c1", "H 1c2-1c3"]
    play(st, "H 1c2-1b2")
    assert steps(st, "H") == []
    with pytest.raises(IllegalActionError) as e:
        play(st, "H 1b2-1a2")
    assert e.value.rule == "R-MOVE-2"


def test_R_MOVE_2_without_a_wisent_one_step():
    """R-MOVE-2: Bewegung 2 belongs to the Wisent; an unmounted hero stops."""
    st = position()
    place(st, 0, "1c3", hero=True)
    begin(st, 0)
    play(st, "H 1c3-1c2")
    assert steps(st, "H") == []


def test_R_MOVE_2_berserker_warriors_move_on_with_prev_a_b():
    """R-MOVE-2 / R-GODE-3: under Berserker a warrior that stepped 1c3 → 1c2
    may move on as ``W 1c3-1c2-1b1``; a warrior that has not moved still
    steps as ``W a-b``; after two steps it stops."""
    st = position()
    place(st, 0, "1c3", warriors=1, gode=True)
    place(st, 0, "1c2", warriors=1)
    begin(st, 0)
    play(st, "gode berserker")
    play(st, "W 1c3-1c2")
    w = steps(st, "W")
    assert "W 1c3-1c2-1b1" in w and "W 1c3-1c2-1c1" in w and "W 1c3-1c2-1c3" in w
    assert "W 1c2-1b1" in w  # the warrior that stood on 1c2
    play(st, "W 1c3-1c2-1b1")
    assert (st.wc[0][H("1c3")], st.wc[0][H("1c2")], st.wc[0][H("1b1")]) == (0, 1, 1)
    w = steps(st, "W")
    assert not any(s.startswith("W 1c2-1b1-") for s in w)  # two steps taken
    assert steps(st, "W") == ["W 1c2-1b1", "W 1c2-1b2", "W 1c2-1c1", "W 1c2-1c3"]


def test_R_MOVE_2_berserker_steps_each_obey_the_stair_rule():
    """R-MOVE-2: each of the two steps obeys R-ISLE-6: from 1c2 (level 1)
    after 1c3 → 1c2 no second step to a level-3 hex exists; 1c3-1c2 then
    1c2-1b2 (level 2) is fine."""
    st = position()
    place(st, 0, "1c3", warriors=1, gode=True)
    begin(st, 0)
    play(st, "gode berserker", "W 1c3-1c2")
    assert steps(st, "W") == ["W 1c3-1c2-1b1", "W 1c3-1c2-1b2", "W 1c3-1c2-1c1", "W 1c3-1c2-1c3"]


def test_R_MOVE_2_no_berserker_without_the_marker():
    """R-GODE-3: with the marker on Heilen, warriors take one step."""
    st = position()
    place(st, 0, "1c3", warriors=1, gode=True)
    begin(st, 0)
    play(st, "gode heilen", "W 1c3-1c2")
    assert steps(st, "W") == []


def test_R_GODE_2_berserker_needs_the_gode_on_the_board():
    """R-GODE-2: the marker on Berserker does nothing while the Gode is off
    the board (phase 0 is skipped too)."""
    st = position()
    place(st, 0, "1c3", warriors=1)
    st.players[0].marker = "berserker"
    begin(st, 0)
    assert st.phase == 1
    play(st, "W 1c3-1c2")
    assert steps(st, "W") == []


def test_R_MOVE_2_hugin_and_munin_gives_the_gode_two_steps():
    """R-MOVE-2 / R-GODE-5: a Gode with Hugin & Munin takes up to 2 steps."""
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1c3", gode=True)
    p = st.players[0]
    p.epic = ("huginmunin",)
    p.marker = "heilen+blitz"
    begin(st, 0)
    assert legal(st) == ["gode berserker+heilen", "gode berserker+blitz", "gode heilen+blitz"]
    play(st, "gode heilen+blitz", "G 1c3-1c2")
    assert steps(st, "G") == ["G 1c2-1b1", "G 1c2-1b2", "G 1c2-1c1", "G 1c2-1c3"]
    play(st, "G 1c2-1b2")
    assert (p.gode_at, steps(st, "G")) == (H("1b2"), [])


# --------------------------------------------------------------------------- R-MOVE-3: blocking

def test_R_MOVE_3_entering_an_enemy_hex_ends_a_wisent_ride():
    """R-MOVE-3: a mounted hero entering 1c2, where an enemy warrior stands,
    stops there (no second step) and a combat follows in phase 2."""
    st = position()
    place(st, 0, "1c3", hero=True)
    place(st, 1, "1c2", warriors=1)
    st.players[0].wisent = True
    begin(st, 0)
    play(st, "H 1c3-1c2")
    assert steps(st, "H") == []
    play(st, "end")
    assert (st.phase, legal(st)) == (2, ["fight 1c2"])


def test_R_MOVE_3_a_berserker_warrior_entering_an_enemy_hex_stops():
    """R-MOVE-3: a warrior under Berserker that enters an enemy hex cannot
    move on."""
    st = position()
    place(st, 0, "1c3", warriors=1, gode=True)
    place(st, 1, "1c2", hero=True)
    begin(st, 0)
    play(st, "gode berserker", "W 1c3-1c2")
    assert not any(s.startswith("W 1c3-1c2-") for s in steps(st, "W"))


def test_R_MOVE_3_a_troll_blocks_like_an_enemy():
    """R-MOVE-3: a troll's peak may be entered (to fight) but not passed."""
    st = position(trolls=True)
    place(st, 0, "M1", hero=True)
    st.players[0].wisent = True
    begin(st, 0)
    play(st, "H M1-1a1")
    assert steps(st, "H") == []
    play(st, "end")
    assert legal(st) == ["fight 1a1"]


def test_R_MOVE_3_an_enemy_runestone_blocks_movement():
    """R-MOVE-3 / R-RUNE-5: an enemy runestone is a unit of another owner."""
    st = position()
    place(st, 0, "1c1", hero=True)
    st.players[0].wisent = True
    st.rune = [1, H("1c2"), 3]
    begin(st, 0)
    play(st, "H 1c1-1c2")
    assert steps(st, "H") == []
    play(st, "end")
    assert legal(st) == ["fight 1c2"]


def test_R_MOVE_3_own_units_do_not_block():
    """R-MOVE-3: own units on a hex never stop a step (any number share it)."""
    st = position()
    place(st, 0, "1c3", hero=True)
    place(st, 0, "1c2", warriors=3, gode=True)
    st.players[0].wisent = True
    begin(st, 0)
    play(st, "gode heilen", "H 1c3-1c2", "H 1c2-1b2")
    assert st.players[0].hero_at == H("1b2")


# --------------------------------------------------------------------------- R-MOVE-4: retreat hex

def test_R_MOVE_4_the_retreat_hex_is_one_hex_back_after_two_steps():
    """R-MOVE-4: a mounted hero riding 1c3 → 1c2 → 1b2 into an enemy keeps
    1c2 as its retreat hex and goes back there when a defender survives."""
    st = position()
    place(st, 0, "1c3", hero=True)
    place(st, 1, "1b2", warriors=3)
    st.players[0].wisent = True
    begin(st, 0)
    play(st, "H 1c3-1c2", "H 1c2-1b2", "end", "fight 1b2")
    obs = st.observation(0)["combat"]
    assert obs["attackers"] == [{"id": "H", "kind": "H", "retreat": "1c2", "defeated": False}]
    roll(st, "G2 M1 M1")
    play(st, "1>W1")  # the first 1 went to W1 by itself; the 2 defeats W2
    roll(st, "K1 K1 K1")
    assert st.wc[1][H("1b2")] == 1
    assert st.players[0].hero_at == H("1c2")
    assert st.players[0].life == 7


def test_R_MOVE_4_each_warrior_retreats_to_the_hex_it_came_from():
    """R-MOVE-4: two warriors entering from 1c2 and 1b3 go back to their own
    hexes."""
    st = position()
    place(st, 0, "1c2", warriors=1)
    place(st, 0, "1b3", warriors=1)
    place(st, 1, "1b2", warriors=2)
    begin(st, 0)
    play(st, "W 1c2-1b2", "W 1b3-1b2", "end", "fight 1b2")
    roll(st, "K1 K1")
    play(st, "1>W2")  # the first 1 went to W1 by itself; both defenders stand
    roll(st, "K1 K1")
    play(st, "1>W1", "1>W2")  # W1 came from 1c2, W2 from 1b3; both survive
    assert (st.wc[0][H("1c2")], st.wc[0][H("1b3")], st.wc[0][H("1b2")]) == (1, 1, 0)


def test_R_MOVE_4_a_berserker_warrior_retreats_one_hex_back_after_two_steps():
    """R-MOVE-4: 1c3 → 1c2 → 1b2 into an enemy: the retreat hex is 1c2."""
    st = position()
    place(st, 0, "1c3", warriors=1, gode=True)
    place(st, 1, "1b2", warriors=1)
    begin(st, 0)
    play(st, "gode berserker", "W 1c3-1c2", "W 1c3-1c2-1b2", "end", "fight 1b2")
    assert st.observation(0)["combat"]["attackers"] == [{"id": "W1", "kind": "W", "retreat": "1c2",
                                                          "defeated": False}]
    roll(st, "K1")
    roll(st, "K1")  # both warriors stand: the attacker goes back
    assert (st.wc[0][H("1c3")], st.wc[0][H("1c2")], st.wc[0][H("1b2")], st.wc[1][H("1b2")]) == (0, 1, 0, 1)


# --------------------------------------------------------------------------- R-MOVE-5: fainted hero

def _lying(st, seat: int, label: str) -> None:
    p = st.players[seat]
    p.hero_at = -1
    p.faint = LYING
    p.lying_at = H(label)
    st.lying[H(label)] = seat


def test_R_MOVE_5_no_enemy_enters_the_hex_of_a_fainted_hero():
    """R-MOVE-5 / R-FAINT-4: Bera lies on the farm 1c2; Oleif's hero and
    warriors are offered no step onto it, and one is refused naming R-FAINT-4."""
    st = position()
    _lying(st, 1, "1c2")
    place(st, 0, "1c3", hero=True, warriors=1)
    begin(st, 0)
    assert steps(st, "H") == ["H 1c3-1c4"]
    assert steps(st, "W") == ["W 1c3-1c4"]
    with pytest.raises(IllegalActionError) as e:
        play(st, "W 1c3-1c2")
    assert e.value.rule == "R-FAINT-4"


def test_R_MOVE_5_nor_passes_through_it_on_a_wisent():
    """R-MOVE-5: a mounted hero cannot ride through the fainted hero's hex."""
    st = position()
    _lying(st, 1, "1c2")
    place(st, 0, "1c1", hero=True)
    st.players[0].wisent = True
    begin(st, 0)
    assert steps(st, "H") == ["H 1c1-1b1"]


def test_R_MOVE_5_own_units_may_enter_the_hex_of_their_fainted_hero():
    """R-FAINT-4: the owner's own units may."""
    st = position()
    _lying(st, 0, "1c2")
    place(st, 0, "1c3", warriors=1)
    begin(st, 0)
    assert "W 1c3-1c2" in steps(st, "W")


# --------------------------------------------------------------------------- R-MOVE-6: climbing

def test_R_MOVE_6_geheime_pfade_lets_the_hero_climb_any_level():
    """R-MOVE-6: with Geheime Pfade the hero steps from the beach 1c3 (0)
    straight up to 1b2 and 1b3 (2); the warriors still may not."""
    st = position(mode="episch")
    place(st, 0, "1c3", hero=True, warriors=1)
    st.players[0].epic = ("pfade",)
    begin(st, 0)
    assert steps(st, "H") == ["H 1c3-1b2", "H 1c3-1b3", "H 1c3-1c2", "H 1c3-1c4"]
    assert steps(st, "W") == ["W 1c3-1c2", "W 1c3-1c4"]
    play(st, "H 1c3-1b2")
    assert st.players[0].hero_at == H("1b2")


def test_R_MOVE_6_climbing_also_for_the_haste_step():
    """R-MOVE-6 with R-POT-7: the Eiletrank step of a climbing hero may go
    two levels up (1b2, level 2, to the peak 1a1, level 4, with no troll)."""
    st = position(mode="episch")
    place(st, 0, "1b2", hero=True)
    p = st.players[0]
    p.epic = ("pfade",)
    p.potions = [("eile", 2)]
    begin(st, 0, 6)
    assert "haste 1b2-1a1" in legal(st)
    play(st, "haste 1b2-1a1")
    assert p.hero_at == H("1a1")
