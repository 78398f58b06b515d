"""From the legal decisions to what the board offers (no Textual).

The engine lists the legal decisions as notation; here they are sorted by
the hex they start or happen on, so that the cursor can offer exactly
those: sources and targets of steps, beaches, combats, recruits.
"""

from __future__ import annotations

from ..engine.steps import COMBAT_STEPS, Step
from ..engine.actions import Action, parse

#: steps where the board is the main way to decide
BOARD_STEPS = (Step.BEACH, Step.MOVE, Step.COMBAT, Step.RECRUIT, Step.HASTE, Step.LAY)
HEX_VERBS = ("beach", "fight", "blitz", "throw", "recruit", "lay")
#: free steps (R-TURN-3): listed first, so that a reflex Enter takes rather than ends
FREE_VERBS = ("deliver", "take")
#: decisions that give something up for good (an amber sold for 5 Taler, a potion put
#: back): the list's cursor never starts on one, so that a reflex Enter never throws
#: one away (a play-tester's Enter at the turn's end sold the amber on the first row)
GIVE_UP_VERBS = ("sell", "discard")


def parsed(legal: list[str]) -> list[tuple[str, Action]]:
    return [(text, parse(text)) for text in legal]


def is_move(a: Action) -> bool:
    return a.verb in ("step", "haste")


def sources(legal: list[tuple[str, Action]]) -> set[int]:
    """Hexes a step or a haste step can start from."""
    return {a.a for _, a in legal if is_move(a)}


def moves_from(legal, src: int) -> list[tuple[str, Action]]:
    return [(s, a) for s, a in legal if is_move(a) and a.a == src]


def moves_between(legal, src: int, dst: int) -> list[tuple[str, Action]]:
    return [(s, a) for s, a in legal if is_move(a) and a.a == src and a.b == dst]


def at_hex(legal, h: int) -> list[tuple[str, Action]]:
    """Decisions that happen on hex ``h`` (a beach, a combat, a recruit, …)."""
    return [(s, a) for s, a in legal if a.verb in HEX_VERBS and a.a == h]


def targets(legal, selected: int) -> frozenset[int]:
    """What to mark on the board: with a hex selected, where its units can
    go; otherwise every hex where something can be chosen."""
    if selected >= 0:
        return frozenset(a.b for _, a in moves_from(legal, selected))
    out = {a.a for _, a in legal if a.verb in HEX_VERBS}
    out |= sources(legal)
    return frozenset(out)


def for_list(legal, step: str, hexes: set[int]) -> list[tuple[str, Action]]:
    """The decisions for the side list: every one but the moves, of which
    only those touching ``hexes`` (the selected or the cursor hex)."""
    out = []
    for s, a in legal:
        if is_move(a) and a.a not in hexes:
            continue
        out.append((s, a))
    out.sort(key=lambda x: list_rank(x[1], step))
    return out


def list_rank(a: Action, step: str) -> int:
    """Free steps first (deliver, take, sell: they cost no action), then the
    board's decisions, then the rest (potions, choices), putting a potion
    back, and "end" last, as the README says: Enter on the first entry never
    ends a phase with something left to take. In a combat's potion windows
    "go on without a potion" comes first: a reflex Enter drinks nothing."""
    if a.verb == "end":
        return -1 if step in COMBAT_STEPS else 4
    if a.verb in FREE_VERBS or a.verb == "sell":
        return 0
    if a.verb in GIVE_UP_VERBS:
        return 3
    if is_move(a) or a.verb in HEX_VERBS:
        return 1
    return 2


def gives_up(decision: str) -> bool:
    """Whether a decision gives something up for good (GIVE_UP_VERBS)."""
    return decision.partition(" ")[0] in GIVE_UP_VERBS


# ---------------------------------------------------------------- stacks


def stack_of(units: dict | None) -> list[str]:
    """The units of one owner on a hex (its ``units`` entry in the view) as
    the stack a move may take along: hero, Gode, then each warrior."""
    if not units:
        return []
    return (["H"] if units.get("hero") else []) + (["G"] if units.get("gode") else []) \
        + ["W"] * int(units.get("warriors") or 0)


def step_for(legal, src: int, dst: int, unit: str) -> str | None:
    """A legal step of ``unit`` (H, G or W) from ``src`` to ``dst``, or None;
    of a warrior's, one that starts its move before one that goes on."""
    found = [(a.c >= 0, s) for s, a in legal if is_move(a) and mover(a) == unit and a.a == src and a.b == dst]
    return min(found)[1] if found else None


def stack_targets(legal, src: int, units: list[str]) -> frozenset[int]:
    """Where at least one of ``units`` (H, G, W) standing on ``src`` can step."""
    kinds = set(units)
    return frozenset(a.b for _, a in legal if is_move(a) and a.a == src and mover(a) in kinds)


def mover(a: Action) -> str:
    """The unit a move moves: its letter; an Eiletrank's step is the hero's."""
    return a.arg or "H"


def guess_step(unit_at: dict[str, bool], src: int, dst: int) -> str:
    """A step to explain when the player points at a hex no unit can reach:
    the hero's if it stands there, else a warrior's, else the Gode's."""
    from ..engine.actions import hexlabel

    unit = "H" if unit_at.get("H") else ("W" if unit_at.get("W") else "G")
    return f"{unit} {hexlabel(src)}-{hexlabel(dst)}"
