"""The turn (R-TURN-*): phases 0–6, movement, free steps, silver, actions,
recruiting, haste, fainting's turn-level rules and leaving the game.

A mixin of :class:`~thorskliff.engine.state.GameState`; combat is in :mod:`.combat`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from .actions import END, GODE_ABILITIES, Action, IllegalActionError, hexlabel
from .fields import TURN_MADE, TURN_VALUES, GameFields
from .guards import Index, index, legal, plans, refuse
from .hooks import NO_HOOKS, Hooks
from .steps import COMBAT_STEPS, Step
from . import events as E
from .turn_verbs import FREE_STEPS, GODE_NEED, RECRUIT_PRICE
from .verbs import EPIC_PRICE, TABLE, Offer, Verb, entry
from .player import AWAKE, FAINTED, LYING, WAIT_NEXT, WAITING, X_TURN
from ..scenario import TERRAINS

__all__ = ["GODE_NEED", "PHASE_NAMES", "TurnRules"]

FREE_PLANS = plans(FREE_STEPS)
PHASE_NAMES = {0: "Gode", 1: "movement", 2: "combat", 3: "silver", 4: "action", 5: "recruit", 6: "haste"}


if TYPE_CHECKING:
    from .player import Player
    from .state import GameState

class TurnRules(GameFields):
    #: the verb table (R-ACT-1 and every other step's); a variant adds its verbs
    verbs: tuple[Verb, ...] = tuple(TABLE)
    #: the table by step, built once per class (a variant's with its verbs)
    verb_index: Index = index(verbs)
    #: what a variant changes in the engine (:mod:`.hooks`); the base game: nothing
    hooks: Hooks = NO_HOOKS  # a class's (a variant's), or one state's own (the curve's copy)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls.verb_index = index(cls.verbs)

    # ------------------------------------------------------------------ turn scratch
    def _reset_turn(self) -> None:
        """The turn's scratch afresh (its fields are declared in :mod:`.fields`)."""
        d = self.__dict__
        d.update(TURN_VALUES)
        for name, make in TURN_MADE:
            d[name] = make()

    # ------------------------------------------------------------------ generation
    def _generate(self) -> list[Action]:
        """The decisions at the current step: the verb table's at this step
        (:mod:`.guards`), in its order: the step's own, ending it, then at
        the open steps the free steps and potions (R-TURN-3, R-POT-3/4);
        inside a combat, its stage's (R-COMBAT-1, R-POT-4..6)."""
        hooks = self.hooks
        if hooks.decisions is not None:  # a variant's own step (a card's choices)
            theirs = hooks.decisions(self)  # type: ignore[arg-type]
            if theirs is not None:
                return theirs
        step = self.step
        # the seat on turn decides but at setup and inside a combat (R-TURN-5)
        p = self.players[self.decider if self.seat < 0 or step in COMBAT_STEPS else self.seat]
        own = self._own
        # (the mixin is always part of a GameState: no cast, it would cost a call on every decision)
        if own is not None and own[0] == step:  # worked out when the turn stopped here
            out = own[1] + legal(self, p, self.verb_index.plans_rest.get(step, ()))  # type: ignore[arg-type]
        else:
            out = legal(self, p, self.verb_index.plans_at.get(step, ()))  # type: ignore[arg-type]
        if hooks.more is not None:
            hooks.more(self, out)  # type: ignore[arg-type]
        return out

    def _table_legal(self, step: Step) -> list[Action]:
        """The step's own decisions (no end, no free steps): whether the turn
        stops at a phase (R-TURN-2) asks this."""
        p = self.players[self.seat if self.seat >= 0 else self.decider]
        out = legal(self, p, self.verb_index.plans_own.get(step, ()))  # type: ignore[arg-type]
        self._own = (step, out)
        return out

    def _free_steps(self, p: Player) -> list[Action]:
        """R-TURN-3: the free steps open to ``p`` (the turn stops at its end for them)."""
        return legal(cast("GameState", self), p, FREE_PLANS)

    # ------------------------------------------------------------------ application
    def _apply(self, a: Action) -> None:
        """Apply a legal decision as its verb of the table says (``Verb.apply``)."""
        if self.hooks.apply is not None and self.hooks.apply(self, a):  # type: ignore[arg-type]
            return  # a variant's own decision
        idx = self.verb_index
        name = idx.applies[self.step].get(a.verb)
        if name is None:  # entries of the verb that apply differently: the one accepting it
            verb = idx.entry(self.step, a)
            assert verb is not None and verb.apply is not None, a  # only legal decisions come here
            name = verb.apply
        getattr(self, name)(a)

    def _do_drink(self, a: Action) -> None:
        """R-POT-4: a Heiltrank drunk at a decision of one's own turn."""
        p = self.players[self.seat]
        p.remove_potion("heil")
        self.potion_supply["heil"] += 1
        self._emit(E.Drank, p.seat, "heil")
        self._heal(p, 4, "heil")

    def _do_discard(self, a: Action) -> None:
        """R-POT-3: a potion put back into the supply."""
        p = self.players[self.decider]
        self._emit(E.Discarded, p.seat, a.arg)
        p.remove_potion(a.arg)
        self.potion_supply[a.arg] += 1

    def _do_gode(self, a: Action) -> None:
        """R-GODE-2: the Gode's marker, then movement."""
        self.players[self.seat].marker = a.arg
        self._emit(E.MarkerSet, self.seat, a.arg)
        self._enter_phase(1)

    def _do_crystal(self, a: Action) -> None:
        """R-CRYSTAL-2: the second crystal's bonus, then back to the step below."""
        self.players[self.decider].cbonus = a.arg
        self._emit(E.CrystalBonus, self.decider, a.arg)
        self.step, self.decider = self.pending.pop()

    def _do_end(self, a: Action = END) -> None:
        step = self.step
        if step == Step.MOVE:
            self._enter_phase(2)
        elif step == Step.COMBAT:
            self._end_combat_phase()
        elif step in (Step.ACTION, Step.POTION2):
            self._enter_phase(5)
        elif step == Step.GIFT:
            self.gifts = 0
            self._enter_phase(5)
        elif step == Step.RECRUIT:
            self._enter_phase(6)
        elif step == Step.HASTE:
            self._end_turn()
        elif step in (Step.AFTERHASTE, Step.TURNEND):
            self._finish_turn()

    # ------------------------------------------------------------------ setup
    def _do_beach(self, a: Action) -> None:
        h = a.a
        p = self.players[self.decider]
        p.hero_at = h
        self._emit(E.Placed, p.seat, h)
        i = self.choosing.index(self.decider) + 1
        if i < len(self.choosing):
            self.decider = self.choosing[i]
        else:
            self.round = 1
            self._begin_turn(self.start_seat)

    # ------------------------------------------------------------------ turn flow
    def _begin_turn(self, seat: int) -> None:
        """Start of turn, no decisions (turn-flow): runestone counter, standing up."""
        if self.hooks.begin_turn is not None and self.hooks.begin_turn(self, seat):  # type: ignore[arg-type]
            return  # the variant begins it later (a card is read first)
        self.seat = seat
        self.decider = seat
        self._reset_turn()
        p = self.players[seat]
        self._emit(E.TurnBegan, seat, self.round)
        if self.rune and self.rune[0] == seat:
            self.rune[2] -= 1  # R-RUNE-3
            self._emit(E.RuneCounted, seat, self.rune[1], self.rune[2])
            if self.rune[2] <= 0:
                self._win(seat, "runestone")
                return
        if p.faint == FAINTED:
            p.faint = X_TURN  # R-FAINT-3
        elif p.faint == WAIT_NEXT:
            p.faint = WAITING  # R-FAINT-6
        elif p.faint == LYING:  # R-FAINT-5
            h = p.lying_at
            self.lying.pop(h, None)
            p.lying_at = -1
            p.hero_at = h
            p.life = p.max_life // 2
            p.taler += 3
            p.faint = AWAKE
            self._emit(E.StoodUp, seat, h, p.life)
        self._auto_amber(p)  # R-AMBER-1: also a hero standing on a beach since the supply was empty
        self._enter_phase(0)

    def _enter_phase(self, phase: int) -> None:
        """Go to ``phase`` or the first later one with something to do (R-TURN-2)."""
        seat = self.seat
        p = self.players[seat]
        self.decider = seat
        while phase <= 6:
            self.phase = phase
            if phase == 0:
                if p.gode_at >= 0 and "gode" in self.rules:
                    self.step = Step.GODE
                    return
            elif phase == 1:
                self.hero_left = 2 if p.wisent else 1
                self.gode_left = 2 if "huginmunin" in p.epic else 1
                berserk = p.gode_at >= 0 and "berserker" in p.marker and "gode" in self.rules
                self.warrior_steps = 2 if berserk else 1  # R-GODE-3
                if p.hero_at >= 0 or p.gode_at >= 0 or any(self.wc[seat]):
                    self.step = Step.MOVE
                    return
            elif phase == 2:
                if self._start_combat_phase():
                    return
            elif phase == 3:
                if p.hero_at >= 0 and p.gode_at >= 0 and "heilen" in p.marker and "gode" in self.rules and (
                        p.gode_at == p.hero_at or self.island.adjacent(p.gode_at, p.hero_at)):
                    self._heal(p, 2, "heilen")  # R-GODE-3 Heilen
                # R-FAINT-2: a hero fainted in this turn's combat phase still earns silver
                if p.faint not in (X_TURN, WAITING) and self._silver_options():
                    self.step = Step.SILVER
                    return
            elif phase == 4:
                if p.hero_at >= 0 and self._action_legal():
                    self.step = Step.ACTION
                    return
            elif phase == 5:
                self._open_recruit()
                if self._recruit_legal():
                    self.step = Step.RECRUIT
                    return
            elif phase == 6:
                if self._haste_stop():
                    self.step = Step.HASTE
                    return
            phase += 1
        self._end_turn()

    def _end_turn(self) -> None:
        p = self.players[self.seat]
        if self._free_steps(p):
            self.step = Step.TURNEND
            self.decider = self.seat
            return
        self._finish_turn()

    def _finish_turn(self) -> None:
        """End of turn (turn-flow): lay a fainted hero, then the next seat."""
        p = self.players[self.seat]
        if p.faint in (X_TURN, WAITING):
            if self._lay_options(p):
                self.step = Step.LAY
                self.decider = self.seat
                self.phase = 7
                return
            if p.faint == X_TURN:
                p.faint = WAIT_NEXT  # R-FAINT-6: one more own turn
            else:
                self._go_out(p.seat, "faint")  # R-FAINT-6: neither farm nor beach
                if self.result is not None:
                    return
        self._next_turn()

    def _next_turn(self) -> None:
        """R-TURN-1: whole turns clockwise; a round ends when every seat has had one."""
        nxt = self.next_seat(self.seat)
        # a round ends when the turn comes back to the starting seat (or past it)
        n = len(self.players)
        start = self.start_seat
        passed = (nxt - start) % n <= (self.seat - start) % n
        if passed:
            self.round += 1
        self._begin_turn(nxt)

    def _lay_options(self, p: Player) -> list[int]:
        """R-FAINT-3/6: a free farm; in the waiting turn, failing that, a free beach."""
        seat = p.seat
        farms = [h for h in self.island.farms
                 if self.is_farm(h) and h not in self.lying and not self.enemy_at(h, seat)]
        if farms or p.faint != WAITING:
            return farms
        return [h for h in self.island.beaches if h not in self.lying and not self.enemy_at(h, seat)]

    def _do_lay(self, a: Action) -> None:
        h = a.a
        p = self.players[self.seat]
        p.lying_at = h
        self.lying[h] = p.seat
        p.faint = LYING
        self._emit(E.Laid, p.seat, h)
        self._next_turn()

    # ------------------------------------------------------------------ movement (phase 1)
    def _do_step(self, a: Action) -> None:
        self._move(a)
        if self.hooks.stepped is not None:
            self.hooks.stepped(self, a)  # type: ignore[arg-type]

    def _move(self, a: Action) -> None:
        """R-MOVE-1..4: a unit's step (or the Gode's haste step, R-GODE-5)."""
        seat = self.seat
        p = self.players[seat]
        src, dst = a.a, a.b
        stop = self.enemy_at(dst, seat)  # R-MOVE-3
        self._emit(E.Moved, seat, a.arg, src, dst, self.step == "haste")
        if a.arg == "H":
            p.hero_at = dst
            self.hero_prev = src  # R-MOVE-4: the retreat hex, one hex back
            self.hero_left = 0 if stop else self.hero_left - 1
            self._auto_amber(p)
        elif a.arg == "G":
            p.gode_at = dst
            if self.step == Step.HASTE:
                self.gode_hasted = True
                return
            self.gode_prev = src
            self.gode_left = 0 if stop else self.gode_left - 1
        else:
            wc = self.wc[seat]
            wc[src] -= 1
            wc[dst] += 1
            if a.c >= 0:
                for m in self.moved:
                    if m[0] == src and m[1] == a.c and m[2] > 0:
                        m[0], m[1], m[2] = dst, src, 0 if stop else m[2] - 1
                        break
            else:
                self.moved.append([dst, src, 0 if stop else self.warrior_steps - 1])

    def _auto_amber(self, p: Player) -> None:
        """R-AMBER-1: a hero without an amber on a beach with no enemy takes one."""
        h = p.hero_at
        if h >= 0 and not p.amber and self.island.beach[h] and self.amber_supply > 0 and p.seat == self.seat \
                and not self.enemy_at(h, p.seat):
            p.amber = True
            self.amber_supply -= 1
            self._emit(E.Took, p.seat, "amber", h, 1, True)

    # ------------------------------------------------------------------ free steps (R-TURN-3)
    def _do_free(self, a: Action) -> None:
        p = self.players[self.seat]
        h = p.hero_at
        if a.verb == "sell":  # R-AMBER-2
            p.amber = False
            self.amber_supply += 1
            p.taler += 5
            self._emit(E.Sold, p.seat, h, 5)
            if p.heart < p.spec.heart_sales and self._jorund_heart():
                p.heart += 1
        elif a.verb == "deliver":  # R-AMBER-3
            p.amber = False
            p.delivered += 1
            taler, supply = p.taler, p.supply
            self._on_deliver(p)
            self._emit(E.Delivered, p.seat, h, p.delivered, p.taler - taler, p.supply - supply)
            if p.delivered >= self.mode.goal_ambers:
                self._win(p.seat, "ambers")  # R-AMBER-4
        elif a.arg == "taler":
            self._emit(E.Took, p.seat, "taler", h, self.taler_at[h])
            p.taler += self.taler_at.pop(h)
        elif a.arg == "amber":
            self._take_from(self.amber_at, h)
            p.amber = True
            self._emit(E.Took, p.seat, "amber", h)
        elif a.arg == "crystal":  # R-CRYSTAL-1/2
            self._take_from(self.crystal_at, h)
            self._emit(E.Took, p.seat, "crystal", h)
            p.crystals += 1
            goal = self.mode.goal_crystals
            if goal and p.crystals >= goal:
                self._win(p.seat, "crystals")
            elif p.crystals == 2:
                self.pending.append((self.step, self.decider))
                self.step = Step.CRYSTAL

    def _jorund_heart(self) -> bool:
        """R-AMBER-2: whether this sale counts for Thors Blut."""
        if self.hooks.heart_counts is not None:
            return self.hooks.heart_counts(self)  # type: ignore[arg-type]
        return True

    def _on_deliver(self, p: Player) -> None:
        """R-AMBER-3: the delivery's reward."""
        if self.hooks.deliver is not None:
            self.hooks.deliver(self, p)  # type: ignore[arg-type]
            return
        p.taler += self.mode.delivery_taler
        if p.track:
            p.supply += p.track.pop(0)

    def _heal(self, p: Player, n: int, cause: str) -> None:
        before = p.life
        p.heal(n)
        if p.life != before:
            self._emit(E.Healed, p.seat, cause, before, p.life)

    @staticmethod
    def _take_from(where: dict[int, int], h: int) -> None:
        where[h] -= 1
        if not where[h]:
            del where[h]

    # ------------------------------------------------------------------ silver (phase 3)
    def _silver_options(self) -> list[tuple[str, int]]:
        """R-SILVER-1: terrains that pay, best first."""
        w = self.wc[self.seat]
        ter = self.island.terrain
        count = dict.fromkeys(TERRAINS, 0)
        for h in range(self.island.size):
            t = ter[h]
            if w[h] and t:
                count[t] += 1
        opts = [(t, c - 1) for t, c in count.items() if c >= 2]
        opts.sort(key=lambda x: -x[1])
        return opts

    def _do_silver(self, a: Action) -> None:
        terrain = a.arg
        gain = dict(self._silver_options())[terrain]
        self.players[self.seat].taler += gain
        self._emit(E.Silver, self.seat, terrain, gain)
        self._enter_phase(4)

    # ------------------------------------------------------------------ actions (phase 4)
    def _action_legal(self) -> list[Action]:
        """R-ACT-1: the action phase's decisions, from the verb table."""
        return self._table_legal(Step.ACTION)

    def action_offers(self, seat: int) -> list[Offer]:
        """The action menu of ``seat``'s hero (R-ACT-1): every decision of the
        verb table on offer on its field (its place, its rule in force), with
        its price and needs, and the refusal of the first guard that fails
        (None when it is legal). Refusals are given only to the seat that
        decides at an action step; the others see prices only."""
        st = cast("GameState", self)
        p = self.players[seat]
        if p.hero_at < 0:
            return []
        mine = self.current_player() == seat and self.step in (Step.ACTION, Step.POTION2)
        legal = set(self.legal_actions()) if mine else set()
        out = []
        for verb in self.verbs:
            if not verb.action or Step.ACTION not in verb.steps:
                continue
            for a in verb.offers(st, p):
                if not all(g.ok(st, p, a) for g in verb.guards if g.place):
                    continue
                ok = a in legal
                why = st.refusal(a, seat) if mine and not ok else None
                out.append(Offer(a, verb.cost(st, p, a), verb.needs, ok, why))
        return out

    def _do_action(self, a: Action) -> None:
        p = self.players[self.seat]
        v = a.verb
        verb = entry(a, self.verbs)
        assert verb is not None, a  # only the table's decisions come here
        price = verb.cost(cast("GameState", self), p, a)  # the price the verb table declares (R-ACT-1)
        p.taler -= price
        self.action_done = True
        nxt = 5
        if v == "met":
            self._emit(E.Bought, p.seat, "met", price)
            self._heal(p, 2, "met")
        elif v == "wisent":
            p.wisent = True
            self.wisent_left -= 1
            self._emit(E.Bought, p.seat, "wisent", price)
        elif v == "hammer":
            p.weapon = "hammer"
            self._emit(E.Bought, p.seat, "hammer", price)
        elif v == "helm":
            p.helm = True
            self.helm_free = False
            self._emit(E.Bought, p.seat, "helm", price)
        elif v == "buy":
            self.potion_supply[a.arg] -= 1
            self._emit(E.Bought, p.seat, "potion", price, "", a.arg, bool(a.vals))
            if a.vals:
                self._heal(p, 4, "heil")
                self.potion_supply["heil"] += 1
            else:
                p.potions.append((a.arg, p.spec.eile_uses if a.arg == "eile" else 1))
            self.bought += 1
            if self.bought < p.spec.potions_per_turn:
                self.step = Step.POTION2
                return
        elif v == "gamble":
            self._emit(E.Gambled, p.seat, a.arg, price)
            self._chance(("M",) if a.arg == "small" else ("M", "M"), "gamble")
            return
        elif v == "bath":
            self._heal(p, 4, "bath")
        elif v == "search":
            p.taler += 1
            self._emit(E.Searched, p.seat, 1)
        elif v == "rune":  # R-RUNE-1/2
            p.amber = False
            self.rune = [p.seat, p.hero_at, 4]
            self._emit(E.RuneRaised, p.seat, p.hero_at)
            self.gifts = sum(1 for q in self.players if not q.out and q.seat != p.seat)
            if self._gift_legal():
                self.step = Step.GIFT
                return
            self.gifts = 0
        elif v == "epic":
            self._buy_epic(p, a.arg)
        self._enter_phase(nxt)

    def _gamble_paid(self, vals: tuple[int, ...]) -> None:
        self.players[self.seat].taler += sum(vals)
        self._emit(E.GambleWon, self.seat, sum(vals))
        self.decider = self.seat
        self._enter_phase(5)

    def _buy_epic(self, p: Player, card: str) -> None:
        self.epic_free.discard(card)
        self._emit(E.Bought, p.seat, "epic", EPIC_PRICE[card], card)
        p.epic = (*p.epic, card)
        if card == "rundschild" and p.weapon == "hammer":
            p.weapon = "axe"  # §17: flips back, no refund
        elif card == "mjolnir":
            p.weapon = "mjolnir"
        elif card == "huginmunin" and "+" not in p.marker:
            other = next(x for x in GODE_ABILITIES if x != p.marker)
            p.marker = "+".join(sorted((p.marker, other), key=GODE_ABILITIES.index))

    def _gift_legal(self) -> list[Action]:
        """R-RUNE-2: a gift to take, or a potion to put back for one."""
        return self._table_legal(Step.GIFT)

    def _do_gift(self, a: Action) -> None:
        kind = a.arg
        p = self.players[self.seat]
        self.potion_supply[kind] -= 1
        p.potions.append((kind, p.spec.eile_uses if kind == "eile" else 1))
        self._emit(E.Gift, p.seat, kind)
        self.gifts -= 1
        if not self.gifts:
            self._enter_phase(5)

    # ------------------------------------------------------------------ recruit (phase 5)
    def _open_recruit(self) -> None:
        """R-RECRUIT-1: one piece per own figure standing when phase 5 begins."""
        seat = self.seat
        p = self.players[seat]
        middle = self.island.middle
        cap: dict[int, int] = {}
        for h, n in enumerate(self.wc[seat]):
            if n and h not in middle:
                cap[h] = n
        for h in (p.hero_at, p.gode_at):
            if h >= 0 and h not in middle:
                cap[h] = cap.get(h, 0) + 1
        self.recruit_cap = cap

    def _recruit_legal(self) -> list[Action]:
        return self._table_legal(Step.RECRUIT)

    def _do_recruit(self, a: Action) -> None:
        p = self.players[self.seat]
        self.recruit_cap[a.a] -= 1
        price = RECRUIT_PRICE[a.arg]
        p.taler -= price
        if a.arg == "W":
            p.supply -= 1
            self.wc[p.seat][a.a] += 1
        else:
            p.gode_at = a.a
        self._emit(E.Recruited, p.seat, a.arg, a.a, price)
        if not self._recruit_legal():
            self._enter_phase(6)

    # ------------------------------------------------------------------ haste (phase 6)
    def _haste_stop(self) -> bool:
        """Whether the turn stops at the haste phase. R-SECRET-1 / decision 33:
        it stops for every hero on the board whose owner holds any potion (the
        count is public, the kinds are not), so stopping there betrays no
        Eiletrank; a Gode with Hugin & Munin (public) stops it too. Games of
        record flow 1 (``old_haste``) stopped only for a holder of an Eiletrank."""
        p = self.players[self.seat]
        if not self.old_haste and "haste" in self.rules and p.hero_at >= 0 and p.potions:
            return True
        return bool(self._haste_legal())

    def _haste_legal(self) -> list[Action]:
        """R-POT-7 the hero's haste step, R-GODE-5 the Gode's."""
        return self._table_legal(Step.HASTE)

    def _do_haste(self, a: Action) -> None:
        p = self.players[self.seat]
        kind, uses = p.remove_potion("eile")
        if uses > 1:
            p.potions.append((kind, uses - 1))
        else:
            self.potion_supply["eile"] += 1
        self.haste_used = True
        self._emit(E.Drank, p.seat, "eile")
        self._emit(E.Moved, p.seat, "H", a.a, a.b, True)
        p.hero_at = a.b
        self._auto_amber(p)
        self.step = Step.AFTERHASTE

    # ------------------------------------------------------------------ leaving the game
    def _resign(self, seat: int) -> None:
        """R-RESIGN-1 (checked by ``refusal``)."""
        # a runestone felled earlier in this combat phase still takes its owner out (R-RUNE-4)
        pending = [q for q in self.to_go_out if q != seat]
        self.to_go_out = []
        self._go_out(seat, "resign")
        for q in pending:
            if self.result is None:
                self._go_out(q)
        if self.result is None:
            self._next_turn()

    def _go_out(self, seat: int, reason: str = "rune") -> None:
        """R-OUT-1 (``reason``: resign, faint, rune — for the event)."""
        p = self.players[seat]
        if p.out:
            return
        p.out = True
        self._emit(E.WentOut, seat, reason)
        w = self.wc[seat]
        for h in range(len(w)):
            w[h] = 0
        p.hero_at = p.gode_at = -1
        if p.lying_at >= 0:
            self.lying.pop(p.lying_at, None)
            p.lying_at = -1
        if self.rune and self.rune[0] == seat:
            h = self.rune[1]
            self.amber_at[h] = self.amber_at.get(h, 0) + 1  # R-RUNE-4: the amber stays
            self.rune = None
        for kind, _ in p.potions:
            self.potion_supply[kind] += 1
        p.potions = []
        if p.helm:
            p.helm = False
            self.helm_free = True
        if p.wisent:
            p.wisent = False
            self.wisent_left += 1
        p.taler = 0
        if p.amber:
            p.amber = False
            self.amber_supply += 1
        left = self.active_seats()
        if len(left) == 1:
            self._win(left[0], "last-standing")

    # ------------------------------------------------------------------ explanations
    def _why_illegal(self, a: Action) -> IllegalActionError:
        """Say which rule forbids ``a`` here (the slow path of apply_action):
        the first guard of the verb table that refuses it."""
        st = cast("GameState", self)
        if self.hooks.why is not None:
            err = self.hooks.why(st, a)
            if err is not None:
                return err
        return refuse(st, a)

    def step_name(self) -> str:
        return self.step

    def phase_name(self) -> str:
        if self.hooks.phase_name is not None:
            name = self.hooks.phase_name(self)  # type: ignore[arg-type]
            if name is not None:
                return name
        return PHASE_NAMES.get(self.phase, "setup" if self.step == Step.BEACH else "end of turn")

    def phase_key(self) -> str:
        """The moment of the turn as a message key (``why.phase.<key>``)."""
        name = self.phase_name()
        return {"Gode": "gode", "end of turn": "end"}.get(name, name)


def label(h: int) -> str:
    return hexlabel(h)
