"""Difficulty levels (bots.registry.LEVELS): one table, accepted wherever a
bot's name is — make_bot, records, simulate --level, the SSH lobby."""

from __future__ import annotations

import json
import random

import pytest

from thorskliff.bots.careless import CarelessBot
from thorskliff.bots.greedy import GreedyBot
from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.registry import LEVELS, bot_label, bot_problem, level_bot, make_bot
from thorskliff.bots.search import SearchBot
from thorskliff.cli import main
from thorskliff.game import Game
from thorskliff.host.hub import Hub, LobbyError
from thorskliff.host.sqlitestore import SqliteStore


def test_the_levels_and_their_bots():
    assert list(LEVELS) == ["leicht", "mittel", "schwer"]  # easiest first: the order they are offered in
    assert isinstance(make_bot("leicht"), CarelessBot) and make_bot("leicht").slip == 0.3
    assert isinstance(make_bot("Mittel"), HeuristicBot)
    hard = make_bot("schwer")
    assert isinstance(hard, SearchBot) and hard.iterations == 400 and hard.work == 2500 and hard.seconds is None  # the same everywhere
    for en, de in (("easy", "leicht"), ("medium", "mittel"), ("HARD", "schwer")):
        assert bot_label(en) == bot_label(de) == LEVELS[de]
    assert level_bot("search") is None and level_bot("sehr schwer") is None
    assert bot_problem("schwer") is None
    assert "leicht, mittel, schwer" in bot_problem("sehr schwer")
    with pytest.raises(ValueError, match="only search takes a budget"):
        make_bot("schwer:2s")  # a level is its budget


def test_simulate_by_level(capsys):
    code = main(["simulate", "--games", "2", "--level", "leicht,mittel", "--mode", "duell", "--seed", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    doc = json.loads(out)
    assert doc["seats"] == ["leicht=careless", "mittel=heuristic"] and doc["games"] == 2
    code = main(["simulate", "--games", "2", "--seats", "easy,heuristic", "--mode", "duell", "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and json.loads(out)["seats"] == ["easy=careless", "heuristic"]


@pytest.mark.parametrize("argv, says", [
    (["--level", "leicht,greedy"], "--level 'greedy' ist keine Stufe (Stufen: leicht, mittel, schwer)"),
    (["--level", "leicht", "--seats", "greedy,greedy"], "entweder mit --seats oder mit --level"),
    ([], "entweder mit --seats oder mit --level"),
])
def test_simulate_level_mistakes_are_one_line(capsys, argv, says):
    code = main(["simulate", "--games", "1", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and says in err


def test_the_lobby_seats_a_levels_bot_and_only_a_level(tmp_path):
    store = SqliteStore(tmp_path / "hub.sqlite3")
    try:
        hub = Hub(store, bot="random")
        a = hub.create("alice", "duell", 2, bots="schwer", seed=5)
        assert [s.bot for s in a.hg.seats] == [None, LEVELS["schwer"]]
        b = hub.create("bob", "duell", 2, bots=True, seed=5)
        assert [s.bot for s in b.hg.seats] == [None, "random"]  # the host's own bot (serve --bot)
        with pytest.raises(LobbyError, match="Schwierigkeitsstufe"):
            hub.create("carol", "duell", 2, bots="search:100000it")
    finally:
        store.close()


def test_the_careless_bot_is_greedy_but_for_its_seeded_slips():
    """Leicht: the greedy decision unless the seat's generator says slip; the
    same seed gives the same game, and it slips in a real game."""
    from thorskliff.bots.seats import play_lineup

    def game() -> dict:
        res = play_lineup(["careless", "greedy"], "duell", 7, 0, 60)
        del res["seconds"]  # the only thing a seed does not fix
        return res

    assert game() == game()

    game = Game.new("duell", [("A", "Oleif", "brown"), ("B", "Bera", "black")], 5)
    st = game.state
    legal = st.legal_actions()
    obs = st.observation(st.current_player())
    assert len(legal) > 1
    steady, greedy = CarelessBot(slip=0.0), GreedyBot()
    assert steady.choose(obs, legal, random.Random(1)) == greedy.choose(obs, legal, random.Random(1))
    picks = {str(CarelessBot(slip=1.0).choose(obs, legal, random.Random(i))) for i in range(40)}
    assert len(picks) > 1 and picks <= {str(a) for a in legal}
