"""The table of a finished game (no Textual): per seat the ambers delivered,
crystals, Taler and combats won of those it fought ("8 von 13").

Combats won are not kept in the state: they are found by replaying the
record through the engine, one decision after another, and looking at each
combat's hex when the engine closes it (R-COMBAT-1.8): the attacker won when
its units hold the hex with no enemy left; the defender (a seat, not a troll)
won when its units stand there and the attacker's do not. A lone lightning
bolt or Mjölnir throw is no combat; a hex left empty is won by nobody. A seat
fought a combat it attacked in or defended (a play-tester read "Kämpfe
gewonnen 8 / 4" after 13 combats and could not tell what it counted).
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.actions import ActionError
from ..engine.combat import TROLL


class SeatResult(NamedTuple):
    seat: int  # 1-based, as in the view
    name: str
    hero: str
    colour: str
    ambers: int
    crystals: int
    taler: int
    combats_won: int  # -1: unknown (a record that does not replay)
    out: bool
    winner: bool
    combats_fought: int = -1


def combats_won(game) -> list[tuple[int, int]] | None:
    """Per seat (0-based), the combats it won and those it fought, by replaying
    ``game``'s record (a :class:`thorskliff.game.Game`) from its setup; None when
    the record does not replay to the game's end (a game begun from a position)."""
    try:
        st, won, fought = _replay(game.setup.build(), game.lines)
    except ActionError:
        return None
    return list(zip(won, fought)) if st.outcome() == game.state.outcome() else None


def combats_won_from(start, lines: list[str]) -> list[int]:
    """The combats won from the state ``start`` (changed in place) and record lines."""
    return _replay(start, lines)[1]


def combats_fought_from(start, lines: list[str]) -> list[int]:
    """The combats each seat attacked or defended in, likewise."""
    return _replay(start, lines)[2]


def _replay(st, lines: list[str]):
    won = [0] * st.num_players
    fought = [0] * st.num_players
    for line in lines:
        c = st.combat
        col, _, rest = line.partition(" ")
        st.apply_action(rest, None if col == "*" else int(col) - 1)
        if c is not None and st.combat is not c and not c.strike:
            for seat in {c.att, c.dfn} - {TROLL}:
                fought[seat] += 1
            w = combat_winner(st, c)
            if w is not None:
                won[w] += 1
    return st, won, fought


def combat_winner(st, c) -> int | None:
    """Who won the combat ``c`` the engine has just closed in ``st``: a seat
    (0-based) or None (a troll held, or nobody stands)."""
    h = c.hex
    attacker_stands = st.units_of(c.att, h) > 0
    enemy = st.enemy_at(h, c.att)
    if attacker_stands and not enemy:
        return c.att
    if not attacker_stands and enemy and c.dfn != TROLL and st.units_of(c.dfn, h) > 0:
        return c.dfn
    return None


def game_of(session):
    """The game behind a session, when this process holds it (a local game,
    or a hosted one's seat); None otherwise."""
    game = getattr(session, "game", None)
    if game is None:
        local = getattr(getattr(session, "hg", None), "local", None)
        game = getattr(local, "game", None)
    return game


def table(obs: dict, won: list[tuple[int, int]] | None) -> list[SeatResult]:
    """One row per seat from the final view ``obs`` and the combats won and
    fought per seat (:func:`combats_won`; None: unknown)."""
    out = obs["outcome"] or {}
    rows = []
    for p in obs["players"]:
        w, f = won[p["seat"] - 1] if won is not None else (-1, -1)
        rows.append(SeatResult(p["seat"], p["name"], p["hero"], p["colour"], p["delivered"], p["crystals"],
                               p["taler"], w, p["out"], out.get("winner") == p["seat"], f))
    return rows
