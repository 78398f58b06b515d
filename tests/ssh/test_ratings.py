"""Ratings of a host's players (#32, ratings.py): a hosted game between at
least two persons is rated when it ends, with OpenSkill's Plackett–Luce
model as published; bots are left out; a resignation places last; each
game is rated once; ``thorskliff ratings`` prints the table without
touching the server's file."""

from __future__ import annotations

import asyncio
import json

import pytest
from openskill.models import PlackettLuce

from thorskliff import cli
from thorskliff.host import ratings
from thorskliff.host.hub import Hub
from thorskliff.host.sqlitestore import SqliteStore

pytestmark = pytest.mark.correspondence


def play_to_resign(hub: Hub, sessions: dict, loser: int) -> None:
    """The first legal decision each, until ``loser`` decides: it resigns (R-RESIGN-1)."""
    hg = next(iter(sessions.values())).hg
    for _ in range(400):
        d = hg.state.current_player()
        if d < 0:
            return
        if d == loser and hg.state.step not in ("beach",) and hg.state.combat is None:
            hub.submit(sessions[d], "resign")
            continue
        hub.submit(sessions[d], hg.game.legal()[0])
    raise AssertionError("the game never ended")


@pytest.fixture
def hub(tmp_path):
    h = Hub(SqliteStore(tmp_path / "hub.sqlite3"))
    yield h
    h.store.close()


def test_a_duell_between_two_persons_is_rated_as_the_library_rates_it(hub):
    """R-RESIGN-1, R-WIN-1: anna resigns, bert wins; their ratings are the
    library's for ranks 1 (bert) and 3 (a resignation) from the default."""
    a = hub.create("anna", "duell", 2, seed=3)
    b = hub.join(a.game_id, 1, "bert")
    play_to_resign(hub, {0: a, 1: b}, loser=0)
    assert a.hg.finished and a.hg.state.outcome().winner == 1
    m = PlackettLuce()
    (anna,), (bert,) = m.rate([[m.rating()], [m.rating()]], ranks=[3, 1])
    got = dict((r.player, r) for _, r in hub.store.ratings("duell-2"))
    assert got["anna"].mu == pytest.approx(anna.mu) and got["anna"].sigma == pytest.approx(anna.sigma)
    assert got["bert"].mu == pytest.approx(bert.mu) and got["bert"].games == 1
    assert [r.rank for r in hub.store.results("anna")] == [3]
    # the leaderboard puts the winner first
    assert [r.player for _, r in hub.store.ratings("duell-2")] == ["bert", "anna"]


async def test_a_game_against_a_bot_is_not_rated(tmp_path):
    hub = Hub(SqliteStore(tmp_path / "bots.sqlite3"), bot_delay=0)
    a = hub.create("anna", "duell", 2, bots=True, seed=4)
    hg = a.hg
    changed = asyncio.Event()
    hub.watch_lobby(changed.set)
    async with asyncio.timeout(20):
        while not hg.finished:
            d = hg.state.current_player()
            if d == 0:
                ready = hg.state.step != "beach" and hg.state.combat is None
                hub.submit(a, "resign" if ready else hg.game.legal()[0])
                continue
            changed.clear()
            await changed.wait()  # the bot's decision
    assert hg.state.outcome().winner == 1
    assert hub.store.ratings() == [] and hub.store.results("anna") == []
    hub.close()
    hub.store.close()


def test_a_game_is_rated_once(hub):
    res = ratings.rate(7, "duell-2", {0: "anna", 1: "bert"}, {0: 1, 1: 2}, {})
    hub.store.new_game("x", [])  # game ids refer to games
    assert hub.store.rated([r._replace(game=1) for r in res])
    assert not hub.store.rated([r._replace(game=1) for r in res])
    assert [r.games for _, r in hub.store.ratings()] == [1, 1]


def test_placings_put_the_winner_first_a_resignation_last_the_rest_between():
    assert ratings.placings(2, {0}, [0, 1, 2, 3]) == {0: 3, 1: 2, 2: 1, 3: 2}
    assert ratings.placings(None, {1}, [0, 1, 2]) == {0: 1, 1: 3, 2: 1}  # a draw


def test_the_ratings_command_reads_the_servers_file_without_changing_it(hub, tmp_path, capsys):
    a = hub.create("anna", "duell", 2, seed=3)
    b = hub.join(a.game_id, 1, "bert")
    play_to_resign(hub, {0: a, 1: b}, loser=0)
    path = tmp_path / "hub.sqlite3"
    hub.store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    before = path.read_bytes()
    assert cli.main(["ratings", "--data", str(tmp_path), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [p["player"] for p in doc["pools"]["duell-2"]] == ["bert", "anna"]
    assert doc["pools"]["duell-2"][0]["games"] == 1
    assert cli.main(["ratings", "--data", str(tmp_path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Duell, 2 seats:" in out and "1. bert" in out
    assert path.read_bytes() == before


def test_the_ratings_command_without_a_server_is_one_line_and_exit_2(tmp_path, capsys):
    assert cli.main(["ratings", "--data", str(tmp_path / "none"), "--lang", "en"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "holds no server's database" in err[0]
    assert not (tmp_path / "none").exists()


async def test_the_lobby_shows_the_leaderboard_and_opens_a_rated_game(hub):
    """What the page says is true: the pool, both players in the order of
    their ratings with the figures the store holds, and bert's own game."""
    from test_hostapp import FakeTerminal
    from textual.widgets import OptionList, Static

    from thorskliff.host.hostapp import HostedApp
    from thorskliff.ui.screens.ratings import RatingsScreen

    a = hub.create("anna", "duell", 2, seed=3)
    b = hub.join(a.game_id, 1, "bert")
    play_to_resign(hub, {0: a, 1: b}, loser=0)
    board = dict((r.player, r) for _, r in hub.store.ratings("duell-2"))
    app = HostedApp(hub, "bert", FakeTerminal())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RatingsScreen)
        said = str(app.screen.query_one("#r-board", Static).render())
        assert "Duell, 2 Plätze:" in said
        assert said.index("bert") < said.index("anna")
        bert = board["bert"]
        assert f"{bert.shown:.1f}" in said and f"μ {bert.mu:.1f} ± {bert.sigma:.1f}, 1 Partien" in said
        recent = app.screen.query_one("#r-recent", OptionList)
        assert recent.option_count == 1
        line = str(recent.get_option_at_index(0).prompt)
        assert f"#{a.game_id} Duell" in line and "gewonnen" in line
        await pilot.press("enter")  # opens the game as the lobby does: its menu first
        await pilot.pause()
        assert not isinstance(app.screen, RatingsScreen)
        assert f"Spiel #{a.game_id}" in str(app.screen.query_one(Static).render())
