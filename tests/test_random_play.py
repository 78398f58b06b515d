"""Random legal play as a fuzzer: over a thousand seeded games in every mode
and player count, with the game's invariants checked after every decision.

Random play never wins, so every game ends at a round cap: some fifty run to
the cap of 60 rounds (fights, trolls, faintings, lying heroes, potions), a
thousand short ones cover the start of the game on many islands and seats.
Random play never gets far enough for a runestone, so a few "curious" games
(greedy play that takes any rare decision it may) reach those rules too.
``Checker`` raises at the first broken invariant and says which one, with
the seed and the decision that led there.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from thorskliff import invariants
from thorskliff.engine.actions import Action, fmt, parse
from thorskliff.bots.greedy import GreedyBot
from thorskliff.bots.randombot import RandomBot
from thorskliff.bots.runner import play_game
from thorskliff.engine.observation import _player as _player_view
from thorskliff.engine.player import AWAKE, FAINTED
from thorskliff.engine.state import TROLL, GameState


class Checker:
    """Checks every invariant of a game state; counts what happened."""

    def __init__(self, seed: int, mode: str, clone_every: int = 0):
        self.where = f"{mode} seed {seed}"
        self.turn: tuple[int, int] | None = None
        self.faint: list[int] | None = None
        self.count: Counter = Counter()
        self.clone_every = clone_every  # try every legal action on a clone every n decisions
        self.n = 0

    def __call__(self, st: GameState, action: Action | None) -> None:
        self.n += 1
        ctx = f"{self.where}, decision {st.decisions} ({action}), round {st.round} step {st.step}"
        try:
            self.check(st, action)
        except AssertionError as exc:
            raise AssertionError(f"{ctx}: {exc}") from None

    # ------------------------------------------------------------------ all invariants
    def check(self, st: GameState, action: Action | None) -> None:
        self.count_events(st, action)
        self.check_players(st)
        self.check_conservation(st)
        self.check_turn_start(st)
        self.check_decider(st)
        self.check_secrets(st)

    def count_events(self, st: GameState, action: Action | None) -> None:
        if action is not None:
            self.count[action.verb] += 1
            if action.verb == "fight":
                self.count["troll fights" if st.combat and st.combat.dfn == TROLL else "hero fights"] += 1
        faint = [p.faint for p in st.players]
        if self.faint is not None:
            for old, new in zip(self.faint, faint):
                if old == AWAKE and new == FAINTED:
                    self.count["faintings"] += 1
        self.faint = faint
        if st.is_terminal():
            self.count["won " + st.outcome().reason] += 1

    def check_players(self, st: GameState) -> None:
        invariants.check_decision_point(st)
        invariants.check_players(st)  # the package's checks, which the position loader uses too
        invariants.check_meetings(st)
        invariants.check_combat_units(st)

    def check_conservation(self, st: GameState) -> None:
        invariants.check_conservation(st)

    def check_turn_start(self, st: GameState) -> None:
        """Whenever a new turn has begun, every hex has at most one owner."""
        if st.round < 1 or st.is_terminal():
            return
        turn = (st.round, st.seat)
        if turn == self.turn:
            return
        self.turn = turn
        self.count["turns"] += 1
        for h in range(st.island.size):
            owners = [q for q in range(st.num_players) if st.units_of(q, h)]
            assert len(owners) <= 1, f"turn start: {st.island.label(h)} holds units of seats {owners}"
            assert not (owners and st.troll[h]), f"turn start: a troll shares {st.island.label(h)} with {owners}"
            if h in st.lying:
                assert owners in ([], [st.lying[h]]), f"turn start: enemy units on a lying hero's hex {h}"

    def check_decider(self, st: GameState) -> None:
        invariants.check_decider(st, try_all=bool(self.clone_every) and self.n % self.clone_every == 0)

    def check_secrets(self, st: GameState) -> None:
        """Each seat's potion kinds are hidden from the others and from a
        spectator, but for a used Eiletrank lying face up (R-SECRET-1/2).

        The potion lists of every view are checked after every decision; one
        whole view (a seat or the spectator, in turn) is also checked to be
        blind to the others' secrets: scrambling them leaves it unchanged.
        """
        seat = st.current_player()
        for viewer in [*range(st.num_players), None]:
            for p in st.players:
                shown = _player_view(st, p, viewer)["potions"]
                assert len(shown) == len(p.potions), "the potion count is public"
                for (kind, uses), s in zip(p.potions, shown):
                    if viewer == p.seat or p.eile_public(kind, uses):
                        assert s == {"kind": kind, "uses": uses}, f"viewer {viewer}: {s} for {kind}/{uses}"
                    else:
                        assert s == {"kind": None, "uses": None}, (
                            f"viewer {viewer} sees seat {p.seat + 1}'s secret potion {s}")
        viewers = [*range(st.num_players), None]
        viewer = viewers[self.n % len(viewers)]
        obs = st.observation(viewer)
        if viewer is not None and viewer == seat:
            assert obs["legal"] == [fmt(a) for a in st.legal_actions()]
        else:
            assert obs["legal"] == [], f"viewer {viewer} sees another seat's legal actions"
        other = _scrambled(st, viewer)
        if other is not None:
            assert other.observation(viewer) == obs, f"viewer {viewer}'s view depends on others' potion kinds"


def _scrambled(st: GameState, viewer: int | None) -> GameState | None:
    """A copy where every secret potion not the viewer's has another kind."""
    c = None
    for p in st.players:
        if p.seat == viewer or not p.potions:
            continue
        new = []
        for kind, uses in p.potions:
            if not p.eile_public(kind, uses):
                kind = SCRAMBLE[kind]
                uses = p.spec.eile_uses if kind == "eile" else 1
            new.append((kind, uses))
        if c is None:
            c = st.clone()
        c.players[p.seat].potions = new
    return c


SCRAMBLE = {"heil": "kraft", "kraft": "schutz", "schutz": "eile", "eile": "heil"}


#: (mode, players, games, round cap, try every action on a clone every n decisions)
PLAN = [
    ("duell", 2, 16, 60, 0),
    ("base", 3, 8, 60, 0),
    ("base", 4, 6, 60, 0),
    ("episch", 2, 8, 60, 0),
    ("episch", 3, 6, 60, 0),
    ("episch", 4, 6, 60, 0),
    ("duell", 2, 200, 5, 7),
    ("base", 3, 150, 4, 7),
    ("base", 4, 150, 3, 7),
    ("episch", 2, 180, 5, 7),
    ("episch", 3, 150, 4, 7),
    ("episch", 4, 150, 3, 7),
]
TOTAL_GAMES = sum(g for _, _, g, _, _ in PLAN)


def _run(mode: str, players: int, games: int, cap: int, clone_every: int, base_seed: int) -> Counter:
    total: Counter = Counter()
    bots = [RandomBot()] * players
    for i in range(games):
        seed = base_seed + i
        check = Checker(seed, mode, clone_every)
        r = play_game(mode, bots, seed, round_cap=cap, on_step=check)
        total.update(check.count)
        total["games"] += 1
        total["capped" if r.reason == "cap" else "finished"] += 1
    return total


def test_plan_has_a_thousand_games():
    assert TOTAL_GAMES >= 1000


@pytest.mark.parametrize("mode,players,games,cap,clone_every", PLAN,
                         ids=[f"{m}-{n}p-cap{c}" for m, n, _, c, _ in PLAN])
def test_random_play_keeps_invariants(mode, players, games, cap, clone_every):
    seed0 = 10_000 * players + 1_000 * cap + {"base": 0, "duell": 100_000, "episch": 200_000}[mode]
    got = _run(mode, players, games, cap, clone_every, seed0)
    assert got["games"] == games
    assert got["turns"] >= games * min(cap, 2) * players
    if cap == 60:
        # combat must be in play, or the invariants prove little
        for what in ("hero fights", "troll fights", "faintings", "lay", "blitz", "roll"):
            assert got[what] > 0, (what, got)
        assert got["hit"] + got["auto"] + got["block"] > 0, got  # choices inside a combat


def test_random_rng_reproducible():
    """The same seed plays the same game (bots' rngs and dice are seeded)."""
    a = play_game("base", [RandomBot()] * 3, 5, round_cap=5)
    b = play_game("base", [RandomBot()] * 3, 5, round_cap=5)
    assert (a.decisions, a.rolls, a.rounds) == (b.decisions, b.rolls, b.rounds)
    assert a.state.observation(None) == b.state.observation(None)


def test_random_bot_choice_is_legal():
    rng = random.Random(3)
    legal = [parse("end"), parse("H 1c2-1c3")]
    for _ in range(20):
        assert RandomBot().choose({}, legal, rng) in legal


# ---------------------------------------------------------------------- deeper states
RARE = frozenset({"rune", "epic", "gift", "throw", "blitz", "lay", "crystal", "haste", "drink"})


class Curious:
    """Greedy play that grabs a rare decision whenever one is legal and now
    and then plays at random: it reaches runestones, epic cards, crystals and
    players going out, which uniform random play never does."""

    name = "curious"

    def __init__(self):
        self.greedy = GreedyBot(strict=True)

    def choose(self, obs, legal, rng):
        rare = [a for a in legal if a.verb in RARE]
        if rare and rng.random() < 0.7:
            return rng.choice(rare)
        if rng.random() < 0.2:
            return rng.choice(legal)
        return self.greedy.choose(obs, legal, rng)


def test_curious_play_keeps_invariants_and_reaches_rare_rules():
    total: Counter = Counter()
    for mode, players in [("duell", 2), ("base", 3), ("base", 4), ("episch", 2), ("episch", 3), ("episch", 4)]:
        for seed in range(3):
            check = Checker(seed, mode, clone_every=5)
            play_game(mode, [Curious()] * players, 50_000 + seed, round_cap=60, on_step=check)
            total.update(check.count)
    assert sum(v for k, v in total.items() if k.startswith("won ")) >= 12, total
    for verb in ("rune", "gift", "blitz", "haste", "lay", "drink", "discard"):
        assert total[verb] > 0, (verb, total)
    assert total["won runestone"] > 0, total


# ---------------------------------------------------------------------- regressions
def test_hero_standing_on_a_beach_takes_an_amber_when_the_supply_refills():
    """R-AMBER-1 'enters or stands on': found while writing these tests,
    fixed in the engine since."""
    from helpers import begin, legal, place, play, position

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c3", hero=True)  # a beach
    place(st, 1, "3c3", hero=True)
    st.amber_supply = 0  # empty when the hero got there
    begin(st, 1, 1)
    st.amber_supply = 1  # e.g. someone sold an amber on a farm
    play(st, "end")  # seat 2 ends its turn; seat 1's turn begins on the beach
    assert st.seat == 0 and st.step == "move"
    assert st.players[0].amber or "take amber" in legal(st)
