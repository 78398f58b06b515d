"""Which games the lobby draws as rows: on a host with hundreds of games,
laying out every row took half a second, and a player looks for their own."""

from __future__ import annotations

from typing import Any

#: rows the lobby draws besides the games that concern the player (its own, those with a
#: free seat): with 500 games it took half a second to lay out every row
LOBBY_ROWS = 60


def shown_games(games: list[Any], user: str) -> list[Any]:
    """The lobby's rows, in ``games``' order: every game of the player's or with a free seat
    while it goes on, and the others up to :data:`LOBBY_ROWS`."""
    out, others = [], 0
    for hg in games:
        if not hg.finished and (hg.seat_of(user) is not None or any(s.free for s in hg.seats)):
            out.append(hg)
        elif others < LOBBY_ROWS:
            out.append(hg)
            others += 1
    return out
