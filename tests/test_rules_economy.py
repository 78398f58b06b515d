"""Everything that earns, costs or wins outside a combat (docs/rules.md sections
9–15 and 19): silver and resources, the actions and their prices, recruiting,
potions (with what each seat may see of them), the Gode's abilities, the
heroes' abilities, ambers, crystals, the runestone, winning, going out, and
the turn-level part of fainting.

Positions are exact (``tests/helpers.py``); the board is the Duell crescent
ABCD unless said otherwise. Useful hexes: 1c3 beach (scree 0), 1c2 farm,
1c4 well farm, 1c1 meadow, 1b1 forest, 1b2 rock, 1b3 meadow, 1a2 forest,
1a1 peak; 2c1 rock, 2b2 rock, 2b1 scree; 4c3 beach (rock); M1–M6 market; S.
"""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff.engine.actions import IllegalActionError
from thorskliff.engine.player import AWAKE, FAINTED, LYING, WAIT_NEXT, WAITING, X_TURN


def at_action(st, seat: int = 0):
    """Start ``seat``'s turn at phase 4 and check it stops there."""
    begin(st, seat, 4)
    assert st.step == "action", st.step
    return st


def refused(st, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        play(st, text)
    return e.value


def opponent_somewhere(st, seat: int = 1, label: str = "3b1") -> None:
    """Give the other seat a hero so that its turn does not pass at once."""
    place(st, seat, label, hero=True)


# =========================================================================== §13 silver and resources

def test_R_SILVER_1_rulebook_example_bera_three_rock_hexes_give_two_taler():
    """R-SILVER-1, the rulebook's example: Bera's warriors stand on 3 rock
    hexes, one of them holding 2 warriors: 3 − 1 = 2 Taler. Her 2 forest hexes
    give nothing extra: only one terrain is worked per turn."""
    st = position(("Oleif", "Bera"))
    place(st, 1, "1b2", warriors=2)  # rock
    place(st, 1, "2b2", warriors=1)  # rock
    place(st, 1, "2c1", warriors=1)  # rock
    place(st, 1, "1b1", warriors=1)  # forest
    place(st, 1, "1a2", warriors=1)  # forest
    place(st, 1, "S", hero=True)  # where the hero stands does not matter
    begin(st, 1, 3)
    assert (st.phase, legal(st)) == (3, ["silver rock", "silver forest"])
    play(st, "silver rock")
    assert st.players[1].taler == 2


def test_R_SILVER_1_rulebook_example_oleif_two_meadows_give_one_taler():
    """R-SILVER-1, the rulebook's example: Oleif's warriors on 2 meadows: 1 Taler."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c1", warriors=1)
    place(st, 0, "1b3", warriors=1)
    opponent_somewhere(st)
    begin(st, 0, 3)
    assert legal(st) == ["silver meadow"]
    play(st, "silver meadow")
    assert st.players[0].taler == 1


def test_R_SILVER_1_one_hex_per_terrain_gives_nothing_and_the_phase_passes():
    """R-SILVER-1: count − 1, not below 0: warriors on one hex of each
    terrain earn nothing, and phase 3 asks nothing."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c1", warriors=3)  # meadow
    place(st, 0, "1b1", warriors=1)  # forest
    place(st, 0, "1b2", warriors=1)  # rock
    place(st, 0, "2b1", warriors=1)  # scree
    opponent_somewhere(st)
    begin(st, 0, 3)
    assert (st.seat, st.players[0].taler) == (1, 0)  # phases 3–6 had nothing to do


def test_R_SILVER_1_beaches_count_by_their_terrain():
    """R-SILVER-1 / R-RES-1: the beach 4c3 is rock; with 1b2 it makes two rock hexes."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "4c3", warriors=1)
    place(st, 0, "1b2", warriors=1)
    opponent_somewhere(st)
    begin(st, 0, 3)
    assert legal(st) == ["silver rock"]


def test_R_UNIT_3_only_warriors_work_not_the_hero_or_the_gode():
    """R-UNIT-3: a Gode and the hero on rock hexes do not count for silver."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b2", warriors=1)
    place(st, 0, "2b2", gode=True)
    place(st, 0, "2c1", hero=True)
    opponent_somewhere(st)
    begin(st, 0, 3)
    assert (st.seat, st.players[0].taler) == (1, 0)  # no silver; nothing else to do


def test_R_RES_1_gode_needs_two_distinct_forest_hexes_not_two_warriors_on_one():
    """R-RES-1: 2 forest means 2 forest hexes each with a warrior; two
    warriors on one forest hex are not enough."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True, warriors=2)
    st.players[0].taler = 5
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1b1", "end"]
    st2 = position(("Oleif", "Bera"))
    place(st2, 0, "1b1", hero=True, warriors=1)
    place(st2, 0, "1a2", warriors=1)
    st2.players[0].taler = 5
    begin(st2, 0, 5)
    assert legal(st2) == ["recruit W 1a2", "recruit G 1a2", "recruit W 1b1", "recruit G 1b1", "end"]


def test_R_RES_1_the_same_warriors_pay_several_costs_in_one_turn():
    """R-RES-1: nothing moves or is spent: the forest warriors that showed
    the Wisent's cost in phase 4 show the Gode's 2 forest in phase 5."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    for lab in ("1b1", "1a2", "1c1", "2b1", "1b2"):  # forest forest meadow scree rock
        place(st, 0, lab, warriors=1)
    p = st.players[0]
    p.taler = 8
    at_action(st)
    play(st, "wisent")
    assert (p.wisent, p.taler, st.wisent_left) == (True, 3, 3)
    assert sum(st.wc[0]) == 5
    play(st, "recruit G 1b1")
    assert (p.gode_at, p.taler) == (H("1b1"), 0)


# =========================================================================== §11 actions

def test_met_on_a_farm_costs_1_taler_and_heals_2():
    """§11 Met on a farm: 1 Taler, +2 life."""
    st = position()
    place(st, 0, "1c2", hero=True)
    p = st.players[0]
    p.taler, p.life = 3, 5
    at_action(st)
    assert legal(st) == ["met", "end"]
    play(st, "met")
    assert (p.taler, p.life) == (2, 7)


def test_R_UNIT_4_met_heals_only_up_to_the_maximum():
    """R-UNIT-4: Met at 9 of 10 life gives 1."""
    st = position()
    place(st, 0, "M3", hero=True)
    p = st.players[0]
    p.taler, p.life = 1, 9
    at_action(st)
    play(st, "met")
    assert (p.taler, p.life) == (0, 10)


def test_wisent_costs_5_taler_and_the_four_resources():
    """§11 Wisent: 5 Taler + forest, meadow, scree and rock; the hero rides."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    for lab in ("1b1", "1c1", "2b1", "1b2"):
        place(st, 0, lab, warriors=1)
    p = st.players[0]
    p.taler = 5
    at_action(st)
    assert legal(st) == ["wisent", "end"]
    play(st, "wisent")
    assert (p.wisent, p.taler, st.wisent_left) == (True, 0, 3)


def test_wisent_refused_without_the_rock_hex_naming_R_RES_1():
    """R-RES-1 / R-ACT-1: 5 Taler but no warrior on rock: no Wisent."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    for lab in ("1b1", "1c1", "2b1"):
        place(st, 0, lab, warriors=1)
    st.players[0].taler, st.players[0].life = 9, 9
    at_action(st)
    assert legal(st) == ["met", "end"]
    e = refused(st, "wisent")
    assert e.rule == "R-RES-1"
    assert "forest, meadow, scree and rock" in str(e)


def test_raghild_viehhaendlerin_wisent_for_2_taler():
    """§15 Raghild: the Wisent costs her 2 Taler (and the 4 resources)."""
    st = position(("Raghild", "Bera"))
    place(st, 0, "1c2", hero=True)
    for lab in ("1b1", "1c1", "2b1", "1b2"):
        place(st, 0, lab, warriors=1)
    p = st.players[0]
    p.taler = 2
    at_action(st)
    play(st, "wisent")
    assert (p.wisent, p.taler) == (True, 0)


def test_R_ACT_1_no_wisent_card_left():
    """R-ACT-1: 4 Wisent cards; when all are taken, the action is refused
    because the item is gone."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    for lab in ("1b1", "1c1", "2b1", "1b2"):
        place(st, 0, lab, warriors=1)
    p = st.players[0]
    p.taler, p.life = 9, 9
    st.wisent_left = 0
    at_action(st)
    assert legal(st) == ["met", "end"]
    e = refused(st, "wisent")
    assert e.rule == "R-ACT-1"
    assert "no Wisent card left" in str(e)


def test_kriegshammer_at_the_market_for_7_taler():
    """§11 Kriegshammer: 7 Taler at the market; the weapon becomes 3M."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M2", hero=True)
    p = st.players[0]
    p.taler = 7
    at_action(st)
    assert "hammer" in legal(st)
    play(st, "hammer")
    assert (p.weapon, p.taler, p.weapon_dice()) == ("hammer", 0, ("M", "M", "M"))


def test_jorund_schmieden_kriegshammer_for_5_taler():
    """§15 Jorund: the Kriegshammer costs him 5 Taler; 6 Taler are not enough
    for Oleif."""
    st = position(("Jorund", "Oleif"))
    place(st, 0, "M2", hero=True)
    st.players[0].taler = 5
    at_action(st)
    play(st, "hammer")
    assert (st.players[0].weapon, st.players[0].taler) == ("hammer", 0)
    st2 = position(("Oleif", "Jorund"))
    place(st2, 0, "M2", hero=True)
    st2.players[0].taler = 6
    at_action(st2)
    assert "hammer" not in legal(st2)
    e = refused(st2, "hammer")
    assert e.rule == "R-ACT-1"
    assert "not enough Taler (costs 7, you have 6)" in str(e)


def test_R_ACT_1_kriegshammer_only_at_the_market():
    """R-ACT-1: the hero on a farm cannot buy the hammer; the refusal names
    the place."""
    st = position()
    place(st, 0, "1c2", hero=True)
    p = st.players[0]
    p.taler, p.life = 9, 5
    at_action(st)
    e = refused(st, "hammer")
    assert e.rule == "R-ACT-1"
    assert "needs the hero on the market, not on 1c2" in str(e)


def test_helm_costs_10_and_exists_once():
    """§11 Helm: 10 Taler, +1 protection, unique: nobody else can buy it."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M2", hero=True)
    place(st, 1, "M4", hero=True)
    st.players[0].taler = 10
    st.players[1].taler = 12
    at_action(st, 0)
    play(st, "helm")
    assert (st.players[0].helm, st.players[0].taler, st.helm_free) == (True, 0, False)
    at_action(st, 1)
    assert "helm" not in legal(st)
    e = refused(st, "helm")
    assert (e.rule, "only one helmet" in str(e)) == ("R-ACT-1", True)


def test_R_ACT_1_an_action_not_in_force_is_refused():
    """R-ACT-1: an action whose rule is not (yet) in force, here the helmet."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M2", hero=True)
    st.players[0].taler = 10
    st.rules.discard("helm")
    at_action(st)
    assert "helm" not in legal(st)
    e = refused(st, "helm")
    assert e.rule == "R-ACT-1"
    assert "not yet in force" in str(e)


@pytest.mark.parametrize("hero,players,small,big", [
    ("Jorund", 2, 2, 4), ("Oleif", 2, 1, 3), ("Oleif", 3, 1, 2), ("Bera", 3, 2, 4),
])
def test_gambling_prices_and_oleif_falschspiel(hero, players, small, big):
    """§11 gamble / §15 Oleif: small 2, big 4; Oleif 1 and 2, but 3 for the
    big gamble in a 2-player game. With exactly the big price both are offered,
    one Taler less and the big one is not."""
    heroes = (hero, *[h for h in ("Raghild", "Bera", "Jorund") if h != hero][: players - 1])
    st = position(heroes)
    place(st, 0, "M1", hero=True)
    st.players[0].taler = big
    at_action(st)
    assert "gamble small" in legal(st) and "gamble big" in legal(st)
    st.players[0].taler = big - 1
    st._legal = None
    assert "gamble big" not in legal(st)
    assert ("gamble small" in legal(st)) == (big - 1 >= small)


def test_gamble_pays_the_pips_of_the_forced_roll():
    """§11 gamble: pay, roll 1M (small) or 2M (big), gain the pips."""
    st = position(("Jorund", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b1", warriors=1)
    p = st.players[0]
    p.taler = 5
    at_action(st)
    play(st, "gamble big")
    assert (p.taler, st.chance_request()) == (1, ("M", "M"))
    roll(st, "M4 M3")
    assert (p.taler, st.phase, st.current_player()) == (8, 5, 0)


def test_bath_heals_4_at_a_heisse_quelle():
    """§11 bath: +4 life at a Heiße Quelle rift, free."""
    st = position(rifts={"1c4": "quelle"})
    place(st, 0, "1c4", hero=True)
    p = st.players[0]
    p.life = 3
    at_action(st)
    assert legal(st) == ["bath", "end"]
    play(st, "bath")
    assert p.life == 7


def test_search_gives_1_taler_at_a_silber_rift():
    """§11 search: +1 Taler at a Silber rift."""
    st = position(rifts={"1c4": "silber"})
    place(st, 0, "1c4", hero=True)
    at_action(st)
    assert legal(st) == ["search", "end"]
    play(st, "search")
    assert st.players[0].taler == 1


def test_R_ACT_1_one_action_per_turn():
    """R-ACT-1 (one action per turn): after Met the phase is over; a second
    action is refused naming R-ACT-1."""
    st = position()
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b1", warriors=1)
    p = st.players[0]
    p.taler, p.life = 9, 5
    at_action(st)
    play(st, "met")
    assert (st.phase, st.step) == (5, "recruit")
    e = refused(st, "hammer")
    assert e.rule == "R-ACT-1"
    assert "one action per turn" in str(e)
    assert p.weapon == "axe"


# =========================================================================== §11a recruit

def test_R_RECRUIT_1_one_piece_per_figure_standing_when_the_phase_began():
    """R-RECRUIT-1: the hero and two warriors on 1c2 may place 3 pieces
    there; the new warriors do not recruit in turn."""
    st = position()
    place(st, 0, "1c2", hero=True, warriors=2)
    p = st.players[0]
    p.taler = 20
    opponent_somewhere(st)
    begin(st, 0, 5)
    for _ in range(3):
        assert legal(st)[0] == "recruit W 1c2"
        play(st, "recruit W 1c2")
    assert (st.wc[0][H("1c2")], p.taler, p.supply) == (5, 14, 2)
    assert st.seat == 1  # no fourth piece: the turn is over


def test_R_RECRUIT_1_each_figure_recruits_on_its_own_hex():
    """R-RECRUIT-1: a warrior on 1b1 recruits on 1b1, the hero on 1c2 on 1c2."""
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 0, "1b1", warriors=1)
    st.players[0].taler = 6
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1b1", "recruit W 1c2", "end"]
    play(st, "recruit W 1b1")
    assert legal(st) == ["recruit W 1c2", "end"]


def test_R_RECRUIT_1_never_on_a_market_or_the_sanctuary():
    """R-RECRUIT-1: figures on M1 and S recruit nothing; the refusal names the rule."""
    st = position()
    place(st, 0, "M1", hero=True, warriors=1)
    place(st, 0, "S", warriors=1)
    place(st, 0, "1b1", warriors=1)
    st.players[0].taler = 10
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1b1", "end"]
    e = refused(st, "recruit W M1")
    assert e.rule == "R-RECRUIT-1"
    assert "market or the sanctuary" in str(e)


def test_R_RECRUIT_1_warrior_costs_2_taler():
    """R-RECRUIT-1: 2 Taler a warrior; with 3 Taler the second recruit is gone."""
    st = position()
    place(st, 0, "1c2", hero=True, warriors=1)
    p = st.players[0]
    p.taler = 3
    opponent_somewhere(st)
    begin(st, 0, 5)
    play(st, "recruit W 1c2")
    assert (p.taler, st.seat) == (1, 1)


def test_R_RECRUIT_1_gode_costs_3_taler_and_two_forest_and_uses_the_figures_piece():
    """R-RECRUIT-1 / R-GODE-1: the Gode for 3 Taler + 2 forest is the one
    piece of the figure it is placed with."""
    st = position()
    place(st, 0, "1b1", hero=True, warriors=1)
    place(st, 0, "1a2", warriors=1)
    p = st.players[0]
    p.taler = 7
    begin(st, 0, 5)
    play(st, "recruit G 1a2")
    assert (p.gode_at, p.taler, st.wc[0][H("1a2")]) == (H("1a2"), 4, 1)
    assert st.recruit_cap[H("1a2")] == 0
    assert legal(st) == ["recruit W 1b1", "end"]


def test_R_RECRUIT_1_the_gode_costs_3_taler():
    """R-RECRUIT-1: with 2 Taler the Gode is not offered."""
    st = position()
    place(st, 0, "1b1", hero=True, warriors=1)
    place(st, 0, "1a2", warriors=1)
    st.players[0].taler = 2
    begin(st, 0, 5)
    assert "recruit G 1b1" not in legal(st)
    assert "recruit W 1b1" in legal(st)


def test_R_RECRUIT_2_an_empty_supply_recruits_no_warrior():
    """R-RECRUIT-2: only warriors from the supply can be placed."""
    st = position()
    place(st, 0, "1b1", hero=True, warriors=1)
    place(st, 0, "1a2", warriors=1)
    p = st.players[0]
    p.taler, p.supply = 10, 0
    begin(st, 0, 5)
    assert legal(st) == ["recruit G 1a2", "recruit G 1b1", "end"]
    e = refused(st, "recruit W 1b1")
    assert e.rule == "R-RECRUIT-2"
    assert "no warrior left in the supply" in str(e)


def test_R_RECRUIT_2_defeated_warriors_return_to_the_supply():
    """R-RECRUIT-2: a warrior defeated in a combat goes back to the supply."""
    st = position()
    place(st, 0, "1c1", hero=True)
    place(st, 1, "1c2", warriors=1)
    begin(st, 0)
    before = st.players[1].supply
    play(st, "H 1c1-1c2", "end", "fight 1c2")
    roll(st, "M2 M1")
    roll(st, "K1")
    assert st.players[1].supply == before + 1
    assert st.wc[1][H("1c2")] == 0


def test_R_RUNE_5_the_runestone_is_no_figure_for_recruiting():
    """R-RUNE-5: an own runestone alone on a rift gives no recruit there."""
    st = position(rifts={"1c4": "silber"})
    place(st, 0, "1c2", hero=True)
    st.rune = [0, H("1c4"), 3]
    st.players[0].taler = 9
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1c2", "end"]


# =========================================================================== §12 potions (outside combat)

def test_R_POT_1_potions_are_chosen_from_the_supply_and_cost_3_at_the_market():
    """R-POT-1 / §11: any kind left in the supply, 3 Taler at the market."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    p = st.players[0]
    p.taler = 3
    st.potion_supply["schutz"] = 0
    at_action(st)
    assert [a for a in legal(st) if a.startswith("buy")] == ["buy heil", "buy kraft", "buy eile"]
    play(st, "buy eile")
    assert (p.taler, p.potions, st.potion_supply["eile"]) == (0, [("eile", 2)], 5)
    assert (st.phase, st.step) == (6, "haste")  # usable in the same turn


def test_R_POT_1_a_kind_that_is_gone_is_refused():
    """R-POT-1: the supply is limited."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    st.players[0].taler = 3
    st.potion_supply["kraft"] = 0
    at_action(st)
    e = refused(st, "buy kraft")
    assert e.rule == "R-POT-1"
    assert "no kraft left" in str(e)


def test_R_POT_2_kobold_sells_for_2_taler():
    """R-POT-2 / §11: at a Kobold rift a potion costs 2 Taler."""
    st = position(("Oleif", "Bera"), rifts={"1c4": "kobold"})
    place(st, 0, "1c4", hero=True)
    st.players[0].taler = 2
    at_action(st)
    play(st, "buy schutz")
    assert (st.players[0].taler, st.players[0].potions) == (0, [("schutz", 1)])


def test_R_POT_2_one_purchase_per_turn():
    """R-POT-2: one potion per turn; after it the action phase is over."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b1", warriors=1)
    st.players[0].taler = 9
    at_action(st)
    play(st, "buy kraft")
    assert (st.phase, st.step) == (5, "recruit")
    e = refused(st, "buy kraft")
    assert e.rule == "R-POT-2"
    assert "one potion purchase per turn" in str(e)
    assert st.players[0].potions == [("kraft", 1)]


def test_R_POT_2_bera_buys_two_per_turn_at_2_taler_at_the_market():
    """§15 Bera (Feilschen) / R-POT-2: 2 Taler at the market too, 2 per turn,
    and no third."""
    st = position(("Oleif", "Bera"))
    place(st, 1, "M1", hero=True)
    place(st, 1, "1b1", warriors=1)
    place(st, 0, "3b1", hero=True)
    p = st.players[1]
    p.taler = 6
    at_action(st, 1)
    play(st, "buy kraft")
    assert (p.taler, st.step) == (4, "potion2")
    play(st, "buy eile")
    assert (p.taler, p.potions) == (2, [("kraft", 1), ("eile", 3)])
    assert (st.phase, st.step) == (5, "recruit")
    e = refused(st, "buy schutz")
    assert e.rule == "R-POT-2"


def test_R_POT_2_bera_may_stop_after_one():
    """R-POT-2: Bera's second purchase is optional."""
    st = position(("Oleif", "Bera"))
    place(st, 1, "M1", hero=True)
    place(st, 0, "3b1", hero=True)
    st.players[1].taler = 6
    at_action(st, 1)
    play(st, "buy kraft")
    assert "end" in legal(st)
    play(st, "end")
    assert st.players[1].potions == [("kraft", 1)]
    # R-SECRET-1 / decision 33: a potion holder's turn stops at the haste phase, whatever the kind
    assert (st.players[1].taler, st.step) == (4, "haste")
    play(st, "end")
    assert st.seat == 0  # nothing left to do: the turn passed


def test_R_POT_2_at_most_3_held_a_used_eiletrank_included():
    """R-POT-2: with 3 potions held (one a partly used Eiletrank) nothing
    more is bought to keep; the refusal says to put one back."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    p = st.players[0]
    p.taler = 9
    p.potions = [("kraft", 1), ("schutz", 1), ("eile", 1)]
    at_action(st)
    assert [a for a in legal(st) if a.startswith("buy")] == []
    e = refused(st, "buy heil")
    assert e.rule == "R-POT-2"
    assert "at most 3" in str(e)


def test_R_POT_2_a_heiltrank_drunk_at_once_does_not_count():
    """R-POT-2: with 3 held, a Heiltrank bought and drunk at once is allowed
    (+4 life, the card goes straight back)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    p = st.players[0]
    p.taler, p.life = 3, 4
    p.potions = [("kraft", 1), ("schutz", 1), ("eile", 1)]
    at_action(st)
    assert [a for a in legal(st) if a.startswith("buy")] == ["buy heil!"]
    play(st, "buy heil!")
    assert (p.life, p.taler, len(p.potions), st.potion_supply["heil"]) == (8, 0, 3, 5)


def test_R_POT_2_bera_with_3_held_drinks_two_heiltraenke_bought_at_once():
    """R-POT-2, the rulebook's case: Bera holding 3 may still buy 2
    Heiltränke and drink both at once."""
    st = position(("Oleif", "Bera"))
    place(st, 1, "M1", hero=True)
    place(st, 0, "3b1", hero=True)
    p = st.players[1]
    p.taler, p.life = 4, 1
    p.potions = [("kraft", 1), ("schutz", 1), ("eile", 3)]
    at_action(st, 1)
    play(st, "buy heil!", "buy heil!")
    assert (p.life, p.taler, len(p.potions)) == (8, 0, 3)


def test_R_POT_3_a_potion_put_back_makes_room():
    """R-POT-3: a potion may be put back to the supply to make room."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True)
    p = st.players[0]
    p.taler = 3
    p.potions = [("kraft", 1), ("schutz", 1), ("schutz", 1)]
    st.potion_supply.update(kraft=4, schutz=4)
    at_action(st)
    play(st, "discard schutz")
    assert (p.potions, st.potion_supply["schutz"]) == ([("kraft", 1), ("schutz", 1)], 5)
    play(st, "buy eile")
    assert len(p.potions) == 3


def test_R_POT_3_any_number_drunk_at_once_and_used_ones_return():
    """R-POT-3 / R-POT-4: two Heiltränke one after the other: +4 each, capped
    at the maximum; both return to the supply."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    p = st.players[0]
    p.life = 1
    p.potions = [("heil", 1), ("heil", 1)]
    st.potion_supply["heil"] = 3
    begin(st, 0)
    play(st, "drink heil", "drink heil")
    assert (p.life, p.potions, st.potion_supply["heil"]) == (9, [], 5)


def test_R_POT_4_heiltrank_heals_up_to_the_maximum():
    """R-POT-4 / R-UNIT-4: +4 but not beyond the maximum."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    p = st.players[0]
    p.life = 8
    p.potions = [("heil", 1)]
    begin(st, 0)
    play(st, "drink heil")
    assert p.life == 10


def test_R_POT_5_R_POT_6_kraft_and_schutz_not_outside_a_combat():
    """R-POT-5 / R-POT-6: a Krafttrank or a Schutztrank is drunk in a combat
    on the hero's hex, not in the movement phase."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    st.players[0].potions = [("kraft", 1), ("schutz", 1)]
    begin(st, 0)
    assert not [a for a in legal(st) if a.startswith("drink")]
    assert refused(st, "drink kraft").rule == "R-POT-5"
    assert refused(st, "drink schutz").rule == "R-POT-6"


# --------------------------------------------------------------------------- Eiletrank (R-POT-7)

def test_R_POT_7_eiletrank_one_extra_step_in_the_haste_phase_then_only_free_steps():
    """R-POT-7: in phase 6 the hero steps once more with an Eiletrank use;
    then the turn ends but for free steps (here selling on the farm)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.amber = True
    p.potions = [("eile", 2)]
    begin(st, 0, 6)
    assert legal(st) == ["haste 1c3-1c4", "haste 1c3-1c2", "end", "discard eile"]
    play(st, "haste 1c3-1c2")
    assert (p.hero_at, p.potions, st.step) == (H("1c2"), [("eile", 1)], "afterhaste")
    assert legal(st) == ["end", "sell", "discard eile"]
    assert refused(st, "met").rule == "R-ACT-1"
    assert refused(st, "recruit W 1c2").rule == "R-POT-7"
    play(st, "sell", "end")
    assert (p.taler, st.seat) == (5, 1)


def test_R_POT_7_eiletrank_not_in_the_movement_phase():
    """R-POT-7: only in one's own haste phase."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)
    st.players[0].potions = [("eile", 2)]
    begin(st, 0)
    e = refused(st, "haste 1c3-1c2")
    assert e.rule == "R-POT-7"
    assert refused(st, "drink eile").rule == "R-POT-7"


def test_R_POT_7_once_per_turn_and_the_second_use_returns_the_card():
    """R-POT-7: two uses, one per turn; after the last it returns to the supply."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.potions = [("eile", 2)]
    st.potion_supply["eile"] = 5
    begin(st, 0, 6)
    play(st, "haste 1c3-1c2")
    e = refused(st, "haste 1c2-1b2")
    assert e.rule == "R-POT-7"
    begin(st, 0, 6)
    play(st, "haste 1c2-1b2")
    assert (p.hero_at, p.potions, st.potion_supply["eile"]) == (H("1b2"), [], 6)


def test_R_POT_7_bera_gewandtheit_three_uses():
    """§15 Bera (Gewandtheit) / R-POT-7: her Eiletrank has 3 uses."""
    st = position(("Oleif", "Bera"))
    place(st, 1, "1c3", hero=True)
    p = st.players[1]
    p.potions = [("eile", 3)]
    uses = []
    for hop in ("1c3-1c2", "1c2-1c1", "1c1-1c2"):
        begin(st, 1, 6)
        play(st, f"haste {hop}")
        uses.append(list(p.potions))
    assert uses == [[("eile", 2)], [("eile", 1)], []]


def test_R_POT_7_not_into_a_hex_with_enemy_units_or_a_troll():
    """R-POT-7 / decision 23: no haste step onto an enemy warrior's hex or a
    troll's peak; the refusal says why."""
    st = position(("Oleif", "Bera"), trolls=True)
    place(st, 0, "1a2", hero=True)
    place(st, 1, "1b2", warriors=1)
    st.players[0].potions = [("eile", 2)]
    begin(st, 0, 6)
    hops = sorted(a for a in legal(st) if a.startswith("haste"))
    assert hops == ["haste 1a2-1b3", "haste 1a2-2a1", "haste 1a2-M1", "haste 1a2-M2"]
    e = refused(st, "haste 1a2-1b2")
    assert e.rule == "R-POT-7"
    assert "enem" in str(e)
    e = refused(st, "haste 1a2-1a1")
    assert e.rule == "R-POT-7"
    assert "troll" in str(e)


def test_R_POT_7_on_a_wisent_the_haste_step_is_still_one_step():
    """R-POT-7: also on a Wisent only one step; then the haste phase is over."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)
    p = st.players[0]
    p.wisent = True
    p.potions = [("eile", 2)]
    begin(st, 0, 6)
    play(st, "haste 1c3-1c2")
    assert [a for a in legal(st) if a.startswith(("haste", "H "))] == []


def test_R_AMBER_1_a_haste_step_onto_a_beach_takes_an_amber():
    """R-AMBER-1 / R-TURN-3: free steps after haste too: the beach gives its amber."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    p = st.players[0]
    p.potions = [("eile", 2)]
    begin(st, 0, 6)
    play(st, "haste 1c2-1c3")
    assert (p.amber, st.amber_supply) == (True, 11)


# --------------------------------------------------------------------------- secrecy (R-SECRET-1/2)

def test_R_SECRET_1_2_own_potion_kinds_only_and_a_used_eiletrank_face_up():
    """R-SECRET-1/2: a seat sees its own potion kinds; of the others only the
    count and a used (face-up) Eiletrank; a spectator no hidden kind; the
    supply's kinds are hidden (a total only)."""
    st = position(("Oleif", "Bera"))
    st.players[0].potions = [("kraft", 1), ("eile", 1)]
    st.players[1].potions = [("eile", 3), ("schutz", 1)]
    st.potion_supply = {"heil": 5, "kraft": 4, "eile": 4, "schutz": 5}
    own = st.observation(0)["players"]
    assert own[0]["potions"] == [{"kind": "kraft", "uses": 1}, {"kind": "eile", "uses": 1}]
    assert own[1]["potions"] == [{"kind": None, "uses": None}, {"kind": None, "uses": None}]
    other = st.observation(1)["players"]
    assert other[0]["potions"] == [{"kind": None, "uses": None}, {"kind": "eile", "uses": 1}]
    assert other[1]["potions"] == [{"kind": "eile", "uses": 3}, {"kind": "schutz", "uses": 1}]
    spec = st.observation(None)
    assert spec["players"][0]["potions"] == [{"kind": None, "uses": None}, {"kind": "eile", "uses": 1}]
    assert spec["players"][1]["potions"] == [{"kind": None, "uses": None}, {"kind": None, "uses": None}]
    assert spec["supply"]["potions"] == 18
    assert "kraft" not in repr(spec)
    assert "schutz" not in repr(spec)


def test_R_SECRET_1_bera_eiletrank_is_face_up_after_her_first_use():
    """R-SECRET-1 with Gewandtheit: Bera's Eiletrank with 2 of 3 uses left is public."""
    st = position(("Oleif", "Bera"))
    st.players[1].potions = [("eile", 2)]
    assert st.observation(0)["players"][1]["potions"] == [{"kind": "eile", "uses": 2}]
    st.players[1].potions = [("eile", 3)]
    assert st.observation(0)["players"][1]["potions"] == [{"kind": None, "uses": None}]


def test_R_SECRET_2_other_seats_legal_list_is_not_shown():
    """R-SECRET-2: a seat's view lists legal decisions only when it decides
    (they would betray potion kinds)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    st.players[0].life = 5
    st.players[0].potions = [("heil", 1)]
    begin(st, 0)
    assert "drink heil" in st.observation(0)["legal"]
    assert st.observation(1)["legal"] == []
    assert st.observation(None)["legal"] == []


# =========================================================================== §14 Gode

def test_R_GODE_2_phase_0_sets_the_marker_and_it_stays():
    """R-GODE-2: phase 0 sets the marker; it stays into the next turn, where
    phase 0 offers the three abilities again."""
    st = position()
    place(st, 0, "1b1", gode=True)
    begin(st, 0)
    play(st, "gode blitz")
    assert (st.players[0].marker, st.phase) == ("blitz", 1)
    begin(st, 0)
    assert st.players[0].marker == "blitz"


def test_R_GODE_3_heilen_heals_2_in_phase_3_from_a_neighbour_at_any_level():
    """R-GODE-3: the Gode on the peak 1a1 (level 4) heals the hero on 1b1
    (level 2), a neighbour two levels below, by 2 in phase 3."""
    st = position()
    place(st, 0, "1b1", hero=True)
    place(st, 0, "1a1", gode=True)
    p = st.players[0]
    p.life = 5
    opponent_somewhere(st)
    begin(st, 0)
    play(st, "gode heilen", "end")
    assert p.life == 7


def test_R_GODE_3_heilen_up_to_2_and_only_on_the_same_or_a_neighbouring_hex():
    """R-GODE-3 / R-UNIT-4: at 9 of 10 only 1 more; a Gode two hexes away heals nothing."""
    st = position()
    place(st, 0, "1b1", hero=True, gode=True)
    p = st.players[0]
    p.life = 9
    opponent_somewhere(st)
    begin(st, 0)
    play(st, "gode heilen", "end")
    assert p.life == 10
    st2 = position()
    place(st2, 0, "1b1", hero=True)
    place(st2, 0, "1c3", gode=True)
    st2.players[0].life = 5
    opponent_somewhere(st2)
    begin(st2, 0)
    play(st2, "gode heilen", "end")
    assert st2.players[0].life == 5


def test_R_GODE_3_no_heilen_with_the_marker_elsewhere():
    """R-GODE-3: Heilen works only with the marker on it."""
    st = position()
    place(st, 0, "1b1", hero=True, gode=True)
    st.players[0].life = 5
    opponent_somewhere(st)
    begin(st, 0)
    play(st, "gode berserker", "end")
    assert st.players[0].life == 5


def test_R_GODE_1_a_defeated_gode_can_be_recruited_again_but_not_in_the_middle():
    """R-GODE-1: re-recruitable, never on a market or the sanctuary."""
    st = position()
    place(st, 0, "M2", hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)
    st.players[0].taler = 3
    begin(st, 0, 5)
    assert legal(st) == ["recruit W 1a2", "recruit G 1a2", "recruit W 1b1", "recruit G 1b1", "end"]
    e = refused(st, "recruit G M2")
    assert e.rule == "R-RECRUIT-1"


def test_R_GODE_5_hugin_and_munin_two_markers_and_a_haste_step_without_potion():
    """R-GODE-5: two markers on different abilities; in phase 6 the Gode
    steps once without a potion, not into an enemy's hex."""
    st = position(mode="episch")
    place(st, 0, "1c2", gode=True)
    place(st, 1, "1c1", warriors=1)
    p = st.players[0]
    p.epic = ("huginmunin",)
    p.marker = "berserker+heilen"
    begin(st, 0)
    play(st, "gode berserker+blitz")
    assert p.marker == "berserker+blitz"
    begin(st, 0, 6)
    assert sorted(legal(st)) == ["G 1c2-1b1", "G 1c2-1b2", "G 1c2-1c3", "end"]
    play(st, "G 1c2-1c3")
    assert p.gode_at == H("1c3")
    assert [a for a in legal(st) if a.startswith("G ")] == []


# =========================================================================== §15 heroes

def test_bera_has_8_life_and_jorund_raghild_oleif_10():
    """§15: Bera's life track is 8; the others 10."""
    st = position(("Raghild", "Bera", "Oleif", "Jorund"))
    assert [p.max_life for p in st.players] == [10, 8, 10, 10]


def test_jorund_thors_blut_first_three_sales_raise_max_life_not_life():
    """R-AMBER-2 / §15 Jorund: each of his first 3 sales on a farm raises his
    maximum life by 1, his current life stays; a fourth sale adds nothing."""
    st = position(("Jorund", "Bera"))
    place(st, 0, "1c2", hero=True)
    p = st.players[0]
    p.life = 7
    seen = []
    for _ in range(4):
        p.amber = True
        begin(st, 0)
        play(st, "sell")
        seen.append((p.max_life, p.life, p.taler))
    assert seen == [(11, 7, 5), (12, 7, 10), (13, 7, 15), (13, 7, 20)]


def test_thors_blut_is_jorunds_alone():
    """R-AMBER-2: Oleif's sale gives 5 Taler and no heart."""
    st = position(("Oleif", "Jorund"))
    place(st, 0, "1c2", hero=True)
    st.players[0].amber = True
    begin(st, 0)
    play(st, "sell")
    assert (st.players[0].max_life, st.players[0].taler) == (10, 5)


# =========================================================================== §10 ambers, crystals, winning

def test_R_AMBER_1_a_hero_entering_a_beach_takes_an_amber_automatically():
    """R-AMBER-1: stepping onto the beach 1c3 takes one from the supply."""
    st = position()
    place(st, 0, "1c2", hero=True)
    begin(st, 0)
    play(st, "H 1c2-1c3")
    assert (st.players[0].amber, st.amber_supply) == (True, 11)


def test_R_AMBER_1_a_hero_carries_at_most_one():
    """R-AMBER-1 / R-UNIT-2: a hero already carrying takes none."""
    st = position()
    place(st, 0, "1c2", hero=True)
    st.players[0].amber = True
    begin(st, 0)
    play(st, "H 1c2-1c3")
    assert st.amber_supply == 12


def test_R_AMBER_1_no_amber_on_a_beach_with_an_enemy():
    """R-AMBER-1: an enemy warrior on the beach: no amber (a combat first)."""
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=1)
    begin(st, 0)
    play(st, "H 1c2-1c3")
    assert (st.players[0].amber, st.amber_supply) == (False, 12)


def test_R_AMBER_1_taken_once_the_enemy_on_the_beach_is_defeated():
    """R-AMBER-1: the hero that holds the beach after its combat takes the amber."""
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=1)
    begin(st, 0)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M2 M1")
    roll(st, "K1")
    assert st.players[0].hero_at == H("1c3")
    assert (st.players[0].amber, st.amber_supply) == (True, 11)


def test_R_AMBER_1_an_empty_supply_gives_none_until_an_amber_returns():
    """R-AMBER-1 / decision 8: with no amber left the beach gives none; once
    one is back in the supply, the hero still standing on the beach takes it
    at the start of its next turn."""
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 1, "3b1", hero=True)
    st.amber_supply = 0
    begin(st, 0)
    play(st, "H 1c2-1c3")
    assert st.players[0].amber is False
    st.amber_supply = 1
    begin(st, 0)
    assert (st.players[0].amber, st.amber_supply) == (True, 0)


def test_R_AMBER_2_selling_on_a_farm_gives_5_taler_and_returns_the_amber():
    """R-AMBER-2 / R-AMBER-7: +5 Taler; the amber goes back to the supply."""
    st = position()
    place(st, 0, "1c2", hero=True)
    st.players[0].amber = True
    st.amber_supply = 10
    begin(st, 0)
    play(st, "sell")
    assert (st.players[0].taler, st.players[0].amber, st.amber_supply) == (5, False, 11)


def test_R_ISLE_12_no_sale_on_a_rift():
    """R-ISLE-12: a well farm that has become a rift is no farm: no sale."""
    st = position(rifts={"1c4": "kobold"})
    place(st, 0, "1c4", hero=True)
    st.players[0].amber = True
    begin(st, 0)
    assert "sell" not in legal(st)
    e = refused(st, "sell")
    assert e.rule == "R-ISLE-12"


def test_R_AMBER_3_delivery_gives_7_taler_and_2_then_1_warriors():
    """R-AMBER-3 / R-AMBER-7: each delivery +7 Taler; the first moves 2
    warriors from the track into the supply, the second 1; the delivered
    ambers stay on the track (not back in the supply)."""
    st = position()
    place(st, 0, "S", hero=True)
    p = st.players[0]
    st.amber_supply = 10
    got = []
    for _ in range(2):
        p.amber = True
        begin(st, 0)
        play(st, "deliver")
        got.append((p.taler, p.supply, list(p.track), p.delivered))
    assert got == [(7, 9, [1], 1), (14, 10, [], 2)]
    assert st.amber_supply == 10


def test_R_AMBER_4_the_third_delivery_wins_at_once():
    """R-AMBER-4 / R-WIN-1: the third delivery ends the game at once."""
    st = position()
    place(st, 0, "M1", hero=True)
    p = st.players[0]
    p.amber, p.delivered = True, 2
    begin(st, 0)
    play(st, "H M1-S", "deliver")
    assert tuple(st.outcome()) == (0, "ambers")
    assert st.legal_actions() == []
    e = refused(st, "end")
    assert e.rule == "R-WIN-1"


def test_R_AMBER_4_episch_needs_the_fourth():
    """R-AMBER-4 (Episch): the third delivery does not win, the fourth does."""
    st = position(mode="episch")
    place(st, 0, "S", hero=True)
    p = st.players[0]
    p.amber, p.delivered = True, 2
    begin(st, 0)
    play(st, "deliver")
    assert st.outcome() is None
    p.amber = True
    begin(st, 0)
    play(st, "deliver")
    assert tuple(st.outcome()) == (0, "ambers")


def test_R_WIN_1_others_may_still_win_while_a_runestone_stands():
    """R-WIN-1: seat 2's runestone stands; seat 1 wins with its third amber."""
    st = position(rifts={"3c4": "silber"})
    st.rune = [1, H("3c4"), 2]
    place(st, 0, "S", hero=True)
    st.players[0].amber, st.players[0].delivered = True, 2
    begin(st, 0)
    play(st, "deliver")
    assert tuple(st.outcome()) == (0, "ambers")


def test_R_CRYSTAL_1_the_troll_guards_its_crystal():
    """R-CRYSTAL-1: a crystal is taken only once the troll is gone."""
    st = position(trolls=True)
    place(st, 0, "1a1", hero=True)  # as if standing with the troll
    begin(st, 0)
    assert "take crystal" not in legal(st)
    st.troll[H("1a1")] = False
    begin(st, 0)
    assert "take crystal" in legal(st)


def test_R_CRYSTAL_2_first_crystal_raises_max_life_by_3_only():
    """R-CRYSTAL-2 / decision 3: +3 maximum life, current life unchanged."""
    st = position()
    place(st, 0, "1a1", hero=True)
    st.crystal_at[H("1a1")] = 1
    p = st.players[0]
    p.life = 6
    begin(st, 0)
    play(st, "take crystal")
    assert (p.crystals, p.max_life, p.life, st.crystal_at) == (1, 13, 6, {})


@pytest.mark.parametrize("choice", ["S", "P"])
def test_R_CRYSTAL_2_second_crystal_asks_die_or_protection_once(choice):
    """R-CRYSTAL-2: the second crystal asks for +1S or +1 protection, then
    play goes on at the same step."""
    st = position()
    place(st, 0, "1a1", hero=True)
    st.crystal_at[H("1a1")] = 1
    p = st.players[0]
    p.crystals = 1
    begin(st, 0)
    play(st, "take crystal")
    assert (st.step, legal(st)) == ("crystal", ["crystal S", "crystal P"])
    play(st, f"crystal {choice}")
    assert (p.cbonus, st.step, st.phase) == (choice, "move", 1)


def test_R_CRYSTAL_2_third_crystal_wins_base_fourth_in_episch():
    """R-CRYSTAL-2: the third crystal wins (Episch: the fourth)."""
    st = position()
    place(st, 0, "1a1", hero=True)
    st.crystal_at[H("1a1")] = 1
    st.players[0].crystals = 2
    begin(st, 0)
    play(st, "take crystal")
    assert tuple(st.outcome()) == (0, "crystals")
    ep = position(mode="episch")
    place(ep, 0, "1a1", hero=True)
    ep.crystal_at[H("1a1")] = 1
    ep.players[0].crystals = 2
    ep.players[0].cbonus = "P"
    begin(ep, 0)
    play(ep, "take crystal")
    assert ep.outcome() is None and ep.players[0].crystals == 3


# --------------------------------------------------------------------------- runestone (R-RUNE-1..5)

def _rune_position():
    st = position(("Oleif", "Bera"), rifts={"1c4": "silber"})
    place(st, 0, "1c4", hero=True)
    place(st, 0, "2b1", warriors=1)  # scree
    place(st, 0, "1b1", warriors=1)  # forest
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.amber, p.delivered = True, 2
    return st, p


def test_R_RUNE_1_build_on_a_rift_with_two_ambers_delivered_scree_and_forest():
    """R-RUNE-1: costs the carried amber (it lies beside the stone, not in
    the supply); the rift keeps working."""
    st, p = _rune_position()
    at_action(st)
    assert legal(st) == ["search", "rune", "end"]
    play(st, "rune")
    assert st.rune == [0, H("1c4"), 4]
    assert (p.amber, st.amber_supply) == (False, 12)
    begin(st, 0, 4)
    assert legal(st) == ["search", "end"]


def test_R_RUNE_1_refused_without_two_deliveries_or_two_crystals():
    """R-RUNE-1: one delivery is not enough; the reason names the rule."""
    st, p = _rune_position()
    p.delivered = 1
    at_action(st)
    assert "rune" not in legal(st)
    e = refused(st, "rune")
    assert e.rule == "R-RUNE-1"
    assert "2 ambers delivered or 2 crystals" in str(e)


def test_R_RUNE_1_two_crystals_also_qualify_and_only_one_stone_at_a_time():
    """R-RUNE-1: 2 crystals qualify; while a runestone stands none is built."""
    st, p = _rune_position()
    p.delivered, p.crystals = 0, 2
    at_action(st)
    assert "rune" in legal(st)
    st.rune = [1, H("3c4"), 3]
    st._legal = None
    e = refused(st, "rune")
    assert (e.rule, "one runestone stands already" in str(e)) == ("R-RUNE-1", True)


def test_R_RUNE_2_one_potion_per_opponent_the_limit_of_3_holds():
    """R-RUNE-2: in a 3-player game two potions of one's choice; with 2 held
    the second choice lapses unless one is put back."""
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "kobold"})
    place(st, 0, "1c4", hero=True)
    place(st, 0, "2b1", warriors=1)
    place(st, 0, "1b1", warriors=1)
    p = st.players[0]
    p.amber, p.delivered, p.taler = True, 2, 2
    p.potions = [("heil", 1), ("heil", 1)]
    at_action(st)
    play(st, "rune")
    assert st.step == "gift"
    assert legal(st) == ["gift heil", "gift kraft", "gift eile", "gift schutz", "discard heil", "end"]
    play(st, "gift kraft")
    assert legal(st) == ["discard heil", "discard kraft", "end"]
    play(st, "discard heil", "gift schutz")
    assert sorted(p.potions) == [("heil", 1), ("kraft", 1), ("schutz", 1)]
    assert (st.phase, st.step) == (5, "recruit")


def test_R_RUNE_3_counter_drops_at_each_own_turn_and_wins_at_0():
    """R-RUNE-3: 4 → 3 → 2 → 1 at the start of the owner's turns, then 0 wins."""
    st = position(rifts={"1c4": "silber"})
    place(st, 0, "1c2", hero=True)
    place(st, 1, "3b1", hero=True)
    st.rune = [0, H("1c4"), 4]
    seen = []
    for _ in range(4):
        begin(st, 0)
        seen.append(st.rune[2] if st.rune else None)
    assert seen == [3, 2, 1, 0]
    assert tuple(st.outcome()) == (0, "runestone")


def test_R_RUNE_4_an_owner_going_out_leaves_the_amber_on_the_hex():
    """R-RUNE-4 / R-OUT-1: the runestone leaves the board with its owner; its
    amber stays on the hex, and a runestone may be built again later."""
    st = position(("Oleif", "Bera", "Raghild"), rifts={"1c4": "silber"})
    place(st, 0, "1c2", hero=True)
    place(st, 1, "3b1", hero=True)
    place(st, 2, "2b1", hero=True)
    st.rune = [0, H("1c4"), 3]
    begin(st, 0)
    play(st, "resign")
    assert st.rune is None
    assert st.amber_at == {H("1c4"): 1}


# --------------------------------------------------------------------------- out (R-OUT-1)

def test_R_OUT_1_what_a_player_leaves_behind():
    """R-OUT-1: units leave the board; potions, helmet and Wisent go back to
    the supply; its Taler leave play (Taler lying on the board stay); the
    carried amber returns; delivered ambers stay on its track."""
    st = position(("Oleif", "Bera", "Raghild"))
    place(st, 0, "1c2", hero=True, warriors=3, gode=True)
    place(st, 1, "3b1", hero=True)
    place(st, 2, "2b1", hero=True)
    p = st.players[0]
    p.taler, p.amber, p.delivered, p.helm, p.wisent = 9, True, 1, True, True
    p.potions = [("kraft", 1), ("eile", 1)]
    st.helm_free, st.wisent_left, st.amber_supply = False, 3, 11
    st.potion_supply.update(kraft=4, eile=5)
    st.taler_at[H("2c2")] = 4
    begin(st, 0)
    play(st, "resign")
    assert (p.out, p.hero_at, p.gode_at, sum(st.wc[0]), p.taler) == (True, -1, -1, 0, 0)
    assert (p.potions, st.potion_supply["kraft"], st.potion_supply["eile"]) == ([], 5, 6)
    assert (st.helm_free, st.wisent_left, st.amber_supply) == (True, 4, 12)
    assert (p.delivered, st.taler_at) == (1, {H("2c2"): 4})
    assert st.next_seat(2) == 1


# --------------------------------------------------------------------------- fainting, turn level (R-FAINT-2..6)

def _fainted(st, seat: int) -> None:
    p = st.players[seat]
    p.hero_at = -1
    p.life = 0
    p.faint = FAINTED


def test_R_FAINT_3_x_turn_units_move_but_no_silver():
    """R-FAINT-3 / R-SILVER-1: in the X turn the warriors move; their two
    meadows earn nothing; at the end the hero is laid on a free farm."""
    st = position()
    _fainted(st, 0)
    place(st, 0, "1c1", warriors=1)  # meadow
    place(st, 0, "1b3", warriors=1)  # meadow
    place(st, 0, "1b2", warriors=1)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    p = st.players[0]
    assert (p.faint, st.phase) == (X_TURN, 1)
    play(st, "W 1b2-1c2", "end")
    assert st.wc[0][H("1c2")] == 1
    assert (p.taler, st.step, st.seat) == (0, "lay", 0)


def test_R_FAINT_3_lay_on_a_farm_without_enemy_or_other_fainted_hero_or_rift():
    """R-FAINT-3 / R-ISLE-12 / decision 13: the farms offered exclude a farm
    with an enemy warrior, one where another fainted hero lies, and rifts; a
    farm with own units is fine."""
    st = position(("Oleif", "Bera", "Raghild"), arrangement="ABCDEF", rifts={"1c4": "quelle"})
    _fainted(st, 0)
    place(st, 0, "2c2", warriors=1)
    place(st, 1, "1c2", warriors=1)
    st.lying[H("3c2")] = 2
    st.players[2].faint, st.players[2].lying_at, st.players[2].hero_at = LYING, H("3c2"), -1
    place(st, 1, "5b1", hero=True)
    begin(st, 0)
    play(st, "end")
    assert st.step == "lay"
    assert sorted(legal(st)) == sorted(f"lay {x}" for x in
                                       ("2c2", "2c4", "3c4", "4c2", "4c4", "5c2", "5c4", "6c2", "6c4"))
    assert refused(st, "lay 1c2").rule == "R-FAINT-3"
    play(st, "lay 2c2")
    p = st.players[0]
    assert (p.faint, p.lying_at, st.lying[H("2c2")], st.seat) == (LYING, H("2c2"), 0, 1)


def test_R_FAINT_5_standing_up_with_half_the_maximum_and_3_taler():
    """R-FAINT-5 / decision 2: at the start of the next own turn the hero
    stands on its farm with half its current maximum (rounded down) and +3
    Taler, and acts normally."""
    st = position(("Jorund", "Bera"))
    p = st.players[0]
    p.heart = 1  # maximum 11
    _fainted(st, 0)
    p.faint, p.lying_at = LYING, H("1c2")
    st.lying[H("1c2")] = 0
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    assert (p.faint, p.hero_at, p.life, p.taler, st.lying) == (AWAKE, H("1c2"), 5, 3, {})
    assert "H 1c2-1c3" in legal(st)


def test_R_FAINT_5_bera_stands_up_with_4():
    """R-FAINT-5: Bera's maximum 8 → 4."""
    st = position(("Oleif", "Bera"))
    p = st.players[1]
    _fainted(st, 1)
    p.faint, p.lying_at = LYING, H("1c2")
    st.lying[H("1c2")] = 1
    begin(st, 1)
    assert (p.life, p.taler) == (4, 3)


def test_R_FAINT_6_no_free_farm_waiting_turn_then_a_beach():
    """R-FAINT-6: every farm has an enemy: no farm at the end of the X turn;
    the next own turn is a waiting turn (no silver); at its end the hero goes
    on a beach with no enemy; standing up there it takes an amber."""
    st = position()
    farms = ("1c2", "1c4", "2c2", "2c4", "3c2", "3c4", "4c2", "4c4")
    for f in farms:
        place(st, 1, f, warriors=1)
    place(st, 1, "1c3", warriors=1)
    place(st, 0, "2b1", warriors=1)
    place(st, 0, "3c1", warriors=1)  # two scree hexes: silver would pay 1
    _fainted(st, 0)
    p = st.players[0]
    begin(st, 0)
    play(st, "end")
    assert (p.faint, st.seat) == (WAIT_NEXT, 1)
    begin(st, 0)
    assert p.faint == WAITING
    play(st, "end")
    assert p.taler == 0
    assert st.step == "lay"
    assert sorted(legal(st)) == ["lay 2c3", "lay 3c3", "lay 4c3"]
    play(st, "lay 3c3")
    assert st.lying == {H("3c3"): 0}  # R-FAINT-4 protects the beach too
    begin(st, 0)
    assert (p.hero_at, p.life, p.taler, p.amber) == (H("3c3"), 5, 3, True)


def test_R_FAINT_6_a_farm_freed_in_the_waiting_turn_is_taken_first():
    """R-FAINT-6: at the end of the waiting turn a free farm comes before the beaches."""
    st = position()
    place(st, 1, "3b1", hero=True)
    for f in ("1c2", "1c4", "2c2", "2c4", "3c2", "3c4", "4c2"):
        place(st, 1, f, warriors=1)
    _fainted(st, 0)
    st.players[0].faint = WAIT_NEXT
    begin(st, 0)
    assert st.players[0].faint == WAITING
    assert legal(st) == ["lay 4c4"]


def test_R_FAINT_6_neither_farm_nor_beach_the_player_is_out():
    """R-FAINT-6 / R-OUT-1: with no free farm and no free beach at the end of
    the waiting turn the player is out; in a Duell the other wins."""
    st = position()
    for f in ("1c2", "1c4", "2c2", "2c4", "3c2", "3c4", "4c2", "4c4", "1c3", "2c3", "3c3", "4c3"):
        place(st, 1, f, warriors=1)
    place(st, 0, "2b1", warriors=1)
    _fainted(st, 0)
    st.players[0].faint = WAIT_NEXT
    begin(st, 0)
    play(st, "end")
    assert st.players[0].out is True
    assert tuple(st.outcome()) == (1, "last-standing")


def test_R_FAINT_2_silver_is_still_paid_in_the_turn_the_hero_fainted():
    """R-FAINT-2 / decision 12: the attacker's hero faints in its own combat
    phase; phase 3 of that same turn still pays silver (and the next turn is
    the X turn)."""
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)  # two forest hexes: 1 Taler
    place(st, 1, "1c3", warriors=2)
    p = st.players[0]
    p.life = 1
    begin(st, 0)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M1 M1")
    play(st, "1>W2")  # the first 1 went to W1 by itself; both stand
    roll(st, "K1 K1")
    assert (p.faint, p.hero_at) == (FAINTED, -1)
    assert (st.phase, legal(st)) == (3, ["silver forest"])
    play(st, "silver forest")
    assert p.taler == 1


def test_R_FAINT_1_keeps_items_and_drops_taler_and_amber_for_any_hero_to_take_later():
    """R-FAINT-1 (its turn-level part): the fainted hero keeps weapon, Wisent,
    helmet and crystals; its Taler and amber lie on the combat hex, where the
    enemy hero takes them later as free steps (R-TURN-3)."""
    st = position()
    place(st, 0, "1c1", hero=True)
    place(st, 1, "1c2", warriors=2)
    place(st, 1, "1b1", hero=True)
    p = st.players[0]
    p.life, p.taler, p.amber, p.weapon, p.helm, p.crystals = 1, 4, True, "hammer", True, 1
    begin(st, 0)
    play(st, "H 1c1-1c2", "end", "fight 1c2")
    roll(st, "M1 M1 M1")
    play(st, "1>W2")  # W1 took the first 1 by itself, the last goes to W1: W1 defeated
    roll(st, "K1 K1")  # the helmet blocks one of the two dice; 1 damage is enough
    assert (p.faint, p.hero_at, p.taler, p.amber) == (FAINTED, -1, 0, False)
    assert (p.weapon, p.helm, p.crystals, p.max_life) == ("hammer", True, 1, 13)
    assert (st.taler_at, st.amber_at) == ({H("1c2"): 4 + 1}, {H("1c2"): 1})  # + 1 plunder laid there
    assert (st.seat, st.step) == (1, "move")  # nothing else for Oleif to do this turn
    play(st, "H 1b1-1c2")
    assert sorted(a for a in legal(st) if a.startswith("take")) == ["take amber", "take taler"]
    play(st, "take taler", "take amber")
    q = st.players[1]
    assert (q.taler, q.amber, st.taler_at, st.amber_at) == (5, True, {}, {})


def test_R_FAINT_4_no_lightning_at_a_fainted_heros_hex():
    """R-FAINT-4: while Bera lies on 1c2 (her warrior beside her), Oleif's
    Gode may strike 1c1 but not 1c2."""
    st = position()
    place(st, 0, "1b1", gode=True)
    place(st, 1, "1c2", warriors=1)
    place(st, 1, "1c1", warriors=1)
    q = st.players[1]
    q.faint, q.lying_at = LYING, H("1c2")
    st.lying[H("1c2")] = 1
    begin(st, 0)
    play(st, "gode blitz", "end")
    assert (st.phase, legal(st)) == (2, ["blitz 1c1", "end"])


def test_R_FAINT_7_a_hero_fainting_while_its_runestone_stands_puts_its_player_out():
    """R-FAINT-7 / R-RUNE-4 / R-OUT-1: the runestone's owner faints in its own
    combat phase: out after the combat phase; the amber stays on the rift; in
    a Duell the other player wins."""
    st = position(rifts={"1c4": "silber"})
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", warriors=2)
    st.rune = [0, H("1c4"), 3]
    st.players[0].life = 1
    begin(st, 0)
    play(st, "H 1c2-1c3", "end", "fight 1c3")
    roll(st, "M1 M1")
    play(st, "1>W2")
    roll(st, "K1 K1")
    assert st.players[0].out is True
    assert (st.rune, st.amber_at) == (None, {H("1c4"): 1})
    assert tuple(st.outcome()) == (1, "last-standing")


def test_R_POT_2_bera_buys_two_at_a_kobold_too():
    """§15 Bera / R-POT-2: two potions per turn at 2 Taler at a Kobold rift."""
    st = position(("Oleif", "Bera"), rifts={"1c4": "kobold"})
    place(st, 1, "1c4", hero=True)
    place(st, 0, "3b1", hero=True)
    p = st.players[1]
    p.taler = 4
    at_action(st, 1)
    play(st, "buy kraft", "buy schutz")
    assert (p.taler, p.potions) == (0, [("kraft", 1), ("schutz", 1)])
