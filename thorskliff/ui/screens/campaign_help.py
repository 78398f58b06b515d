"""Help during a campaign chapter: the usual tabs and, first, the chapter's
own: its goal, which rules are in force now (the cards bring them in, R-CAMP-5),
the cards held and the time track."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

from ..i18n import t
from ..rulehelp import markdown, sections
from ..widgets.campaign import carried_title
from .help import TABS, HelpScreen, page_text

#: the rules a card can bring in or take out (docs/scenarios.md, "Rules in force")
RULES = ("potions", "haste", "wisent", "helm", "gamble", "gode", "blitz", "runestone", "epic", "buy_amber")


#: the rule each row of the action table (``helptext.table``, rows in the same order in every
#: language) needs; None: always in force
TABLE_ROWS = (None, "wisent", None, None, "potions", "helm", "gamble", "gamble", "rifts", "rifts", "rifts",
              "runestone")


def action_table(text: str, introduced) -> str:
    """The help's action table with only the actions in force in the chapter
    now: a chapter 1 view shows no Wisent or helmet price before they exist."""
    lines = text.split("\n")
    rows = [i for i, ln in enumerate(lines) if ln.startswith("|")][2:]  # after the header and its rule
    if len(rows) != len(TABLE_ROWS):  # the table changed: show it whole rather than wrongly cut
        return text
    drop = {i for i, need in zip(rows, TABLE_ROWS) if need is not None and need not in introduced}
    return "\n".join(ln for i, ln in enumerate(lines) if i not in drop)


def campaign_help(obs: dict, card_title=carried_title) -> str:
    """The chapter's help page in Markdown."""
    camp = obs["campaign"]
    goal = camp["goal"]
    lines = [f"## {t('campaign.chapter_title', n=camp['chapter'], title=camp['title'])}", ""]
    g = t("campaign.help.goal_ambers", n=goal["ambers"])
    if goal["crystals"]:
        g += " " + t("campaign.help.goal_crystals", n=goal["crystals"])
    if camp["short"]:
        g += " " + t("campaign.help.short")
    lines += [g, "", f"### {t('campaign.help.in_force')}", "", t("campaign.help.always"), ""]
    on = camp["rules"]
    for r in RULES:
        if r in on:
            text = t(f"campaign.rule.{r}")
            if r == "buy_amber" and camp["amber_price"] is not None:
                text += " " + t("campaign.help.price", n=camp["amber_price"])
            lines.append(f"- **{text}**")
    if not any(r in on for r in RULES):
        lines.append("- " + t("campaign.help.none_yet"))
    # only what this chapter can still bring: a rule that never comes here is not "not yet"
    can_come = camp.get("can_come", RULES)
    off = [t(f"campaign.rule.{r}") for r in RULES if r not in on and r in can_come]
    if off:
        lines += ["", f"### {t('campaign.help.not_yet')}", "", ", ".join(off)]
    lines += ["", f"### {t('campaign.help.held')}", ""]
    for q, held in enumerate(camp["held"]):
        p = obs["players"][q]
        cards = ", ".join(card_title(c) for c in held) or "–"
        lines.append(f"- {p['name']} ({p['hero']}): {cards}")
    lines += ["", f"### {t('campaign.help.track')}", ""]
    for sp in camp["track"]:
        if sp["card"]:
            mark = " ◀" if sp["marker"] else ""
            title = sp["title"] if sp["read"] else "?"
            lines.append(f"- {sp['space']} ({t('campaign.kind.' + sp['kind'])}): {title}{mark}")
    read = sections(["movement", "combat", *camp.get("introduced", on)])  # movement and fights: every chapter
    if read:  # the rulebook's sections for what is in force, to read again
        lines += ["", f"### {t('rulehelp.heading')}", ""]
        lines += [markdown(x, level=4) + "\n" for x in read]
    lines += ["", t("campaign.help.keys")]
    return "\n".join(lines)


class CampaignHelpScreen(HelpScreen):
    """``obs``: a spectator's view of the chapter (with its "campaign" key),
    or a function that reads it in the app's language; ``title_of``: a card's
    title by its id.

    The view's chapter title and card titles are in the language it was read
    in: after a language switch the screen reads it anew when ``obs`` is a
    function (the chapter's screen passes one)."""

    def __init__(self, obs: dict | Callable[[], dict], title_of=carried_title, tab: str = "campaign"):
        super().__init__(tab)
        self.view_of = obs if callable(obs) else None
        self.obs = obs() if callable(obs) else obs
        self.title_of = title_of
        self.tabs = ("campaign",) + TABS

    def relocalize(self) -> None:
        self.obs = self._reread()
        super().relocalize()

    def _reread(self) -> dict:
        return self.view_of() if self.view_of is not None else self.obs

    def compose(self) -> ComposeResult:
        yield Static(t("help.title") + " – " + t("app.title"), id="help-title")
        with TabbedContent(initial=f"tab-{self.first_tab}"):
            with TabPane(t("campaign.help.tab"), id="tab-campaign"):
                with VerticalScroll():
                    yield Markdown(campaign_help(self.obs, self.title_of), id="campaign-help")
            camp = self.obs["campaign"]
            for name in TABS:
                text = page_text(name, getattr(self.app, "hosted", False))
                if name == "table":
                    text = action_table(text, camp.get("introduced", camp["rules"]))
                with TabPane(t(f"help.tab_{name}"), id=f"tab-{name}"):
                    with VerticalScroll():
                        yield Markdown(text, id=f"help-{name}")
        yield Footer()
