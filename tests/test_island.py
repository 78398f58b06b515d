"""The island (docs/rules.md section 2): the middle block, sectors and slot labels,
the six landscape blocks and their levels, arrangements and the Duell crescent.

The block table below is copied from docs/rules.md R-ISLE-7 by hand, on purpose:
the tests compare the data file against the rules, not against itself.
"""

from __future__ import annotations

from collections import Counter, deque
from itertools import permutations

import pytest

from thorskliff import hexgrid
from thorskliff.island import FARM, LANDSCAPE, MARKET, PEAK, SANCTUARY, Island, LabelError, island_for

SLOTS = ("a1", "a2", "b1", "b2", "b3", "c1", "c2", "c3", "c4")

#: R-ISLE-4: sector 1, exactly as docs/rules.md lists it
SECTOR_1 = {
    "a1": (-2, 2), "a2": (-1, 2),
    "b1": (-3, 3), "b2": (-2, 3), "b3": (-1, 3),
    "c1": (-4, 4), "c2": (-3, 4), "c3": (-2, 4), "c4": (-1, 4),
}

#: R-ISLE-7, column order c1 c2 c3 c4 b1 b2 b3 a1 a2
_TABLE = """
A | meadow 1 | farm 1 | beach scree 0  | well farm 1 | forest 2 | rock 2   | meadow 2 | peak 4   | forest 3
B | rock 0   | farm 1 | beach meadow 0 | well farm 1 | scree 1  | rock 2   | scree 2  | forest 3 | peak 4
C | scree 1  | farm 1 | beach forest 0 | well farm 1 | forest 2 | scree 2  | rock 3   | peak 4   | meadow 3
D | meadow 1 | farm 1 | beach rock 0   | well farm 1 | rock 2   | meadow 2 | forest 2 | scree 3  | peak 4
E | forest 1 | farm 1 | beach rock 0   | well farm 1 | forest 1 | meadow 2 | scree 2  | peak 4   | rock 3
F | scree 0  | farm 1 | beach meadow 0 | well farm 1 | meadow 2 | scree 2  | rock 2   | forest 3 | peak 4
"""
_COLUMNS = ("c1", "c2", "c3", "c4", "b1", "b2", "b3", "a1", "a2")


def _parse_table() -> dict[str, dict[str, tuple[str, str | None, int, bool, bool]]]:
    """block -> slot -> (kind, terrain, level, beach, well) in island.py's terms."""
    out = {}
    for line in _TABLE.strip().splitlines():
        letter, *cells = (c.strip() for c in line.split("|"))
        block = {}
        for slot, cell in zip(_COLUMNS, cells, strict=True):
            words = cell.split()
            level = int(words[-1])
            name = " ".join(words[:-1])
            if name == "farm":
                block[slot] = (FARM, None, level, False, False)
            elif name == "well farm":
                block[slot] = (FARM, None, level, False, True)
            elif name == "peak":
                block[slot] = (PEAK, None, level, False, False)
            elif name.startswith("beach "):
                block[slot] = (LANDSCAPE, name.split()[1], level, True, False)
            else:
                block[slot] = (LANDSCAPE, name, level, False, False)
        out[letter] = block
    return out


TABLE = _parse_table()
ALL_ARRANGEMENTS = ["".join(p) for p in permutations("ABCDEF")]
ALL_CRESCENTS = ["".join(p) for p in permutations("ABCDEF", 4)]


def _rotate(h: tuple[int, int], times: int) -> tuple[int, int]:
    """Rotate by 60 degrees ``times`` times, direction i -> direction i+1."""
    q, r = h
    for _ in range(times):
        q, r = q + r, -q
    return q, r


def _connected_by_levels(isl: Island) -> bool:
    """An independent R-ISLE-6 check: coordinates and levels only."""
    level = {h.coord: h.level for h in isl.hexes}
    start = (0, 0)
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in hexgrid.neighbours(h):
            if n in level and n not in seen and abs(level[n] - level[h]) <= 1:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(level)


@pytest.fixture(scope="module")
def isl() -> Island:
    return Island("ABCDEF")


# --------------------------------------------------------------------------- R-ISLE-1/2


def test_r_isle_1_island_is_61_hexes_of_radius_4(isl):
    assert isl.size == 61
    assert {h.coord for h in isl.hexes} == set(hexgrid.spiral(4))
    assert [h.index for h in isl.hexes] == list(range(61))
    assert len(set(isl.labels)) == 61


def test_r_isle_2_sanctuary_at_origin(isl):
    s = isl.hexes[isl.sanctuary]
    assert isl.sanctuary == 0
    assert (s.coord, s.label, s.kind, s.level, s.sector, s.block) == ((0, 0), "S", SANCTUARY, 2, 0, "M")
    assert isl.index("S") == 0


def test_r_isle_2_markets_on_ring_1_in_walk_order(isl):
    assert [isl.hexes[i].coord for i in isl.markets] == hexgrid.ring(1)
    assert [isl.label(i) for i in isl.markets] == ["M1", "M2", "M3", "M4", "M5", "M6"]
    assert isl.hexes[isl.index("M1")].coord == (-1, 1)
    for i in isl.markets:
        assert isl.kind[i] == MARKET
        assert isl.level[i] == 3
        assert isl.terrain[i] is None
    assert isl.middle == frozenset(range(7))


# --------------------------------------------------------------------------- R-ISLE-4


@pytest.mark.parametrize("slot", SLOTS)
def test_r_isle_4_sector_1_slots(isl, slot):
    assert isl.hexes[isl.index(f"1{slot}")].coord == SECTOR_1[slot]


@pytest.mark.parametrize("sector", range(1, 7))
def test_r_isle_4_other_sectors_are_rotations(isl, sector):
    for slot, coord in SECTOR_1.items():
        h = isl.hexes[isl.index(f"{sector}{slot}")]
        assert h.coord == _rotate(coord, sector - 1), f"{sector}{slot}"
        assert h.sector == sector


@pytest.mark.parametrize("sector", range(1, 7))
def test_r_isle_4_sector_is_side_n_minus_1_of_rings_2_to_4(isl, sector):
    got = {isl.hexes[isl.index(f"{sector}{slot}")].coord for slot in SLOTS}
    want = {h for k in (2, 3, 4) for h in hexgrid.ring_sides(k)[sector - 1]}
    assert got == want
    # slots follow walk order inside each ring
    for k, names in ((2, ("a1", "a2")), (3, ("b1", "b2", "b3")), (4, ("c1", "c2", "c3", "c4"))):
        side = hexgrid.ring_sides(k)[sector - 1]
        assert [isl.hexes[isl.index(f"{sector}{n}")].coord for n in names] == side


def test_r_isle_4_labels_round_trip(isl):
    for i in range(isl.size):
        label = isl.label(i)
        assert isl.index(label) == i
        assert isl.index(label.lower()) == i
        assert isl.index(label.upper()) == i
        assert isl.index(f"  {label} ") == i
        assert isl.hexes[i].label == label


def test_r_isle_4_label_examples(isl):
    assert isl.index("3c3") == isl.index("3C3")
    assert isl.index("m4") == isl.index("M4")
    assert isl.index("s") == 0
    assert isl.label(isl.by_coord[(-2, 4)]) == "1c3"


@pytest.mark.parametrize("bad", ["7a1", "0a1", "1d1", "1a3", "1c5", "M0", "M7", "X", "", "1 c3", "S1"])
def test_r_isle_4_bad_label_raises_label_error(isl, bad):
    with pytest.raises(LabelError) as info:
        isl.index(bad)
    msg = str(info.value)
    assert repr(bad) in msg
    assert "names no hex" in msg
    assert "labels are S, M1–M6 and 1a1–6c4" in msg


def test_r_isle_4_label_error_is_a_value_error():
    assert issubclass(LabelError, ValueError)


def test_r_isle_10_crescent_label_error_names_its_range():
    cres = Island("ABCD", "crescent")
    with pytest.raises(LabelError, match="1a1–4c4"):
        cres.index("5a1")
    assert cres.label(cres.index("4c4")) == "4c4"


# --------------------------------------------------------------------------- R-ISLE-7


@pytest.mark.parametrize("letter", "ABCDEF")
def test_r_isle_7_block_table(letter):
    """Every slot of every block: kind, terrain, level, beach and well flags."""
    for sector in range(1, 7):
        arrangement = "ABCDEF"[sector - 1:] + "ABCDEF"[:sector - 1]  # puts `letter` somewhere else each time
        isl = island_for(arrangement)
        sec = arrangement.index(letter) + 1
        for slot in SLOTS:
            h = isl.hexes[isl.index(f"{sec}{slot}")]
            assert (h.kind, h.terrain, h.level, h.beach, h.well) == TABLE[letter][slot], f"{letter}.{slot}"
            assert h.block == letter


def test_r_isle_7_table_parses_as_written():
    """Guards the hand-copied table itself: 9 slots in 6 blocks."""
    assert sorted(TABLE) == list("ABCDEF")
    assert all(sorted(b) == sorted(SLOTS) for b in TABLE.values())


def test_r_isle_8_arrangement_puts_blocks_in_sectors():
    isl = Island("FEDCBA")
    assert isl.arrangement == "FEDCBA"
    for sector, letter in enumerate("FEDCBA", start=1):
        for slot in SLOTS:
            assert isl.hexes[isl.index(f"{sector}{slot}")].block == letter


def test_r_isle_7_totals(isl):
    terrains = Counter(t for t in isl.terrain if t is not None)
    assert terrains == {"forest": 9, "meadow": 9, "scree": 9, "rock": 9}
    assert len(isl.beaches) == 6
    assert len(isl.farms) == 12
    assert len(isl.well_farms) == 6
    assert set(isl.well_farms) <= set(isl.farms)
    assert len(isl.peaks) == 6
    assert all(isl.level[p] == 4 for p in isl.peaks)
    assert all(isl.terrain[b] is not None for b in isl.beaches)
    kinds = Counter(isl.kind)
    assert kinds == {SANCTUARY: 1, MARKET: 6, FARM: 12, PEAK: 6, LANDSCAPE: 36}


def test_r_isle_7_beaches_are_c3_slots(isl):
    assert sorted(isl.label(b) for b in isl.beaches) == [f"{n}c3" for n in range(1, 7)]
    assert sorted(isl.label(w) for w in isl.well_farms) == [f"{n}c4" for n in range(1, 7)]


def test_r_isle_6_steps_are_neighbours_within_one_level(isl):
    for i in range(isl.size):
        assert set(isl.steps[i]) <= set(isl.neighbours[i])
        for n in isl.neighbours[i]:
            assert hexgrid.distance(isl.hexes[i].coord, isl.hexes[n].coord) == 1
            assert (n in isl.steps[i]) == (abs(isl.level[i] - isl.level[n]) <= 1)
            assert (i in isl.steps[n]) == (n in isl.steps[i])
            assert isl.adjacent(i, n)
        # neighbours are listed in direction order
        coords = [isl.hexes[n].coord for n in isl.neighbours[i]]
        assert coords == [c for c in hexgrid.neighbours(isl.hexes[i].coord) if c in isl.by_coord]
    assert len(isl.neighbours[0]) == 6
    assert len(isl.neighbours[isl.index("1c1")]) == 3  # a corner of the hexagon


@pytest.mark.parametrize("arrangement", ALL_ARRANGEMENTS)
def test_r_isle_7_every_arrangement_connected(arrangement):
    isl = Island(arrangement)
    assert isl.size == 61
    assert _connected_by_levels(isl)
    assert isl.is_connected()


@pytest.mark.parametrize("arrangement", ALL_CRESCENTS)
def test_r_isle_10_every_duell_crescent_connected(arrangement):
    isl = Island(arrangement, "crescent")
    assert isl.layout == "crescent"
    assert isl.size == 43
    assert len(isl.peaks) == 4
    assert _connected_by_levels(isl)
    assert isl.is_connected()


def test_r_isle_10_crescent_is_sectors_1_to_4():
    cres = Island("CDEF", "crescent")
    coords = {h.coord for h in cres.hexes}
    want = set(hexgrid.spiral(1)) | {h for k in (2, 3, 4) for s in range(4) for h in hexgrid.ring_sides(k)[s]}
    assert coords == want
    assert len(cres.beaches) == 4 and len(cres.well_farms) == 4 and len(cres.markets) == 6
    assert {h.block for h in cres.hexes if h.sector} == set("CDEF")


@pytest.mark.parametrize("arrangement", ["ABCDEF", "FEDCBA", "CAEBFD", "DCBA"])
def test_r_isle_7_first_turn_walk_from_every_beach(arrangement):
    """R-ISLE-7: from a beach the coast neighbours (c2, c4) are farms one level
    up and the hexes straight inland are out of reach: the rulebook's first
    turn ("links oder rechts", "geradeaus ... 2 Stufen bergauf")."""
    isl = Island(arrangement, "crescent" if len(arrangement) == 4 else "full")
    for b in isl.beaches:
        sector = isl.hexes[b].sector
        coast = {isl.index(f"{sector}c2"), isl.index(f"{sector}c4")}
        assert set(isl.neighbours[b]) >= coast
        for n in coast:
            assert isl.kind[n] == FARM
            assert isl.level[n] == isl.level[b] + 1
        inland = set(isl.neighbours[b]) - coast
        assert {isl.label(n)[1:] for n in inland} == {"b2", "b3"}
        for n in inland:
            assert isl.level[n] >= isl.level[b] + 2, isl.label(n)
        assert set(isl.steps[b]) == coast
        assert isl.reach(b, 1) == {b: 0, **{n: 1 for n in coast}}


def test_r_isle_7_inland_of_beaches_levels():
    """Pins the table's inland levels beside each beach: two up everywhere
    except block C's b3 (rock 3), which is three up. docs/rules.md's "two levels
    up" holds as "at least two"; the walk-through only needs "not one"."""
    isl = Island("ABCDEF")
    got = {
        isl.hexes[b].block: sorted(isl.level[n] - isl.level[b] for n in isl.neighbours[b] if isl.kind[n] != FARM)
        for b in isl.beaches
    }
    assert got == {"A": [2, 2], "B": [2, 2], "C": [2, 3], "D": [2, 2], "E": [2, 2], "F": [2, 2]}


@pytest.mark.parametrize("arrangement", ["ABCDEF", "BDFACE", "ABCD"])
def test_r_isle_7_peaks_touch_the_middle_block(arrangement):
    isl = Island(arrangement, "crescent" if len(arrangement) == 4 else "full")
    for p in isl.peaks:
        assert hexgrid.distance(isl.hexes[p].coord, (0, 0)) == 2
        assert set(isl.neighbours[p]) & set(isl.markets), isl.label(p)


# --------------------------------------------------------------------------- reach / construction


def test_r_isle_6_reach_from_sanctuary(isl):
    one = isl.reach(0, 1)
    assert one == {0: 0, **{m: 1 for m in isl.markets}}  # S 2, markets 3
    all_ = isl.reach(0, 99)
    assert len(all_) == 61
    assert all(d == min(all_[n] for n in isl.steps[i]) + 1 for i, d in all_.items() if i != 0)


def test_r_isle_6_reach_climbing_ignores_levels(isl):
    b = isl.index("1c3")
    assert set(isl.reach(b, 1, climb=True)) == {b, *isl.neighbours[b]}
    assert isl.reach(0, 4, climb=True) == {
        isl.by_coord[c]: hexgrid.distance((0, 0), c) for c in hexgrid.spiral(4)
    }


def test_r_isle_8_bad_arrangements_raise():
    for bad, layout in [("ABCDE", "full"), ("ABCDEA", "full"), ("ABCDEG", "full"), ("ABCDEF", "crescent"),
                        ("abcdef", "full"), ("ABC", "crescent")]:
        with pytest.raises(ValueError, match="arrangement"):
            Island(bad, layout)
    with pytest.raises(ValueError, match="layout"):
        Island("ABCDEF", "round")


def test_island_for_shares_islands():
    assert island_for("ABCDEF") is island_for("ABCDEF")
    assert island_for("ABCD", "crescent") is not island_for("ABCDEF")


def test_island_tables_agree_with_hexinfo(isl):
    for h in isl.hexes:
        i = h.index
        assert isl.by_coord[h.coord] == i
        assert (isl.level[i], isl.kind[i], isl.terrain[i], isl.beach[i], isl.well[i]) == (
            h.level, h.kind, h.terrain, h.beach, h.well)
