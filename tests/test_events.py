"""The engine's events (thorskliff.events) are complete and keep secrets.

Seeded games of every mode (and the three campaign chapters) are played
through :class:`~thorskliff.game.Game`; a board rebuilt from the events
alone — every hero, Gode, warrior, troll, runestone, lying hero and every
hero's life — must equal the engine's state after every decision. Another
test checks that what a seat sees of the events never names a potion kind
of another seat (R-SECRET-1).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from thorskliff.engine import events as E
from thorskliff.bots.greedy import GreedyBot
from thorskliff.game import Game
from thorskliff.engine.state import TROLL

SEATS = [("Ann", "Bera", "brown"), ("Bo", "Jorund", "black"), ("Cy", "Oleif", "grey"), ("Di", "Raghild", "white")]
RARE = frozenset({"rune", "epic", "gift", "throw", "blitz", "lay", "crystal", "haste", "drink", "fight", "buy",
                  "deliver", "take", "sell", "discard"})


class Board:
    """What the events say of the board, nothing else."""

    def __init__(self, st):
        self.hero = [p.hero_at for p in st.players]
        self.gode = [p.gode_at for p in st.players]
        self.life = [p.life for p in st.players]
        self.wc = [list(w) for w in st.wc]
        self.troll = list(st.troll)
        self.lying = dict(st.lying)
        self.rune = (st.rune[0], st.rune[1]) if st.rune else None
        self.count: Counter = Counter()

    def apply(self, e: E.Event) -> None:
        self.count[e.kind] += 1
        k = e.kind
        if k == "placed":
            self.hero[e.seat] = e.hex
        elif k in ("moved", "retreat"):
            self._move(e.seat, e.unit, e.src, e.dst)
        elif k == "stood_up":
            self.hero[e.seat] = e.hex
            self.life[e.seat] = e.life
            self.lying.pop(e.hex, None)
        elif k == "laid":
            self.lying[e.hex] = e.seat
        elif k == "recruited":
            if e.unit == "W":
                self.wc[e.seat][e.hex] += 1
            else:
                self.gode[e.seat] = e.hex
        elif k in ("damage", "healed"):
            if k == "healed" or e.unit == "H":
                self.life[e.seat] = e.after
        elif k == "defeated":
            if e.unit.startswith("W"):
                self.wc[e.seat][e.hex] -= 1
            elif e.unit == "G":
                self.gode[e.seat] = -1
            elif e.unit == "T":
                self.troll[e.hex] = False
            elif e.unit == "R":
                self.rune = None
        elif k == "fainted":
            self.hero[e.seat] = -1
        elif k == "out":
            q = e.seat
            self.wc[q] = [0] * len(self.wc[q])
            self.hero[q] = self.gode[q] = -1
            self.lying = {h: s for h, s in self.lying.items() if s != q}
            if self.rune and self.rune[0] == q:
                self.rune = None
        elif k == "rune":
            self.rune = (e.seat, e.hex)
        elif k == "troll":
            self.troll[e.hex] = True
        elif k == "warriors":
            self.wc[e.seat][e.hex] += e.n
        elif k == "gode_placed":
            self.gode[e.seat] = e.hex
        elif k == "gode_removed":
            self.gode[e.seat] = -1

    def _move(self, q: int, unit: str, src: int, dst: int) -> None:
        if unit == "H":
            assert self.hero[q] == src, f"seat {q + 1}'s hero moved from {src}, but stood on {self.hero[q]}"
            self.hero[q] = dst
        elif unit == "G":
            self.gode[q] = dst
        else:
            assert self.wc[q][src] > 0, f"seat {q + 1}: a warrior moved from {src}, where none stood"
            self.wc[q][src] -= 1
            self.wc[q][dst] += 1

    def check(self, st) -> None:
        assert self.hero == [p.hero_at for p in st.players], ("heroes", self.hero)
        assert self.gode == [p.gode_at for p in st.players], ("Goden", self.gode)
        assert self.life == [p.life for p in st.players], ("life", self.life)
        assert self.wc == st.wc, "warriors"
        assert self.troll == list(st.troll), "trolls"
        assert self.lying == st.lying, ("lying", self.lying, st.lying)
        assert self.rune == ((st.rune[0], st.rune[1]) if st.rune else None), "runestone"


def _policy(greedy: GreedyBot | None):
    def choose(game: Game, rng: random.Random):
        st = game.state
        legal = st.legal_actions()
        rare = [a for a in legal if a.verb in RARE]
        if rare and rng.random() < 0.6:
            return rng.choice(rare)
        if greedy is not None and rng.random() < 0.7:
            seat = st.current_player()
            return greedy.choose(st.observation(seat), list(legal), rng)
        return rng.choice(legal)
    return choose


def play(game: Game, seed: int, rounds: int, greedy: bool = True, on_step=None) -> Board:
    board = Board(game.state)
    rng = random.Random(seed)
    choose = _policy(GreedyBot(strict=False) if greedy else None)
    steps = 0
    while not game.state.is_terminal() and game.state.round <= rounds and steps < 3000:
        k = len(game.events)
        action = choose(game, rng)
        game.submit(action)
        steps += 1
        for evs in game.events[k:]:
            for e in evs:
                board.apply(e)
        try:
            board.check(game.state)
        except AssertionError as exc:
            raise AssertionError(f"seed {seed}, decision {steps} ({action}): {exc}") from None
        if on_step:
            on_step(game, k)
    return board


CASES = [("duell", 2), ("base", 3), ("base", 4), ("episch", 2), ("episch", 4)]


@pytest.mark.parametrize("mode,n", CASES)
def test_events_rebuild_the_board_after_every_decision(mode, n):
    total: Counter = Counter()
    for seed in range(4):
        game = Game.new(mode, SEATS[:n], 700 + seed)
        total.update(play(game, seed, 40).count)
    # the games reached combats, faintings and plunder, so the test says something about them
    for kind in ("combat", "rolled", "damage", "defeated", "retreat", "combat_end", "recruited", "moved"):
        assert total[kind] > 0, (kind, total)


@pytest.mark.parametrize("chapter", [1, 2, 3])
def test_events_rebuild_the_board_in_campaign_chapters(chapter):
    total: Counter = Counter()
    for seed in range(2):
        game = Game.new_chapter(SEATS[:3], chapter, 900 + seed)
        total.update(play(game, seed, 30, greedy=False).count)
    assert total["card"] > 0 and total["moved"] > 0, total


def test_events_of_a_game_come_back_when_its_record_is_replayed(tmp_path):
    """Records stay as they are: a loaded record replays to the same events."""
    from thorskliff import record

    game = Game.new("base", SEATS[:3], 31)
    play(game, 3, 12)
    path = tmp_path / "g.tkr"
    record.write(game, path)
    again = record.load(path)
    assert again.events == game.events


def test_undo_takes_back_the_events_of_the_decision():
    game = Game.new("duell", SEATS[:2], 4)
    while game.state.step != "move":
        game.submit(game.state.legal_actions()[0])
    n = len(game.events)
    step = next(a for a in game.state.legal_actions() if a.verb == "step")
    game.submit(step)
    assert game.events[-1][0].kind == "moved"
    game.undo()
    assert len(game.events) == n == len(game.lines)


def test_events_made_when_read_match_whenever_they_are_read():
    """A game makes its events only when they are read (a replay or a bot's
    game mostly never reads them): read after every decision, or once at the
    end, or with an undo of unread lines between, they are the same; a line
    read once stays the same tuple (ui.session.SeenEvents relies on it)."""
    every, once = Game.new("duell", SEATS[:2], 4), Game.new("duell", SEATS[:2], 4)
    kept = []
    while every.state.step != "move":
        action = every.state.legal_actions()[0]
        every.submit(action)
        once.submit(action)
        kept = list(every.events)
    assert once.events == every.events and all(a is b for a, b in zip(kept, every.events))
    step = next(a for a in once.state.legal_actions() if a.verb == "step")
    n = len(once.lines)
    once.submit(step)
    once.undo()  # the step's line was never read
    assert len(once.events) == n and once.events == every.events
    once.submit(step)
    assert once.events[-1][0].kind == "moved" and len(once.events) == len(once.lines)


def test_a_potion_kind_is_seen_by_its_owner_only():
    """R-SECRET-1: a bought, given or put-back potion names its kind to its
    owner; every other seat and a spectator read None."""
    ev = E.Bought(1, "potion", 3, "", "eile")
    assert E.visible([ev], 1)[0].potion == "eile"
    assert E.visible([ev], 0)[0].potion is None
    assert E.visible([ev], None)[0].potion is None
    assert E.visible([E.Discarded(0, "kraft")], 1)[0].potion is None
    assert E.visible([E.Drank(0, "kraft")], 1)[0].potion == "kraft"  # drunk: public


def test_no_seat_sees_another_seats_potion_kind_in_random_games():
    seen = Counter()

    def look(game: Game, k: int) -> None:
        n = game.state.num_players
        for evs in game.events[k:]:
            for viewer in [None, *range(n)]:
                for e in E.visible(evs, viewer):
                    kind = getattr(e, "potion", None)
                    if kind is not None and e.kind not in ("drank",) and not getattr(e, "drunk", False):
                        assert viewer == e.seat, (viewer, e)
                        seen[e.kind] += 1

    for seed in range(3):
        play(Game.new("base", SEATS[:3], 40 + seed), seed, 30, on_step=look)
    assert seen["bought"] > 0, seen


def test_combats_are_never_merged():
    evs = [E.CombatBegan(1, 0, 1, False, ("H",), ("W1",), 10, 0), E.CombatEnded(1, 0, 1, False),
           E.Plunder(0, 1, "paid"), E.CombatBegan(2, 1, 0, True, (), ("H",), 0, 8), E.CombatEnded(2, 1, 0, True)]
    got = E.combats(evs)
    assert [len(c) for c in got] == [3, 2]
    assert TROLL == E.TROLL


# ---------------------------------------------------------------------- R-SECRET-1: the haste phase
SWAP = {"eile": "schutz", "schutz": "eile"}


def _twin_games(seed: int, mode: str, n: int, rounds: int):
    """Two games alike but for seat 1's potions: where game A buys (or takes
    as a gift) an Eiletrank, game B takes a Schutztrank, and the other way
    round. No potion is drunk or put back, so the kinds stay hidden. Yields
    both games after every decision."""
    from thorskliff.engine.actions import Action

    a, b = Game.new(mode, SEATS[:n], seed), Game.new(mode, SEATS[:n], seed)
    rng = random.Random(seed)
    held = 0
    while not a.state.is_terminal() and a.state.round <= rounds:
        st = a.state
        legal = sorted((x for x in st.legal_actions() if x.verb not in ("haste", "drink", "discard")),
                       key=str)
        buys = [x for x in legal if x.verb in ("buy", "gift") and x.arg in SWAP and not x.vals]
        pick = rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal)
        twin = pick
        if st.current_player() == 0 and pick in buys:
            twin = Action(pick.verb, arg=SWAP[pick.arg])
            held += 1
        ka, kb = len(a.events), len(b.events)
        a.submit(pick)
        b.submit(twin)
        yield a, b, ka, kb
    assert held, "seat 1 never took an Eiletrank or a Schutztrank: the test would say nothing"


@pytest.mark.parametrize("mode,n,seed", [("duell", 2, 10), ("base", 3, 12), ("base", 4, 14), ("episch", 3, 11)])
def test_other_seats_see_the_same_game_whether_a_seat_holds_an_eiletrank_or_another_potion(mode, n, seed):
    """R-SECRET-1 / decision 33: the decision points (who decides, at which
    step), the views and the events of every other seat and of a spectator
    are the same in both games — the haste phase is handled alike."""
    haste = 0
    for a, b, ka, kb in _twin_games(seed, mode, n, 25):
        sa, sb = a.state, b.state
        assert (sa.current_player(), sa.step, sa.round, sa.seat) == (sb.current_player(), sb.step, sb.round,
                                                                       sb.seat), f"after {a.lines[-1]}"
        haste += sa.step == "haste" and sa.seat == 0
        for viewer in [None, *range(1, n)]:
            assert a.view(viewer) == b.view(viewer), f"seat {viewer} sees a difference after {a.lines[-1]}"
            seen_a = [e for evs in a.events[ka:] for e in E.visible(evs, viewer)]
            seen_b = [e for evs in b.events[kb:] for e in E.visible(evs, viewer)]
            assert seen_a == seen_b, f"seat {viewer} sees other events after {a.lines[-1]}"
    assert haste, "seat 1 never reached its haste phase holding a potion"


def test_records_of_flow_1_replay_as_they_were_played(tmp_path):
    """A record written before the haste phase kept its secret has no key
    ``flow``: it replays with the old haste phase (reached only with an
    Eiletrank), though its lines would not replay under flow 2. New records
    say ``flow = 2``."""
    from thorskliff import record

    old = Game.new("base", SEATS[:3], 12)
    old.setup.flow = 1
    old.state = old.setup.build()
    old.resolve_chance()
    rng = random.Random(12)
    while old.state.round <= 25 and not old.state.is_terminal():
        legal = sorted((x for x in old.state.legal_actions() if x.verb not in ("haste", "drink", "discard")), key=str)
        buys = [x for x in legal if x.verb == "buy" and x.arg == "schutz" and not x.vals]
        old.submit(rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal))
    legacy = record.dumps(old)
    assert "flow" not in legacy  # written as records were before
    assert record.dumps(record.loads(legacy)) == legacy
    with pytest.raises(record.RecordError):
        record.loads(legacy.replace('format = "thorskliff-record/1"\n', 'format = "thorskliff-record/1"\nflow = 2\n'))
    assert "flow = 2\n" in record.dumps(Game.new("duell", SEATS[:2], 1))


def test_an_event_is_a_frozen_record_of_its_fields():
    """Events are declared as fields (not by @dataclass, #12: the start's
    cost) and behave as frozen dataclasses did: made by position or keyword,
    defaults filled in, equal by kind and fields, hashable, never changed."""
    a = E.Bought(1, "potion", 3, "", "eile")
    b = E.Bought(seat=1, item="potion", price=3, potion="eile")
    assert a == b and hash(a) == hash(b) and a.drunk is False and a.card == ""
    assert repr(a) == "Bought(seat=1, item='potion', price=3, card='', potion='eile', drunk=False)"
    assert a != E.Bought(1, "potion", 3, "", "kraft")
    assert E.Drank(0, "kraft") != E.Discarded(0, "kraft")  # another kind, the same fields
    assert E.Bought.fields == ("seat", "item", "price", "card", "potion", "drunk") and E.Bought.secret == ("potion",)
    assert E.Moved.secret == () and E.Moved(0, "H", 1, 2).haste is False
    with pytest.raises(AttributeError):
        a.potion = "heil"
    for bad in (lambda: E.Moved(0, "H", 1), lambda: E.Moved(0, "H", 1, 2, False, 9),
                lambda: E.Moved(0, "H", 1, 2, speed=1), lambda: E.Moved(0, "H", 1, 2, seat=1)):
        with pytest.raises(TypeError):
            bad()
    match a:
        case E.Bought(seat, item):
            assert (seat, item) == (1, "potion")


def test_every_rule_names_its_event_by_kind_not_by_a_string():
    """#28: events are typed where they happen — ``self._emit(E.Moved, …)``, whose
    arguments mypy reads against the kind's fields — never a string kind made
    into an event later."""
    import re
    from pathlib import Path

    import thorskliff

    root = Path(thorskliff.__file__).parent
    said = {str(p.relative_to(root)): n for p in root.rglob("*.py")
            if (n := len(re.findall(r"_emit\(\s*[\"']", p.read_text(encoding="utf-8"))))}
    assert not said, said
    typed = sum(len(re.findall(r"_emit\(E\.[A-Z]", p.read_text(encoding="utf-8"))) for p in root.rglob("*.py"))
    assert typed >= 60, typed
