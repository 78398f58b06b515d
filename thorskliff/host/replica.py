"""A hub game as a replica of its decision log (#31).

Each process that serves a game holds a copy of it; the copies agree
because the engine is deterministic and the dice follow from the seed:
they apply the same decisions (``moves``) in the same order. A process
changes its copy first — so the engine checks the decision — and then
appends it to the log (:meth:`Store.append`); when the append loses (another
process decided number n first) or the store is away, the copy goes back to
the last logged state (:func:`revert`) and takes what the log holds since
(:func:`catch_up`). Seat rows are re-read when another process changed
them (:func:`sync_seats`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from .. import record
from ..engine.actions import ActionError
from ..game import Game
from ..ui.session import LocalSession
from .schema import StoreError
from .store import GameRow, Move, SeatRow, Store

if TYPE_CHECKING:
    from .hub import HubGame

log = logging.getLogger("thorskliff.ssh")


def body_of(line: str) -> str:
    """A record line's decision (``"2 move 3b1 M"`` → ``"move 3b1 M"``)."""
    return line.split(None, 1)[1]


def seat_name(i: int, row: SeatRow) -> str | None:
    """The name a seat row gives seat ``i`` in the record, None: as it is."""
    if row.user is not None:
        return row.user
    if row.bot is not None:
        return f"Bot {i + 1}"
    return None


def rename(game: Game, seat: int, name: str) -> None:
    """The seat's name in the record header and every state kept for undo
    (names are only shown, never played with)."""
    game.setup.seats[seat] = game.setup.seats[seat]._replace(name=name)
    game.state.players[seat].name = name
    for snap in getattr(game, "_snaps", ()):
        snap.state.players[seat].name = name


def named(game: Game, seats: list[SeatRow]) -> Game:
    """``game`` with the names its seat rows give (the rows are written at
    once, the record only with the next decision)."""
    for i, row in enumerate(seats[:game.state.num_players]):
        name = seat_name(i, row)
        if name is not None and game.state.players[i].name != name:
            rename(game, i, name)
    return game


def load(row: GameRow) -> Game:
    """A stored game, named by its seat rows (raises record.RecordError)."""
    return named(record.loads(row.record, f"game {row.id}"), row.seats)


def revert(hg: HubGame) -> None:
    """Back to the last state the log holds (``hg.text``): a decision made
    here and not logged is gone."""
    game = record.loads(hg.text, f"game {hg.id}")
    hg.local = LocalSession(named(game, [s.row() for s in hg.seats]))


def apply(hg: HubGame, move: Move) -> None:
    """One logged move on the copy (raises the engine's ActionError when the
    copy cannot take it: then it is not the log's copy any more)."""
    if move.kind == "undo":
        hg.local.undo(move.seat)
    else:
        hg.local.submit(move.body, move.seat)


def catch_up(hg: HubGame, store: Store) -> bool:
    """Apply what the log holds beyond ``hg.moves``; whether anything was.
    A copy that cannot follow the log is read again whole from the store."""
    moves = store.moves(hg.id, hg.moves)
    if not moves:
        return False
    for move in moves:
        if move.n != hg.moves:
            break  # a gap: never (numbers are consecutive), but then read it whole
        try:
            apply(hg, move)
        except ActionError as exc:
            log.warning("game %s: move %s does not apply to this copy (%s); read again", hg.id, move.n, exc)
            break
        hg.moves += 1
    else:
        hg.text = record.dumps(hg.game)
        return True
    reload(hg, store)
    return True


def reload(hg: HubGame, store: Store) -> None:
    """The game read again whole from the store."""
    row = store.game(hg.id)
    if row is None:
        return
    hg.local = LocalSession(load(row))
    hg.moves, hg.text = row.moves, row.record


def logged(hg: HubGame, store: Store, seat: int, kind: str, body: str) -> str | None:
    """Append the decision just made on the copy as the log's next move.
    When another process's decision came first ("moved_on") or the store is
    away ("store_away"), the copy goes back and catches up, and that
    message's key is returned."""
    text = record.dumps(hg.game)
    try:
        won = store.append(hg.id, Move(hg.moves, seat, kind, body), text, hg.finished)
    except StoreError as exc:
        log.error("game %s: the store is away (%s); the decision is refused", hg.id, exc)
        revert(hg)
        return "store_away"
    if won:
        hg.moves += 1
        hg.text = text
        return None
    revert(hg)
    try:
        catch_up(hg, store)
    except StoreError:
        pass  # the next change heard catches up
    return "moved_on"


def sync_seats(hg: HubGame, row: GameRow) -> bool:
    """Who sits where, as another process wrote it; whether anything changed."""
    changed = False
    for i, seat_row in enumerate(row.seats[:len(hg.seats)]):
        s = hg.seats[i]
        if (s.user, s.bot) != (seat_row.user, seat_row.bot):
            s.user, s.bot = seat_row.user, seat_row.bot
            changed = True
        name = seat_name(i, seat_row)
        if name is not None and hg.name(i) != name:
            rename(hg.game, i, name)
            changed = True
    return changed
