"""Puzzles (Rätsel, issue #30): the file format's refusals, ratings, the CLI."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import glicko2
import pytest

from thorskliff.cli import main
from thorskliff.position import to_position
from thorskliff.puzzles import SHIPPED, Puzzle
from thorskliff.puzzles.fileformat import PuzzleError, dump, load, loads, shipped
from thorskliff.puzzles.rating import Book, Rating, update


def one() -> Puzzle:
    return shipped()[0]


def test_shipped_puzzles_load():
    got = shipped()
    assert got and all(len(p.choices) >= 2 and p.choices[0][0] == p.solution for p in got)
    assert all(p.gap() >= 0.2 for p in got)


def test_every_shipped_position_reads_whole_as_a_users_file_would():
    """shipped() spares its proven files the write-and-read-back after each
    step that a user's file gets (fileformat.loads): this is the proof.
    Loaded as a user's file, every shipped puzzle stays and reads the same."""
    for f in sorted(Path(SHIPPED).glob("*.toml")):
        skipped: list[PuzzleError] = []
        whole = load(f, skipped.append)
        assert not skipped, skipped[0]
        assert [(p.id, to_position(p.state())) for p in whole] == \
            [(p.id, to_position(p.state())) for p in load(f, proven=True)]


def test_round_trip():
    p = one()
    back = loads(dump([p]), "x.toml")[0]
    assert (back.id, back.solution, back.seat, back.theme) == (p.id, p.solution, p.seat, p.theme)


@pytest.mark.parametrize("edit, line", [
    (lambda t: t.replace('theme = "', 'theme = "x', 1), "x.toml: puzzle[0].theme:"),
    (lambda t: t.replace("seat = ", "seat = 9 #", 1), "x.toml: puzzle[0].seat: must be 1 to 4, not 9"),
    (lambda t: t.replace("seat = ", 'seat = "1" #', 1), "x.toml: puzzle[0].seat: must be "),
    (lambda t: t.replace("id = ", "# id = ", 1), "x.toml: puzzle[0].id: is missing"),
    (lambda t: t.replace('solution = "', 'solution = "zz', 1), "x.toml: puzzle[0].solution:"),
    (lambda t: t.replace("budget = ", "budgt = ", 1), "x.toml: puzzle[0].budgt: is no puzzle key"),
])
def test_damaged_file_one_line(edit, line):
    text = edit(dump([one()]))
    with pytest.raises(PuzzleError) as exc:
        loads(text, "x.toml")
    said = str(exc.value)
    assert "\n" not in said and said.startswith(line)


def test_stale_position_skipped_with_notice():
    p = one()
    p.position = p.position.replace("[board]", "[board]\nbogus = 1", 1)
    heard: list = []
    assert loads(dump([p]), "x.toml", heard.append) == []
    assert len(heard) == 1 and str(heard[0]).startswith(f"x.toml: puzzle[0]: puzzle {p.id} skipped, its position")
    assert heard[0].say("de").startswith(f"x.toml: puzzle[0]: Rätsel {p.id} übersprungen")


def test_damaged_file_exit_2(tmp_path, capsys):
    f = tmp_path / "bad.toml"
    f.write_text('[[puzzle]]\nid = "a"\n', encoding="utf-8")
    assert main(["puzzle", "--list", "--file", str(f), "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "bad.toml" in err and "puzzle[0].mode" in err


def test_rating_matches_library():
    me, pz = Rating(1600, 200, 0.06), Rating(1450, 80, 0.05)
    a, b = update(me, pz, True)
    ref = glicko2.Player(1600, 200, 0.06)
    ref.update_player([1450], [80], [1.0])
    assert (a.rating, a.rd) == pytest.approx((ref.getRating(), ref.getRd()))
    ref2 = glicko2.Player(1450, 80, 0.05)
    ref2.update_player([1600], [200], [0.0])
    assert (b.rating, b.rd) == pytest.approx((ref2.getRating(), ref2.getRd()))


def test_solve_via_stdin(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("THORSKLIFF_DATA", str(tmp_path))
    p = one()
    monkeypatch.setattr(sys, "stdin", io.StringIO(p.solution + "\n"))
    assert main(["puzzle", "solve", p.id, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert f"Right: {p.solution}." in out and "Why" in out
    assert Book(tmp_path).me.rating > 1500 and p.id in Book(tmp_path).solved


def test_verify_exit_codes(tmp_path, capsys):
    p = one()
    good = tmp_path / "good.toml"
    good.write_text(dump([p]), encoding="utf-8")
    wrong = Puzzle(**{**vars(p), "solution": p.choices[1][0],
                      "choices": [(p.choices[1][0], 0.99)] + [(a, 0.01) for a, _ in p.choices if a != p.choices[1][0]]})
    bad = tmp_path / "bad.toml"
    bad.write_text(dump([wrong]), encoding="utf-8")
    assert main(["puzzle", "--verify", "--file", str(bad), "--budget", "60", "--lang", "en"]) == 1
    assert p.id in capsys.readouterr().out


def test_a_sample_of_three_shipped_puzzles_holds(capsys):
    """Fresh searches (another seed than the ones that found and shipped them); about 2 s."""
    assert main(["puzzle", "--verify", "--sample", "3", "--seed", "5", "--lang", "en"]) == 0
    assert "all 3 puzzles hold" in capsys.readouterr().out


def test_make_writes_a_file_that_loads(tmp_path, capsys):
    from thorskliff import record
    from thorskliff.bots.registry import make_bot
    from thorskliff.bots.runner import decide, seat_rng
    from thorskliff.game import Game

    game = Game.new("duell", [("A", "Bera", "brown"), ("B", "Oleif", "black")], 7)
    bot, rng = make_bot("heuristic"), seat_rng(7, 0)
    for _ in range(30):
        seat = game.state.current_player()
        game.submit(decide(bot, game.state, seat, rng), seat)
    rec = tmp_path / "g.record"
    record.write(game, rec)
    out = tmp_path / "p.toml"
    assert main(["puzzle", "make", str(rec), "-o", str(out), "--budget", "12", "--lang", "en"]) == 0
    made = loads(out.read_text(encoding="utf-8"), str(out))
    assert f"{len(made)} puzzles written" in capsys.readouterr().out
    for p in made:
        assert p.gap() >= 0.2 and p.budget == 48 and p.source.startswith("g.record:")


def test_make_without_output_refused(tmp_path, capsys):
    assert main(["puzzle", "make", "x.record", "--lang", "en"]) == 2
    assert capsys.readouterr().err.strip() == "thorskliff: puzzle make: -o FILE is missing"


def test_a_sample_of_the_shipped_puzzles_holds_at_a_seed_never_used_to_make_or_prune_them():
    """#30: --verify exits 0. The shipped puzzles were confirmed at three seeds when
    made and pruned at seeds 1001-1010 (scripts/make_puzzles.py prune); a lead of
    18-23 points (base3-003) failed at the next seed before. Seed 1042 is neither."""
    import random

    from thorskliff.puzzles import holds
    from thorskliff.puzzles.fileformat import shipped

    every = shipped()
    assert len(every) >= 60
    for p in random.Random(42).sample(every, 12):
        assert holds(p, p.budget, 1042), p.id


def _first_positions(wanted):
    """From a seeded three-player base game of heuristic bots, the first position
    where each wanted test on a legal decision holds: {name: (state, action)}."""
    from thorskliff.bots.registry import make_bot
    from thorskliff.bots.runner import decide, seat_rng
    from thorskliff.game import Game

    game = Game.new("base", [("A", "Bera", "brown"), ("B", "Oleif", "black"), ("C", "Raghild", "white")], 1)
    game.keep_undo = False
    bots, rngs = [make_bot("heuristic") for _ in range(3)], [seat_rng(1, i) for i in range(3)]
    got = {}
    while not game.state.is_terminal() and game.state.round <= 40 and len(got) < len(wanted):
        st = game.state
        seat = st.current_player()
        for a in st.legal_actions():
            for name, test in wanted.items():
                if name not in got and test(st, a):
                    got[name] = (st.clone(), a)
        game.submit(decide(bots[seat], st, seat, rngs[seat]), seat)
    assert set(got) == set(wanted), f"the seeded game offered no {set(wanted) - set(got)}"
    return got


def test_themes_of_troll_runestone_and_other_decisions():
    """A hero stepping onto a peak's troll is a troll puzzle (not a fight), building
    the runestone a runestone one; laying a fainted hero (R-FAINT-3) and buying the
    hammer are neither."""
    from thorskliff.puzzles import theme

    got = _first_positions({
        "troll step": lambda st, a: a.verb == "step" and st.troll[a.b],
        "rune": lambda st, a: a.verb == "rune",
        "lay": lambda st, a: a.verb == "lay",
        "hammer": lambda st, a: a.verb == "hammer",
    })
    assert theme(*got["troll step"]) == "troll"
    assert theme(*got["rune"]) == "runestone"
    assert theme(*got["lay"]) not in ("runestone", "troll")
    assert theme(*got["hammer"]) == "fight"
    # a decision that says nothing (ending the turn) takes its runner-up's theme
    st, step = got["troll step"]
    end = next((a for a in st.legal_actions() if a.verb == "end"), None)
    if end is not None:
        assert theme(st, end, step) == "troll"


def test_shipped_themes_are_what_the_classifier_says():
    from thorskliff.puzzles import THEMES, theme
    from thorskliff.variants import parser_for

    for p in shipped():
        st = p.state()
        read = parser_for(st)
        assert p.theme in THEMES
        assert p.theme == theme(st, read(p.solution), read(p.choices[1][0])), p.id


def test_the_docs_table_counts_the_shipped_puzzles():
    """docs/cli.md's table of puzzles per table size and theme is the shipped files' count."""
    from collections import Counter

    from thorskliff.puzzles import THEMES

    text = (Path(__file__).parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    head = "| table | " + " | ".join(THEMES) + " | all |"
    assert head in text
    rows = text.split(head, 1)[1].split("\n\n", 1)[0].strip().splitlines()[1:]
    said = {}
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        said[cells[0]] = [int(c) for c in cells[1:]]
    got = Counter((f"{p.mode}{len(p.state().players)}", p.theme) for p in shipped())
    tables = sorted({t for t, _ in got})
    want = {t: [got[t, th] for th in THEMES] + [sum(got[t, th] for th in THEMES)] for t in tables}
    want["all"] = [sum(got[t, th] for t in tables) for th in THEMES] + [sum(got.values())]
    assert said == want
