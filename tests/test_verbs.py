"""The verb table of the action phase (R-ACT-1, engine/verbs.py): the legal
decisions, the refusals, the prices and the action menu all come from one
declaration, and a refusal is the first guard that fails, said from the
catalogues by key in English and German."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import begin, place, position
from thorskliff import record
from thorskliff.engine.actions import IllegalActionError, parse
from thorskliff.engine.messages import catalogue
from thorskliff.engine.state import CHANCE
from thorskliff.engine.steps import Step
from thorskliff.engine.verbs import HELM_PRICE, TABLE, entry
from thorskliff.ui.session import LocalSession
from thorskliff.game import Game, Setup

RECORDS = Path(__file__).resolve().parent / "records"


def at_market(taler: int, life: int | None = None, heroes=("Oleif", "Bera")):
    st = position(heroes)
    place(st, 0, "M1", hero=True)
    place(st, 1, "3b1", hero=True)
    p = st.players[0]
    p.taler = taler
    if life is not None:
        p.life = life
    begin(st, 0, 4)
    assert st.step == Step.ACTION
    return st


def test_R_POT_4_buying_a_heiltrank_to_drink_at_full_life_is_refused_for_full_life_not_taler():
    """The bug of issue #12: with 5 Taler and full life the greyed
    'Heiltrank kaufen und sofort trinken' said 'nicht genug Taler (5)'. The
    first guard that fails is the hero's full life (R-POT-4)."""
    st = at_market(taler=5)
    p = st.players[0]
    assert p.life == p.max_life and p.taler >= p.spec.potion_price
    with pytest.raises(IllegalActionError) as e:
        st.apply_action("buy heil!")
    assert (e.value.rule, e.value.key) == ("R-POT-4", "no_life_lost")
    assert str(e.value) == "the hero has lost no life (R-POT-4)"
    assert e.value.say("de") == "die Heldin hat kein Leben verloren (R-POT-4)"
    menu = {m.action: m for m in LocalSession(game_of(st)).action_menu(0)}
    heil_now = menu["buy heil!"]
    assert not heil_now.legal and heil_now.reason.key == "no_life_lost"
    assert "Taler" not in heil_now.reason.say("de")
    assert menu["buy heil"].legal  # the Heiltrank to keep is for sale


def test_R_ACT_1_a_refusal_is_the_first_failing_guard_and_taler_come_last():
    """Poor and at full life: the life guard stands before the price."""
    st = at_market(taler=5)
    st.players[0].taler = 0
    st.touched()
    assert st.refusal(parse("buy heil!")).key == "no_life_lost"
    assert st.refusal(parse("buy heil")).key == "taler"
    assert str(st.refusal(parse("helm"))) == "'helm': not enough Taler (costs 10, you have 0) (R-ACT-1)"


def test_R_ACT_1_not_enough_taler_says_the_price_and_the_purse():
    """A play-tester read "„Wisent kaufen“: nicht genug Taler (3)" under a Wisent
    that costs 5: was 3 the price or the purse? The refusal says both (R-ACT-1)."""
    st = at_market(taler=3, life=5)
    assert st.refusal(parse("hammer")).say("de") == "„hammer“: nicht genug Taler (kostet 7, du hast 3) (R-ACT-1)"


def test_R_ACT_1_the_menu_lists_the_market_with_the_tables_prices():
    st = at_market(taler=30, life=5)
    p = st.players[0]
    menu = LocalSession(game_of(st)).action_menu(0)
    prices = {m.action: m.taler for m in menu}
    assert prices["helm"] == HELM_PRICE
    assert prices["hammer"] == p.spec.hammer_price
    assert prices["buy kraft"] == p.spec.potion_price
    assert prices["gamble small"] == p.spec.gamble_small
    assert "met" in prices and "bath" not in prices  # a farm's and a rift's verbs are not on offer here
    legal = set(map(str, st.legal_actions()))
    assert {m.action for m in menu if m.legal} == legal - {"end", "resign"} - {a for a in legal if a.startswith(("drink", "discard", "sell", "deliver", "take"))}


def test_every_verb_of_the_table_has_its_messages_in_both_catalogues():
    en, de = catalogue("en"), catalogue("de")
    for verb in TABLE:
        for guard in verb.guards:
            assert guard.key in en and guard.key in de, (verb.name, guard.key)
        assert f"place.{verb.name}" in en or not any(g.key == "needs_place" for g in verb.guards)


def test_the_catalogues_have_the_same_keys():
    assert set(catalogue("en")) == set(catalogue("de"))


def game_of(st) -> Game:
    setup = Setup(st.mode.id, [], st.seed, st.island.arrangement, dict(st.rifts), st.first_chooser)
    return Game(setup, auto_chance=False, state=st)


@pytest.mark.parametrize("name", ["base4-greedy", "episch-greedy", "chapter2", "chapter3-random"])
def test_the_menu_agrees_with_legal_actions_at_every_action_step_of_a_game(name):
    """Replaying a corpus game, at every action step: a menu entry is legal
    exactly when the engine lists it, a greyed one carries the refusal of
    apply_action, and every legal action of the table is in the menu."""
    game = record.load(RECORDS / f"{name}.tkr")
    lines = list(game.lines)
    replay = record.loads((RECORDS / f"{name}.tkr").read_text(encoding="utf-8").split("[decisions]")[0]
                          + "[decisions]\n", auto_chance=False)
    st = replay.state
    seen = 0
    for line in lines:
        if st.step in (Step.ACTION, Step.POTION2) and st.current_player() >= 0:
            seat = st.current_player()
            legal = set(st.legal_actions())
            offers = st.action_offers(seat)
            for o in offers:
                assert o.legal == (o.action in legal), o
                if not o.legal:
                    err = st.refusal(o.action, seat)
                    assert err is not None and (o.refusal.key, o.refusal.rule) == (err.key, err.rule)
            table = {a for a in legal if entry(a, st.verbs) is not None}
            assert table <= {o.action for o in offers}
            seen += 1
        col, _, rest = line.partition(" ")
        st.apply_action(rest, None if col == "*" else int(col) - 1)
    assert seen > 0
