"""The benchmark scripts read what the server prints: a changed start-up
line once left scripts/bench_ssh.py unable to find the port, and no test
noticed (the scripts run only by hand)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

from thorskliff.ui import i18n

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

import sessionbench  # noqa: E402


@pytest.mark.parametrize("lang", ["de", "en"])
def test_bench_ssh_finds_the_port_in_serves_start_up_line(lang):
    import bench_ssh

    i18n.set_lang(lang)
    try:
        line = i18n.t("web.serve_ssh", where="127.0.0.1:40123", data="/tmp/x", port=40123, host="127.0.0.1")
    finally:
        i18n.set_lang("de")
    m = bench_ssh.PORT_LINE.search(line)
    assert m and int(m.group(1) or m.group(2)) == 40123
    old = bench_ssh.PORT_LINE.search("thorskliff serve: listening on 127.0.0.1:40124 (data: /tmp/x)")
    assert old and int(old.group(1) or old.group(2)) == 40124


def test_bench_web_finds_the_address_in_serves_start_up_line():
    import bench_web

    line = i18n.t("web.serve_web", url="http://127.0.0.1:40125/", data="/tmp/x")
    m = bench_web.ADDRESS_LINE.search(line)
    assert m and m.group(1) == "http://127.0.0.1:40125"


@pytest.mark.parametrize("same,cpu", [(False, False), (True, True)])
def test_bench_old_new_probes_a_checkout(same, cpu):
    """#12's speed comparison: the probe (each clock, each choice of games)
    runs against a checkout and reads back a rate."""
    import bench_old_new

    got = bench_old_new.once(Path(__file__).resolve().parent.parent, 0.05, 1, same=same, cpu=cpu)
    assert got["rate"] > 0 and got["replay_ms"] > 0 and set(got["per"]) == {"base 4p", "base 3p", "duell 2p"}


def test_instructions_old_new_plays_the_same_games_with_the_old_haste_flow():
    """--games same: with record flow 1's haste phase this checkout plays
    the very games a272c9f plays (their action counts, measured for #12)."""
    import instructions_old_new

    got: dict = {}
    exec(instructions_old_new.IMPORT + instructions_old_new.SAME + "\nn = [bench.play_random('base', 4, 1)]", got)
    try:
        assert got["n"] == [1706]  # a272c9f's count; flow 2 plays 1685 actions
    finally:
        got["bench"].GameState.old_haste = False


class Row(sessionbench.Screen):
    """A screen whose cursor walks a row of ``width`` hexes: a key that moves
    it draws (output soon after); a key at the edge moves and draws nothing,
    as on the island."""

    def __init__(self, start: int, width: int):
        super().__init__((10, 2))
        self.render = False
        self.x, self.width, self.silent = start, width, 0

    async def press(self, *keys: str) -> None:
        for k in keys:
            x = self.x + (1 if k == "right" else -1)
            if 0 <= x < self.width:
                self.x = x
                asyncio.get_running_loop().call_later(0.001, self.feed, "drawn")
            else:
                self.silent += 1


async def test_the_key_rounds_never_walk_a_cursor_into_the_islands_edge(monkeypatch):
    """--abuse --keys 3 once reported one key of 24 unanswered for 30 s, in two
    of its cases: each round pressed right, left, right, so every round walked
    the cursor one hex on, and a later round's first key met the island's
    edge, which moves nothing and draws nothing. Rounds of an odd number of
    keys, one after another, must find every key answered (a cursor at the
    edge to begin with swings the other way)."""
    monkeypatch.setattr(sessionbench, "QUIET", 0.005)
    monkeypatch.setattr(sessionbench, "PROBE", 0.2, raising=False)  # (an older script has none)
    rows = [Row(start=3, width=6), Row(start=5, width=6), Row(start=0, width=6)]
    for _ in range(4):
        first, _settled = await asyncio.wait_for(sessionbench.keys_round(rows, 3, 0), 10)
        assert len(first) == 9 and max(first) < 1.0
    assert [r.silent for r in rows] == [0, 1, 0]  # the one silent key: the edge found before the rounds
    assert [r.x for r in rows] == [3, 5, 0]  # twelve keys: each cursor swung and is back


def test_bench_ssh_plays_into_a_game_with_todays_screens():
    """The host benchmark reads the lobby's and the game's words off the screens: a
    change of the prompts (other seats read 'u0 wählt …' since the play-test) left it
    waiting for ever at the beaches, and no test noticed. Two sessions, one key, one
    decision, against a real server."""
    import subprocess

    script = Path(__file__).resolve().parent.parent / "scripts" / "bench_ssh.py"
    out = subprocess.run([sys.executable, str(script), "--sessions", "2", "--keys", "1", "--decisions", "1"],
                         capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "decision to every screen" in out.stdout


@pytest.mark.parametrize("players", [3, 4])
def test_fit_table_eval_scores_the_evaluation_the_search_uses(players, capsys):
    """#17: the held-out row "TABLE[n] (the code)" is the search's own
    evaluation — at turn starts of a real game its chances are
    search.evaluate's — and --held-out scores it without fitting."""
    import math

    import fit_table_eval

    from thorskliff.bots.heuristic import HeuristicBot
    from thorskliff.bots.runner import play_game
    from thorskliff.bots.search import TABLE, duell_features, evaluate

    code = fit_table_eval.linear(TABLE[players])
    seen = []

    def at(st, action):
        if not st.is_terminal() and len(seen) < 40:
            f = duell_features(st)
            if None not in f:
                seats = [[x.get(k, 0.0) for k in fit_table_eval.NAMES] for x in f]
                seen.append((code(seats, None), evaluate(st)))

    play_game("base", [HeuristicBot() for _ in range(players)], 20800, on_step=at)
    assert len(seen) == 40
    for mine, theirs in seen:
        assert mine == pytest.approx(theirs, abs=1e-12)
    fit_table_eval.main(["--players", str(players), "--seeds", "20000:20005", "--held-out"])
    out = capsys.readouterr().out
    assert "(seeds 20004-20004" in out  # the held-out fifth only
    for label in (f"TABLE[{players}] (the code)", f"TABLE[{players}] w/o hand-set", f"TABLE[{players}] w/o crystal",
                  f"TABLE[{players}] w/o low_life", "hand-set scores", "DUELL weights"):
        line = next(x for x in out.splitlines() if x.startswith(label + " "))
        loss = float(line.split("log loss ")[1].split(",")[0])
        assert 0 < loss < 3 * math.log(players), line


def test_curve_standups_finds_the_standing_up_of_a_record():
    """#17: in the corpus's 3-player record two of analyse's three biggest
    swings named "Heldin … legen" and moved the NEXT seat's chance: its hero
    stood up (R-FAINT-5) in that step. The curve now makes that turn start a
    point of its own (curve.TURN_START): one of the three is Raghild standing
    up, named so, none a "lay"; the evaluation's race, low life and life terms
    account for most of the rise (docs/bots.md)."""
    import curve_standups

    from thorskliff import record
    from thorskliff.bots import curve
    from thorskliff.bots.search import TABLE

    game = record.load(Path(__file__).resolve().parent / "records" / "base3-greedy.tkr")
    stood = curve_standups.standups(game, TABLE[3])
    top = curve.swings(curve.win_chances(game))
    assert not [sw for sw in top if sw.decision.text.startswith("lay")]
    ups = [sw for sw in top if sw.decision.automatic]
    assert len(ups) == 1
    for sw in ups:
        assert sw.decision.seat == sw.seat and sw.after - sw.before > 0.4  # the standing seat's own turn start
        assert sw.decision.auto == (("stood_up", game.state.players[sw.seat].hero),)
        parts = stood[sw.decision.line][sw.seat]
        assert parts["race"] == pytest.approx(1.314, abs=0.001) and parts["low_life"] > 0.4 and parts["life"] > 0.3
        # the script measures the whole step, the handing over too (the curve gives that to the decision before)
        assert parts["to_move"] == pytest.approx(TABLE[3]["to_move"])
    r = curve_standups.survey(3, range(30000, 30003))
    assert r["swings"] == 9 and r["standing_up_at_lay"] == 0


def test_same_decisions_plays_a_checkout_and_names_the_first_decision_that_differs():
    """The proof that a change of the engine's shape changes no bot's game: the probe plays
    a checkout's seeded bot games (with potions dealt, so potions are drunk in combats) and
    the comparison names the first step where two runs part."""
    import argparse

    import same_decisions

    args = argparse.Namespace(mode="duell", players=2, bot="heuristic", seed=8101, games=1, potions=True)
    games = same_decisions.play(Path(__file__).resolve().parent.parent, args)
    g = games[0]
    assert g["combat_drinks"] > 0 and len(g["lines"]) == g["decisions"] + g["rolls"]
    assert same_decisions.compare(games, games) == []
    other = [dict(g, lines=g["lines"][:5] + ["changed"] + g["lines"][6:])]
    assert same_decisions.compare(games, other) == [
        f"seed 8101 rotation 0: step 6 differs: old {g['lines'][5:6]} new ['changed']"]
