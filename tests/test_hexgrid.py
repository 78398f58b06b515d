"""Hex geometry (docs/rules.md R-ISLE-1, R-ISLE-3): directions, neighbours,
distance, ring walks, the spiral and breadth-first reach."""

from __future__ import annotations

import pytest

from thorskliff import hexgrid
from thorskliff.hexgrid import DIRECTIONS


def _all_within(radius: int) -> set[tuple[int, int]]:
    """Every axial hex within ``radius`` of the origin, computed directly."""
    return {
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if abs(q) + abs(r) + abs(q + r) <= 2 * radius
    }


# --------------------------------------------------------------------------- R-ISLE-1


def test_r_isle_1_direction_order():
    """R-ISLE-1: the six directions in exactly this order."""
    assert DIRECTIONS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def test_r_isle_1_opposite_directions_cancel():
    for i in range(3):
        assert hexgrid.add(DIRECTIONS[i], DIRECTIONS[i + 3]) == (0, 0)


def test_r_isle_1_add_and_scale():
    assert hexgrid.add((2, -1), (-3, 4)) == (-1, 3)
    assert hexgrid.scale((-1, 1), 4) == (-4, 4)
    assert hexgrid.scale((1, -1), 0) == (0, 0)


@pytest.mark.parametrize("i", range(6))
def test_r_isle_1_neighbour_follows_direction(i):
    assert hexgrid.neighbour((3, -2), i) == (3 + DIRECTIONS[i][0], -2 + DIRECTIONS[i][1])


def test_r_isle_1_neighbour_direction_wraps_modulo_6():
    assert hexgrid.neighbour((0, 0), 6) == DIRECTIONS[0]
    assert hexgrid.neighbour((0, 0), 10) == DIRECTIONS[4]
    assert hexgrid.neighbour((0, 0), -1) == DIRECTIONS[5]


def test_r_isle_1_neighbours_in_direction_order():
    assert hexgrid.neighbours((0, 0)) == list(DIRECTIONS)
    assert hexgrid.neighbours((2, 1)) == [(3, 1), (3, 0), (2, 0), (1, 1), (1, 2), (2, 2)]


@pytest.mark.parametrize(
    ("a", "b", "d"),
    [
        ((0, 0), (0, 0), 0),
        ((0, 0), (1, 0), 1),
        ((0, 0), (-1, 1), 1),
        ((0, 0), (1, 1), 2),  # not a neighbour: (1,1) is two steps away
        ((0, 0), (-4, 4), 4),
        ((0, 0), (4, -2), 4),
        ((-4, 4), (4, -4), 8),  # opposite corners of the island
        ((-2, 4), (-1, 3), 1),
        ((3, -1), (-2, 2), 5),
    ],
)
def test_r_isle_1_distance(a, b, d):
    assert hexgrid.distance(a, b) == d
    assert hexgrid.distance(b, a) == d


def test_r_isle_1_distance_to_every_neighbour_is_one():
    for h in [(0, 0), (2, -3), (-4, 4)]:
        for n in hexgrid.neighbours(h):
            assert hexgrid.distance(h, n) == 1


def test_r_isle_1_distance_triangle_inequality():
    cells = sorted(_all_within(2))
    for a in cells:
        for b in cells:
            for c in cells[::5]:
                assert hexgrid.distance(a, b) <= hexgrid.distance(a, c) + hexgrid.distance(c, b)


# --------------------------------------------------------------------------- R-ISLE-3


def test_r_isle_3_ring_1_walk_order():
    """R-ISLE-3: start at 1*(-1,1), then one step in each direction 0..5."""
    assert hexgrid.ring(1) == [(-1, 1), (0, 1), (1, 0), (1, -1), (0, -1), (-1, 0)]


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_r_isle_3_ring_starts_at_k_times_direction_4(k):
    assert hexgrid.ring(k)[0] == (-k, k)
    assert hexgrid.ring_sides(k)[0][0] == (-k, k)


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_r_isle_3_side_i_walks_direction_i(k):
    sides = hexgrid.ring_sides(k)
    assert len(sides) == 6
    for i, side in enumerate(sides):
        assert len(side) == k
        for a, b in zip(side, side[1:]):
            assert hexgrid.neighbour(a, i) == b
        # the step after a side's last hex lands on the first hex of the next side
        assert hexgrid.neighbour(side[-1], i) == sides[(i + 1) % 6][0]


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_r_isle_3_ring_is_the_hexes_at_distance_k(k):
    ring = hexgrid.ring(k)
    assert len(ring) == 6 * k
    assert len(set(ring)) == 6 * k
    assert all(hexgrid.distance((0, 0), h) == k for h in ring)
    assert ring == [h for side in hexgrid.ring_sides(k) for h in side]


def test_r_isle_3_ring_2_exact():
    assert hexgrid.ring_sides(2) == [
        [(-2, 2), (-1, 2)],
        [(0, 2), (1, 1)],
        [(2, 0), (2, -1)],
        [(2, -2), (1, -2)],
        [(0, -2), (-1, -1)],
        [(-2, 0), (-2, 1)],
    ]


def test_r_isle_3_ring_0_is_the_centre():
    assert hexgrid.ring(0) == [(0, 0)]
    assert hexgrid.ring(0, (3, -1)) == [(3, -1)]


def test_r_isle_3_ring_sides_needs_radius_1():
    with pytest.raises(ValueError):
        hexgrid.ring_sides(0)


def test_r_isle_3_ring_around_another_centre_is_shifted():
    c = (2, -3)
    assert hexgrid.ring(2, c) == [hexgrid.add(h, c) for h in hexgrid.ring(2)]


def test_r_isle_1_spiral_of_radius_4_is_61_hexes():
    spiral = hexgrid.spiral(4)
    assert len(spiral) == 61
    assert len(set(spiral)) == 61
    assert set(spiral) == _all_within(4)


def test_r_isle_3_spiral_goes_ring_by_ring():
    spiral = hexgrid.spiral(4)
    assert spiral[0] == (0, 0)
    start = 1
    for k in range(1, 5):
        assert spiral[start:start + 6 * k] == hexgrid.ring(k)
        start += 6 * k
    assert hexgrid.spiral(0) == [(0, 0)]


# --------------------------------------------------------------------------- reach


def test_reach_open_plane_gives_distances():
    got = hexgrid.reach((0, 0), 2, lambda a, b: True)
    assert set(got) == _all_within(2)
    assert all(d == hexgrid.distance((0, 0), h) for h, d in got.items())


def test_reach_zero_steps_is_the_start():
    assert hexgrid.reach((1, 1), 0, lambda a, b: True) == {(1, 1): 0}


def test_reach_respects_can_step():
    """Only steps the predicate allows are taken (R-ISLE-6 is such a predicate)."""
    allowed = {(0, 0), (1, 0), (2, 0), (3, 0)}
    got = hexgrid.reach((0, 0), 10, lambda a, b: b in allowed)
    assert got == {(0, 0): 0, (1, 0): 1, (2, 0): 2, (3, 0): 3}
    got = hexgrid.reach((0, 0), 2, lambda a, b: b in allowed)
    assert got == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


def test_reach_is_breadth_first_around_a_wall():
    """Going round a wall costs the detour: shortest paths, not first found."""
    wall = {(1, 0), (1, -1), (0, 1)}
    got = hexgrid.reach((0, 0), 6, lambda a, b: b not in wall and hexgrid.distance((0, 0), b) <= 3)
    # straight it would be 2 steps; round the wall it is 5 either way:
    # (0,-1) (1,-2) (2,-2) (2,-1) (2,0)  or  (-1,1) (-1,2) (0,2) (1,1) (2,0)
    assert got[(2, 0)] == 5
    assert got[(0, -1)] == 1
    assert not set(got) & wall


def test_reach_predicate_sees_from_and_to():
    seen = []

    def can_step(a, b):
        seen.append((a, b))
        return hexgrid.distance(a, b) == 1

    hexgrid.reach((0, 0), 1, can_step)
    assert seen == [((0, 0), n) for n in hexgrid.neighbours((0, 0))]


def test_connected():
    line = [(0, 0), (1, 0), (2, 0)]
    assert hexgrid.connected(line, lambda a, b: True)
    assert hexgrid.connected([], lambda a, b: True)
    assert hexgrid.connected([(5, 5)], lambda a, b: False)
    assert not hexgrid.connected(line, lambda a, b: {a, b} != {(1, 0), (2, 0)})
    # paths may not leave the set: (0,0) and (2,0) only meet through (1,0)
    assert not hexgrid.connected([(0, 0), (2, 0)], lambda a, b: True)
    assert hexgrid.connected(hexgrid.spiral(4), lambda a, b: True)
