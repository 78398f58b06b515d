"""Chapters played to their end (R-CAMP-2/3/5): rule changes on the right
space, the decks in the right order, the winner's cards, darkness as a draw,
replays from seed and decisions; and the campaign's own decisions and hooks
in exact positions with forced dice."""

from __future__ import annotations

import pytest

from campaign_helpers import (
    SEATS, H, begin, clear_board, greedy_policy, legal, new, passive, play_out, read, replay, snapshot,
)
from thorskliff.engine.actions import Action, IllegalActionError, NotationError
from thorskliff.campaign import CampaignState, parse
from thorskliff.engine.state import CHANCE, GameState

SEEDS = {1: (3, 5), 2: (2, 4), 3: (1, 3)}


def _expected_sanctuary(st):
    order = []
    for i, item in enumerate(st.chapter.sanctuary):
        if isinstance(item, tuple):
            assert sorted(st.shuffles[f"sanctuary[{i}]"]) == sorted(item)
            order.extend(st.shuffles[f"sanctuary[{i}]"])
        elif not st.chapter.cards[item].finale:
            order.append(item)
    return order


def _play_chapter(n, seed, players=4):
    st = new(n, n=players, seed=seed)
    rounds = {}

    def look(s):
        rounds[s.round] = {"rules": set(s.rules), "rifts": len(s.rifts), "goal": s.mode.goal_crystals,
                           "oleif": list(s.held[2]), "trolls": sum(s.troll) + len(s.troll_wait)}
    play_out(st, greedy_policy(), seed, on_round=look)
    return st, rounds


def _check_decks(st):
    ch = st.chapter
    last = min(st.round, len(ch.track))
    times = [c for c, s, r, how in st.card_log if how == "time"]
    assert times == [ch.time_cards()[s] for s in sorted(ch.time_cards()) if s <= last]
    drawn = [c for c, s, r, how in st.card_log if how == "sanctuary"]
    assert drawn == _expected_sanctuary(st)[:len(drawn)]
    out = st.outcome()
    finale = [(c, s) for c, s, r, how in st.card_log if how == "finale"]
    if out.winner is None:
        assert out.reason == "draw" and st.round == 19 and times[-1] == ch.time[-1] and finale == []
    else:
        assert finale == [(c, out.winner) for c in ch.finale()]
        delivered = st.players[out.winner].delivered
        # every delivery but the winning one drew a card
        assert len(drawn) == sum(p.delivered for p in st.players) - (out.reason == "ambers")
        if out.reason == "ambers":
            assert delivered == st.mode.goal_ambers


@pytest.mark.parametrize("seed", SEEDS[1])
def test_chapter1_to_its_end(seed):
    st, rounds = _play_chapter(1, seed)
    for r, info in rounds.items():
        assert ("potions" in info["rules"]) == (r >= 4), r  # from Sommer
        assert ("haste" in info["rules"]) == (r >= 4), r
        assert ("buy_amber" in info["rules"]) == (r >= 9), r
        assert not {"wisent", "helm", "gamble", "gode"} & info["rules"]
    _check_decks(st)
    if st.outcome().winner is not None:
        assert "segen1" in st.held[st.outcome().winner]
    assert snapshot(replay(st)) == snapshot(st)


@pytest.mark.parametrize("seed", SEEDS[2])
def test_chapter2_to_its_end(seed):
    st, rounds = _play_chapter(2, seed)
    for r, info in rounds.items():
        assert (info["rifts"] == 6) == (r >= 4), r  # the earthquake in Sommer
        assert ("gamble" in info["rules"]) == (r >= 6), r  # from round 6
        assert ("falschspiel" in info["oleif"]) == (r >= 6), r
        assert "buy_amber" not in info["rules"]
    _check_decks(st)
    if st.outcome().winner is not None:
        assert "segen2" in st.held[st.outcome().winner]
    assert snapshot(replay(st)) == snapshot(st)


@pytest.mark.parametrize("seed", SEEDS[3])
def test_chapter3_to_its_end(seed):
    st, rounds = _play_chapter(3, seed)
    for r, info in rounds.items():
        assert (info["goal"] == 3) == (r >= 4), r  # the blue goal with Lokis Tränen
        assert (info["trolls"] > 0) == (r >= 4), r
        assert ("epic" in info["rules"]) == (r >= 6), r
    _check_decks(st)
    assert snapshot(replay(st)) == snapshot(st)


def test_some_chapter_is_won_and_the_winner_reads_the_z_cards():
    outcomes = [_play_chapter(1, seed)[0].outcome() for seed in SEEDS[1]]
    assert any(o.winner is not None for o in outcomes)


def test_darkness_ends_a_chapter_in_a_draw():
    st = new(1, n=2, seed=4)
    play_out(st, passive, 4)
    assert st.outcome() == (None, "draw") and st.round == 19
    times = [(c, r) for c, s, r, how in st.card_log if how == "time"]
    assert times == [(st.chapter.time_cards()[s], s) for s in sorted(st.chapter.time_cards())]
    assert st.campaign_view()["marker"] == 19
    assert st.legal_actions() == [] and st.current_player() < 0


def test_short_variant_wins_with_the_second_amber():
    st = new(1, n=2, short=True)
    assert st.mode.goal_ambers == 2
    with pytest.raises(ValueError, match="no short variant"):
        new(3, short=True)
    clear_board(st)
    p = st.players[0]
    p.hero_at, p.amber, p.delivered = 0, True, 1
    begin(st, 0, 1)
    st.apply_action("deliver")
    assert st.outcome() == (0, "ambers")
    assert [c for c, s, r, how in st.card_log if how == "finale"] == ["z1", "z2", "z3"]
    assert "segen1" in st.held[0]


def test_a_delivery_draws_the_next_sanctuary_card_and_a_choice_returns_to_the_step():
    st = new(1)
    clear_board(st)
    st.sanctuary_left = ["c6", "a"]
    p = st.players[0]
    p.hero_at, p.amber = H("M1"), True
    begin(st, 0, 1)
    st.apply_action("H M1-S")
    st.apply_action("deliver")
    assert st.step == "card" and st.current_player() == 0 and p.delivered == 1
    assert [str(a) for a in st.legal_actions()] == ["choose silber", "choose krieger"]
    st.apply_action("choose krieger")
    assert st.step == "move" and p.supply == 9 and st.sanctuary_left == ["a"]


def test_a_time_card_choice_belongs_to_the_seat_it_names_then_the_round_begins():
    st = new(1, n=3)
    st.round = st.time_round = 15
    st.players[0].delivered = 2
    st.players[1].delivered = 1
    st.players[2].delivered = 1
    for _ in range(200):
        if st.step == "card":
            break
        st.apply_action(passive(st, st.legal_actions(), None) if st.current_player() != CHANCE
                        else st.sample_chance())
    assert st.round == 16 and st.card_log[-1][0] == "lange_nacht"
    assert st.current_player() == 1  # fewest delivered, earliest in turn order
    st.apply_action("choose taler")
    assert st.seat == 0 and st.step == "move" and st.players[1].taler >= 8


def test_buying_an_amber_after_its_card():
    st = new(1)
    clear_board(st)
    p = st.players[0]
    p.hero_at, p.amber, p.taler = H("M2"), False, 7
    begin(st, 0, 4)
    assert "buy amber" not in legal(st)
    with pytest.raises(IllegalActionError, match="R-CAMP-5"):
        st.apply_action("buy amber")
    read(st, "haendler", None)
    begin(st, 0, 4)
    assert "buy amber" in legal(st)
    supply = st.amber_supply
    st.apply_action("buy amber")
    assert p.amber and p.taler == 0 and st.amber_supply == supply - 1
    p.amber, p.taler, p.life = False, 6, 5  # Met keeps phase 4 open
    begin(st, 0, 4)
    with pytest.raises(IllegalActionError, match="costs 7 Taler"):
        st.apply_action("buy amber")


def test_buying_an_amber_only_at_the_market_and_only_without_one():
    st = new(1)
    read(st, "haendler", None)
    clear_board(st)
    p = st.players[0]
    p.hero_at, p.amber, p.taler = H("M2"), True, 9
    begin(st, 0, 4)
    assert "buy amber" not in legal(st)
    p.hero_at, p.amber = H("1c2"), False
    begin(st, 0, 4)
    assert "buy amber" not in legal(st)


def test_falschspiel_with_forced_dice():
    st = new(2)
    read(st, "schenke", None)
    clear_board(st)
    p = st.players[2]
    p.hero_at, p.taler = H("M3"), 3
    begin(st, 2, 4)
    assert {"gamble small", "gamble big"} <= set(legal(st))
    st.apply_action("gamble big")
    assert p.taler == 1 and st.chance_request() == ("M", "M")
    st.apply_action("roll M4 M3")
    assert p.taler == 8


def test_leifs_seekarte_sails_from_beach_to_beach():
    st = new(1)
    st.grant(0, "seekarte")
    p = st.players[0]
    here = p.hero_at
    moves = legal(st)
    others = [b for b in st.island.beaches if b != here]
    for b in others:
        assert f"H {st.island.label(here)}-{st.island.label(b)}" in moves
    # a beach of another hero: sailing there means a fight, like any step
    target = st.players[1].hero_at
    st.apply_action(Action("step", here, target, -1, "H"))
    assert st.hero_left == 0
    assert not [a for a in st.legal_actions() if a.verb == "step" and a.arg == "H"]
    other = new(1)
    assert not [a for a in other.legal_actions() if a.verb == "step" and a.b in other.island.beaches]


def test_thors_blut_needs_its_card():
    for n, heart in ((1, 0), (2, 1)):
        st = new(n)
        clear_board(st)
        p = st.players[1]
        p.hero_at, p.amber = st.island.farms[0], True
        begin(st, 1, 1)
        st.apply_action("sell")
        assert p.heart == heart and p.taler == 10


def test_bera_buys_two_potions_for_two_after_summer():
    st = new(1)
    clear_board(st)
    p = st.players[0]
    p.hero_at, p.taler = H("M1"), 9
    begin(st, 0, 4)
    assert not any(a.verb == "buy" for a in st.legal_actions())
    read(st, "sommer", None)
    begin(st, 0, 4)
    st.apply_action("buy kraft")
    assert st.step == "potion2"
    st.apply_action("buy eile")
    assert p.taler == 5 and p.potions == [("kraft", 1), ("eile", 3)]


def test_trolls_wait_for_an_occupied_peak():
    st = new(3)
    peak = st.island.peaks[0]
    st.wc[1][peak] = 1
    st.players[1].supply -= 1
    read(st, "lokis_traenen", None)
    assert not st.troll[peak] and peak in st.troll_wait
    st.wc[1][peak] = 0
    begin(st, 2, 1)
    assert st.troll[peak] and st.crystal_at[peak] == 1


def test_the_third_crystal_wins_in_chapter_3():
    st = new(3)
    read(st, "lokis_traenen", None)
    clear_board(st)
    st.sanctuary_left = ["c33"]
    p = st.players[3]
    p.hero_at, p.amber, p.crystals, p.cbonus = 0, True, 2, "S"
    begin(st, 3, 1)
    st.apply_action("deliver")
    assert st.outcome() == (3, "crystals")
    assert [c for c, s, r, how in st.card_log if how == "finale"] == ["z1c", "z2c", "z3c"]


def test_the_second_crystal_asks_for_its_bonus():
    st = new(3)
    clear_board(st)
    st.sanctuary_left = ["c33", "a3"]
    p = st.players[0]
    p.hero_at, p.amber, p.crystals = 0, True, 1
    begin(st, 0, 1)
    st.apply_action("deliver")
    assert st.step == "card" and legal(st) == ["choose die", "choose shield"]
    st.apply_action("choose die")
    assert p.cbonus == "S" and st.step == "move"


def test_notation():
    assert parse("choose taler") == Action("choose", arg="taler")
    assert parse("use Segen1") == Action("use", arg="segen1")
    assert parse("buy amber") == Action("buy", arg="amber")
    assert parse("buy kraft") == Action("buy", arg="kraft")
    assert parse("H 1c3-1c2") == Action("step", H("1c3"), H("1c2"), -1, "H")
    assert [str(parse(t)) for t in ("choose die", "use heiler", "buy amber")] == ["choose die", "use heiler",
                                                                                  "buy amber"]
    with pytest.raises(NotationError):
        parse("choose")
    with pytest.raises(NotationError):
        parse("use a b")


def test_illegal_campaign_decisions_are_explained():
    st = new(1)
    with pytest.raises(IllegalActionError, match="no card asks"):
        st.apply_action("choose taler")
    with pytest.raises(IllegalActionError, match="holds no card 'segen1'"):
        st.apply_action("use segen1")


def test_clone_keeps_the_campaign():
    st = new(2)
    c = st.clone()
    assert type(c) is CampaignState and isinstance(c, GameState)
    c.held[0].append("x")
    c.sanctuary_left.pop()
    assert "x" not in st.held[0] and len(st.sanctuary_left) == 8
    assert snapshot(st.clone()) == snapshot(st)


def test_observation_has_the_campaign_for_the_app():
    st = new(1)
    obs = st.observation(0)
    view = obs["campaign"]
    assert view["chapter"] == 1 and view["marker"] == 1 and view["goal"] == {"ambers": 3, "crystals": 0}
    assert [s["card"] for s in view["track"]][:4] == ["fruehling", None, None, "sommer"]
    assert view["track"][0]["read"] and not view["track"][3]["read"]
    assert view["held"][0] == ["bera"] and view["log"][-1]["card"] == "fruehling"
    assert st.campaign_view("en")["title"] == "The First Encounter"
    card = st.card_view("sommer", "en")
    assert card["title"] == "Summer - The Herb Cauldron" and card["label"] == "4" and "potion" in card["text"]
    assert st.phase_name() == "movement"
    st.read_card("c6", 0, ("return", st.step, st.decider), "sanctuary")
    assert st.phase_name() == "card"
    choice = st.campaign_view()["choice"]
    assert choice["seat"] == 1 and [o["id"] for o in choice["options"]] == ["silber", "krieger"]


def test_new_chapter_checks_its_players():
    with pytest.raises(ValueError, match="2–4 players"):
        CampaignState.new_chapter(SEATS[:1], 1, 1)
    with pytest.raises(ValueError, match="each hero"):
        CampaignState.new_chapter([SEATS[0], ("X", "Bera", "white")], 1, 1)
    with pytest.raises(ValueError, match="start tile"):
        CampaignState.new_chapter(SEATS[:2], 1, 1, start=2)
