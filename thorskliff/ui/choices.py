"""From the legal decisions to what the board offers (no Textual).

The engine lists the legal decisions as notation; here they are sorted by
the hex they start or happen on, so that the cursor can offer exactly
those: sources and targets of steps, beaches, combats, recruits.
"""

from __future__ import annotations

from ..engine.actions import Action, parse

#: steps where the board is the main way to decide
BOARD_STEPS = ("beach", "move", "combat", "recruit", "haste", "lay")
HEX_VERBS = ("beach", "fight", "blitz", "throw", "recruit", "lay")


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
    # the board's decisions after the others: end, free steps and potions first
    out.sort(key=lambda x: (is_move(x[1]) or x[1].verb in HEX_VERBS))
    return out


def guess_step(unit_at: dict[str, bool], src: int, dst: int) -> str:
    """A step to explain when the player points at a hex no unit can reach:
    the hero's if it stands there, else a warrior's, else the Gode's."""
    from ..engine.actions import hexlabel

    unit = "H" if unit_at.get("H") else ("W" if unit_at.get("W") else "G")
    return f"{unit} {hexlabel(src)}-{hexlabel(dst)}"
