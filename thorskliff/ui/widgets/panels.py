"""The smaller views around the island: phase bar, player tableaus, the hex
under the cursor, dice, the footer (the game log and the list of decisions
are in gamelog.py and decisionlist.py)."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.reactive import Reactive
from textual.visual import visualize
from textual.widgets import Footer, Static

from .. import glyphs as G
from .. import words
from ..flow import Flow
from ...engine.steps import Step
from ..i18n import t
from ..logtext import dice, hang_all
from ..viewmemo import drawn_alike, per_view
from .looks import looks as _looks
# the log and the decision list are widgets of their own, named here as well
from .decisionlist import DecisionList  # noqa: F401
from .gamelog import GameLog  # noqa: F401


def goals(obs: dict) -> tuple[int, int]:
    goal = obs["goal"]
    return goal["ambers"], goal["crystals"]


def chip(p: dict, text: str | None = None) -> Text:
    return Text(f"{G.OWNER[p['colour']]} {text if text is not None else p['name']} ", style=G.chip_style(p["colour"]))


# ---------------------------------------------------------------- phase bar


class DrawnAlike(Static):
    """A panel that draws a text every screen at a hosted table shows alike
    (the phase bar, the tableaus, who is at the table): its lines are drawn
    once for all screens showing the same text at the same size and look
    (viewmemo.drawn_alike), not once per screen."""

    # What a panel holds is as high as the panel (``height: auto``) or cut: its virtual size
    # never moves another widget. Textual's lays the screen out a second time whenever a
    # layout gives it a new one (after each new prompt height, at every screen: #14).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def render_lines(self, crop: Region) -> list[Strip]:
        content = self.content
        if not isinstance(content, Text) or self.text_selection is not None:
            return super().render_lines(crop)
        app = self.app
        look = (type(self).__name__, self.id, tuple(sorted(self.classes)), tuple(sorted(self.get_pseudo_classes())),
                _looks(content), tuple(self.region.size), crop, app.theme, app.ansi_color,
                app.console._color_system, self.rich_style, self.background_colors)
        return drawn_alike(look, lambda: super(DrawnAlike, self).render_lines(crop))


def show_changed(widget: Static, content, layout: bool = True) -> bool:
    """``widget.update(content)`` unless it shows that already. Each update
    of a Static that is as high as its text lays out the whole screen
    anew; after most keys most panels say what they said before."""
    if _looks(widget.content) == _looks(content):
        return False
    width = widget.size.width
    if not layout or not width or not isinstance(content, (Text, Flow)) or not isinstance(widget.content, (Text, Flow)):
        widget.update(content, layout=layout)
        return True
    # As high as before (a prompt, the presence line): no layout of the whole
    # screen, which every screen at a hosted table pays at every decision.
    # (Textual's stub asks a RulesMap; a widget's RenderStyles is what its own Static passes)
    before = visualize(widget, widget.content).get_height(widget.styles, width)  # type: ignore[arg-type]
    widget.update(content, layout=False)
    if visualize(widget, content).get_height(widget.styles, width) != before:  # type: ignore[arg-type]
        widget.refresh(layout=True)
    return True


def phase_text(obs: dict, width: int) -> Text:
    out = Text()
    if obs["outcome"] is not None:
        out.append(" " + t("phase.over") + " ", style="bold reverse")
        return out
    players = obs["players"]
    if obs["round"]:
        out.append(t("phase.round", n=obs["round"]) + " ", style="bold")
    if obs["turn"]:
        out.append_text(chip(players[obs["turn"] - 1]))
        out.append(" ")
    cur = obs["phase"]
    if obs["step"] == Step.BEACH:
        out.append(" " + t("phase.setup") + " ", style="bold reverse")
        return out
    # only the phases in force: a campaign chapter brings the Gode (0) and haste (6) with its
    # cards (R-CAMP-1, R-CAMP-5); chapter 1 showed "[6 Eile]" before haste was in force
    rules = obs.get("rules", ())
    gone = {i for i, rule in ((0, "gode"), (6, "haste")) if rule not in rules and i != cur}
    names = [(i, t(f"phase.{i}")) for i in range(7) if i not in gone]
    full = sum(len(n) + 4 for _, n in names) + out.cell_len <= width
    for i, name in names:
        label = f"{i} {name}" if full or i == cur else str(i)
        if i == cur:
            out.append(f"[{label}]", style="bold reverse")
        else:
            out.append(f" {label} ", style="dim")
    if cur is None or cur > 6:
        out.append(" " + t("phase.end"), style="bold")
    return out


class PhaseBar(DrawnAlike):
    DEFAULT_CSS = "PhaseBar { height: 1; width: 1fr; background: $panel; }"

    def show(self, obs: dict) -> None:
        self.obs = obs
        width = self.size.width or 80
        # one line high; alike on every screen showing this view (viewmemo)
        show_changed(self, per_view(obs, ("phase", width), lambda: phase_text(obs, width)), layout=False)

    def on_resize(self) -> None:
        if getattr(self, "obs", None):
            show_changed(self, phase_text(self.obs, self.size.width), layout=False)


# ---------------------------------------------------------------- tableaus


def tableau_head(obs: dict, p: dict, narrow: bool) -> Text:
    """The start of a tableau's headline: ▶ on turn, the player's chip and
    hero; then life, Taler and a carried amber, or that the player is out."""
    out = Text()
    out.append("▶" if obs["turn"] == p["seat"] else " ", style="bold")
    out.append_text(chip(p))
    if not narrow:
        out.append(f" {p['hero']}", style="bold")
    out.append(" ")
    if p["out"]:
        out.append(t("tableau.out"), style="dim strike")
        return out
    life = t("tableau.life", life=p["life"], max=p["max_life"])
    if narrow:
        life = life.replace(" ", "")  # a column for the race (tableau_text)
    out.append(life + " ", style="bold red" if p["life"] * 2 < p["max_life"] else "bold")
    out.append(f"{p['taler']}{G.TALER}" if narrow else t("tableau.taler", n=p["taler"]), style=G.TALER_STYLE)
    if p["amber"]:
        out.append(" " + G.AMBER, style=G.AMBER_STYLE)
    return out


def potion_word(x: dict) -> str:
    """A potion as the view shows it; an Eiletrank with the uses it has left where the
    view knows them (the owner's, or a used one, which lies face up: R-POT-7,
    R-SECRET-1): "Eiletrank" alone hid what every player may count (#27, 6)."""
    if x["kind"] == "eile" and x.get("uses") is not None:
        return t("tableau.eile_left", potion=words.potion("eile"), n=x["uses"])
    return words.potion(x["kind"])


def eile_short(p: dict) -> str:
    """The uses left of the Eiletränke the view knows, for the one-line tableau ("⚗2" alone)."""
    return "".join(" " + t("tableau.eile_short", n=x["uses"]) for x in p["potions"]
                   if x["kind"] == "eile" and x.get("uses") is not None)


def possessions(p: dict) -> list[str]:
    """Weapon, helmet, Wisent and potions (their kinds where the view shows them)."""
    things = [t(f"weapon.{p['weapon']}")]
    if p["helm"]:
        things.append(t("word.helm"))
    if p["wisent"]:
        things.append(t("word.wisent"))
    pot = t("tableau.potions", n=len(p["potions"]))
    if any(x["kind"] for x in p["potions"]):
        pot += " (" + ", ".join(potion_word(x) for x in p["potions"]) + ")"
    things.append(pot)
    return things


def tableau_text(obs: dict, p: dict, full: bool, narrow: bool = False) -> Text:
    """One player's tableau: a headline (life, Taler, amber, potion count),
    then, when ``full``, possessions and progress."""
    ambers, crystals = goals(obs)
    turn = obs["turn"] == p["seat"]
    out = tableau_head(obs, p, narrow)
    if p["out"]:
        return out
    if narrow and p["potions"]:
        out.append(f" ⚗{len(p['potions'])}" + eile_short(p))
    if p["faint"] != "awake":
        out.append(" " + t("tableau.faint"), style="bold red")
    if not full:
        if p["delivered"] or p["crystals"]:
            # the race is public and decides the game (R-AMBER-4, R-CRYSTAL-2): in the one
            # line, once it has begun (delivered at the sanctuary ★, crystals *)
            out.append(f" {G.KIND['sanctuary']}{p['delivered']}", style=G.AMBER_STYLE)
            out.append(f" {G.CRYSTAL}{p['crystals']}", style=G.CRYSTAL_STYLE)
        return out
    out.append("\n  ")
    out.append(" · ".join(possessions(p)))
    out.append("\n  ")
    more = [t("tableau.delivered", n=p["delivered"], goal=ambers),
            t("tableau.crystals", n=p["crystals"], goal=crystals)]
    if p["crystal_bonus"]:
        more.append(t(f"tableau.bonus_{p['crystal_bonus']}"))
    sup = t("tableau.supply", n=p["supply"])
    if sum(p["track"]) and not narrow:
        sup += " " + t("tableau.track", n=sum(p["track"]))
    more.append(sup)
    if "gode" in obs["rules"]:
        marker = " + ".join(t(f"ability.{m}") for m in p["marker"].split("+"))
        gode = t("tableau.gode_marker", marker=marker)
        if p["gode_at"]:
            gode += f" ({t('tableau.gode_on', hex=p['gode_at'])})"
        elif not narrow:
            gode += f" ({t('tableau.gode_off')})"
        more.append(gode)
    if p["epic"]:
        more.append(t("tableau.epic", cards=", ".join(t(f"epic.{c}") for c in p["epic"])))
    rune = obs.get("runestone")
    if rune and rune["seat"] == p["seat"]:
        more.append(t("tableau.runestone", n=rune["counter"]))
    out.append(" · ".join(more), style="" if turn else "dim")
    return out


class Tableaus(DrawnAlike):
    """All players; the viewer's (or the player on turn's) in full, others
    in two lines when space is short."""

    DEFAULT_CSS = "Tableaus { height: auto; width: 1fr; }"
    compact = False
    text: Text | None = None

    def show(self, obs: dict) -> None:
        width, compact = self.size.width, self.compact

        def made() -> tuple[Text, Text]:
            parts = []
            focus = obs["viewer"] or obs["turn"]
            for p in obs["players"]:
                full = not compact or p["seat"] == focus
                parts.append(tableau_text(obs, p, full, narrow=compact))
            text = Text("\n").join(parts)
            return text, hang_all(text, width, self.app.console)

        # alike on every screen showing this view at this width (viewmemo)
        self.text, hung = per_view(obs, ("tableaus", compact, width), made)
        show_changed(self, hung)

    def put(self, text: Text) -> None:
        """Show ``text``: a line too long for the panel goes on under its first word."""
        self.text = text
        show_changed(self, hang_all(text, self.size.width, self.app.console))

    def on_resize(self) -> None:
        if self.text is not None:
            show_changed(self, hang_all(self.text, self.size.width, self.app.console))


# ---------------------------------------------------------------- the hex under the cursor


def hex_text(obs: dict, i: int) -> Text:
    hx = obs["hexes"][i]
    out = Text()
    out.append(hx["label"] + " ", style="bold")
    kind = hx["kind"]
    if kind == "rift":
        what = f"{t('kind.rift')} ({t('rift.' + hx['rift'])})"
    elif hx["beach"]:
        what = t("kind.beach")
    elif kind == "landscape":
        what = ""
    elif hx.get("well"):
        what = t("kind.well")
    else:
        what = t(f"kind.{kind}")
    bits = [b for b in (what, t(f"terrain.{hx['terrain']}") if hx["terrain"] else "",
                        t("word.level", n=hx["level"])) if b]
    out.append(", ".join(bits))
    players = obs["players"]
    for seat, u in hx["units"].items():
        p = players[int(seat) - 1]
        bits = []
        if u["hero"]:
            bits.append(t("hexinfo.hero_mounted" if u["mounted"] else "hexinfo.hero"))
        if u["gode"]:
            bits.append(t("hexinfo.gode"))
        if u["warriors"]:
            bits.append(t("hexinfo.warriors", n=u["warriors"]))
        out.append(" · ")
        out.append_text(chip(p))
        out.append(" " + ", ".join(bits))
    extra = []
    if hx["troll"]:
        extra.append(G.TROLL + " " + t("hexinfo.troll"))
    rune = obs.get("runestone")
    if rune and rune["hex"] == hx["label"]:
        extra.append(G.RUNESTONE + " " + t("hexinfo.runestone", name=players[rune["seat"] - 1]["name"]))
    if hx.get("lying"):
        extra.append(t("hexinfo.lying", name=players[hx["lying"] - 1]["name"]))
    if hx["crystals"]:
        extra.append(G.CRYSTAL + " " + t("hexinfo.crystals", n=hx["crystals"]))
    if hx["ambers"]:
        extra.append(G.AMBER + " " + t("hexinfo.ambers", n=hx["ambers"]))
    if hx["taler"]:
        extra.append(G.TALER + " " + t("hexinfo.taler", n=hx["taler"]))
    if extra:
        out.append(" · " + " · ".join(extra))
    return out


class HexInfo(Static):
    DEFAULT_CSS = "HexInfo { height: auto; width: 1fr; color: $text-muted; }"


# ---------------------------------------------------------------- dice


def dice_text(roll: list[dict], blocked: list[int]) -> Text:
    """Each die of a view's roll as its face on its kind's colour; blocked dice struck out."""
    return dice([(d["die"], d["value"]) for d in roll], blocked)


# ---------------------------------------------------------------- footer


class StableFooter(Footer):
    """A footer that builds its keys anew only when the keys it shows change:
    Textual's rebuilds them at every change of focus, three screen updates
    (and ~100 ms on a busy machine) after each Tab."""

    _shown_keys: tuple | None = None

    def bindings_changed(self, screen) -> None:
        keys = tuple((b.action, b.key, b.description, enabled)
                     for _, b, enabled, _ in screen.active_bindings.values() if b.show)
        if keys == self._shown_keys and self._bindings_ready:
            return
        self._shown_keys = keys
        super().bindings_changed(screen)

