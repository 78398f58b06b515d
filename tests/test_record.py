"""Game records: exact replay of random games, and every bad input named by file and line."""

from __future__ import annotations

import json
import random

import pytest

from thorskliff import record
from thorskliff.game import Game
from thorskliff.record import RecordError
from thorskliff.engine.state import CHANCE

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
COLOURS = ("brown", "black", "grey", "white")
CONFIGS = [("base", 3), ("base", 4), ("duell", 2), ("episch", 2), ("episch", 3), ("episch", 4)]


def seats(n: int) -> list[tuple[str, str, str]]:
    return [(f"P{i + 1}", HEROES[i], COLOURS[i]) for i in range(n)]


def random_game(mode: str, n: int, seed: int, cap: int = 30, auto_chance: bool = True) -> Game:
    game = Game.new(mode, seats(n), seed, auto_chance=auto_chance)
    rng = random.Random(seed)
    st = game.state
    while not game.state.is_terminal() and game.state.round <= cap:
        st = game.state
        if st.current_player() == CHANCE:
            game.submit(st.sample_chance())
        else:
            game.submit(rng.choice(st.legal_actions()))
    return game


def obs_json(game: Game) -> str:
    return json.dumps(game.state.observation(None), sort_keys=True)


@pytest.mark.parametrize("mode,n", CONFIGS)
def test_random_games_replay_exactly(mode, n, tmp_path):
    for seed in range(9):  # 6 set-ups x 9 seeds = 54 games
        game = random_game(mode, n, seed)
        path = tmp_path / f"{mode}{n}-{seed}.tkr"
        record.write(game, path)
        again = record.load(path)
        assert again.lines == game.lines
        assert obs_json(again) == obs_json(game)
        assert again.state.outcome() == game.state.outcome()
        assert again.state.chance_count == game.state.chance_count
        assert record.dumps(again) == record.dumps(game)


def test_a_loaded_game_goes_on_with_the_same_dice():
    game = random_game("base", 4, 3, cap=4)
    again = record.loads(record.dumps(game))
    rng_a, rng_b = random.Random(9), random.Random(9)
    for _ in range(300):
        if game.state.is_terminal():
            break
        game.submit(rng_a.choice(game.state.legal_actions()))
        again.submit(rng_b.choice(again.state.legal_actions()))
    assert again.lines == game.lines
    assert obs_json(again) == obs_json(game)


def test_record_layout():
    game = Game.new("base", seats(3), 11, arrangement="ABCDEF", first=2)
    game.submit("beach 1c3")
    text = record.dumps(game)
    header, _, body = text.partition("[decisions]\n")
    assert 'format = "thorskliff-record/1"' in header
    assert "seed = 11" in header and "first = 3" in header and 'arrangement = "ABCDEF"' in header
    assert "[rifts]" in header and header.count("[[seats]]") == 3
    assert body == "3 beach 1c3\n"


def finished() -> Game:
    """A duell that ends when the player on turn resigns."""
    game = random_game("duell", 2, 3, cap=2)
    game.submit("resign")
    assert game.state.is_terminal()
    return game


def test_a_finished_game_ends_with_its_result_as_a_comment():
    game = finished()
    text = record.dumps(game)
    assert text.rstrip().splitlines()[-1].startswith("# seat ")
    assert "wins by last-standing" in text.rstrip().splitlines()[-1]
    assert record.loads(text).state.outcome() == game.state.outcome()


def test_comments_blank_lines_and_missing_drawn_keys_are_accepted():
    text = """# a hand-written record
format = "thorskliff-record/1"
mode = "duell"
seed = 4

[[seats]]
name = "A"
hero = "Oleif"
colour = "brown"

[[seats]]
name = "B"
hero = "Bera"
colour = "black"

[decisions]
# the beaches

"""
    game = record.loads(text, "hand.tkr")
    drawn = Game.new("duell", [("A", "Oleif", "brown"), ("B", "Bera", "black")], 4)
    drawn.setup.flow = 1  # a record without the key "flow" replays as it was played before flow 2
    assert game.setup == drawn.setup
    first = game.decider() + 1
    beach = game.legal()[0]
    game2 = record.loads(text + f"{first} {beach}   # first choice\n", "hand.tkr")
    assert game2.lines == [f"{first} {beach}"]


def test_forced_dice_are_kept_and_counted(tmp_path):
    text, kinds = at_chance()
    seeded = record.loads(text, auto_chance=False).state.sample_chance()
    # every die shows a 2; else 1 (K) or 3: a value the seed did not give
    vals = [2 if v != 2 else (1 if k == "K" else 3) for k, v in zip(kinds, seeded.vals)]
    path = tmp_path / "forced.tkr"
    path.write_text(text + "* roll " + " ".join(f"{k}{v}" for k, v in zip(kinds, vals)) + "\n")
    summary = record.verify(path)
    assert summary.forced == 1
    assert summary.game.lines[-1] == "* roll " + " ".join(f"{k}{v}" for k, v in zip(kinds, vals))


def test_verify_counts_decisions_and_rolls(tmp_path):
    game = random_game("base", 4, 5, cap=5)
    path = tmp_path / "g.tkr"
    record.write(game, path)
    s = record.verify(path)
    assert s.decisions + s.rolls == len(game.lines)
    assert s.rolls == sum(ln.startswith("*") for ln in game.lines)
    assert s.forced == 0


# --------------------------------------------------------------------- bad input

BASE = record.dumps(Game.new("base", seats(3), 7, arrangement="ABCDEF", first=1))


def line_of(text: str, needle: str, nth: int = 0) -> int:
    hits = [i + 1 for i, ln in enumerate(text.splitlines()) if needle in ln]
    return hits[nth]


def bad(text: str, match: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        record.loads(text, "game.tkr")
    msg = str(info.value)
    assert msg.startswith("game.tkr:"), msg
    assert match in msg, msg
    return info.value


def started() -> tuple[str, Game]:
    """A record after the beaches, with the first player to move deciding."""
    game = Game.new("base", seats(3), 7, arrangement="ABCDEF", first=1)
    game.submit("beach 1c3")
    game.submit("beach 3c3")
    game.submit("beach 5c3")
    return record.dumps(game), game


def test_wrong_seat_names_the_line():
    text, game = started()
    seat = game.decider() + 1
    other = seat % 3 + 1
    text += f"{other} end\n"
    n = len(text.splitlines())
    err = bad(text, f"game.tkr:{n}: seat {other} does not decide now; seat {seat} does (R-TURN-5)")
    assert err.line == n


def test_illegal_move_names_the_line_and_the_rule():
    text, game = started()
    seat = game.decider() + 1
    text += f"{seat} H 1c3-6c3\n{seat} end\n"
    n = len(text.splitlines()) - 1
    err = bad(text, f"game.tkr:{n}: ")
    assert "(R-" in str(err)


def test_malformed_notation_names_the_line():
    text, game = started()
    seat = game.decider() + 1
    text += f"{seat} H 1c3+1c2\n"
    bad(text, f"game.tkr:{len(text.splitlines())}: '1c3+1c2' is no hex label")


def test_a_line_without_a_seat():
    text, _ = started()
    text += "end\n"
    bad(text, f"game.tkr:{len(text.splitlines())}: ")
    text2 = started()[0] + "9 end\n"
    bad(text2, f"game.tkr:{len(text2.splitlines())}: '9' is no seat")


def test_a_roll_needs_the_star_and_a_decision_needs_a_seat():
    text, game = started()
    seat = game.decider() + 1
    bad(text + f"{seat} roll M3\n", f"game.tkr:{len(text.splitlines()) + 1}: a roll of the dice is written")
    bad(text + "* end\n", f"game.tkr:{len(text.splitlines()) + 1}: '*' marks a roll")
    bad(text + "* roll M3\n", f"game.tkr:{len(text.splitlines()) + 1}: no dice are due here; seat {seat} decides")


def at_chance() -> tuple[str, tuple[str, ...]]:
    for seed in range(50):
        game = Game.new("base", seats(3), seed, auto_chance=False)
        rng = random.Random(seed)
        while game.state.current_player() != CHANCE and not game.state.is_terminal() and game.state.round < 30:
            game.submit(rng.choice(game.state.legal_actions()))
        if game.state.current_player() == CHANCE:
            return record.dumps(game), game.state.chance_request()
    raise AssertionError("no chance step")  # pragma: no cover


def test_roll_with_wrong_dice_kinds_names_the_line():
    text, kinds = at_chance()
    wrong = "G5" if kinds[0] != "G" else "K1"
    text += f"* roll {wrong}\n"
    bad(text, f"game.tkr:{len(text.splitlines())}: this roll is of {' '.join(kinds)}, not {wrong[0]}")


def test_a_decision_where_dice_are_due():
    text, kinds = at_chance()
    text += "1 end\n"
    bad(text, f"game.tkr:{len(text.splitlines())}: seat 1 does not decide now; chance does (R-TURN-5)")


def test_a_record_that_stops_where_dice_are_due_is_truncated():
    text, kinds = at_chance()
    n = len(text.splitlines())
    bad(text, f"game.tkr:{n}: the record ends where dice are due ({' '.join(kinds)})")
    # without automatic dice it is a position to go on from
    game = record.loads(text, "game.tkr", auto_chance=False)
    assert game.state.chance_request() == kinds


def test_unknown_mode_names_its_line():
    text = BASE.replace('mode = "base"', 'mode = "grand"')
    bad(text, f"game.tkr:{line_of(text, 'mode =')}: unknown mode 'grand' (modes: ")


def test_unknown_hero_names_its_line():
    text = BASE.replace('hero = "Bera"', 'hero = "Thor"')
    bad(text, f"game.tkr:{line_of(text, 'Thor')}: seat 2: unknown hero 'Thor'")


def test_unknown_colour_and_missing_seat_key():
    text = BASE.replace('colour = "grey"', 'colour = "pink"')
    bad(text, f"game.tkr:{line_of(text, 'pink')}: seat 3: unknown colour 'pink'")
    text = BASE.replace('name = "P2"\n', "")
    bad(text, f"game.tkr:{line_of(text, '[[seats]]', 1)}: seat 2 has no name")


def test_missing_seed_names_the_end_of_the_header():
    text = BASE.replace("seed = 7\n", "")
    bad(text, f"game.tkr:{line_of(text, '[decisions]')}: the header ends without the key 'seed'")


def test_wrong_type_of_seed():
    text = BASE.replace("seed = 7", 'seed = "seven"')
    bad(text, f"game.tkr:{line_of(text, 'seed =')}: seed must be an integer")


def test_unknown_header_key_names_its_line():
    text = BASE.replace("seed = 7\n", "seed = 7\nspeed = 3\n")
    bad(text, f"game.tkr:{line_of(text, 'speed')}: unknown header key 'speed'")


def test_bad_format_arrangement_first_and_rifts():
    text = BASE.replace("thorskliff-record/1", "thorskliff-record/9")
    bad(text, f"game.tkr:{line_of(text, 'format')}: format 'thorskliff-record/9' is not 'thorskliff-record/1': written by another (newer?) version")
    text = BASE.replace('arrangement = "ABCDEF"', 'arrangement = "ABCDEA"')
    bad(text, f"game.tkr:{line_of(text, 'arrangement')}: arrangement 'ABCDEA': names a block twice")
    text = BASE.replace("first = 2", "first = 4")
    bad(text, f"game.tkr:{line_of(text, 'first =')}: first must be a seat 1–3, not 4")
    text = BASE.replace('1c4 = "', '1c3 = "')
    bad(text, f"game.tkr:{line_of(text, '1c3 =')}: rifts: 1c3 is no well farm")
    text = BASE.replace('2c4 = "', '2c9 = "')
    bad(text, f"game.tkr:{line_of(text, '2c9 =')}: rifts: '2c9' names no hex")


def test_wrong_player_count_for_the_mode():
    text = BASE.replace('mode = "base"', 'mode = "duell"')
    bad(text, f"game.tkr:{line_of(text, 'mode =')}: duell is for 2 players, but the header names 3 seats")


def test_non_toml_header_names_its_line():
    text = BASE.replace("seed = 7", "seed == 7")
    bad(text, f"game.tkr:{line_of(text, 'seed ==')}: the header is not valid TOML")
    bad("1 beach 1c3\n2 beach 3c3\n[decisions]\n", "game.tkr:1: the header is not valid TOML")


def test_truncated_files():
    text, game = started()
    lines = text.splitlines()
    sep = line_of(text, "[decisions]")
    # cut inside the header: no separator
    cut = "\n".join(lines[: sep - 3]) + "\n"
    bad(cut, f"game.tkr:{sep - 3}: the file ends inside the header")
    # cut inside a TOML string
    cut = "\n".join(lines[: sep - 2]) + '\nhero = "Jor'
    bad(cut, f"game.tkr:{sep - 1}: the header is not valid TOML")
    # cut inside the last decision line
    cut = text.rstrip("\n")[:-2]
    bad(cut, f"game.tkr:{len(lines)}: ")
    # an empty file
    bad("", "game.tkr:1: the file ends inside the header")


def test_game_over_then_more_lines():
    text = record.dumps(finished()) + "1 end\n"
    bad(text, f"game.tkr:{len(text.splitlines())}: the game is over (R-WIN-1)")


def test_missing_and_unreadable_files(tmp_path):
    with pytest.raises(RecordError, match=r"nothere.tkr: no such file"):
        record.load(tmp_path / "nothere.tkr")
    binary = tmp_path / "bin.tkr"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(RecordError, match=r"bin.tkr:1: not a text file"):
        record.load(binary)


def test_meta_and_an_empty_rift_table_survive_a_round_trip():
    game = Game.new("base", seats(3), 8, rifts={}, meta={"event": "club night", "table": {"number": 3}})
    text = record.dumps(game)
    assert "rifts = {}" in text and "[meta]" in text
    again = record.loads(text)
    assert again.setup.rifts == {}
    assert again.setup.meta == {"event": "club night", "table": {"number": 3}}
    assert record.dumps(again) == text


def test_undo_is_not_offered_for_decisions_read_from_a_record():
    text, game = started()
    again = record.loads(text)
    assert not again.can_undo()
    assert "read from its record" in again.undo_problem()
    seat = again.decider()
    again.submit(next(a for a in again.state.legal_actions() if a.verb == "step"))
    assert again.can_undo(seat)


def test_the_example_in_the_docs_replays():
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text(encoding="utf-8")
    block = doc.split("```toml\n", 1)[1].split("```", 1)[0]
    game = record.loads(block, "docs/records.md")
    assert game.lines[-1] == "* roll M1 M3 K2"
    assert game.state.round == 3


# --------------------------------------------------------------------- seats played by bots


def test_bot_seats_survive_a_round_trip(tmp_path):
    text, game = started()
    assert record.seat_bots(record.loads(text)) == {}  # a record without bot keys: people only
    game.setup.bots = {1: "heuristic", 2: "search:0.5s"}
    text = record.dumps(game)
    assert text.count('bot = "') == 2
    header = text.split("[decisions]")[0]
    assert header.index('bot = "heuristic"') > header.index('name = "P2"')
    again = record.loads(text, "bots.tkr")
    assert record.seat_bots(again) == {1: "heuristic", 2: "search:0.5s"}
    assert again.lines == game.lines
    assert record.dumps(again) == text
    path = tmp_path / "bots.tkr"
    record.write(again, path)
    assert record.seat_bots(record.verify(path).game) == {1: "heuristic", 2: "search:0.5s"}


def test_unknown_bot_kind_names_the_file_the_line_and_the_key(tmp_path):
    """Records import no bots: the record reads, and the front end that
    starts the bots (LocalSession.load) names the file, line and key."""
    from thorskliff.ui.session import LocalSession

    text = BASE.replace('colour = "black"', 'colour = "black"\nbot = "superbot"')
    assert record.seat_bots(record.loads(text, "game.tkr")) == {1: "superbot"}
    path = tmp_path / "game.tkr"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RecordError) as info:
        LocalSession.load(path)
    err = info.value
    assert str(err).startswith(f"{path}:{line_of(text, 'superbot')}: seat 2: unknown bot 'superbot' (bots: random, ")
    assert "bot" in err.problem and "heuristic" in err.problem
    text = BASE.replace('colour = "black"', 'colour = "black"\nbot = 3')
    bad(text, f"game.tkr:{line_of(text, 'bot = 3')}: seat 2: bot must name a kind of bot, not 3")
    text = BASE.replace('colour = "black"', 'colour = "black"\nrobot = "random"')
    bad(text, f"game.tkr:{line_of(text, 'robot')}: seat 2: unknown key 'robot' (keys: name, hero, colour, bot)")
