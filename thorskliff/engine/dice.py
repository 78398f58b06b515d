"""Combat dice (R-DICE-1) and the game's seeded generator (R-DICE-2).

Chance outcome number ``n`` of a game is a pure function of the game's seed
and ``n`` (a SplitMix64 stream), so a state carries two integers instead of a
generator object, copies cheaply for search, and replays exactly.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

FACES: dict[str, tuple[int, ...]] = {
    "K": (1, 1, 1, 2, 2, 2),
    "M": (1, 2, 2, 3, 3, 4),
    "G": (2, 3, 3, 4, 4, 5),
    "S": (1, 2, 2, 3, 3, 4),  # black: never blocked
}
RED = frozenset("KMG")
DIE_ORDER = "GMKS"  # the order dice are listed in a request (largest red first, black last)

_MASK = (1 << 64) - 1


def blocked_kinds(roll: list[tuple[str, int]], vals: tuple[int, ...] | list[int]) -> str:
    """The kind of die each blocked value in ``vals`` stands for: a block names
    values (R-COMBAT-1 step 4), so each is read as the first red die of that
    value in ``roll`` ((kind, value) pairs) not yet taken by an earlier one
    ("K" where none is left: a roll unknown to the caller)."""
    left = [(k, v) for k, v in roll if k in RED]
    out = []
    for v in vals:
        k = next((k for k, x in left if x == v), "K")
        if (k, v) in left:
            left.remove((k, v))
        out.append(k)
    return "".join(out)


def splitmix64(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def draw(seed: int, counter: int, n: int) -> int:
    """A uniform integer in ``range(n)`` for chance draw ``counter`` of ``seed``."""
    # 64 bits against n <= 720: the modulo bias is below 1e-16.
    return splitmix64((seed * 0x100000001B3 + counter) & _MASK) % n


def roll(kinds: tuple[str, ...], seed: int, counter: int) -> tuple[int, ...]:
    """Values for dice of ``kinds``; draws ``counter``, ``counter+1``, …
    As many dice as asked: the box's count never limits a roll (R-DICE-4)."""
    return tuple(FACES[k][draw(seed, counter + i, 6)] for i, k in enumerate(kinds))


def shuffle(items: list[T], seed: int, counter: int) -> list[T]:
    """Fisher–Yates with the game's generator; uses draws ``counter``…"""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = draw(seed, counter + i, i + 1)
        out[i], out[j] = out[j], out[i]
    return out
