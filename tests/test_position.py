"""Positions: exact round trips at every kind of moment, and checked input."""

from __future__ import annotations

import random
import tomllib

import pytest

from helpers import begin, legal, place, play, position, roll
from thorskliff.engine.combat import Combat
from thorskliff.engine.fields import SCRATCH, TURN
from thorskliff import record
from thorskliff.game import Game
from thorskliff.engine.player import Player
from thorskliff.position import PositionError, from_position, to_position
from thorskliff.engine.state import CHANCE, GameState

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
COLOURS = ("brown", "black", "grey", "white")

#: every attribute of a GameState; a new one must be written by position.py too
KNOWN_FIELDS = {
    "_legal", "action_done", "amber_at", "amber_supply", "blitz_at", "blitz_used", "bought", "chance_count",
    "chance_for", "chance_kinds", "choosing", "combat", "combat_hexes", "crystal_at", "decider", "decisions",
    "epic_free", "first_chooser", "gifts", "gode_hasted", "gode_left", "gode_prev", "haste_used", "helm_free",
    "hero_left", "hero_prev", "island", "lying", "mode", "moved", "pending", "phase", "players", "plunder",
    "plunder_hex", "potion_supply", "recruit_cap", "result", "rifts", "round", "rules", "rune", "seat", "seed",
    "start_seat", "step", "taler_at", "throw_used", "to_go_out", "troll", "warrior_steps", "wc", "wisent_left",
    "in_melee", "_own",
}


def fields(st: GameState) -> dict:
    """Everything of a state, as comparable plain values."""
    d = dict(st.__dict__)
    d.pop("_legal")
    d.pop("_own")  # worked out from the rest, like _legal
    d["players"] = [{k: getattr(p, k) for k in Player.__slots__} for p in st.players]
    if st.combat is not None:
        d["combat"] = {k: getattr(st.combat, k) for k in Combat.__slots__}
    return d


def assert_same(a: GameState, b: GameState) -> None:
    fa, fb = fields(a), fields(b)
    assert fa.keys() == fb.keys()
    for k in fa:
        assert fa[k] == fb[k], k


def round_trip(st: GameState) -> GameState:
    text = to_position(st)
    back = from_position(text, "test")
    assert to_position(back) == text
    assert_same(st, back)
    return back


def walk(mode: str, n: int, seed: int, cap: int = 30):
    """Yield the states of a random game, chance steps included."""
    st = GameState.new(mode, [(f"P{i + 1}", HEROES[i], COLOURS[i]) for i in range(n)], seed)
    rng = random.Random(seed)
    while not st.is_terminal() and st.round <= cap:
        yield st, rng
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    yield st, rng


def go_on(a: GameState, b: GameState, seed: int, steps: int = 40) -> None:
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(steps):
        if a.is_terminal():
            break
        for st, rng in ((a, ra), (b, rb)):
            if st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
            else:
                st.apply_action(rng.choice(st.legal_actions()))
    assert_same(a, b)
    assert to_position(a) == to_position(b)


def test_known_fields_are_all_the_fields():
    st = GameState.new("base", [("A", "Bera", "brown"), ("B", "Oleif", "black"), ("C", "Jorund", "grey")], 1)
    got = set(st.__dict__)
    assert got - KNOWN_FIELDS == set(), "new state fields: teach position.py to write and read them"


@pytest.mark.parametrize("mode,n", [("base", 4), ("base", 3), ("duell", 2), ("episch", 2), ("episch", 4)])
def test_round_trip_at_many_moments_and_the_game_goes_on_alike(mode, n):
    steps = set()
    for seed in (0, 1, 2, 7):  # seed 7: random play reaches a block and an assignment in a duell
        for k, (st, _rng) in enumerate(walk(mode, n, seed)):
            inside = st.combat is not None or st.current_player() == CHANCE
            if k % 17 == 0 or inside and k % 4 == 0:
                back = round_trip(st)
                steps.add(st.step)
                if k % 51 == 0 or inside and k % 12 == 0:
                    go_on(st.clone(), back, seed * 1000 + k)
    assert "c:roll" in steps
    assert any(s.startswith("c:") and s != "c:roll" for s in steps)
    assert "move" in steps


def test_final_positions_round_trip():
    game = Game.new("duell", [("A", "Oleif", "brown"), ("B", "Bera", "black")], 3)
    game.submit(game.legal()[0])
    game.submit(game.legal()[0])
    game.submit("resign")
    back = round_trip(game.state)
    assert back.outcome() == game.state.outcome()
    assert back.legal_actions() == []


def combat_example() -> GameState:
    """The rulebook's combat example, stopped at the attack roll."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    place(st, 1, "3c1", hero=True)  # far off: an awake hero stands somewhere (a position must be consistent)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    return st


def test_inside_a_combat_every_step_round_trips_and_goes_on():
    st = combat_example()
    assert st.chance_request() == ("M", "M", "K", "K")
    back = round_trip(st)
    roll(st, "M3 M1 K1 K1")
    roll(back, "M3 M1 K1 K1")
    assert_same(st, back)
    while not st.is_terminal() and st.combat is not None:
        back = round_trip(st)
        if st.current_player() == CHANCE:
            a = st.sample_chance()
        else:
            a = st.legal_actions()[0]
        st.apply_action(a)
        back.apply_action(a)
        assert_same(st, back)
    assert legal(st) == legal(back)


def test_the_combat_table_is_readable():
    text = to_position(combat_example())
    assert "[combat]" in text
    assert 'hex = "1c3"' in text
    assert '{ unit = "H", retreat = "1c2", defeated = false }' in text
    assert 'kinds = ["M", "M", "K", "K"]' in text
    assert 'decider = "chance"' in text


def test_positions_with_lying_heroes_runestones_and_potions():
    st = position(("Oleif", "Bera", "Jorund"))
    place(st, 0, "1c2", hero=True, warriors=2, gode=True)
    place(st, 1, "3c3", hero=True, warriors=1)
    st.players[0].potions = [("eile", 1), ("heil", 1)]
    st.potion_supply["eile"] -= 1  # the cards come from the supply (a position must be consistent)
    st.potion_supply["heil"] -= 1
    st.players[2].faint = 5
    st.players[2].lying_at = st.island.index("2c2")
    st.lying[st.island.index("2c2")] = 2
    st.rune = [1, st.island.index("3c4"), 3]
    st.amber_supply -= 1  # the runestone's amber (a position must be consistent)
    st.taler_at[st.island.index("M1")] = 4
    begin(st, 0, 1)
    back = round_trip(st)
    go_on(st, back, 5)


# --------------------------------------------------------------------- bad input


def text_of() -> str:
    return to_position(combat_example())


def fails(text: str, key: str, words: str = "") -> None:
    with pytest.raises(PositionError) as info:
        from_position(text, "pos.toml")
    msg = str(info.value)
    assert msg.startswith(f"pos.toml: {key}:" if key else "pos.toml: "), msg
    assert words in msg, msg


def test_not_toml():
    with pytest.raises(PositionError, match=r"^pos.toml:1: not valid TOML: Invalid value$"):
        from_position("format = \n", "pos.toml")


def test_unknown_keys_at_every_level():
    fails(text_of().replace("seed = ", "speed = 3\nseed = "), "speed", "unknown key")
    fails(text_of().replace("[chance]\n", "[chance]\ncolour = 1\n"), "chance.colour", "unknown key")
    fails(text_of().replace("[combat]\n", "[combat]\nfury = 1\n"), "combat.fury", "unknown key")
    fails(text_of().replace('name = "P2"', 'name = "P2"\nrage = 2'), "players[1].rage", "unknown key")


def test_wrong_types():
    fails(text_of().replace("seed = 1", 'seed = "one"'), "seed", "must be an integer")
    fails(text_of().replace("helm = true", "helm = 1"), "supply.helm", "must be true or false")
    fails(text_of().replace("life = 10", "life = true", 1), "players[0].life", "not a boolean")


def test_bad_labels():
    fails(text_of().replace('hero_at = "1c3"', 'hero_at = "9z9"', 1), "players[0].hero_at", "names no hex")
    fails(text_of().replace('hex = "1c3"', 'hex = "5c3"'), "combat.hex", "names no hex")  # duell: sectors 1-4


def test_counts_out_of_range():
    fails(text_of().replace("life = 10", "life = 11", 1), "players[0].life", "between 0 and 10")
    fails(text_of().replace("ambers = 12", "ambers = 13"), "supply.ambers", "between 0 and 12")
    fails(text_of().replace("decider = \"chance\"", "decider = 3"), "decider", "between 1 and 2")
    fails(text_of().replace("turn = 1", "turn = 0"), "turn", "between 1 and 2")


def test_wrong_words():
    fails(text_of().replace('step = "c:roll"', 'step = "dance"'), "step", "is not one of")
    fails(text_of().replace('faint = "awake"', 'faint = "asleep"', 1), "players[0].faint", "is not one of")
    fails(text_of().replace('format = "thorskliff-position/1"', 'format = "x"'), "format", "must be")
    fails(text_of().replace('mode = "duell"', 'mode = "grand"'), "mode", "is not one of")


def test_dice_due_only_at_chance():
    fails(text_of().replace('decider = "chance"', "decider = 1"), "chance.kinds", "dice are due exactly")


def test_too_many_warriors():
    text = text_of().replace("supply = 5", "supply = 9", 1)
    fails(text, "players[0].warriors", "10 warriors")


def test_the_scratch_table_is_the_declared_fields_of_the_turn():
    """Issue #12: a position writes and reads the turn's scratch by iterating
    the fields declared in engine/fields.py (each with its ``Pos``), so a new
    field of the turn is one line there; every field made afresh each turn is
    among them, and nothing else is written in [scratch]."""
    declared = [name for name, _ in SCRATCH]
    assert {name for name, _ in TURN} <= set(declared)
    for st, _ in walk("base", 3, 5, cap=8):
        written = tomllib.loads(to_position(st))["scratch"]
        assert list(written) == [n for n in declared if n in written]
        back = from_position(to_position(st))
        for name in declared:
            assert getattr(back, name) == getattr(st, name), name


def _heiltrank_drunk_in_a_combat() -> GameState:
    """Bera, hurt, defends on 1c3 and has drunk a Heiltrank before the attack roll (R-POT-4)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True)
    place(st, 1, "1c3", hero=True)
    st.players[1].potions = [("heil", 1), ("kraft", 1)]
    st.potion_supply["heil"] -= 1
    st.potion_supply["kraft"] -= 1
    st.players[1].life -= 3
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "end", "fight 1c3", "drink heil")
    return st


def test_the_potions_drunk_in_a_combat_round_trip_and_an_older_position_has_none():
    """A combat keeps every potion drunk in it (Combat.def_drunk): a position writes
    them in its [combat] table and reads them back; a position written before the key
    existed (none there) reads as nothing drunk, and a word that is no potion a window
    takes is refused, naming the key."""
    st = _heiltrank_drunk_in_a_combat()
    text = to_position(st)
    assert 'defender_drunk = ["heil"]\n' in text
    assert "attacker_drunk" not in text  # left out when nothing was drunk
    back = round_trip(st)
    assert back.combat.def_drunk == ("heil",) and back.combat.att_drunk == ()
    doc = tomllib.loads(text)
    del doc["combat"]["defender_drunk"]
    assert from_position(doc, "old").combat.def_drunk == ()
    doc["combat"]["defender_drunk"] = ["eile"]
    with pytest.raises(PositionError) as e:
        from_position(doc, "bad")
    assert e.value.key == "combat.defender_drunk[0]"


def test_a_record_that_starts_inside_a_combat_replays_its_potions_drunk():
    """A record starting from a position inside a combat (its [position] table) and
    going on with a Krafttrank: replayed, the combat holds the Heiltrank of the
    position and the Krafttrank of the record line; a record whose position was
    written before the key existed replays with only the Krafttrank."""
    game = record.from_state(_heiltrank_drunk_in_a_combat(), auto_chance=False)
    game.submit("drink kraft")
    text = record.dumps(game)
    assert record.loads(text, "new").state.combat.def_drunk == ("heil", "kraft")
    head, sep, lines = text.partition("[decisions]")
    older = head.replace('defender_drunk = [\n    "heil",\n]\n', "")
    assert older != head
    assert record.loads(older + sep + lines, "old").state.combat.def_drunk == ("kraft",)
