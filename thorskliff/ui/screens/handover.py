"""Between two seats: the next player takes the keyboard. Until then the
game screen shows a spectator's view, so no potion kind is visible."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from .. import glyphs as G
from ..i18n import t
from ..keys import localize
from .gameparts import thors_app


class HandOver(ModalScreen[None]):
    CSS_PATH = "handover.tcss"
    # its own footer: the game's below it named keys (e, u, b, t …) that do nothing over the box
    BINDINGS = [Binding("enter,space", "go", "key.next", key_display="⏎"),
                Binding("question_mark,f1", "help", "key.help")]

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
                with VerticalScroll(id="ho-since-scroll"):  # a long list scrolls: the heading stays
                    yield Static("\n".join(self.since), id="ho-since")
            # docked at the box's foot: the button stays on the screen even where the list
            # was not fitted (#27, 2: off-screen at 80x24 after resuming a game)
            with Vertical(id="ho-foot"):
                yield Static(t("handover.hidden"), id="ho-hidden")
                yield Button(t("handover.go", name=p["name"]), id="ho-go", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#ho-go", Button).focus()
        self.call_after_refresh(self._fit)
        self.set_timer(0.2, self._fit)  # again once laid out: on a busy machine the first came too early

    def on_resize(self, event) -> None:
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The "since your last turn" list gets the rows the rest of the box
        leaves (it scrolls in them), so that the heading and the seat to hand
        to stay on a short terminal (80x24 clipped them off the top)."""
        found = self.query("#ho-since-scroll")
        if not found:
            return
        scroll = found.first()
        box = self.query_one("#box")
        used = sum(w.outer_size.height + w.styles.margin.height for w in box.children if w is not scroll)
        footer = sum(f.outer_size.height for f in self.query(Footer))
        frame = box.styles.border.spacing.height + box.styles.padding.height
        room = self.size.height - footer - frame - used
        scroll.styles.max_height = max(2, room)

    def action_help(self) -> None:
        thors_app(self).action_help()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_go(self) -> None:
        self.dismiss(None)
