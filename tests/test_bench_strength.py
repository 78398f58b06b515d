"""scripts/bench_strength.py (issue 17's strength runs): a run keeps every
game it finished and a second run goes on from there, with the seat of the
bot moving round the table and the wins counted for the bot, not the seat."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))


def test_a_run_goes_on_where_it_stopped_and_counts_the_bots_wins(tmp_path, monkeypatch, capsys):
    import bench_strength

    out = tmp_path / "runs" / "duell.jsonl"

    def run(*extra):
        monkeypatch.setattr(sys, "argv", ["bench_strength", "--bot", "random", "--seed", "5", "--out", str(out),
                                          *extra])
        bench_strength.main()
        return capsys.readouterr().out

    run("--games", "1")
    said = run("--games", "3")
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["game"] for r in rows] == [0, 1, 2]  # the first game was not played again
    assert [(r["seed"], r["rotation"]) for r in rows] == [(5, 0), (5, 1), (6, 0)]
    assert [r["seating"] for r in rows] == [[0, 1], [1, 0], [0, 1]]
    # the random bot loses to the heuristic one: every winner is entry 1, whatever its seat
    assert [r["winner"] for r in rows] == [1, 1, 1] and [r["winner_seat"] for r in rows] == [1, 0, 1]
    assert [line.split(":")[0] for line in said.splitlines()[:-1]] == ["game 1", "game 2"]
    assert said.splitlines()[-1].startswith(
        "random vs heuristic, duell 2 seats, seeds 5-6: 0/3 = 0.0 % (95 % Wilson 0.0-56.2 %; parity 50 %); "
        "seat 1: 0/2; seat 2: 0/1; draws or caps 0")
    assert run("--summary").splitlines() == [said.splitlines()[-1]]


def test_a_screen_plays_each_variant_on_the_same_deals_and_compares_them_game_by_game():
    """scripts/screen_search.py: every variant gets the same (seed, seating) games,
    the search seat moving as in a strength run; the summary counts, against the
    base, the games won that the base lost and lost that the base won."""
    import screen_search

    a = screen_search.one(("one", {"iterations": 2}, "duell", 5, 0))
    b = screen_search.one(("one", {"iterations": 2}, "duell", 5, 1))
    assert (a["seed"], a["rotation"], b["rotation"]) == (5, 0, 1) and a["iterations"] >= 2 * a["searched"] > 0
    assert a == {**screen_search.one(("one", {"iterations": 2}, "duell", 5, 0)), "cpu": a["cpu"]}  # a pure function
    rows = [dict(a, variant="base", won=True), dict(b, variant="base", won=False),
            dict(a, variant="new", won=False), dict(b, variant="new", won=True)]
    base, new = screen_search.summary(rows, "base")
    assert base.startswith("base: 1/2 = 50.0 %")
    assert new.startswith("new: 1/2 = 50.0 %") and new.endswith(
        "against base on 2 games: 1 won that it lost, 1 lost that it won")
