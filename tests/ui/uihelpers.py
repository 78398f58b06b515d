"""Helpers for the app's tests (kept out of conftest.py so that no test
imports a module named ``conftest``, which tests/ssh has too)."""

from __future__ import annotations

from thorskliff.game import Game, Setup
from thorskliff.engine.state import SeatSpec


def combat_example():
    """The rulebook's combat example right after the attack roll M3 M1 K1 K1
    (R-COMBAT-1): Oleif with two warriors attacks Bera's three on 1c3."""
    from helpers import begin, place, play, position, roll

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "1c3", warriors=3)
    begin(st, 0, 1)
    play(st, "H 1c2-1c3", "W 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")
    roll(st, "M3 M1 K1 K1")
    return st


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


async def paste_text(pilot, text: str) -> None:
    """``text`` into the focused input at once, as a paste puts it there:
    the lessons' tests type dozens of decisions, and a key press each took
    half their time (#28's 6-minute CI); type_text keeps the keys' path."""
    from textual.widgets import Input

    field = pilot.app.focused
    assert isinstance(field, Input), f"no input has the focus: {field!r}"
    field.insert_text_at_cursor(text)
    await pilot.pause()


async def until(pilot, cond, what: str, tries: int = 3000) -> None:
    """Let the app run (bots think off the UI thread) until ``cond()``."""
    for _ in range(tries):
        if cond():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


def seat_lines(session, seat: int) -> list[str]:
    """The record lines of ``seat``'s decisions (0-based)."""
    return [ln for ln in session.game.lines if ln.startswith(f"{seat + 1} ")]


def bot_stepped():
    """Seat 1's random bot has moved its hero 1c2-1c3 in the movement phase
    and still decides (Bera waits on 2c2); the session."""
    from helpers import begin, place, position

    from thorskliff.ui.session import LocalSession

    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={0: "random"})
    job = session.bot_job()
    assert job is not None and job.seat == 0
    session.submit_bot(job, session.game.parse("H 1c2-1c3"))
    return session
