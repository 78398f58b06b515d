"""The one win-chance estimator behind every number a person reads.

The hint (:mod:`.chances`), the curve on the result and replay screens
(:mod:`.curve`) and ``thorskliff analyse`` all read a seat's chance through
:func:`calibrate`: the search bot's static evaluation (:func:`.search.evaluate`)
mapped through a calibration map fitted to the outcomes of bot games
(``thorskliff calibration --fit``, :mod:`thorskliff.calibration`). The map
is data (``calibration.json`` next to this module): per mode and table size a
monotone piecewise-linear map from the raw estimate to the observed win
frequency. The bots never read it — their play, and so their strength, does
not depend on it.

Seeds: the shipped map was fitted on seeds from :data:`FIT_SEEDS` on; every
measurement (``thorskliff calibration`` without ``--fit``) uses seeds below
it, so no game that fitted the map measures it.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache
from pathlib import Path

from ..engine.state import GameState
from .search import evaluate, public_state

#: the first seed of the fitting games; measuring seeds stay below it
FIT_SEEDS = 1_000_000
MAP_FILE = Path(__file__).with_name("calibration.json")
#: a seat that exists in no game: public_state then hides every seat's potions
_SPECTATOR = -99


def key(st: GameState) -> str:
    return f"{st.mode.id}/{st.num_players}"


@cache
def maps() -> dict[str, list[tuple[float, float]]]:
    try:
        doc = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {k: [(float(x), float(y)) for x, y in v] for k, v in doc.get("maps", {}).items()}


def apply_map(knots: list[tuple[float, float]] | None, p: float) -> float:
    """``p`` through the piecewise-linear map ``knots`` (sorted by x); the
    identity where there is no map."""
    if not knots:
        return p
    xs = [x for x, _ in knots]
    i = bisect_right(xs, p)
    if i == 0:
        return knots[0][1] * (p / xs[0]) if xs[0] > 0 else knots[0][1]
    if i == len(knots):
        x0, y0 = knots[-1]
        return y0 + (1 - y0) * ((p - x0) / (1 - x0)) if x0 < 1 else y0
    (x0, y0), (x1, y1) = knots[i - 1], knots[i]
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0) if x1 > x0 else y0


def calibrate(raw: list[float] | tuple[float, ...], mapkey: str) -> tuple[float, ...]:
    """Raw chances (one per seat) as calibrated chances, summing to 1."""
    knots = maps().get(mapkey)
    out = [apply_map(knots, p) for p in raw]
    tot = sum(out)
    return tuple(x / tot for x in out) if tot > 0 else tuple(raw)


def raw_estimate(st: GameState) -> tuple[float, ...]:
    """The static evaluation of what a spectator may know (no calibration)."""
    pub = st if st.is_terminal() else public_state(st, _SPECTATOR)
    return tuple(evaluate(pub))


def estimate(st: GameState) -> tuple[float, ...]:
    """Each seat's calibrated win chance in ``st`` as a spectator could
    estimate it; an ended game is 1 for its winner and 0 for the others."""
    raw = raw_estimate(st)
    if st.is_terminal():
        return raw
    return calibrate(raw, key(st))


def calibrate_one(p: float, mapkey: str) -> float:
    """One seat's raw chance (e.g. a search's mean value) through the map."""
    return min(1.0, max(0.0, apply_map(maps().get(mapkey), p)))
