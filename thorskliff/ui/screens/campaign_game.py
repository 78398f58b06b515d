"""A campaign chapter in play: the game screen with the time track, the
cards each player holds, every card shown as a card when it is read, drawn
or played, a card's choice asked of the seat it names, and the rules in
force in the help. The session is a :class:`~thorskliff.ui.session.CampaignSession`:
every decision is kept in the group's table, and the end of the chapter goes
into it."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from ...engine.steps import Step
from ...engine.actions import Action
from .. import choices
from ..i18n import t
from ..session import TERMINAL
from ..widgets.campaign import CAMPAIGN_VERBS, CampaignLog, CampaignTableaus, TimeTrack, campaign_decision
from .campaign_card import CardListScreen, CardScreen, Page
from .game import GameScreen
from .gameparts import thors_app

#: card log entries shown as a card when they happen ("setup": cards held from the start are listed, not shown)
SHOWN = ("time", "sanctuary", "special", "use", "finale")


class CampaignGameScreen(GameScreen):
    BINDINGS = [
        Binding("k", "cards", "key.cards"),
        Binding("g", "group", "key.group"),
    ]
    RESULT = False  # a chapter ends with its epilogue and the group table
    #: k and g take room in the footer, which was cut ("g Grup▏") at 80 and 120 columns: below
    #: 100 Tab leaves it too (the decision list's title names it, "Entscheidungen (Tab)"),
    #: and the hint's key below 145
    #: (the others have short words there, keys.shortened; ":" and b leave it too)
    NARROW_HIDDEN = GameScreen.NARROW_HIDDEN + ("toggle_focus", "command", "seat_to_bot")
    #: with "u Rückgängig" after a first step the footer was cut again ("g Gruppen▏" at 80,
    #: "g Gr▏" at 120): the notation's ":" leaves it too below 145 (palette and help name it)
    MEDIUM_HIDDEN = ((145, ("labels", "hint", "command")), (155, ("labels",)))

    def __init__(self, session, handover: bool = True, **kw):
        super().__init__(session, handover, **kw)
        # the game screen's panels, told how to find a card's title
        self.TABLEAUS = lambda **kw: CampaignTableaus(card=session.card_view, **kw)
        self.LOG = lambda **kw: CampaignLog(card=session.card_view, option=session.option_words, **kw)
        #: card log entries already shown; a fresh chapter opens with its story
        log = self.obs["campaign"]["log"]
        self.fresh = not session.game.lines
        self.cards_seen = sum(1 for e in log if e["how"] == "setup") if self.fresh else len(log)
        self.end_shown = session.decider() == TERMINAL
        self._card_screen: CardScreen | None = None

    # ------------------------------------------------------------ layout
    def compose(self):
        parts = iter(super().compose())
        yield next(parts)  # the phase bar, then the time track under it
        yield TimeTrack(id="timetrack")
        yield from parts

    def on_mount(self) -> None:
        # Textual runs GameScreen.on_mount as well (handlers run along the MRO)
        self.query_one(TimeTrack).show(self.obs)

    def _layout(self, width: int, height: int, taken: int = 0) -> None:
        track = self.query(TimeTrack)
        rows = track.first().size.height if track and track.first().size.height else 1
        super()._layout(width, height - rows, taken=taken + rows)  # at 80x24 the window is big enough

    # ------------------------------------------------------------ the flow
    def sync(self) -> None:
        if self._show_cards():
            return
        super().sync()

    def _show_cards(self) -> bool:
        """New cards since the last look are shown before anything else (they
        are read aloud before the game goes on)."""
        if self._card_screen is not None or not getattr(self, "ready", False):
            return self._card_screen is not None
        obs = self.session.view(None)
        log = obs["campaign"]["log"]
        pages: list[Page] = []
        if self.fresh:
            self.fresh = False
            ch = self.session.chapter_view()
            pages.append(Page(title=t("campaign.chapter_title", n=ch["number"], title=ch["title"]),
                              story=ch["intro"]))
        for e in log[self.cards_seen:]:
            if e["how"] in SHOWN:
                reader = obs["players"][e["seat"] - 1]["name"] if e["seat"] else None
                pages.append(Page(self.session.card_view(e["card"]), reader, e["how"]))
        self.cards_seen = len(log)
        if self.decider == TERMINAL and not self.end_shown:
            self.end_shown = True
            ch = self.session.chapter_view()
            pages.append(Page(title=t("campaign.chapter_over", title=ch["title"]),
                              story=self._result_text(obs) + ("\n\n" + ch["epilogue"] if ch["epilogue"] else "")))
        if not pages:
            return False
        self.redraw()
        self._card_screen = CardScreen(pages)
        self.app.push_screen(self._card_screen, callback=self._cards_read)
        return True

    def _cards_read(self, _=None) -> None:
        self._card_screen = None
        self.sync()

    def _result_text(self, obs: dict) -> str:
        out = obs["outcome"]
        if out is None or out["winner"] is None:
            return t("campaign.result_draw")
        return t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])

    def _handover_reason(self, seat: int) -> str:
        obs = self.session.view(None)
        choice = obs["campaign"]["choice"]
        if obs["step"] == Step.CARD and choice and choice["seat"] == seat + 1:
            title = self.session.card_view(choice["card"])["title"]
            return t("campaign.why_card", name=obs["players"][seat]["name"], card=title)
        return super()._handover_reason(seat)

    # ------------------------------------------------------------ drawing
    def redraw(self) -> None:
        super().redraw()
        self.query_one(TimeTrack).show(self.obs)

    def parse_legal(self, legal: list[str]) -> list:
        out = []
        for text in legal:
            head = text.partition(" ")[0]
            if head in CAMPAIGN_VERBS or text == "buy amber":
                out.append((text, Action(head, arg=text.partition(" ")[2])))
            else:
                out.extend(choices.parsed([text]))
        return out

    def _prompt(self) -> None:
        super()._prompt()
        obs = self.obs
        choice = obs["campaign"]["choice"]
        if obs["step"] == Step.CARD and choice:
            card = self.session.card_view(choice["card"])
            text = Text(t("campaign.ask_card", name=obs["players"][choice["seat"] - 1]["name"]) + "\n",
                        style="bold")
            text.append(card["title"], style="bold underline")
            if card["text"]:
                text.append("\n" + card["text"])
            self.query_one("#prompt", Static).update(text)

    def decision_items(self):
        items = super().decision_items()
        if self.decider == TERMINAL:
            return [("@group", t("campaign.to_group"), True)]
        out = []
        for text, prompt, ok in items:
            said = campaign_decision(text, self.obs, self.session.card_view) if ok else None
            out.append((text, said if said is not None else prompt, ok))
        return out

    # ------------------------------------------------------------ deciding
    def decide(self, text: str, confirmed: bool = False) -> bool:
        if text == "@group":
            self.action_group()
            return True
        return super().decide(text, confirmed)

    def choose_hex(self, i: int) -> None:
        if self.decider == TERMINAL:  # the chapter is over: Enter on the map goes on to the group table too
            self.action_group()
            return
        super().choose_hex(i)

    def action_cards(self) -> None:
        """The chapter's cards so far (newest first) and the cards held."""
        obs = self.session.view(None)
        pages = []
        for q, held in enumerate(obs["campaign"]["held"]):
            for cid in held:
                pages.append(Page(self.session.card_view(cid), obs["players"][q]["name"], "held"))
        for e in reversed(obs["campaign"]["log"]):
            if e["how"] in SHOWN:
                reader = obs["players"][e["seat"] - 1]["name"] if e["seat"] else None
                pages.append(Page(self.session.card_view(e["card"]), reader, e["how"]))
        self.app.push_screen(CardListScreen(pages))

    def action_group(self) -> None:
        thors_app(self).open_group(self.session.group)

    def help_screen(self, tab: str = "campaign"):
        """The help with the chapter's tab (the app asks for it too)."""
        from .campaign_help import CampaignHelpScreen

        session = self.session
        return CampaignHelpScreen(lambda: session.view(None), lambda cid: session.card_view(cid)["title"],
                                  "campaign" if tab == "keys" else tab)

    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())
