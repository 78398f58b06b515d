"""Helpers for the app's tests (kept out of conftest.py so that no test
imports a module named ``conftest``, which tests/ssh has too)."""

from __future__ import annotations

from thorskliff.game import Game, Setup
from thorskliff.state import SeatSpec


def game_of(st, auto_chance: bool = False) -> Game:
    """A Game around an exact position (tests/helpers.py)."""
    setup = Setup(st.mode.id, [SeatSpec(p.name, p.hero, p.colour) for p in st.players], st.seed,
                  st.island.arrangement, dict(st.rifts), st.first_chooser)
    return Game(setup, auto_chance=auto_chance, state=st)


async def goto(pilot, label: str) -> None:
    """Move the map cursor to ``label`` with the arrow keys."""
    from thorskliff.hexgrid import distance
    from thorskliff.ui.widgets.hexmap import IslandMap

    m = pilot.app.screen.query_one(IslandMap)
    target = next(i for i, hx in enumerate(m.obs["hexes"]) if hx["label"] == label)
    for _ in range(40):
        if m.cursor == target:
            return
        best = min(("up", "down", "left", "right"),
                   key=lambda k: distance(m.coords[m.peek(k)], m.coords[target]) if m.peek(k) is not None else 99)
        await pilot.press(best)
    raise AssertionError(f"cursor did not reach {label}")


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space", ">": "greater_than_sign", "-": "minus", ":": "colon"}.get(c, c)
                        for c in text])
