"""Bots (issue 7): every bot finishes games in every mode with legal
decisions from its own seat's view only; the search bot's determinization;
seats taken over and handed back; bots by name; ``thorskliff simulate``."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import H, begin, place, position

from thorskliff.engine.actions import POTIONS, Action, fmt
from thorskliff.bots.greedy import GreedyBot, step_distances
from thorskliff.bots.heuristic import HeuristicBot
from thorskliff.bots.randombot import RandomBot
from thorskliff.bots.registry import bot_label, make_bot
from thorskliff.bots.search import (
    HIDDEN,
    Node,
    SearchBot,
    determinize,
    evaluate,
    hidden_leaks,
    pick,
    public_state,
    race_turns,
)
from thorskliff.bots.runner import play_game
from thorskliff.bots.seats import Seats, decide, lineup_seating, wilson
from thorskliff.cli import main
from thorskliff.game import Game
from thorskliff.engine.state import POTION_SUPPLY

MODES = [("duell", 2), ("base", 3), ("base", 4), ("episch", 2), ("episch", 3), ("episch", 4)]


class Watch:
    """The instrumented seat: checks what a bot is handed (against the real
    state the game loop shows it) and what it answers."""

    def __init__(self, bot, seat: int, truth: list, log: Counter):
        self.bot = bot
        self.seat = seat
        self.truth = truth
        self.log = log
        self.name = bot.name
        self.needs_public_state = getattr(bot, "needs_public_state", False)
        self.uses_observation = getattr(bot, "uses_observation", True)

    def _secrets(self) -> list[tuple[int, int]]:
        """(seat, index) of the face-down potions of other seats now."""
        st = self.truth[0]
        return [(p.seat, i) for p in st.players if p.seat != self.seat
                for i, (k, u) in enumerate(p.potions) if not p.eile_public(k, u)]

    def _check_obs(self, obs: dict) -> None:
        assert obs["viewer"] == self.seat + 1
        secret = self._secrets()
        self.log["secret potions around"] += len(secret)
        for q, i in secret:
            assert obs["players"][q]["potions"][i] == {"kind": None, "uses": None}, "a secret kind leaked"

    def choose(self, obs, legal, rng):
        if self.uses_observation:
            self._check_obs(obs)
            assert obs["legal"] == [fmt(a) for a in legal]
        a = self.bot.choose(obs, legal, rng)
        self._answered(a, legal, obs.get("turn"))
        return a

    def choose_public(self, pub, legal, rng):
        assert hidden_leaks(pub, self.seat) == []
        assert pub.current_player() == self.seat
        self._check_obs(pub.observation(self.seat))
        a = self.bot.choose_public(pub, legal, rng)
        self._answered(a, legal, pub.seat + 1)
        return a

    def _answered(self, a, legal, turn) -> None:
        assert a in legal, f"{a} is not legal: {[fmt(x) for x in legal]}"
        self.log[self.name] += 1
        if turn != self.seat + 1:
            self.log["off-turn"] += 1


def lineups(n: int) -> list[list]:
    """Two games cover the four bots: the searching one among random
    players (it wins quickly), the heuristic against the greedy."""
    return [[SearchBot(iterations=3)] + [RandomBot() for _ in range(n - 1)],
            [RandomBot() for _ in range(n - 2)] + [HeuristicBot(strict=True), GreedyBot(strict=True)]]


@pytest.mark.parametrize("mode,n", MODES)
def test_every_bot_plays_every_mode_to_the_end(mode, n):
    log: Counter = Counter()
    truth: list = [None]

    def seen(st, action):
        truth[0] = st

    for game, bots in enumerate(lineups(n)):
        bots = [Watch(b, i, truth, log) for i, b in enumerate(bots)]
        r = play_game(mode, bots, 40 + game, round_cap=60, on_step=seen)
        assert r.winner is not None, (mode, n, game, r.reason)
        assert r.reason in ("ambers", "crystals", "runestone", "last-standing")
    for name in ("random", "greedy", "heuristic", "search"):
        assert log[name] > 0, f"{name} did not play {mode} with {n}"
    assert log["off-turn"] > 0


def test_secret_potions_were_around_while_bots_decided():
    """The leak checks above are not vacuous: other seats held face-down
    potions while a bot decided."""
    log: Counter = Counter()
    truth: list = [None]
    bots = [Watch(b, i, truth, log) for i, b in enumerate([HeuristicBot(), RandomBot(), RandomBot(), RandomBot()])]
    play_game("base", bots, 7, round_cap=12, on_step=lambda st, a: truth.__setitem__(0, st))
    assert log["secret potions around"] > 0


# --------------------------------------------------------------------- determinization


def _potion_position():
    st = position(("Oleif", "Bera", "Jorund"))
    me, them = st.players[0], st.players[1:]
    me.potions = [("kraft", 1)]
    them[0].potions = [("schutz", 1), ("eile", 1)]  # Bera's Eiletrank, used once: face up
    them[1].potions = [("heil", 1), ("eile", 2)]
    for p in st.players:
        for k, _ in p.potions:
            st.potion_supply[k] -= 1
    return st


def test_public_state_holds_no_secret():
    st = _potion_position()
    real_supply = dict(st.potion_supply)
    pub = public_state(st, 0)
    assert hidden_leaks(pub, 0) == []
    assert hidden_leaks(st, 0)  # the real state would tell
    assert pub.players[0].potions == [("kraft", 1)]
    assert pub.players[1].potions == [(HIDDEN, 0), ("eile", 1)]
    assert pub.players[2].potions == [(HIDDEN, 0), (HIDDEN, 0)]
    assert pub.potion_supply == {HIDDEN: sum(real_supply.values())}
    assert st.potion_supply == real_supply and st.players[1].potions[0] == ("schutz", 1)  # untouched
    obs = pub.observation(0)
    assert [x["kind"] for x in obs["players"][2]["potions"]] == [None, None]


def test_determinize_deals_consistent_potions():
    st = _potion_position()
    pub = public_state(st, 0)
    rng = random.Random(5)
    deals = set()
    for _ in range(40):
        det = determinize(pub, 0, rng)
        held = Counter(k for p in det.players for k, _ in p.potions)
        for k in POTIONS:
            assert det.potion_supply[k] + held[k] == POTION_SUPPLY[k]
        assert det.players[0].potions == [("kraft", 1)]
        assert det.players[1].potions[1] == ("eile", 1)
        for p, hidden in ((det.players[1], [0]), (det.players[2], [0, 1])):
            for i in hidden:
                k, u = p.potions[i]
                assert u == (p.spec.eile_uses if k == "eile" else 1)
        assert det.seed != st.seed
        deals.add(tuple(tuple(p.potions) for p in det.players))
    assert len(deals) > 5  # the kinds really are sampled


def test_determinize_respects_what_the_own_legal_actions_show():
    """No Krafttrank is offered at the market: every Krafttrank not seen is
    with the other players, in every deal."""
    st = position(("Oleif", "Bera", "Jorund"))
    st.players[1].potions = [("kraft", 1)] * 3
    st.players[2].potions = [("kraft", 1), ("kraft", 1)]
    st.potion_supply["kraft"] = 0
    place(st, 0, "M1", hero=True)
    st.players[0].taler = 10
    begin(st, 0, 4)
    legal = st.legal_actions()
    assert Action("buy", arg="heil") in legal and Action("buy", arg="kraft") not in legal
    pub = public_state(st, 0)
    rng = random.Random(1)
    for _ in range(10):
        det = determinize(pub, 0, rng, legal)
        assert det.potion_supply["kraft"] == 0
        assert set(det.legal_actions()) == set(legal)


def test_evaluate_is_a_distribution_and_favours_the_leader():
    st = position(("Oleif", "Bera"))
    st.players[0].delivered = 2
    v = evaluate(st)
    assert abs(sum(v) - 1) < 1e-9 and v[0] > 0.8


def _race(st, p) -> float:
    isl = st.island
    return race_turns(st, p, step_distances(isl.arrangement, "crescent"), list(isl.beaches), 5)


def test_race_turns_count_steps_at_the_heroes_pace():
    """R-AMBER-4 (three deliveries win), R-MOVE-2 (Wisent: 2 steps),
    R-POT-7 (an Eiletrank use: one step more, once a turn), R-RUNE-3 (a
    standing runestone wins when its counter runs out). Island ABCD: the
    beaches lie 5 steps from the sanctuary; 2b2 is 3 steps from it and 2
    from the beach 2c3."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "2b2", hero=True)
    p = st.players[0]
    p.amber = True
    assert _race(st, p) == 3 + 2 * (5 + 5)  # this amber home, then two round trips
    p.wisent = True
    assert _race(st, p) == 23 / 2
    p.wisent = False
    p.potions = [("eile", 2)]
    assert _race(st, p) == 2 + (23 - 2 * 2)  # two turns of 2 steps, the rest 1 a turn
    p.potions = []
    p.amber = False
    assert _race(st, p) == 2 + 5 + 2 * 10  # to the beach 2c3 first
    p.delivered = 2
    assert _race(st, p) == 7
    st.rune = [0, H("2a1"), 3]  # R-RUNE-3: the own runestone wins in 3 turns
    assert _race(st, p) == 3
    p.delivered = 0
    assert _race(st, p) == 3
    st.rune = [1, H("2a1"), 1]  # the other seat's stone is not this seat's race
    assert _race(st, p) == 27


def test_duell_evaluation_values_pace_and_closeness():
    """Two seats alike but for one thing: the Wisent (R-MOVE-2), an
    Eiletrank (R-POT-7), an amber one step nearer the sanctuary — each
    raises that seat's chance; low life (R-FAINT-1 is near) lowers it."""
    def chances(**mine):
        st = position(("Oleif", "Bera"))
        place(st, 0, "2b2", hero=True)
        place(st, 1, "3b2", hero=True)
        for p in st.players:
            p.amber = True
        for k, x in mine.items():
            setattr(st.players[0], k, x)
        return evaluate(st)

    even = chances()
    assert abs(sum(even) - 1) < 1e-9
    for better in (chances(wisent=True), chances(potions=[("eile", 2)]), chances(hero_at=H("2a1"))):
        assert better[0] > even[0] + 0.05, (better, even)
    assert chances(amber=False)[0] < even[0]
    assert chances(life=3)[0] < chances(life=5)[0] - 0.1


def _root(seat: int, **children: tuple[float, int]) -> Node:
    """A searched root whose child ``name`` was visited n times with mean
    chance q for ``seat`` (children given as name=(q, n))."""
    root = Node(2)
    for name, (q, n) in children.items():
        child = root.children[Action(name)] = Node(2)
        child.n = n
        child.w[seat] = q * n
        child.w[1 - seat] = (1 - q) * n
        root.n += n
    return root


def test_pick_keeps_the_plan_unless_an_alternative_is_clearly_better():
    choice, met, bath = Action("end"), Action("met"), Action("bath")
    cands = [choice, met, bath]
    # at even chances 52 % against 50 % is within the margin (0.08 < 0.12 log-odds)
    assert pick(_root(0, end=(0.50, 300), met=(0.52, 60)), cands, choice, 0, 400, 0.12, 0.08) == choice
    assert pick(_root(0, end=(0.50, 300), met=(0.56, 60)), cands, choice, 0, 400, 0.12, 0.08) == met
    # far behind, 3 % against 1.5 % doubles the chance: taken (3 points would never be)
    assert pick(_root(1, end=(0.015, 300), met=(0.03, 60)), cands, choice, 1, 400, 0.12, 0.08) == met
    # the best mean among alternatives searched often enough, not the most searched
    root = _root(0, end=(0.40, 250), met=(0.45, 100), bath=(0.60, 40))
    assert pick(root, cands, choice, 0, 400, 0.12, 0.08) == bath
    # searched too rarely (under 8 % of the iterations): not trusted
    root = _root(0, end=(0.40, 250), met=(0.41, 110), bath=(0.90, 20))
    assert pick(root, cands, choice, 0, 400, 0.12, 0.08) == choice


# --------------------------------------------------------------------- the heuristic's plans


def test_heuristic_builds_the_runestone_with_two_crystals():
    st = position(("Oleif", "Bera", "Jorund"), rifts={"1c4": "silber"})
    p = st.players[0]
    p.crystals, p.amber = 2, True
    place(st, 0, "1c4", hero=True)
    place(st, 0, "1c3", warriors=1)  # scree (block A)
    place(st, 0, "1b1", warriors=1)  # forest
    begin(st, 0, 4)
    assert Action("rune") in st.legal_actions()
    assert decide(HeuristicBot(strict=True), st, 0, random.Random(0)) == Action("rune")
    assert decide(GreedyBot(), st, 0, random.Random(0)) != Action("rune")


def test_heuristic_walks_to_a_loose_crystal_while_ambers_are_left():
    st = position(("Oleif", "Bera"))
    isl = st.island
    peak = isl.peaks[0]
    st.crystal_at[peak] = 1
    dist = step_distances(isl.arrangement, "crescent")
    start = next(h for h in range(isl.size) if dist[h][peak] == 2 and isl.kind[h] != "market")
    st.players[0].hero_at = start
    begin(st, 0, 1)
    a = decide(HeuristicBot(strict=True), st, 0, random.Random(0))
    assert a.verb == "step" and a.arg == "H" and dist[a.b][peak] == 1
    assert decide(GreedyBot(), st, 0, random.Random(0)) != a  # greedy goes for an amber instead


# --------------------------------------------------------------------- seats


def test_takeover_and_hand_back_on_a_running_game():
    game = Game.new("duell", [("Ann", "Oleif", "brown"), ("Bot", "Bera", "black")], seed=11)
    seats = Seats(2, {1: HeuristicBot()}, seed=11)
    assert seats.humans() == [0] and seats.bot_seats() == [1]
    rng = random.Random(0)
    human_moves = 0
    # the human plays the first few decisions; the bot answers in between
    while human_moves < 12 and not game.state.is_terminal():
        seats.step_bots(game)
        who = seats.waiting_for(game)
        if who is None:
            break
        assert who == 0
        game.submit(rng.choice(game.state.legal_actions()), 0)
        human_moves += 1
    assert human_moves == 12
    # the human leaves: a bot takes the seat and plays on, also off turn
    seats.takeover(0, RandomBot())
    assert seats.humans() == [] and seats.waiting_for(game) is None
    lines = seats.step_bots(game, limit=40)
    assert len([x for x in lines if not x.startswith("*")]) == 40
    # the human returns: the next decision of seat 0 waits for them
    back = seats.hand_back(0)
    assert isinstance(back, RandomBot) and seats.humans() == [0]
    seats.step_bots(game)
    assert game.state.is_terminal() or seats.waiting_for(game) == 0
    assert seats.hand_back(0) is None
    with pytest.raises(ValueError):
        seats.takeover(2, RandomBot())


def test_step_bots_plays_whole_games_with_off_turn_decisions():
    game = Game.new("duell", [("A", "Oleif", "brown"), ("B", "Bera", "black")], seed=4)
    seats = Seats(2, {0: HeuristicBot(), 1: SearchBot(iterations=2)})  # a searching bot through a Game too
    log: Counter = Counter()
    truth = [game.state]
    for seat in range(2):
        seats.takeover(seat, Watch(seats.bot(seat), seat, truth, log))
    seats.step_bots(game)
    assert game.state.is_terminal()
    assert log["off-turn"] > 0 and log["search"] > 0 and log["heuristic"] > 0


# --------------------------------------------------------------------- names


def test_make_bot_names_and_budgets():
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot(" Heuristic "), HeuristicBot)
    s = make_bot("search")
    assert isinstance(s, SearchBot) and s.seconds == 0.5 and s.iterations is None
    assert make_bot("search:2s").seconds == 2.0
    assert make_bot("search:.25s").seconds == 0.25
    s = make_bot("search:200it")
    assert s.iterations == 200 and s.seconds is None
    assert bot_label("search") == "search:0.5s" and bot_label("search:200it") == "search:200it"
    for bad in ("alpha", "search:fast", "search:0s", "search:0it", "random:2s", "search:5", ""):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_wilson_and_rotation():
    lo, hi = wilson(130, 200)
    assert 0.58 < lo < 0.65 < hi < 0.72
    assert wilson(0, 0) == (0.0, 1.0)
    seats_of = Counter()
    for r in range(3):
        for seat, entry in enumerate(lineup_seating(3, r)):
            seats_of[entry, seat] += 1
    assert set(seats_of.values()) == {1} and len(seats_of) == 9


# --------------------------------------------------------------------- simulate


def _simulate(capsys, *argv):
    code = main(["simulate", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_simulate_json(capsys):
    code, out, err = _simulate(capsys, "--games", "4", "--seats", "heuristic,random", "--seed", "3", "--json")
    assert code == 0, err
    rep = json.loads(out)
    assert rep["mode"] == "duell" and rep["games"] == 4 and rep["seats"] == ["heuristic", "random"]
    bots = rep["bots"]
    assert [b["seats_played"] for b in bots] == [[2, 2], [2, 2]]
    assert sum(b["wins"] for b in bots) + rep["no_winner"] == 4
    assert sum(rep["won_by"].values()) == 4
    lo, hi = bots[0]["ci95"]
    assert lo <= bots[0]["rate"] <= hi
    assert rep["avg_rounds"] > 0 and rep["decisions_per_second"] > 0
    assert [(r["seed"], r["rotation"]) for r in rep["results"]] == [(3, 0), (3, 1), (4, 0), (4, 1)]


def test_simulate_with_search_jobs_and_text(capsys):
    code, out, err = _simulate(capsys, "--games", "3", "--seats", "search:2it,random,random",
                               "--mode", "base", "--jobs", "2", "--round-cap", "40", "--json")
    assert code == 0, err
    rep = json.loads(out)
    assert rep["mode"] == "base" and [b["seats_played"] for b in rep["bots"]] == [[1, 1, 1]] * 3
    code, out, err = _simulate(capsys, "--games", "2", "--seats", "heuristic,greedy")
    assert code == 0, err
    assert "win rate" in out and "won by" in out and "decisions/s" in out


def test_simulate_refuses_bad_lineups(capsys):
    code, out, err = _simulate(capsys, "--games", "1", "--seats", "heuristic,alpha")
    assert code == 2 and "unknown bot" in err
    code, out, err = _simulate(capsys, "--games", "1", "--seats", "heuristic,random", "--mode", "base")
    assert code == 2 and "base" in err
    code, out, err = _simulate(capsys, "--games", "0", "--seats", "heuristic,random")
    assert code == 2
