"""Between two seats: the next player takes the keyboard. Until then the
game screen shows a spectator's view, so no potion kind is visible."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from .. import glyphs as G
from ..i18n import t
from ..keys import localize


class HandOver(ModalScreen[None]):
    CSS_PATH = "handover.tcss"
    BINDINGS = [Binding("enter,space", "go", "key.next")]

    #: what happened since the player's last turn (from the events, kinds hidden), set by the game screen
    since: list[str] = []

    def __init__(self, player: dict, why: str):
        super().__init__()
        localize(self)
        self.player = player
        self.why = why

    def compose(self) -> ComposeResult:
        p = self.player
        with Vertical(id="box"):
            yield Static(t("handover.title"), id="ho-title")
            who = Text(f" {G.OWNER[p['colour']]} {p['name']} ", style=G.chip_style(p["colour"]))
            who.append(f"  {p['hero']}, {t('colour.' + p['colour'])}")
            yield Static(who, id="ho-who")
            yield Static(t("handover.to", name=p["name"]), id="ho-to")
            yield Static(self.why, id="ho-why")
            if self.since:
                yield Static(t("summary.since_title", name=p["name"]), id="ho-since-title")
                yield Static("\n".join(self.since), id="ho-since")
            yield Static(t("handover.hidden"), id="ho-hidden")
            yield Button(t("handover.go", name=p["name"]), id="ho-go", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#ho-go", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_go(self) -> None:
        self.dismiss(None)
