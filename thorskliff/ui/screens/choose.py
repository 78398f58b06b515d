"""A small list to pick one of several decisions (which unit goes, fight or
lightning on one hex, a warrior or the Gode)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..keys import localize


class ChooseScreen(ModalScreen[str | None]):
    CSS_PATH = "choose.tcss"
    BINDINGS = [Binding("escape", "cancel", "key.cancel")]

    def __init__(self, title: str, items: list[tuple[str, str]], disabled: frozenset[str] = frozenset()):
        """``items``: (id, text); the ids in ``disabled`` are shown greyed (their
        text says why) and cannot be chosen."""
        super().__init__()
        # not ``self.disabled``: that is Textual's own switch, and a non-empty set
        # disabled the whole screen, so its list took no key (only Escape worked)
        self.greyed = disabled
        localize(self)
        self.title_text = title
        self.items = items

    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static(self.title_text, id="ch-title")
            yield OptionList(*[Option(p, id=d, disabled=d in self.greyed) for d, p in self.items], id="ch-list")

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
