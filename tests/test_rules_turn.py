"""The turn (docs/rules.md sections 4 and 5): setup of the base game, seat order
and rounds, the phases in order and skipped when there is nothing to do, free
steps, reproducible records, one seat deciding at a time, resigning.

Positions are exact (``tests/helpers.py``); dice are forced where they fall.
"""

from __future__ import annotations

from collections import Counter

import pytest

from helpers import H, begin, legal, place, play, position
from thorskliff.engine.actions import Action, NotationError, WrongSeatError, parse
from thorskliff.engine.state import CHANCE, TERMINAL, GameState

FOUR = [("P1", "Raghild", "brown"), ("P2", "Bera", "black"), ("P3", "Oleif", "grey"), ("P4", "Jorund", "white")]


def _choose_beaches(st: GameState, beaches: list[str]) -> list[int]:
    """Let the choosers take ``beaches`` in order; return the seats that chose."""
    order = []
    for b in beaches:
        order.append(st.current_player())
        play(st, f"beach {b}")
    return order


def _pass_turn(st: GameState) -> None:
    """End every remaining step of the current turn without doing anything."""
    seat = st.seat
    while st.seat == seat and not st.is_terminal():
        play(st, "end")


# --------------------------------------------------------------------------- setup (section 4)

def test_R_SETUP_B1_trolls_crystals_and_rifts_on_a_seeded_base_island():
    """R-SETUP-B1: a troll and a crystal on every peak; the six rift tiles,
    2 of each kind, one on every well farm; arrangement and rifts come from the
    seed, so the same seed gives the same island."""
    st = GameState.new("base", FOUR[:3], seed=11)
    isl = st.island
    assert sorted(isl.arrangement) == list("ABCDEF")
    assert [h for h in range(isl.size) if st.troll[h]] == list(isl.peaks)
    assert st.crystal_at == {h: 1 for h in isl.peaks}
    assert sorted(st.rifts) == sorted(isl.well_farms)
    assert Counter(st.rifts.values()) == {"kobold": 2, "silber": 2, "quelle": 2}
    again = GameState.new("base", FOUR[:3], seed=11)
    assert (again.island.arrangement, again.rifts, again.first_chooser) == (isl.arrangement, st.rifts,
                                                                           st.first_chooser)


def test_R_SETUP_B1_duell_has_four_trolls_and_every_rift_kind():
    """R-SETUP-B1 with R-ISLE-10: the Duell crescent has 4 peaks with trolls
    and crystals, and Kobold, Silber and Heiße Quelle each at least once."""
    for seed in range(5):
        st = GameState.new("duell", FOUR[:2], seed=seed)
        assert sum(st.troll) == 4
        assert len(st.crystal_at) == 4
        assert set(st.rifts.values()) == {"kobold", "silber", "quelle"}
        assert len(st.rifts) == 4


def test_R_SETUP_B2_each_player_starts_with_hero_axe_5_taler_amber_7_warriors():
    """R-SETUP-B2: a hero at full life with the Kriegsbeil, 5 Taler, an amber
    carried, 7 warriors in the supply, 2 + 1 on the amber track, the Gode off
    the board."""
    st = GameState.new("base", FOUR, seed=3, arrangement="ABCDEF", rifts={}, first=0)
    for p in st.players:
        assert (p.life, p.weapon, p.taler, p.amber, p.supply, p.track) == (
            10 if p.hero != "Bera" else 8, "axe", 5, True, 7, [2, 1])
        assert (p.gode_at, p.delivered, p.crystals, p.potions, p.wisent, p.helm) == (-1, 0, 0, [], False, False)
    assert [p.life for p in st.players] == [10, 8, 10, 10]


def test_R_SETUP_B3_supply_is_12_ambers_minus_carried_all_potions_helm_wisents():
    """R-SETUP-B3: 12 ambers minus those carried; 5 Heil-, 5 Kraft-, 6 Eile-,
    6 Schutztränke; the helmet and 4 Wisent cards."""
    st = GameState.new("base", FOUR[:3], seed=3)
    assert st.amber_supply == 9
    assert st.potion_supply == {"heil": 5, "kraft": 5, "eile": 6, "schutz": 6}
    assert st.helm_free is True
    assert st.wisent_left == 4
    st4 = GameState.new("base", FOUR, seed=3)
    assert st4.amber_supply == 8


def test_R_SETUP_B4_choice_goes_counter_clockwise_and_the_last_to_choose_starts():
    """R-SETUP-B4: from the first chooser counter-clockwise (seat 2, 1, 4, 3);
    the last to choose starts the game; round 1 begins."""
    st = GameState.new("base", FOUR, seed=3, arrangement="ABCDEF", rifts={}, first=1)
    assert st.round == 0 and st.step == "beach"
    order = _choose_beaches(st, ["1c3", "2c3", "3c3", "4c3"])
    assert order == [1, 0, 3, 2]
    assert (st.round, st.seat, st.current_player(), st.phase, st.step) == (1, 2, 2, 1, "move")
    assert [st.players[s].hero_at for s in (1, 0, 3, 2)] == [H("1c3"), H("2c3"), H("3c3"), H("4c3")]


def test_R_SETUP_B4_no_two_heroes_on_one_beach():
    """R-SETUP-B4: a beach already taken is not offered and is refused."""
    st = GameState.new("base", FOUR[:3], seed=3, arrangement="ABCDEF", rifts={}, first=0)
    play(st, "beach 2c3")
    assert legal(st) == ["beach 1c3", "beach 3c3", "beach 4c3", "beach 5c3", "beach 6c3"]
    with pytest.raises(Exception) as e:
        play(st, "beach 2c3")
    assert e.value.rule == "R-SETUP-B4"
    assert "2c3 is no free beach" in str(e.value)


def test_R_SETUP_B4_first_chooser_is_drawn_from_the_seed():
    """R-SETUP-B4: without a named first chooser the seed draws one, the same
    for the same seed."""
    firsts = {GameState.new("base", FOUR, seed=s).first_chooser for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert GameState.new("base", FOUR, seed=9).first_chooser == GameState.new("base", FOUR, seed=9).first_chooser


# --------------------------------------------------------------------------- rounds (R-TURN-1)

def test_R_TURN_1_whole_turns_clockwise_and_a_round_ends_after_every_seat():
    """R-TURN-1: the start seat (here seat 2, after choosing 1, 3, 2) plays,
    then 3, then 1; then round 2 begins with seat 2 again."""
    st = GameState.new("base", FOUR[:3], seed=3, arrangement="ABCDEF", rifts={}, first=0)
    _choose_beaches(st, ["1c3", "3c3", "5c3"])
    seen = []
    for _ in range(7):
        seen.append((st.round, st.seat))
        _pass_turn(st)
    assert seen == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0), (3, 1)]


def test_R_TURN_1_a_seat_that_is_out_is_skipped():
    """R-TURN-1 with R-OUT-1: turns go clockwise over the seats still in."""
    st = GameState.new("base", FOUR, seed=3, arrangement="ABCDEF", rifts={}, first=3)
    _choose_beaches(st, ["1c3", "2c3", "3c3", "4c3"])
    assert st.seat == 0
    st.players[1].out = True
    seen = []
    for _ in range(4):
        seen.append((st.round, st.seat))
        _pass_turn(st)
    assert seen == [(1, 0), (1, 2), (1, 3), (2, 0)]


# --------------------------------------------------------------------------- phases (R-TURN-2)

def test_R_TURN_2_phases_run_in_order_0_1_3_4_5_6_when_each_has_something_to_do():
    """R-TURN-2: Gode (0), movement (1), combat (2, skipped: no enemy),
    silver (3), action (4), recruit (5), haste (6), in this order."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, gode=True)
    place(st, 0, "1b1", warriors=1)  # forest
    place(st, 0, "1a2", warriors=1)  # forest
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.taler, p.life = 6, 7
    p.potions = [("eile", 2)]
    begin(st, 0)
    phases = [(st.phase, st.step)]
    for text in ("gode heilen", "end", "silver forest", "met", "recruit W 1c2", "end"):
        play(st, text)
        phases.append((st.phase, st.step))
    assert phases == [(0, "gode"), (1, "move"), (3, "silver"), (4, "action"), (5, "recruit"), (5, "recruit"),
                      (6, "haste")]
    play(st, "haste 1c2-1c1")
    assert (st.phase, st.step) == (6, "afterhaste")
    play(st, "end")
    assert st.seat == 1


def test_R_TURN_2_combat_phase_comes_between_movement_and_silver():
    """R-TURN-2: with an enemy on the hex the hero entered, phase 2 opens
    after movement and asks for that combat."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c1", warriors=1)
    begin(st, 0)
    play(st, "H 1c2-1c1", "end")
    assert (st.phase, st.step, legal(st)) == (2, "combat", ["fight 1c1"])


def test_R_TURN_2_a_turn_with_nothing_to_do_passes_every_phase():
    """R-TURN-2: a lone hero with no Taler, no Gode, no potion, on a plain
    landscape: only movement asks; ending it ends the whole turn."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    assert (st.phase, st.step) == (1, "move")
    play(st, "end")
    assert (st.seat, st.phase, st.step) == (1, 1, "move")


def test_R_TURN_2_gode_phase_only_with_a_gode_on_the_board():
    """R-TURN-2 / R-GODE-2: phase 0 is skipped without a Gode on the board."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    begin(st, 0)
    assert (st.phase, st.step) == (1, "move")
    st2 = position(("Oleif", "Bera"))
    place(st2, 0, "1b1", hero=True, gode=True)
    begin(st2, 0)
    assert (st2.phase, st2.step) == (0, "gode")
    assert legal(st2) == ["gode berserker", "gode heilen", "gode blitz"]


def test_R_TURN_2_action_phase_skipped_when_no_action_is_possible():
    """R-TURN-2: a healthy hero on a farm with 5 Taler has no action (no Met
    to drink, no resources for the Wisent): phase 4 passes straight to 5."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    st.players[0].taler = 5
    begin(st, 0)
    play(st, "end")
    assert (st.phase, st.step) == (5, "recruit")


def test_R_TURN_2_recruit_phase_skipped_without_two_taler():
    """R-TURN-2 / R-RECRUIT-1: with 1 Taler no warrior can be recruited; the
    turn ends after movement."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    place(st, 1, "3b1", hero=True)
    st.players[0].taler = 1
    begin(st, 0)
    play(st, "end")
    assert st.seat == 1


# --------------------------------------------------------------------------- free steps (R-TURN-3)

def test_R_TURN_3_sell_while_riding_past_a_farm_mid_move():
    """R-TURN-3: a hero on a Wisent sells its amber on the farm it passes,
    then rides on with its second step."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c1", hero=True)
    p = st.players[0]
    p.wisent, p.amber = True, True
    begin(st, 0)
    play(st, "H 1c1-1c2")
    assert "sell" in legal(st)
    play(st, "sell")
    assert (p.taler, p.amber, st.amber_supply) == (5, False, 13)
    assert legal(st)[:4] == ["H 1c2-1c3", "H 1c2-1b2", "H 1c2-1b1", "H 1c2-1c1"]
    play(st, "H 1c2-1b2")
    assert p.hero_at == H("1b2")


def test_R_TURN_3_taking_taler_lying_on_the_hex_is_a_choice_not_an_action():
    """R-TURN-3: Taler lying on the hero's hex are taken by choice, at any
    decision of one's own turn; no action is used."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    st.taler_at[H("1b2")] = 4
    begin(st, 0)
    play(st, "H 1b1-1b2")
    assert legal(st) == ["end", "take taler"]
    play(st, "take taler")
    assert (st.players[0].taler, st.taler_at) == (4, {})
    assert st.action_done is False


def test_R_TURN_3_no_free_step_with_an_enemy_on_the_hex():
    """R-TURN-3: with an enemy warrior on the farm the hero entered, the
    amber cannot be sold there (the combat comes first)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c1", hero=True)
    place(st, 1, "1c2", warriors=1)
    st.players[0].amber = True
    begin(st, 0)
    play(st, "H 1c1-1c2")
    assert "sell" not in legal(st)
    with pytest.raises(Exception) as e:
        play(st, "sell")
    assert e.value.rule == "R-TURN-3"
    assert "enemy" in str(e.value)


def test_R_TURN_3_the_turn_waits_at_its_end_while_a_free_step_is_open():
    """R-TURN-3: when the phases are over and the hero could still sell, the
    player is asked once more (end or sell) before the next seat."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "3b1", hero=True)
    st.players[0].amber = True
    begin(st, 0)
    play(st, "end")
    assert (st.seat, st.step, legal(st)) == (0, "turnend", ["end", "sell"])
    play(st, "sell")
    assert st.players[0].taler == 5
    assert legal(st) == ["end"]
    play(st, "end")
    assert st.seat == 1


def test_R_TURN_3_free_steps_at_the_silver_decision():
    """R-TURN-3: free steps (and a Heiltrank, R-TURN-5) at any moment of
    one's own turn: also while choosing the terrain in phase 3."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 0, "1b1", warriors=1)
    place(st, 0, "1a2", warriors=1)
    p = st.players[0]
    p.amber, p.life = True, 5
    p.potions = [("heil", 1)]
    begin(st, 0, 3)
    assert st.step == "silver"
    assert sorted(legal(st)) == ["discard heil", "drink heil", "sell", "silver forest"]
    play(st, "sell", "drink heil")
    assert (p.taler, p.life, st.step) == (5, 9, "silver")
    play(st, "silver forest")
    assert p.taler == 6


# --------------------------------------------------------------------------- records (R-TURN-4)

def _walk(seed: int, n: int) -> GameState:
    st = GameState.new("duell", FOUR[:2], seed=seed)
    for i in range(n):
        if st.is_terminal():
            break
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            acts = st.legal_actions()
            st.apply_action(acts[(i * 7) % len(acts)])
    return st


def test_R_TURN_4_the_state_after_a_prefix_of_decisions_is_reproducible():
    """R-TURN-4 / R-DICE-2: the same seed and the same decisions give the same
    state, prefix by prefix."""
    for n in (0, 25, 120, 300):
        a, b = _walk(5, n), _walk(5, n)
        assert a.observation(None) == b.observation(None)
        assert a.decisions == b.decisions
        assert a.chance_count == b.chance_count


def test_R_TURN_4_a_clone_is_independent_of_its_original():
    """R-TURN-4: a copy of a position replays alike and does not share state."""
    st = _walk(8, 40)
    c = st.clone()
    before = st.observation(None)
    for _ in range(20):
        if c.is_terminal():
            break
        c.apply_action(c.sample_chance() if c.current_player() == CHANCE else c.legal_actions()[-1])
    assert st.observation(None) == before


# --------------------------------------------------------------------------- one seat decides (R-TURN-5)

def test_R_TURN_5_a_seat_that_does_not_decide_now_is_refused():
    """R-TURN-5: one seat decides at a time; another seat's decision raises
    WrongSeatError naming the rule and the seat that decides."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    begin(st, 0)
    with pytest.raises(WrongSeatError) as e:
        st.apply_action("end", seat=1)
    assert e.value.rule == "R-TURN-5"
    assert "seat 2 does not decide now; seat 1 does" in str(e.value)
    st.apply_action("end", seat=0)


def test_R_TURN_5_heiltrank_at_any_decision_point_of_ones_own_turn():
    """R-TURN-5 / R-POT-4: in its own turn the player may drink a Heiltrank at
    its decision points: here in movement and in recruiting."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    p = st.players[0]
    p.life, p.taler = 3, 2
    p.potions = [("heil", 1), ("heil", 1)]
    begin(st, 0)
    assert "drink heil" in legal(st)
    play(st, "drink heil", "end")
    assert (p.life, st.step) == (7, "recruit")
    assert "drink heil" in legal(st)
    play(st, "drink heil")
    assert (p.life, p.potions, st.potion_supply["heil"]) == (10, [], 7)


def test_R_TURN_5_no_heiltrank_at_full_life_or_off_the_board():
    """R-TURN-5 / R-POT-4: a hero at full life, or not on the board, has no
    Heiltrank to drink (it would heal nothing)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    st.players[0].potions = [("heil", 1)]
    begin(st, 0)
    assert "drink heil" not in legal(st)


# --------------------------------------------------------------------------- diplomacy, resigning

def test_R_DIPLO_1_there_is_no_decision_to_give_anything_away():
    """R-DIPLO-1: no notation exists for giving Taler, potions or ambers."""
    for text in ("give taler", "gift taler", "give 3"):
        with pytest.raises(NotationError):
            parse(text)
    st = _walk(2, 60)
    verbs = {a.verb for a in st.legal_actions()}
    assert not verbs & {"give"}


def test_R_RESIGN_1_a_player_who_resigns_is_out_and_the_next_seat_plays():
    """R-RESIGN-1 / R-OUT-1: resigning at a decision of one's own turn: the
    units leave the board and the next seat still in the game plays."""
    st = position(("Raghild", "Bera", "Oleif"))
    place(st, 0, "1b1", hero=True, warriors=2, gode=True)
    place(st, 1, "3b1", hero=True)
    place(st, 2, "5b1", hero=True)
    begin(st, 0, 1)
    play(st, "resign")
    p = st.players[0]
    assert (p.out, p.hero_at, p.gode_at, sum(st.wc[0])) == (True, -1, -1, 0)
    assert (st.seat, st.current_player()) == (1, 1)
    assert st.outcome() is None
    _pass_turn(st)
    _pass_turn(st)
    assert st.seat == 1  # seat 1 is skipped


def test_R_RESIGN_1_when_one_player_remains_it_wins_at_once():
    """R-RESIGN-1 / R-OUT-1: in a Duell the opponent of a resigning player
    wins at once."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1b1", hero=True)
    place(st, 1, "3b1", hero=True)
    begin(st, 0)
    play(st, "resign")
    assert st.is_terminal()
    assert st.current_player() == TERMINAL
    assert tuple(st.outcome()) == (1, "last-standing")


def test_R_RESIGN_1_not_inside_a_combat():
    """R-RESIGN-1: the engine takes a resignation at a decision of one's own
    turn outside a combat, and says so otherwise."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c1", hero=True)
    st.players[1].potions = [("kraft", 1)]
    begin(st, 0)
    play(st, "H 1c2-1c1", "end", "fight 1c1")
    assert st.current_player() == 1  # the defender's potion window
    with pytest.raises(Exception) as e:
        st.apply_action(Action("resign"))
    assert e.value.rule == "R-RESIGN-1"
