"""The game hub: the only place where hosted games change.

Every hosted game lives here with its seats. A seat is bound to a player's
name, an SSH user name or a browser's (``serve --web``), or played by a bot,
or still free; the game's creator may hand a free seat on with an
invitation (:meth:`Hub.invite`). A :class:`~.remote.RemoteSession` is one
session's handle on one seat (or a spectator's, seat None). Every
decision comes in through :meth:`Hub.submit` and is checked against the seat
of the session that sent it; after every change the record is stored and
every other session of the game is told to redraw. A seat whose player left
stays theirs; after ``takeover_after`` seconds away a bot plays it until the
player is back, but only while some person plays at the table: a game with
nobody connected waits (its own bots, seats that were bots from the start,
still play up to a person's turn). After a restart every seat's clock starts
anew.

Several processes may serve one store (PostgreSQL, #31): each holds a copy
of every game (:mod:`.replica`), appends each decision to the game's log,
and hears the others' changes (:meth:`Store.listen`). A seat counts as
connected wherever its player is (the store's presence rows); a game's bots
run in the one process holding its lease, and another takes them over when
that lease runs out.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import random
import re
import secrets
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec, TypeVar

from .. import record
from ..play.driver import BotJob, SeatDriver, StandIn
from ..engine.actions import ActionError, WrongSeatError
from ..engine.messages import Msg
from ..game import Game
from ..engine.player import COLOURS
from ..scenario import available_modes, load_heroes, load_mode
from ..engine.state import CHANCE, TERMINAL
from ..ui.i18n import t
from . import replica
from .hubgame import HubGame, SeatInfo
from .remote import RemoteSession
from .schema import StoreError
from .corr import Clock, Clocked, SystemClock, Terms, terms_problem
from .deadlines import Deadlines
from .sharing import Sharing
from .store import GameRow, SeatRow, Store

log = logging.getLogger("thorskliff.ssh")

if TYPE_CHECKING:
    from .notify import Notifier

P = ParamSpec("P")
R = TypeVar("R")

#: seconds a process drives a game's bots after its last claim: when it dies,
#: another takes them over within this and one sweep (sharing.SWEEP)
LEASE = 6.0

#: SSH user names that may play: they become seat names, so keep them short and plain
#: a player's name has at most this many characters
NAME_MAX = 16
NAME_RE = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_.-]{{0,{NAME_MAX - 1}}}")


class LobbyError(ValueError):
    """A lobby request that cannot be met: no such game, the seat is taken…"""


def valid_name(name: str) -> bool:
    return NAME_RE.fullmatch(name) is not None


def umlaut_hint(name: str) -> str:
    """A name like ``name`` that would do, if only its umlauts were in the way ("Jörg": "Joerg")."""
    from .session import reason

    plain = reason(name)
    return plain if plain != name and valid_name(plain) else ""


def bots_available() -> bool:
    try:
        from ..bots import registry, seats  # noqa: F401
    except ImportError:
        return False
    return True


def _store_said(method: Callable[P, R]) -> Callable[P, R]:
    """A lobby request while the store is away is refused in words, changing nothing."""
    @functools.wraps(method)
    def said(*args: P.args, **kw: P.kwargs) -> R:
        try:
            return method(*args, **kw)
        except StoreError as exc:
            log.error("the store is away: %s", exc)
            raise LobbyError(t("host.store_away")) from None
    return said


class Hub:
    """All hosted games. ``takeover_after``: seconds a player may be away
    before a bot (kind ``bot``) plays the seat; None: never."""

    def __init__(self, store: Store, takeover_after: float | None = None, bot: str = "greedy",
                 bot_delay: float = 0.05, hints: bool = False, clock: Clock | None = None,
                 notifier: Notifier | None = None):
        self.store = store
        #: whether players may ask for hints (``thorskliff serve --hints``)
        self.hints = hints
        self.takeover_after = takeover_after
        self.bot_kind = bot
        self.bot_delay = bot_delay
        self.games: dict[int, HubGame] = {}
        #: the games that do not load, said by ``serve`` in the server's language
        self.problems: list[record.RecordError] = []
        self._lobbies: list[tuple[Callable[[], None], contextvars.Context]] = []
        self._timers: list[asyncio.TimerHandle] = []
        #: this process among the others on one store (sharing.py)
        self.sharing = Sharing(self)
        #: the correspondence games' clocks (deadlines.py, #32)
        self.deadlines = Deadlines(self, clock or SystemClock(), notifier)
        clocks = store.clocks()
        for row in store.games():
            self._add(row, clocks.get(row.id))

    def _add(self, row: GameRow, clocked: Clocked | None | bool = True) -> HubGame | None:
        """A stored game joins the hub; ``clocked`` its clock (True: read it from the store)."""
        try:
            game = replica.load(row)
        except record.RecordError as exc:
            # one broken game must not keep the others from being played
            self.problems.append(exc)
            log.error("game %s does not load: %s", row.id, exc)
            return None
        seats = [SeatInfo(s.user, s.bot) for s in row.seats]
        seats += [SeatInfo() for _ in range(game.state.num_players - len(seats))]
        hg = HubGame(row.id, game, seats, row.moves, row.record)
        hg.clocked = self.store.clock_of(row.id) if clocked is True else clocked or None
        for i, s in enumerate(seats):
            if s.bot:
                self._give_bot(hg, i, s.bot)
        self.games[row.id] = hg
        return hg

    def start(self) -> None:
        """In the running loop: players not back yet count as gone from now,
        and bots whose turn it is play on."""
        now = time.monotonic()
        for hg in self.games.values():
            for i, s in enumerate(hg.seats):
                if s.user is not None and not s.connected:
                    s.gone_since = now
                    self._arm_takeover(hg, i)
            self._run_bots(hg)
        self.sharing.start()
        self.deadlines.start()

    @staticmethod
    def _someone_here(hg: HubGame) -> bool:
        """Whether a person sits at ``hg`` now (spectators do not count)."""
        return any(s.user is not None and s.connected for s in hg.seats)

    def close(self) -> None:
        for h in self._timers:
            h.cancel()
        self._timers.clear()
        for hg in self.games.values():
            if hg.driver is not None:
                hg.driver.stop()
        self.sharing.stop()
        self.deadlines.stop()

    # ------------------------------------------------------------ the lobby
    def bots_available(self) -> bool:
        return bots_available()

    def listing(self, user: str | None = None) -> list[HubGame]:
        """``user``'s correspondence games that wait for them first (the nearest
        deadline first), then the games in play, newest first."""
        waiting = self.waiting(user) if user is not None else []
        first = {id(g) for g in waiting}
        return waiting + sorted((g for g in self.games.values() if id(g) not in first),
                                key=lambda g: (g.finished, -g.id))

    def waiting(self, user: str) -> list[HubGame]:
        """The correspondence games in which ``user``'s seat must decide now, nearest deadline first."""
        out = [g for g in self.games.values() if g.clocked is not None and not g.finished
               and g.seat_of(user) is not None and g.state.current_player() == g.seat_of(user)]
        return sorted(out, key=lambda g: (g.clocked.deadline if g.clocked and g.clocked.deadline else 0.0, g.id))

    def take_vacation(self, rs: RemoteSession, days: int) -> float:
        """``rs``'s player stops their clock in a correspondence game for ``days`` days; until when."""
        if rs.seat is None:
            raise LobbyError(t("corr.not_yours"))
        try:
            return self.deadlines.vacation(rs.hg, rs.seat, days)
        except ValueError as exc:
            raise LobbyError(str(exc)) from None
        finally:
            self._tell(rs.hg)

    @_store_said
    def create(self, user: str, mode: str, players: int, bots: bool | str = False,
               seed: int | None = None, terms: Terms | None = None) -> RemoteSession:
        """A new game; ``user`` takes seat 1, the other seats are free or
        played by bots: ``bots`` True gives them the host's bot, a level name
        (``bots.registry.LEVELS``) that level's — only a level, so a player
        cannot ask the host for a bot of any budget. Heroes are dealt by the seed."""
        if mode not in available_modes():
            raise LobbyError(t("host.unknown_mode", mode=repr(mode)))
        lo, hi = load_mode(mode).players
        if not lo <= players <= hi:
            raise LobbyError(t("host.players_range", mode=mode, lo=lo, hi=hi))
        if bots and not bots_available():
            raise LobbyError(t("host.no_bots"))
        kind = self.bot_kind if bots is True else None
        if isinstance(bots, str) and bots:
            from ..bots.registry import level_bot

            kind = level_bot(bots)
            if kind is None:
                raise LobbyError(t("level.unknown", level=repr(bots)))
        if terms is not None:
            terms = Terms(*terms)  # the lobby (ui) hands a plain tuple: it knows no host types
            problem = terms_problem(*terms)
            if problem is not None:
                raise LobbyError(t(problem[0], **problem[1]))
        seed = secrets.randbelow(2**31) if seed is None else seed
        heroes = random.Random(seed).sample(sorted(load_heroes()), players)
        infos = [SeatInfo(user=user)] + [SeatInfo(bot=kind) for _ in range(players - 1)]
        names = [user] + [f"Bot {i + 1}" if bots else f"P{i + 1}" for i in range(1, players)]
        game = Game.new(mode, [(names[i], heroes[i], COLOURS[i]) for i in range(players)], seed)
        gid = self.store.new_game(record.dumps(game), [s.row() for s in infos], terms)
        hg = HubGame(gid, game, infos)
        hg.clocked = Clocked(terms) if terms is not None else None
        for i, s in enumerate(infos):
            if s.bot:
                self._give_bot(hg, i, s.bot)
        self.games[gid] = hg
        log.info("game %s created by %s: %s, %s players", gid, user, mode, players)
        rs = self._attach(hg, 0, user)
        self.deadlines.changed(hg)
        self._run_bots(hg)  # a bot may choose the first beach
        return rs

    def join(self, gid: int, seat: int, user: str) -> RemoteSession:
        hg = self.take_seat(gid, seat, user)
        return self._attach(hg, seat, user)

    @_store_said
    def take_seat(self, gid: int, seat: int, user: str) -> HubGame:
        """``user`` sits at the free ``seat`` from now on (no session yet)."""
        hg = self._game(gid)
        if hg.seat_of(user) is not None:
            raise LobbyError(t("host.seated", user=user, seat=(hg.seat_of(user) or 0) + 1, id=gid))
        if not 0 <= seat < len(hg.seats) or not hg.seats[seat].free:
            raise LobbyError(t("host.seat_taken", seat=seat + 1, id=gid))
        if hg.finished:
            raise LobbyError(t("host.game_over", id=gid))
        if not self.store.claim_seat(gid, seat, SeatRow(user, None)):
            self.sharing.reseat(hg)  # another process's player sat down first
            raise LobbyError(t("host.seat_taken", seat=seat + 1, id=gid))
        hg.seats[seat].user = user
        replica.rename(hg.game, seat, user)
        self.store.save_record(gid, record.dumps(hg.game), hg.finished, hg.moves)
        self.store.drop_invites(gid, seat)  # an invitation to a taken seat holds no more
        log.info("%s joins game %s at seat %s", user, gid, seat + 1)
        self.deadlines.changed(hg)
        self._lobby_changed()
        return hg

    @_store_said
    def seat_bot(self, gid: int, seat: int, user: str) -> HubGame:
        """The game's creator (seat 1) gives the free ``seat`` to the host's bot
        for good: two friends at a base game (3-4 seats) had no way to fill the
        third seat once the second was taken, and the game waited for it."""
        hg = self._game(gid)
        if hg.seat_of(user) != 0:
            raise LobbyError(t("host.bot_creator", id=gid))
        if hg.finished:
            raise LobbyError(t("host.game_over", id=gid))
        if not bots_available():
            raise LobbyError(t("host.no_bots"))
        if not 0 <= seat < len(hg.seats) or not hg.seats[seat].free:
            raise LobbyError(t("host.seat_taken", seat=seat + 1, id=gid))
        if not self.store.claim_seat(gid, seat, SeatRow(None, self.bot_kind)):
            self.sharing.reseat(hg)
            raise LobbyError(t("host.seat_taken", seat=seat + 1, id=gid))
        hg.seats[seat].bot = self.bot_kind
        replica.rename(hg.game, seat, f"Bot {seat + 1}")
        self.store.save_record(gid, record.dumps(hg.game), hg.finished, hg.moves)
        self.store.drop_invites(gid, seat)  # an invitation to a seat a bot plays holds no more
        self._give_bot(hg, seat, self.bot_kind)
        log.info("game %s: %s gives seat %s to a bot", gid, user, seat + 1)
        self._tell(hg)
        self._run_bots(hg)
        return hg

    # ------------------------------------------------------------ invitations
    @_store_said
    def invite(self, gid: int, seat: int, user: str) -> str:
        """A new invitation token for the free ``seat`` of ``gid``, asked by
        the game's creator (seat 1) only; it replaces an older one for that
        seat. Only its hash is stored; the token is returned, never logged."""
        from .identity import new_token, token_hash

        hg = self._game(gid)
        if hg.seat_of(user) != 0:
            raise LobbyError(t("web.invite_creator", id=gid))
        if hg.finished:
            raise LobbyError(t("host.game_over", id=gid))
        if not 0 <= seat < len(hg.seats) or not hg.seats[seat].free:
            raise LobbyError(t("host.seat_taken", seat=seat + 1, id=gid))
        token = new_token()
        self.store.new_invite(gid, seat, token_hash(token))
        log.info("game %s: %s made an invitation to seat %s", gid, user, seat + 1)
        return token

    @_store_said
    def accept_invite(self, gid: int, token: str, user: str) -> int:
        """``user`` takes the seat ``token`` invites to (used up then); the
        seat. A player already there (the link opened again) just keeps it."""
        from .identity import token_hash

        hg = self._game(gid)
        seat = self.store.invite_seat(gid, token_hash(token))
        if seat is None:
            raise LobbyError(t("web.bad_invite"))
        if hg.seat_of(user) != seat:
            self.take_seat(gid, seat, user)
        return seat

    def resume(self, gid: int, user: str) -> RemoteSession:
        hg = self._game(gid)
        seat = hg.seat_of(user)
        if seat is None:
            raise LobbyError(t("host.no_seat", user=user, id=gid))
        return self._attach(hg, seat, user)

    def watch(self, gid: int, user: str) -> RemoteSession:
        return self._attach(self._game(gid), None, user)

    def _game(self, gid: int) -> HubGame:
        hg = self.games.get(gid)
        if hg is None:
            raise LobbyError(t("host.no_game", id=gid))
        return hg

    def watch_lobby(self, callback: Callable[[], None]) -> None:
        """``callback`` runs (in the caller's context) after any change the lobby shows."""
        self._lobbies.append((callback, contextvars.copy_context()))

    def unwatch_lobby(self, callback: Callable[[], None]) -> None:
        self._lobbies = [(cb, ctx) for cb, ctx in self._lobbies if cb != callback]

    def _lobby_changed(self) -> None:
        loop = _loop()
        for cb, ctx in self._lobbies:
            if loop is None:
                ctx.run(cb)
            else:
                loop.call_soon(cb, context=ctx)

    # ------------------------------------------------------------ sessions
    def _attach(self, hg: HubGame, seat: int | None, user: str) -> RemoteSession:
        rs = RemoteSession(self, hg, seat, user)
        hg.sessions.append(rs)
        if seat is not None:
            s = hg.seats[seat]
            s.sessions += 1
            s.gone_since = None
            self.sharing.present(hg, seat)
            if self.stand_in.hands_back(s.away_bot, s.connected):
                s.away_bot = False
                if hg.bots is not None:
                    hg.bots.hand_back(seat)
                log.info("game %s: %s is back; the bot hands seat %s back", hg.id, user, seat + 1)
            # a person is here again: the seats still gone count on (their timers may
            # have run out while nobody was here), and the bots play on
            for i, other in enumerate(hg.seats):
                if other.user is not None and not other.connected and not other.away_bot:
                    self._arm_takeover(hg, i)
        self._tell(hg)
        if seat is not None:
            self._run_bots(hg)
        return rs

    def detach(self, rs: RemoteSession) -> None:
        hg = rs.hg
        if rs not in hg.sessions:
            return
        hg.sessions.remove(rs)
        if rs.seat is not None:
            s = hg.seats[rs.seat]
            s.sessions -= 1
            self.sharing.present(hg, rs.seat)
            if not s.connected:
                s.gone_since = time.monotonic()
                self._arm_takeover(hg, rs.seat)
        self._tell(hg)

    def _tell(self, hg: HubGame, origin: RemoteSession | None = None) -> None:
        """Every session of ``hg`` but ``origin`` (which redraws itself) and every lobby."""
        hg.version += 1
        for rs in hg.sessions:
            if rs is not origin:
                rs.notify()
        self._lobby_changed()

    # ------------------------------------------------------------ deciding
    def check_seat(self, hg: HubGame, seat: int | None) -> None:
        """Raise WrongSeatError unless ``seat`` decides now (R-TURN-5)."""
        # in the host's language (its --lang)
        if seat is None:
            raise WrongSeatError("R-TURN-5", "spectator_decides")
        d = hg.state.current_player()
        if d != seat:
            if d == TERMINAL:
                raise WrongSeatError("R-TURN-5", "over_nobody")
            who = Msg("dice_who") if d == CHANCE else hg.name(d)
            raise WrongSeatError("R-TURN-5", "wrong_seat", {"seat": seat + 1, "who": who})
        if hg.is_bot(seat):
            raise WrongSeatError("R-TURN-5", "bot_plays", {"seat": seat + 1})

    def submit(self, rs: RemoteSession, decision) -> list[str]:
        """``rs``'s decision for its own seat; raises the engine's ActionError
        (WrongSeatError for a decision out of turn) and changes nothing then."""
        hg, seat = rs.hg, rs.seat
        self.check_seat(hg, seat)
        assert seat is not None  # check_seat refuses a spectator
        lines = hg.local.submit(decision, seat)
        self._log(hg, seat, "decide", replica.body_of(lines[0]))
        self._changed(hg, rs)
        return lines

    def undo(self, rs: RemoteSession) -> str:
        hg = rs.hg
        if rs.seat is None:
            raise WrongSeatError("R-TURN-4", "spectator_undo")
        seat = rs.seat
        line = hg.local.undo(seat)
        self._log(hg, seat, "undo", "")
        self._changed(hg, rs)
        return line

    def _log(self, hg: HubGame, seat: int, kind: str, body: str) -> None:
        """Log the change just made to ``hg``'s copy; when another process's
        came first, or the store is away, it is undone and refused."""
        problem = replica.logged(hg, self.store, seat, kind, body)
        if problem is None:
            if hg.finished:
                self._rate(hg)
            self.deadlines.changed(hg)
            return
        self._tell(hg)
        self._run_bots(hg)
        raise ActionError(problem)

    def _rate(self, hg: HubGame) -> None:
        """The persons' ratings after ``hg``, which just ended (ratings.py:
        at least two persons; bots left out; a resignation placed last)."""
        from ..engine import events as E
        from . import ratings

        people = {i: s.user for i, s in enumerate(hg.seats) if s.user is not None and not s.bot}
        result = hg.state.outcome()
        if len(people) < 2 or result is None:
            return
        resigned = {e.seat for evs in hg.local.events(None) for e in evs
                    if isinstance(e, E.WentOut) and e.reason == "resign"}
        pool = ratings.pool(hg.game.setup.mode, len(hg.seats))
        known = self.store.ratings_of(sorted(people.values()), pool)
        results = ratings.rate(hg.id, pool, people, ratings.placings(result.winner, resigned, sorted(people)), known)
        try:
            if self.store.rated(results):
                log.info("game %s rated (%s): %s", hg.id, pool,
                         ", ".join(f"{r.player} {r.before:.1f}→{r.after:.1f}" for r in results))
        except StoreError as exc:  # the game stays over; it is rated by nobody then (said in the log)
            log.error("game %s not rated: %s", hg.id, exc)

    def _changed(self, hg: HubGame, origin: RemoteSession | None = None) -> None:
        self._tell(hg, origin)
        self._run_bots(hg)

    # ------------------------------------------------------------ bots
    def _give_bot(self, hg: HubGame, seat: int, kind: str) -> None:
        from ..bots.registry import make_bot
        from ..bots.seats import Seats

        if hg.bots is None:
            hg.bots = Seats(len(hg.seats), seed=hg.game.setup.seed)
        hg.bots.takeover(seat, make_bot(kind))

    def _arm_takeover(self, hg: HubGame, seat: int) -> None:
        if self.takeover_after is None or not bots_available() or hg.finished:
            return
        loop = _loop()
        s = hg.seats[seat]
        if loop is not None and s.gone_since is not None:
            left = self.stand_in.wait_left(s.gone_since, time.monotonic())
            if left is None:  # never with takeover on and the seat gone: the checks above
                return
            self._timers = [h for h in self._timers if not h.cancelled() and h.when() > loop.time()]
            self._timers.append(loop.call_later(left, self._takeover, hg, seat))

    @property
    def stand_in(self) -> StandIn:
        """When a bot stands in for a player gone (play/driver.py)."""
        return StandIn(self.takeover_after)

    def _takeover(self, hg: HubGame, seat: int) -> None:
        s = hg.seats[seat]
        now = time.monotonic()
        if not self.stand_in.takes_over(s.gone_since, now, connected=s.connected, standing_in=s.away_bot,
                                        finished=hg.finished, someone_here=self._someone_here(hg)):
            return  # back meanwhile, a later timer decides, or nobody to play against (the game waits)
        s.away_bot = True
        self._give_bot(hg, seat, self.bot_kind)
        log.info("game %s: seat %s gone %.0f s; a bot plays it", hg.id, seat + 1, now - (s.gone_since or now))
        self._tell(hg)
        self._run_bots(hg)

    def _bot_due(self, hg: HubGame) -> bool:
        """A bot decides now: a seat's own bot always, a bot standing in for a
        player who is away only while some person plays at the table."""
        d = hg.state.current_player()
        if d < 0 or not hg.is_bot(d):
            return False
        return self.stand_in.plays(hg.seats[d].away_bot, self._someone_here(hg))

    def _drives(self, hg: HubGame) -> bool:
        """Whether this process plays ``hg``'s bots now (it holds the game's lease)."""
        try:
            return self.store.claim(hg.id, self.sharing.owner, LEASE)
        except StoreError:
            return False

    def _run_bots(self, hg: HubGame) -> None:
        if _loop() is None:
            return
        if hg.driver is None:
            hg.driver = self._driver(hg)
        hg.driver.start()

    def _driver(self, hg: HubGame) -> SeatDriver:
        """The bots of ``hg`` decide one after another, each after the hub's
        pace, on a copy of the game off the loop (play/driver.py)."""
        def job() -> BotJob | None:
            from ..bots.seats import decide

            if not self._bot_due(hg) or not self._drives(hg):
                return None
            d = hg.state.current_player()
            seats = hg.bots
            bot = seats.bot(d) if seats is not None else None
            if seats is None or bot is None:  # never when a bot is due: _bot_due asked the same seats
                return None
            st, rng = hg.state.clone(), seats.rng(d)
            return BotJob(d, len(hg.game.lines), lambda: decide(bot, st, d, rng), bot)

        def submit(job: BotJob, action) -> bool | None:
            if len(hg.game.lines) != job.lines or hg.state.current_player() != job.seat or not self._bot_due(hg):
                return None  # the game moved on meanwhile (an undo, the player came back, all left)
            lines = hg.local.submit(action, job.seat)
            try:
                self._log(hg, job.seat, "decide", replica.body_of(lines[0]))
            except ActionError:
                return None  # another process's bot or player came first: this copy follows it
            return True

        def failed(job: BotJob, exc: Exception) -> None:  # a bot bug must not stop the game for the others
            log.error("game %s: bot at seat %s failed: %r", hg.id, job.seat + 1, exc)

        return SeatDriver(job, submit, delay=lambda: self.bot_delay, on_step=lambda job, done: self._tell(hg),
                          on_error=failed, due_now=lambda: self._bot_due(hg))


def _loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None

