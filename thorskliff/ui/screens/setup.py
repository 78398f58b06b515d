"""A new game: the mode, the seats with their names, then heroes and colours
chosen in the rulebook's order (R-SETUP-B4: counter-clockwise from a player
drawn by the seed; the last to choose starts). The start beaches are chosen
in the same order on the island, as the engine's first decisions."""

from __future__ import annotations

import random
import secrets

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from ...player import COLOURS
from ...scenario import load_heroes, load_mode
from .. import glyphs as G
from ..i18n import t
from ..keys import localize

MODES = ("base", "duell", "episch")
DEFAULT_NAMES = ("Astrid", "Björn", "Sigrun", "Ulf")


def choosing_order(n: int, first: int) -> list[int]:
    """R-SETUP-B4: counter-clockwise from ``first``."""
    return [(first - i) % n for i in range(n)]


class SetupScreen(Screen):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "key.back")]

    def __init__(self, seed: int | None = None):
        super().__init__()
        localize(self)
        self.seed = seed
        self.mode = "base"
        self.players = 3
        # stage 2
        self.names: list[str] = []
        self.order: list[int] = []
        self.picks: dict[int, tuple[str, str]] = {}
        self.stage = 1

    # ------------------------------------------------------------ stage 1: mode, seats, names
    def compose(self) -> ComposeResult:
        with VerticalScroll(id="form"):
            yield Static(t("setup.heading"), id="heading")
            yield Label(t("setup.mode"))
            with RadioSet(id="mode"):
                for m in MODES:
                    yield RadioButton(f"{t('mode.' + m)} – {t('mode.' + m + '_about')}", value=m == self.mode,
                                      id=f"mode-{m}")
            yield Label(t("setup.players"))
            with RadioSet(id="players"):
                for n in (2, 3, 4):
                    yield RadioButton(t("setup.players_n", n=n), value=n == self.players, id=f"players-{n}")
            yield Label(t("setup.names"))
            for i in range(4):
                yield Input(DEFAULT_NAMES[i], placeholder=t("setup.name_n", n=i + 1), id=f"name-{i}",
                            max_length=16)
            yield Label(t("setup.seed"))
            yield Input("" if self.seed is None else str(self.seed), id="seed", type="integer")
            yield Static(id="problem")
            with Horizontal(id="buttons"):
                yield Button(t("setup.next"), id="next", variant="primary")
                yield Button(t("setup.back"), id="back")
        with Vertical(id="pick"):
            yield Static(id="pick-order")
            yield Static(id="pick-who")
            yield Label(t("setup.hero"))
            yield OptionList(id="heroes")
            yield Label(t("setup.colour"))
            yield OptionList(id="colours")
            yield Static(id="pick-done")
            yield Button(t("setup.start"), id="start", variant="success")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#pick").display = False
        self._fit_players()
        self.query_one("#mode", RadioSet).focus()

    def _fit_players(self) -> None:
        lo, hi = load_mode(self.mode).players
        for n in (2, 3, 4):
            self.query_one(f"#players-{n}", RadioButton).disabled = not lo <= n <= hi
        if not lo <= self.players <= hi:
            self.players = max(lo, min(hi, self.players))
            self.query_one(f"#players-{self.players}", RadioButton).value = True
        for i in range(4):
            self.query_one(f"#name-{i}", Input).display = i < self.players

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        ident = event.pressed.id or ""
        if ident.startswith("mode-"):
            self.mode = ident[5:]
            self._fit_players()
        elif ident.startswith("players-"):
            self.players = int(ident[8:])
            self._fit_players()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "next":
            self.to_stage2()
        elif event.button.id == "back":
            self.action_back()
        elif event.button.id == "start":
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def to_stage2(self) -> None:
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(self.players)]
        if not all(names):
            self.query_one("#problem", Static).update(Text(t("setup.bad_name"), style="bold red"))
            return
        raw = self.query_one("#seed", Input).value.strip()
        if raw:
            try:
                self.seed = int(raw)
            except ValueError:
                self.query_one("#problem", Static).update(Text(t("setup.bad_seed"), style="bold red"))
                return
        elif self.seed is None:
            self.seed = secrets.randbelow(2**31)
        self.names = names
        first = random.Random(self.seed).randrange(self.players)
        self.first = first
        self.order = choosing_order(self.players, first)
        self.picks = {}
        self.stage = 2
        self.query_one("#form").display = False
        self.query_one("#pick").display = True
        self._next_pick()

    # ------------------------------------------------------------ stage 2: heroes and colours
    def _chooser(self) -> int | None:
        for seat in self.order:
            if seat not in self.picks:
                return seat
        return None

    def _next_pick(self) -> None:
        seat = self._chooser()
        order = ", ".join(self.names[s] for s in self.order)
        self.query_one("#pick-order", Static).update(
            Text(t("setup.order", name=self.names[self.order[0]]) + f"\n({order})\n" + t("setup.beaches")))
        done = Text()
        for s in self.order:
            if s in self.picks:
                hero, colour = self.picks[s]
                done.append(f" {G.OWNER[colour]} ", style=G.chip_style(colour))
                done.append(" " + t("setup.chosen", name=self.names[s], hero=hero, colour=t("colour." + colour))
                            + "\n")
        self.query_one("#pick-done", Static).update(done)
        heroes = self.query_one("#heroes", OptionList)
        colours = self.query_one("#colours", OptionList)
        start = self.query_one("#start", Button)
        if seat is None:
            self.query_one("#pick-who", Static).update("")
            heroes.display = colours.display = False
            start.display = True
            start.focus()
            return
        start.display = False
        heroes.display = colours.display = True
        self.query_one("#pick-who", Static).update(Text(t("setup.choose", name=self.names[seat]), style="bold"))
        taken_h = {h for h, _ in self.picks.values()}
        taken_c = {c for _, c in self.picks.values()}
        heroes.clear_options()
        heroes.add_options([Option(Text.assemble((h, "bold"), " – " + t(f"hero.{h}")), id=h)
                            for h in load_heroes() if h not in taken_h])
        heroes.highlighted = 0
        colours.clear_options()
        colours.add_options([Option(Text.assemble((f" {G.OWNER[c]} ", G.chip_style(c)), " " + t(f"colour.{c}")),
                                    id=c) for c in COLOURS if c not in taken_c])
        colours.highlighted = 0
        self._hero = None
        heroes.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_list.id == "heroes":
            self._hero = event.option.id
            self.query_one("#colours", OptionList).focus()
        elif event.option_list.id == "colours":
            if self._hero is None:
                self._hero = self.query_one("#heroes", OptionList).highlighted_option.id
            self.picks[self._chooser()] = (self._hero, event.option.id)
            self._next_pick()

    def start(self) -> None:
        seats = [(self.names[s], *self.picks[s]) for s in range(self.players)]
        self.app.start_game(self.mode, seats, self.seed, self.first)

    def action_back(self) -> None:
        if self.stage == 2:
            self.stage = 1
            self.query_one("#form").display = True
            self.query_one("#pick").display = False
            self.query_one("#next", Button).focus()
            return
        self.app.pop_screen()
