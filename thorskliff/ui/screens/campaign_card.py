"""A campaign card shown as a card (title, story, its effect in words) when
it is read, drawn or played; and the list of the chapter's cards so far.
Cards are public (they are read aloud at the table), so they show between
seats too."""

from __future__ import annotations

import io

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import t
from ..keys import localize
from ..widgets.campaign import card_text


class Page:
    """One page: a card view (``CampaignState.card_view``) with who read it
    and how, or a story page (chapter intro, epilogue) with a title."""

    def __init__(self, view: dict | None = None, reader: str | None = None, how: str = "",
                 title: str = "", story: str = ""):
        self.view = view
        self.reader = reader
        self.how = how
        self.title = title
        self.story = story

    def rules(self) -> list[str]:
        """The rule sections the card brings (for "Regel lesen")."""
        from ..rulehelp import sections

        return sections(self.view.get("introduces", ())) if self.view is not None else []

    def render(self):
        if self.view is not None:
            return card_text(self.view, self.reader, self.how)
        out = Text()
        out.append(self.title, style="bold underline")
        if self.story:
            out.append("\n\n" + self.story, style="italic")
        return out


class CardScreen(ModalScreen[None]):
    """Shows ``pages`` one after another; Enter goes on, the last closes."""

    CSS_PATH = "campaign.tcss"
    # Enter is the screen's, not the button's: a button ignores a second press while it still flashes
    BINDINGS = [Binding("enter,space", "next", "key.next", priority=True), Binding("escape", "close", "key.close"),
                Binding("r", "rule", "rulehelp.read")]

    def __init__(self, pages: list[Page]):
        super().__init__()
        localize(self)
        self.pages = pages
        self.at = 0

    def compose(self) -> ComposeResult:
        with Vertical(id="card-box"):
            yield Static(id="card-count")
            with VerticalScroll(id="card-scroll"):
                yield Static(id="card-body")
            with Horizontal(id="card-buttons"):
                yield Button(t("rulehelp.read_key"), id="card-rule")
                yield Button(t("key.next"), id="card-next", variant="primary")

    def on_mount(self) -> None:
        self._show()
        self.query_one("#card-next", Button).focus()

    def _show(self) -> None:
        page = self.pages[self.at]
        self.query_one("#card-body", Static).update(page.render())
        n = len(self.pages)
        self.query_one("#card-count", Static).update(
            t("campaign.card_n", n=self.at + 1, total=n) if n > 1 else "")
        last = self.at + 1 == n
        self.query_one("#card-next", Button).label = t("campaign.card_done" if last else "campaign.card_next")
        self.query_one("#card-rule", Button).display = bool(page.rules())
        self.refresh_bindings()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "rule":
            return bool(self.pages[self.at].rules())
        return True

    @property
    def body(self) -> str:
        """The page shown, as plain text (tests)."""
        from rich.console import Console

        console = Console(width=120, record=True, color_system=None, force_terminal=False, file=io.StringIO())
        console.print(self.pages[self.at].render())
        return console.export_text()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "card-rule":
            self.action_rule()
        else:
            self.action_next()

    def action_rule(self) -> None:
        """The rule the card brings, to read now (the rulebook's "Lies jetzt die Regel …")."""
        found = self.pages[self.at].rules()
        if found:
            self.app.push_screen(RuleScreen(found))

    def action_next(self) -> None:
        if self.at + 1 < len(self.pages):
            self.at += 1
            self._show()
        else:
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class CardListScreen(ModalScreen[None]):
    """Every card of the chapter so far, newest first, and the cards held;
    Enter shows one as a card."""

    CSS_PATH = "campaign.tcss"
    BINDINGS = [Binding("escape,k", "close", "key.close")]

    def __init__(self, pages: list[Page]):
        super().__init__()
        localize(self)
        self.pages = pages

    def compose(self) -> ComposeResult:
        with Vertical(id="cards-box"):
            yield Static(t("campaign.cards_title"), id="cards-title")
            if not self.pages:
                yield Static(t("campaign.no_cards"))
            opts = []
            for n, page in enumerate(self.pages):
                line = Text(page.view["title"] if page.view else page.title, style="bold")
                if page.reader:
                    line.append("  " + t(f"campaign.read.{page.how or 'other'}", name=page.reader), style="dim")
                opts.append(Option(line, id=str(n)))
            yield OptionList(*opts, id="cards-list")

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0 if self.pages else None
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.app.push_screen(CardScreen([self.pages[int(event.option.id or "0")]]))

    def action_close(self) -> None:
        self.dismiss(None)


class RuleScreen(ModalScreen[None]):
    """The rulebook's sections for what a card brings (``rulehelp``)."""

    CSS_PATH = "campaign.tcss"
    BINDINGS = [Binding("escape,enter,r", "close", "key.close")]

    def __init__(self, sections: list[str]):
        super().__init__()
        localize(self)
        self.sections = sections

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown

        from ..rulehelp import markdown

        with Vertical(id="rule-box"):
            with VerticalScroll(id="rule-scroll"):
                yield Markdown("\n\n".join(markdown(s) for s in self.sections), id="rule-text")

    def on_mount(self) -> None:
        self.query_one("#rule-scroll").focus()

    @property
    def source(self) -> str:
        """The text shown, in Markdown (tests)."""
        from ..rulehelp import markdown

        return "\n\n".join(markdown(s) for s in self.sections)

    def action_close(self) -> None:
        self.dismiss(None)
