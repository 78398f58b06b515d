"""What every card of the three chapters does, read on a fresh chapter state
(4 players: Bera, Jorund, Oleif, Raghild; seat 1 holds the start tile; every
hero is hurt to 3 life so that healing shows). A time card has no reader; the
others are read by seat 1."""

from __future__ import annotations

import pytest

from campaign_helpers import H, changes, new, read, snapshot
from thorskliff.campaign import effects, load_chapter
from thorskliff.engine.state import Outcome

DRAW = Outcome(None, "draw")


def _scree_hex(st):
    isl = st.island
    return next(h for h in range(isl.size) if isl.terrain[h] == "scree" and not isl.beach[h])


def _warriors_on(where):
    def prep(st):
        h = where(st)
        st.wc[1][h] = 2
        st.players[1].supply -= 2
    return prep


def _tattoo_taken(st):
    st.give_card(1, "tattoo")


def _all(key, *vals):
    return {f"{key}{q}": v for q, v in enumerate(vals)}


# (chapter, card, choices, preparation, expected changes; "rules+" adds to the start rules)
CASES = [
    # chapter 1: time
    (1, "fruehling", (), None, {}),
    (1, "sommer", (), None, {"rules+": {"potions", "haste"}}),
    (1, "geweihte", (), None, _all("life", 5, 5, 5, 5)),
    (1, "haendler", (), None, {"rules+": {"buy_amber"}, "amber_price": 7}),
    (1, "herbst", (), None, _all("supply", 8, 8, 8, 8)),
    (1, "sturmflut", (), _warriors_on(lambda st: st.players[1].hero_at), {"supply1": 7, "board1": 0}),
    (1, "winter", (), _warriors_on(lambda st: st.island.peaks[2]), {"supply1": 7, "board1": 0}),
    (1, "lange_nacht", ("taler",), None, {"taler0": 8}),
    (1, "lange_nacht", ("trank", "kraft"), None, {"potions0": (("kraft", 1),)}),
    (1, "finsternis", (), None, {"result": DRAW}),
    # chapter 1: sanctuary
    (1, "a", (), None, {"taler0": 10, "supply0": 8}),
    (1, "b", (), None, {"taler0": 9, "supply0": 8}),
    (1, "c1", (), None, {"held0": ("bera", "tattoo"), "max0": 10}),
    (1, "c1", (), _tattoo_taken, {"taler0": 9}),
    (1, "c2", (), None, {"held0": ("bera", "seekarte")}),
    (1, "c3", (), None, {"epic0": ("pfade",)}),
    (1, "c4", (), None, {"held0": ("bera", "heiler"), "taler0": 7}),
    (1, "c5", (), None, {"held0": ("bera", "skalde"), "taler0": 7}),
    (1, "c6", ("silber",), None, {"taler0": 11}),
    (1, "c6", ("krieger",), None, {"supply0": 9, "taler0": 7}),
    (1, "z1", (), None, {}),
    (1, "z2", (), None, {}),
    (1, "z3", (), None, {"held0": ("bera", "segen1")}),
    # chapter 2: time
    (2, "fruehling2", (), None, {}),
    (2, "erdbeben", (), _warriors_on(_scree_hex), {"rifts": 6, "supply1": 7, "board1": 0}),
    (2, "schenke", (), None, {"rules+": {"gamble"}, "held2": ("falschspiel",)}),
    (2, "kette_angebot", ("nehmen",), None, {"crystals0": 1, "max0": 11, "held0": ("bera", "kette")}),
    (2, "kette_angebot", ("ablehnen",), None, {}),
    (2, "herbst2", (), None, _all("supply", 8, 8, 8, 8)),
    (2, "jorund_karte", (), None, _all("taler", 7, 7, 8, 7)),
    (2, "raben", ("taler",), None, {"taler0": 8}),
    (2, "raben", ("trank", "schutz"), None, {"potions0": (("schutz", 1),)}),
    # chapter 2: sanctuary (Heiler and Skalde lie on top of the special deck)
    (2, "a2", (), None, {"held0": ("bera", "heiler"), "taler0": 8}),
    (2, "b2", (), None, {"held0": ("bera", "heiler"), "taler0": 7, "supply0": 8}),
    (2, "d1", (), None, {"held0": ("bera", "donnergode"), "rules+": {"blitz"}, "gode0": "hero"}),
    (2, "d2", ("trank", "heil"), None, {"taler0": 4, "potions0": (("heil", 1),)}),
    (2, "d2", ("silber",), None, {"taler0": 8}),
    (2, "d3", (), None, {"held0": ("bera", "tattoo"), "max0": 10}),
    (2, "d3", (), _tattoo_taken, {"taler0": 9}),
    (2, "d4", (), None, {"held0": ("bera", "seekarte")}),
    (2, "d5", (), None, {"supply0": 9, "taler0": 7}),
    (2, "d6", (), None, {"life0": 7, "taler0": 9}),
    (2, "z1b", (), None, {}),
    (2, "z2b", (), None, {}),
    (2, "z3b", (), None, {"held0": ("bera", "segen2")}),
    # chapter 3: time
    (3, "fruehling3", (), None, {}),
    (3, "lokis_traenen", (), None, {"trolls": 6, "goal": (3, 3)}),
    (3, "hugin_munin", (), None, {"rules+": {"epic"}, "epic_free": frozenset({"huginmunin"})}),
    (3, "schildwall", (), None, {"rules+": {"epic"}, "epic_free": frozenset({"rundschild"})}),
    (3, "zwerge", (), None, {"rules+": {"epic"}, "epic_free": frozenset({"mjolnir", "kampfrausch"})}),
    (3, "trollzorn", (), None, _all("taler", 7, 7, 7, 7)),
    (3, "winter3", (), None, _all("supply", 8, 8, 8, 8)),
    (3, "nebel", ("taler",), None, {"taler0": 8}),
    (3, "nebel", ("trank", "heil"), None, {"potions0": (("heil", 1),)}),
    (3, "finsternis3", (), None, {"result": DRAW}),
    # chapter 3: sanctuary
    (3, "a3", (), None, {"taler0": 10, "supply0": 8}),
    (3, "b3", ("schutz",), None, {"taler0": 8, "potions0": (("schutz", 1),)}),
    (3, "c31", (), None, {"life0": 8, "taler0": 7}),
    (3, "c32", (), None, {"taler0": 11}),
    (3, "c33", (), None, {"crystals0": 1, "max0": 11}),
    (3, "c34", ("trank", "eile"), None, {"potions0": (("eile", 3),)}),
    (3, "c34", ("taler",), None, {"taler0": 8}),
    (3, "c35", (), None, {"supply0": 9, "taler0": 6}),
    (3, "c36", (), None, {"taler0": 9, "life0": 6}),
    (3, "z1c", (), None, {}),
    (3, "z2c", (), None, {}),
    (3, "z3c", (), None, {}),
]


def _state(n):
    st = new(n)
    for p in st.players:
        p.life = 3
    return st


@pytest.mark.parametrize("n,cid,choices,prep,expected", CASES,
                         ids=[f"{c[0]}-{c[1]}-{'-'.join(c[2])}" for c in CASES])
def test_card(n, cid, choices, prep, expected):
    st = _state(n)
    if prep:
        prep(st)
    before = snapshot(st)
    reader = None if st.chapter.cards[cid].deck == "time" else 0
    read(st, cid, reader, *choices)
    want = dict(expected)
    if "rules+" in want:
        want["rules"] = before["rules"] | want.pop("rules+")
    if want.get("gode0") == "hero":
        want["gode0"] = st.players[0].hero_at
    assert changes(before, snapshot(st)) == want


def test_every_card_is_covered():
    covered = {(c[0], c[1]) for c in CASES}
    specials = {(1, c) for c in ("bera", "heiler", "skalde", "tattoo", "seekarte", "segen1")}
    specials |= {(2, c) for c in ("jorund", "herz", "viehhaendlerin", "falschspiel", "donnergode", "kette",
                                  "segen2")}
    for n in (1, 2, 3):
        ch = load_chapter(n)
        own = {cid for cid, card in ch.cards.items() if card.source == ch.file}
        assert own == {c for m, c in covered | specials if m == n}, n


# ------------------------------------------------------------------ special cards


def test_ability_cards_switch_on_the_heroes_values():
    st = new(1)
    bera, jorund, oleif, raghild = (p.spec for p in st.players)
    assert (bera.potion_price, bera.potions_per_turn, bera.eile_uses, bera.life) == (2, 2, 3, 8)
    assert (jorund.hammer_price, jorund.heart_sales) == (7, 0)  # no abilities in chapter 1
    assert (oleif.gamble_small, raghild.wisent_price, raghild.troll_protection) == (2, 5, 0)
    st = new(2)
    bera, jorund, oleif, raghild = (p.spec for p in st.players)
    assert (jorund.hammer_price, jorund.heart_sales, raghild.wisent_price) == (5, 3, 2)
    assert (oleif.gamble_small, oleif.gamble_big, raghild.troll_protection) == (2, 4, 0)
    st.give_card(2, "falschspiel")
    oleif = st.players[2].spec
    assert (oleif.gamble_small, oleif.gamble_big, oleif.gamble_big_duell) == (1, 2, 3)
    st = new(3)
    assert st.players[3].spec.troll_protection == 1  # Furchtlosigkeit on the chapter-3 side
    assert st.players[2].spec.gamble_small == 1 and st.players[1].spec.heart_sales == 3


def test_an_ability_card_works_only_for_its_hero():
    st = new(2)
    st.give_card(0, "falschspiel")
    assert st.players[0].spec.gamble_small == 2


def test_heiler_and_segen_are_used_once():
    st = _state(1)
    st.give_card(0, "heiler")
    st.give_card(0, "segen1")
    assert "use heiler" in [str(a) for a in st.legal_actions()]
    st.apply_action("use heiler")
    assert st.players[0].life == 7 and st.held[0] == ["bera", "segen1"] and st.spent[0] == ["heiler"]
    st.apply_action("use segen1")
    assert st.players[0].life == 8 and st.players[0].taler == 9
    assert not any(a.verb == "use" for a in st.legal_actions())
    assert st.step == "move"


def test_skalde_and_kette_at_the_start_of_each_own_turn():
    st = new(2)
    st.give_card(1, "skalde")
    st.give_card(2, "kette")
    st.players[3].taler = 0
    st.give_card(3, "kette")
    st.apply_action("end")  # seat 1 ends movement; its turn runs to its end
    while st.seat == 0:
        st.apply_action("end")
    assert st.seat == 1 and st.players[1].taler == 6
    from campaign_helpers import begin

    begin(st, 2, 1)
    assert st.players[2].taler == 5
    begin(st, 3, 1)
    assert st.players[3].taler == 0


def test_tattoo_raises_the_maximum_not_the_life():
    st = _state(1)
    st.give_card(2, "tattoo")
    assert st.players[2].max_life == 12 and st.players[2].life == 3


def test_donnergode_casts_lightning_in_chapter_2():
    from campaign_helpers import begin, clear_board, legal

    st = new(2)
    clear_board(st)
    st.players[0].hero_at = H("1c3")
    st.grant(0, "donnergode")
    st.wc[1][H("1b2")] = 1
    assert st.players[0].gode_at == H("1c3")
    assert H("1b2") in st.island.neighbours[H("1c3")]
    begin(st, 0, 2)
    assert "blitz 1b2" in legal(st)
    st.apply_action("blitz 1b2")
    assert st.chance_request() == ("S",)


def test_the_gode_of_the_donnergode_is_not_recruited_again():
    from campaign_helpers import begin, clear_board

    st = new(2)
    clear_board(st)
    st.players[0].hero_at = H("1c2")
    st.grant(0, "donnergode")
    st.players[0].gode_at = -1  # defeated
    st.players[0].taler = 9
    begin(st, 0, 5)
    assert not any(a.arg == "G" for a in st.legal_actions() if a.verb == "recruit")


def test_rift_placement_matches_the_seed():
    st = new(2, seed=7)
    read(st, "erdbeben", None)
    assert st.rifts == effects.rift_placement(st.chapter, st.island, 7)
