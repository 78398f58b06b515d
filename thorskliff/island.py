"""The island: 61 hexes (43 in the Duell crescent) built from the middle block
and the landscape blocks of an arrangement (docs/rules.md section 2).

Hexes are addressed by a small integer index (fast tables for the engine) and
shown by their label: ``S``, ``M1``…``M6``, ``3c3`` (sector 3, slot c3).
Whether a well farm has become a rift is game state, not island: see
``GameState.rifts``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from . import hexgrid
from .hexgrid import Hex
from .loaderror import Problem, ProblemError
from .scenario import SLOTS, IslandSpec, arrangement_problem, load_island

SANCTUARY = "sanctuary"
MARKET = "market"
FARM = "farm"  # a farm; ``well`` tells a well farm (R-ISLE-12)
PEAK = "peak"
LANDSCAPE = "landscape"  # beaches too: ``beach`` is a flag (R-ISLE-5)

#: slot order inside a sector = ring walk order (R-ISLE-4)
_SLOT_RING = {"a1": 2, "a2": 2, "b1": 3, "b2": 3, "b3": 3, "c1": 4, "c2": 4, "c3": 4, "c4": 4}


class LabelError(ProblemError):
    """A hex label that names no hex of this island; a position or record
    that names it says it in the player's language."""


@dataclass(frozen=True, slots=True)
class HexInfo:
    """One hex of the island: where it lies, its label, kind, terrain and level."""

    index: int
    coord: Hex
    label: str
    kind: str
    terrain: str | None
    level: int
    beach: bool
    well: bool
    sector: int  # 0 for the middle block
    block: str  # "M" for the middle block


class Island:
    """An arrangement of blocks around the middle block.

    ``layout`` is ``full`` (six sectors) or ``crescent`` (sectors 1–4, R-ISLE-10).
    """

    def __init__(self, arrangement: str, layout: str = "full", spec: IslandSpec | None = None):
        n = 4 if layout == "crescent" else 6
        if layout not in ("full", "crescent"):
            raise ProblemError(Problem("island.layout", layout=repr(layout)))
        problem = arrangement_problem(arrangement, n)
        if problem:
            raise ProblemError(Problem("island.arrangement", given=repr(arrangement), why=problem))
        spec = spec or load_island()
        self.arrangement = arrangement
        self.layout = layout
        hexes: list[HexInfo] = []

        def put(coord: Hex, label: str, kind: str, terrain: str | None, level: int, beach: bool = False,
                well: bool = False, sector: int = 0, block: str = "M") -> None:
            hexes.append(HexInfo(len(hexes), coord, label, kind, terrain, level, beach, well, sector, block))

        put((0, 0), "S", SANCTUARY, None, spec.sanctuary_level)
        for i, coord in enumerate(hexgrid.ring(1), start=1):
            put(coord, f"M{i}", MARKET, None, spec.market_level)
        sides = {k: hexgrid.ring_sides(k) for k in (2, 3, 4)}
        for sector, letter in enumerate(arrangement, start=1):
            block = spec.blocks[letter]
            pos = {2: 0, 3: 0, 4: 0}
            for slot in SLOTS:
                k = _SLOT_RING[slot]
                coord = sides[k][sector - 1][pos[k]]
                pos[k] += 1
                s = block[slot]
                kind = {"farm": FARM, "well-farm": FARM, "peak": PEAK}.get(s.kind, LANDSCAPE)
                put(coord, f"{sector}{slot}", kind, s.terrain, s.level,
                    beach=s.kind == "beach", well=s.kind == "well-farm", sector=sector, block=letter)
        self.hexes: tuple[HexInfo, ...] = tuple(hexes)
        self.size = len(hexes)
        self.by_coord: dict[Hex, int] = {h.coord: h.index for h in hexes}
        self.by_label: dict[str, int] = {h.label.lower(): h.index for h in hexes}
        self.labels: tuple[str, ...] = tuple(h.label for h in hexes)
        self.level: tuple[int, ...] = tuple(h.level for h in hexes)
        self.kind: tuple[str, ...] = tuple(h.kind for h in hexes)
        self.terrain: tuple[str | None, ...] = tuple(h.terrain for h in hexes)
        self.beach: tuple[bool, ...] = tuple(h.beach for h in hexes)
        self.well: tuple[bool, ...] = tuple(h.well for h in hexes)
        #: neighbours present on the island, in direction order
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(self.by_coord[c] for c in hexgrid.neighbours(h.coord) if c in self.by_coord) for h in hexes
        )
        #: neighbours one step away under R-ISLE-6 (level difference at most 1)
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(n for n in self.neighbours[i] if abs(self.level[n] - self.level[i]) <= 1) for i in range(self.size)
        )
        self.sanctuary = 0
        self.markets = tuple(range(1, 7))
        self.beaches = tuple(i for i in range(self.size) if self.beach[i])
        self.peaks = tuple(i for i in range(self.size) if self.kind[i] == PEAK)
        self.farms = tuple(i for i in range(self.size) if self.kind[i] == FARM)
        self.well_farms = tuple(i for i in range(self.size) if self.well[i])
        self.middle = frozenset((self.sanctuary, *self.markets))

    # -- labels ------------------------------------------------------------
    def index(self, label: str) -> int:
        """The index of a hex label (``S``, ``M3``, ``3c3``; case does not matter)."""
        try:
            return self.by_label[label.strip().lower()]
        except KeyError:
            raise LabelError(Problem("island.no_hex", label=repr(label), last=len(self.arrangement))) from None

    def label(self, index: int) -> str:
        return self.labels[index]


    def adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbours[a]

    def reach(self, start: int, steps: int, climb: bool = False) -> dict[int, int]:
        """Hexes reachable in at most ``steps`` steps, ignoring units."""
        table = self.neighbours if climb else self.steps
        got = hexgrid.reach(self.hexes[start].coord, steps,
                            lambda a, b: b in self.by_coord and self.by_coord[b] in table[self.by_coord[a]])
        return {self.by_coord[c]: d for c, d in got.items()}

    def is_connected(self) -> bool:
        return len(self.reach(0, self.size)) == self.size


@cache
def island_for(arrangement: str, layout: str = "full") -> Island:
    """Islands are immutable; games with the same arrangement share one."""
    return Island(arrangement, layout)
