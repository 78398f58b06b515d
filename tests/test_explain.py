"""Why a decision is refused: an illegal decision raises IllegalActionError
whose ``.rule`` is the rule id that forbids it and whose message says what
is wrong here; text that is no decision at all raises NotationError saying
what is malformed (docs/rules.md, the rule ids throughout; docs/notation.md).
"""

from __future__ import annotations

import re

import pytest

from helpers import H, begin, legal, place, play, position
from thorskliff.engine.actions import ActionError, IllegalActionError, NotationError, WrongSeatError, parse
from thorskliff.engine.player import LYING
from thorskliff.engine.state import GameState

RULE_ID = re.compile(r"^R-[A-Z]+-[A-Z]?\d+$")


def why(st, text: str) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as e:
        st.apply_action(text)
    assert RULE_ID.match(e.value.rule), e.value.rule
    last = e.value.also[-1] if e.value.also else e.value  # every means missing is said, in order
    assert str(e.value).endswith(f"({last.rule})")
    return e.value


def moving(hero_at: str = "1c3", **kw):
    st = position(**kw)
    place(st, 0, hero_at, hero=True)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    return st


# --------------------------------------------------------------------------- movement

def test_two_levels_up_names_R_ISLE_6_and_the_levels():
    """R-ISLE-6: the refusal names both hexes and their levels."""
    e = why(moving("1c3"), "H 1c3-1b2")
    assert e.rule == "R-ISLE-6"
    assert "1c3 (level 0) to 1b2 (level 2) climbs more than one level" in str(e)


def test_a_hex_that_is_no_neighbour_names_R_MOVE_1():
    """R-MOVE-1: a step goes to a neighbour."""
    e = why(moving("1c3"), "H 1c3-S")
    assert (e.rule, "S is no neighbour of 1c3" in str(e)) == ("R-MOVE-1", True)


def test_moving_a_hero_that_is_elsewhere_names_R_MOVE_1():
    """R-MOVE-1: the hero stands on 1c3, not on 1c2."""
    e = why(moving("1c3"), "H 1c2-1c1")
    assert (e.rule, "the hero is not on 1c2" in str(e)) == ("R-MOVE-1", True)


def test_moving_a_warrior_from_a_hex_without_one_names_R_MOVE_1():
    """R-MOVE-1: no own warrior on 1c2."""
    e = why(moving("1c3"), "W 1c2-1c1")
    assert (e.rule, "no own warrior stands on 1c2" in str(e)) == ("R-MOVE-1", True)


def test_a_second_hero_step_without_a_wisent_names_R_MOVE_2():
    """R-MOVE-2: Bewegung 2 is the Wisent's."""
    st = moving("1c3")
    play(st, "H 1c3-1c2")
    e = why(st, "H 1c2-1c1")
    assert (e.rule, "no step left" in str(e)) == ("R-MOVE-2", True)


def test_moving_a_warrior_on_without_berserker_names_R_MOVE_2():
    """R-MOVE-2: ``W prev-a-b`` needs Bewegung 2."""
    st = position()
    place(st, 0, "1c3", warriors=1)
    begin(st, 0)
    play(st, "W 1c3-1c2")
    e = why(st, "W 1c3-1c2-1c1")
    assert e.rule == "R-MOVE-2"
    assert "no warrior that came from 1c3 to 1c2 may move on" in str(e)


def test_entering_a_fainted_heros_hex_names_R_FAINT_4():
    """R-FAINT-4 / R-MOVE-5."""
    st = position()
    st.players[1].faint, st.players[1].lying_at = LYING, H("1c2")
    st.lying[H("1c2")] = 1
    place(st, 0, "1c3", hero=True)
    begin(st, 0)
    e = why(st, "H 1c3-1c2")
    assert (e.rule, "a fainted hero lies on 1c2" in str(e)) == ("R-FAINT-4", True)


def test_a_hex_off_the_duell_crescent_names_R_ISLE_10():
    """R-ISLE-10: the Duell uses sectors 1–4; 5c3 is a label of the full
    island only. The refusal is an IllegalActionError, not a crash."""
    st = moving("1c3")
    for text in ("H 5c3-5c2", "W 6c1-6c2", "H 1c3-5c2", "W 5c3-5c2-5c1"):
        e = why(st, text)
        assert e.rule == "R-ISLE-10"
        assert "is not on this island (labels are S, M1–M6 and 1a1–4c4)" in str(e)


def test_a_decision_of_another_phase_names_that_phase_and_its_rule():
    """R-GODE-2 / R-COMBAT-1 / R-SILVER-1: a decision of another phase says
    where it belongs and what the phase is now."""
    st = moving("1c3")
    e = why(st, "gode blitz")
    assert (e.rule, "belongs to phase 0; now it is movement" in str(e) and "(move)" not in str(e)) == ("R-GODE-2", True)
    e = why(st, "fight 1c2")
    assert (e.rule, "belongs to phase 2" in str(e)) == ("R-COMBAT-1", True)
    e = why(st, "silver forest")
    assert (e.rule, "belongs to phase 3" in str(e)) == ("R-SILVER-1", True)


# --------------------------------------------------------------------------- free steps

def test_selling_without_an_amber_names_R_UNIT_2():
    """R-UNIT-2: only a carried amber is sold."""
    e = why(moving("1c2"), "sell")
    assert (e.rule, "carries no amber" in str(e)) == ("R-UNIT-2", True)


def test_selling_off_a_farm_names_R_ISLE_12():
    """R-ISLE-12: ambers are sold on farms; 1b1 is forest."""
    st = moving("1b1")
    st.players[0].amber = True
    e = why(st, "sell")
    assert (e.rule, "1b1 is no farm" in str(e)) == ("R-ISLE-12", True)


def test_delivering_off_the_sanctuary_names_R_AMBER_3():
    """R-AMBER-3: delivered at the sanctuary."""
    st = moving("M1")
    st.players[0].amber = True
    e = why(st, "deliver")
    assert (e.rule, "at the sanctuary (S)" in str(e)) == ("R-AMBER-3", True)


def test_taking_a_second_amber_names_R_UNIT_2():
    """R-UNIT-2: a hero carries at most one amber."""
    st = position()
    place(st, 0, "1b1", hero=True)
    st.players[0].amber = True
    st.amber_at[H("1b1")] = 1
    begin(st, 0)
    e = why(st, "take amber")
    assert (e.rule, "at most one amber" in str(e)) == ("R-UNIT-2", True)


def test_taking_a_guarded_crystal_names_R_CRYSTAL_1():
    """R-CRYSTAL-1: the troll still guards it."""
    st = position(trolls=True)
    place(st, 0, "1a1", hero=True)
    begin(st, 0)
    e = why(st, "take crystal")
    assert (e.rule, "troll still guards" in str(e)) == ("R-CRYSTAL-1", True)


def test_taking_taler_where_none_lie_names_R_TURN_3():
    """R-TURN-3: nothing lies on 1b1."""
    e = why(moving("1b1"), "take taler")
    assert (e.rule, "no taler lying on 1b1" in str(e)) == ("R-TURN-3", True)


# --------------------------------------------------------------------------- potions

def test_drinking_a_potion_not_held_names_R_POT_1():
    e = why(moving("1b1"), "drink heil")
    assert (e.rule, "Oleif holds no heil" in str(e)) == ("R-POT-1", True)


def test_heiltrank_at_full_life_names_R_POT_4():
    st = moving("1b1")
    st.players[0].potions = [("heil", 1)]
    st._legal = None
    e = why(st, "drink heil")
    assert (e.rule, "lost life" in str(e)) == ("R-POT-4", True)


def test_kraft_schutz_eile_outside_their_moment():
    """R-POT-5, R-POT-6, R-POT-7: Kraft and Schutz in a combat on the hero's
    hex, the Eiletrank in the own haste phase."""
    st = moving("1b1")
    st.players[0].potions = [("kraft", 1), ("schutz", 1), ("eile", 2)]
    st._legal = None
    assert why(st, "drink kraft").rule == "R-POT-5"
    assert why(st, "drink schutz").rule == "R-POT-6"
    e = why(st, "drink eile")
    assert (e.rule, "own haste phase" in str(e)) == ("R-POT-7", True)
    e = why(st, "haste 1b1-1b2")
    assert (e.rule, "belongs to phase 6" in str(e)) == ("R-POT-7", True)


def test_haste_refusals_say_why():
    """R-POT-7: not into an enemy's hex; warriors do not haste; nothing
    after haste; and R-ISLE-6 for a climb."""
    st = position()
    place(st, 0, "1c3", hero=True, warriors=1)
    place(st, 1, "1c4", warriors=1)
    st.players[0].potions = [("eile", 2)]
    begin(st, 0, 6)
    e = why(st, "haste 1c3-1c4")
    assert (e.rule, "never enters a hex with enemy units (1c4)" in str(e)) == ("R-POT-7", True)
    e = why(st, "haste 1c3-1b2")
    assert e.rule == "R-ISLE-6"
    e = why(st, "W 1c3-1c2")
    assert (e.rule, "only the hero moves, by an Eiletrank" in str(e)) == ("R-POT-7", True)
    play(st, "haste 1c3-1c2")
    e = why(st, "haste 1c2-1c3")
    assert (e.rule, "after haste" in str(e)) == ("R-POT-7", True)


def test_haste_without_an_eiletrank_names_R_POT_7():
    st = position()
    place(st, 0, "1c3", hero=True)
    st.players[0].potions = [("eile", 2)]
    begin(st, 0, 6)
    st.players[0].potions = [("kraft", 1)]
    st._legal = None
    e = why(st, "haste 1c3-1c2")
    assert (e.rule, "Oleif holds no Eiletrank" in str(e)) == ("R-POT-7", True)


# --------------------------------------------------------------------------- actions

def at_action(hero_at: str, taler: int, life: int = 10, heroes=("Oleif", "Bera"), **kw):
    st = position(heroes, **kw)
    place(st, 0, hero_at, hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.taler, p.life = taler, life
    begin(st, 0, 4)
    assert st.step == "action"
    return st


def test_buying_a_hammer_off_the_market_names_R_ACT_1_and_the_place():
    """R-ACT-1: "not on such a hex"."""
    e = why(at_action("1c2", taler=9, life=5), "hammer")
    assert e.rule == "R-ACT-1"
    assert "'hammer' needs the hero on the market, not on 1c2" in str(e)


def test_an_action_that_cannot_be_paid_names_R_ACT_1_and_the_taler():
    """R-ACT-1: "cannot pay"."""
    e = why(at_action("M1", taler=6, life=5), "hammer")
    assert (e.rule, "not enough Taler (costs 7, you have 6)" in str(e)) == ("R-ACT-1", True)


def test_met_at_full_life_names_R_UNIT_4():
    """R-UNIT-4: healing stops at the maximum; Met would heal nothing."""
    e = why(at_action("M1", taler=9), "met")
    assert (e.rule, "lost no life" in str(e)) == ("R-UNIT-4", True)


def test_bath_off_a_quelle_and_search_off_a_silber_rift_name_the_place():
    st = at_action("1c2", taler=2, life=5)
    e = why(st, "bath")
    assert (e.rule, "needs the hero on a Heiße Quelle rift, not on 1c2" in str(e)) == ("R-ACT-1", True)
    e = why(st, "search")
    assert (e.rule, "needs the hero on a Silber rift" in str(e)) == ("R-ACT-1", True)


def test_a_potion_off_the_market_and_kobold_names_R_ACT_1():
    e = why(at_action("1c2", taler=5, life=5), "buy kraft")
    assert (e.rule, "needs the hero on the market or a Kobold rift" in str(e)) == ("R-ACT-1", True)


def test_a_fourth_potion_names_R_POT_2():
    st = at_action("M1", taler=9)
    st.players[0].potions = [("kraft", 1)] * 3
    st._legal = None
    e = why(st, "buy schutz")
    assert (e.rule, "at most 3 potions held; put one back first" in str(e)) == ("R-POT-2", True)


def test_a_second_purchase_names_R_POT_2():
    st = at_action("M1", taler=9)
    play(st, "buy kraft")
    e = why(st, "buy schutz")
    assert (e.rule, "one potion purchase per turn (Bera two)" in str(e)) == ("R-POT-2", True)


def test_a_second_action_names_R_ACT_1():
    st = at_action("M1", taler=9, life=5)
    play(st, "met")
    e = why(st, "hammer")
    assert (e.rule, "one action per turn" in str(e)) == ("R-ACT-1", True)


def test_the_helmet_gone_and_the_wisent_cards_gone_name_R_ACT_1():
    """R-ACT-1: "the item is gone"."""
    st = at_action("M1", taler=12, life=5)
    st.helm_free = False
    st._legal = None
    e = why(st, "helm")
    assert (e.rule, "only one helmet" in str(e)) == ("R-ACT-1", True)
    st = at_action("1c2", taler=12, life=5)
    st.wisent_left = 0
    st._legal = None
    e = why(st, "wisent")
    assert (e.rule, "no Wisent card left" in str(e)) == ("R-ACT-1", True)


def test_the_wisent_without_resources_names_R_RES_1():
    e = why(at_action("1c2", taler=12, life=5), "wisent")
    assert (e.rule, "forest, meadow, scree and rock" in str(e)) == ("R-RES-1", True)


def test_an_action_not_in_force_names_R_ACT_1():
    """R-ACT-1: "the rule is not yet in force"."""
    st = at_action("M1", taler=12, life=5)
    st.rules.discard("gamble")
    st._legal = None
    e = why(st, "gamble small")
    assert (e.rule, "not yet in force" in str(e)) == ("R-ACT-1", True)


def test_a_runestone_off_a_rift_and_without_the_conditions():
    """R-ACT-1 for the place, R-RUNE-1 for the conditions."""
    st = at_action("1c2", taler=2, life=5)
    e = why(st, "rune")
    assert (e.rule, "needs the hero on a rift" in str(e)) == ("R-ACT-1", True)
    st = at_action("1c4", taler=2, life=5, rifts={"1c4": "silber"})
    e = why(st, "rune")
    assert (e.rule, "2 ambers delivered or 2 crystals" in str(e)) == ("R-RUNE-1", True)
    # every condition the hero lacks, not only the first (R-RUNE-1, R-RES-1)
    assert [(x.rule, x.key) for x in (e, *e.also)] == [("R-RUNE-1", "rune_two"), ("R-RUNE-1", "rune_amber"),
                                                       ("R-RES-1", "rune_res")]


# --------------------------------------------------------------------------- recruit

def recruiting(taler: int = 9):
    st = position()
    place(st, 0, "M1", hero=True)
    place(st, 0, "1b1", warriors=1)
    st.players[0].taler = taler
    begin(st, 0, 5)
    assert st.step == "recruit"
    return st


def test_recruiting_on_a_market_names_R_RECRUIT_1():
    e = why(recruiting(), "recruit W M1")
    assert (e.rule, "no recruiting on the market or the sanctuary" in str(e)) == ("R-RECRUIT-1", True)


def test_recruiting_where_no_figure_stands_names_R_RECRUIT_1():
    e = why(recruiting(), "recruit W 1c2")
    assert (e.rule, "no own figure on 1c2 that has not recruited yet" in str(e)) == ("R-RECRUIT-1", True)


def test_recruiting_twice_at_one_figure_names_R_RECRUIT_1():
    st2 = position()
    place(st2, 0, "1b1", warriors=1)
    place(st2, 0, "1c2", warriors=1)
    st2.players[0].taler = 9
    begin(st2, 0, 5)
    play(st2, "recruit W 1b1")
    e = why(st2, "recruit W 1b1")
    assert (e.rule, "no own figure on 1b1 that has not recruited yet" in str(e)) == ("R-RECRUIT-1", True)


def test_a_gode_already_on_the_board_names_R_RECRUIT_2():
    st = position()
    place(st, 0, "1b1", warriors=1, gode=True)
    st.players[0].taler = 9
    begin(st, 0, 5)
    e = why(st, "recruit G 1b1")
    assert (e.rule, "already on the board" in str(e)) == ("R-RECRUIT-2", True)


def test_a_gode_without_two_forests_names_R_GODE_1():
    e = why(recruiting(), "recruit G 1b1")
    assert (e.rule, "3 Taler and warriors on 2 forest hexes" in str(e)) == ("R-GODE-1", True)


def test_a_warrior_without_taler_names_R_RECRUIT_1():
    st = position()
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)
    st.players[0].taler = 3  # enough for the Gode, so the phase opens
    begin(st, 0, 5)
    st.players[0].taler = 1
    st._legal = None
    e = why(st, "recruit W 1b1")
    assert (e.rule, "a warrior costs 2 Taler" in str(e)) == ("R-RECRUIT-1", True)


# --------------------------------------------------------------------------- setup, seats, chance, end

def test_a_taken_beach_names_R_SETUP_B4():
    st = GameState.new("duell", [("A", "Oleif", "grey"), ("B", "Bera", "black")], 1, arrangement="ABCD",
                       rifts={}, first=0)
    play(st, "beach 2c3")
    e = why(st, "beach 2c3")
    assert (e.rule, "2c3 is no free beach" in str(e)) == ("R-SETUP-B4", True)


def test_lay_on_a_farm_with_an_enemy_names_R_FAINT_3():
    st = position()
    place(st, 0, "1b1", warriors=1)
    place(st, 1, "1c2", warriors=1)
    p = st.players[0]
    p.faint = 1  # fainted: the next turn is the X turn
    begin(st, 0)
    play(st, "end")
    assert st.step == "lay"
    e = why(st, "lay 1c2")
    assert (e.rule, "1c2 is no free farm" in str(e)) == ("R-FAINT-3", True)


def test_the_wrong_seat_names_R_TURN_5():
    st = moving("1b1")
    with pytest.raises(WrongSeatError) as e:
        st.apply_action("end", seat=1)
    assert e.value.rule == "R-TURN-5"
    assert isinstance(e.value, IllegalActionError)


def test_dice_when_none_are_due_and_no_decision_when_dice_are_due_name_R_DICE_2():
    st = moving("1b1")
    e = why(st, "roll M3")
    assert (e.rule, "no dice are to be rolled now" in str(e)) == ("R-DICE-2", True)
    st = at_action("M1", taler=4)
    play(st, "gamble small")
    e = why(st, "end")
    assert (e.rule, "the dice must fall now (M)" in str(e)) == ("R-DICE-2", True)


def test_ending_silver_without_choosing_names_R_SILVER_1():
    st = position()
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)
    begin(st, 0, 3)
    e = why(st, "end")
    assert (e.rule, "choose the terrain" in str(e)) == ("R-SILVER-1", True)


def test_ending_the_combat_phase_with_a_combat_open_names_R_COMBAT_1():
    st = position()
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c1", warriors=1)
    begin(st, 0)
    play(st, "H 1c2-1c1", "end")
    e = why(st, "end")
    assert (e.rule, "every combat must be fought" in str(e)) == ("R-COMBAT-1", True)


def test_any_decision_after_the_end_names_R_WIN_1():
    st = position()
    place(st, 0, "S", hero=True)
    st.players[0].amber, st.players[0].delivered = True, 2
    begin(st, 0)
    play(st, "deliver")
    e = why(st, "end")
    assert (e.rule, "the game is over" in str(e)) == ("R-WIN-1", True)


def test_every_refusal_in_a_sweep_names_a_rule():
    """Whatever well-formed decision is sent in a handful of positions, it is
    either legal or refused with an IllegalActionError naming a rule id (never
    another exception)."""
    texts = ["end", "sell", "deliver", "take taler", "take amber", "take crystal", "drink heil", "discard kraft",
             "met", "wisent", "hammer", "helm", "buy kraft", "buy heil!", "gamble small", "gamble big", "bath",
             "search", "rune", "epic pfade", "gode heilen", "silver rock", "recruit W 1c2", "recruit G 1c2",
             "recruit W S", "haste 1c2-1c3", "lay 1c2", "fight 1c2", "blitz 1c2", "throw 1c2", "beach 1c3",
             "crystal S", "gift kraft", "H 1c2-1c3", "W 1c2-1c3", "G 1c2-1c3", "W 1c3-1c2-1c1", "3>W1", "auto",
             "block 3", "roll M3 M2"]
    positions = []
    for phase in (1, 3, 4, 5, 6):
        st = position()
        place(st, 0, "1c2", hero=True, warriors=1)
        place(st, 0, "1b1", warriors=1)
        place(st, 0, "1a2", warriors=1)
        place(st, 1, "3b1", hero=True)
        st.players[0].taler, st.players[0].life = 9, 6
        st.players[0].potions = [("eile", 2)]
        begin(st, 0, phase)
        positions.append(st)
    for st in positions:
        ok = set(legal(st))
        for text in texts:
            if text in ok:
                continue
            c = st.clone()
            with pytest.raises(IllegalActionError) as e:
                c.apply_action(text)
            assert RULE_ID.match(e.value.rule), (text, e.value.rule)


# --------------------------------------------------------------------------- notation

@pytest.mark.parametrize("text,says", [
    ("", "empty decision"),
    ("   ", "empty decision"),
    ("fly 1c2", "'fly' begins no decision"),
    ("H 1c3", "a step is FROM-TO, or PREV-FROM-TO"),
    ("W 1c1-1c2-1c3-1c4", "a step is FROM-TO, or PREV-FROM-TO"),
    ("H 1c3-1c2 now", "expected 'H FROM-TO'"),
    ("H 1c3-9z9", "'9z9' is no hex label"),
    ("haste 1c3", "expected 'haste FROM-TO'"),
    ("beach", "expected 'beach HEX'"),
    ("lay", "expected 'lay HEX'"),
    ("recruit X 1c2", "recruit a warrior (W) or the Gode (G)"),
    ("recruit W", "expected 'recruit W|G HEX'"),
    ("roll", "roll needs dice"),
    ("roll X3", "'X3' is no die"),
    ("roll M5", "shows [1, 2, 3, 4]"),
    ("roll K3", "shows [1, 2]"),
    ("block", "expected 'block' and die values"),
    ("block high", "expected 'block' and die values"),
    ("3>", "a hit is VALUE>TARGET"),
    ("x>W1", "a hit is VALUE>TARGET"),
    ("gode thunder", "'thunder' is no ability of the Gode"),
    ("gode blitz+blitz", "two different ones with Hugin & Munin"),
    ("buy beer", "'beer' is no potion"),
    ("buy kraft!", "only a Heiltrank can be drunk at once"),
    ("silver lava", "silver takes one of forest, meadow, scree, rock"),
    ("take gold", "take takes one of taler, amber, crystal"),
    ("epic sword", "epic takes one of rundschild, huginmunin, pfade, mjolnir, kampfrausch"),
    ("end now", "expected 'end'"),
    ("sell 3", "expected 'sell'"),
])
def test_malformed_text_raises_notation_error_saying_what_is_wrong(text, says):
    with pytest.raises(NotationError) as e:
        parse(text)
    assert says in str(e.value)
    assert not isinstance(e.value, IllegalActionError)
    assert isinstance(e.value, ActionError) and isinstance(e.value, ValueError)


def test_apply_action_with_malformed_text_raises_notation_error():
    st = moving("1b1")
    with pytest.raises(NotationError) as e:
        st.apply_action("H 1b1")
    assert "a step is FROM-TO" in str(e.value)
    assert st.step == "move" and st.players[0].hero_at == H("1b1")


def test_every_legal_decision_reads_back_from_its_notation():
    """The notation of a legal decision parses back to the same decision."""
    st = position()
    place(st, 0, "1c3", warriors=2, gode=True, hero=True)
    place(st, 0, "1c2", warriors=1)
    st.players[0].potions = [("heil", 1)]
    st.players[0].life = 4
    begin(st, 0)
    play(st, "gode berserker", "W 1c3-1c2")
    for a in st.legal_actions():
        assert parse(str(a)) == a


def test_r_pot_4_heiltrank_at_full_life_before_the_roll_names_the_life_not_the_roll():
    """R-POT-4: before the first roll a Heiltrank is allowed, so refusing one at
    full life must say the hero has lost no life."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", warriors=1)
    place(st, 1, "1c3", hero=True)
    st.players[1].potions.append(("heil", 1))
    begin(st, 0, 1)
    play(st, "W 1c2-1c3", "end", "fight 1c3")
    assert st.step == "c:def_pre"
    with pytest.raises(IllegalActionError) as exc:
        st.apply_action("drink heil")
    assert exc.value.rule == "R-POT-4"
    assert "lost life" in str(exc.value)
