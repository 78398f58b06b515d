"""Each effect primitive of docs/scenarios.md, run by the card machine on a
chapter-1 state (4 players, seat 1 holds the start tile)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from campaign_helpers import H, changes, new, snapshot
from thorskliff.engine.actions import IllegalActionError
from thorskliff.campaign import effects
from thorskliff.campaign.chapter import Effect, Option, Where
from thorskliff.island import island_for
from thorskliff.engine.player import LYING


def run(st, *effs, reader=0):
    effects.run(st, "test", tuple(effs), reader, ("return", st.step, st.decider))
    st._legal = None


def choose(st, oid):
    st.apply_action(f"choose {oid}")


@pytest.fixture
def st():
    s = new(1)
    for p in s.players:
        p.life = 3
    return s


def test_story_does_nothing(st):
    before = snapshot(st)
    run(st, Effect("story"))
    assert changes(before, snapshot(st)) == {}


def test_taler_gives_and_takes_never_below_zero(st):
    run(st, Effect("taler", n=4))
    assert st.players[0].taler == 9
    run(st, Effect("taler", n=-20, to="all"))
    assert [p.taler for p in st.players] == [0, 0, 0, 0]


def test_targets_reader_all_behind_hero(st):
    st.players[0].delivered = 1
    st.players[1].delivered = 1
    before = snapshot(st)
    run(st, Effect("taler", n=1, to="behind"))  # seats 3 and 4 tie: seat 3 comes first
    run(st, Effect("taler", n=2, to="hero:Raghild"))
    run(st, Effect("taler", n=3, to="hero:Yrsa"))  # nobody plays her
    run(st, Effect("taler", n=1), reader=1)
    assert changes(before, snapshot(st)) == {"taler1": 6, "taler2": 6, "taler3": 7}


def test_behind_counts_from_the_start_tile():
    st = new(1, start=2)
    assert effects.targets(st, "behind", None) == [2]
    assert effects.targets(st, "all", None) == [2, 3, 0, 1]
    st.players[2].out = True
    assert effects.targets(st, "all", None) == [3, 0, 1]
    assert effects.targets(st, "reader", 2) == []


def test_warriors_from_the_box_never_beyond_ten(st):
    run(st, Effect("warriors", n=2))
    assert st.players[0].supply == 9
    st.wc[0][H("1c3")] = 1
    run(st, Effect("warriors", n=3))
    assert st.players[0].supply == 9  # 9 in supply + 1 on the board = 10


def test_potion_of_a_kind(st):
    run(st, Effect("potion", kind="eile"))
    assert st.players[0].potions == [("eile", 3)]  # Bera's Eiletrank has 3 uses
    run(st, Effect("potion", kind="eile"), reader=2)
    assert st.players[2].potions == [("eile", 2)]
    assert st.potion_supply["eile"] == 4


def test_potion_lapses_with_three_held_or_none_left(st):
    st.players[0].potions = [("heil", 1)] * 3
    run(st, Effect("potion", kind="kraft"))
    assert len(st.players[0].potions) == 3 and st.potion_supply["kraft"] == 5
    st.potion_supply["schutz"] = 0
    run(st, Effect("potion", kind="schutz"), reader=1)
    assert st.players[1].potions == []


def test_potion_any_is_the_seats_choice(st):
    st.potion_supply["kraft"] = 0
    run(st, Effect("potion", kind="any"), reader=1)
    assert st.step == "card" and st.current_player() == 1
    assert [str(a) for a in st.legal_actions()] == ["choose heil", "choose eile", "choose schutz"]
    choose(st, "schutz")
    assert st.players[1].potions == [("schutz", 1)]
    assert st.step == "move" and st.current_player() == 0


def test_potion_any_for_all_asks_each_seat_in_turn_order(st):
    run(st, Effect("potion", kind="any", to="all"))
    for q, kind in ((0, "heil"), (1, "kraft"), (2, "heil"), (3, "eile")):
        assert st.current_player() == q
        choose(st, kind)
    assert [p.potions[0][0] for p in st.players] == ["heil", "kraft", "heil", "eile"]
    assert st.step == "move"


def test_heal_n_full_and_not_a_fainted_hero(st):
    run(st, Effect("heal", n=4))
    assert st.players[0].life == 7
    run(st, Effect("heal", full=True), reader=1)
    assert st.players[1].life == 10
    p = st.players[2]
    p.hero_at, p.life, p.faint = -1, 0, LYING
    run(st, Effect("heal", full=True), reader=2)
    assert p.life == 0


def test_card_by_id_runs_its_gain_effects_and_leaves_the_deck(st):
    run(st, Effect("card", card="tattoo"))
    assert st.held[0] == ["bera", "tattoo"] and "tattoo" not in st.special_left
    assert st.players[0].max_life == 10  # Bera 8 + 2
    run(st, Effect("card", card="tattoo", instead=(Effect("taler", n=4),)), reader=1)
    assert st.held[1] == [] and st.players[1].taler == 9


def test_card_top_takes_the_top_of_the_special_deck(st):
    top = st.special_left[0]
    run(st, Effect("card", card="top"), reader=3)
    assert st.held[3] == [top] and st.special_left[0] != top
    assert st.card_log[-1] == (top, 3, 1, "special")
    st.special_left.clear()
    run(st, Effect("card", card="top", instead=(Effect("taler", n=1),)), reader=3)
    assert st.players[3].taler == 6


def test_card_gain_effects_run():
    st = new(2)
    run(st, Effect("card", card="donnergode"), reader=1)
    p = st.players[1]
    assert "blitz" in st.rules and p.gode_at == p.hero_at and p.marker == "blitz"


def test_epic_item_and_instead(st):
    run(st, Effect("epic", item="pfade"))
    assert st.players[0].epic == ("pfade",)
    run(st, Effect("epic", item="pfade", instead=(Effect("taler", n=4),)), reader=1)
    assert st.players[1].epic == () and st.players[1].taler == 9
    st.players[2].weapon = "hammer"
    run(st, Effect("epic", item="mjolnir"), reader=2)
    assert st.players[2].weapon == "mjolnir"


def test_enable_and_disable(st):
    run(st, Effect("enable", rule="potions"), Effect("enable", rule="buy_amber", price=7),
        Effect("enable", rule="epic", items=("rundschild",)))
    assert {"potions", "buy_amber", "epic"} <= st.rules and st.amber_price == 7
    assert st.epic_free == {"rundschild"}
    run(st, Effect("disable", rule="potions"))
    assert "potions" not in st.rules


def test_rifts_are_laid_once_shuffled_by_seed(st):
    run(st, Effect("rifts"))
    assert sorted(st.rifts) == sorted(st.island.well_farms)
    assert sorted(st.rifts.values()) == sorted(effects.RIFT_TILES)
    first = dict(st.rifts)
    run(st, Effect("rifts"))
    assert st.rifts == first
    assert effects.rift_placement(st.chapter, st.island, st.seed) == first  # a pure function of the seed


def test_rifts_from_the_files_table():
    st = new(1)
    table = {f"{s}c4": k for s, k in zip(range(1, 7), ("kobold", "silber", "quelle") * 2)}
    ch = replace(st.chapter, rifts=table)
    isl = island_for("ABCDEF")
    assert effects.rift_placement(ch, isl, 1) == {isl.index(k): v for k, v in table.items()}


def test_trolls_on_empty_peaks_and_later_on_occupied_ones(st):
    peak = st.island.peaks[0]
    st.wc[1][peak] = 1
    run(st, Effect("trolls"))
    assert sum(st.troll) == 5 and not st.troll[peak] and st.troll_wait == [peak]
    assert sum(st.crystal_at.values()) == 5
    st._wake_trolls()
    assert not st.troll[peak]  # still occupied
    st.wc[1][peak] = 0
    st._wake_trolls()
    assert st.troll[peak] and st.crystal_at[peak] == 1 and st.troll_wait == []


def test_goal_changes_and_wins_at_once(st):
    run(st, Effect("goal", crystals=3))
    assert st.mode.goal_crystals == 3 and st.result is None
    st.players[2].crystals = 3
    run(st, Effect("goal", crystals=3))
    assert st.outcome() == (2, "crystals")


def test_remove_by_terrain_kind_level_and_count(st):
    isl = st.island
    scree = [h for h in range(isl.size) if isl.terrain[h] == "scree" and not isl.beach[h] and isl.level[h] < 3][:2]
    beach = next(h for h in isl.beaches if isl.terrain[h] != "scree")
    high = next(h for h in range(isl.size) if isl.level[h] == 3 and isl.kind[h] == "landscape"
               and isl.terrain[h] != "scree")
    for h in (*scree, beach, high):
        st.wc[1][h] = 3
    st.players[1].supply = 7 - 12
    run(st, Effect("remove", units="warriors", where=Where(terrain=("scree",)), count=1, to="all"))
    assert [st.wc[1][h] for h in scree] == [2, 2] and st.players[1].supply == -5 + 2
    run(st, Effect("remove", units="warriors", where=Where(kind=("beach",)), to="all"))
    assert st.wc[1][beach] == 0
    run(st, Effect("remove", units="warriors", where=Where(level_min=3, level_max=3), to="hero:Jorund"))
    assert st.wc[1][high] == 0 and st.players[1].supply == 7 - 4


def test_remove_the_gode(st):
    st.players[3].gode_at = H("2b1")
    run(st, Effect("remove", units="gode", where=Where(kind=("landscape",)), to="all"))
    assert st.players[3].gode_at == -1


def test_crystal_first_second_and_goal(st):
    run(st, Effect("crystal"), reader=1)
    assert st.players[1].crystals == 1 and st.players[1].max_life == 13
    run(st, Effect("crystal"), reader=1)
    assert st.step == "card" and st.current_player() == 1
    assert [str(a) for a in st.legal_actions()] == ["choose die", "choose shield"]
    choose(st, "shield")
    assert st.players[1].cbonus == "P" and st.step == "move"
    st.mode = replace(st.mode, goal_crystals=3)
    run(st, Effect("crystal"), reader=1)
    assert st.outcome() == (1, "crystals")


def test_gode_comes_beside_the_hero(st):
    run(st, Effect("gode", marker="blitz"), reader=2)
    p = st.players[2]
    assert p.gode_at == p.hero_at and p.marker == "blitz"
    p.gode_at = H("2b1")
    run(st, Effect("gode", marker="heilen"), reader=2)
    assert p.gode_at == H("2b1") and p.marker == "blitz"  # already on the board


def test_choice_with_cost_offers_only_what_is_affordable(st):
    opts = (Option("free", {"de": "a", "en": "a"}, 0, (Effect("taler", n=1),)),
            Option("dear", {"de": "b", "en": "b"}, 6, (Effect("warriors", n=2),)))
    run(st, Effect("choice", options=opts))
    assert [str(a) for a in st.legal_actions()] == ["choose free"]
    st.players[0].taler = 6
    st._legal = None
    assert [str(a) for a in st.legal_actions()] == ["choose free", "choose dear"]
    choose(st, "dear")
    assert st.players[0].taler == 0 and st.players[0].supply == 9


def test_choice_belongs_to_its_seat_and_blocks_everything_else(st):
    opts = (Option("x", {"de": "a", "en": "a"}, 0, (Effect("story"),)),
            Option("y", {"de": "b", "en": "b"}, 0, (Effect("story"),)))
    run(st, Effect("choice", options=opts, to="hero:Oleif"))
    assert st.current_player() == 2
    with pytest.raises(IllegalActionError, match="R-CAMP-2"):
        st.apply_action("end")
    with pytest.raises(IllegalActionError, match="seat 4 does not decide now"):
        st.apply_action("choose x", seat=3)
    with pytest.raises(IllegalActionError, match="a card's decision comes first"):
        st.apply_action("resign")
    choose(st, "y")
    assert st.step == "move" and st.current_player() == 0


def test_effects_after_a_choice_run_on(st):
    opts = (Option("x", {"de": "a", "en": "a"}, 0, (Effect("taler", n=1),)),
            Option("y", {"de": "b", "en": "b"}, 0, (Effect("taler", n=2),)))
    run(st, Effect("choice", options=opts), Effect("warriors", n=1))
    assert st.players[0].supply == 7
    choose(st, "y")
    assert st.players[0].taler == 7 and st.players[0].supply == 8


def test_darkness_ends_in_a_draw(st):
    run(st, Effect("darkness"))
    assert st.is_terminal() and st.outcome() == (None, "draw")
    assert st.card_log[-1][3] != "finale"  # no winner reads the Z cards
