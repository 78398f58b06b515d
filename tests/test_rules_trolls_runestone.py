"""Trolls and crystals (§16, R-COMBAT-3/4, R-CRYSTAL-1/2) and the runestone
(R-RUNE-1..5, R-FAINT-7, R-OUT-1). Exact positions, forced dice."""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff.engine.actions import IllegalActionError

PEAK = "1a1"


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


# ---------------------------------------------------------------- trolls


def troll_fight(heroes=("Oleif", "Bera"), warriors=2):
    st = position(heroes, trolls=True)
    place(st, 0, "1a2", hero=True, warriors=warriors)
    begin(st, 0, 1)
    play(st, "H 1a2-1a1", *["W 1a2-1a1"] * warriors, "end")
    assert legal(st) == ["fight 1a1"]
    play(st, "fight 1a1")
    return st


def test_troll_lost_by_5_nothing_persists():
    """R-COMBAT-4: 6 damage in one roll; the troll blocks the highest red die."""
    st = troll_fight()
    assert st.chance_request() == ("M", "M", "K", "K")
    roll(st, "M4 M3 K1 K1")
    assert st.combat.blocked == [4]  # no decision: the troll blocks the highest
    # 3+1+1 = 5 on the troll, assigned without a choice
    assert st.troll[H(PEAK)] and st.plunder == 0
    assert st.chance_request() == ("M", "M", "M")  # the troll's counter: 3M
    roll(st, "M1 M1 M1")
    assert st.current_player() == 1 and st.step == "c:def_assign"  # the opponent assigns
    play(st, "1>W1", "1>W1", "1>H")
    oleif = st.players[0]
    assert oleif.life == 9 and st.wc[0][H("1a2")] == 1 and oleif.supply == 6
    assert oleif.hero_at == H("1a2") and st.wc[0][H(PEAK)] == 0  # retreat
    assert st.crystal_at == {h: 1 for h in st.island.peaks}
    assert oleif.taler == 0
    # a new fight starts from nothing: 5 again is not enough
    begin(st, 0, 1)
    play(st, "H 1a2-1a1", "W 1a2-1a1", "end", "fight 1a1")
    roll(st, "M3 M2 K2")
    assert st.combat.blocked == [3] and st.troll[H(PEAK)]


def test_troll_won_by_6_leaves_crystal_until_a_hero_takes_it():
    st = troll_fight()
    roll(st, "M4 M3 K2 K1")
    assert not st.troll[H(PEAK)] and st.plunder == 1
    # the defeated troll still strikes back (R-COMBAT-2)
    roll(st, "M2 M2 M1")
    play(st, "1>H", "2>H", "2>H")  # Bera's choice for the troll: all on Oleif
    oleif = st.players[0]
    assert oleif.life == 5
    assert oleif.hero_at == H(PEAK) and st.wc[0][H(PEAK)] == 2  # the hex is held
    assert st.crystal_at[H(PEAK)] == 1
    assert oleif.taler == 1  # 1 Taler of plunder, paid at the phase end
    assert "take crystal" in legal(st)
    play(st, "take crystal")
    assert oleif.crystals == 1 and oleif.max_life == 13 and oleif.life == 5
    assert H(PEAK) not in st.crystal_at


def test_warriors_alone_leave_the_crystal_lying():
    st = position(("Oleif", "Bera"), trolls=True)
    place(st, 0, "1a2", warriors=3)
    place(st, 0, "M1", hero=True)
    begin(st, 0, 1)
    play(st, *["W 1a2-1a1"] * 3, "end", "fight 1a1")
    roll(st, "K2 K2 K2")  # one 2 blocked: 4
    assert st.troll[H(PEAK)]
    roll(st, "M1 M1 M1")
    play(st, "1>W2", "1>W3")
    assert st.wc[0][H("1a2")] == 3  # three 1s hurt no warrior
    st2 = position(("Oleif", "Bera"), trolls=True)
    st2.players[0].epic = ()
    place(st2, 0, "1a2", warriors=3)
    place(st2, 0, "M1", hero=True)
    st2.players[0].weapon = "mjolnir"  # 3G for no one: the hero is not in the fight
    begin(st2, 0, 1)
    play(st2, *["W 1a2-1a1"] * 3, "end")
    assert legal(st2) == ["fight 1a1", "throw 1a1"]
    play(st2, "throw 1a1", "fight 1a1")
    assert st2.chance_request() == ("K", "K", "K", "S")
    roll(st2, "K2 K2 K2 S2")  # one red 2 blocked, S never: 2+2+2 = 6
    assert not st2.troll[H(PEAK)]
    roll(st2, "M1 M1 M1")
    assert st2.crystal_at[H(PEAK)] == 1 and st2.players[0].crystals == 0
    # warriors cannot pick it up: the hero must come (R-UNIT-2)
    begin(st2, 0, 1)
    play(st2, "H M1-1a1")
    assert "take crystal" in legal(st2)


def test_troll_blocks_highest_red_not_the_black_die():
    st = position(("Oleif", "Bera"), trolls=True)
    place(st, 0, "1a2", hero=True)
    st.players[0].crystals, st.players[0].cbonus = 2, "S"
    begin(st, 0, 1)
    play(st, "H 1a2-1a1", "end", "fight 1a1")
    roll(st, "M3 M1 S4")
    assert st.combat.blocked == [3]
    assert st.troll[H(PEAK)]  # 1 + 4 = 5


def test_troll_counter_assigned_by_left_neighbour():
    """R-COMBAT-3 / decision 10: next seat clockwise still in the game."""
    st = position(("Oleif", "Bera", "Raghild"), trolls=True)
    place(st, 0, "1a2", hero=True, warriors=1)
    st.players[1].out = True
    begin(st, 0, 1)
    play(st, "H 1a2-1a1", "W 1a2-1a1", "end", "fight 1a1")
    roll(st, "M1 M1 K1")
    roll(st, "M2 M1 M1")
    assert st.step == "c:def_assign" and st.current_player() == 2
    assert legal(st) == ["1>H", "1>W1", "auto"]
    with pytest.raises(IllegalActionError):
        st.apply_action("1>H", seat=0)
    st.apply_action("1>H", seat=2)
    assert st.observation(2)["legal"] == ["1>H", "1>W1", "auto"]


def test_troll_counter_left_neighbour_in_three_player_game():
    st = position(("Oleif", "Bera", "Raghild"), trolls=True)
    place(st, 2, "6a1", hero=True, warriors=1)
    begin(st, 2, 1)
    play(st, "H 6a1-6a2", "W 6a1-6a2", "end", "fight 6a2")
    roll(st, "M1 M1 K1")
    roll(st, "M2 M1 M1")
    assert st.current_player() == 2  # Raghild's Furchtlosigkeit: she blocks first
    play(st, "block 2")
    assert st.step == "c:def_assign" and st.current_player() == 0  # seat 3's left neighbour is seat 1
    play(st, "1>H", "1>H")
    assert st.players[2].life == 8 and st.wc[2][H("6a1")] == 1


def test_lightning_cannot_defeat_troll_even_twice():
    st = position(("Oleif", "Bera"), trolls=True, mode="episch")
    place(st, 0, "1a2", hero=True, gode=True)
    st.players[0].weapon, st.players[0].epic = "mjolnir", ("mjolnir",)
    begin(st, 0, 0)
    play(st, "gode blitz", "end")
    play(st, "blitz 1a1")
    roll(st, "S4")
    play(st, "throw 1a1")
    roll(st, "S4")
    assert st.troll[H(PEAK)] and st.players[0].taler == 0


# ---------------------------------------------------------------- the runestone


def builder(heroes=("Oleif", "Bera"), delivered=2, crystals=0, potions=()):
    """Oleif on a Kobold rift with an amber, warriors on scree and forest."""
    st = position(heroes, rifts={"1c4": "kobold"})
    oleif = st.players[0]
    place(st, 0, "1c4", hero=True)
    place(st, 0, "1c3", warriors=1)  # scree (a beach)
    place(st, 0, "1b1", warriors=1)  # forest
    oleif.amber, oleif.delivered, oleif.crystals = True, delivered, crystals
    oleif.potions = list(potions)
    for k, _ in potions:
        st.potion_supply[k] -= 1
    oleif.taler = 2  # a Kobold potion is always on offer: the action phase opens
    st.amber_supply = 12 - 1 - delivered
    return st


def test_rune_build_conditions_and_cost():
    st = builder(delivered=1)
    begin(st, 0, 4)
    assert st.step == "action" and "rune" not in legal(st)
    assert rejected(st, "rune") == "R-RUNE-1"
    st = builder(delivered=0, crystals=2)
    st.players[0].amber = False
    begin(st, 0, 4)
    assert rejected(st, "rune") == "R-RUNE-1"
    st = builder()
    st.wc[0][H("1b1")] = 0
    begin(st, 0, 4)
    assert rejected(st, "rune") == "R-RES-1"
    st = builder(delivered=0, crystals=2)
    begin(st, 0, 4)
    assert "rune" in legal(st)
    play(st, "rune")
    assert st.rune == [0, H("1c4"), 4]
    oleif = st.players[0]
    # the amber lies beside the stone: not back in the supply; no Taler spent
    assert not oleif.amber and oleif.taler == 2 and st.amber_supply == 11
    assert st.wc[0][H("1c3")] == 1 and st.wc[0][H("1b1")] == 1  # nothing spent
    # one runestone at a time
    st2 = builder(heroes=("Oleif", "Bera"))
    st2.rune = [1, H("2c4"), 3]
    begin(st2, 0, 4)
    assert rejected(st2, "rune") == "R-RUNE-1"


def test_rune_not_off_a_rift():
    st = builder()
    st.rifts.clear()
    begin(st, 0, 4)
    assert "rune" not in legal(st)


def test_rune_gifts_one_potion_per_opponent_in_game():
    st = builder(heroes=("Oleif", "Bera", "Raghild", "Jorund"))
    st.players[3].out = True
    begin(st, 0, 4)
    play(st, "rune")
    assert st.step == "gift"
    assert legal(st) == ["gift heil", "gift kraft", "gift eile", "gift schutz", "end"]
    play(st, "gift kraft", "gift eile")
    assert sorted(st.players[0].potions) == [("eile", 2), ("kraft", 1)]
    assert st.potion_supply == {"heil": 5, "kraft": 4, "eile": 5, "schutz": 6}
    assert st.step == "recruit"


def test_rune_gifts_respect_the_limit_of_three():
    st = builder(heroes=("Oleif", "Bera", "Raghild"), potions=[("heil", 1), ("heil", 1)])
    begin(st, 0, 4)
    play(st, "rune", "gift schutz")
    # the second gift lapses unless a potion is put back
    assert st.step == "gift" and legal(st) == ["discard heil", "discard schutz", "end"]
    play(st, "discard heil")
    assert "gift kraft" in legal(st)
    play(st, "gift kraft")
    assert sorted(st.players[0].potions) == [("heil", 1), ("kraft", 1), ("schutz", 1)]
    st2 = builder(heroes=("Oleif", "Bera", "Raghild"), potions=[("heil", 1)] * 3)
    begin(st2, 0, 4)
    play(st2, "rune")
    assert legal(st2) == ["discard heil", "end"]
    play(st2, "end")
    assert st2.step == "recruit" and len(st2.players[0].potions) == 3


def test_rune_counter_wins_at_zero_at_start_of_own_turn():
    st = builder()
    place(st, 1, "3c3", hero=True)
    begin(st, 0, 4)
    play(st, "rune", "gift heil")
    pass_turn(st, 0)
    for counter in (3, 2, 1):
        pass_turn(st, 1)
        assert st.seat == 0 and st.rune[2] == counter and not st.is_terminal()
        pass_turn(st, 0)
    pass_turn(st, 1)
    assert st.is_terminal() and st.outcome() == (0, "runestone")


def rune_attack(heroes=("Oleif", "Bera"), guards=0):
    """Bera's runestone on 1c4 (with ``guards`` warriors); Oleif attacks it."""
    st = position(heroes, rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    place(st, 1, "2b1", hero=True)
    if guards:
        place(st, 1, "1c4", warriors=guards)
    place(st, 0, "1c3", hero=True, warriors=1)
    st.players[1].potions = [("schutz", 1)]
    st.potion_supply["schutz"] -= 1
    begin(st, 0, 1)
    play(st, "H 1c3-1c4", "W 1c3-1c4", "end", "fight 1c4")
    return st


def test_rune_defeated_by_5_owner_out_after_combat_phase():
    st = rune_attack(heroes=("Oleif", "Bera", "Raghild"))
    place(st, 2, "3c3", hero=True)
    roll(st, "M3 M1 K1")
    oleif, bera = st.players[0], st.players[1]
    assert st.rune is None
    # no counter roll (the stone has no dice); the attackers hold the hex
    assert oleif.hero_at == H("1c4") and st.wc[0][H("1c4")] == 1
    assert oleif.taler == 1  # 1 Taler of plunder
    # R-OUT-1: Bera is out, her potion back in the supply; two players go on
    assert bera.out and bera.hero_at == -1 and bera.potions == []
    assert st.potion_supply["schutz"] == 6
    assert not st.is_terminal() and st.seat == 2  # Bera's seat is skipped
    # the amber stays on the hex; Oleif may take it at his decisions
    assert st.amber_at == {H("1c4"): 1}


def test_rune_needs_5_in_one_roll_attackers_retreat():
    st = rune_attack()
    roll(st, "M2 M1 K1")  # 4 damage
    # the stone stands (Bera's turn has begun: its counter went 3 -> 2)
    assert st.seat == 1 and st.rune == [1, H("1c4"), 2]
    oleif = st.players[0]
    assert oleif.hero_at == H("1c3") and st.wc[0][H("1c3")] == 1  # the stone stands: retreat
    assert oleif.taler == 0 and not st.players[1].out


def test_rune_guarded_counter_and_plunder():
    st = rune_attack(guards=1)
    roll(st, "M3 M2 K2")
    # the 2 first: stone or warrior; then 2 and 3
    assert legal(st) == ["2>W1", "2>R", "auto"]
    play(st, "2>W1")  # 2 and 3 then go on the stone, which has 5 life
    assert st.rune is None and st.wc[1][H("1c4")] == 0 and st.plunder == 2
    roll(st, "K2")  # the defeated warrior strikes back
    assert st.current_player() == 1
    play(st, "2>H")
    assert st.players[0].life == 8
    assert st.players[0].taler == 2


def test_rune_defeat_ends_a_two_player_game():
    """R-OUT-1 via the runestone: the last player standing wins."""
    st = rune_attack()
    roll(st, "M4 M1 K1")
    assert st.is_terminal() and st.outcome() == (0, "last-standing")


def test_rune_owner_out_only_after_the_whole_combat_phase():
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    place(st, 1, "2b1", hero=True)
    place(st, 1, "1c1", warriors=1)
    place(st, 2, "3c3", hero=True)
    place(st, 0, "1c3", hero=True)
    place(st, 0, "1c2", warriors=1)
    begin(st, 0, 1)
    play(st, "H 1c3-1c4", "W 1c2-1c1", "end", "fight 1c4")
    roll(st, "M4 M1")
    assert st.rune is None
    assert legal(st) == ["fight 1c1"]
    assert not st.players[1].out and st.wc[1][H("1c1")] == 1
    play(st, "fight 1c1")
    roll(st, "K1")
    roll(st, "K1")
    # my warrior retreated (Bera's stood), then Bera went out
    assert st.players[1].out and st.wc[1][H("1c1")] == 0
    assert st.wc[0][H("1c2")] == 1 and st.players[0].hero_at == H("1c4")


def test_rune_owner_faints_is_out():
    """R-FAINT-7 / R-RUNE-4."""
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    place(st, 1, "1c2", hero=True)
    place(st, 2, "3c3", hero=True)
    st.players[1].life = 2
    place(st, 0, "1c3", hero=True)
    begin(st, 0, 1)
    play(st, "H 1c3-1c2", "end", "fight 1c2")
    roll(st, "M1 M1")
    bera = st.players[1]
    assert bera.hero_at == -1 and st.rune == [1, H("1c4"), 3]
    roll(st, "M1 M1")
    assert bera.out and st.rune is None and st.amber_at == {H("1c4"): 1}
    assert st.players[0].taler == 1


def test_rune_owner_faints_attacking_out_at_once_after_own_combat_phase():
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    bera = st.players[1]
    place(st, 1, "1c2", hero=True)
    place(st, 1, "1c4", warriors=1)
    place(st, 0, "1c3", warriors=2)
    place(st, 2, "3c3", hero=True)
    bera.life = 1
    begin(st, 1, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M1 M1")
    play(st, "1>W2")
    roll(st, "K1 K1")
    assert bera.out and st.rune is None and st.wc[1][H("1c4")] == 0
    assert st.amber_at == {H("1c4"): 1}
    # her turn ended with the combat phase: the next seat plays
    assert st.seat == 2 and not st.is_terminal()


def test_rune_owner_out_even_when_the_attacker_resigns_in_that_phase():
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    place(st, 1, "2b1", hero=True)
    place(st, 1, "1c1", warriors=1)
    place(st, 2, "3c3", hero=True)
    place(st, 0, "1c3", hero=True)
    place(st, 0, "1c2", warriors=1)
    begin(st, 0, 1)
    play(st, "H 1c3-1c4", "W 1c2-1c1", "end", "fight 1c4")
    roll(st, "M4 M1")
    assert st.rune is None and st.step == "combat"
    st.apply_action("resign")
    assert st.players[0].out and st.players[1].out
    assert st.outcome() == (2, "last-standing")


def test_rune_blocks_movement():
    """R-MOVE-3: entering the stone's hex ends the move (Berserker too)."""
    st = position(("Oleif", "Bera"), rifts={"1c4": "kobold"})
    st.rune = [1, H("1c4"), 3]
    place(st, 0, "1c3", warriors=1, gode=True)
    begin(st, 0, 0)
    play(st, "gode berserker", "W 1c3-1c4")
    assert not any(a.startswith("W 1c3-1c4-") for a in legal(st))
    play(st, "end")
    assert legal(st) == ["fight 1c4"]


def test_rune_is_no_figure_for_recruiting():
    st = builder()
    st.rune = [0, H("1c4"), 3]
    oleif = st.players[0]
    oleif.amber, oleif.hero_at, oleif.taler = False, H("1c2"), 10
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1b1", "recruit W 1c2", "recruit W 1c3", "end"]
    assert rejected(st, "recruit W 1c4") == "R-RECRUIT-1"
