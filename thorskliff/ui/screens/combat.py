"""The combat dialog: both sides, the roll as dice faces with blocked dice
struck out, damage so far, the engine's suggestion for the assignment, and
the decisions of whoever decides in the combat (potions, blocking, dice).

It reads and decides through its game screen; when the combat is over it
closes, and the game screen shows the combat's summary drawn from its
events (screens/feed.py, screens/summary.py).
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Static

from .. import glyphs as G
from .. import words
from ..i18n import t
from ..keys import localize
from ..widgets.panels import DecisionList, chip, dice_text
from .hint import HintPanel
from .gameparts import thors_app


def side_text(obs: dict, units: list[dict], owner, damage: list[int] | None) -> Text:
    out = Text()
    for n, u in enumerate(units):
        if n:
            out.append("  ")
        label = words.unit_code(u["id"])
        if u["kind"] == "H" and isinstance(owner, int):
            p = obs["players"][owner - 1]
            label = f"{p['hero']} ♥{p['life']}/{p['max_life']}"
        style = "dim strike" if u["defeated"] else "bold"
        out.append(label, style=style)
        if u["defeated"]:
            # struck out alone it read as still standing in a plain terminal or to a screen reader
            # a hero is not defeated but faints (R-FAINT-1), as the combat's result says
            word = t("combat.fainted") if u["kind"] == "H" and isinstance(owner, int) else t("combat.defeated")
            out.append(f" ✝ {word}", style="bold red")
        if u["retreat"]:
            out.append(f" ←{u['retreat']}", style="dim")
        if damage is not None and n < len(damage) and damage[n]:
            out.append(f" [{t('combat.damage')} {damage[n]}]", style="bold red")
    return out


def drunk(c: dict, side: str, kind: str) -> int:
    """How many ``kind`` potions ``side`` drank in this combat (the view's ``combat.drunk``,
    which the engine keeps; the combat's own count where a position from before it was
    kept says nothing drunk)."""
    return max(c.get("drunk", {}).get(side, []).count(kind), c.get(kind, {}).get(side, 0))


def tail(out: Text, piece: str, width: int, sep: str = "  ·  ", style: str = "italic") -> None:
    """``piece`` after the line ``out`` ends with, or on a line of its own where it would
    not fit the dialog's ``width``: at 80 columns "+1 G-Würfel (Krafttrank)" was wrapped
    in its middle ("+1 G-Würfel" / "(Krafttrank)"). Without a width, on the same line."""
    line = out.plain.rpartition("\n")[2]
    if width and cell_len(line) + cell_len(sep + piece) > width:
        out.append("\n    " + piece, style=style)
    else:
        out.append(sep + piece, style=style)


def potion_effects(out: Text, c: dict, side: str, width: int = 0) -> None:
    """What the Kraft- and Schutztränke a side drank do in this combat (R-POT-5/6): after
    one was drunk nothing on the dialog said so."""
    for kind in ("kraft", "schutz"):
        n = drunk(c, side, kind)
        if n:
            tail(out, t(f"combat.{kind}_effect", n=n), width)


def attack_roll(events: list[tuple]) -> tuple[list[dict], list[int]] | None:
    """The attack roll of the combat going on (its dice, a Krafttrank's die among them, and
    the values the defender's protection blocked), from the events seen, or None. At the
    counter roll the view holds only that roll: the defender's dialog left out the roll
    that struck his side (#27, 7)."""
    from ...engine import events as E

    lines: list[tuple] = []  # back to the line the combat began with: a whole game's events are many
    for evs in reversed(events):
        lines.append(evs)
        if any(isinstance(e, E.CombatBegan) for e in evs):
            break
    else:
        return None
    flat = [e for evs in reversed(lines) for e in evs]
    began = max(i for i, e in enumerate(flat) if isinstance(e, E.CombatBegan))
    roll: list[dict] = []
    blocked: list[int] = []
    for e in flat[began + 1:]:
        if isinstance(e, E.CombatEnded):
            return None
        if isinstance(e, E.Rolled) and e.purpose in ("counter", "kraft_def"):
            break
        if isinstance(e, E.Rolled) and e.purpose in ("attack", "kraft_att"):
            roll += [{"die": k, "value": v} for k, v in zip(e.dice, e.vals)]
        elif isinstance(e, E.Blocked) and roll:
            blocked += e.vals
    return (roll, blocked) if roll else None


def combat_text(obs: dict, width: int = 0, attack: tuple[list[dict], list[int]] | None = None) -> Text:
    """The combat as the dialog shows it; ``width``, the dialog's, keeps an added phrase
    (a potion's effect, the dice it gave or the protection blocked) whole on one line;
    ``attack``, the attack roll (:func:`attack_roll`), shown above the counter roll."""
    c = obs["combat"]
    players = obs["players"]
    att = players[c["attacker"] - 1]
    out = Text()
    out.append(t("combat.strike" if c["strike"] else "combat.title", hex=words.on_hex(c["hex"])) + "\n", style="bold underline")
    out.append(t("combat.attacker", name="") )
    out.append_text(chip(att))
    out.append("\n  ")
    on_def = c["roll_of"] == "attacker"
    # before the counter roll the view still holds the attack roll and its damage (the engine
    # clears them as the new roll falls): the dialog put the defenders' damage on the
    # attackers under "Gegenwurf"; a Krafttrank's G die after a roll comes with no damage yet
    stale = obs.get("step") == "c:roll" and bool(c["damage"])
    if stale:
        c = {**c, "roll": [], "blocked": [], "damage": []}
    out.append_text(side_text(obs, c["attackers"], c["attacker"], None if on_def else c["damage"]))
    potion_effects(out, c, "attacker", width)
    out.append("\n" + t("combat.defender", name=""))
    if c["defender"] == "troll":
        out.append(f"{G.TROLL} {t('combat.troll')}", style=G.TROLL_STYLE)
    else:
        out.append_text(chip(players[c["defender"] - 1]))
    out.append("\n  ")
    out.append_text(side_text(obs, c["defenders"], c["defender"], c["damage"] if on_def else None))
    potion_effects(out, c, "defender", width)
    out.append("\n\n")
    if not on_def and attack is not None:
        roll, blocked = attack
        out.append(t("combat.roll_att") + ": ", style="bold")
        out.append_text(dice_text(roll, blocked))
        if blocked:
            tail(out, "(" + t("combat.blocked_by", dice=", ".join(
                words.blocked_dice(roll, blocked))) + ")", width, sep=" ")
        out.append("\n")
    out.append(t("combat.roll_att" if on_def else "combat.roll_def") + ": ", style="bold")
    if c["roll"]:
        out.append_text(dice_text(c["roll"], c["blocked"]))
        kraft = drunk(c, c["roll_of"], "kraft")
        if kraft:
            tail(out, t("combat.roll_kraft", n=kraft), width, sep=" ")
        if c["blocked"]:
            # the other side's protection blocks them (R-COMBAT-1 step 3, §8)
            dice = ", ".join(words.blocked_dice(c["roll"], c["blocked"]))
            tail(out, "(" + t("combat.blocked_by", dice=dice) + ")", width, sep=" ")
    else:
        out.append(t("combat.no_roll"), style="dim")
    if c["black"]:
        out.append("\n" + t("combat.black", n=c["black"]), style="dim")
    if c["to_assign"]:
        out.append("\n" + t("combat.next_die", value=c["to_assign"][0]), style="bold")
        if c["suggestion"]:
            owner = c["defender"] if on_def else c["attacker"]
            hero = obs["players"][owner - 1]["hero"] if isinstance(owner, int) else None

            def unit(code: str) -> str:  # the heroine by her name ("3→Heldin" named none)
                return hero if code == "H" and hero else words.unit_code(code)

            plan = "  ".join(f"{s.split('>')[0]}→{unit(s.split('>')[1])}" for s in c["suggestion"])
            out.append("  ·  " + t("combat.suggestion", plan=plan), style="italic")
    return out


class CombatScreen(ModalScreen[None]):
    CSS_PATH = "combat.tcss"
    BINDINGS = [
        Binding("a", "auto", "key.auto"),
        Binding("u,ctrl+z", "undo", "key.undo"),
        Binding("colon", "command", "key.command"),
        Binding("question_mark,f1", "help", "key.help"),
        Binding("t", "hint", "hint.key"),
    ]

    def __init__(self, game_screen):
        super().__init__()
        localize(self)
        self.gs = game_screen
        self.finished = False
        self.last: dict | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="c-view")
            yield Static(id="c-prompt")
            yield Static(id="c-status")
            yield HintPanel(id="c-hint")
            yield DecisionList(id="c-decisions")
            yield Input(id="c-command", placeholder=t("game.command"))
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_view()
        if self.finished:
            return  # the combat ended before the dialog was built: it is closing (refresh_view)
        self.query_one(DecisionList).focus()

    def _view_width(self) -> int:
        """The width the combat's text has: the view's own once laid out, before that the
        dialog's by its style (96 columns, at most 96 % of the window, less border and padding)."""
        width = self.query_one("#c-view").size.width
        return width or min(96, int(self.app.size.width * 0.96)) - 4

    def on_resize(self, event) -> None:
        if self.last is not None and not self.finished:  # the added phrases follow the width
            self.query_one("#c-view", Static).update(self._text(self.last))

    def _text(self, obs: dict) -> Text:
        attack = None
        events = getattr(self.gs.session, "events", None)  # a session without events shows the view alone
        if obs["combat"]["roll_of"] == "defender" and events is not None:
            attack = attack_roll(events(self.gs.viewer))
        return combat_text(obs, self._view_width(), attack)

    def on_screen_resume(self) -> None:
        if self.finished and self.app.screen is self:
            self.dismiss(None)

    def refresh_view(self) -> None:
        gs = self.gs
        obs = gs.obs
        if obs["combat"] is None:
            # the combat is over: its summary (drawn from the events) follows, see screens/feed.py
            self.finished = True
            if self.app.screen is self:
                self.dismiss(None)
            # else a summary lies above it (dismiss pops the top screen, whichever it is):
            # it closes when it is on top again (on_screen_resume)
            return
        if not self.query("#c-view"):
            return  # pushed but not built yet (bots decide meanwhile): on_mount draws it
        self.last = obs
        self.query_one("#c-view", Static).update(self._text(obs))
        self.query_one("#c-prompt", Static).update(gs.query_one("#prompt", Static).content)
        self.query_one("#c-status", Static).update(gs.query_one("#status", Static).content)
        self.query_one(DecisionList).fill(gs.decision_items(), gs.decision_point())
        self.refresh_bindings()  # the footer follows the decision (a Vorschlag or not)

    def on_decision_list_decide(self, msg: DecisionList.Decide) -> None:
        msg.stop()
        if msg.decision == "@close":
            self.dismiss(None)
            return
        self.gs.decide(msg.decision)

    def _can_auto(self) -> bool:
        return any(s == "auto" for s, _ in self.gs.legal)

    def check_action(self, action: str, parameters) -> bool | None:
        # "a Vorschlag" only where there is a suggestion to take (dice to assign): at a
        # potion window the footer named it and the key did nothing
        if action == "auto":
            return self._can_auto()
        if action in self.SHARED and self.gs.check_action(action, parameters) is False:
            return False  # what the game screen below does not allow (a spectator's u, :, t)
        return True

    #: the keys the dialog shares with the game screen below it
    SHARED = frozenset({"undo", "command", "hint"})

    @property
    def active_bindings(self):
        """Less the keys that would only refuse now, as the game screen's footer leaves
        them out (:meth:`GameScreen.idle_keys`): a spectator's and the waiting seat's
        dialog offered "u Rückgängig : Notation t Tipp" over an SSH table; ":" too where
        this seat decides nothing in the combat."""
        bindings = super().active_bindings
        idle = set(self.gs.idle_keys() & self.SHARED)
        if not self.gs.legal:
            idle.add("command")
        return {k: b for k, b in bindings.items() if b.binding.action not in idle}

    def action_auto(self) -> None:
        if self._can_auto():
            self.gs.decide("auto")

    def action_undo(self) -> None:
        self.gs.action_undo()
        if self.is_attached and not self.finished:
            self.refresh_view()

    def action_command(self) -> None:
        box = self.query_one("#c-command", Input)
        box.add_class("-open")
        box.value = ""
        box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        box = event.input
        box.remove_class("-open")
        self.query_one(DecisionList).focus()
        self.gs.command(event.value)
        if self.is_attached and not self.finished:
            self.refresh_view()

    def action_help(self) -> None:
        thors_app(self).action_help()

    def action_hint(self) -> None:
        """The game screen searches; its hint is drawn here too (Hints._hint_panels)."""
        self.gs.action_hint()
