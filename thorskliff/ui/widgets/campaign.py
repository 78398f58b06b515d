"""The campaign's views (docs/rules.md §18): the time track, a card as a card,
the tableaus with the cards each player holds, the log with the campaign's
decisions in words, and the group table of R-CAMP-7.

They read plain data only: ``obs["campaign"]`` (``CampaignState.campaign_view``),
card views (``CampaignState.card_view``) and the table's rows.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Group as RichGroup
from rich import box
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from .. import glyphs as G
from .. import words
from ..botwords import bot_name
from ..i18n import t
from ..words import CAMPAIGN_VERBS, carried_title  # noqa: F401  (the campaign screens read them here)
from .panels import GameLog, Tableaus, possessions, tableau_head

#: a season's or field's colour on the track
KIND_STYLE = {"spring": "bold #111111 on #9fd67a", "summer": "bold #111111 on #f2d24b",
              "autumn": "bold #ffffff on #c0622b", "winter": "bold #111111 on #bfe3f2",
              "white": "bold #111111 on #f5f5f5", "darkness": "bold #ffffff on #2b2140"}
#: shown for cards read (the track keeps them, dimmed)
READ_STYLE = "#777777 on #2a2a2a"


# ---------------------------------------------------------------- the time track


def track_text(camp: dict, width: int = 0) -> Text:
    """Each space in turn: its number on its season's colour where a card
    lies, a dot on a plain space; the marker's space reversed with ▶; a card
    already read dimmed. The next card's space follows when ``width``
    leaves room for it."""
    out = Text()
    out.append(t("campaign.track") + " ", style="bold")
    for sp in camp["track"]:
        n = sp["space"]
        if sp["marker"]:
            out.append(f"▶{n}", style="bold reverse")
        elif sp["card"] is None:
            out.append("·", style="dim")
        elif sp["read"]:
            out.append(f"{n:>2}", style=READ_STYLE)
        else:
            out.append(f"{n:>2}", style=KIND_STYLE.get(sp["kind"], "bold"))
        out.append(" ")
    out.append(t("campaign.marker", n=camp["marker"], total=len(camp["track"])), style="bold")
    nxt = next((sp for sp in camp["track"] if sp["card"] and sp["space"] > camp["marker"]), None)
    if nxt:
        hint = " · " + t("campaign.next_card", n=nxt["space"], kind=t(f"campaign.kind.{nxt['kind']}"))
        if not width or out.cell_len + len(hint) <= width:
            out.append(hint, style="dim")
    return out


class TimeTrack(Static):
    """The time track (R-CAMP-2): where the marker stands and which spaces
    carry cards."""

    DEFAULT_CSS = "TimeTrack { height: auto; width: 1fr; background: $panel-darken-1; }"

    camp: dict | None = None

    def show(self, obs: dict) -> None:
        self.camp = obs.get("campaign")
        if self.camp:
            self.update(track_text(self.camp, self.size.width))

    def on_resize(self) -> None:
        if self.camp:
            self.update(track_text(self.camp, self.size.width))


# ---------------------------------------------------------------- a card


def card_text(view: dict, reader: str | None = None, how: str = "") -> RichGroup:
    """A card: its deck and corner label, title, story (italic) and what it
    does in words; who read it, when known."""
    head = Text()
    head.append(f" {t('campaign.deck.' + view['deck'])} {view['label']} ".replace("  ", " "),
                style="bold reverse")
    if view.get("carry"):
        head.append("  " + t("campaign.carries"), style="italic")
    parts: list = [head, Text(view["title"], style="bold underline")]
    if view["story"]:
        parts.append(Text(view["story"], style="italic"))
    if view["text"]:
        parts.append(Text(view["text"], style="bold"))
    if view.get("usable"):
        parts.append(Text(t("campaign.usable"), style="dim"))
    if reader:
        parts.append(Text(t(f"campaign.read.{how}" if how else "campaign.read.other", name=reader), style="dim"))
    return RichGroup(*_spaced(parts))


def _spaced(parts: list) -> list:
    out: list = []
    for p in parts:
        if out:
            out.append(Text(""))
        out.append(p)
    return out


# ---------------------------------------------------------------- tableaus


class CampaignTableaus(Tableaus):
    """The players' tableaus with the chapter's goal (not a mode's) and the
    special cards each holds. ``card`` gives a card's view by id."""

    def __init__(self, card: Callable[[str], dict] | None = None, **kw):
        super().__init__(**kw)
        self.card = card

    def show(self, obs: dict) -> None:
        parts = []
        focus = obs["viewer"] or obs["turn"]
        for p in obs["players"]:
            full = not self.compact or p["seat"] == focus
            parts.append(campaign_tableau(obs, p, full, self.compact, self.card))
        self.put(Text("\n").join(parts))


def campaign_tableau(obs: dict, p: dict, full: bool, narrow: bool, card=None) -> Text:
    camp = obs["campaign"]
    goal = camp["goal"]
    turn = obs["turn"] == p["seat"]
    out = tableau_head(obs, p, narrow)
    if p["out"]:
        return out
    # delivered at the sanctuary ★, as the base game's tableau says it: after the head's ♦
    # (an amber carried, R-AMBER-1) "♦ 0/3♦" read as two ambers
    if narrow:
        out.append(f" {G.KIND['sanctuary']}{p['delivered']}/{goal['ambers']}", style=G.AMBER_STYLE)
    else:
        out.append(" " + t("tableau.delivered", n=p["delivered"], goal=goal["ambers"]), style=G.AMBER_STYLE)
    if goal["crystals"]:
        out.append(f" {p['crystals']}/{goal['crystals']}{G.CRYSTAL}", style=G.CRYSTAL_STYLE)
    if p["faint"] != "awake":
        out.append(" " + t("tableau.faint"), style="bold red")
    if not full:
        return out
    out.append("\n  ")
    things = possessions(p)
    things.append(t("tableau.supply", n=p["supply"]))
    if p["gode_at"]:
        things.append(t("tableau.gode_marker", marker=" + ".join(t(f"ability.{m}") for m in p["marker"].split("+")))
                      + f" ({t('tableau.gode_on', hex=p['gode_at'])})")
    if p["epic"]:
        things.append(t("tableau.epic", cards=", ".join(t(f"epic.{c}") for c in p["epic"])))
    if p["crystal_bonus"]:
        things.append(t(f"tableau.bonus_{p['crystal_bonus']}"))
    out.append(" · ".join(things), style="" if turn else "dim")
    held = camp["held"][p["seat"] - 1]
    if held:
        out.append("\n  ")
        out.append(t("campaign.held", cards=", ".join(words.card_name(c, camp, card) for c in held)), style="italic")
    return out


# ---------------------------------------------------------------- the log


def campaign_decision(text: str, obs: dict | None, card=None) -> str | None:
    """A campaign decision (``choose``, ``use``, ``buy amber``) in words for
    a menu, or None for any other."""
    return words.campaign(text, obs, card)


class CampaignLog(GameLog):
    """The game log of a chapter: ``card`` (a card's view by id) gives the
    titles of the cards its choices answered."""


# ---------------------------------------------------------------- the group table


def _won(val) -> Text:
    if val is None:
        return Text("–", style="dim")
    if val is False:
        return Text("✗", style="dim")
    if val == "red":
        return Text("✔ " + t("campaign.table.red"), style=f"{G.AMBER_STYLE}")
    if val == "blue":
        return Text("✔ " + t("campaign.table.blue"), style=f"{G.CRYSTAL_STYLE}")
    return Text("✔", style="bold green")


def group_table(rows: list[dict], carried: dict[int, list[str]] | None = None) -> Table:
    """R-CAMP-7: player, hero, chapter 1 won, chapter 2 won, Tätowierung,
    Seekarte, chapter 3 won (red with ambers, blue with crystals); and the
    cards each player carries into the next chapter."""
    # at 80 columns the headings were cut ("Tätowi…", "Seeka…"): no outer edge, and each
    # heading whole; the cards carried and a long name wrap instead
    tab = Table(show_lines=False, header_style="bold", expand=False, show_edge=False, pad_edge=False,
                box=box.SIMPLE_HEAD, collapse_padding=True)
    for key in ("player", "hero", "chapter1", "chapter2", "tattoo", "seekarte", "chapter3", "carried"):
        head = t(f"campaign.table.{key}")
        whole = key != "carried"
        tab.add_column(head, min_width=cell_len(head) if whole else None, no_wrap=whole,
                       overflow="ellipsis" if whole else "fold")
    for q, r in enumerate(rows):
        cards = (carried or {}).get(q, [])
        who = Text(r["player"])
        if r.get("bot") and bot_name(r["player"]) != r["player"]:  # a bot plays this seat ("Bot 2" says so)
            who.append(" " + t("bots.mark"), style="italic")
        tab.add_row(who, r["hero"], _won(r["chapter1"]), _won(r["chapter2"]),
                    Text("✔", style="bold") if r["tattoo"] else Text("–", style="dim"),
                    Text("✔", style="bold") if r["seekarte"] else Text("–", style="dim"),
                    _won(r["chapter3"]), ", ".join(carried_title(c) for c in cards) or "–")
    return tab


def table_plain(rows: list[dict], carried: dict[int, list[str]] | None = None) -> str:
    """The group table as plain text (tests, screen readers)."""
    from rich.console import Console

    console = Console(width=200, record=True, color_system=None, force_terminal=False, file=io.StringIO())
    console.print(group_table(rows, carried))
    return console.export_text()
