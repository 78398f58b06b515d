"""The one interface between the app and a game.

The app submits a decision for a seat, asks for the view of a seat and who
decides now, and may undo; it never touches the engine's state itself. A
:class:`LocalSession` wraps a :class:`thorskliff.game.Game` in this process
and saves the record after every change; an SSH host can hand the same app a
session that forwards these calls instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol, cast

from .. import record
from ..engine.actions import Action, ActionError, IllegalActionError, fmt, parse
from ..engine.events import Event, visible
from ..engine.messages import Msg
from ..variants import parser_for
from ..game import Game
from ..engine.state import CHANCE, TERMINAL, GameState
from ..loaderror import os_problem
from ..play.driver import BotJob
from .i18n import lang

if TYPE_CHECKING:
    from ..bots.seats import Seats
    from ..campaign.state import CampaignState

__all__ = ["CHANCE", "TERMINAL", "BotJob", "CampaignSession", "LocalSession", "MenuEntry", "Session", "SeenEvents"]


class MenuEntry(NamedTuple):
    """An action of the action menu: ``legal`` or greyed with ``reason``
    (the engine's refusal; None for a seat that does not decide now);
    ``taler`` and ``needs`` (terrains, "amber") are its cost."""

    action: str
    legal: bool
    reason: ActionError | None
    taler: int
    needs: tuple[str, ...]


class Session(Protocol):
    def decider(self) -> int: ...
    def view(self, seat: int | None) -> dict: ...
    def submit(self, decision: str, seat: int | None) -> list[str]: ...
    def undo(self, seat: int | None = None) -> str: ...
    def undo_problem(self, seat: int | None = None) -> Msg | None: ...
    def explain(self, decision: str, seat: int | None) -> ActionError | None: ...
    def action_menu(self, seat: int) -> list[MenuEntry]: ...
    def events(self, viewer: int | None) -> list[tuple[Event, ...]]: ...


class SeenEvents:
    """The events of each record line as each viewer may see them
    (``events.visible``), kept line by line: a call looks only at the lines
    added since the last one (or since an undo took lines back), so the log
    of a long game costs nothing per decision. ``source`` gives the game's
    events per line (``Game.events``); a line is known by the identity of its
    tuple there, which an undo and a new decision replace."""

    def __init__(self, source: Callable[[], list[tuple[Event, ...]]]):
        self.source = source
        self._src: dict[int | None, list[tuple]] = {}
        self._out: dict[int | None, list[tuple]] = {}

    def __call__(self, viewer: int | None) -> list[tuple[Event, ...]]:
        src = self.source()
        seen, out = self._src.setdefault(viewer, []), self._out.setdefault(viewer, [])
        k = min(len(src), len(seen))
        while k and src[k - 1] is not seen[k - 1]:
            k -= 1
        del seen[k:], out[k:]
        for evs in src[k:]:
            seen.append(evs)
            out.append(tuple(visible(evs, viewer)))
        return list(out)


class LocalSession:
    """A game played in this process; ``path``, when given, receives the
    record after every change (R-TURN-4: every decision is kept).

    ``bots`` maps seats (0-based) to the kind of bot that plays them
    (``thorskliff.bots.registry``); without it, the record's ``bot`` keys
    say. The session does not play them by itself: whoever drives it asks
    :meth:`bot_job` and hands the answer to :meth:`submit_bot`. In a running
    game a seat may go to a bot (:meth:`hand_to_bot`, its player left) and
    come back to a person (:meth:`take_back`); the record's header follows
    at once, and what was decided before stays (never taken back)."""

    #: whether seats may change hands between people and bots during the game
    changes_seats = True
    #: whether a person may ask for hints (an SSH host decides for its sessions)
    hints = True

    def __init__(self, game: Game, path: str | Path | None = None,
                 bots: Mapping[int, str] | None = None):
        self.game = game
        self.path = Path(path) if path is not None else None
        self._seen = SeenEvents(self.game.told)
        self.bots: dict[int, str] = dict(record.seat_bots(game) if bots is None else bots)
        game.setup.bots = self.bots  # the record's header keeps them
        #: each seat's bot and generator, once a bot plays here
        self.seats: Seats | None = None
        # record lines below these counts are never taken back: a bot decided
        # the last of them, or a seat changed hands after them
        self._bot_kept = 0
        self._seat_kept = 0
        for seat, kind in self.bots.items():
            self._give_bot(seat, kind)

    # ------------------------------------------------------------ who and what
    @property
    def state(self) -> GameState:
        return self.game.state

    @property
    def num_players(self) -> int:
        return self.game.state.num_players

    @property
    def auto_chance(self) -> bool:
        return self.game.auto_chance

    def decider(self) -> int:
        """A seat (0-based), CHANCE when dice are due, TERMINAL at the end."""
        return self.game.state.current_player()

    def view(self, seat: int | None) -> dict:
        return self.game.view(seat)

    def hint_state(self, seat: int) -> GameState:
        """A copy of the game with only what ``seat`` may see, for a hint's
        search (:func:`thorskliff.bots.search.public_state`)."""
        from ..bots.search import public_state

        return public_state(self.game.state, seat)

    def events(self, viewer: int | None) -> list[tuple]:
        """The events of every record line as ``viewer`` (0-based seat, None:
        a spectator) may see them (``thorskliff.engine.events``), after a
        chapter's opening (``Game.told``); the game log, the summaries and the
        SSH views are drawn from them."""
        return self._seen(viewer)

    def chance_request(self) -> tuple[str, ...]:
        return self.game.state.chance_request()

    # ------------------------------------------------------------ bots
    def _give_bot(self, seat: int, kind: str) -> None:
        """A bot of ``kind`` plays ``seat`` (ValueError for an unknown kind or seat)."""
        from ..bots.registry import make_bot
        from ..bots.seats import Seats

        if not 0 <= seat < self.num_players:
            raise ValueError(f"no seat {seat + 1} in a game of {self.num_players}")
        bot = make_bot(kind)
        if self.seats is None:
            self.seats = Seats(self.num_players, seed=self.game.setup.seed)
        self.seats.takeover(seat, bot)

    def hand_to_bot(self, seat: int, kind: str) -> None:
        """A bot of ``kind`` (``bots.registry``) plays ``seat`` from its next
        decision on — at once if the seat decides now (its player left).
        Saved at once: a resumed game keeps the bot. Raises ValueError for
        an unknown kind or seat."""
        self._give_bot(seat, kind)
        self.bots[seat] = kind  # the same dict as the header's (Setup.bots)
        self._seat_kept = len(self.game.lines)
        self.save()

    def take_back(self, seat: int) -> str:
        """A person plays ``seat`` again from its next decision on; the
        bot's decisions stay. Saved at once. Returns the kind of bot that
        played it (ValueError when no bot does)."""
        kind = self.bots.get(seat)
        if kind is None or self.seats is None:
            raise ValueError(f"no bot plays seat {seat + 1}")
        self.seats.hand_back(seat)
        del self.bots[seat]
        self._seat_kept = len(self.game.lines)
        self.save()
        return kind

    def is_bot(self, seat: int | None) -> bool:
        return seat is not None and seat in self.bots

    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s in range(self.num_players) if s not in self.bots]

    def bot_job(self) -> BotJob | None:
        """The decision a bot must make now, or None (a person decides, the
        dice, the end). Its seat's bot sees only what the seat may see
        (``bots.seats.decide``)."""
        d = self.decider()
        if d < 0 or self.seats is None or not self.seats.is_bot(d):
            return None
        from ..bots.seats import decide

        bot, st, rng = self.seats.bot(d), self.game.state.clone(), self.seats.rng(d)
        if bot is None:  # never: is_bot(d) asked the same seats
            return None
        return BotJob(d, len(self.game.lines), lambda: decide(bot, st, d, rng), bot)

    def submit_bot(self, job: BotJob, action: Action) -> list[str] | None:
        """The bot's answer to ``job``, submitted like any decision (saved,
        logged); None when the game has moved on since it was asked."""
        if len(self.game.lines) != job.lines or self.decider() != job.seat or not self.is_bot(job.seat):
            return None
        if job.bot is not None and self.seats is not None and self.seats.bot(job.seat) is not job.bot:
            return None  # the seat changed hands while this bot thought
        lines = self.submit(action, job.seat)
        self._bot_kept = len(self.game.lines)
        return lines

    def bot_decided_last(self) -> bool:
        """Whether the last record line is a bot's decision: it is never
        taken back, nor anything before it."""
        if not self.game.lines:
            return False
        if len(self.game.lines) <= self._bot_kept:
            return True  # the seat may be a person's again since
        col = self.game.lines[-1].partition(" ")[0]
        return col != "*" and self.is_bot(int(col) - 1)

    def seat_changed_last(self) -> bool:
        """Whether a seat changed hands (person or bot) after the last
        record line: nothing before that is taken back."""
        return 0 < len(self.game.lines) <= self._seat_kept

    # ------------------------------------------------------------ deciding
    def submit(self, decision: str | Action, seat: int | None) -> list[str]:
        """Apply ``seat``'s decision (raises the engine's ActionError and
        changes nothing then); returns the record lines added."""
        lines = self.game.submit(decision, seat)
        self.save()
        return lines

    def roll(self, dice: str | None = None) -> list[str]:
        """At a chance step: the given dice (``"M3 K1"``), else the seeded ones."""
        st = self.game.state
        if st.current_player() != CHANCE:
            raise ActionError("no_dice_due")
        action = parse("roll " + dice) if dice else st.sample_chance()
        lines = self.game.submit(action)
        self.save()
        return lines

    def undo_problem(self, seat: int | None = None) -> Msg | None:
        problem = self.game.undo_problem(seat)
        if problem is None and self.bot_decided_last():
            return Msg("undo_bot")
        if problem is None and self.seat_changed_last():
            return Msg("undo_hands")
        return problem

    def undo(self, seat: int | None = None) -> str:
        if self.bot_decided_last() or self.seat_changed_last():
            raise IllegalActionError("R-TURN-4", "undo", {"problem": self.undo_problem(seat)})
        line = self.game.undo(seat)
        self.save()
        return line

    #: why the last save failed (None: it did not); the game goes on in memory
    save_problem: str | None = None
    #: told the problem when a save fails, so the player learns it at once (the app sets it)
    on_save_problem: Callable[[str], None] | None = None

    def save(self) -> None:
        """Write the record to ``path``. A failure (disk full, read-only
        folder, a file where the folder should be) does not stop the game:
        ``save_problem`` says why, ``on_save_problem`` is told, and
        :meth:`save_elsewhere` offers another place."""
        if self.path is None:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            record.write(self.game, self.path)
        except OSError as exc:
            self._save_failed(os_problem(exc, lang(), self.path))
            return
        self.save_problem = None

    def _save_failed(self, problem: str) -> None:
        told = self.save_problem == problem  # the same problem again: said already
        self.save_problem = problem
        if not told and self.on_save_problem is not None:
            self.on_save_problem(problem)

    def save_elsewhere(self, folders: list[Path] | None = None) -> Path:
        """Write the record into the first of ``folders`` that takes it (by
        default the current folder, the home folder, the temporary folder)
        and save there from now on. Raises OSError when none does."""
        import tempfile

        name = self.path.name if self.path is not None else f"{self.game.setup.mode}.tkr"
        last: OSError | None = None
        for folder in folders or [Path.cwd(), Path.home(), Path(tempfile.gettempdir())]:
            target = folder / name
            if target.exists() and self.path is not None and target.resolve() == self.path.resolve():
                continue
            try:
                record.write(self.game, target)
            except OSError as exc:
                last = exc
                continue
            self.path = target
            self.save_problem = None
            return target
        raise last or OSError("no folder to save in")

    # ------------------------------------------------------------ explaining
    def explain(self, decision: str | Action, seat: int | None) -> ActionError | None:
        """Why ``decision`` is refused now (the engine's error: rule id,
        message key and parameters), or None when it would be accepted."""
        st = self.game.state
        try:
            action = self.game.parse(decision) if isinstance(decision, str) else decision
        except ActionError as exc:
            return exc
        return st.refusal(action, seat)  # the engine's own check, a campaign's decisions included

    def action_menu(self, seat: int) -> list[MenuEntry]:
        """Every action of the hero's field with its cost, legal or greyed
        with the engine's reason (R-ACT-1): the engine's own offers, from its
        verb table (``GameState.action_offers``)."""
        return [MenuEntry(fmt(o.action), o.legal, o.refusal, o.taler, o.needs)
                for o in self.game.state.action_offers(seat)]

    # ------------------------------------------------------------ files
    @classmethod
    def load(cls, path: str | Path) -> LocalSession:
        """Resume the record at ``path`` (raises record.RecordError); the
        session keeps saving to the same file, and its bots play on."""
        game = record.load(path)
        bots = record.seat_bots(game)
        if bots:  # the front end that starts the bots checks their kinds (records import no bots)
            from ..bots.registry import bot_problem
            from ..loaderror import Problem

            for seat, kind in sorted(bots.items()):
                problem = bot_problem(kind)
                if problem:
                    text = Path(path).read_text(encoding="utf-8")
                    raise record.header_error(text, str(path), Problem("record.seat_bot_kind", seat=seat + 1, why=problem),
                                              "bot", seat)
        return cls(game, path)


class ReplaySession:
    """A saved game seen step by step (read-only): ``view`` shows the game
    after the first ``at`` record lines."""

    auto_chance = True

    def __init__(self, game: Game):
        self.setup = game.setup
        self.lines = list(game.lines)
        # what a spectator may see of each line: the same tuples at every step
        self._events = [tuple(visible(evs, None)) for evs in game.events]
        # what happened before the first line (a chapter's card of spring): shown at every step
        self._opening = [tuple(visible(game.opening, None))] if game.opening else []
        self.states: list[GameState] = [game.setup.build()]
        self.seek(len(self.lines))  # every step at once (a whole record well under 0.1 s)
        # a replay starts where the game started: a play-tester who chose "Partie nachspielen"
        # at the end screen read "Schritt 336 von 336", the position he had just left
        self.at = 0

    @property
    def total(self) -> int:
        return len(self.lines)

    def seek(self, k: int) -> None:
        k = max(0, min(k, len(self.lines)))
        while len(self.states) <= k:
            n = len(self.states) - 1
            st = self.states[-1].clone()
            line = self.lines[n]
            col, _, rest = line.partition(" ")
            st.apply_action(rest, None if col == "*" else int(col) - 1)
            self.states.append(st)
        self.at = k

    def decider(self) -> int:
        return TERMINAL

    def view(self, seat: int | None) -> dict:
        return self.states[self.at].observation(None)

    def events(self, viewer: int | None) -> list[tuple]:
        """The events up to the step shown, as a spectator sees them (a
        chapter's opening first)."""
        return self._opening + self._events[: self.at]

    def undo_problem(self, seat=None) -> Msg:
        return Msg("undo_replay")


class CampaignSession(LocalSession):
    """A campaign chapter in play for a group of the campaign table
    (``thorskliff.campaign.table``): after every change the table keeps the
    chapter's decisions, so it resumes exactly; when it ends, its result and
    the carried cards go into the table. ``path``, when given, receives the
    chapter's record as well (``thorskliff replay`` checks it).

    The group's bot seats (chosen at its creation, changed on its page)
    are played by bots; a seat given to a bot or taken back during the
    chapter is written into the group at once, so it stays so on resume and
    in the next chapter."""

    def __init__(self, game: Game, table, group: str, path: str | Path | None = None,
                 bots: Mapping[int, str] | None = None):
        super().__init__(game, path, bots=dict(bots or {}))
        self.table = table
        self.group = group
        #: the table's ChapterResult once the chapter is over
        self.result = None

    def hand_to_bot(self, seat: int, kind: str) -> None:
        super().hand_to_bot(seat, kind)
        self.table.set_bot(self.group, seat, kind)

    def take_back(self, seat: int) -> str:
        kind = super().take_back(seat)
        self.table.set_bot(self.group, seat, None)
        return kind

    @classmethod
    def start(cls, table, group: str, chapter: int, seed: int, short: bool = False, start: int = 0,
              file: str | Path | None = None, path: str | Path | None = None) -> CampaignSession:
        """Record chapter ``chapter`` as in progress for ``group`` and set it up
        (raises ValueError or ScenarioError for a bad setup)."""
        st = table.start_chapter(group, chapter, seed, short=short, start=start, file=file)
        game = Game.new_chapter(table.group(group), st.chapter.file, seed, short=short, start=start,
                                meta={"group": group})
        session = cls(game, table, group, path, bots=table.group(group).bots())
        session.save()
        return session

    @classmethod
    def resume(cls, table, group: str, path: str | Path | None = None) -> CampaignSession | None:
        """The group's chapter in progress, replayed from its seed and
        decisions; None when no chapter is in progress."""
        st = table.resume(group)
        if st is None:
            return None
        game = Game.new_chapter(table.group(group), st.chapter.file, st.seed, short=st.short, start=st.start_seat,
                                auto_chance=False, meta={"group": group})
        if st.old_haste:  # begun before the haste phase kept its secret
            game.setup.flow = 1
            game.state = game.setup.build()
        game.keep_undo = False
        read = parser_for(game.state)
        for line in st.history:
            action = read(line)
            seat = game.state.current_player()
            game.submit(action, None if seat == CHANCE else seat)
        if _chapter_state(game).history != st.history:  # pragma: no cover - the engine's replay is exact
            raise RuntimeError(f"the chapter of {group!r} does not replay to itself")
        game.auto_chance = game.keep_undo = True
        game.resolve_chance()
        return cls(game, table, group, path, bots=table.group(group).bots())

    def save(self) -> None:
        import sqlite3  # only a campaign's table needs it: a plain game starts without it

        super().save()
        st = self.game.state
        if self.result is not None:
            return
        try:
            if st.is_terminal():
                self.result = self.table.finish(self.group, st)
            else:
                self.table.save(self.group, st)
        except sqlite3.Error as exc:  # the table went read-only or the disk is full: play on in memory
            self._save_failed(f"{self.table.path}: {exc}")

    def view(self, seat: int | None) -> dict:
        """The observation with the chapter's texts in the app's language."""
        obs = super().view(seat)
        obs["campaign"] = _chapter_state(self.game).campaign_view(lang())
        return obs

    def card_view(self, cid: str) -> dict:
        return _chapter_state(self.game).card_view(cid, lang())

    def option_words(self, cid: str, option: str) -> str | None:
        """The words of ``option`` of card ``cid`` (the game log's choices)."""
        from .words import option_words

        return option_words(_chapter_state(self.game).chapter, cid, option)

    def chapter_view(self) -> dict:
        """The chapter's number, title, intro and epilogue."""
        from ..campaign.chapter import lang_text

        st = _chapter_state(self.game)
        ch = st.played_chapter
        return {"number": ch.number, "title": lang_text(ch.title, lang()), "intro": lang_text(ch.intro_for(st.short), lang()),
                "epilogue": lang_text(ch.epilogue, lang()) if ch.epilogue else ""}

    def rules_in_force(self) -> list[str]:
        return _chapter_state(self.game).rules_in_force()


def _chapter_state(game: Game) -> CampaignState:
    """A chapter's state (a campaign session's game is always one)."""
    from ..campaign.state import CampaignState

    return cast(CampaignState, game.state)
