"""The game's end: who won and how, a table per seat (ambers, crystals,
Taler, combats won) and how the win chances went over the game (the curve
and its biggest swings, ``ui.curveview``), with keys to replay the game or go
back to the title. Esc closes it over the final island (the list of
decisions opens it again).

The turning points are first the curve's biggest swings; meanwhile the
persons' decisions (not the bots') are reviewed in a thread
(:func:`bots.review.review`, :data:`ResultScreen.REVIEW_BUDGET` iterations
each, its progress shown), and once that is done the swings give way to the
costliest decisions measured against the best alternative, as ``thorskliff
analyse --budget`` names them (issue 30); the swings the dice made stay,
named as dice. Leaving the screen cancels the review; a review done is kept
with its game, so the screen opened again shows it at once."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState, get_current_worker

from ...bots.curve import Swing, TurnPoint
from ...bots.review import SCREEN_BUDGET, Review, Stopped, review
from ...game import Setup
from .. import glyphs as G
from ..curveview import chart, dice_named, distinct, reviewed_text, swings_text
from ..i18n import t
from ..keys import localize
from ..results import SeatResult


def winner_text(obs: dict) -> str:
    out = obs["outcome"]
    if out is None or out["winner"] is None:
        return t("result.draw")
    return t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])


def winner_sentence(obs: dict) -> str:
    """Who won, how and when, as one sentence (a play-tester read "Bot 2 gewinnt mit den
    Bernsteinen!  nach 20 Runden": two spaces and the round after the full stop)."""
    n = obs["round"]
    if not n:
        return winner_text(obs)
    after = t("play.result.round_one") if n == 1 else t("play.result.round", n=n)
    out = obs["outcome"]
    if out is None or out["winner"] is None:
        return t("play.result.won_draw", after=after)
    return t(f"play.result.won_{out['reason']}", name=obs["players"][out["winner"] - 1]["name"], after=after)


def result_table(obs: dict, rows: list[SeatResult]) -> Table:
    goal = obs["goal"]
    tab = Table(box=None, padding=(0, 1), show_edge=False, expand=False, header_style="bold")
    tab.add_column(t("play.result.seat"), no_wrap=True)
    tab.add_column(t("play.result.ambers"), justify="right")
    tab.add_column(t("play.result.crystals"), justify="right")
    tab.add_column(t("play.result.taler"), justify="right")
    tab.add_column(t("play.result.combats"), justify="right")
    for r in rows:
        who = Text("★ " if r.winner else "  ", style="bold")
        who.append(f"{G.OWNER[r.colour]} {r.name} ", style=G.chip_style(r.colour))
        if r.out:
            who.append(" " + t("play.result.out"), style="dim")
        tab.add_row(who, f"{r.ambers}/{goal['ambers']}", f"{r.crystals}/{goal['crystals']}", str(r.taler),
                    "–" if r.combats_won < 0 else t("play.result.won_of", won=r.combats_won, fought=r.combats_fought))
    return tab


@dataclass(frozen=True)
class _Finished:
    """The record the review reads in its thread: a copy the game cannot change under it."""

    setup: Setup
    lines: list[str]


#: reviews done, per game: (what was reviewed, the review) — the screen opened again shows it at once
_DONE: WeakKeyDictionary = WeakKeyDictionary()
#: how many decisions the end screen names (the curve's swings are three)
WORST = 3


def reviewed_seats(game, hosted: bool, session) -> set[int]:
    """The seats (0-based) whose decisions the end screen reviews: those no bot
    plays; at a hosted table the viewer's own seat only (a spectator has none),
    as each viewer's screen reviews in the host's one process."""
    if hosted:
        seat = getattr(session, "seat", None)
        return set() if seat is None else {seat}
    return set(range(game.state.num_players)) - set(game.setup.bots)


class ReviewProgress(Message):
    """Posted by the review's thread after each decision judged."""

    def __init__(self, done: int, total: int):
        super().__init__()
        self.done = done
        self.total = total


class ResultScreen(ModalScreen[str | None]):
    """Dismissed with "title", "replay" or None (look at the island)."""

    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("t", "pick('title')", "key.menu"),
        Binding("r", "pick('replay')", "play.result.replay", show=False),
        Binding("escape", "pick('')", "key.close"),
    ]

    #: columns of the curve: the box's content (#box: width 72, thick border,
    #: padding 1) less the scrollbar the curve gets on a short terminal
    WIDTH = 67
    #: search iterations per decision of the review (0: no review, the curve's swings stay)
    REVIEW_BUDGET = SCREEN_BUDGET

    def __init__(self, obs: dict, rows: list[SeatResult], can_replay: bool, game=None):
        super().__init__()
        localize(self)
        self.obs = obs
        self.rows = rows
        self.can_replay = can_replay
        self.game = game
        self._points: list[TurnPoint] = []  # the curve's, once composed (none without the game's record)
        self._swings: list[Swing] = []
        #: the review once done (None while it runs, or without one)
        self.reviewed: Review | None = None
        self.review_worker: Worker | None = None
        self._reviewing: tuple[Any, tuple] = (None, ())  # the game under review and what of it (_DONE's key)
        #: set when the review's thread has returned, done or given up
        self.review_ended = threading.Event()
        #: the last progress the thread posted: (decisions judged, of how many)
        self.review_progress = (0, 0)

    def _session(self):
        for screen in reversed(self.app.screen_stack):
            session = getattr(screen, "session", None)
            if session is not None:
                return session
        return None

    def _game(self):
        """The finished game: given, or the one behind the screen that ended it
        (its session), so the curve needs no change where the screen is opened."""
        if self.game is not None:
            return self.game
        from ..results import game_of

        for screen in reversed(self.app.screen_stack):
            game = game_of(getattr(screen, "session", None))
            if game is not None:
                return game
        return None

    def persons(self, game) -> set[int]:
        return reviewed_seats(game, getattr(self.app, "hosted", False), self._session())

    def curve(self):
        """The curve's points and top swings, or None without the game's record."""
        from ...bots.curve import swings, win_chances
        from ...engine.actions import ActionError

        game = self._game()
        if game is None or not game.lines:
            return None
        try:
            points = win_chances(game)
        except ActionError:  # a game set up by hand (a test's position) that its setup cannot rebuild
            return None
        return points, swings(points)

    def compose(self) -> ComposeResult:
        obs = self.obs
        with Vertical(id="box"):
            yield Static(t("play.result.title"), id="r-title")
            yield Static(Text(winner_sentence(obs), style="bold"), id="r-winner")
            yield Static(result_table(obs, self.rows), id="r-table")
            if any(r.combats_won >= 0 for r in self.rows):  # what "Kämpfe gewonnen" counts
                yield Static(Text(t("play.result.combats_note"), style="dim"), id="r-note")
            curve = self.curve()
            if curve is not None:
                self._points, self._swings = curve
                seats = self._seats()
                with VerticalScroll(id="r-curve"):
                    yield Static(Text(t("curve.title"), style="bold"), id="r-curve-title")
                    yield Static(chart(curve[0], seats, self.WIDTH, marks=[sw.point for sw in curve[1]]),
                                 id="r-chart")
                    yield Static(swings_text(curve[1], seats), id="r-swings")
                    yield Static("", id="r-review")
            hosted = getattr(self.app, "hosted", False)  # t leads to the server's table
            opts = [Option(t("play.result.to_lobby" if hosted else "play.result.to_title"), id="title")]
            if self.can_replay:
                opts.append(Option(t("play.result.replay"), id="replay"))
            opts.append(Option(t("play.result.board"), id=""))
            yield OptionList(*opts, id="r-keys")
        # its own footer: the game's below it named keys that do nothing here, and "t Tipp" beside "Zum Titel (t)"
        yield Footer()

    def on_mount(self) -> None:
        if getattr(self.app, "hosted", False):  # the footer too: "t Titel" led to the table
            from ..keys import relabel

            relabel(self, "t", t("lobby.lobby"))
            self.refresh_bindings()
        for ol in self.query(OptionList):  # none when the app ends while this screen mounts
            ol.highlighted = 0
            ol.focus()
        self._start_review()
        self.on_resize()

    def _seats(self) -> list[tuple[str, str]]:
        return [(p["name"], p["colour"]) for p in self.obs["players"]]

    # ------------------------------------------------------------ the review
    def _start_review(self) -> None:
        game = self._game() if self._points and self.REVIEW_BUDGET > 0 else None
        seats = self.persons(game) if game is not None else set()
        if game is None or not seats:
            for line in self.query("#r-review"):
                line.display = False
            self.review_ended.set()
            return
        key = (len(game.lines), self.REVIEW_BUDGET, frozenset(seats))
        done = _DONE.get(game)
        if done is not None and done[0] == key:
            self.review_ended.set()
            self._show_review(done[1])
            return
        finished = _Finished(game.setup, list(game.lines))  # read on the UI thread, before the thread starts
        self.query_one("#r-review", Static).update(Text(t("curve.reviewing", done=0, total="…"), style="dim italic"))
        self._reviewing = (game, key)
        self.review_worker = self.run_worker(lambda: self._review(finished, seats), thread=True,
                                             group="review", exclusive=True, exit_on_error=False)

    def _review(self, finished: _Finished, seats: set[int]) -> Review | None:
        """In the worker's thread: the review, its progress posted to the screen
        (post_message is thread-safe and does not wait); None when given up."""
        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.post_message(ReviewProgress(done, total))

        try:
            return review(finished, self.REVIEW_BUDGET, seats=seats, progress=progress,
                          stop=lambda: worker.is_cancelled)
        except Stopped:
            return None
        finally:
            self.review_ended.set()

    def on_review_progress(self, msg: ReviewProgress) -> None:
        self.review_progress = (msg.done, msg.total)
        if self.reviewed is None and self.query("#r-review"):
            self.query_one("#r-review", Static).update(
                Text(t("curve.reviewing", done=msg.done, total=msg.total), style="dim italic"))

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.worker is not self.review_worker:
            return
        if event.state == WorkerState.SUCCESS and event.worker.result is not None:
            game, key = self._reviewing
            _DONE[game] = (key, event.worker.result)
            self._show_review(event.worker.result)
        elif event.state == WorkerState.ERROR:  # a bug in the search must not take the screen down: the swings stay
            self.query_one("#r-review").display = False

    def _show_review(self, got: Review) -> None:
        """The costliest decisions and the dice's swings in place of the swings."""
        self.reviewed = got
        seats = self._seats()
        worst = distinct(got.worst(len(got.decisions)), seats, WORST)
        dice = [sw for sw in self._swings if dice_named(sw)]
        marks = [self._point_of(j.line) for j in worst] + [sw.point for sw in dice]
        self.query_one("#r-chart", Static).update(chart(self._points, seats, self.WIDTH, marks=marks))
        self.query_one("#r-swings", Static).update(reviewed_text(worst, dice, seats))
        self.query_one("#r-review").display = False
        self.call_after_refresh(self._fit)

    def _point_of(self, line: int) -> int:
        """The curve point that ends the turn of the record line ``line`` (0-based)."""
        return min((p.index for p in self._points if p.lines > line), default=len(self._points) - 1)

    def on_resize(self, event=None) -> None:
        # a short terminal drops two blank rows, for the curve's swings
        self.set_class(self.app.size.height < 30, "-short")
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The curve gets the rows the rest of the box leaves (it scrolls in
        them), so the keys stay on a short terminal (80x24, four seats)."""
        found = self.query("#r-curve")
        if not found:
            return
        scroll = found.first()
        box = self.query_one("#box")
        used = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                   for w in box.children if w is not scroll)
        footer = sum(f.outer_size.height for f in self.query(Footer))
        room = int((self.size.height - footer) * 0.98) - 2 - used - scroll.styles.margin.top
        scroll.styles.max_height = max(3, room)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        if what == "replay" and not self.can_replay:
            return
        self.dismiss(what or None)
