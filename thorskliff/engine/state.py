"""The rules engine: one game state and its small API.

In the spirit of OpenSpiel: :meth:`GameState.current_player` says who decides
now (a seat, :data:`CHANCE` or :data:`TERMINAL`), :meth:`legal_actions` lists
that seat's decisions, :meth:`apply_action` applies one (checked: an illegal
one raises :class:`~thorskliff.engine.actions.IllegalActionError` naming the rule),
:meth:`chance_request` / :meth:`sample_chance` expose the dice, and
:meth:`outcome` is data once the game is over.

The rules themselves live in the mixins: :mod:`.phases` (turn, movement,
silver, actions, recruit, haste, fainting) and :mod:`.combat`.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Self

from . import dice
from . import events as E
from .fields import AMBERS, COPIES, POTION_SUPPLY, WISENT_CARDS
from .messages import Msg, SetupError
from .steps import Step
from .actions import Action, IllegalActionError, WrongSeatError, parse
from .combat import CombatRules
from ..island import Island, island_for
from .flow import TurnRules
from .player import COLOURS, Player
from ..scenario import RIFT_KINDS, HeroSpec, ModeSpec, load_heroes, load_mode

CHANCE = -1
TERMINAL = -4
#: ``_legal`` after a decision: not listed yet, ``_own`` still good (any other
#: code that changes fields sets ``_legal = None`` or calls ``touched``)
_KEPT: list[Action] = []
TROLL = -2  # the "owner" of a troll in a combat



class Outcome(NamedTuple):
    """How a game ended: ``winner`` is a seat (or None for a draw), ``reason``
    one of ambers, crystals, runestone, last-standing, draw."""

    winner: int | None
    reason: str


class SeatSpec(NamedTuple):
    name: str
    hero: str
    colour: str


class GameState(TurnRules, CombatRules):
    """The whole state of one game. Copy with :meth:`clone`."""

    #: the notation reader of this game (a variant reads its own decisions too)
    parse_action = staticmethod(parse)

    # ------------------------------------------------------------ creation
    @classmethod
    def new(cls, mode: ModeSpec | str, seats: list[SeatSpec] | list[tuple[str, str, str]], seed: int,
            arrangement: str | None = None, rifts: dict[int, str] | None = None,
            first: int | None = None) -> Self:
        """Set up a game (R-SETUP-B1..B4). Whatever is not given is drawn from
        ``seed``: the arrangement, the rifts and the first player to choose."""
        mode = load_mode(mode) if isinstance(mode, str) else mode
        seats = [SeatSpec(*s) for s in seats]
        n = len(seats)
        lo, hi = mode.players
        if not lo <= n <= hi:
            raise SetupError("players_duell" if n == 2 and mode.id == "base" else "players",
                             {"mode": mode.id, "low": lo, "high": hi, "n": n})
        heroes = load_heroes()
        names = set()
        for s in seats:
            if s.hero not in heroes:
                raise SetupError("hero", {"hero": s.hero, "heroes": ", ".join(heroes)})
            if s.colour not in COLOURS:
                raise SetupError("colour", {"colour": s.colour, "colours": ", ".join(COLOURS)})
            names.add(s.hero)
        if len(names) != n:
            raise SetupError("hero_twice")
        if len({s.colour for s in seats}) != n:
            raise SetupError("colour_twice")
        layout = mode.layout_for(n)
        blocks = 4 if layout == "crescent" else 6
        counter = 0
        if arrangement is None:
            arrangement = mode.arrangement if mode.arrangement != "random" else None
        if arrangement is None:
            arrangement = "".join(dice.shuffle(list("ABCDEF"), seed, counter)[:blocks])
            counter += 8
        island = island_for(arrangement.upper(), layout)
        if rifts is None:
            if isinstance(mode.rifts, dict):
                rifts = {island.index(lab): kind for lab, kind in mode.rifts.items()}
            elif mode.rifts == "shuffled":
                rifts, counter = _draw_rifts(island, seed, counter)
            else:
                rifts = {}
        for h, kind in rifts.items():
            if h not in island.well_farms:
                raise SetupError("rift_place", {"hex": island.label(h)})
            if kind not in RIFT_KINDS:
                raise SetupError("rift_kind", {"kind": kind})
        if first is None:
            first = dice.draw(seed, counter, n)
            counter += 1
        if not 0 <= first < n:
            raise SetupError("first", {"n": n})
        st = cls.__new__(cls)
        st._init(mode, island, seats, heroes, seed, dict(rifts), first, counter)
        return st

    def _init(self, mode: ModeSpec, island: Island, seats: list[SeatSpec], heroes: dict[str, HeroSpec], seed: int,
              rifts: dict[int, str], first: int, counter: int) -> None:
        n = len(seats)
        self.mode = mode
        self.island: Island = island
        self.seed = seed
        self.chance_count = counter + 1000  # setup draws stay below 1000
        self.rules = set(mode.rules)
        self.players = []
        for i, s in enumerate(seats):
            p = Player(i, s.name, heroes[s.hero], s.colour)
            p.taler = mode.start_taler
            p.supply = mode.start_supply
            p.track = list(mode.delivery_warriors)
            p.amber = mode.start_amber
            self.players.append(p)
        size = island.size
        self.wc = [[0] * size for _ in range(n)]  # warriors per seat per hex
        self.troll = [False] * size
        self.crystal_at: dict[int, int] = {}
        if mode.trolls:
            for h in island.peaks:
                self.troll[h] = True
                self.crystal_at[h] = 1
        self.taler_at: dict[int, int] = {}
        self.amber_at: dict[int, int] = {}
        self.lying: dict[int, int] = {}  # hex -> seat of a fainted hero lying there (R-FAINT-4)
        self.rifts = rifts
        self.rune: list[int] | None = None  # [seat, hex, counter] (R-RUNE-1..3)
        # R-SETUP-B3: the supply: 12 ambers less those carried, every potion, the helmet, 4 Wisent
        self.amber_supply = AMBERS - sum(p.amber for p in self.players)
        self.potion_supply = dict(POTION_SUPPLY)
        self.helm_free = True
        self.wisent_left = WISENT_CARDS
        self.epic_free = {"rundschild", "huginmunin", "pfade", "mjolnir", "kampfrausch"}
        self.round = 0
        self.seat = -1
        self.phase = -1
        self.first_chooser = first
        self.choosing = [(first - i) % n for i in range(n)]  # counter-clockwise (R-SETUP-B4)
        self.start_seat = self.choosing[-1]
        self.step = Step.BEACH
        self.decider = self.choosing[0]
        self.chance_kinds: tuple[str, ...] = ()
        self.chance_for = ""
        self.combat = None
        self.pending: list[tuple[Step, int]] = []  # interrupts that return to the step below (crystal choice)
        self.result: Outcome | None = None
        self.decisions = 0
        self.in_melee = None
        self._legal = None
        self._own = None
        self._reset_turn()
        if self.hooks.init is not None:
            self.hooks.init(self)

    def clone(self) -> GameState:
        """A copy that shares nothing mutable with this state: every declared
        field is copied as :mod:`.fields` says (a variant copies its own)."""
        c = type(self).__new__(type(self))
        d = c.__dict__
        d.update(self.__dict__)
        for name, copy in COPIES:
            d[name] = copy(d[name])
        c._legal = None
        c._own = None
        if self.hooks.copy is not None:
            self.hooks.copy(c, self)
        return c

    # ------------------------------------------------------------ the API
    @property
    def num_players(self) -> int:
        return len(self.players)

    def current_player(self) -> int:
        if self.result is not None:
            return TERMINAL
        return self.decider

    def is_chance_node(self) -> bool:
        return self.result is None and self.decider == CHANCE

    def is_terminal(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome | None:
        return self.result

    def chance_request(self) -> tuple[str, ...]:
        """The dice to be rolled now (kinds), or ``()`` when no chance step is due."""
        return self.chance_kinds if self.is_chance_node() else ()

    def sample_chance(self) -> Action:
        """The outcome the game's seeded generator gives this chance step."""
        kinds = self.chance_request()
        if not kinds:
            raise IllegalActionError("R-DICE-2", "no_chance")
        vals = dice.roll(kinds, self.seed, self.chance_count)
        return Action("roll", arg="".join(kinds), vals=vals)

    def touched(self) -> None:
        """Forget what was worked out from the state (the legal decisions)
        after its fields were changed by hand: by a test setting up a
        position, or a tool reading one."""
        self._legal = None
        self._own = None

    def legal_actions(self) -> list[Action]:
        """The decisions of :meth:`current_player` (empty at chance and at the end)."""
        legal = self._legal
        if legal is None or legal is _KEPT:
            if legal is None:  # fields may have been set by hand since the turn stopped here
                self._own = None
            if self.result is not None or self.decider == CHANCE:
                legal = []
            else:
                legal = self._generate()
            self._legal = legal
        return legal

    def refusal(self, action: Action | str, seat: int | None = None) -> IllegalActionError | None:
        """Why :meth:`apply_action` would refuse ``action`` from ``seat`` now
        (the error, naming its rule), or None when it would accept it. A
        notation error is raised as it is."""
        if isinstance(action, str):
            action = self.parse_action(action)
        hook = self.hooks.refusal
        if hook is not None:
            err = hook(self, action)
            if err is not None:
                return err
        if self.result is not None:
            return IllegalActionError("R-WIN-1", "game_over")
        if seat is not None and seat != self.decider:
            who = Msg("chance") if self.decider == CHANCE else Msg("seat", {"seat": self.decider + 1})
            return WrongSeatError("R-TURN-5", "wrong_seat", {"seat": seat + 1, "who": who})
        if self.decider == CHANCE:
            if action.verb != "roll":
                return IllegalActionError("R-DICE-2", "dice_now", {"kinds": " ".join(self.chance_kinds),
                                                                  "decision": str(action)})
            if tuple(action.arg) != self.chance_kinds:
                return IllegalActionError("R-DICE-2", "dice_kinds", {"kinds": " ".join(self.chance_kinds),
                                                                    "got": " ".join(action.arg)})
            return None
        if action.verb == "resign":
            if self.decider != self.seat or self.combat is not None:
                return IllegalActionError("R-RESIGN-1", "resign_when")
            return None
        if action in self.legal_actions():
            return None
        return self._why_illegal(action)

    def apply_action(self, action: Action | str, seat: int | None = None) -> None:
        """Apply one decision (or chance outcome). ``seat``, when given, must
        be the seat that decides now."""
        if isinstance(action, str):
            action = self.parse_action(action)
        error = self.refusal(action, seat)
        if error is not None:
            raise error
        self._own = None  # worked out again while the decision is applied
        if self.decider == CHANCE:
            kinds = self.chance_kinds
            self.chance_count += len(kinds)
            self.chance_kinds = ()
            self._on_roll(self.chance_for, kinds, action.vals)
        elif action.verb == "resign":
            self._resign(self.decider)
        else:
            self._apply(action)
        self.decisions += 1
        # to be listed again; the step's own decisions, worked out while the
        # turn stopped here, are kept (``_own``) unless someone resets ``_legal``
        self._legal = _KEPT
        if self.hooks.applied is not None:
            self.hooks.applied(self, action)

    def _chance(self, kinds: tuple[str, ...], purpose: str) -> None:
        """Stop at a chance step: the next action must be a roll of ``kinds``."""
        self.chance_kinds = kinds
        self.chance_for = purpose
        self.decider = CHANCE

    def _on_roll(self, purpose: str, kinds: tuple[str, ...], vals: tuple[int, ...]) -> None:
        self._emit(E.Rolled, purpose, "".join(kinds), tuple(vals))
        if purpose == "gamble":
            self._gamble_paid(vals)
        else:
            self._combat_roll(purpose, kinds, vals)

    def observation(self, seat: int | None = None, decisions: bool = True, board: bool = True) -> dict[str, Any]:
        """What ``seat`` (or a spectator, None) may see: see :mod:`.observation`
        (without ``decisions``: the legal decisions not written out; without
        ``board``: the hexes not written out)."""
        from .observation import observe  # not needed to play or replay: imported when first asked

        obs = observe(self, seat, decisions, board)
        if self.hooks.view is not None:
            self.hooks.view(self, obs)
        return obs

    # ------------------------------------------------------------ helpers used by the rules
    def active_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.out]

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise still in the game (decision 10)."""
        n = len(self.players)
        for i in range(1, n + 1):
            q = (seat + i) % n
            if not self.players[q].out:
                return q
        return seat

    def units_of(self, q: int, h: int) -> int:
        p = self.players[q]
        n = self.wc[q][h] + (p.hero_at == h) + (p.gode_at == h)
        if self.rune and self.rune[0] == q and self.rune[1] == h:
            n += 1
        return n

    def enemy_at(self, h: int, seat: int) -> bool:
        """R-MOVE-3: units of another owner (a runestone included) or a troll."""
        if self.troll[h]:
            return True
        for q, p in enumerate(self.players):
            if q != seat and (self.wc[q][h] or p.hero_at == h or p.gode_at == h):
                return True
        return bool(self.rune and self.rune[0] != seat and self.rune[1] == h)

    def leads_to_combat(self, action: Action) -> bool:
        """Whether the legal decision ``action`` of the seat on turn leads into
        a fight: a step onto a hex with an enemy stops there and is a combat of
        phase 2 (R-MOVE-3, R-COMBAT-1); picking a combat or a strike is one."""
        if action.verb in ("fight", "blitz", "throw"):
            return True
        return action.verb == "step" and self.seat >= 0 and self.enemy_at(action.b, self.seat)

    def owner_at(self, h: int, exclude: int) -> int | None:
        """The seat (other than ``exclude``) with units on ``h``, TROLL, or None."""
        if self.troll[h]:
            return TROLL
        for q in range(len(self.players)):
            if q != exclude and self.units_of(q, h):
                return q
        return None

    def is_farm(self, h: int) -> bool:
        """R-ISLE-12: a farm, or a well farm not yet a rift."""
        return self.island.kind[h] == "farm" and h not in self.rifts

    def has_warrior_on(self, seat: int, terrain: str) -> list[int]:
        """The hexes of ``terrain`` with a warrior of ``seat``: warriors are the
        only workers (R-UNIT-3)."""
        w = self.wc[seat]
        ter = self.island.terrain
        return [h for h in range(self.island.size) if w[h] and ter[h] == terrain]

    def resources(self, seat: int, need: dict[str, int]) -> bool:
        """R-RES-1: distinct hexes of each terrain holding an own warrior."""
        for terrain, k in need.items():
            if len(self.has_warrior_on(seat, terrain)) < k:
                return False
        return True

    def _win(self, seat: int, reason: str) -> None:
        if self.result is None:
            self.result = Outcome(seat, reason)
            self._emit(E.Won, seat, reason)
            self.step = Step.OVER
            self.decider = TERMINAL
            if self.hooks.won is not None:
                self.hooks.won(self, seat)

    def __repr__(self) -> str:
        return f"<GameState round {self.round} seat {self.seat + 1} phase {self.phase} step {self.step}>"


def _draw_rifts(island: Island, seed: int, counter: int) -> tuple[dict[int, str], int]:
    """R-ISLE-9/10: the six tiles shuffled onto the well farms; on the crescent
    each kind at least once among the four used."""
    tiles = ["kobold", "kobold", "silber", "silber", "quelle", "quelle"]
    wells = island.well_farms
    while True:
        order = dice.shuffle(tiles, seed, counter)
        counter += 8
        chosen = order[: len(wells)]
        if len(set(chosen)) == 3:
            return dict(zip(wells, chosen)), counter
