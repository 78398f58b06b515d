"""Combat rules (docs/rules.md §7, §8, §12 potion windows, R-GODE-4, §17 Mjölnir).

Every position is exact and every die is forced with ``roll()``; each test
cites the rule it checks.
"""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff import record
from thorskliff.engine import events as E
from thorskliff.engine.actions import IllegalActionError
from thorskliff.engine.state import CHANCE


def example():
    """The rulebook's combat example up to the attack roll (R-COMBAT-1)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    return st


def rejected(st, text: str) -> str:
    with pytest.raises(IllegalActionError) as e:
        play(st, text)
    return e.value.rule


def melee(st, seat=0, phase=1, *steps, fight=None):
    begin(st, seat, phase)
    play(st, *steps, "end")
    if fight:
        play(st, f"fight {fight}")


# ---------------------------------------------------------------- the rulebook's example


def test_example_attack_assignment_die_by_die():
    """R-COMBAT-1.1/2/4: Oleif's axe 2M and 2K; dice ascending, identical
    units are one choice, no die wasted while a target remains."""
    st = example()
    assert st.chance_request() == ("M", "M", "K", "K")
    roll(st, "M3 M1 K1 K1")
    c = st.combat
    # the first 1 had three identical warriors to choose from: assigned at once
    assert c.dmg == [1, 0, 0] and c.queue == [1, 1, 3]
    assert st.current_player() == 0 and st.step == "c:att_assign"
    assert legal(st) == ["1>W1", "1>W2", "auto"]
    play(st, "1>W1")  # 1+1 on the same warrior: defeated
    # the last 1 cannot go on the defeated warrior; the two others are alike
    assert c.dmg == [2, 1, 0] and c.queue == [3]
    assert legal(st) == ["3>W2", "3>W3", "auto"]
    assert rejected(st, "3>W1") == "R-COMBAT-1"
    play(st, "3>W3")
    # W2 took the last 1 and survives unharmed; two warriors are defeated
    assert st.wc[1][H("1c3")] == 1
    assert st.players[1].supply == 7 - 3 + 2
    assert st.plunder == 2
    # counter roll of all three defenders, the defeated included (R-COMBAT-2)
    assert st.current_player() == CHANCE and st.chance_request() == ("K", "K", "K")


def test_example_rulebook_order_3_then_1_1_then_1():
    """The printed assignment (3 on one warrior, 1+1 on another, the last 1
    on the third), reached die by die in ascending order."""
    st = example()
    roll(st, "M3 M1 K1 K1")
    play(st, "1>W2")  # W1 and W2 hold 1 each
    assert legal(st) == ["1>W1", "1>W3", "auto"]  # W1 and W2 are alike now
    play(st, "1>W1")  # W1: 1+1
    assert st.combat.dmg == [2, 1, 0]
    play(st, "3>W2")  # the 3 on the one that took the single 1: the third warrior lives
    assert st.wc[1][H("1c3")] == 1 and st.plunder == 2
    assert st.current_player() == CHANCE and st.chance_request() == ("K", "K", "K")


def _example_counter(*hits):
    st = example()
    roll(st, "M3 M1 K1 K1")
    play(st, "auto")
    assert st.wc[1][H("1c3")] == 1 and st.plunder == 2
    roll(st, "K1 K2 K2")
    assert st.current_player() == 1 and st.step == "c:def_assign"
    assert legal(st) == ["1>H", "1>W1", "auto"]
    play(st, *hits)
    return st


def test_example_counter_variant_a_warriors_die():
    """Variant A: a 2 on each attacking warrior, the 1 on Oleif; the
    attackers retreat to their origin since one defender lives (R-COMBAT-1.8);
    plunder 2 Taler paid at the end of the combat phase (R-COMBAT-1.7)."""
    st = _example_counter("1>H", "2>W1", "2>W2")
    oleif = st.players[0]
    assert oleif.life == 9
    assert st.wc[0][H("1c2")] == 0 and st.wc[0][H("1c3")] == 0
    assert oleif.supply == 7 - 2 + 2
    assert oleif.hero_at == H("1c2")
    assert oleif.taler == 2 and st.combat is None and st.phase > 2
    assert st.wc[1][H("1c3")] == 1  # Bera's survivor holds the beach


def test_example_counter_variant_b_all_on_oleif():
    """Variant B: all on Oleif, 10 -> 5; both warriors retreat unharmed."""
    st = _example_counter("1>H", "2>H", "2>H")
    oleif = st.players[0]
    assert oleif.life == 5
    assert st.wc[0][H("1c2")] == 2 and st.wc[0][H("1c3")] == 0
    assert oleif.hero_at == H("1c2") and oleif.taler == 2


def test_example_auto_suggestion_defeats_two():
    st = example()
    roll(st, "M3 M1 K1 K1")
    sug = st.suggest_assignment()
    assert sorted(v for v, _ in sug) == [1, 1, 3]  # every remaining die placed
    play(st, "auto")
    assert st.wc[1][H("1c3")] == 1 and st.players[1].supply == 6
    assert st.plunder == 2


def test_plunder_paid_at_end_of_combat_phase():
    """R-COMBAT-1.7 / decision 12: plunder accrues, paid when the phase ends."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=3)
    place(st, 1, "1c3", warriors=3)
    place(st, 1, "1c1", warriors=1)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "W 1c2-1c1", "end", "fight 1c3")
    roll(st, "M3 M1 K1 K1")
    play(st, "auto")
    roll(st, "K1 K2 K2")
    play(st, "1>H", "2>H", "2>H")
    assert st.step == "combat" and legal(st) == ["fight 1c1"]
    assert st.plunder == 2 and st.players[0].taler == 0
    play(st, "fight 1c1")
    roll(st, "K2")  # the lone warrior on 1c1 is defeated
    roll(st, "K1")  # its counter: my warrior survives
    assert st.players[0].taler == 3 and st.plunder == 0
    assert st.wc[0][H("1c1")] == 1 and st.wc[1][H("1c1")] == 0


def test_retreat_one_hex_back_after_two_steps():
    """R-MOVE-4: a Wisent rider and Berserker warriors retreat one hex, to
    the hex each entered the combat hex from."""
    st = position(("Oleif", "Bera"))
    oleif = st.players[0]
    oleif.wisent = True
    place(st, 0, "1b1", hero=True, warriors=1, gode=True)
    place(st, 0, "1c4", warriors=1)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 0)
    play(st, "gode berserker", "H 1b1-1c2", "H 1c2-1c3", "W 1b1-1c2", "W 1b1-1c2-1c3", "W 1c4-1c3", "end",
         "fight 1c3")
    assert st.chance_request() == ("G", "M", "M", "K", "K")
    roll(st, "G2 M1 M1 K1 K1")
    play(st, "1>W1", "1>W3")  # W1 defeated; the 2 then falls on a wounded one
    assert st.wc[1][H("1c3")] == 1 and st.plunder == 2
    roll(st, "K1 K1 K1")
    play(st, "1>H", "1>W1", "1>W2")
    assert oleif.life == 9
    assert oleif.hero_at == H("1c2") and st.wc[0][H("1c2")] == 1 and st.wc[0][H("1c4")] == 1
    assert st.wc[0][H("1b1")] == 0 and st.wc[0][H("1c3")] == 0


# ---------------------------------------------------------------- assignment constraints (R-COMBAT-1.4/5)


def _warriors_vs(defender_hero=False, warriors=1, life=None):
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", warriors=2)
    place(st, 1, "1c3", hero=defender_hero, warriors=warriors)
    if life is not None:
        st.players[1].life = life
    melee(st, 0, 1, "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    return st


def test_dice_wasted_when_all_defeated():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=1)
    melee(st, 0, 1, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    roll(st, "M4 M3 K2 K1")
    # no choice: 1 then 2 on the only warrior, the rest is wasted
    assert st.wc[1][H("1c3")] == 0 and st.plunder == 1
    assert st.combat.queue == []
    roll(st, "K2")
    assert st.players[0].hero_at == H("1c3")  # no defender stands: the hex is held
    assert st.wc[0][H("1c3")] == 2


def test_dice_stack_on_one_unit():
    st = _warriors_vs(defender_hero=True, warriors=1)
    roll(st, "K2 K1")
    assert legal(st) == ["1>H", "1>W1", "auto"]
    play(st, "1>W1")
    assert legal(st) == ["2>H", "2>W1", "auto"]
    play(st, "2>W1")  # stacking: 1+2 defeats it
    assert st.wc[1][H("1c3")] == 0 and st.players[1].life == 8 and st.plunder == 1


def test_stacked_and_last_die_forced_onto_hero():
    st = _warriors_vs(defender_hero=True, warriors=1)
    roll(st, "K2 K2")
    play(st, "2>W1")
    # W1 is defeated: the last 2 must not be left while the hero stands,
    # and it is the only target: assigned at once (no die left, R-COMBAT-1.4)
    assert st.players[1].life == 6 and st.wc[1][H("1c3")] == 0
    assert st.current_player() == CHANCE


def test_hero_loses_exactly_the_damage():
    st = _warriors_vs(defender_hero=True, warriors=0)
    roll(st, "K2 K1")  # all onto the lone hero (Bera: 8 life)
    assert st.players[1].life == 5 and st.plunder == 0
    assert st.combat.side == "def"


def test_no_die_on_hero_whose_damage_reaches_life():
    """A hero with 2 life: after 1+1 it takes no more; the rest goes on."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[1].life = 2
    st.players[1].taler = 4
    melee(st, 0, 1, "H 1c2-1c3", "W 1c2-1c3", fight="1c3")
    roll(st, "M1 M1 K1")
    play(st, "1>H", "1>H")
    # H has 2 damage = its life: the last 1 is forced onto the warrior
    bera = st.players[1]
    assert bera.life == 0 and bera.hero_at == -1
    assert st.combat.dmg == [2, 1] and st.wc[1][H("1c3")] == 1
    assert st.plunder == 1  # a hero brought to 0 counts (decision 11)
    # R-FAINT-1: Oleif stands on the hex and takes the Taler at once
    assert st.players[0].taler == 4 and st.taler_at == {}


def test_whole_dice_only_values_in_ascending_order():
    st = _warriors_vs(defender_hero=True, warriors=1)
    roll(st, "K2 K1")
    assert rejected(st, "2>H") == "R-COMBAT-1"  # the 1 comes first
    assert rejected(st, "1>W2") == "R-COMBAT-1"  # no such unit


# ---------------------------------------------------------------- protection (§8)


def _blocks_for(st):
    return [a for a in legal(st) if a.startswith("block")]


def test_peak_protects_defender_and_defender_chooses():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1a2", hero=True)
    place(st, 1, "1a1", warriors=2)  # a peak with no troll
    melee(st, 0, 1, "H 1a2-1a1", fight="1a1")
    roll(st, "M4 M1")
    assert st.current_player() == 1 and st.step == "c:def_block"
    assert _blocks_for(st) == ["block 4", "block 1"]
    play(st, "block 1")  # a bad choice, but the defender's own
    assert st.wc[1][H("1a1")] == 1 and st.plunder == 1


def test_attacker_gets_no_peak_protection():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1a2", hero=True)
    place(st, 1, "1a1", warriors=2)
    melee(st, 0, 1, "H 1a2-1a1", fight="1a1")
    roll(st, "M4 M1")
    play(st, "block 4")
    roll(st, "K2 K1")  # the counter is not blocked: Oleif loses 3
    assert st.players[0].life == 7 and st.players[0].hero_at == H("1a2")


def test_no_block_decision_when_choices_do_not_differ():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1a2", hero=True)
    place(st, 1, "1a1", warriors=2)
    melee(st, 0, 1, "H 1a2-1a1", fight="1a1")
    roll(st, "M3 M3")
    # one 3 blocked, the other on one of two alike warriors: no decision at all
    assert st.combat.blocked == [3] and st.wc[1][H("1a1")] == 1
    assert st.current_player() == CHANCE


def test_protection_at_least_dice_blocks_all_without_a_decision():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1a2", warriors=1)
    place(st, 1, "1a1", warriors=1)
    melee(st, 0, 1, "W 1a2-1a1", fight="1a1")
    roll(st, "K2")
    assert st.combat.blocked == [2] and st.wc[1][H("1a1")] == 1
    assert st.current_player() == CHANCE  # straight on to the counter roll


def test_helm_protects_defender_hero_hex():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", warriors=2)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[1].helm = True
    melee(st, 0, 1, "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    roll(st, "K2 K1")
    assert _blocks_for(st) == ["block 2", "block 1"]
    play(st, "block 2")
    assert legal(st) == ["1>H", "1>W1", "auto"]
    play(st, "1>W1")
    assert st.players[1].life == 8 and st.wc[1][H("1c3")] == 1 and st.plunder == 0


def test_helm_protects_attacker_against_counter():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=2)
    st.players[0].helm = True
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    roll(st, "M1 M1")
    play(st, "1>W1")
    roll(st, "K2 K1")
    assert st.current_player() == 0 and st.step == "c:att_block"
    assert _blocks_for(st) == ["block 2", "block 1"]
    play(st, "block 2")
    assert st.players[0].life == 9


def test_second_crystal_as_protection():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", warriors=2)
    place(st, 1, "1c3", hero=True)
    bera = st.players[1]
    bera.crystals, bera.cbonus = 2, "P"
    melee(st, 0, 1, "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    roll(st, "K2 K1")
    play(st, "block 2")
    assert bera.life == 7  # Bera's 8, only the 1 hit


def test_rundschild_protects():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1c2", warriors=2)
    place(st, 1, "1c3", hero=True)
    st.players[1].epic = ("rundschild",)
    melee(st, 0, 1, "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    roll(st, "K2 K1")
    play(st, "block 2")
    assert st.players[1].life == 7


def test_raghild_protection_against_troll_only():
    st = position(("Raghild", "Bera"), trolls=True)
    place(st, 0, "1a2", hero=True, warriors=1)
    melee(st, 0, 1, "H 1a2-1a1", "W 1a2-1a1", fight="1a1")
    roll(st, "M4 M3 K2")  # the troll blocks the 4: 3+2 = 5 is not enough
    assert st.combat.blocked == [4] and st.troll[H("1a1")]
    roll(st, "M4 M2 M1")
    # Furchtlosigkeit: Raghild blocks one die of the troll's counter roll
    assert st.current_player() == 0 and _blocks_for(st) == ["block 4", "block 2", "block 1"]
    play(st, "block 4")
    assert st.current_player() == 1  # the left neighbour assigns (R-COMBAT-3)
    play(st, "1>H", "2>H")
    assert st.players[0].life == 7


def test_raghild_no_protection_against_heroes():
    st = position(("Raghild", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=1)
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    roll(st, "M1 M1")  # 1+1 defeats the warrior
    roll(st, "K2")
    assert st.players[0].life == 8  # nothing blocked


def test_black_dice_never_blocked():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    st.players[0].crystals, st.players[0].cbonus = 2, "S"
    place(st, 1, "1c3", hero=True)
    st.players[1].helm = True
    st.players[1].crystals, st.players[1].cbonus = 2, "P"
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.chance_request() == ("M", "M", "S")
    roll(st, "M1 M1 S4")
    # two protection points, two red dice: both blocked; the S4 hits
    assert st.combat.blocked == [1, 1]
    assert st.players[1].life == 8 - 4


# ---------------------------------------------------------------- potion windows (R-POT-4..6, R-TURN-5)


def _potions(st, seat, *kinds):
    p = st.players[seat]
    p.potions = [(k, p.spec.eile_uses if k == "eile" else 1) for k in kinds]
    for k in kinds:
        st.potion_supply[k] -= 1


def test_defender_heiltrank_before_the_attack_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, "heil")
    st.players[1].life = 3
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.current_player() == 1 and st.step == "c:def_pre"
    assert legal(st) == ["drink heil", "end"]
    play(st, "drink heil")
    assert st.players[1].life == 7 and st.players[1].potions == []
    assert st.potion_supply["heil"] == 5
    play(st, "end")
    assert st.current_player() == CHANCE
    roll(st, "M4 M3")
    assert st.players[1].life == 0  # 7 damage: faints
    assert st.players[1].hero_at == -1


def test_heiltrank_refused_after_the_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, "heil", "schutz")
    st.players[1].life = 5
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    play(st, "end")  # Bera passes before the roll
    roll(st, "M2 M1")
    assert st.step == "c:def_post" and st.current_player() == 1
    assert legal(st) == ["drink schutz", "end"]
    assert rejected(st, "drink heil") == "R-POT-4"


def test_attacker_heiltrank_before_own_attack_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=1)
    _potions(st, 0, "heil")
    st.players[0].life = 4
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.step == "c:att_pre" and legal(st) == ["drink heil", "end"]
    play(st, "drink heil", "end")
    assert st.players[0].life == 8


def test_krafttrank_before_the_roll_adds_g():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=3)
    _potions(st, 0, "kraft", "kraft")
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert legal(st) == ["drink kraft", "end"]
    play(st, "drink kraft", "drink kraft")
    assert st.players[0].potions == [] and st.potion_supply["kraft"] == 5
    play(st, "end")
    assert st.chance_request() == ("G", "G", "M", "M")


def test_krafttrank_after_the_roll_joins_the_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=3)
    _potions(st, 0, "kraft")
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    play(st, "end")
    roll(st, "M2 M2")
    assert st.step == "c:att_post" and legal(st) == ["drink kraft", "end"]
    play(st, "drink kraft")
    assert st.current_player() == CHANCE and st.chance_request() == ("G",)
    roll(st, "G2")
    assert st.combat.att_drunk == ("kraft",) and st.combat.att_kraft == 0  # drunk, yet rolled already
    assert st.step == "c:att_post" and legal(st) == ["end"]
    play(st, "end")
    # three 2s: three warriors defeated
    assert st.wc[1][H("1c3")] == 0 and st.plunder == 3


def test_defender_krafttrank_adds_g_to_the_counter():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, "kraft", "kraft")
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert legal(st) == ["drink kraft", "end"]
    play(st, "drink kraft", "end")
    roll(st, "M1 M1")
    assert st.step == "c:def_post" and legal(st) == ["drink kraft", "end"]
    play(st, "end")
    assert st.players[1].life == 6
    assert st.chance_request() == ("G", "M", "M")
    roll(st, "G5 M4 M4")
    assert st.step == "c:def_post2" and legal(st) == ["drink kraft", "end"]
    play(st, "drink kraft")
    assert st.chance_request() == ("G",)
    roll(st, "G2")
    play(st, "end")
    # 5+4+4+2 = 15: Oleif faints, his Taler stay with... Bera stands there
    assert st.players[0].life == 0 and st.players[0].hero_at == -1


def test_schutztrank_after_the_opposing_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, "schutz")
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert legal(st) == ["end"]  # not before the opposing roll
    play(st, "end")
    roll(st, "M4 M1")
    assert legal(st) == ["drink schutz", "end"]
    play(st, "drink schutz", "end")
    assert st.step == "c:def_block" and _blocks_for(st) == ["block 4", "block 1"]
    play(st, "block 4")
    assert st.players[1].life == 7
    assert st.potion_supply["schutz"] == 6


def test_attacker_schutztrank_after_counter_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=2)
    _potions(st, 0, "schutz")
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert legal(st) == ["end"]
    play(st, "end")
    roll(st, "M1 M1")
    assert legal(st) == ["end"]  # no Schutztrank against one's own roll
    play(st, "end", "1>W2")
    roll(st, "K2 K2")
    assert st.step == "c:att_post2" and legal(st) == ["drink schutz", "end"]
    play(st, "drink schutz", "end")
    assert st.players[0].life == 8  # one 2 blocked, no decision: both alike


def _bera_hurt_defends_with(*kinds):
    """Oleif's hero attacks Bera's on 1c3; Bera, 3 life short, holds ``kinds``."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, *kinds)
    st.players[1].life -= 3
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    return st


def test_the_combat_keeps_every_potion_drunk_in_it_a_heiltrank_before_the_roll_too():
    """R-POT-4: Bera drinks a Heiltrank at the window before the attack roll; R-POT-5/6:
    a Krafttrank (for her counter roll, decision 32) and a Schutztrank after it (R-POT-3:
    any number). The combat keeps all three, in order, for her side: the later window's
    "no further potion" reads it (the Kraft and Schutz counts alone forget the Heiltrank)."""
    st = _bera_hurt_defends_with("heil", "kraft", "schutz")
    assert st.step == "c:def_pre" and legal(st) == ["drink heil", "drink kraft", "end"]
    play(st, "drink heil")
    assert st.combat.def_drunk == ("heil",) and st.combat.att_drunk == ()
    assert st.observation(1)["combat"]["drunk"] == {"attacker": [], "defender": ["heil"]}
    play(st, "end")
    roll(st, "M1 M1")
    assert st.step == "c:def_post" and legal(st) == ["drink schutz", "drink kraft", "end"]  # R-POT-3: any number
    view = st.observation(1)["combat"]
    assert view["drunk"] == {"attacker": [], "defender": ["heil"]}
    assert view["kraft"] == {"attacker": 0, "defender": 0} and view["schutz"] == {"attacker": 0, "defender": 0}
    before = st.clone()
    play(st, "drink kraft")
    assert st.combat.def_drunk == ("heil", "kraft") and st.combat.def_kraft == 1
    assert st.step == "c:def_post" and legal(st) == ["drink schutz", "end"]
    play(st, "drink schutz")
    assert st.combat.def_drunk == ("heil", "kraft", "schutz") and st.combat.def_schutz == 1
    assert before.combat.def_drunk == ("heil",)  # a copy of the game keeps what it had


def test_a_combat_begins_with_nothing_drunk():
    """Each combat keeps its own potions: what Bera drank in one is not in the next."""
    st = _bera_hurt_defends_with("heil", "kraft")
    play(st, "drink heil", "end")
    roll(st, "M1 M1")
    play(st, "end")  # no Krafttrank after the roll
    roll(st, "M1 M1")  # Bera's counter roll: 2 damage, Oleif stands and retreats
    while st.combat is not None:
        play(st, "end" if st.step.startswith("c:") and "end" in legal(st) else legal(st)[0])
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    assert st.step == "c:def_pre" and st.combat.def_drunk == () and st.combat.att_drunk == ()


@pytest.mark.parametrize("kind", ["heil", "kraft", "eile", "schutz"])
def test_window_opens_on_any_potion_count_only(kind):
    """R-SECRET-1: the window depends on the count, so it shows no kind."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    _potions(st, 1, kind)
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.step == "c:def_pre" and st.current_player() == 1
    obs = st.observation(0)
    assert obs["players"][1]["potions"] == [{"kind": None, "uses": None}]
    assert obs["decider"] == 2 and obs["legal"] == []


def test_no_window_without_potions_or_without_hero():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=1)
    place(st, 1, "1b1", hero=True)
    _potions(st, 1, "heil")
    st.players[1].life = 2
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.current_player() == CHANCE  # Bera is not in this combat


# ---------------------------------------------------------------- dice (R-COMBAT-1.1, §3, §17)


def test_wisent_g_in_attack_only():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    st.players[0].wisent = True
    place(st, 1, "1c3", hero=True)
    st.players[1].wisent = True
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.chance_request() == ("G", "M", "M")
    roll(st, "G2 M1 M1")
    assert st.chance_request() == ("M", "M")


def test_second_crystal_s_die_attack_and_defence():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    for p in st.players:
        p.crystals, p.cbonus = 2, "S"
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.chance_request() == ("M", "M", "S")
    roll(st, "M1 M1 S1")
    assert st.chance_request() == ("M", "M", "S")


def test_hammer_and_gode_dice():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1, gode=True)
    st.players[0].weapon = "hammer"
    place(st, 1, "1c3", gode=True, warriors=1)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "G 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    assert st.chance_request() == ("M", "M", "M", "K", "K")
    roll(st, "M1 M1 M1 K1 K1")
    play(st, "auto")
    assert st.chance_request() == ("K", "K")


def test_kampfrausch_warriors_roll_m():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1c2", warriors=2)
    st.players[0].epic = ("kampfrausch",)
    place(st, 1, "1c3", warriors=2)
    st.players[1].epic = ()
    melee(st, 0, 1, "W 1c2-1c3", "W 1c2-1c3", fight="1c3")
    assert st.chance_request() == ("M", "M")
    roll(st, "M1 M1")
    play(st, "1>W1")
    assert st.chance_request() == ("K", "K")


def test_mjolnir_three_g_also_in_defence():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    for p in st.players:
        p.weapon = "mjolnir"
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    assert st.chance_request() == ("G", "G", "G")
    roll(st, "G2 G2 G2")
    assert st.chance_request() == ("G", "G", "G")


# ---------------------------------------------------------------- Blitzschlag (R-GODE-4) and Mjölnir's throw


def gode_turn(st, marker="blitz", *moves):
    begin(st, 0, 0)
    assert st.step == "gode"
    play(st, f"gode {marker}", *moves, "end")


def test_blitz_alone():
    """1S, unblockable, assigned by the attacker, no counter, plunder."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", hero=True, warriors=1)
    st.players[1].helm = True
    gode_turn(st)
    assert legal(st) == ["blitz 1c2", "end"]
    play(st, "blitz 1c2")
    assert st.chance_request() == ("S",)
    roll(st, "S3")
    assert st.combat.blocked == []
    assert st.current_player() == 0 and legal(st) == ["3>H", "3>W1", "auto"]
    play(st, "3>W1")
    assert st.wc[1][H("1c2")] == 0 and st.players[1].life == 8
    assert st.combat is None and st.players[0].gode_at == H("1b1")
    assert st.players[0].taler == 1  # paid at the phase end (the turn has moved on)


def test_blitz_onto_hero():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", hero=True)
    gode_turn(st)
    play(st, "blitz 1c2")
    roll(st, "S4")
    assert st.players[1].life == 4 and st.players[0].taler == 0


def test_blitz_joins_the_melee_attack_roll():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 0, "1c3", hero=True)
    place(st, 1, "1c2", warriors=3)
    st.players[1].crystals = 0
    place(st, 1, "1c1")
    gode_turn(st, "blitz", "H 1c3-1c2")
    assert legal(st) == ["fight 1c2", "blitz 1c2"]
    play(st, "blitz 1c2")
    assert legal(st) == ["fight 1c2"]
    play(st, "fight 1c2")
    assert st.chance_request() == ("M", "M", "S")
    roll(st, "M2 M2 S2")
    assert st.wc[1][H("1c2")] == 0 and st.plunder == 3


def test_blitz_not_from_combat_hex():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c1", warriors=1)
    gode_turn(st, "blitz", "G 1b1-1c2")
    assert legal(st) == ["fight 1c2"]
    assert rejected(st, "blitz 1c1") == "R-GODE-4"


def test_blitz_not_after_the_gode_retreated():
    """'No combat hex at any time this phase': a Gode that fought in a melee
    and retreated may not strike afterwards."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", warriors=2)
    place(st, 1, "1c1", warriors=1)
    gode_turn(st, "blitz", "G 1b1-1c2")
    play(st, "fight 1c2")
    roll(st, "K1")
    roll(st, "K1 K1")
    assert st.players[0].gode_at == H("1b1")
    assert "blitz 1c1" not in legal(st)


def test_blitz_needs_marker():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", warriors=1)
    place(st, 0, "1c3", hero=True)
    gode_turn(st, "heilen", "H 1c3-1c2")
    assert legal(st) == ["fight 1c2"]
    assert rejected(st, "blitz 1c2") == "R-GODE-4"


def test_blitz_once_per_turn():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 0, "1b2", hero=True)
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c1", warriors=1)
    gode_turn(st, "blitz", "H 1b2-1c2")
    assert legal(st) == ["fight 1c2", "blitz 1c1", "blitz 1c2"]
    play(st, "blitz 1c1")
    roll(st, "S1")
    assert st.wc[1][H("1c1")] == 1  # a 1 does not defeat a warrior
    assert legal(st) == ["fight 1c2"]
    assert rejected(st, "blitz 1c2") == "R-GODE-4"


def test_blitz_not_at_fainted_hero():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c1", warriors=1)
    st.lying[H("1c1")] = 1
    st.players[1].lying_at = H("1c1")
    st.players[1].faint = 5
    gode_turn(st)
    assert "blitz 1c1" not in legal(st)


def test_blitz_at_troll_cannot_defeat_it():
    st = position(("Oleif", "Bera"), trolls=True)
    place(st, 0, "1a2", gode=True)
    gode_turn(st)
    play(st, "blitz 1a1")
    roll(st, "S4")
    assert st.troll[H("1a1")] and st.plunder == 0
    assert st.crystal_at[H("1a1")] == 1


def _mjolnir(st, seat=0):
    st.players[seat].weapon = "mjolnir"
    st.players[seat].epic = ("mjolnir",)


def test_mjolnir_thrown_alone():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1b1", hero=True)
    _mjolnir(st)
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c1", warriors=1)
    place(st, 0, "1c3", warriors=1)
    melee(st, 0, 1, "W 1c3-1c2")
    assert legal(st) == ["fight 1c2", "throw 1c1", "throw 1c2"]
    play(st, "throw 1c1")
    assert st.chance_request() == ("S",)
    roll(st, "S2")
    assert st.wc[1][H("1c1")] == 0 and st.players[0].life == 10
    assert st.plunder == 1
    assert legal(st) == ["fight 1c2"]  # once per turn
    assert rejected(st, "throw 1c2") == "R-GODE-4"
    play(st, "fight 1c2")
    roll(st, "K1")
    roll(st, "K1")
    assert st.players[0].taler == 1 and st.wc[0][H("1c3")] == 1


def test_mjolnir_not_from_combat_hex():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1b1", hero=True)
    _mjolnir(st)
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c1", warriors=1)
    melee(st, 0, 1, "H 1b1-1c2")
    assert legal(st) == ["fight 1c2"]


def test_blitz_and_mjolnir_both_into_one_melee():
    st = position(("Oleif", "Jorund"), mode="episch")
    place(st, 0, "1b1", hero=True, gode=True)
    _mjolnir(st)
    place(st, 0, "1c3", warriors=1)
    place(st, 1, "1c2", hero=True)
    gode_turn(st, "blitz", "W 1c3-1c2")
    play(st, "blitz 1c2", "throw 1c2", "fight 1c2")
    assert st.chance_request() == ("K", "S", "S")
    roll(st, "K2 S4 S3")
    assert st.players[1].life == 1


def test_blitz_and_mjolnir_as_two_lone_strikes():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 0, "1b1", hero=True, gode=True)
    _mjolnir(st)
    place(st, 1, "1c2", hero=True)
    st.players[1].taler = 5
    gode_turn(st)
    play(st, "blitz 1c2")
    roll(st, "S4")
    assert legal(st) == ["throw 1c2", "end"]
    play(st, "throw 1c2")
    roll(st, "S4")
    assert st.players[1].life == 0 and st.players[1].hero_at == -1
    # no enemy hero on 1c2: her Taler lie there; plunder for the hero brought to 0
    assert st.taler_at == {H("1c2"): 5} and st.players[0].taler == 1


# ---------------------------------------------------------------- the combat in the observation


def test_observation_shows_the_combat_and_suggestion():
    st = example()
    roll(st, "M3 M1 K1 K1")
    obs = st.observation(None)["combat"]
    assert obs["hex"] == "1c3" and obs["attacker"] == 1 and obs["defender"] == 2
    assert [u["id"] for u in obs["attackers"]] == ["H", "W1", "W2"]
    assert all(u["retreat"] == "1c2" for u in obs["attackers"])
    assert obs["to_assign"] == [1, 1, 3] and obs["damage"] == [1, 0, 0]
    assert obs["suggestion"] == [f"{v}>{t}" for v, t in st.suggest_assignment()]
    assert len(obs["suggestion"]) == 3


def test_observation_marks_a_fainted_hero_defeated():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[1].life = 1
    melee(st, 0, 1, "H 1c2-1c3", fight="1c3")
    roll(st, "M1 M1")
    play(st, "1>H")
    obs = st.observation(0)["combat"]
    assert [(u["id"], u["defeated"]) for u in obs["defenders"]] == [("H", True), ("W1", False)]
    assert obs["roll_of"] == "defender" and st.chance_request() == ("M", "M", "K")


# ---------------------------------------------------------------- the suggestion, over many exact positions


def _most_defeated(life: list[int], dmg: list[int], dice: list[int]) -> int:
    """Brute force: every die, ascending, onto any unit still standing."""
    best = 0

    def walk(k: int, d: list[int]) -> None:
        nonlocal best
        alive = [i for i in range(len(life)) if d[i] < life[i]]
        if k == len(dice) or not alive:
            best = max(best, sum(x >= y for x, y in zip(d, life)))
            return
        for i in alive:
            d[i] += dice[k]
            walk(k + 1, d)
            d[i] -= dice[k]

    walk(0, list(dmg))
    return best


@pytest.mark.parametrize("case", range(120))
def test_auto_is_legal_and_defeats_the_most(case):
    import random

    from thorskliff.engine.combat import unit_labels
    from thorskliff.engine.dice import FACES

    r = random.Random(case)
    st = position(("Oleif", "Jorund"))
    nw = r.randint(0, 2)
    place(st, 0, "1c2", hero=True, warriors=nw)
    hero = r.random() < 0.6
    place(st, 1, "1c3", hero=hero, warriors=r.randint(0 if hero else 1, 3), gode=r.random() < 0.4)
    st.players[1].life = r.randint(1, 8)
    melee(st, 0, 1, "H 1c2-1c3", *["W 1c2-1c3"] * nw, fight="1c3")
    roll(st, " ".join(f"{k}{r.choice(FACES[k])}" for k in st.chance_request()))
    if st.step != "c:att_assign":
        return
    c = st.combat
    units = c.targets()
    labels = unit_labels(units)
    life = [st.players[1].life if u[0] == "H" else {"W": 2, "G": 3}[u[0]] for u in units]
    dmg, queue = list(c.dmg), list(c.queue)
    seq = st.suggest_assignment()
    assert [v for v, _ in seq] == queue[:len(seq)]  # ascending, whole dice
    d = list(dmg)
    for v, lab in seq:
        i = labels.index(lab)
        assert d[i] < life[i]  # never onto a unit already defeated
        d[i] += v
    if len(seq) < len(queue):  # dice left over only when all are defeated
        assert all(x >= y for x, y in zip(d, life))
    assert sum(x >= y for x, y in zip(d, life)) == _most_defeated(life, dmg, queue)


def test_every_seat_sees_that_and_what_was_drunk_as_the_drank_event_says_but_no_held_kind():
    """R-SECRET-1 hides the kinds of potions held; a potion drunk is public: the "drank"
    event names it to every seat and to a spectator, and the combat's ``drunk`` says no
    more than those events. Bera's Schutztrank, still held, stays hidden from the others."""
    st = _bera_hurt_defends_with("heil", "schutz")
    game = record.from_state(st, auto_chance=False)
    game.submit("drink heil")
    for viewer in (0, 1, None):
        obs = game.view(viewer)
        drank = [e.potion for evs in game.events for e in E.visible(evs, viewer) if e.kind == "drank"]
        assert obs["combat"]["drunk"] == {"attacker": [], "defender": drank} == {"attacker": [], "defender": ["heil"]}
        held = [p["kind"] for p in obs["players"][1]["potions"]]
        assert held == (["schutz"] if viewer == 1 else [None]), viewer
