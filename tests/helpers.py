"""Exact positions for rules tests.

``position()`` builds a game on arrangement ABCDEF (or the crescent ABCD),
skips the beach choice, clears the board and lets a test place exactly what
it needs; ``begin(st, seat, phase)`` then starts that seat's turn at a phase.
Dice are forced with ``roll(st, "M3 M1 K1 K1")``.
"""

from __future__ import annotations

from thorskliff.engine.actions import hexindex, parse
from thorskliff.engine.state import CHANCE, GameState

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
COLOURS = ("brown", "black", "grey", "white")


def H(label: str) -> int:
    return hexindex(label)


def position(heroes=("Oleif", "Bera"), mode: str | None = None, arrangement: str | None = None,
             rifts: dict[str, str] | None = None, trolls: bool = False, seed: int = 1) -> GameState:
    n = len(heroes)
    mode = mode or ("duell" if n == 2 else "base")
    arrangement = arrangement or ("ABCD" if n == 2 and mode != "episch" else "ABCDEF")
    if mode == "episch" and n == 2:
        arrangement = arrangement[:4]
    seats = [(f"P{i + 1}", h, COLOURS[i]) for i, h in enumerate(heroes)]
    st = GameState.new(mode, seats, seed, arrangement=arrangement,
                       rifts={H(k): v for k, v in (rifts or {}).items()}, first=n - 1)
    # choose beaches in order, then clear everything
    for _ in range(n):
        st.apply_action(st.legal_actions()[0])
    for p in st.players:
        p.hero_at = -1
        p.amber = False
        p.taler = 0
    st.amber_supply = 12
    for h in range(st.island.size):
        if not trolls:
            st.troll[h] = False
    if not trolls:
        st.crystal_at.clear()
    return st


def place(st: GameState, seat: int, label: str, hero: bool = False, warriors: int = 0, gode: bool = False):
    h = H(label)
    p = st.players[seat]
    if hero:
        p.hero_at = h
    if gode:
        p.gode_at = h
    if warriors:
        st.wc[seat][h] += warriors
        p.supply -= warriors
    return h


def begin(st: GameState, seat: int, phase: int = 0) -> GameState:
    """Start ``seat``'s turn (start-of-turn effects run) and go to ``phase``."""
    st.round = max(st.round, 1)
    st._begin_turn(seat)
    if phase > 0 and st.result is None:
        st._reset_turn()
        st._enter_phase(phase)
    st.touched()
    return st


def roll(st: GameState, text: str) -> None:
    assert st.current_player() == CHANCE, f"no chance step due (step {st.step})"
    st.apply_action(parse("roll " + text))


def play(st: GameState, *texts: str) -> None:
    for t in texts:
        st.apply_action(parse(t))


def legal(st: GameState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


#: Oleif's way into the fight of :func:`kraft_against_schutz`
KRAFT_FIGHT = ("H 1c2-1c3", "W 1c2-1c3", "end", "fight 1c3")


def kraft_against_schutz() -> GameState:
    """Oleif (P1: hero, Krafttrank, one warrior) on 1c2 in his movement, beside
    Bera's 1c3 (P2: hero, Schutztrank, one warrior); :data:`KRAFT_FIGHT` steps onto
    it and fights there (R-COMBAT-1; the potions' effects: R-POT-5, R-POT-6)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "1c3", hero=True, warriors=1)
    st.players[0].potions = [("kraft", 1)]
    st.players[1].potions = [("schutz", 1)]
    return begin(st, 0, 1)
