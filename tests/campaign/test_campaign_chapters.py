"""The three shipped chapter files (R-CAMP-1..6): setup, track, decks in the
rulebook's order, reused 1|2 cards, texts in both languages, and every rule
change of R-CAMP-5 made by a card on the right space."""

from __future__ import annotations

import pytest

from campaign_helpers import H, new
from thorskliff.campaign import load_chapter
from thorskliff.campaign.chapter import DECIDING, Card, Effect
from thorskliff.scenario import LANGS

CHAPTERS = (1, 2, 3)


def _effects(card: Card):
    def walk(effects):
        for e in effects:
            yield e
            yield from walk(e.instead)
            for o in e.options:
                yield from walk(o.effects)
    return list(walk((*card.effects, *card.use, *card.each_turn)))


def _space_of(ch, do: str, **match) -> list[int]:
    """Spaces whose time card has an effect ``do`` with the given fields."""
    out = []
    for space, cid in ch.time_cards().items():
        if any(e.do == do and all(getattr(e, k) == v for k, v in match.items()) for e in _effects(ch.cards[cid])):
            out.append(space)
    return out


def test_three_chapters_three_arrangements_and_titles():
    chs = [load_chapter(n) for n in CHAPTERS]
    assert [c.number for c in chs] == [1, 2, 3]
    assert [c.title["de"] for c in chs] == ["Die erste Begegnung", "Thors Blut", "Lokis Tränen"]
    assert len({c.arrangement for c in chs}) == 3
    assert all(c.beaches == ("A", "C", "D", "E") for c in chs)
    assert all(c.players == (2, 4) for c in chs)


@pytest.mark.parametrize("n", CHAPTERS)
def test_every_card_speaks_german_and_english(n):
    ch = load_chapter(n)
    for cid, card in ch.cards.items():
        for texts in (card.title, card.story, card.text):
            if texts is not None:
                assert set(texts) == set(LANGS) and all(texts[lang].strip() for lang in LANGS), cid
        effects = _effects(card)
        if not all(e.do == "story" for e in effects):
            assert card.text is not None, f"{cid}: a card with effects says them in words"
        for e in effects:
            for o in e.options:
                assert set(o.text) == set(LANGS)


@pytest.mark.parametrize("n", CHAPTERS)
def test_track_of_nineteen_spaces_nine_cards(n):
    ch = load_chapter(n)
    assert len(ch.track) == 19
    assert sorted(ch.time_cards()) == [1, 4, 6, 9, 10, 12, 14, 16, 19]
    assert ch.track[0] == "spring" and ch.track[-1] == "darkness"
    assert [ch.track[s - 1] for s in (4, 10, 14)] == ["summer", "autumn", "winter"]


def test_time_cards_in_the_box_are_25():
    ids = set()
    for n in CHAPTERS:
        ids |= {(load_chapter(n).cards[c].source, c) for c in load_chapter(n).time}
    assert len(ids) == 25


def test_chapter1_decks_in_rulebook_order():
    ch = load_chapter(1)
    assert ch.sanctuary == ("a", "b", ("c1", "c2", "c3", "c4", "c5", "c6"), "z1", "z2", "z3")
    assert [ch.cards[c].label for c in ("a", "b", "z1", "z2")] == ["A", "B", "Z.1", "Z.2"]
    assert ch.cards["z3"].label.startswith("Z.3")
    assert ch.finale() == ("z1", "z2", "z3")
    assert ch.time[0] == "fruehling" and ch.time[-1] == "finsternis"


def test_chapter2_reuses_the_1_2_cards_where_the_rulebook_says():
    ch1, ch2 = load_chapter(1), load_chapter(2)
    # Winter and Finsternis go into the time deck right after "Jorund"
    i = ch2.time.index("jorund_karte")
    assert ch2.time[i + 1] == "winter" and ch2.time[-1] == "finsternis"
    assert ch2.cards["winter"] == ch1.cards["winter"] and ch2.cards["finsternis"] == ch1.cards["finsternis"]
    # Heiler and Skalde on top of the special deck
    assert ch2.special[:2] == ("heiler", "skalde")
    # Bera's card face up beside her; the Segen beside chapter 1's winner
    assert ch2.setup_cards["Bera"] == ("bera",) and ch2.cards["bera"] == ch1.cards["bera"]
    assert "segen1" in ch2.carry
    assert isinstance(ch2.sanctuary[2], tuple) and all(c.startswith("d") for c in ch2.sanctuary[2])
    assert ch2.hero_taler == {"Oleif": 6}


def test_chapter3_shuffles_its_c_cards_and_takes_the_carried_cards():
    ch = load_chapter(3)
    assert isinstance(ch.sanctuary[2], tuple) and len(ch.sanctuary[2]) == 6
    assert set(ch.carry) == {"tattoo", "seekarte", "segen1", "segen2"}
    assert ch.gode and ch.rifts_at_start and ch.abilities == "all"
    assert ch.short_ambers == 0  # decision 17
    assert ch.setup_cards == {"Jorund": ("herz",)}  # the heart card under Jorund's tableau, at +0
    assert "buy_amber" not in ch.rules


def test_start_rules_per_chapter():
    assert load_chapter(1).rules == frozenset()
    assert load_chapter(2).rules == {"potions", "haste", "wisent", "helm"}
    assert load_chapter(3).rules == {"potions", "haste", "wisent", "helm", "gamble", "gode", "blitz"}


def test_rule_changes_happen_by_cards_on_the_right_space():
    ch1, ch2, ch3 = (load_chapter(n) for n in CHAPTERS)
    assert _space_of(ch1, "enable", rule="potions") == [4]  # Sommer
    assert _space_of(ch1, "enable", rule="haste") == [4]
    assert _space_of(ch1, "enable", rule="buy_amber") == [9]
    assert _space_of(ch2, "rifts") == [4]  # the earthquake in Sommer
    assert _space_of(ch2, "remove") == [4, 14]  # landslides; the winter wind
    assert _space_of(ch2, "enable", rule="gamble") == [6]  # from the sixth round
    assert _space_of(ch2, "card", card="falschspiel") == [6]
    assert _space_of(ch2, "crystal") == [9]  # the cursed necklace
    assert _space_of(ch3, "trolls") == [4] and _space_of(ch3, "goal", crystals=3) == [4]
    assert _space_of(ch3, "enable", rule="epic") == [6, 9, 10]
    items = {i for cid in ch3.time for e in ch3.cards[cid].effects for i in e.items}
    assert items == {"rundschild", "huginmunin", "mjolnir", "kampfrausch"}
    # Geheime Pfade exists as a chapter-1 card; the lightning Gode as a chapter-2 card
    assert any(e.do == "epic" and e.item == "pfade" for c in ch1.cards.values() for e in c.effects)
    assert any(e.do == "enable" and e.rule == "blitz" for e in ch2.cards["donnergode"].effects)


def test_carry_cards_are_the_ones_the_rulebook_names():
    carry = {cid for n in CHAPTERS for cid, c in load_chapter(n).cards.items() if c.carry}
    assert carry == {"tattoo", "seekarte", "segen1", "segen2"}


def test_no_decision_in_winner_cards():
    for n in CHAPTERS:
        ch = load_chapter(n)
        for cid in ch.finale():
            assert not any(e.do in DECIDING for e in _effects(ch.cards[cid]))


@pytest.mark.parametrize("n", CHAPTERS)
def test_setup_per_rulebook(n):
    st = new(n)
    ch = st.chapter
    for k, p in enumerate(st.players):
        sector = ch.arrangement.index("ACDE"[k]) + 1
        assert p.hero_at == H(f"{sector}c3")  # start beaches in seat order
        assert p.amber and p.life == p.max_life and p.weapon == "axe"
        assert p.supply == 7 and not p.potions and not p.wisent and not p.helm
        assert p.taler == (6 if n == 2 and p.hero == "Oleif" else 5)
        assert (p.gode_at == p.hero_at) == (n == 3)
    assert st.seat == 0 and st.round == 1 and st.step == ("gode" if n == 3 else "move")
    assert st.rifts == ({} if n < 3 else st.rifts) and (len(st.rifts) == 6) == (n == 3)
    assert not any(st.troll)
    assert st.card_log[-1][0] == ch.time_cards()[1]


def test_start_tile_holder_starts_and_takes_the_first_beach():
    st = new(1, n=3, start=2)
    assert st.seat == 2 and st.start_seat == 2
    ch = st.chapter
    assert st.players[2].hero_at == H(f"{ch.arrangement.index('A') + 1}c3")
    assert st.players[0].hero_at == H(f"{ch.arrangement.index('C') + 1}c3")


def test_effect_defaults():
    e = Effect("taler", n=1)
    assert e.to == "reader" and e.options == ()
