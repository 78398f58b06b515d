"""Win chances of a seat's decisions, from one search's root statistics.

:func:`top_choices` answers "which of my decisions now are best, and how
likely does each leave me to win?" — for hints to a person, and for any
other caller that wants (decision, chance) pairs rather than one decision.

It runs the search bot's tree search (:class:`.search.SearchBot`) on
:func:`.search.public_state` of the position, never on the position itself:
the other seats' potion kinds, the supply's kinds and the dice seed are gone
before the first iteration, so the answer is the same whatever those secrets
are (each iteration deals them anew, :func:`.search.determinize`).

Two differences from the bot's own decision:

* Every candidate is searched at least a few times before the tree's prior
  takes over (:class:`_Even`): a bot only needs the best one, a hint compares
  three, and a mean of one or two rollouts would rank by luck.
* The generator is seeded from the public position (seat, decisions and
  rolls so far), so the same position gives the same hint on every machine
  with the same iteration budget; a caller may still cut it short
  (``stop``), e.g. at a time cap.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from collections.abc import Callable

from ..engine.actions import Action
from ..engine.state import GameState
from . import estimator
from .search import Node, SearchBot, candidates, determinize, public_state

#: the iteration budget of a hint (0.6-1.3 s in a Duell and at 4 players on this 2-core machine,
#: scripts/bench_hint.py)
ITERATIONS = 400
#: progress is reported every this many iterations
EVERY = 10


class _Even(SearchBot):
    """The search bot, except that at the root the least searched candidate
    goes first until each has had ``floor`` iterations."""

    def __init__(self, floor: int, **kw):
        super().__init__(**kw)
        self.floor = floor
        self.root: Node | None = None

    def _select(self, node: Node, cands: list[Action], seat: int) -> Action:
        if node is self.root:
            low = min(cands, key=lambda a: node.children[a].n if a in node.children else 0)
            child = node.children.get(low)
            if child is None or child.n < self.floor:
                return low
        return super()._select(node, cands, seat)


def hint_rng(pub: GameState, seat: int) -> random.Random:
    """A generator that depends only on what ``seat`` sees of the position
    (not on the dice seed, which a public state no longer has)."""
    return random.Random(f"hint:{seat}:{pub.round}:{pub.decisions}:{pub.chance_count}")


def top_choices(game_or_state, seat: int, legal: list[Action] | None = None, n: int = 3,
                iterations: int = ITERATIONS, progress: Callable[[int, int], None] | None = None,
                stop: Callable[[], bool] | None = None) -> list[tuple[Action, float]]:
    """The ``n`` best decisions of ``seat`` now, each with ``seat``'s
    calibrated chance to win after it (0–1), best first
    (:func:`choices` with each choice's samples and uncertainty)."""
    return [(c.action, c.chance) for c in choices(game_or_state, seat, legal, n, iterations, progress, stop)]


@dataclass(frozen=True)
class Choice:
    """A decision with ``seat``'s calibrated chance after it, the iterations
    (samples) that judged it and the half width of its 95 % interval."""

    action: Action
    chance: float
    samples: int
    spread: float


def choices(game_or_state, seat: int, legal: list[Action] | None = None, n: int = 3,
            iterations: int = ITERATIONS, progress: Callable[[int, int], None] | None = None,
            stop: Callable[[], bool] | None = None, also: Action | None = None,
            salt: int | None = None) -> list[Choice]:
    """The ``n`` best decisions of ``seat`` now, best first, as :class:`Choice`.

    The chance is the search's mean value of the candidate (the static
    evaluation at the horizon, :func:`.search.evaluate`) through the one
    estimator's calibration map (:mod:`.estimator`): the scale the curve
    shows, so a hint and the curve at the same moment agree within the
    hint's spread.

    ``game_or_state``: a :class:`GameState` (or anything with ``.state``,
    e.g. a :class:`thorskliff.game.Game`) in which ``seat`` decides now.
    ``legal``: its legal actions (default: the state's). The candidates are
    those the search bot weighs (:func:`.search.candidates`: every hero and
    Gode step, a warrior's step into a fight, fights, actions, …); fewer
    than ``n`` when there are fewer. ``progress(done, iterations)`` is
    called every :data:`EVERY` iterations; when ``stop()`` turns true the
    search ends early and ranks what it has. ``also``: a legal decision
    searched too even if the search bot would not weigh it (the one a player
    made, judged against the best, :mod:`.review`). ``salt``: another search
    of the same position (a puzzle's confirmation, :mod:`thorskliff.puzzles`). ValueError when ``seat``
    does not decide now.
    """
    st: GameState = getattr(game_or_state, "state", game_or_state)
    if st.current_player() != seat:
        raise ValueError(f"seat {seat + 1} does not decide now")
    pub = public_state(st, seat)  # from here on only what the seat may see
    legal = list(legal if legal is not None else pub.legal_actions())
    rng = hint_rng(pub, seat)
    if salt is not None:
        rng = random.Random(f"{rng.random()}:{salt}")
    # one round ahead at every table: a Duell's two (search.HORIZON) would take a hint
    # past the 2 s it may take (2.7 times the time an iteration takes)
    bot = _Even(floor=1, iterations=iterations, horizon=1)
    choice = bot._heuristic(pub, legal, rng)
    cands = candidates(pub, legal, choice)
    if also is not None and also not in cands and also in legal:
        cands.append(also)
    # each candidate first gets up to 8 iterations, but at most half of the budget goes that way
    bot.floor = max(1, min(8, iterations // (2 * len(cands))))
    root = bot.root = Node(pub.num_players)
    bot.start(seat)
    for done in range(iterations):
        if stop is not None and stop():
            break
        bot._iterate(root, determinize(pub, seat, rng, legal), rng, cands)
        if progress is not None and (done + 1) % EVERY == 0:
            progress(done + 1, iterations)
    ranked = sorted(((c.w[seat] / c.n, c.n, i, a) for i, (a, c) in enumerate(root.children.items()) if c.n),
                    key=lambda r: (-r[0], -r[1], r[2]))
    mapkey = estimator.key(pub)
    out = []
    for q, k, _, a in ranked[:n]:
        p = estimator.calibrate_one(q, mapkey)
        # a Bernoulli bound on the mean of k values in [0, 1]; at least the map's own step
        spread = 1.96 * math.sqrt(max(p * (1 - p), 0.05) / k)
        out.append(Choice(a, p, k, min(0.5, spread)))
    return out
