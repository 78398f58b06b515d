"""A small dialog asking for a name (a campaign group's new name)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ..i18n import t
from ..keys import localize


class NameScreen(ModalScreen[str | None]):
    """``title`` above an input holding ``value``; Enter gives the name,
    Escape gives None."""

    CSS_PATH = "choose.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.cancel")]

    def __init__(self, title: str, value: str = ""):
        super().__init__()
        localize(self)
        self.title_text = title
        self.value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(self.title_text, id="ch-title")
            yield Input(self.value, id="name-input", max_length=24)
            yield Static(t("campaign.name_hint"), id="name-hint")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        if not name:
            self.query_one("#name-hint", Static).update(t("campaign.bad_group_name"))
            return
        self.dismiss(name)

    def action_cancel(self) -> None:
        self.dismiss(None)
