"""Help: the keys, the board's legend and the rules reference (the
Infotafel: actions and costs per field; dice; phases), all from the
catalogue; a language switch while it is open writes it anew, on the same
tab."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

from ..i18n import t
from ..keys import localize
from .title import Recomposed

TABS = ("keys", "table", "phases", "dice", "board")


def page_text(name: str, hosted: bool = False) -> str:
    """The help's page ``name`` (Markdown) in the language in force."""
    if name != "keys":
        return t(f"helptext.{name}")
    # a hosted seat leaves for the server's table and cannot hand itself to a bot
    # nor switch the language, go to a title or load a save (its palette and how a game comes back)
    where = "hosted" if hosted else "local"
    return t("helptext.keys", leave=t(f"helptext.leave_{where}"), palette=t(f"helptext.palette_{where}"),
             kept=t(f"helptext.kept_{where}"))


class HelpScreen(Recomposed, Screen):
    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,q,question_mark,f1", "close", "key.close"),
        Binding("left", "tab(-1)", "←", show=False),
        Binding("right", "tab(1)", "→", show=False),
    ]

    #: the pages in the order ← → turns them (a subclass puts its own page first)
    tabs: tuple[str, ...] = TABS

    def __init__(self, tab: str = "keys"):
        super().__init__()
        localize(self)
        self.first_tab = tab

    def compose(self) -> ComposeResult:
        yield Static(t("help.title") + " – " + t("app.title"), id="help-title")
        with TabbedContent(initial=f"tab-{self.first_tab}"):
            for name in TABS:
                with TabPane(t(f"help.tab_{name}"), id=f"tab-{name}"):
                    with VerticalScroll():
                        yield Markdown(self._text(name))
        yield Footer()

    def _text(self, name: str) -> str:
        return page_text(name, getattr(self.app, "hosted", False))

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        ids = [f"tab-{n}" for n in self.tabs]
        i = ids.index(tabs.active) if tabs.active in ids else 0
        tabs.active = ids[(i + step) % len(ids)]

    def action_close(self) -> None:
        self.dismiss()

    def relocalize(self) -> None:
        tabs = self.query(TabbedContent)
        if tabs and tabs.first().active:
            self.first_tab = tabs.first().active.removeprefix("tab-")
        super().relocalize()
