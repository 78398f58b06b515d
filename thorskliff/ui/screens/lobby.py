"""The lobby of a hosted game server (``thorskliff serve``): the games on the
server, a new one (mode, seats, bots for the empty seats), a free seat to
join, a game to watch, one's own seat to resume; and :class:`SeatScreen`,
the game screen of one seat (or a spectator) of a hosted game.

The hub (``thorskliff.host.hub``) is passed in; these screens only call it.
Its texts are in the catalogues' [lobby] tables.
"""

from __future__ import annotations

from typing import Protocol, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Markdown, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option

from ...engine.steps import Step
from ...scenario import load_mode
from .. import glyphs as G
from ..botwords import bot_name, bot_words
from ..i18n import t
from ..flow import Flow
from ..keys import localize, relabel
from ..widgets.hexmap import IslandMap
from ..viewmemo import per_view
from ..widgets.panels import DrawnAlike, HexInfo, hex_text, show_changed
from .game import GameScreen
from .choose import ChooseScreen
from .help import TABS, HelpScreen
from .corrwords import ask_terms, row_words
from .lobbyrows import shown_games
from .gameparts import thors_app

MODES = ("base", "duell", "episch")
#: the mark after a seated player's name in a lobby row, by how the seat is played (the legend names them)
MARKS = {"connected": "●", "away": "○", "bot": "⚙"}

def tx(key: str, **fields) -> str:
    return t(f"lobby.{key}", **fields)


def invite_choices(hub, gid: int, user: str) -> list[tuple[int, str]]:
    """The free seats of game ``gid`` its creator ``user`` may invite to, with
    their menu texts (none for anyone else, or a finished game)."""
    hg = hub.games.get(gid)
    if hg is None or hg.finished or hg.seat_of(user) != 0:
        return []
    st = hg.state
    return [(i, t("web.invite_item", n=i + 1, hero=st.players[i].hero, colour=t(f"colour.{st.players[i].colour}")))
            for i, s in enumerate(hg.seats) if s.free]


def bot_choices(hub, gid: int, user: str) -> list[tuple[int, str]]:
    """The free seats of game ``gid`` its creator ``user`` may give to the
    host's bot, with their menu texts (none for anyone else, a finished game,
    or a server without bots)."""
    hg = hub.games.get(gid)
    if hg is None or hg.finished or hg.seat_of(user) != 0 or not hub.bots_available():
        return []
    st = hg.state
    kind = bot_words(hub.bot_kind)
    return [(i, tx("give_bot", n=i + 1, hero=st.players[i].hero, kind=kind))
            for i, s in enumerate(hg.seats) if s.free]


def invite_text(app, hub, gid: int, seat: int, user: str) -> str:
    """A new invitation link to ``seat`` with what it is for (its token is
    never logged); a LobbyError (ValueError) says why not."""
    token = hub.invite(gid, seat, user)
    return t("web.invite_link", n=seat + 1, id=gid, url=f"{app.invite_base}/join/{gid}/{token}")


class InviteScreen(ModalScreen[None]):
    """An invitation link shown over the game, whole and on a line of its
    own, to be copied (the game's creator asked for it from her seat)."""

    DEFAULT_CSS = """
    InviteScreen { align: center middle; }
    InviteScreen > Vertical { width: 100%; height: auto; border: round $accent; background: $panel;
                              padding: 0 1; }
    InviteScreen #inv-title { text-style: bold; }
    InviteScreen #inv-copy { color: $text-muted; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "key.cancel")]

    def __init__(self, text: str):
        super().__init__()
        localize(self)
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("web.invite_title"), id="inv-title")
            yield Static(Text(self.text), id="inv-link")
            yield Static(t("web.invite_copy"), id="inv-copy")

    def action_close(self) -> None:
        self.dismiss(None)


class LobbyHelpScreen(HelpScreen):
    """The help over the lobby: a page on the lobby itself (its keys, what a row and its
    marks say) before the pages on the game (a play-tester's ? in the lobby showed only the
    board's keys)."""

    def __init__(self, tab: str = "lobby"):
        super().__init__(tab)
        self.tabs = ("lobby",) + TABS

    def compose(self) -> ComposeResult:
        yield Static(t("help.title") + " – " + t("app.title"), id="help-title")
        with TabbedContent(initial=f"tab-{self.first_tab}"):
            with TabPane(tx("help_tab"), id="tab-lobby"):
                with VerticalScroll():
                    yield Markdown(tx("help_page"), id="help-lobby")
            for name in TABS:
                with TabPane(t(f"help.tab_{name}"), id=f"tab-{name}"):
                    with VerticalScroll():
                        yield Markdown(self._text(name))
        yield Footer()


class NewGameChoice(ChooseScreen):
    """A question of the new-game dialog, with a footer of its own: under the dialog the
    lobby's footer read "n Neues Spiel …" (a key that does nothing there) and named
    neither Enter nor Esc."""

    BINDINGS = [Binding("enter", "choose", "key.select")]

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Footer()

    @property
    def active_bindings(self):
        """The list's own Enter (not shown) hid this one from the footer; a priority
        binding instead chose before a "down" sent in the same packet (over SSH) moved."""
        bindings = super().active_bindings
        for key, binding in self._bindings:
            if key == "enter":
                bindings["enter"] = ActiveBinding(self, binding, True, binding.tooltip)
        return bindings

    def action_choose(self) -> None:
        self.query_one(OptionList).action_select()


class LobbyScreen(Screen):
    CSS_PATH = "lobby.tcss"
    BINDINGS = [
        Binding("n", "new", "new"),
        Binding("r", "ratings", "key.ratings"),
        Binding("question_mark,f1", "help", "key.help"),
        Binding("q", "quit", "key.quit"),
    ]

    def __init__(self, hub, user: str):
        super().__init__()
        localize(self)
        relabel(self, "n", tx("new"))
        self.hub = hub
        self.user = user
        self._pending = False
        self._empty = False
        self._just_filled = False
        #: the seat (game, seat) whose invitation link the status line shows
        self._invite_shown: tuple[int, int] | None = None
        #: the game just left (its seat or its spectators' view): the cursor goes back to it
        self._came_from: int | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-box"):
            yield Static(tx("title"), id="l-title")
            yield Static(tx("who", user=self.user), id="l-who")
            yield Static(tx("help"), id="l-help")
            yield OptionList(id="l-games")
            yield Static(tx("legend", **MARKS), id="l-legend")
            yield Static(id="l-status")
        yield Footer()

    def on_mount(self) -> None:
        self._host = self.app
        self.fill()
        self._just_filled = True
        self.query_one(OptionList).focus()
        self.hub.watch_lobby(self._changed)

    def on_unmount(self) -> None:
        self.hub.unwatch_lobby(self._changed)

    def on_screen_resume(self) -> None:
        # the resume that follows the mount finds the list just filled: filling it twice was
        # a tenth of the lobby's first frame with 500 games (scripts/bench_lobby.py)
        if self._just_filled:
            self._just_filled = False
            return
        self.fill()

    def _changed(self) -> None:
        # Many changes may come at once (bots play fast): one refresh for all of them.
        if not self._pending:
            self._pending = True
            self._host.call_later(self._refresh_list)

    def _refresh_list(self) -> None:
        self._pending = False
        if self.is_attached and self.app.screen is self:
            self.fill()

    def fill(self) -> None:
        """The games, the cursor on the game just left if one was, else on the game it was on
        (a row moves when a game is added above it or finishes; the cursor moves with it)."""
        ol = self.query_one(OptionList)
        keep = ol.highlighted_option.id if ol.highlighted_option is not None else None
        if self._came_from is not None:
            keep, self._came_from = str(self._came_from), None
        every = self.hub.listing(self.user)
        games = shown_games(every, self.user)
        waiting = len(self.hub.waiting(self.user))
        self.query_one("#l-who", Static).update(
            tx("who", user=self.user) + (" " + t("corr.waiting", n=waiting) if waiting else ""))
        ol.clear_options()
        ol.add_options([Option(self._row(hg), id=str(hg.id)) for hg in games])
        if len(every) > len(games):  # a host with hundreds of games: the rest is said, not drawn
            ol.add_option(Option(Text(tx("more", n=len(every) - len(games)), style="dim italic"), disabled=True))
        if not games:
            self.say(tx("none"))
        elif self._empty:
            self.say("")
        self._empty = not games
        self.query_one("#l-legend").display = bool(games)  # the marks' legend, where there are marks
        ids = [str(hg.id) for hg in games]
        if ids:
            ol.highlighted = ids.index(keep) if keep in ids else 0
        if self._invite_shown is not None:  # a link to a seat taken since is no use: it says who took it
            gid, seat = self._invite_shown
            hg = self.hub.games.get(gid)
            if hg is None or not hg.seats[seat].free:
                self.say(t("web.invite_used", n=seat + 1, id=gid, name=hg.name(seat)) if hg else "")

    def _row(self, hg) -> Flow:
        """A game's row: each seat (its chip, name, heroine, mark) is one piece that a
        narrow terminal never breaks (a row broke at the space in "Bot 2"); the row
        goes on, indented, on the next line between two seats."""
        st = hg.state
        when = t("phase.setup") if st.round == 0 else t("phase.round", n=st.round)  # "Runde 0" said nothing
        pieces = [("", Text(tx("row_when", id=hg.id, mode=t(f"mode.{hg.game.setup.mode}"), when=when).rstrip()))]
        for i, s in enumerate(hg.seats):
            p = st.players[i]
            seat = Text(f" {G.OWNER[p.colour]} ", style=G.chip_style(p.colour))
            if s.free:
                seat.append(f" {tx('free')} ({p.hero})", style="italic")
            else:
                mark = MARKS["bot" if s.bot or s.away_bot else "connected" if s.connected else "away"]
                seat.append(f" {p.name} ({p.hero}) {mark}")
            pieces.append(("  " if i else " ", seat))
        if hg.finished:  # and who won ("beendet" alone sent players into the game to learn it)
            from .result import winner_text

            pieces.append((" ", Text(f"· {tx('over')}: {winner_text(hg.public_view())}", style="dim")))
        mine = hg.seat_of(self.user)
        tempo, left = row_words(hg, mine, self.hub.deadlines.clock.now())
        if tempo:
            pieces.append((" ", Text("· " + tempo, style="dim")))
        if mine is not None:
            pieces.append((" ", Text(tx("yours", n=mine + 1).strip(), style="bold")))
            if not hg.finished and st.current_player() == mine:  # the game waits for them
                pieces.append((" ", Text("· " + tx("your_move") + (f" · {left}" if left else ""), style="bold")))
        return Flow(pieces)

    def say(self, text: str, error: bool = False) -> None:
        self._invite_shown = None
        self.query_one("#l-status", Static).update(Text(text, style="bold red" if error else "italic"))

    # ------------------------------------------------------------ choosing a game
    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.open_game(int(event.option.id))

    def open_game(self, gid: int) -> None:
        from .choose import ChooseScreen

        hg = self.hub.games.get(gid)
        if hg is None:
            return
        st = hg.state
        items = []
        mine = hg.seat_of(self.user)
        if mine is not None:
            # a finished game is looked at, not played on ("Weiterspielen" opened its end screen)
            items.append(("resume", tx("resume_over" if hg.finished else "resume", n=mine + 1,
                                       hero=st.players[mine].hero)))
            if getattr(self.app, "invite_base", None):
                # the creator hands a free seat to a friend in a browser (serve --web)
                items += [(f"invite:{i}", text) for i, text in invite_choices(self.hub, gid, self.user)]
            # or to the host's bot
            items += [(f"bot:{i}", text) for i, text in bot_choices(self.hub, gid, self.user)]
        elif not hg.finished:
            for i, s in enumerate(hg.seats):
                if s.free:
                    p = st.players[i]
                    items.append((f"join:{i}", tx("join", n=i + 1, hero=p.hero, colour=t(f"colour.{p.colour}"))))
        items.append(("watch", tx("watch")))
        self.app.push_screen(ChooseScreen(tx("game", id=gid), items), callback=lambda what: self._enter(gid, what))

    def arrive(self, gid: int) -> None:
        """A browser opened game ``gid``'s page (/game/N, or a reload): its seat if the
        player has one; else the cursor on its row and a line that says why there is no
        seat and what Enter offers instead (a play-tester landed in the lobby, told nothing)."""
        hg = self.hub.games.get(gid)
        if hg is None:
            self.say(tx("no_game", id=gid), error=True)
            return
        if hg.seat_of(self.user) is not None:
            self._enter(gid, "resume")
            return
        self._came_from = gid
        self.fill()
        key = "no_seat_over" if hg.finished else "no_seat" if any(s.free for s in hg.seats) else "no_seat_full"
        self.say(tx(key, id=gid))

    def _enter(self, gid: int, what: str | None) -> None:
        if not what:
            return
        if what.startswith("invite:"):
            self._invite(gid, int(what[7:]))
            return
        if what.startswith("bot:"):
            try:
                self.hub.seat_bot(gid, int(what[4:]), self.user)
            except ValueError as exc:
                self.say(str(exc), error=True)
                return
            self.say(tx("gave_bot", n=int(what[4:]) + 1, id=gid))
            return
        try:
            if what == "resume":
                session = self.hub.resume(gid, self.user)
            elif what.startswith("join:"):
                session = self.hub.join(gid, int(what[5:]), self.user)
            else:
                session = self.hub.watch(gid, self.user)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        self.play(session)

    def _invite(self, gid: int, seat: int) -> None:
        """A new invitation link, shown here only (its token is never logged)."""
        try:
            text = invite_text(self.app, self.hub, gid, seat, self.user)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        self.say("")
        self.query_one("#l-status", Static).update(Text(text))
        self._invite_shown = (gid, seat)

    def play(self, session) -> None:
        self.say("")
        self._came_from = session.game_id
        # the app closes what is left open when its connection ends
        getattr(self.app, "sessions", []).append(session)
        self.app.push_screen(SeatScreen(session))

    # ------------------------------------------------------------ a new game
    def action_new(self) -> None:
        items = [(m, f"{t('mode.' + m)} – {t('mode.' + m + '_about')}") for m in MODES]
        self.app.push_screen(NewGameChoice(tx("mode"), items), callback=self._mode_chosen)

    def _mode_chosen(self, mode: str | None) -> None:
        if not mode:
            return
        lo, hi = load_mode(mode).players
        items = [(str(n), tx("players_n", n=n)) for n in range(lo, hi + 1)]
        self.app.push_screen(NewGameChoice(tx("players"), items), callback=lambda n: self._players_chosen(mode, n))

    def _players_chosen(self, mode: str, n: str | None) -> None:
        if not n:
            return
        if not self.hub.bots_available():
            self._create(mode, int(n), False)
            return
        from ...bots.registry import LEVELS

        # the host's own bot (serve --bot), or a difficulty level
        # "the host's bot" said with its kind: beside the levels a bare "bots" named nothing
        items = [("open", tx("open")), ("bots", tx("bots_host", kind=bot_words(self.hub.bot_kind)))]
        items += [(f"level:{lv}", t("level.lobby", level=t(f"level.{lv}"))) for lv in LEVELS]
        def chosen(b: str | None) -> None:
            if b:
                self._tempo(mode, int(n), b.partition(":")[2] or b == "bots")

        self.app.push_screen(NewGameChoice(tx("empty"), items), callback=chosen)

    def _tempo(self, mode: str, players: int, bots: bool | str) -> None:
        """Live, or a correspondence game (#32) with its terms (corrwords.ask_terms)."""
        ask_terms(self.app, lambda title, items, then: NewGameChoice(title, items),
                  lambda terms: self._create(mode, players, bots, terms))

    def _create(self, mode: str, players: int, bots: bool | str, terms=None) -> None:
        try:
            session = self.hub.create(self.user, mode, players, bots, terms=terms)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        self.play(session)

    def action_help(self) -> None:
        thors_app(self).action_help()

    def action_ratings(self) -> None:
        """The leaderboard and this player's rated games (#32); Enter on one opens it."""
        from .ratings import RatingsScreen

        def chosen(gid: int | None) -> None:
            if gid is not None and gid in self.hub.games:
                self.open_game(gid)

        self.app.push_screen(RatingsScreen(self.hub.store, self.user), callback=chosen)

    def action_quit(self) -> None:
        self.app.exit()


class _Inviting(Protocol):
    """The host's app (host/hostapp.py), which shows a seat's invitation link."""

    def show_invite(self, gid: int, seat: int) -> None: ...


class SeatScreen(GameScreen):
    """The game screen of one seat of a hosted game: it always sees and
    decides as its session's seat (no hand-over), redraws when the hub says
    another session changed the game, and shows who is at the table."""

    CSS_PATH = ["game.tcss", "lobby.tcss"]

    def __init__(self, session):
        # q opens the game menu here too (its last entry: to the table), and the footer says so
        super().__init__(session, handover=False)
        self._redraw_due = False
        self._was_mine = False

    #: what a spectator cannot do (she decides nothing, takes nothing back, has no hint): the
    #: footer leaves these keys out rather than name keys that only answer "not for you"
    SPECTATOR_CANNOT = frozenset({"choose_here", "end", "undo", "command", "hint"})

    def check_action(self, action: str, parameters) -> bool | None:
        if self.session.seat is None and action in self.SPECTATOR_CANNOT:
            return False
        return super().check_action(action, parameters)

    def on_mount(self) -> None:
        # The hub calls from other apps' turns: keep this app to post to.
        self._host = self.app
        self.session.on_change = self._changed

    def on_unmount(self) -> None:
        self.session.on_change = None
        self.session.close()

    async def _build(self) -> None:
        await super()._build()
        await self.query_one("#side").mount(DrawnAlike(id="presence"), before=0)
        self.show_presence()

    def _changed(self) -> None:
        if not self._redraw_due:
            self._redraw_due = True
            self._host.call_later(self._apply_change)

    def _apply_change(self) -> None:
        self._redraw_due = False
        if self.is_attached:
            self.sync()

    def sync(self) -> None:
        if not getattr(self, "ready", False):
            return
        self.viewer = self.session.seat
        mine = self.viewer is not None and self.decider == self.viewer
        if mine and not self._was_mine:
            self._jump_to_own()
            self.app.bell()
        self._was_mine = mine
        self.redraw()
        self._focus_for_step()
        self._overlay()
        self.show_presence()

    # A session redraws on every key of its player while others play on: the
    # hex info keeps its height (lobby.tcss), so a cursor step needs no layout
    # pass, and a list with no decision in it is not rebuilt. Every screen at
    # the table redraws at every decision: a panel that says what it said
    # before is not painted again.
    def _hexinfo(self) -> None:
        show_changed(self.query_one(HexInfo), hex_text(self.obs, self.map.cursor), layout=False)

    def on_island_map_moved(self, msg: IslandMap.Moved) -> None:
        msg.prevent_default()  # instead of GameScreen's handler
        self._hexinfo()
        if self.legal and self.obs["step"] in (Step.MOVE, Step.HASTE) and self.selected < 0:
            self._fill_decisions()

    def menu_extra(self) -> list[tuple[str, str]]:
        """The game's creator hands a free seat to a friend in a browser (serve --web) from
        the game menu (q) as from the command palette (a play-tester looked for it under q)."""
        if not hasattr(self.session, "hub"):
            return []
        hub, gid, user = self.session.hub, self.session.game_id, self.session.user
        # and gives a free seat to the host's bot (the game waited for it)
        bots = [(f"bot:{i}", text) for i, text in bot_choices(hub, gid, user)]
        c, seat = self.session.hg.clocked, self.session.seat
        if c is not None and seat is not None and c.days_used(seat) < c.terms.vacation_days:
            bots.append(("pause", t("corr.pause_menu", left=c.terms.vacation_days - c.days_used(seat))))
        if not getattr(self.app, "invite_base", None):
            return bots
        return [(f"invite:{i}", text) for i, text in invite_choices(hub, gid, user)] + bots

    def menu_extra_chosen(self, what: str) -> None:
        if what.startswith("invite:"):
            cast(_Inviting, self.app).show_invite(self.session.game_id, int(what[7:]))
        elif what.startswith("bot:"):
            try:
                self.session.hub.seat_bot(self.session.game_id, int(what[4:]), self.session.user)
            except ValueError as exc:
                self.app.notify(str(exc), severity="error")
        elif what == "pause":  # a day of "Urlaub" in a correspondence game (#32)
            import time

            try:
                until = self.session.hub.take_vacation(self.session, 1)
            except ValueError as exc:
                self.app.notify(str(exc), severity="error")
                return
            self.say(t("corr.paused", until=time.strftime("%d.%m. %H:%M", time.localtime(until))))

    def _waits_for(self, presence: list[tuple[str, str]]) -> str:
        """Why nothing moves, when the seat to decide has nobody at it (a free seat, or a
        player gone without a bot for them): the list says only "no decision for you"."""
        d = self.decider
        if not 0 <= d < len(presence) or d == self.session.seat:
            return ""
        name, state = presence[d]
        if state == "free":
            if bot_choices(self.session.hub, self.session.game_id, self.session.user):
                return tx("waits_free_creator", n=d + 1, name=name)  # she may give it to a bot
            return tx("waits_free", n=d + 1, name=name)
        if state == "away":
            return tx("waits_away", name=name)
        return ""

    def show_presence(self) -> None:
        try:
            box = self.query_one("#presence", Static)  # found by id: Textual remembers it, a query walks
        except NoMatches:
            return
        presence = self.session.presence()
        if self.session.seat is None:
            # alike on every spectator's screen of this view (viewmemo); a seat's says more
            what = ("presence", tuple(presence), self.session.spectators())
            show_changed(box, per_view(self.obs, what, lambda: self._presence_text(presence)))
            return
        show_changed(box, self._presence_text(presence))

    def _presence_text(self, presence: list[tuple[str, str]]) -> Flow:
        # each seat (chip, name, whether there) is one piece: a narrow side panel broke
        # "Bot 2" at its space and a chip from its name
        pieces = [("", Text(tx("at_table").rstrip(), style="bold"))]
        obs = self.obs
        for i, (name, state) in enumerate(presence):
            p = obs["players"][i]
            seat = Text(f" {G.OWNER[p['colour']]} ", style=G.chip_style(p["colour"]))
            seat.append(f" {name} ")
            if not (state == "bot" and bot_name(name) == name):  # "Bot 2 (Bot)" said it twice
                seat.append(f"({tx(state)})", style="bold" if state == "connected" else "italic")
            pieces.append((" · " if i else " ", seat))
        n = self.session.spectators()
        if n:
            pieces.append((" · ", Text(tx("spectators_one" if n == 1 else "spectators", n=n), style="dim")))
        after = Text()
        waits = self._waits_for(presence)
        if waits:
            after.append(waits + "\n", style="bold")
        if self.session.seat is None:
            after.append(tx("spectator") + "\n", style="italic")
        elif (getattr(self.app, "invite_base", None) and hasattr(self.session, "hub")
              and invite_choices(self.session.hub, self.session.game_id, self.session.user)):
            after.append(t("web.invite_hint") + "\n", style="italic")
        after.rstrip()
        return Flow(pieces, after=after)
