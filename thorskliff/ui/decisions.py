"""The play flow of the game screen, without Textual: what the seat at the
keyboard may decide now and how it reads — the decision list's entries, the
prompt, a selected stack and its moves, what Enter on a hex means, the
engine's refusals in the app's words.

:class:`Play` holds the state the screen draws from (the view, the legal
decisions as (text, Action), the selected hex, its stack and which units go
along) and decides through the session; the screen (``screens/game.py``)
shows what it says and asks it what a key means.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text

from ..engine.actions import ActionError
from ..engine.steps import COMBAT_STEPS, Step
from . import choices, words
from . import glyphs as G
from .botwords import bot_words
from .i18n import has, t
from .i18n import said as engine_says
from .session import CHANCE, TERMINAL

Item = tuple[str, "Text | str", bool]


class Play:
    """``session``: the game; ``parse``: how the legal decisions are read (a
    campaign chapter reads its own notation); ``is_bot(seat)``, ``humans()``
    (the seats people play, None without bots) and ``hosted`` (a seat at the
    host: its way out is the lobby) come from the screen."""

    def __init__(self, session, parse: Callable[[list[str]], list] = choices.parsed,
                 is_bot: Callable[[int | None], bool] = lambda seat: False,
                 humans: Callable[[], list[int] | None] = lambda: None, hosted: Callable[[], bool] = lambda: False):
        self.session = session
        self.parse = parse
        self.is_bot = is_bot
        self.humans = humans
        self.hosted = hosted
        self.obs: dict = {}
        #: the seat whose player holds the keyboard (None: a spectator's view)
        self.viewer: int | None = None
        self.legal: list = []
        #: the hex under the island's cursor (the list shows its moves)
        self.cursor = 0
        self.selected = -1
        #: the units on the selected hex (H, G, W…) and which of them go along
        self.stack: list[str] = []
        self.chosen: list[bool] = []

    @property
    def decider(self) -> int:
        return self.session.decider()

    def look(self, obs: dict) -> None:
        """A new view: the legal decisions are the viewer's when they decide."""
        self.obs = obs
        mine = self.viewer is not None and self.decider == self.viewer
        self.legal = self.parse(obs["legal"]) if mine else []

    # ------------------------------------------------------------ the selected stack
    def select(self, i: int) -> None:
        """Select hex ``i`` (-1: none) with every unit of the viewer's there
        that can step from it: the stack goes along unless some are left."""
        self.selected = i
        self.stack, self.chosen = [], []
        if i >= 0 and self.viewer is not None:
            movers = {choices.mover(a) for _, a in choices.moves_from(self.legal, i)}
            units = self.obs["hexes"][i]["units"].get(str(self.viewer + 1))
            self.stack = [u for u in choices.stack_of(units) if u in movers]
            self.chosen = [True] * len(self.stack)

    def toggle(self, n: int) -> bool:
        """Take unit ``n`` of the selected stack along, or leave it (False: no such unit)."""
        if self.selected < 0 or not 0 <= n < len(self.stack):
            return False
        self.chosen[n] = not self.chosen[n]
        return True

    def going(self) -> list[str]:
        """The units of the selected stack that go along."""
        return [u for u, on in zip(self.stack, self.chosen) if on]

    def targets(self) -> tuple[frozenset[int], frozenset[int]]:
        """The hexes to mark, and those of them where going leads into a
        fight (as the engine says: the view's ``fights``)."""
        fights = set(self.obs.get("fights", ()))
        legal = self.legal
        if self.selected >= 0:
            src = self.selected
            going = self.going()
            targets = choices.stack_targets(legal, src, going)
            return targets, frozenset(h for h in targets
                                      if any(choices.step_for(legal, src, h, u) in fights for u in set(going)))
        return choices.targets(legal, -1), frozenset(a.a for s, a in legal if s in fights and a.verb in choices.HEX_VERBS)

    def on_hex(self, i: int) -> tuple[str, Any]:
        """What Enter on hex ``i`` means now: ("nothing", why), ("unselect", None),
        ("move", i), ("select", i), ("explain", (src, i)) or ("pick", options)."""
        legal = self.legal
        if not legal:
            return "nothing", self.not_yours()
        if self.selected >= 0:
            if i == self.selected:
                return "unselect", None
            if i in choices.stack_targets(legal, self.selected, self.going()):
                return "move", i
            if i in choices.sources(legal):
                return "select", i
            return "explain", (self.selected, i)
        here = choices.at_hex(legal, i)
        if here:
            return "pick", here
        if i in choices.sources(legal):
            return "select", i
        return "nothing", t("game.nothing_here")

    def move_stack(self, dst: int) -> tuple[list[str], list[str], str | None]:
        """The chosen units of the selected hex step to ``dst``, one decision
        each (hero, Gode, then the warriors). Returns the units moved, those
        left (they cannot go) and the refusal that stopped the moves (if any);
        the selection is undone."""
        src = self.selected
        moved: list[str] = []
        left: list[str] = []
        refused = None
        legal = self.legal
        for u in self.going():
            text = choices.step_for(legal, src, dst, u)
            if text is None:
                left.append(u)
                continue
            try:
                self.session.submit(text, self.viewer)
            except ActionError as exc:
                refused = t("game.illegal", why=self.engine_says(exc))
                break
            moved.append(u)
            legal = self.parse(self.session.view(self.viewer)["legal"])
        self.select(-1)
        return moved, left, refused

    def stack_left_why(self, src: int, dst: int, left: list[str]) -> str:
        why = self.session.explain(f"{left[0]} {words.hexname(src)}-{words.hexname(dst)}", self.viewer)
        return t("play.stack_left", units=units_text(left), why=self.engine_says(why or ""))

    def explain_step(self, src: int, dst: int) -> str:
        """Why the selected units may not step from ``src`` to ``dst``."""
        hx = self.obs["hexes"][src]
        if self.viewer is None:  # a spectator moves nothing
            return ""
        u = hx["units"].get(str(self.viewer + 1), {})
        text = choices.guess_step({"H": u.get("hero"), "W": u.get("warriors"), "G": u.get("gode")}, src, dst)
        why = self.session.explain(text, self.viewer)
        return t("game.illegal", why=self.engine_says(why or text))

    # ------------------------------------------------------------ what the screen says
    def prompt(self) -> str:
        """The question put to the seat at the keyboard (or what another decides)."""
        obs = self.obs
        d = self.decider
        step = obs["step"]
        if d == TERMINAL:
            out = obs["outcome"]
            if out["winner"] is None:
                res = t("result.draw")
            else:
                res = t(f"result.{out['reason']}", name=obs["players"][out["winner"] - 1]["name"])
            return t("ask.over", result=res)
        if d == CHANCE:
            return t("ask.chance")
        name = obs["players"][d]["name"]
        if step == "recruit" and "gode" not in obs.get("rules", ("gode",)):
            step = "recruit_warriors"  # no Gode in this game (R-CAMP-1: chapters 1–2)
        if step in COMBAT_STEPS:
            # the deciding seat reads that the decision is hers ("anna entscheidet im Kampf"
            # read to anna herself as if someone else were deciding)
            text = t("ask.combat_mine" if d == self.viewer else "ask.combat_step", name=name)
            if d == self.viewer and words.is_window(step) and not words.can_drink(obs):
                # a window with only "Weiter": why there is nothing to choose (R-POT-4..6)
                text = t("ask.combat_no_potion", name=name)
        elif step == "haste" and d != self.viewer:
            # every seat with a potion passes the haste step (R-SECRET-1): the others
            # read what it is, not a question that sounds as if an Eiletrank were held
            text = t("ask.haste_other", name=name)
        elif d != self.viewer and has(f"ask_other.{step}"):
            # another seat or a spectator reads what the deciding player does, not a
            # question put to "you" ("deiner Heldin" read as the spectator's own)
            text = t(f"ask_other.{step}", name=name)
        else:
            text = t(f"ask.{step}", name=name)
        faint = obs["players"][d].get("faint")
        if d == self.viewer and step not in COMBAT_STEPS and faint in ("x-turn", "waiting"):
            # what the turn of a fainted heroine allows (R-FAINT-3/6), not only "ohnmächtig"
            text += "\n" + t("ask.x_turn" if faint == "x-turn" else "ask.waiting_turn")
        if self.selected >= 0:
            text += "\n" + self.stack_prompt()
        if self.is_bot(d):
            text += "\n" + t("bots.deciding", name=name, kind=bot_words(self.session.bots[d]))
        return text

    def stack_prompt(self) -> str:
        label = self.obs["hexes"][self.selected]["label"]
        if len(self.stack) < 2:
            return t("game.select_hex", hex=label)
        units = "  ".join(f"{n}{'☒' if on else '☐'}{t('unit.' + u)}"
                          for n, (u, on) in enumerate(zip(self.stack, self.chosen), 1))
        return t("play.stack_prompt", hex=label, units=units, n=len(self.stack))

    def items(self) -> list[Item]:
        """The decision list's entries, those leading into a fight marked as such."""
        items = self.plain_items()
        fights = set(self.obs.get("fights", ()))
        if not fights:
            return items
        # a stack's move ("Heldin + Krieger: 2c1 → 1c4") leads into the fight its units'
        # steps lead into, as the island's ⚔ on that hex says (a play-tester found the
        # single steps marked and the stack's not)
        stack_fights = {f"@stack:{h}" for h in self.targets()[1]} if self.selected >= 0 else set()
        return [(d, fight_text(d, p) if d in fights or d in stack_fights else p, ok) for d, p, ok in items]

    def plain_items(self) -> list[Item]:
        """The entries: (decision, words, enabled). Besides the notation:
        ``@roll``, ``@result``, ``@title``, ``@unit:N`` (take unit N along or
        not), ``@stack:HEX`` (the stack's move) and ``@goto:HEX`` (where else
        units can move)."""
        obs = self.obs
        step = obs["step"]
        d = self.decider
        if d == CHANCE:
            if not self.session.auto_chance:
                kinds = " ".join(self.session.chance_request())
                return [("@roll", t("combat.roll_now") + f" ({kinds})", True)]
            return []
        if d == TERMINAL:
            return [("@result", t("play.show_result"), True),
                    ("@title", t("lobby.lobby" if self.hosted() else "key.menu"), True)]
        if not self.legal:
            return [("", t("bots.watching" if self.humans() == [] else "game.no_decision"), False)]
        items: list[Item] = []
        menu_done = set()
        if step in (Step.ACTION, Step.POTION2) and self.viewer is not None:
            for e in self.session.action_menu(self.viewer):
                prompt = Text(words.decision(e.action, step, obs))
                cost = []
                if e.taler:
                    cost.append(t("menu.cost", n=e.taler))
                if e.needs:
                    cost.append(t("menu.needs", what=", ".join(
                        t("word.amber") if n == "amber" else t(f"terrain.{n}") for n in e.needs)))
                if cost:
                    prompt.append(" · " + ", ".join(cost), style="dim")
                if not e.legal and e.reason:
                    prompt.append("\n  " + self.engine_says(e.reason), style="italic")
                items.append((e.action, prompt, e.legal))
                menu_done.add(e.action)
        if self.selected >= 0 and len(self.stack) > 1:
            for n, (u, on) in enumerate(zip(self.stack, self.chosen)):
                items.append((f"@unit:{n}", t("play.unit_on" if on else "play.unit_off", n=n + 1,
                                               unit=t(f"unit.{u}")), True))
        hexes = {self.selected} if self.selected >= 0 else {self.cursor}
        stack = self.selected >= 0 and len(self.stack) > 1
        stack_done: set[int] = set()
        for text, a in choices.for_list(self.legal, step, hexes):
            if text in menu_done:
                continue
            if stack and choices.is_move(a) and a.a == self.selected:
                # the stack's move, as Enter on the island makes it: "Heldin 1c2 → 1c3" read as
                # the heroine's alone where the warrior went along too
                if a.b not in stack_done:
                    stack_done.add(a.b)
                    going = [u for u in self.going() if choices.step_for(self.legal, a.a, a.b, u)]
                    if going:
                        items.append((f"@stack:{a.b}", t("do.stack_step", units=stack_units(going),
                                                          a=words.hexname(a.a), b=words.hexname(a.b)), True))
                continue
            items.append((text, words.decision(text, step, obs), True))
        if self.selected < 0:
            # moves are listed for the cursor's hex only: say where else units can move
            # (a warrior left behind when the hero went on), and take the cursor there
            others = sorted(choices.sources(self.legal) - hexes)
            end = next((i for i, it in enumerate(items) if it[0] == "end"), len(items))
            items[end:end] = [(f"@goto:{i}", t("play.moves_from", hex=obs["hexes"][i]["label"],
                                                n=len(choices.moves_from(self.legal, i))), True)
                              for i in others]
        return items

    def engine_says(self, what) -> str:
        """The engine's refusal in the app's language; one for the wrong seat
        names the players, not their seat numbers, and speaks to the seat that
        reads it in the second person (R-TURN-5)."""
        if getattr(what, "key", None) == "wrong_seat":
            players = self.obs["players"]
            who = what.params.get("who")
            if getattr(who, "key", None) == "seat":
                who = players[who.params["seat"] - 1]["name"]
            seat = what.params["seat"] - 1
            if seat == self.viewer:  # the seat reads its own refusal: "du entscheidest jetzt nicht"
                text = t("game.wrong_seat_you", who=engine_says(who))
            else:
                text = t("game.wrong_seat", name=players[seat]["name"], who=engine_says(who))
            return text
        return engine_says(what)

    def not_yours(self) -> str:
        d = self.decider
        if d >= 0:
            return t("game.not_yours", name=self.obs["players"][d]["name"])
        if d == CHANCE:
            return t("ask.chance")
        return t("game.no_decision")


def fight_text(text: str, said) -> Text:
    """A decision that leads into a fight, marked as one."""
    out = Text(G.FIGHT + " ", style="bold red")
    out.append_text(said if isinstance(said, Text) else Text(str(said)))
    if not text.startswith("fight"):  # "Kampf auf 2c1" says it already ("– Kampf!" twice)
        out.append(" – " + t("play.fight"), style="bold red")
    return out


def stack_units(units: list[str]) -> str:
    """The units of a stack's move: "Heldin + Krieger", "Heldin + 3 Krieger"."""
    n = units.count("W")
    out = [t(f"unit.{u}") for u in ("H", "G") if u in units]
    if n:
        out.append(t("unit.W") if n == 1 else t("hexinfo.warriors", n=n))
    return " + ".join(out)


def units_text(units: list[str]) -> str:
    out = []
    for u in ("H", "G", "W"):
        n = units.count(u)
        if n:
            out.append(t("hexinfo.warriors", n=n) if u == "W" else t(f"unit.{u}"))
    return ", ".join(out)
