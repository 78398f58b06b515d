"""The game's end: who won and how, and a table per seat (ambers, crystals,
Taler, combats won), with keys to replay the game or go back to the title.
Esc closes it over the final island (the list of decisions opens it again)."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from .. import glyphs as G
from ..i18n import t
from ..keys import localize
from ..results import SeatResult


def winner_text(obs: dict) -> str:
    out = obs["outcome"]
    if out is None or out["winner"] is None:
        return t("result.draw")
    return t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])


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
                    "–" if r.combats_won < 0 else str(r.combats_won))
    return tab


class ResultScreen(ModalScreen[str | None]):
    """Dismissed with "title", "replay" or None (look at the island)."""

    CSS_PATH = "result.tcss"
    BINDINGS = [
        Binding("t", "pick('title')", "key.menu"),
        Binding("r", "pick('replay')", "play.result.replay", show=False),
        Binding("escape", "pick('')", "key.close"),
    ]

    def __init__(self, obs: dict, rows: list[SeatResult], can_replay: bool):
        super().__init__()
        localize(self)
        self.obs = obs
        self.rows = rows
        self.can_replay = can_replay

    def compose(self) -> ComposeResult:
        obs = self.obs
        with Vertical(id="box"):
            yield Static(t("play.result.title"), id="r-title")
            head = Text(winner_text(obs), style="bold")
            if obs["round"]:
                head.append("  " + t("play.result.round", n=obs["round"]), style="dim")
            yield Static(head, id="r-winner")
            yield Static(result_table(obs, self.rows), id="r-table")
            opts = [Option(t("play.result.to_title"), id="title")]
            if self.can_replay:
                opts.append(Option(t("play.result.replay"), id="replay"))
            opts.append(Option(t("play.result.board"), id=""))
            yield OptionList(*opts, id="r-keys")

    def on_mount(self) -> None:
        ol = self.query_one(OptionList)
        ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(event.option.id or "")

    def action_pick(self, what: str) -> None:
        if what == "replay" and not self.can_replay:
            return
        self.dismiss(what or None)
