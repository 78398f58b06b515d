"""Combat (docs/rules.md §7–9, R-GODE-4, Mjölnir): a mixin of the game state.

A combat walks through the decision points of turn-flow.md, phase 2:
potion windows, the attack roll, blocking, the attacker's assignment, the
counter roll, blocking, the defender's assignment, then fainting, plunder and
retreat. Each decision belongs to its seat; a troll's counter roll belongs to
the attacker's left neighbour (R-COMBAT-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from itertools import combinations, compress

from .fields import GameFields, Pos
from .steps import Step
from . import events as E
from .actions import Action
from .dice import DIE_ORDER, RED, blocked_kinds
from .player import FAINTED, X_TURN, WAITING, Player

TROLL = -2
#: R-UNIT-1: the units besides heroes, with their life (R-COMBAT-4: T and R within one roll)
LIFE = {"W": 2, "G": 3, "T": 6, "R": 5}


def _at(kind: str, key: str | None = None, lo: int = 0, hi: int = 0, **default: Any) -> Any:
    """A field of a combat, written in a position's [combat] table as ``Pos`` says."""
    return field(metadata={"pos": Pos(kind, lo, hi, table="combat", key=key)}, **default)


@dataclass(slots=True, eq=False)
class Combat:
    """One combat or lone strike on ``hex``.

    Units are ``[code, prev]`` lists: code H (hero), G (Gode), W (warrior),
    T (troll), R (runestone); ``prev`` is an attacker's retreat hex. The
    fields are declared in the order a position's [combat] table holds them
    (thorskliff/position.py iterates them).
    """

    hex: int = _at("hex_req")
    att: int = _at("seat", "attacker")
    dfn: int = _at("defender", "defender")  # a seat or TROLL
    strike: bool = _at("bool")  # a lone lightning / Mjölnir strike (R-GODE-4)
    def_hero: bool = _at("bool", "defender_hero", default=False)  # the defender's hero took part
    #: whose roll is being resolved: att (attack roll) or def (counter roll)
    side: str = _at("side", "roll_of", default="att")
    roll: list[tuple[str, int]] = _at("roll", default_factory=list)  # the current roll: (kind, value)
    blocked: list[int] = _at("ints", lo=1, hi=5, default_factory=list)
    queue: list[int] = _at("ints", lo=1, hi=5, default_factory=list)  # unassigned dice values, ascending
    dmg: list[int] = _at("ints", "damage", 0, 999, default_factory=list)  # damage assigned per target unit
    att_kraft: int = _at("int", "attacker_kraft", 0, 5, default=0)
    def_kraft: int = _at("int", "defender_kraft", 0, 5, default=0)
    att_schutz: int = _at("int", "attacker_schutz", 0, 5, default=0)
    def_schutz: int = _at("int", "defender_schutz", 0, 5, default=0)
    black: int = _at("int", None, 0, 3, default=0)  # black dice of lightning / Mjölnir in the attack roll
    att_units: list[list[Any]] = _at("units", "attackers", default_factory=list)
    def_units: list[list[Any]] = _at("units", "defenders", default_factory=list)
    #: every potion each side has drunk in this combat, in order (R-POT-3..6): a Heiltrank
    #: before the first roll and a Krafttrank drunk after a roll too, which the kraft and
    #: schutz counts leave out; the windows' "Keinen weiteren Trank" reads it (view
    #: combat.drunk). Tuples: a copy of the combat shares them
    att_drunk: tuple[str, ...] = _at("drunk", "attacker_drunk", default=())
    def_drunk: tuple[str, ...] = _at("drunk", "defender_drunk", default=())

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        for k in Combat.__slots__:
            setattr(c, k, getattr(self, k))
        c.att_units = [list(u) for u in self.att_units]
        c.def_units = [list(u) for u in self.def_units]
        c.roll = list(self.roll)
        c.blocked = list(self.blocked)
        c.queue = list(self.queue)
        c.dmg = list(self.dmg)
        return c

    def targets(self) -> list[list[Any]]:
        """The units the current roll is assigned to."""
        return self.def_units if self.side == "att" else self.att_units


def unit_labels(units: list[list[Any]]) -> list[str]:
    """H, G, T, R, W1, W2, … in unit order (warriors numbered)."""
    out, n = [], 0
    for u in units:
        if u[0] == "W":
            n += 1
            out.append(f"W{n}")
        else:
            out.append(u[0])
    return out


class CombatRules(GameFields):
    @property
    def fought(self) -> Combat:
        """The combat being fought: asked only at a combat's steps, where there
        is one (``combat`` is None between combats)."""
        c = self.combat
        if c is None:
            raise RuntimeError(f"no combat is being fought at step {self.step}")
        return c

    # ------------------------------------------------------------------ phase 2
    def _combat_sites(self) -> list[int]:
        """The hexes (ascending) where the seat on turn has units and meets an
        enemy: only the hexes its units stand on are looked at."""
        seat = self.seat
        p = self.players[seat]
        mine = set(compress(range(len(self.wc[seat])), self.wc[seat]))
        mine.update(h for h in (p.hero_at, p.gode_at) if h >= 0)
        if self.rune and self.rune[0] == seat:
            mine.add(self.rune[1])
        return [h for h in sorted(mine) if self.enemy_at(h, seat)]

    def _start_combat_phase(self) -> bool:
        self.combat_hexes = set(self._combat_sites())
        p = self.players[self.seat]
        # R-GODE-4 / §17: a Gode or hero that stands in a melee now is in one
        # "at some time this phase", even after it retreats from it
        self.in_melee = frozenset(code for code, h in (("G", p.gode_at), ("H", p.hero_at))
                                  if h in self.combat_hexes)
        if self._table_legal(Step.COMBAT):
            self.step = Step.COMBAT
            return True
        return False

    def _can_blitz(self, p: Player) -> bool:
        """R-GODE-4: once per turn, marker on Blitzschlag, Gode on no combat hex this phase."""
        return ("blitz" in self.rules and not self.blitz_used and p.gode_at >= 0 and "blitz" in p.marker
                and p.gode_at not in self.combat_hexes and "G" not in self._in_melee())

    def _can_throw(self, p: Player) -> bool:
        return p.weapon == "mjolnir" and not self.throw_used and p.hero_at >= 0 \
            and p.hero_at not in self.combat_hexes and "H" not in self._in_melee()

    def _in_melee(self) -> frozenset[str]:
        return self.in_melee or frozenset()

    def _strike_targets(self, origin: int) -> list[int]:
        seat = self.seat
        return [h for h in self.island.neighbours[origin]
                if self.enemy_at(h, seat) and not (h in self.lying and self.lying[h] != seat)]

    def _combat_pick(self, a: Action) -> None:
        if a.verb == "fight":
            self._open_combat(a.a, strike=False)
            return
        if a.verb == "blitz":
            self.blitz_used = True
        else:
            self.throw_used = True
        if a.a in self._combat_sites():
            self.blitz_at[a.a] = self.blitz_at.get(a.a, 0) + 1  # joins that melee's attack roll
            self._after_combat_step()
        else:
            self._open_combat(a.a, strike=True)

    def _after_combat_step(self) -> None:
        """Back to choosing the next combat, or on to phase 3."""
        self.decider = self.seat
        self.combat = None
        if self.result is not None:
            return
        if self._table_legal(Step.COMBAT):
            self.step = Step.COMBAT
        else:
            self._end_combat_phase()

    def _end_combat_phase(self) -> None:
        """Plunder is paid (R-COMBAT-5/6), runestone owners go out (R-RUNE-4)."""
        p = self.players[self.seat]
        if self.plunder:
            if p.faint in (X_TURN, WAITING):
                self._emit(E.Plunder, p.seat, self.plunder, "lost")  # R-COMBAT-6
            elif self.plunder_hex >= 0:
                h = self.plunder_hex
                self.taler_at[h] = self.taler_at.get(h, 0) + self.plunder
                self._emit(E.Plunder, p.seat, self.plunder, "laid", h)
            else:
                p.taler += self.plunder
                self._emit(E.Plunder, p.seat, self.plunder, "paid")
            self.plunder = 0
        self.moved = []
        for q in self.to_go_out:
            self._go_out(q)
            if self.result is not None:
                return
        self.to_go_out = []
        if p.out:
            self._next_turn()
            return
        self._enter_phase(3)

    # ------------------------------------------------------------------ opening a combat
    def _open_combat(self, h: int, strike: bool) -> None:
        seat = self.seat
        p = self.players[seat]
        dfn = self.owner_at(h, seat)
        if dfn is None:  # the verb table offers only hexes with an enemy (R-COMBAT-1)
            raise RuntimeError(f"no enemy to fight on hex {h}")
        c = Combat(h, seat, dfn, strike)
        if not strike:
            if p.hero_at == h:
                c.att_units.append(["H", self.hero_prev])
            if p.gode_at == h:
                c.att_units.append(["G", self.gode_prev])
            c.att_units.extend(["W", m[1]] for m in self.moved if m[0] == h)
            c.black = self.blitz_at.pop(h, 0)
        else:
            c.black = 1
        if dfn == TROLL:
            c.def_units.append(["T", -1])
        else:
            q = self.players[dfn]
            if q.hero_at == h:
                c.def_units.append(["H", -1])
                c.def_hero = True
            if q.gode_at == h:
                c.def_units.append(["G", -1])
            c.def_units.extend(["W", -1] for _ in range(self.wc[dfn][h]))
            if self.rune and self.rune[0] == dfn and self.rune[1] == h:
                c.def_units.append(["R", -1])  # R-RUNE-5: it defends, without dice or protection
        self.combat = c
        self._emit(E.CombatBegan, h, seat, dfn, strike, tuple(unit_labels(c.att_units)), tuple(unit_labels(c.def_units)),
                   p.life if any(u[0] == "H" for u in c.att_units) else 0,
                   self.players[dfn].life if c.def_hero else 0, c.black)
        self._stage("def_pre")

    # ------------------------------------------------------------------ the stages
    def _window_open(self, seat: int, has_hero: bool) -> bool:
        """A potion window opens for a hero in the combat whose owner holds any
        potion; it depends on the public count only, so it reveals no kind."""
        if seat < 0 or not has_hero:
            return False
        p = self.players[seat]
        return bool(p.potions) and p.hero_at == self.fought.hex

    def _stage(self, stage: str) -> None:
        """Go to ``stage``, skipping windows and choices that have nobody to decide."""
        c = self.fought
        while True:
            att_hero = any(u[0] == "H" for u in c.att_units)
            if stage == "def_pre":
                if self._window_open(c.dfn, c.def_hero):
                    return self._ask(Step.C_DEF_PRE, c.dfn)
                stage = "att_pre"
            elif stage == "att_pre":
                if not c.strike and self._window_open(c.att, att_hero):
                    return self._ask(Step.C_ATT_PRE, c.att)
                stage = "attack"
            elif stage == "attack":
                c.side = "att"
                kinds = self._attack_dice()
                self.step = Step.C_ROLL
                return self._chance(kinds, "attack")
            elif stage == "att_post":
                if not c.strike and self._window_open(c.att, att_hero):
                    return self._ask(Step.C_ATT_POST, c.att)
                stage = "def_post"
            elif stage == "def_post":
                if not c.strike and self._window_open(c.dfn, c.def_hero):
                    return self._ask(Step.C_DEF_POST, c.dfn)
                stage = "def_block"
            elif stage == "def_block":
                if self._block_options(c.dfn, "def") is not None:
                    return self._ask(Step.C_DEF_BLOCK, c.dfn)
                stage = "att_assign"
            elif stage == "att_assign":
                self._start_assign()
                if self._auto_assign():
                    return self._ask(Step.C_ATT_ASSIGN, c.att)
                self._resolve_attack()
                if self.combat is None or self.result is not None:
                    return
                if c.strike:
                    return self._finish_combat()
                stage = "counter"
            elif stage == "counter":
                c.side = "def"
                kinds = self._counter_dice()
                if not kinds:
                    return self._finish_combat()
                self.step = Step.C_ROLL
                return self._chance(kinds, "counter")
            elif stage == "def_post2":
                if self._window_open(c.dfn, c.def_hero) and self.players[c.dfn].faint == 0:
                    return self._ask(Step.C_DEF_POST2, c.dfn)
                stage = "att_post2"
            elif stage == "att_post2":
                if self._window_open(c.att, att_hero) and self.players[c.att].faint == 0:
                    return self._ask(Step.C_ATT_POST2, c.att)
                stage = "att_block"
            elif stage == "att_block":
                if self._block_options(c.att, "att") is not None:
                    return self._ask(Step.C_ATT_BLOCK, c.att)
                stage = "def_assign"
            elif stage == "def_assign":
                self._start_assign()
                if self._auto_assign():
                    return self._ask(Step.C_DEF_ASSIGN, self._counter_seat())
                self._resolve_counter()
                return self._finish_combat()
            else:  # pragma: no cover - a programming error
                raise AssertionError(stage)

    def _ask(self, step: Step, seat: int) -> None:
        self.step = step
        self.decider = seat

    def _counter_seat(self) -> int:
        """The seat that assigns the counter roll: the defender, or for a troll
        the attacker's left neighbour (R-COMBAT-3, decision 10)."""
        c = self.fought
        return self.next_seat(c.att) if c.dfn == TROLL else c.dfn

    # ------------------------------------------------------------------ dice
    def _hero_dice(self, p: Player, attacking: bool, kraft: int) -> list[str]:
        d = list(p.weapon_dice())
        if p.cbonus == "S":
            d.append("S")  # R-CRYSTAL-2
        if attacking and p.wisent:
            d.append("G")  # Überrennen: attack only
        d.extend("G" * kraft)
        return d

    def _unit_dice(self, seat: int, units: list[list[Any]], attacking: bool, kraft: int) -> list[str]:
        out: list[str] = []
        if seat == TROLL:
            return ["M", "M", "M"]
        p = self.players[seat]
        warrior = "M" if "kampfrausch" in p.epic else "K"
        for u in units:
            code = u[0]
            if code == "H":
                out.extend(self._hero_dice(p, attacking, kraft))
            elif code == "W":
                out.append(warrior)
            elif code == "G":
                out.append("K")
        return out

    def _attack_dice(self) -> tuple[str, ...]:
        c = self.fought
        d = self._unit_dice(c.att, c.att_units, True, c.att_kraft)
        d.extend("S" * c.black)
        return tuple(sorted(d, key=DIE_ORDER.index))

    def _counter_dice(self) -> tuple[str, ...]:
        c = self.fought
        d = self._unit_dice(c.dfn, c.def_units, False, c.def_kraft)
        return tuple(sorted(d, key=DIE_ORDER.index))

    def _combat_roll(self, purpose: str, kinds: tuple[str, ...], vals: tuple[int, ...]) -> None:
        c = self.fought
        rolled = list(zip(kinds, vals))
        if purpose in ("attack", "counter"):
            c.roll = rolled
            c.blocked = []
            c.dmg = []  # the damage shown belongs to this roll: none assigned yet
            self._stage("att_post" if purpose == "attack" else "def_post2")
        else:  # a Krafttrank drunk after the roll: its G die joins the roll (R-POT-5)
            c.roll.extend(rolled)
            self._ask(Step.C_ATT_POST if purpose == "kraft_att" else Step.C_DEF_POST2,
                      c.att if purpose == "kraft_att" else c.dfn)

    # ------------------------------------------------------------------ protection and blocking (§8)
    def _protection(self, side: str) -> int:
        c = self.fought
        h = c.hex
        if side == "def":
            if c.dfn == TROLL:
                return 1  # on its peak
            n = 1 if self.island.kind[h] == "peak" else 0
            hero = c.def_hero and self.players[c.dfn].life > 0
            p = self.players[c.dfn]
            n += c.def_schutz
        else:
            n = 0
            hero = any(u[0] == "H" for u in c.att_units) and self.players[c.att].life > 0
            p = self.players[c.att]
            n += c.att_schutz
            if hero and c.dfn == TROLL:
                n += p.spec.troll_protection  # Furchtlosigkeit
        if hero:
            n += p.helm + (p.cbonus == "P") + ("rundschild" in p.epic)
        return n

    def _block_options(self, seat: int, side: str) -> list[tuple[int, ...]] | None:
        """Distinct choices of red dice to block, or None when nothing is to
        choose (then the block is applied here)."""
        c = self.fought
        prot = self._protection(side)
        red = sorted((v for k, v in c.roll if k in RED), reverse=True)
        k = min(prot, len(red))
        if k == 0:
            return None
        if seat == TROLL or k == len(red) or len(set(red)) == 1:
            c.blocked = red[:k]  # a troll blocks the highest (decision 4)
            return None
        opts = sorted(set(combinations(red, k)), reverse=True)
        if len(opts) == 1:
            c.blocked = list(opts[0])
            return None
        return opts

    # ------------------------------------------------------------------ assignment
    def _start_assign(self) -> None:
        c = self.fought
        vals = [v for _, v in c.roll]
        for b in c.blocked:
            vals.remove(b)
        c.queue = sorted(vals)
        c.dmg = [0] * len(c.targets())  # R-COMBAT-4: damage counts per roll; a troll or runestone falls to one
        if c.blocked:
            self._emit(E.Blocked, c.dfn if c.side == "att" else c.att, tuple(c.blocked),
                       blocked_kinds(c.roll, c.blocked))

    def _life(self, units_seat: int, code: str) -> int:
        if code == "H":
            return self.players[units_seat].life
        return LIFE[code]

    def _target_classes(self) -> list[int]:
        """Indices of units that can take the next die, one per class of
        interchangeable units (same kind, damage so far and retreat hex)."""
        c = self.fought
        seat = c.dfn if c.side == "att" else c.att
        units = c.targets()
        seen = set()
        out = []
        for i, u in enumerate(units):
            if c.dmg[i] < self._life(seat, u[0]):
                key = (u[0], c.dmg[i], u[1])
                if key not in seen:
                    seen.add(key)
                    out.append(i)
        return out

    def _auto_assign(self) -> bool:
        """Assign dice that have one possible target; True when a choice remains."""
        c = self.fought
        while c.queue:
            cls = self._target_classes()
            if not cls:
                c.queue = []  # every unit defeated: the rest is wasted (R-COMBAT-1.4)
                return False
            if len(cls) > 1:
                return True
            c.dmg[cls[0]] += c.queue.pop(0)
        return False

    def _assign_offers(self) -> list[Action]:
        """The next die (the smallest, R-COMBAT-1.4) to one unit of each class
        that can still take it (the verb table's ``hit``)."""
        c = self.fought
        labels = unit_labels(c.targets())
        v = c.queue[0]
        return [Action("hit", arg=labels[i], vals=(v,)) for i in self._target_classes()]

    def suggest_assignment(self) -> list[tuple[int, str]]:
        """The engine's suggestion for the remaining dice: defeat the most
        units (a hero brought to 0 included), then deal the most damage to the
        hero; returned as (value, target label) in assignment order
        (ascending values), every step legal under R-COMBAT-1.4."""
        c = self.fought
        seat = c.dfn if c.side == "att" else c.att
        units = c.targets()
        labels = unit_labels(units)
        need = [max(0, self._life(seat, u[0]) - c.dmg[i]) for i, u in enumerate(units)]
        hero = [u[0] == "H" for u in units]
        dice = tuple(c.queue)
        plan = _best_plan(dice, tuple((need[i], hero[i]) for i in range(len(units))))
        seq: list[tuple[int, str]] = []
        for v, cls in zip(dice, plan):
            # the first unit of that kind in that state: alike units are one choice
            i = next(j for j in range(len(units)) if (need[j], hero[j]) == cls)
            need[i] = max(0, need[i] - v)
            seq.append((v, labels[i]))
        return seq

    def _assign_apply(self, a: Action) -> None:
        c = self.fought
        if a.verb == "auto":
            for v, lab in self.suggest_assignment():
                idx = unit_labels(c.targets()).index(lab)
                c.queue.remove(v)
                c.dmg[idx] += v
            c.queue = []
        else:
            idx = unit_labels(c.targets()).index(a.arg)
            c.dmg[idx] += c.queue.pop(0)
        if self._auto_assign():
            return
        if c.side == "att":
            self._resolve_attack()
            if self.combat is None or self.result is not None:
                return
            if c.strike:
                self._finish_combat()
            else:
                self._stage("counter")
        else:
            self._resolve_counter()
            self._finish_combat()

    # ------------------------------------------------------------------ results
    def _resolve_attack(self) -> None:
        """R-COMBAT-1.5 for the attack roll: defeated defenders leave, the hero
        loses life; plunder accrues (R-COMBAT-1.7)."""
        c = self.fought
        h = c.hex
        defeated = 0
        for u, d, lab in zip(c.def_units, c.dmg, unit_labels(c.def_units)):
            if not d:
                continue
            code = u[0]
            if code == "H":
                q = self.players[c.dfn]
                before = q.life
                q.life = max(0, q.life - d)
                self._emit(E.Damaged, c.dfn, lab, h, d, before, q.life)
                if q.life == 0:
                    defeated += 1
                    u.append("x")
                    self._faint(q, h)
            elif d < LIFE[code]:
                self._emit(E.Damaged, c.dfn, lab, h, d, LIFE[code], LIFE[code] - d)
            elif d >= LIFE[code]:
                defeated += 1
                u.append("x")  # marks a defeated unit (it still strikes back, R-COMBAT-2)
                self._emit(E.Damaged, c.dfn, lab, h, d, LIFE[code], 0)
                self._emit(E.Defeated, c.dfn, lab, h)
                if code == "W":
                    self.wc[c.dfn][h] -= 1
                    self.players[c.dfn].supply += 1
                elif code == "G":
                    self.players[c.dfn].gode_at = -1
                elif code == "T":
                    self.troll[h] = False  # the crystal stays on the peak (R-CRYSTAL-1)
                elif code == "R":
                    self.rune = None
                    self.amber_at[h] = self.amber_at.get(h, 0) + 1
                    if c.dfn not in self.to_go_out:
                        self.to_go_out.append(c.dfn)  # R-RUNE-4
        self.plunder += defeated

    def _resolve_counter(self) -> None:
        c = self.fought
        h = c.hex
        p = self.players[c.att]
        for u, d, lab in zip(c.att_units, c.dmg, unit_labels(c.att_units)):
            if not d:
                continue
            code = u[0]
            if code == "H":
                before = p.life
                p.life = max(0, p.life - d)
                self._emit(E.Damaged, c.att, lab, h, d, before, p.life)
                if p.life == 0:
                    u.append("x")
                    self._faint(p, h)
            elif d < LIFE[code]:
                self._emit(E.Damaged, c.att, lab, h, d, LIFE[code], LIFE[code] - d)
            elif d >= LIFE[code]:
                u.append("x")
                self._emit(E.Damaged, c.att, lab, h, d, LIFE[code], 0)
                self._emit(E.Defeated, c.att, lab, h)
                if code == "W":
                    self.wc[c.att][h] -= 1
                    p.supply += 1
                    for i, m in enumerate(self.moved):
                        if m[0] == h and m[1] == u[1]:
                            del self.moved[i]
                            break
                else:
                    p.gode_at = -1

    def _faint(self, p: Player, h: int) -> None:
        """R-FAINT-1/2: the hero leaves the board; Taler and amber are laid on
        the hex, where an enemy hero standing there takes them at once."""
        p.hero_at = -1
        p.faint = FAINTED
        taler, amber = p.taler, p.amber
        p.taler = 0
        p.amber = False
        c = self.fought
        other = c.dfn if p.seat == c.att else c.att
        taker = None
        if other >= 0 and self.players[other].hero_at == h:
            taker = self.players[other]
        if taker is not None:
            taker.taler += taler
        elif taler:
            self.taler_at[h] = self.taler_at.get(h, 0) + taler
        laid = ""
        if amber:
            if taker is not None and not taker.amber:
                taker.amber = True
                laid = "taken"
            else:
                self.amber_at[h] = self.amber_at.get(h, 0) + 1
                laid = "laid"
        self._emit(E.Fainted, p.seat, h, taler, laid, taker.seat if taker is not None else None)
        if p.seat == self.seat:
            self.plunder_hex = h  # R-COMBAT-5
        if self.rune and self.rune[0] == p.seat and p.seat not in self.to_go_out:
            self.to_go_out.append(p.seat)  # R-FAINT-7

    def _finish_combat(self) -> None:
        """R-COMBAT-1.8: retreat if any defender stands."""
        c = self.fought
        h = c.hex
        seat = c.att
        p = self.players[seat]
        if not c.strike:
            standing = False
            for u in c.def_units:
                if u[0] == "H":
                    standing |= self.players[c.dfn].hero_at == h
                elif len(u) < 3:
                    standing = True
            if standing:
                for u, lab in zip(c.att_units, unit_labels(c.att_units)):
                    if len(u) > 2:
                        continue
                    if u[0] == "H":
                        if p.hero_at == h:
                            p.hero_at = u[1]
                            self._emit(E.Retreated, seat, lab, h, u[1])
                    elif u[0] == "G":
                        if p.gode_at == h:
                            p.gode_at = u[1]
                            self._emit(E.Retreated, seat, lab, h, u[1])
                    else:
                        self._emit(E.Retreated, seat, lab, h, u[1])
                        self.wc[seat][h] -= 1
                        self.wc[seat][u[1]] += 1
                        for m in self.moved:
                            if m[0] == h and m[1] == u[1]:
                                m[0] = u[1]
                                m[2] = 0
                                break
            elif any(len(u) < 3 for u in c.att_units):
                self._emit(E.Held, seat, h)
            self._auto_amber(p)
        self._emit(E.CombatEnded, h, seat, c.dfn, c.strike)
        self._after_combat_step()

    # ------------------------------------------------------------------ decisions inside a combat
    # (what may be decided at each stage, and why not, is the verb table's:
    # turn_verbs.STAGE_VERBS; these apply them)
    def _do_block(self, a: Action) -> None:
        """R-COMBAT-1: the red dice protection blocks, then the assignment."""
        self.fought.blocked = list(a.vals)
        self._stage("att_assign" if self.step == Step.C_DEF_BLOCK else "def_assign")

    def _do_combat_drink(self, a: Action) -> None:
        """R-POT-4..6: a potion drunk at a window; the window stays open."""
        step = self.step
        c = self.fought
        seat = self.decider
        p = self.players[seat]
        p.remove_potion(a.arg)
        self.potion_supply[a.arg] += 1
        attacker = seat == c.att
        if attacker:
            c.att_drunk += (a.arg,)
        else:
            c.def_drunk += (a.arg,)
        self._emit(E.Drank, seat, a.arg)
        if a.arg == "heil":
            self._heal(p, 4, "heil")
        elif a.arg == "schutz":
            if attacker:
                c.att_schutz += 1
            else:
                c.def_schutz += 1
        elif step in (Step.C_ATT_POST, Step.C_DEF_POST2):  # R-POT-5: after the roll, its G die at once
            self.step = Step.C_ROLL
            self._chance(("G",), "kraft_att" if attacker else "kraft_def")
        elif attacker:
            c.att_kraft += 1
        else:
            c.def_kraft += 1

    def _end_window(self, a: Action) -> None:
        """A window passed: on to the combat's next stage."""
        self._stage(_AFTER_WINDOW[self.step])


#: the stage after each potion window (turn-flow.md, phase 2)
_AFTER_WINDOW = {Step.C_DEF_PRE: "att_pre", Step.C_ATT_PRE: "attack", Step.C_ATT_POST: "def_post",
                 Step.C_DEF_POST: "def_block", Step.C_DEF_POST2: "att_post2", Step.C_ATT_POST2: "att_block"}


def _best_plan(dice: tuple[int, ...], units: tuple[tuple[int, bool], ...]) -> list[tuple[int, bool]]:
    """An optimal die-by-die assignment of ascending ``dice`` to units given
    as (life still needed, is hero): most units defeated, then most damage to
    the hero. Alike units are merged, so the search stays small. Returns the
    (need, hero) class each die goes to, until no unit is left standing."""

    @lru_cache(maxsize=None)
    def best(k: int, state: tuple[tuple[int, bool], ...]) -> tuple[tuple[int, int], tuple[int, bool] | None]:
        alive = sorted(set(u for u in state if u[0] > 0))
        if k == len(dice) or not alive:
            return (0, 0), None
        v = dice[k]
        top: tuple[int, int] = (-1, -1)
        pick = None
        for cls in alive:
            n, is_hero = cls
            left = list(state)
            left.remove(cls)
            left.append((max(0, n - v), is_hero))
            (dead, harm), _ = best(k + 1, tuple(sorted(left)))
            score = (dead + (n <= v), harm + (min(n, v) if is_hero else 0))
            if score > top:
                top, pick = score, cls
        return top, pick

    state = tuple(sorted(units))
    out = []
    for k in range(len(dice)):
        _, cls = best(k, state)
        if cls is None:
            break
        out.append(cls)
        left = list(state)
        left.remove(cls)
        left.append((max(0, cls[0] - dice[k]), cls[1]))
        state = tuple(sorted(left))
    return out
