"""The effect primitives of campaign cards and the small machine that runs them.

A card's effects go onto ``st.queue`` as ``(reader, effect, card id)`` and run
in order. An effect that needs a player's decision (a choice, "any" potion, the
second crystal's bonus) stops the queue: the state's step becomes ``card`` and
the seat decides with ``choose ID``; then the queue runs on. When it is empty
the game goes on where it was (``st.resume``): back to the step a delivery or a
used card interrupted, or on to the next turn after a time card.

Each primitive is documented in docs/scenarios.md.
"""

from __future__ import annotations

from dataclasses import replace

from ..engine import dice
from ..engine import events as E
from ..engine.steps import Step
from ..engine.actions import GODE_ABILITIES
from ..engine.state import TERMINAL, Outcome
from .chapter import Effect, Option, Where

RIFT_TILES = ("kobold", "kobold", "silber", "silber", "quelle", "quelle")
RIFT_COUNTER = 300  # setup-range chance counter for rift placement (below 1000, R-DICE-2)
POTION_NAMES = {
    "heil": {"de": "Heiltrank", "en": "Healing potion"},
    "kraft": {"de": "Krafttrank", "en": "Strength potion"},
    "eile": {"de": "Eiletrank", "en": "Haste potion"},
    "schutz": {"de": "Schutztrank", "en": "Protection potion"},
}
CRYSTAL_OPTIONS = (
    Option("die", {"de": "Zweiter Kristall: ein schwarzer Würfel", "en": "Second crystal: a black die"}, 0,
           (Effect("_cbonus", kind="S"),)),
    Option("shield", {"de": "Zweiter Kristall: ein Schutzpunkt", "en": "Second crystal: a protection point"}, 0,
           (Effect("_cbonus", kind="P"),)),
)


class Waiting:
    """A decision a card asks for: ``seat`` picks one of ``options``."""

    __slots__ = ("seat", "card", "options")

    def __init__(self, seat: int, card: str, options: tuple[Option, ...]):
        self.seat = seat
        self.card = card
        self.options = options

    def available(self, st) -> list[Option]:
        taler = st.players[self.seat].taler
        return [o for o in self.options if o.cost <= taler]


# --------------------------------------------------------------------------- running


def run(st, card_id: str, effects: tuple[Effect, ...], reader: int | None, resume: tuple | None) -> None:
    """Queue ``effects`` of ``card_id`` for ``reader`` and run them; then ``resume``."""
    st.queue[0:0] = [(reader, e, card_id) for e in effects]
    if resume is not None:
        st.resume = resume
    drain(st)


def drain(st) -> None:
    while st.queue:
        if st.result is not None and not st.reading_finale:
            st.queue.clear()
            break
        reader, e, cid = st.queue.pop(0)
        if execute(st, reader, e, cid):
            st.step = Step.CARD
            st.decider = st.waiting.seat
            return
    resume, st.resume = st.resume, None
    if st.result is not None or resume is None:
        return
    if resume[0] == "begin":
        st._begin_turn(resume[1])
    else:  # "return": back to the step the card interrupted
        st.step, st.decider = resume[1], resume[2]


def choose(st, option_id: str) -> None:
    w = st.waiting
    opt = next(o for o in w.available(st) if o.id == option_id)
    st.waiting = None
    secret = option_id in POTION_NAMES  # R-SECRET-1: which potion stays its taker's
    st._emit(E.Chose, w.seat, w.card, "potion" if secret else option_id, option_id if secret else None)
    st.players[w.seat].taler -= opt.cost
    st.queue[0:0] = [(w.seat, e, w.card) for e in opt.effects]
    drain(st)


def targets(st, to: str, reader: int | None) -> list[int]:
    """The seats an effect is for, in turn order from the start seat."""
    order = turn_order(st)
    if to == "reader":
        return [reader] if reader is not None and reader in order else []
    if to == "all":
        return order
    if to == "behind":  # fewest ambers delivered; ties go to the earlier seat in turn order
        return [min(order, key=lambda q: st.players[q].delivered)] if order else []
    hero = to.removeprefix("hero:")
    return [q for q in order if st.players[q].hero == hero]


def turn_order(st) -> list[int]:
    n = len(st.players)
    return [q for q in ((st.start_seat + i) % n for i in range(n)) if not st.players[q].out]


# --------------------------------------------------------------------------- primitives


def execute(st, reader: int | None, e: Effect, cid: str) -> bool:
    """Apply one effect; True when it waits for a decision (``st.waiting``)."""
    do = e.do
    if do in ("story",):
        return False
    if do in _GLOBAL:
        _GLOBAL[do](st, e)
        return False
    seats = targets(st, e.to, reader)
    if e.to != "reader":
        # one task per seat, each with that seat as its reader (and chooser)
        st.queue[0:0] = [(q, replace(e, to="reader"), cid) for q in seats]
        return False
    if not seats:
        return False
    q = seats[0]
    if do == "choice" or (do == "potion" and e.kind == "any"):
        return _decide(st, q, e, cid)
    later: list = []
    wait = _PER_SEAT[do](st, q, e, cid, later)
    st.queue[0:0] = later
    return wait


def _decide(st, q: int, e: Effect, cid: str) -> bool:
    if e.do == "choice":
        options = e.options
    else:
        p = st.players[q]
        if len(p.potions) >= 3:
            return False  # no room: the potion lapses (docs/scenarios.md)
        options = tuple(Option(k, POTION_NAMES[k], 0, (Effect("potion", kind=k),))
                        for k in POTION_NAMES if st.potion_supply[k] > 0)
        if not options:
            return False
    st.waiting = Waiting(q, cid, options)
    return True


def _taler(st, q, e, cid, later) -> bool:
    p = st.players[q]
    before = p.taler
    p.taler = max(0, p.taler + e.n)
    st._emit(E.TalerChanged, q, p.taler - before)
    return False


def _warriors(st, q, e, cid, later) -> bool:
    p = st.players[q]
    in_box = 10 - p.supply - sum(st.wc[q]) - sum(p.track)  # ten warriors of a colour
    p.supply += max(0, min(e.n, in_box))
    return False


def _potion(st, q, e, cid, later) -> bool:
    p = st.players[q]
    if st.potion_supply[e.kind] > 0 and len(p.potions) < 3:
        st.potion_supply[e.kind] -= 1
        p.potions.append((e.kind, p.spec.eile_uses if e.kind == "eile" else 1))
        st._emit(E.PotionGiven, q, e.kind)
    return False


def _heal(st, q, e, cid, later) -> bool:
    p = st.players[q]
    if p.hero_at >= 0:  # a fainted hero is not healed by a card
        st._heal(p, p.max_life if e.full else e.n, "card")
    return False


def _card(st, q, e, cid, later) -> bool:
    got = st.give_card(q, e.card)
    if got is None:
        later.extend((q, x, cid) for x in e.instead)
    else:
        later.extend((q, x, got) for x in st.chapter.cards[got].effects)
    return False


def _epic(st, q, e, cid, later) -> bool:
    item = e.item
    if any(item in p.epic for p in st.players):
        later.extend((q, x, cid) for x in e.instead)
        return False
    p = st.players[q]
    st.epic_free.discard(item)
    p.epic = (*p.epic, item)
    if item == "rundschild" and p.weapon == "hammer":
        p.weapon = "axe"  # §17
    elif item == "mjolnir":
        p.weapon = "mjolnir"
    elif item == "huginmunin" and "+" not in p.marker:
        other = next(x for x in GODE_ABILITIES if x != p.marker)
        p.marker = "+".join(sorted((p.marker, other), key=GODE_ABILITIES.index))
    return False


def _remove(st, q, e, cid, later) -> bool:
    p = st.players[q]
    w = st.wc[q]
    for h in range(st.island.size):
        if not matches(st, h, e.where):
            continue
        if e.units in ("warriors", "both") and w[h]:
            k = w[h] if not e.count else min(e.count, w[h])
            w[h] -= k
            st._emit(E.WarriorsPlaced, q, h, -k)
            p.supply += k
            if q == st.seat:  # keep this turn's movement bookkeeping true
                st.moved = [m for m in st.moved if m[0] != h] + [m for m in st.moved if m[0] == h][: w[h]]
        if e.units in ("gode", "both") and p.gode_at == h:
            p.gode_at = -1
            st._emit(E.GodeRemoved, q, h)
    return False


def _crystal(st, q, e, cid, later) -> bool:
    p = st.players[q]
    p.crystals += 1
    goal = st.mode.goal_crystals
    if goal and p.crystals >= goal:
        st._win(q, "crystals")
        return False
    if p.crystals == 2 and not p.cbonus:
        st.waiting = Waiting(q, cid, CRYSTAL_OPTIONS)
        return True
    return False


def _cbonus(st, q, e, cid, later) -> bool:
    st.players[q].cbonus = e.kind
    return False


def _gode(st, q, e, cid, later) -> bool:
    p = st.players[q]
    if p.gode_at < 0 and p.hero_at >= 0:
        p.gode_at = p.hero_at
        st._emit(E.GodePlaced, q, p.hero_at)
        p.marker = e.marker
    return False


_PER_SEAT = {"taler": _taler, "warriors": _warriors, "potion": _potion, "heal": _heal, "card": _card,
             "epic": _epic, "remove": _remove, "crystal": _crystal, "_cbonus": _cbonus, "gode": _gode}


# --------------------------------------------------------------------------- effects on the whole game


def _enable(st, e: Effect) -> None:
    st.rules.add(e.rule)
    if e.rule == "buy_amber":
        st.amber_price = e.price
    if e.rule == "epic":
        st.epic_free.update(i for i in e.items if not any(i in p.epic for p in st.players))


def _disable(st, e: Effect) -> None:
    st.rules.discard(e.rule)


def _rifts(st, e: Effect) -> None:
    if not st.rifts:
        st.rifts.update(rift_placement(st.chapter, st.island, st.seed))
        st.shuffles["rifts"] = [f"{st.island.label(h)} {k}" for h, k in sorted(st.rifts.items())]


def _trolls(st, e: Effect) -> None:
    """A troll and a crystal on every peak; a peak where units stand gets them
    once it is empty (checked at the start of every turn)."""
    for h in st.island.peaks:
        if st.troll[h] or h in st.troll_wait:
            continue
        if any(st.units_of(q, h) for q in range(len(st.players))):
            st.troll_wait.append(h)
        else:
            st.troll[h] = True
            st.crystal_at[h] = st.crystal_at.get(h, 0) + 1
            st._emit(E.TrollAppeared, h)


def _goal(st, e: Effect) -> None:
    ch = {}
    if e.ambers:
        ch["goal_ambers"] = e.ambers
    if e.crystals:
        ch["goal_crystals"] = e.crystals
    st.mode = replace(st.mode, **ch)
    for q in turn_order(st):  # a goal already met wins at once (R-WIN-1)
        p = st.players[q]
        if e.crystals and p.crystals >= e.crystals:
            st._win(q, "crystals")
        elif e.ambers and p.delivered >= e.ambers:
            st._win(q, "ambers")


def _darkness(st, e: Effect) -> None:
    """R-CAMP-2: the last space ends the chapter; with no winner it is a draw."""
    if st.result is None:
        st.result = Outcome(None, "draw")
        st.step = Step.OVER
        st.decider = TERMINAL


_GLOBAL = {"enable": _enable, "disable": _disable, "rifts": _rifts, "trolls": _trolls, "goal": _goal,
           "darkness": _darkness}


# --------------------------------------------------------------------------- helpers


def matches(st, h: int, where: Where) -> bool:
    isl = st.island
    if where.terrain and isl.terrain[h] not in where.terrain:
        return False
    if not where.level_min <= isl.level[h] <= where.level_max:
        return False
    if where.kind:
        kinds = {
            "farm": st.is_farm(h), "well": isl.well[h] and h not in st.rifts, "rift": h in st.rifts,
            "peak": isl.kind[h] == "peak", "beach": isl.beach[h], "landscape": isl.kind[h] == "landscape",
            "market": isl.kind[h] == "market", "sanctuary": isl.kind[h] == "sanctuary",
        }
        if not any(kinds[k] for k in where.kind):
            return False
    return True


def rift_placement(chapter, island, seed: int) -> dict[int, str]:
    """R-ISLE-9 / decision 22: the file's table, or the six tiles shuffled by seed."""
    if isinstance(chapter.rifts, dict):
        return {island.index(lab): kind for lab, kind in chapter.rifts.items()}
    order = dice.shuffle(list(RIFT_TILES), seed, RIFT_COUNTER)
    return dict(zip(island.well_farms, order))
