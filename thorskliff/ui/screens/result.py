"""The game's end: who won and how, a table per seat (ambers, crystals,
Taler, combats won) and how the win chances went over the game (the curve
and its biggest swings, ``ui.curveview``), with keys to replay the game or go
back to the title. Esc closes it over the final island (the list of
decisions opens it again)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from .. import glyphs as G
from ..curveview import chart, swings_text
from ..i18n import t
from ..keys import localize
from ..results import SeatResult


def winner_text(obs: dict) -> str:
    out = obs["outcome"]
    if out is None or out["winner"] is None:
        return t("result.draw")
    return t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])


def winner_sentence(obs: dict) -> str:
    """Who won, how and when, as one sentence (a play-tester read "Bot 2 gewinnt mit den
    Bernsteinen!  nach 20 Runden": two spaces and the round after the full stop)."""
    n = obs["round"]
    if not n:
        return winner_text(obs)
    after = t("play.result.round_one") if n == 1 else t("play.result.round", n=n)
    out = obs["outcome"]
    if out is None or out["winner"] is None:
        return t("play.result.won_draw", after=after)
    return t(f"play.result.won_{out['reason']}", name=obs["players"][out["winner"] - 1]["name"], after=after)


def result_table(obs: dict, rows: list[SeatResult]) -> Table:
    goal = obs["goal"]
    tab = Table(box=None, padding=(0, 1), show_edge=False, expand=False, header_style="bold")
    tab.add_column(t("play.result.seat"), no_wrap=True)
    tab.add_column(t("play.result.ambers"), justify="right")
    tab.add_column(t("play.result.crystals"), justify="right")
    tab.add_column(t("play.result.taler"), justify="right")
    tab.add_column(t("play.result.combats"), justify="right")
    for r in rows:
        who = Text("★ " if r.winner else "  ", style="bold")
        who.append(f"{G.OWNER[r.colour]} {r.name} ", style=G.chip_style(r.colour))
        if r.out:
            who.append(" " + t("play.result.out"), style="dim")
        tab.add_row(who, f"{r.ambers}/{goal['ambers']}", f"{r.crystals}/{goal['crystals']}", str(r.taler),
                    "–" if r.combats_won < 0 else t("play.result.won_of", won=r.combats_won, fought=r.combats_fought))
    return tab


class ResultScreen(ModalScreen[str | None]):
    """Dismissed with "title", "replay" or None (look at the island)."""

    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("t", "pick('title')", "key.menu"),
        Binding("r", "pick('replay')", "play.result.replay", show=False),
        Binding("escape", "pick('')", "key.close"),
    ]

    #: columns of the curve: the box's content (#box: width 72, thick border,
    #: padding 1) less the scrollbar the curve gets on a short terminal
    WIDTH = 67

    def __init__(self, obs: dict, rows: list[SeatResult], can_replay: bool, game=None):
        super().__init__()
        localize(self)
        self.obs = obs
        self.rows = rows
        self.can_replay = can_replay
        self.game = game

    def _game(self):
        """The finished game: given, or the one behind the screen that ended it
        (its session), so the curve needs no change where the screen is opened."""
        if self.game is not None:
            return self.game
        from ..results import game_of

        for screen in reversed(self.app.screen_stack):
            game = game_of(getattr(screen, "session", None))
            if game is not None:
                return game
        return None

    def curve(self):
        """The curve's points and top swings, or None without the game's record."""
        from ...bots.curve import swings, win_chances
        from ...engine.actions import ActionError

        game = self._game()
        if game is None or not game.lines:
            return None
        try:
            points = win_chances(game)
        except ActionError:  # a game set up by hand (a test's position) that its setup cannot rebuild
            return None
        return points, swings(points)

    def compose(self) -> ComposeResult:
        obs = self.obs
        with Vertical(id="box"):
            yield Static(t("play.result.title"), id="r-title")
            yield Static(Text(winner_sentence(obs), style="bold"), id="r-winner")
            yield Static(result_table(obs, self.rows), id="r-table")
            if any(r.combats_won >= 0 for r in self.rows):  # what "Kämpfe gewonnen" counts
                yield Static(Text(t("play.result.combats_note"), style="dim"), id="r-note")
            curve = self.curve()
            if curve is not None:
                seats = [(p["name"], p["colour"]) for p in obs["players"]]
                with VerticalScroll(id="r-curve"):
                    yield Static(Text(t("curve.title"), style="bold"), id="r-curve-title")
                    yield Static(chart(curve[0], seats, self.WIDTH, marks=[sw.point for sw in curve[1]]),
                                 id="r-chart")
                    yield Static(swings_text(curve[1], seats), id="r-swings")
            hosted = getattr(self.app, "hosted", False)  # t leads to the server's table
            opts = [Option(t("play.result.to_lobby" if hosted else "play.result.to_title"), id="title")]
            if self.can_replay:
                opts.append(Option(t("play.result.replay"), id="replay"))
            opts.append(Option(t("play.result.board"), id=""))
            yield OptionList(*opts, id="r-keys")
        # its own footer: the game's below it named keys that do nothing here, and "t Tipp" beside "Zum Titel (t)"
        yield Footer()

    def on_mount(self) -> None:
        if getattr(self.app, "hosted", False):  # the footer too: "t Titel" led to the table
            from ..keys import relabel

            relabel(self, "t", t("lobby.lobby"))
            self.refresh_bindings()
        for ol in self.query(OptionList):  # none when the app ends while this screen mounts
            ol.highlighted = 0
            ol.focus()
        self.on_resize()

    def on_resize(self, event=None) -> None:
        # a short terminal drops two blank rows, for the curve's swings
        self.set_class(self.app.size.height < 30, "-short")
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """The curve gets the rows the rest of the box leaves (it scrolls in
        them), so the keys stay on a short terminal (80x24, four seats)."""
        found = self.query("#r-curve")
        if not found:
            return
        scroll = found.first()
        box = self.query_one("#box")
        used = sum(w.outer_size.height + w.styles.margin.top + w.styles.margin.bottom
                   for w in box.children if w is not scroll)
        footer = sum(f.outer_size.height for f in self.query(Footer))
        room = int((self.size.height - footer) * 0.98) - 2 - used - scroll.styles.margin.top
        scroll.styles.max_height = max(3, room)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        if what == "replay" and not self.can_replay:
            return
        self.dismiss(what or None)
