"""Fainting (docs/rules.md §9: R-FAINT-1..7) and the plunder rules tied to it
(R-COMBAT-5/6). Exact positions, forced dice."""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff.engine.actions import IllegalActionError
from thorskliff.engine.player import AWAKE, FAINTED, LYING, WAIT_NEXT, WAITING, X_TURN

ALL_RIFTS = {"1c4": "kobold", "2c4": "silber", "3c4": "quelle", "4c4": "kobold"}  # duell: 4 farms left
FARMS = ("1c2", "2c2", "3c2", "4c2")
BEACHES = ("1c3", "2c3", "3c3", "4c3")


def rejected(st, text: str) -> str:
    with pytest.raises(IllegalActionError) as e:
        play(st, text)
    return e.value.rule


def pass_turn(st, seat: int) -> None:
    """End every phase of ``seat``'s turn (one turn only, even when every
    other seat's turn passes by itself)."""
    assert st.seat == seat
    rnd = st.round
    while st.seat == seat and st.round == rnd and st.current_player() == seat and "end" in legal(st):
        play(st, "end")


# ---------------------------------------------------------------- fainting while attacking


def attacker_faints(gode: bool = False):
    """Oleif (3 life, 4 Taler, an amber) first wins a small fight on 1c1,
    then attacks Bera on 1c3 and faints in her counter roll."""
    st = position(("Oleif", "Bera"))
    oleif, bera = st.players
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 0, "1b1", warriors=1, gode=gode)
    place(st, 1, "1c3", hero=True, warriors=1)
    place(st, 1, "1c1", warriors=1)
    if gode:
        place(st, 1, "1b2", warriors=1)
    oleif.life, oleif.taler, oleif.amber = 3, 4, True
    begin(st, 0, 0 if gode else 1)
    if gode:
        play(st, "gode blitz")
    play(st, "W 1b1-1c1", "H 1c2-1c3", "W 1c2-1c3", "end")
    play(st, "fight 1c1")
    roll(st, "K2")  # Bera's warrior on 1c1 defeated
    roll(st, "K1")
    assert st.plunder == 1 and st.wc[0][H("1c1")] == 1
    play(st, "fight 1c3")
    roll(st, "M1 M1 K1")
    play(st, "1>W1", "1>W1")  # Bera's warrior defeated; the last 1 on Bera
    assert bera.life == 7 and st.plunder == 2
    roll(st, "M2 M1 K1")
    assert st.current_player() == 1 and legal(st) == ["1>H", "1>W1", "auto"]
    play(st, "1>H", "1>W1", "2>H")  # 1+2 on Oleif's 3 life
    return st


def test_attacker_faints_enemy_hero_takes_taler_and_amber():
    """R-FAINT-1: Oleif's Taler and amber go to Bera at once (she carries
    none); R-COMBAT-5: the phase's plunder is laid on the hex."""
    st = attacker_faints()
    oleif, bera = st.players
    assert oleif.life == 0 and oleif.hero_at == -1 and oleif.faint == FAINTED
    assert bera.taler == 4 and bera.amber
    assert oleif.taler == 0 and not oleif.amber
    # his warrior survived the 1 and retreats: Bera's hero stands
    assert st.wc[0][H("1c3")] == 0 and st.wc[0][H("1c2")] == 1 and oleif.supply == 7 - 2
    assert st.combat is None
    # end of the combat phase: both Taler of plunder lie on 1c3
    assert st.taler_at == {H("1c3"): 2}
    assert st.amber_at == {}


def test_fainted_attacker_keeps_everything_but_taler_and_amber():
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=2)
    oleif.life, oleif.taler, oleif.amber = 2, 3, True
    oleif.weapon, oleif.wisent, oleif.helm, oleif.crystals = "hammer", True, True, 1
    oleif.potions = [("heil", 1), ("kraft", 1)]
    st.wisent_left -= 1
    st.helm_free = False
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    assert st.step == "c:att_pre"
    play(st, "end")
    roll(st, "G2 M1 M1 M1")
    assert st.step == "c:att_post"
    play(st, "end")
    play(st, "1>W1")  # 1+1 on W1, then 1+2 on W2: both defeated
    roll(st, "K2 K2")
    assert st.step == "c:att_post2"  # the helm blocks one 2, no decision
    play(st, "end")
    assert oleif.hero_at == -1 and oleif.life == 0
    # no enemy hero on 1c3: his 3 Taler and the phase's 2 plunder lie there
    assert st.taler_at == {H("1c3"): 3 + 2}
    assert st.amber_at == {H("1c3"): 1}
    assert (oleif.weapon, oleif.wisent, oleif.helm, oleif.crystals) == ("hammer", True, True, 1)
    assert oleif.potions == [("heil", 1), ("kraft", 1)]
    assert st.helm_free is False and st.wisent_left == 3


def test_enemy_hero_with_amber_leaves_the_amber_on_the_hex():
    st = position(("Oleif", "Bera"))
    oleif, bera = st.players
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    oleif.life, oleif.taler, oleif.amber = 2, 5, True
    bera.amber = True
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M1 M1")
    roll(st, "M2 M1")
    assert oleif.hero_at == -1
    assert bera.taler == 5 and bera.amber
    assert st.amber_at == {H("1c3"): 1} and st.taler_at == {}


def test_plunder_after_the_fainting_lies_on_the_hex_too():
    """R-COMBAT-5: every combat and strike of the phase, before and after."""
    st = attacker_faints(gode=True)
    # the phase goes on: the Gode may still strike (it fought in no melee)
    assert st.step == "combat" and legal(st) == ["blitz 1b2", "end"]
    play(st, "blitz 1b2")
    roll(st, "S2")
    # the phase ends: 1 + 1 + 1 plunder lie where Oleif fainted
    assert st.wc[1][H("1b2")] == 0 and st.seat == 1
    assert st.taler_at == {H("1c3"): 3} and st.players[0].taler == 0


def test_fainted_attacker_units_hold_the_hex_when_no_defender_stands():
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=1)
    oleif.life = 1
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    roll(st, "M2 M1 K1 K1")  # the lone warrior is defeated
    assert st.wc[1][H("1c3")] == 0 and st.plunder == 1
    roll(st, "K1")
    assert legal(st) == ["1>H", "1>W1", "auto"]
    play(st, "1>H")
    assert oleif.hero_at == -1
    assert st.wc[0][H("1c3")] == 2 and st.wc[0][H("1c2")] == 0
    assert st.taler_at == {H("1c3"): 1} and oleif.taler == 0


def test_fainted_attacker_units_retreat_when_a_defender_stands():
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 0, "1c4", warriors=1)
    place(st, 1, "1c3", warriors=3)
    oleif.life = 1
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c4-1c3", "end", "fight 1c3")
    roll(st, "M1 M1 K1 K1")
    play(st, "1>W1", "1>W3")  # W1 defeated; W2 and W3 take a 1 each
    assert st.wc[1][H("1c3")] == 2
    roll(st, "K1 K1 K1")
    # Bera assigns: Oleif and the warriors from 1c2 and 1c4 are three choices
    assert legal(st) == ["1>H", "1>W1", "1>W2", "auto"]
    play(st, "1>H", "1>W2", "1>W1")
    # the fainted hero leaves the board; each warrior goes back where it came from
    assert oleif.hero_at == -1
    assert st.wc[0][H("1c2")] == 1 and st.wc[0][H("1c4")] == 1 and st.wc[0][H("1c3")] == 0


def test_silver_still_paid_after_fainting_in_own_combat_phase():
    """R-FAINT-2: the turn goes on; phase 3 pays; plunder lies on the hex."""
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    place(st, 0, "1c2", hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)  # two forests: 1 Taler
    place(st, 1, "1c3", warriors=1)
    oleif.life = 1
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M2 M1")
    roll(st, "K1")
    assert oleif.hero_at == -1 and st.taler_at == {H("1c3"): 1}
    assert st.step == "silver" and legal(st) == ["silver forest"]
    play(st, "silver forest")
    assert oleif.taler == 1


# ---------------------------------------------------------------- fainting while defending


def test_fainted_defender_drinks_no_potion_after_fainting():
    st = position(("Oleif", "Bera"))
    bera = st.players[1]
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    bera.life = 2
    bera.potions = [("kraft", 1), ("schutz", 1)]
    st.potion_supply["kraft"] -= 1
    st.potion_supply["schutz"] -= 1
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    play(st, "end")  # Bera's window before the roll
    roll(st, "M1 M1")
    assert bera.life == 2 and st.step == "c:def_post"  # the damage lands at assignment
    play(st, "end")
    assert bera.hero_at == -1
    roll(st, "M4 M4")
    # no Krafttrank window for the fainted hero after her counter roll
    assert st.combat is None and st.players[0].life == 2
    assert bera.potions == [("kraft", 1), ("schutz", 1)]


def test_defender_faints_enemy_hero_takes_taler_even_if_it_retreats():
    st = position(("Oleif", "Bera"))
    oleif, bera = st.players
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True, warriors=1)
    oleif.amber = True
    bera.life, bera.taler, bera.amber = 2, 6, True
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M2 M1")
    play(st, "1>W1", "2>H")
    assert bera.hero_at == -1 and bera.faint == FAINTED
    # Oleif stands there: the Taler at once; he carries an amber, so hers lies
    assert oleif.taler == 6 and bera.taler == 0
    assert st.amber_at == {H("1c3"): 1}
    assert st.plunder == 1
    # the fainted hero strikes back too (R-COMBAT-2), with her warrior
    assert st.chance_request() == ("M", "M", "K")
    roll(st, "M1 M1 K1")
    assert oleif.hero_at == H("1c2")  # a defender stands: Oleif retreats
    assert oleif.taler == 6 + 1 and oleif.life == 7


def test_defender_faints_without_enemy_hero_lays_all_on_the_hex():
    st = position(("Oleif", "Bera"))
    bera = st.players[1]
    place(st, 0, "1c2", warriors=2)
    place(st, 1, "1c3", hero=True)
    bera.life, bera.taler, bera.amber = 2, 6, True
    begin(st, 0, 1)
    play(st, "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    roll(st, "K1 K1")
    assert bera.hero_at == -1
    assert st.taler_at == {H("1c3"): 6} and st.amber_at == {H("1c3"): 1}
    # the fainted hero's dice still strike back (R-COMBAT-2)
    assert st.chance_request() == ("M", "M")
    roll(st, "M1 M1")
    play(st, "1>W2")  # Bera spreads the 1s: both warriors live
    assert st.wc[0][H("1c3")] == 2 and st.players[0].taler == 1
    # the hex was won; the Taler and amber lie there for any hero to take


# ---------------------------------------------------------------- the X turn (R-FAINT-3, R-COMBAT-6)


def fainted(st, seat: int) -> None:
    p = st.players[seat]
    p.hero_at = -1
    p.life = 0
    p.faint = FAINTED


def test_x_turn_units_fight_but_earn_no_plunder_nor_silver():
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    fainted(st, 0)
    place(st, 0, "1c2", warriors=1)
    place(st, 0, "1b1", warriors=1)  # forest
    place(st, 0, "1a2", warriors=1)  # forest: silver would pay 1
    place(st, 1, "1c3", warriors=1)
    begin(st, 0, 0)
    assert oleif.faint == X_TURN
    play(st, "W 1c2-1c3", "end", "fight 1c3")
    roll(st, "K2")
    roll(st, "K1")
    assert st.wc[1][H("1c3")] == 0 and st.wc[0][H("1c3")] == 1
    # no plunder, no silver step: straight to laying the hero
    assert oleif.taler == 0 and st.plunder == 0
    assert st.step == "lay" and st.current_player() == 0
    assert legal(st) == ["lay " + f for f in ("1c2", "1c4", "2c2", "2c4", "3c2", "3c4", "4c2", "4c4")]


def test_x_turn_lay_then_stand_up_with_half_life_and_3_taler():
    """R-FAINT-3 and R-FAINT-5 (half of the current maximum, rounded down)."""
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    fainted(st, 0)
    oleif.crystals = 1  # max 13
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c3", warriors=1)
    begin(st, 0, 0)
    assert "lay 1c2" not in legal(st)  # an enemy stands there
    play(st, "lay 1c4")
    assert oleif.faint == LYING and st.lying == {H("1c4"): 0} and oleif.lying_at == H("1c4")
    assert st.seat == 1
    # R-FAINT-4: Bera may not enter
    assert "W 1c3-1c4" not in legal(st)
    assert rejected(st, "W 1c3-1c4") == "R-FAINT-4"
    pass_turn(st, 1)
    assert st.seat == 0 and oleif.faint == AWAKE
    assert oleif.hero_at == H("1c4") and oleif.life == 6 and oleif.taler == 3
    assert st.lying == {}


def test_lying_hex_closed_to_enemy_steps_and_lightning():
    """R-FAINT-4: an own warrior shares the hex; the enemy may not enter it
    nor aim Blitzschlag at it, though a neighbour's enemy may be struck."""
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    oleif.faint, oleif.lying_at, oleif.life = LYING, H("1c4"), 0
    st.lying[H("1c4")] = 0
    place(st, 0, "1c4", warriors=1)
    place(st, 0, "1b3", warriors=1)
    place(st, 1, "1c3", warriors=1, gode=True)
    begin(st, 1, 0)
    play(st, "gode blitz")
    assert not any(a.endswith("-1c4") for a in legal(st))
    assert rejected(st, "W 1c3-1c4") == "R-FAINT-4"
    play(st, "end")
    assert legal(st) == ["blitz 1b3", "end"]
    assert rejected(st, "blitz 1c4") == "R-GODE-4"


# ---------------------------------------------------------------- R-FAINT-6: no free farm


def no_farm_duell():
    st = position(("Oleif", "Bera"), rifts=ALL_RIFTS)
    fainted(st, 0)
    for f in FARMS:
        place(st, 1, f, warriors=1)
    return st


def test_faint6_no_farm_at_x_turn_end_waits_a_turn():
    st = no_farm_duell()
    begin(st, 0, 0)
    # an X turn with nothing to do and no free farm: the hero waits
    assert st.seat == 1 and st.players[0].faint == WAIT_NEXT
    pass_turn(st, 1)
    assert st.seat == 0 and st.players[0].faint == WAITING


def test_faint6_waiting_turn_then_a_free_farm():
    st = no_farm_duell()
    place(st, 0, "1b2", warriors=1)
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "2b2", warriors=1)  # rock, with 1b2: silver would pay 1
    begin(st, 0, 0)
    pass_turn(st, 0)
    assert st.players[0].faint == WAIT_NEXT
    pass_turn(st, 1)
    assert st.players[0].faint == WAITING
    # in the waiting turn units still fight: free 1c2 by winning it
    play(st, "W 1b1-1c2", "end", "fight 1c2")
    roll(st, "K2")
    roll(st, "K1")
    assert st.wc[1][H("1c2")] == 0 and st.players[0].taler == 0  # no plunder (R-COMBAT-6)
    # no silver in a waiting turn (R-SILVER-1): straight on to laying the hero
    assert st.step == "lay" and legal(st) == ["lay 1c2"]  # a farm before any beach
    play(st, "lay 1c2")
    assert st.players[0].faint == LYING and st.lying == {H("1c2"): 0}


def test_faint6_waiting_turn_then_a_beach():
    st = no_farm_duell()
    place(st, 1, "2c3", warriors=1)
    begin(st, 0, 0)
    pass_turn(st, 1)
    assert st.seat == 0 and st.players[0].faint == WAITING
    assert st.step == "lay"
    assert legal(st) == ["lay 1c3", "lay 3c3", "lay 4c3"]
    play(st, "lay 3c3")
    assert st.lying == {H("3c3"): 0} and st.players[0].faint == LYING
    # R-FAINT-4 protects the beach too
    place(st, 1, "3c2", warriors=0)
    begin(st, 1, 1)
    assert not any(a.endswith("-3c3") for a in legal(st))
    pass_turn(st, 1)
    assert st.players[0].hero_at == H("3c3") and st.players[0].life == 5 and st.players[0].taler == 3


def test_faint6_neither_farm_nor_beach_out():
    st = no_farm_duell()
    for b in BEACHES:
        place(st, 1, b, warriors=1)
    place(st, 0, "1b1", warriors=1)
    begin(st, 0, 0)
    pass_turn(st, 0)
    assert st.players[0].faint == WAIT_NEXT
    pass_turn(st, 1)
    pass_turn(st, 0)
    assert st.players[0].out and st.wc[0][H("1b1")] == 0
    # R-OUT-1: one player left wins
    assert st.is_terminal() and st.outcome() == (1, "last-standing")


def test_faint6_other_fainted_hero_blocks_a_farm():
    """Decision 13: a fainted hero is laid where no other fainted hero lies."""
    st = position(("Oleif", "Bera"), rifts=ALL_RIFTS)
    fainted(st, 0)
    bera = st.players[1]
    bera.faint, bera.lying_at = LYING, H("1c2")
    st.lying[H("1c2")] = 1
    for f in FARMS[1:3]:
        place(st, 1, f, warriors=1)
    begin(st, 0, 0)
    assert legal(st) == ["lay 4c2"]
