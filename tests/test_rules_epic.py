"""Variant Episch (docs/rules.md §17): the five epic cards, their gate and
conditions, their effects, and the goals of 4 ambers / 4 crystals."""

from __future__ import annotations

import pytest

from helpers import H, begin, legal, place, play, position, roll
from thorskliff.engine.actions import IllegalActionError

FORESTS = ("1b1", "1a2", "2a1")  # three forest hexes of the crescent ABCD


def rejected(st, text: str) -> str:
    with pytest.raises(IllegalActionError) as e:
        play(st, text)
    return e.value.rule


def epic_game(hex_="1a1", taler=11, delivered=2, crystals=0, gode=False, forests=FORESTS):
    st = position(("Oleif", "Bera"), mode="episch")
    assert "epic" in st.rules
    p = st.players[0]
    place(st, 0, hex_, hero=True, gode=gode)
    for f in forests:
        place(st, 0, f, warriors=1)
    p.taler, p.delivered, p.crystals = taler, delivered, crystals
    return st


def epics(st) -> list[str]:
    return [a for a in legal(st) if a.startswith("epic")]


# ---------------------------------------------------------------- the gate (2 ambers or 2 crystals, 3 forest)


def test_gate_two_ambers_or_two_crystals():
    st = epic_game(delivered=1, crystals=1)
    begin(st, 0, 4)
    assert epics(st) == []
    st = epic_game(delivered=2)
    begin(st, 0, 4)
    assert epics(st) == ["epic pfade"]
    st = epic_game(delivered=0, crystals=2)
    begin(st, 0, 4)
    assert epics(st) == ["epic pfade"]


def test_gate_three_forests():
    st = epic_game("M1", taler=7, gode=True, forests=FORESTS[:2])
    begin(st, 0, 4)
    assert st.step == "action" and "hammer" in legal(st) and epics(st) == []
    assert rejected(st, "epic rundschild") == "R-ACT-1"
    st = epic_game("M1", taler=7, gode=True)
    begin(st, 0, 4)
    assert epics(st) == ["epic rundschild"]


def test_not_in_the_base_game():
    st = position(("Oleif", "Bera", "Raghild"))
    place(st, 0, "M1", hero=True, gode=True)
    for f in FORESTS:
        place(st, 0, f, warriors=1)
    st.players[0].taler, st.players[0].delivered = 11, 2
    begin(st, 0, 4)
    assert st.step == "action" and "hammer" in legal(st) and epics(st) == []


def test_each_card_exists_once_and_one_per_action():
    st = epic_game(taler=20)
    place(st, 1, "2a2", hero=True)
    for f in ("3b1", "4b3", "3c3"):
        place(st, 1, f, warriors=1)
    bera = st.players[1]
    bera.taler, bera.delivered = 20, 2
    begin(st, 0, 4)
    play(st, "epic pfade")
    p = st.players[0]
    assert p.epic == ("pfade",) and p.taler == 11 and "pfade" not in st.epic_free
    assert st.step == "recruit" and epics(st) == []  # the action is spent
    begin(st, 1, 4)
    assert "epic pfade" not in legal(st)
    assert rejected(st, "epic pfade") == "R-ACT-1"


# ---------------------------------------------------------------- the five cards


def test_rundschild_condition_effect_and_hammer_flip():
    st = epic_game("M1", taler=7, gode=False)
    st.players[0].weapon = "hammer"
    begin(st, 0, 4)
    assert "epic rundschild" not in legal(st)  # needs the own Gode on the market
    st = epic_game("M1", taler=7, gode=True)
    p = st.players[0]
    p.weapon = "hammer"
    begin(st, 0, 4)
    assert epics(st) == ["epic rundschild"]
    play(st, "epic rundschild")
    assert p.epic == ("rundschild",) and p.taler == 0
    assert p.weapon == "axe"  # flipped back, no refund
    p.taler = 20
    begin(st, 0, 4)
    assert "hammer" not in legal(st)


def test_rundschild_forbids_mjolnir():
    st = epic_game("1a1", taler=20)
    p = st.players[0]
    p.epic = ("rundschild",)
    st.epic_free.discard("rundschild")
    begin(st, 0, 4)
    assert "epic mjolnir" not in legal(st)


def test_rundschild_protection_in_defence():
    st = position(("Oleif", "Bera"), mode="episch")
    place(st, 1, "1c2", hero=True)
    st.players[1].epic = ("rundschild",)
    place(st, 0, "1c3", warriors=2)
    begin(st, 0, 1)
    play(st, "W 1c3-1c2", "W 1c3-1c2", "end", "fight 1c2")
    roll(st, "K2 K1")
    assert st.current_player() == 1 and legal(st) == ["block 2", "block 1"]


def test_hugin_munin_condition_and_two_markers():
    st = epic_game("1a1", taler=8)
    begin(st, 0, 4)
    assert "epic huginmunin" not in legal(st)  # needs the Gode on the peak
    st = epic_game("1a1", taler=8, gode=True)
    p = st.players[0]
    p.marker = "blitz"
    begin(st, 0, 4)
    play(st, "epic huginmunin")
    assert p.epic == ("huginmunin",) and p.taler == 0
    assert p.marker == "berserker+blitz"  # a second marker joins the first
    begin(st, 0, 0)
    assert legal(st)[:3] == ["gode berserker+heilen", "gode berserker+blitz", "gode heilen+blitz"]


def test_hugin_munin_gode_moves_two_and_haste_step():
    st = position(("Oleif", "Bera"), mode="episch")
    p = st.players[0]
    p.epic, p.marker = ("huginmunin",), "berserker+blitz"
    place(st, 0, "1c3", gode=True)
    place(st, 1, "1b2", warriors=1)
    begin(st, 0, 0)
    play(st, "gode berserker+blitz", "G 1c3-1c2")
    assert "G 1c2-1b1" in legal(st)  # Bewegung 2
    play(st, "G 1c2-1b1", "end")
    # the Gode on 1b1 is no combat hex: it may strike its neighbour 1b2
    assert legal(st) == ["blitz 1b2", "end"]
    play(st, "end")
    # phase 6: one step without a potion, never into an enemy hex
    assert st.phase == 6
    gsteps = [a for a in legal(st) if a.startswith("G ")]
    assert gsteps == ["G 1b1-1c1", "G 1b1-1c2"]  # not onto Bera's 1b2
    assert p.potions == []
    play(st, "G 1b1-1c1")
    assert p.gode_at == H("1c1")


def test_geheime_pfade_climbing():
    st = epic_game("1a1", taler=9)
    begin(st, 0, 1)
    assert "H 1a1-1b1" not in legal(st)  # level 4 to 2
    begin(st, 0, 4)
    play(st, "epic pfade")
    begin(st, 0, 1)
    assert "H 1a1-1b1" in legal(st) and "H 1a1-1b2" in legal(st)
    play(st, "H 1a1-1b1")
    assert st.players[0].hero_at == H("1b1")


def test_mjolnir_condition_and_effect():
    st = epic_game("1a1", taler=10)
    begin(st, 0, 4)
    assert "epic mjolnir" not in legal(st)  # needs the Kriegshammer
    st = epic_game("1a1", taler=10)
    p = st.players[0]
    p.weapon = "hammer"
    begin(st, 0, 4)
    play(st, "epic mjolnir")
    assert p.weapon == "mjolnir" and p.weapon_dice() == ("G", "G", "G") and p.taler == 0
    # the throw: phase 2, from a hex that is no combat hex, at a neighbour
    place(st, 1, "1b2", warriors=1)
    begin(st, 0, 1)
    play(st, "end")
    assert legal(st) == ["throw 1b2", "end"]
    play(st, "throw 1b2")
    roll(st, "S3")
    assert st.wc[1][H("1b2")] == 0 and p.taler == 1


def test_kampfrausch_condition_and_m_dice():
    st = epic_game("1a1", taler=11)
    place(st, 0, "1a1", warriors=2)
    begin(st, 0, 4)
    assert "epic kampfrausch" not in legal(st)  # 3 own warriors on the peak
    st = epic_game("1a1", taler=11)
    place(st, 0, "1a1", warriors=3)
    begin(st, 0, 4)
    play(st, "epic kampfrausch")
    p = st.players[0]
    assert p.epic == ("kampfrausch",) and p.taler == 0
    place(st, 1, "1b2", warriors=1)
    begin(st, 0, 1)
    play(st, "W 1a1-1a2", "end")
    place(st, 0, "1c2", warriors=1)
    begin(st, 0, 1)
    play(st, "W 1c2-1b2", "end", "fight 1b2")
    assert st.chance_request() == ("M",)


# ---------------------------------------------------------------- goals (4 ambers, 4 crystals)


def test_fourth_amber_wins_third_does_not():
    st = position(("Oleif", "Bera"), mode="episch")
    p = st.players[0]
    place(st, 0, "M1", hero=True)
    p.amber, p.delivered = True, 2
    begin(st, 0, 1)
    play(st, "H M1-S", "deliver")
    assert p.delivered == 3 and not st.is_terminal()
    p.amber = True
    begin(st, 0, 1)
    play(st, "deliver")
    assert st.is_terminal() and st.outcome() == (0, "ambers")


def test_fourth_crystal_wins_third_does_not():
    st = position(("Oleif", "Bera"), mode="episch")
    p = st.players[0]
    place(st, 0, "1a1", hero=True)
    p.crystals, p.cbonus = 2, "S"
    st.crystal_at = {H("1a1"): 1, H("2a2"): 1}
    begin(st, 0, 1)
    play(st, "take crystal")
    assert p.crystals == 3 and not st.is_terminal()
    place(st, 0, "2a2", hero=True)
    begin(st, 0, 1)
    play(st, "take crystal")
    assert st.is_terminal() and st.outcome() == (0, "crystals")


def test_runestone_also_in_episch():
    st = position(("Oleif", "Bera"), mode="episch", rifts={"1c4": "silber"})
    p = st.players[0]
    place(st, 0, "1c4", hero=True)
    place(st, 0, "1c3", warriors=1)
    place(st, 0, "1b1", warriors=1)
    p.amber, p.delivered = True, 2
    begin(st, 0, 4)
    assert "rune" in legal(st)
    play(st, "rune")
    assert st.rune == [0, H("1c4"), 4]
