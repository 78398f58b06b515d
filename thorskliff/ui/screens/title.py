"""The title screen: new game, the Lehrgang, campaign, resume, replay, rules, language, quit."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import t
from ..keys import localize
from .gameparts import ScreenPart, thors_app

BANNER = r"""
 _____ _                    _  ___ _  __  __
|_   _| |_  ___ _ _ ___    | |/ / (_)/ _|/ _|
  | | | ' \/ _ \ '_(_-<    | ' <| | |  _|  _|
  |_| |_||_\___/_| /__/    |_|\_\_|_|_| |_|
"""

ENTRIES = ("new", "tutorial", "puzzles", "campaign", "resume", "replay", "rules", "lang", "quit")


class Recomposed(ScreenPart):
    """For a screen that writes its texts when it is composed: after a
    language switch its key help is translated and it is composed anew (the
    app calls ``relocalize`` on every screen of the stack)."""

    def relocalize(self) -> None:
        localize(self)
        self.refresh_bindings()
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        await self.recompose()
        mounted = getattr(self, "on_mount", None)
        if mounted is not None:
            mounted()


class TitleScreen(Recomposed, Screen):
    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("n", "pick('new')", "title.new", show=False),
        Binding("t", "pick('puzzles')", "title.puzzles", show=False),
        Binding("k", "pick('campaign')", "title.campaign", show=False),
        Binding("l", "pick('tutorial')", "title.tutorial", show=False),
        Binding("r", "pick('resume')", "title.resume", show=False),
        Binding("question_mark,f1", "pick('rules')", "key.help"),
        Binding("s", "pick('lang')", "key.lang"),
        Binding("q", "pick('quit')", "key.quit"),
    ]

    def __init__(self):
        super().__init__()
        localize(self)

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            lines = BANNER.strip("\n").splitlines()
            # one width for every line: centred as a block, not line by line (which shifts them)
            yield Static("\n".join(ln.ljust(max(map(len, lines))).replace(" ", "\u00a0") for ln in lines),
                         id="banner")
            yield Static(t("app.title"), id="name")
            yield Static(t("title.tagline"), id="tagline")
            yield OptionList(*[Option(t(f"title.{k}"), id=k) for k in ENTRIES], id="menu")
            yield Static(t("title.hint"), id="hint")
        yield Footer()

    def relocalize(self) -> None:
        # the menu is composed anew in the other language: the cursor stays on its entry
        # (it went back to "Neues Spiel", so a second Enter to switch back began a new game)
        menu = self.query(OptionList)
        highlighted = menu.first().highlighted_option if menu else None
        if highlighted is not None:
            self._keep = highlighted.id
        super().relocalize()

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        keep = getattr(self, "_keep", None)
        menu.highlighted = ENTRIES.index(keep) if keep in ENTRIES else 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        app = thors_app(self)
        if what == "new":
            app.action_new_game()
        elif what == "tutorial":
            app.action_tutorial()
        elif what == "puzzles":
            from .puzzle import PuzzleScreen

            app.push_screen(PuzzleScreen())
        elif what == "campaign":
            app.action_campaign()
        elif what == "resume":
            app.action_resume()
        elif what == "replay":
            app.action_resume(replay=True)
        elif what == "rules":
            app.action_help()
        elif what == "lang":
            app.action_switch_lang()
        elif what == "quit":
            app.exit()
