"""The app as one SSH session runs it: :class:`ThorsApp` starting in the
lobby, drawing on the session's channel, with everything that would act on
the server's own machine (local saves, new local games, files, a browser,
suspending the process, the process-wide language) taken out."""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Iterable
from functools import partial
from pathlib import Path

from rich.console import COLOR_SYSTEMS
from textual.app import SystemCommand
from textual.screen import Screen

from ..ui.app import ThorsApp, load_css
from ..ui.i18n import t
from .driver import SSHDriver, Terminal

log = logging.getLogger("thorskliff.ssh")


def color_system(term_type: str) -> str:
    """What the client's TERM says about its colours."""
    term = (term_type or "").lower()
    if any(k in term for k in ("truecolor", "24bit", "direct")):
        return "truecolor"
    if "256" in term:
        return "256"
    return "standard"


class HostedApp(ThorsApp):
    #: a seat at a server: "to the title" is the server's table, and a seat is not handed to a bot by hand
    hosted = True

    def __init__(self, hub, user: str, terminal: Terminal, resume: int | None = None):
        super().__init__(session=None, lang=None, handover=False)
        self.hub = hub
        self.user = user
        #: the session this app draws on (its channel's end)
        self.host_session = terminal
        #: where invitation links point (``serve --web``), None: the lobby offers none
        self.invite_base: str | None = None
        #: a game whose page a browser opened (/game/N, a reload): its seat if it is the user's,
        #: else the lobby points at it and says why there is no seat (LobbyScreen.arrive)
        self.resume = resume
        #: drawn in a browser's page (serve --web) rather than an SSH client's terminal
        self.browser = False
        #: the sessions opened in this app; the server closes them when the connection ends
        self.sessions: list = []
        # Textual's App makes its driver by calling driver_class, annotated as a class
        self.driver_class = partial(SSHDriver, terminal)  # type: ignore[assignment]
        # The console was set up from the server's environment; the client's TERM decides.
        self.console._color_system = COLOR_SYSTEMS[color_system(terminal.term_type)]
        # Named colours go out as they are, in the player's own terminal palette; this also
        # spares a colour filter over every line drawn, a cost paid per session.
        self.ansi_color = True

    def _fatal_error(self) -> None:
        """One line in the server's log, not Textual's traceback with locals printed to the
        server's stderr at exit: a tab opened and closed at once failed the lobby's mount,
        40 lines each, a flood anyone could repeat. The line names where it was raised."""
        exc = self._exception or sys.exc_info()[1]
        where = ""
        if exc is not None and exc.__traceback__ is not None:
            last = traceback.extract_tb(exc.__traceback__)[-1]
            where = f" (at {Path(last.filename).name}:{last.lineno})"
        log.warning("the app of %s failed: %s: %s%s", self.user, type(exc).__name__, str(exc)[:200], where)
        self._close_messages_no_wait()

    def panic(self, *renderables) -> None:
        log.warning("the app of %s failed: %s", self.user, " ".join(map(str, renderables))[:200])
        self._close_messages_no_wait()

    def get_default_screen(self) -> Screen:
        from ..ui.screens.lobby import LobbyScreen

        screen = LobbyScreen(self.hub, self.user)
        load_css(self, screen)
        return screen

    def on_mount(self) -> None:
        super().on_mount()
        if self.resume is not None:
            self.call_after_refresh(self._resume_seat)

    def _resume_seat(self) -> None:
        from ..ui.screens.lobby import LobbyScreen

        gid, self.resume = self.resume, None
        if gid is not None and isinstance(self.screen, LobbyScreen):
            self.screen.arrive(gid)

    def action_help(self, tab: str = "keys") -> None:
        from ..ui.screens.help import HelpScreen
        from ..ui.screens.lobby import LobbyHelpScreen, LobbyScreen

        # over the lobby: its own page first (the palette's "Hilfe" as its key ?)
        if isinstance(self.screen, LobbyScreen):
            self.push_screen(LobbyHelpScreen("lobby" if tab == "keys" else tab))
        elif not isinstance(self.screen, HelpScreen):
            super().action_help(tab)

    def pop_to_title(self) -> None:
        from ..ui.screens.lobby import LobbyScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    # ------------------------------------------------------------ nothing local
    def action_new_game(self) -> None:
        self.pop_to_title()
        self.call_later(self._new_from_title)

    def _new_from_title(self) -> None:
        from ..ui.screens.lobby import LobbyScreen

        if isinstance(self.screen, LobbyScreen):  # the hosted app's title is the lobby
            self.screen.action_new()

    def action_resume(self, replay: bool = False) -> None:
        self.pop_to_title()

    def action_campaign(self) -> None:
        # the campaign table lives in the server's data folder: not a hosted game (yet)
        self.pop_to_title()

    def start_game(self, *args, **kw) -> None:
        self.pop_to_title()

    def open_save(self, *args, **kw) -> None:
        self.pop_to_title()

    def action_switch_lang(self) -> None:
        from ..ui.screens.lobby import tx

        self.notify(tx("no_lang"))

    def action_suspend_process(self) -> None:
        """Suspending would stop the whole server."""

    def open_url(self, url: str, *, new_tab: bool = True) -> None:
        self.notify(url)

    def action_screenshot(self, filename: str | None = None, path: str | None = None) -> None:
        from ..ui.screens.lobby import tx

        self.notify(t("web.no_file") if self.browser else tx("no_file"))

    def deliver_screenshot(self, *args, **kw) -> None:
        self.action_screenshot()

    def _invite_commands(self, gs) -> Iterable[SystemCommand]:
        """From her seat, the game's creator hands a free seat to a friend in a
        browser (serve --web) without going back to the lobby."""
        from ..ui.screens.lobby import SeatScreen, invite_choices

        if not self.invite_base or not isinstance(gs, SeatScreen):
            return
        gid = gs.session.game_id
        for seat, text in invite_choices(self.hub, gid, self.user):
            yield SystemCommand(text, t("web.invite_help"), partial(self.show_invite, gid, seat))

    def show_invite(self, gid: int, seat: int) -> None:
        from ..ui.screens.lobby import InviteScreen, invite_text

        try:
            text = invite_text(self, self.hub, gid, seat, self.user)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.push_screen(InviteScreen(text))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        from ..ui.screens.lobby import tx

        gs = self._game_screen()
        yield SystemCommand(t("help.title"), t("cmd.help"), self.action_help)
        yield SystemCommand(t("help.tab_table"), t("cmd.rules"), lambda: self.action_help("table"))
        if gs is not None:
            yield from self._invite_commands(gs)
            if not self.watching():  # a spectator takes nothing back (it offered "Rückgängig" to him)
                yield SystemCommand(t("key.undo"), t("cmd.undo"), gs.action_undo)
            yield SystemCommand(t("key.labels"), t("cmd.labels"), gs.action_labels)
            if (screen is gs or screen is gs._combat) and gs.hint_offered():
                yield SystemCommand(t("hint.cmd"), t("hint.cmd_help"), gs.action_hint)
            yield SystemCommand(tx("lobby"), tx("lobby_help_watching" if self.watching() else "lobby_help"), self.pop_to_title)
        # in the lobby no seat is promised (he may have none): the games stay
        quit_help = "quit_help_lobby" if gs is None else "quit_help_watching" if self.watching() else "quit_help"
        yield SystemCommand(t("key.quit"), tx(quit_help), self.exit)

    def watching(self) -> bool:
        """Whether this terminal watches a game (a spectator: no seat that stays his)."""
        gs = self._game_screen()
        return gs is not None and getattr(gs.session, "seat", 0) is None

    #: the goodbye's catalogue key, taken when the player quits (the screens are gone after)
    left_key: str | None = None

    def exit(self, *a, **kw) -> None:
        if self.left_key is None:
            self.left_key = self.farewell_key("bye")
        super().exit(*a, **kw)

    def farewell_key(self, why: str) -> str:
        """What a server closing this terminal says to it (``why``: "stops",
        "idle" or, when the player quits, "bye": host.stops*, …): a seated player keeps the seat, a
        spectator may watch again, and in the lobby no seat is promised to
        someone who may have none; the games all stay."""
        if self._game_screen() is None:
            return f"host.{why}_lobby"
        return f"host.{why}_watching" if self.watching() else f"host.{why}"
