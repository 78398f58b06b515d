"""Summaries shown between decisions, drawn from the engine's events:
the result of one combat (:class:`CombatSummary`) and what happened since a
person's last turn (:class:`SinceSummary`). Both wait for Enter."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from ..i18n import t
from ..keys import localize
from .gameparts import thors_app


class _Summary(ModalScreen[None]):
    CSS_PATH = "summary.tcss"
    # its own footer: the game's below it named keys (e, u, b, t …) that do nothing over the box
    # shown as Enter (the footer named it "space", English, as Enter also presses the button)
    BINDINGS = [Binding("enter,space,escape", "go", "key.next", key_display="⏎"),
                Binding("question_mark,f1", "help", "key.help")]

    def __init__(self, title: str, body: Text | str):
        super().__init__()
        localize(self)
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical(id="sum-box"):
            yield Static(self.title_text, id="sum-title")
            with VerticalScroll(id="sum-scroll"):
                yield Static(self.body, id="sum-body")
            yield Button(t("key.next"), id="sum-go", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sum-go", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_go(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        thors_app(self).action_help()


class CombatSummary(_Summary):
    """One combat's result, exactly as its events say (never merged with another)."""

    def __init__(self, body: Text):
        super().__init__(t("summary.combat_title"), body)


class SinceSummary(_Summary):
    """What happened since the person's last turn."""

    def __init__(self, name: str, lines: list[str]):
        super().__init__(t("summary.since_title", name=name), "\n".join(lines))
