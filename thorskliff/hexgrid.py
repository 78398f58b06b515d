"""Hex geometry in axial coordinates (Red Blob Games conventions, R-ISLE-1/3).

A hex is a plain ``(q, r)`` tuple. Nothing here knows about the island.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

Hex = tuple[int, int]

#: R-ISLE-1: the fixed direction order; ring walks and sectors depend on it.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def scale(a: Hex, k: int) -> Hex:
    return (a[0] * k, a[1] * k)


def neighbour(h: Hex, direction: int) -> Hex:
    d = DIRECTIONS[direction % 6]
    return (h[0] + d[0], h[1] + d[1])


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring_sides(k: int, center: Hex = (0, 0)) -> list[list[Hex]]:
    """R-ISLE-3: ring ``k`` as six sides; side ``i`` is walked in direction ``i``.

    The walk starts at ``k * (-1, 1)``; each side holds the ``k`` hexes visited
    while stepping in its direction, the start hex first.
    """
    if k < 1:
        raise ValueError("a ring needs a radius of at least 1")
    h = add(center, scale(DIRECTIONS[4], k))
    sides: list[list[Hex]] = []
    for i in range(6):
        side = []
        for _ in range(k):
            side.append(h)
            h = neighbour(h, i)
        sides.append(side)
    return sides


def ring(k: int, center: Hex = (0, 0)) -> list[Hex]:
    if k == 0:
        return [center]
    return [h for side in ring_sides(k, center) for h in side]


def spiral(radius: int, center: Hex = (0, 0)) -> list[Hex]:
    out: list[Hex] = []
    for k in range(radius + 1):
        out.extend(ring(k, center))
    return out


def reach(start: Hex, steps: int, can_step: Callable[[Hex, Hex], bool]) -> dict[Hex, int]:
    """Breadth-first reach: every hex reachable in at most ``steps`` steps
    where ``can_step(a, b)`` allows the step a→b, with its distance."""
    seen = {start: 0}
    frontier = deque([start])
    while frontier:
        h = frontier.popleft()
        d = seen[h]
        if d == steps:
            continue
        for n in neighbours(h):
            if n not in seen and can_step(h, n):
                seen[n] = d + 1
                frontier.append(n)
    return seen


def connected(hexes: Iterable[Hex], can_step: Callable[[Hex, Hex], bool]) -> bool:
    """True when every hex of ``hexes`` reaches every other one."""
    cells = set(hexes)
    if not cells:
        return True
    start = next(iter(cells))
    got = reach(start, len(cells), lambda a, b: b in cells and can_step(a, b))
    return set(got) == cells

