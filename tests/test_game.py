"""The session wrapper: submitting decisions, automatic dice, undo within a turn, views."""

from __future__ import annotations

import random

import pytest

from thorskliff.engine.actions import IllegalActionError, NotationError, WrongSeatError
from thorskliff.game import Game
from thorskliff.engine.state import CHANCE

SEATS = [("Anna", "Bera", "brown"), ("Ben", "Oleif", "black"), ("Cora", "Jorund", "grey")]


def new(seed: int = 5, **kw) -> Game:
    return Game.new("base", SEATS, seed, arrangement="ABCDEF", first=0, **kw)


def past_setup(game: Game) -> Game:
    """Choose the first free beach for every seat."""
    while game.state.step == "beach":
        game.submit(game.state.legal_actions()[0])
    return game


def play_until(game: Game, pred, seed: int = 1, limit: int = 20000) -> Game:
    rng = random.Random(seed)
    for _ in range(limit):
        if pred(game):
            return game
        game.submit(rng.choice(game.state.legal_actions()))
    raise AssertionError("the situation did not arise")


def test_new_game_records_its_setup_and_waits_for_the_first_chooser():
    game = new()
    assert game.setup.mode == "base"
    assert game.setup.arrangement == "ABCDEF"
    assert game.setup.first == 0
    assert game.decider() == 0
    assert game.state.step == "beach"
    assert game.lines == []


def test_new_game_draws_what_is_not_given_from_the_seed():
    a = Game.new("base", SEATS, 77)
    b = Game.new("base", SEATS, 77)
    assert (a.setup.arrangement, a.setup.rifts, a.setup.first) == (b.setup.arrangement, b.setup.rifts, b.setup.first)
    assert len(a.setup.rifts) == 6


def test_submit_appends_a_line_with_the_seat_from_one():
    game = new()
    added = game.submit("beach 1c3")
    assert added == ["1 beach 1c3"]
    assert game.lines == ["1 beach 1c3"]
    assert game.decider() == 2  # counter-clockwise from seat 1


def test_submit_writes_the_canonical_notation():
    game = past_setup(new())
    seat = game.decider()
    hero = game.state.players[seat].hero_at
    step = next(a for a in game.state.legal_actions() if a.verb == "step" and a.arg == "H")
    game.submit(f"h {game.state.island.label(hero).upper()}-{game.state.island.label(step.b)}")
    assert game.lines[-1] == f"{seat + 1} {step}"


def test_a_refused_decision_changes_nothing():
    game = new()
    before = game.view(None)
    with pytest.raises(WrongSeatError, match=r"seat 2 does not decide now; seat 1 does \(R-TURN-5\)"):
        game.submit("beach 1c3", seat=1)
    with pytest.raises(IllegalActionError):
        game.submit("beach 1b1")
    with pytest.raises(NotationError):
        game.submit("beach nowhere")
    assert game.lines == []
    assert game.view(None) == before


def test_dice_fall_by_themselves_after_a_decision():
    game = play_until(past_setup(new()), lambda g: any(a.verb == "fight" for a in g.state.legal_actions()))
    n = len(game.lines)
    fight = next(a for a in game.state.legal_actions() if a.verb == "fight")
    added = game.submit(fight)
    assert game.state.current_player() != CHANCE
    assert added[0].endswith(str(fight))
    assert all(ln.startswith("* roll ") for ln in added[1:])
    assert game.lines[n:] == added


def test_without_auto_chance_the_caller_rolls():
    game = Game.new("base", SEATS, 5, arrangement="ABCDEF", first=0, auto_chance=False)
    past_setup(game)
    play_until(game, lambda g: g.state.current_player() == CHANCE)
    kinds = game.state.chance_request()
    with pytest.raises(WrongSeatError):
        game.submit("end", seat=game.state.seat)
    roll = "roll " + " ".join(f"{k}1" if k in "KMS" else f"{k}2" for k in kinds)
    assert game.submit(roll) == ["* " + roll]


def test_resolve_chance_does_nothing_without_auto_chance():
    game = Game.new("base", SEATS, 5, arrangement="ABCDEF", first=0, auto_chance=False)
    past_setup(game)
    play_until(game, lambda g: g.state.current_player() == CHANCE)
    assert game.resolve_chance() == []
    game.auto_chance = True
    assert game.resolve_chance()[0].startswith("* roll")
    assert game.state.current_player() != CHANCE


# --------------------------------------------------------------------- undo


def test_undo_takes_back_decisions_of_the_turn_one_by_one():
    game = past_setup(new())
    seat = game.decider()
    start_view = game.view(None)
    start_lines = list(game.lines)
    moves = [a for a in game.state.legal_actions() if a.verb == "step" and a.arg == "H"]
    game.submit(moves[0])
    mid_view = game.view(None)
    game.submit("end")  # ends the movement phase; still the same seat's turn
    assert game.decider() == seat and game.can_undo()
    assert game.undo() == f"{seat + 1} end"
    assert game.view(None) == mid_view
    assert game.undo(seat) == f"{seat + 1} {moves[0]}"
    assert game.view(None) == start_view
    assert game.lines == start_lines
    assert not game.can_undo()
    with pytest.raises(IllegalActionError, match=r"R-TURN-4"):
        game.undo()


def test_undo_after_undo_and_a_new_decision():
    game = past_setup(new())
    moves = [a for a in game.state.legal_actions() if a.verb == "step" and a.arg == "H"]
    game.submit(moves[0])
    game.undo()
    game.submit(moves[-1])
    assert game.lines[-1].endswith(str(moves[-1]))
    game.undo()
    assert not game.can_undo()


def test_undo_never_crosses_another_seats_decision():
    game = new()
    game.submit("beach 1c3")  # seat 3 chooses next
    assert not game.can_undo()
    with pytest.raises(IllegalActionError, match=r"seat 3 decides now.*\(R-TURN-4\)"):
        game.undo()


def test_undo_never_crosses_the_start_of_a_turn():
    game = past_setup(new())
    seat = game.decider()
    while game.decider() == seat:
        game.submit(game.state.legal_actions()[-1] if game.state.step != "move" else "end")
    with pytest.raises(IllegalActionError, match=r"(new turn|seat \d decides now|dice)"):
        game.undo()


def test_undo_never_crosses_a_roll():
    game = play_until(past_setup(new()), lambda g: any(a.verb == "fight" for a in g.state.legal_actions()))
    fight = next(a for a in game.state.legal_actions() if a.verb == "fight")
    game.submit(fight)
    assert not game.can_undo()
    with pytest.raises(IllegalActionError, match=r"dice have fallen.*\(R-TURN-4\)"):
        game.undo()


def test_undo_only_for_the_seat_that_decided():
    game = past_setup(new())
    seat = game.decider()
    game.submit(next(a for a in game.state.legal_actions() if a.verb == "step"))
    other = (seat + 1) % 3
    assert not game.can_undo(other)
    with pytest.raises(IllegalActionError, match=rf"seat {seat + 1}'s, not seat {other + 1}'s"):
        game.undo(other)
    assert game.can_undo(seat)


# --------------------------------------------------------------------- views


def test_view_hides_other_seats_potion_kinds():
    game = past_setup(new())
    game.state.players[0].potions = [("kraft", 1)]
    own = game.view(0)["players"][0]["potions"]
    other = game.view(1)["players"][0]["potions"]
    spectator = game.view(None)["players"][0]["potions"]
    assert own == [{"kind": "kraft", "uses": 1}]
    assert other == spectator == [{"kind": None, "uses": None}]


def test_view_lists_the_legal_decisions_only_for_the_deciding_seat():
    game = new()
    assert game.view(0)["legal"] == game.legal()
    assert game.view(1)["legal"] == []
    assert game.view(None)["legal"] == []
