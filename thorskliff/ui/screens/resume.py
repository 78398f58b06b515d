"""Saved games: resume one at its last decision, or replay it step by step.
Each names its seats, a bot's marked as in the game. A save that does not
load is listed with its path and the problem and left untouched."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .. import saves
from ..flow import Flow
from ..botwords import bot_name
from ..i18n import said, t
from ..keys import localize
from .gameparts import thors_app


class ResumeScreen(Screen):
    CSS_PATH = "resume.tcss"
    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self, replay: bool = False):
        super().__init__()
        localize(self)
        self.replay = replay
        self.infos = saves.list_saves()

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(t("title.replay" if self.replay else "resume.title"), id="r-title")
            yield Static(t("resume.dir", dir=saves.save_dir()), id="r-dir")
            problem = saves.folder_problem()
            if problem:
                yield Static(t("data.saves_folder", problem=said(problem)), id="r-problem")
            elif not self.infos:
                yield Static(t("resume.empty", dir=saves.save_dir()), id="r-empty")
            yield OptionList(*[self._option(n, s) for n, s in enumerate(self.infos)], id="r-list")
        yield Footer()

    def _option(self, n: int, s: saves.SaveInfo) -> Option:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(s.mtime))
        if s.problem:
            text = Text(f"{when}  {s.path.name}\n", style="bold")
            text.append("  " + t("resume.damaged", problem=said(s.why) if s.why is not None else s.problem), style="red")
            return Option(text, id=str(n), disabled=True)
        # each name is a piece a narrow terminal never breaks ("Bot 2 ⚙" broke at its space)
        names = [bot_name(name) if i in s.bots else name for i, name in enumerate(s.names)]
        before, _, after = t("resume.line", mode=t(f"mode.{s.mode}"), names="\0", round=s.round).partition("\0")
        pieces = [("", Text(when, style="bold")), ("  ", Text(before.rstrip()))]
        pieces += [(" ", Text(name + ("," if i < len(names) - 1 else ""))) for i, name in enumerate(names)]
        pieces.append((" ", Text(after.strip())))
        if s.finished:
            pieces.append(("  ", Text(f"({t('resume.finished')})", style="italic")))
        return Option(Flow([(sep, piece) for sep, piece in pieces if piece.plain]), id=str(n))

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        info = self.infos[int(event.option.id or "0")]
        thors_app(self).open_save(info.path, replay=self.replay)

    def action_back(self) -> None:
        self.app.pop_screen()
