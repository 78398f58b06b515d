"""The Textual app and its entry point :func:`run`."""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.align import Align
from rich.text import Text
from textual.app import App, SystemCommand
from textual.command import CommandList, CommandPalette
from textual.widgets.option_list import Option
from textual.binding import Binding
from textual.screen import Screen

from ..loaderror import os_problem
from . import i18n, saves
from .textual_patches import dirtyonly
from .css import load_css  # noqa: F401 (the host's app reads it from here too)
from .i18n import t
from .keys import localize

if TYPE_CHECKING:
    from .helpwords import Refusal
    from .screens.game import GameScreen

# a partial update draws only the widgets it repaints (a hosted table's keys and decisions)
dirtyonly.install()


class ThorsApp(App):
    """``session``: start straight in that game (tests, the SSH host);
    ``handover``: show the hand-over screen between seats; ``seed``: the
    seed new games start from (None: drawn); ``bot_delay``: seconds a bot
    waits before each decision, so that people can follow (0 in tests)."""

    TITLE = "Thors Kliff"
    #: a seat at an SSH or browser host (HostedApp), not a game on this machine
    hosted = False
    # priority: the palette opens over the combat dialog and the hand-over screen too (modal screens)
    BINDINGS = [Binding("ctrl+p", "command_palette", "key.palette", show=False, priority=True)]

    def __init__(self, session=None, lang: str | None = None, handover: bool = True, seed: int | None = None,
                 bot_delay: float = 0.3, tutorial: bool = False):
        if lang:
            i18n.set_lang(lang)
        super().__init__()
        localize(self)
        self.start_session = session
        self.handover = handover
        self.seed = seed
        self.bot_delay = bot_delay
        #: start at the Lehrgang's list of lessons (thorskliff tutorial)
        self.tutorial = tutorial

    def get_default_screen(self) -> Screen:
        # Straight into a game (or the title screen): no empty screen below
        # it to compose first, so the island is the first frame.
        if self.start_session is not None:
            from .screens.game import GameScreen

            return GameScreen(self.start_session, handover=self.handover)  # reads its CSS after the island
        if self.tutorial:
            from .screens.lesson import LessonListScreen

            return LessonListScreen()
        from .screens.title import TitleScreen

        screen = TitleScreen()
        load_css(self, screen)
        return screen

    def on_mount(self) -> None:
        self.title = t("app.title")
        from .. import durable
        from .saves import save_dir

        durable.sweep(save_dir())  # what a save killed mid-write (kill -9, power cut) left behind
        if self.start_session is not None:
            self.watch_saves(self.start_session)

    def on_descendant_focus(self, event) -> None:
        # Textual's Select opens a list of its own (its key help in English) when it takes the keys
        from textual.widgets._select import SelectOverlay

        if isinstance(event.widget, SelectOverlay) and "_binding_keys" not in event.widget.__dict__:
            localize(event.widget)
            self.screen.refresh_bindings()

    # ------------------------------------------------------------ navigation
    def play(self, session) -> None:
        from .screens.game import GameScreen

        self.watch_saves(session)
        self.push_screen(GameScreen(session, handover=self.handover))

    def action_tutorial(self) -> None:
        from .screens.lesson import LessonListScreen

        self.push_screen(LessonListScreen())

    # ------------------------------------------------------------ saving
    def watch_saves(self, session) -> None:
        """Tell the player at once when a save fails; the game goes on in
        memory and the palette offers to save elsewhere."""
        if not hasattr(session, "save_problem"):
            return  # a replay saves nothing
        session.on_save_problem = self.save_failed
        if session.save_problem:
            self.save_failed(session.save_problem)

    def save_failed(self, problem: str) -> None:
        self.notify(t("data.save_failed", problem=problem), severity="error", timeout=30)

    def action_save_elsewhere(self) -> None:
        gs = self._game_screen()
        session = getattr(gs, "session", None)
        if session is None or not hasattr(session, "save_elsewhere"):
            return
        try:
            path = session.save_elsewhere()
        except OSError as exc:
            self.notify(t("data.save_elsewhere_failed", problem=os_problem(exc, i18n.lang())),
                        severity="error", timeout=30)
            return
        self.notify(t("data.saved_elsewhere", path=path), timeout=15)

    def start_game(self, mode: str, seats, seed: int, first: int, bots: dict[int, str] | None = None) -> None:
        """A new local game; ``bots`` maps seats (0-based) to the kind of
        bot that plays them."""
        from ..game import Game
        from .session import LocalSession

        game = Game.new(mode, seats, seed, first=first)
        session = LocalSession(game, saves.new_path(mode), bots=bots or {})
        session.save()
        self.pop_to_title()
        self.play(session)

    def open_save(self, path, replay: bool = False) -> None:
        from .. import record
        from .session import LocalSession, ReplaySession

        try:
            if replay:
                from .screens.replay import ReplayScreen

                replayed = ReplaySession(record.load(path, auto_chance=False))
                self.pop_to_title()
                self.push_screen(ReplayScreen(replayed))
                return
            session = LocalSession.load(path)
        except (record.RecordError, OSError) as exc:
            self.notify(i18n.said(exc), severity="error", timeout=10)
            return
        self.pop_to_title()
        self.play(session)

    def pop_to_title(self) -> None:
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            if len(self.screen_stack) == 1 and not getattr(self.screen, "_result_callbacks", True):
                # a game the app started in (--resume, tests) is its default screen, which
                # Textual never pushed: switching away from it needs the callback a push leaves
                self.screen._push_result_callback(self.screen, None)
            self.switch_screen(TitleScreen())

    # ------------------------------------------------------------ the screens, by name
    # A screen opens another through the app, never by importing it: the screens import
    # no sibling screen in a circle (game → result → lobby → game; game → replay → game).
    def show_result(self, obs: dict, rows, can_replay: bool, callback) -> None:
        """The result screen of a finished game; ``callback`` gets "title" or "replay"."""
        from .screens.result import ResultScreen

        self.push_screen(ResultScreen(obs, rows, can_replay), callback=callback)

    def show_replay(self, game) -> None:
        """The finished ``game`` step by step, from its first decision."""
        from .screens.replay import ReplayScreen
        from .session import ReplaySession

        self.push_screen(ReplayScreen(ReplaySession(game)))

    def open_group(self, group) -> None:
        """A campaign group's page, from the title (a chapter's menu leads there)."""
        from .screens.campaign import GroupScreen

        self.pop_to_title()
        self.push_screen(GroupScreen(group))

    # ------------------------------------------------------------ actions
    def action_new_game(self) -> None:
        from .screens.setup import SetupScreen

        self.push_screen(SetupScreen(self.seed))

    def action_campaign(self) -> None:
        from ..campaign.table import TableError
        from .screens.campaign import CampaignScreen, table_of

        try:
            table_of(self)
        except TableError as exc:  # the file stays as it is; the rest of the app works
            self.notify(t("data.table_damaged", problem=i18n.said(exc)), severity="error", timeout=30)
            return
        self.push_screen(CampaignScreen())

    def action_resume(self, replay: bool = False) -> None:
        from .screens.resume import ResumeScreen

        self.push_screen(ResumeScreen(replay=replay))

    def get_key_display(self, binding: Binding) -> str:
        """A key in the footer as the player's keyboard names it ([keyname]: a German
        footer said "home", "end" and "space" beside "Pos1/Ende" in the text above it)."""
        if not binding.key_display and i18n.has(f"keyname.{binding.key}"):
            return t(f"keyname.{binding.key}")
        return super().get_key_display(binding)

    def action_help(self, tab: str = "keys") -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            own = getattr(self._game_screen(), "help_screen", None)  # a campaign chapter adds its own tab
            self.push_screen(own(tab) if own else HelpScreen(tab))

    def action_switch_lang(self) -> None:
        i18n.set_lang("en" if i18n.lang() == "de" else "de")
        localize(self)
        self.title = t("app.title")
        for screen in self.screen_stack:
            fn = getattr(screen, "relocalize", None)
            if fn:
                fn()

    def _game_screen(self) -> GameScreen | None:
        from .screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        gs = self._game_screen()
        yield SystemCommand(t("title.new"), t("cmd.new"), self.action_new_game)
        yield SystemCommand(t("title.resume"), t("cmd.resume"), self.action_resume)
        yield SystemCommand(t("title.campaign"), t("cmd.campaign"), self.action_campaign)
        yield SystemCommand(t("help.title"), t("cmd.help"), self.action_help)
        yield SystemCommand(t("help.tab_table"), t("cmd.rules"), lambda: self.action_help("table"))
        yield SystemCommand(t("key.lang"), t("cmd.lang"), self.action_switch_lang)
        if gs is not None:
            yield SystemCommand(t("key.undo"), t("cmd.undo"), gs.action_undo)
            yield SystemCommand(t("key.labels"), t("cmd.labels"), gs.action_labels)
            if (screen is gs or screen is gs._combat) and gs.hint_offered():
                yield SystemCommand(t("hint.cmd"), t("hint.cmd_help"), gs.action_hint)
            yield from self._seat_commands(gs, screen)
            resign = gs.action_resign
            if gs.can_resign() and screen is gs:
                yield SystemCommand(t("play.menu_resign"), t("play.resign_cmd"), resign)
            yield SystemCommand(t("key.menu"), t("cmd.title"), self.pop_to_title)
            path = getattr(gs.session, "path", None)
            if path is not None:
                yield SystemCommand(t("cmd.save_path"), str(path), lambda: gs.say(t("game.saved", path=path)))
            if hasattr(gs.session, "save_elsewhere"):
                yield SystemCommand(t("data.cmd_save_elsewhere"), t("data.cmd_save_elsewhere_help"),
                                    self.action_save_elsewhere)
        yield from translated(super().get_system_commands(screen))

    def action_command_palette(self) -> None:
        """Textual's palette with its search line in the player's language."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(Palette(placeholder=t("play.palette.search"), id="--command-palette"))

    def action_help_quit(self) -> None:
        """Ctrl+C says how to quit, in the player's language (Textual's own is English)."""
        for key, active in self.active_bindings.items():
            if active.binding.action in ("quit", "app.quit"):
                key = "+".join(t("play.palette.ctrl") if k == "ctrl" else k.upper() for k in key.split("+"))
                self.notify(t("play.palette.how_to_quit", keys=key), title=t("play.palette.quit_title"))
                return


    @staticmethod
    def _seat_commands(gs, screen: Screen) -> Iterable[SystemCommand]:
        """Seats going to bots and back, from the game, its combat dialog or
        the hand-over screen (a player who is not there any more)."""
        from .screens.handover import HandOver
        from .session import TERMINAL

        if not gs.changes_seats() or gs.decider == TERMINAL:
            return
        if screen is not gs and screen is not gs._combat and not isinstance(screen, HandOver):
            return
        if gs.session.humans():
            yield SystemCommand(t("bots.give"), t("cmd.to_bot"), gs.action_seat_to_bot)
        if gs.session.bots:
            yield SystemCommand(t("bots.take"), t("cmd.take_seat"), gs.action_take_seat)


class Palette(CommandPalette):
    """Textual's palette saying "no matches" in the player's language."""

    def _start_no_matches_countdown(self, search_value: str) -> None:
        # Textual's own writes "No matches found" in English from a closure; this is its twin
        self._stop_no_matches_countdown()

        def show_no_matches() -> None:
            if search_value:
                self.query_one(CommandList).add_option(
                    Option(Align.center(Text(t("play.palette.no_matches"), style="not bold")),
                           disabled=True, id=self._NO_MATCHES))
                self._list_visible = True
            else:
                self._list_visible = False

        self._no_matches_timer = self.set_timer(self._NO_MATCHES_COUNTDOWN, show_no_matches)


#: Textual's own palette entries by their English titles: catalogue keys of
#: the title and the help line (Keys says show or hide by its callback's name)
TEXTUAL_COMMANDS = {
    "Theme": ("play.palette.theme", "play.palette.theme_help"),
    "Quit": ("play.palette.quit", "play.palette.quit_help"),
    "Keys": ("play.palette.keys", "play.palette.keys_show"),
    "Maximize": ("play.palette.maximize", "play.palette.maximize_help"),
    "Minimize": ("play.palette.minimize", "play.palette.minimize_help"),
    "Screenshot": ("play.palette.screenshot", "play.palette.screenshot_help"),
}


def translated(commands: Iterable[SystemCommand]) -> Iterable[SystemCommand]:
    """Textual's system commands with titles and help from the catalogue."""
    for c in commands:
        keys = TEXTUAL_COMMANDS.get(c.title)
        if keys is None:
            yield c
            continue
        title, help_ = keys
        if c.title == "Keys" and "hide" in getattr(c.callback, "__name__", ""):
            help_ = "play.palette.keys_hide"
        yield SystemCommand(t(title), t(help_), c.callback, c.discover)


def run(argv: list[str] | None = None) -> int:
    """Start the app (the CLI's path with no subcommand). Returns an exit code."""
    from .helpwords import HelpParser, Refusal, Said, cli_lang

    was = i18n.lang()
    i18n.set_lang(cli_lang(argv or []))  # its help in German, or English with --lang en
    try:
        h = lambda key: t(f"cli.{key}")  # noqa: E731 - the catalogue's [cli] table
        ap = HelpParser(prog="thorskliff", description=t("app.title"))
        ap.add_argument("--lang", choices=i18n.LANGS, default=None, help=h("app_lang"))
        ap.add_argument("--seed", type=int, default=None, help=h("app_seed"))
        ap.add_argument("--no-handover", action="store_true", help=h("app_no_handover"))
        ap.add_argument("--bot-delay", type=float, default=0.3, metavar="SECONDS", help=h("app_bot_delay"))
        ap.add_argument("--data", default=None, metavar="DIR", help=h("app_data"))
        ap.add_argument("--resume", default=None, metavar="FILE", help=h("app_resume"))
        ap.add_argument("--position", default=None, metavar="FILE", help=h("app_position"))
        ap.add_argument("--tutorial", action="store_true", help=h("app_tutorial"))
        args = ap.parse_args(argv)
    finally:
        i18n.set_lang(was)
    if args.data:
        os.environ["THORSKLIFF_DATA"] = args.data
    if not math.isfinite(args.bot_delay):
        return _refuse(Refusal("bot_delay", given=args.bot_delay), argv)
    from ..scenario import ScenarioError, check_scenarios

    try:
        check_scenarios()
    except ScenarioError as exc:  # THORSKLIFF_SCENARIOS names a damaged copy: crashed at the setup screen
        return _refuse(Said(exc), argv)
    session = None
    if args.resume:
        from ..loaderror import LoadError
        from .session import LocalSession

        try:
            session = LocalSession.load(args.resume)
        except LoadError as exc:  # one line on stderr, as every CLI path (docs/records.md)
            return _refuse(Said(exc), argv)
    elif args.position:
        from .. import record
        from ..loaderror import LoadError
        from ..position import load_position
        from .session import LocalSession

        try:
            game = record.from_state(load_position(args.position))
        except LoadError as exc:
            return _refuse(Said(exc), argv)
        game.resolve_chance()
        session = LocalSession(game, saves.new_path(game.setup.mode))
        session.save()  # a failure is told once the app runs (watch_saves)
    app = ThorsApp(session=session, lang=args.lang, handover=not args.no_handover, seed=args.seed,
                   bot_delay=max(0.0, args.bot_delay), tutorial=args.tutorial)
    app.run()
    # a crash inside the app (Textual prints its traceback) must not look like a normal end
    return app.return_code or 0


def _refuse(refusal: "Refusal", argv: list[str] | None) -> int:
    """One line on stderr in the language of --lang (German by default)."""
    from .helpwords import cli_lang

    print(f"thorskliff: {refusal.say(cli_lang(argv or []))}", file=sys.stderr)
    return refusal.code
