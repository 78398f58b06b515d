"""A saved game step by step: the same board, tableaus and log, moved with
n/p (or PageDown/PageUp), Home and End."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ..i18n import t
from ..keys import localize
from .game import GameScreen


class ReplayScreen(GameScreen):
    # ← → step (over the island's cursor keys: priority); ↑ ↓ still move the cursor
    BINDINGS = [
        Binding("right", "step(1)", "key.next", priority=True),
        Binding("left", "step(-1)", "key.prev", priority=True),
        Binding("n,pagedown,period", "step(1)", "key.next", show=False),
        Binding("p,pageup,comma", "step(-1)", "key.prev", show=False),
        Binding("home", "seek(0)", "key.first"),
        Binding("end", "seek(-1)", "key.last"),
        Binding("escape,q", "title", "key.back"),
    ]
    RESULT = False

    def __init__(self, session, **kw):
        super().__init__(session, handover=False, **kw)
        localize(self)

    def action_step(self, d: int) -> None:
        self.session.seek(self.session.at + d)
        self.redraw()

    def action_seek(self, k: int) -> None:
        self.session.seek(self.session.total if k < 0 else k)
        self.redraw()

    def _prompt(self) -> None:
        s = self.session
        text = t("game.replay", n=s.at, total=s.total) + "\n" + t("game.replay_hint")
        self.query_one("#prompt", Static).update(Text(text, style="bold"))

    def decision_items(self):
        return []

    def _overlay(self) -> None:
        pass
