"""A campaign chapter (docs/rules.md §18): the game state plus time track, decks
and cards.

:class:`CampaignState` is a :class:`~thorskliff.engine.state.GameState` that
overrides none of the engine's methods: it registers hooks
(:data:`CAMPAIGN_HOOKS`, engine/hooks.py): a delivery draws the next
sanctuary card (R-CAMP-3), a new round moves the time marker and reads its
card (R-CAMP-2), a win reads the winner's cards; heroes' abilities come from
the ability cards they hold, and the decisions ``choose``, ``use`` and
``buy amber`` join the engine's (docs/scenarios.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, cast

from ..engine import dice
from ..engine import events as E
from ..engine.actions import Action, IllegalActionError, fmt, hexlabel
from ..island import island_for
from ..engine.steps import OPEN_STEPS, Step
from ..engine.turn_verbs import STEP
from ..engine.guards import Fixed, never
from ..engine.messages import SetupError
from ..engine.hooks import Hooks
from ..engine.verbs import ONCE, TABLE, Guard, Verb
from ..scenario import HeroSpec, ModeSpec, load_heroes
from ..engine.state import GameState, SeatSpec
from . import effects
from .chapter import Chapter, Effect, lang_text, load_chapter
from .notation import BUY_AMBER, parse

SHUFFLE_COUNTER = 100  # setup-range chance counters for the deck shuffles (below 1000, R-DICE-2)


#: ``buy amber`` (R-CAMP-5): an action of phase 4 at the market once a card
#: has put ambers on sale, at the chapter's price
def _played(st: GameState) -> CampaignState:
    """The chapter's state behind a guard's GameState (its verbs are a chapter's only)."""
    return cast(CampaignState, st)


AMBER_RULE = Guard("R-CAMP-5", "amber_rule", lambda st, p, a: "buy_amber" in st.rules, place=True)
AMBER_VERB = Verb("amber", "buy", "R-CAMP-5", frozenset({Step.ACTION}), Fixed((BUY_AMBER,)), (
    AMBER_RULE,
    Guard("R-ACT-1", "amber_market", lambda st, p, a: p.hero_at in st.island.markets, place=True),
    ONCE,
    Guard("R-UNIT-2", "amber_one", lambda st, p, a: not p.amber),
    Guard("R-AMBER-7", "amber_supply", lambda st, p, a: st.amber_supply > 0),
    Guard("R-ACT-1", "amber_cost", lambda st, p, a: p.taler >= _played(st).amber_price,
          params=lambda st, p, a: {"price": _played(st).amber_price})),
    cost=lambda st, p, a: _played(st).amber_price, accepts=lambda a: a == BUY_AMBER,
    # not in force first (R-CAMP-5), then not now (phase 4)
    elsewhere=(AMBER_RULE, Guard("R-ACT-1", "amber_phase", never)), apply="_buy_amber")


def _sail_offers(st: Any, p: Any) -> list[Action]:
    h = p.hero_at
    return [Action("step", h, b, -1, "H") for b in st.island.beaches if b != h] if h >= 0 else []


#: Leifs Seekarte (R-CAMP-4, a card's power): from a beach, the hero's whole
#: movement to any other beach; a step of phase 1 beside the base game's
SAIL_VERB = Verb("sail", "step", "R-CAMP-4", frozenset({Step.MOVE}), _sail_offers, (
    Guard("R-CAMP-4", "no_sail", lambda st, p, a: _played(st)._can_sail(p), place=True),
    Guard("R-CAMP-4", "no_sail", lambda st, p, a: a.arg == "H" and a.a == p.hero_at
          and st.island.beach[a.b] and a.b != a.a, given=True),
    Guard("R-FAINT-4", "fainted_lies", lambda st, p, a: st.lying.get(a.b, p.seat) == p.seat,
          params=lambda st, p, a: {"hex": hexlabel(a.b)})),
    elsewhere=STEP.elsewhere, apply="_do_step")


def effect_view(e: Effect) -> dict[str, Any]:
    """An effect as plain data (a bot weighs a card's options by it)."""
    return {"do": e.do, "to": e.to, "n": e.n, "full": e.full, "kind": e.kind, "card": e.card, "item": e.item}


def _own(make: Callable[[Any], Any], copy: Callable[[Any], Any] | None = None) -> Any:
    """A chapter's own field: ``make(state)`` when a chapter's state is set
    up; ``copy`` how a copy of the state copies it (None: shared, as it
    never changes or is replaced whole)."""
    return field(metadata={"make": make, "copy": copy})


def _nested(v: list[list[str]]) -> list[list[str]]:
    return [list(x) for x in v]


@dataclass(init=False, eq=False, repr=False)
class CampaignFields:
    """A chapter's fields beside the game's (engine/fields.py), declared once:
    setting up a state (``Hooks.init``) and copying it (``Hooks.copy``)
    iterate them."""

    chapter: Chapter | None = _own(lambda st: None)

    @property
    def played_chapter(self) -> Chapter:
        """The chapter being played (``chapter`` is None only while one is set up)."""
        ch = self.chapter
        if ch is None:
            raise RuntimeError("no chapter is set up yet")
        return ch
    short: bool = _own(lambda st: False)
    time_round: int = _own(lambda st: 0)  # the time marker's round (R-CAMP-2)
    time_cards: dict[int, str] = _own(lambda st: {})
    sanctuary_left: list[str] = _own(lambda st: [], list)
    special_left: list[str] = _own(lambda st: [], list)
    held: list[list[str]] = _own(lambda st: [[] for _ in st.players], _nested)
    spent: list[list[str]] = _own(lambda st: [[] for _ in st.players], _nested)
    base_specs: list[HeroSpec] = _own(lambda st: [p.spec for p in st.players], list)
    queue: list = _own(lambda st: [], list)
    waiting: effects.Waiting | None = _own(lambda st: None)
    resume: tuple | None = _own(lambda st: None)
    reading_finale: bool = _own(lambda st: False)
    #: every card read, gained or used: (card id, seat or None, round, how)
    card_log: list[tuple[str, int | None, int, str]] = _own(lambda st: [], list)
    troll_wait: list[int] = _own(lambda st: [], list)
    amber_price: int = _own(lambda st: 0)
    shuffles: dict[str, list[str]] = _own(lambda st: {})
    #: every decision and roll applied, in notation: with the seed it replays the chapter
    history: list[str] = _own(lambda st: [], list)


_MAKE = tuple((f.name, f.metadata["make"]) for f in fields(CampaignFields))
_COPIES = tuple((f.name, f.metadata["copy"]) for f in fields(CampaignFields) if f.metadata["copy"])


def _init_fields(st: Any) -> None:
    """A new chapter's own fields, after the engine's (Hooks.init)."""
    for name, make in _MAKE:
        setattr(st, name, make(st))


def _copy_fields(c: Any, st: Any) -> None:
    """A copy's own mutable fields (Hooks.copy; the engine copied the rest)."""
    d = c.__dict__
    for name, copy in _COPIES:
        d[name] = copy(d[name])


# ------------------------------------------------------------------ the campaign's hooks (engine/hooks.py)


def _turn_begins(st: Any, seat: int) -> bool:
    """R-CAMP-2: a round ended: the time marker moves on and its card is read
    first (the turn begins after it); trolls wake, cards act each turn."""
    if st.round > st.time_round:
        st.time_round = st.round
        cid = st.time_cards.get(st.round)
        if cid:
            st.read_card(cid, None, ("begin", seat), "time")
            return True
    st._wake_trolls()
    for cid in list(st.held[seat]):
        each = st.chapter.cards[cid].each_turn
        if each:
            effects.run(st, cid, each, seat, None)
    return False


def _delivered(st: Any, p: Any) -> None:
    """R-CAMP-3: the next sanctuary card instead of Taler and warriors; the
    winning delivery draws none."""
    if p.delivered >= st.mode.goal_ambers or not st.sanctuary_left:
        return
    cid = st.sanctuary_left.pop(0)
    st.read_card(cid, p.seat, ("return", st.step, st.decider), "sanctuary")


def _won(st: Any, seat: int) -> None:
    """R-CAMP-3: the winner reads Z.1–Z.3."""
    if st.chapter is None:
        return
    saved = st.queue, st.resume
    st.queue, st.resume = [], None
    st.reading_finale = True
    for cid in st.chapter.finale():
        st.read_card(cid, seat, None, "finale")
    st.reading_finale = False
    st.queue, st.resume = saved


def _stepped(st: Any, a: Action) -> None:
    """R-CAMP-4: sailing (a hero's step to no neighbour) ends its movement."""
    if a.arg == "H" and a.b not in st.island.neighbours[a.a]:
        st.hero_left = 0


def _card_choices(st: Any) -> list[Action] | None:
    """R-CAMP-2: a card asks a seat: its options are the decisions."""
    if st.step == Step.CARD:
        return [Action("choose", arg=o.id) for o in st.waiting.available(st)]
    return None


def _usable(st: Any, out: list[Action]) -> None:
    """R-CAMP-4: the cards the seat on turn may use at its open steps."""
    if st.step in OPEN_STEPS and st.decider == st.seat:
        out.extend(Action("use", arg=c) for c in st.usable(st.seat))


def _apply_card(st: Any, a: Action) -> bool:
    """A card's option chosen, or a card used."""
    if a.verb == "choose":
        effects.choose(st, a.arg)
        return True
    if a.verb == "use":
        q = st.seat
        st.held[q].remove(a.arg)
        st.spent[q].append(a.arg)
        st.refresh_spec(q)
        st.card_log.append((a.arg, q, st.round, "use"))
        st._emit(E.CardRead, a.arg, q, "use")
        effects.run(st, a.arg, st.chapter.cards[a.arg].use, q, ("return", st.step, st.decider))
        return True
    return False


def _card_first(st: Any, a: Action) -> IllegalActionError | None:
    """R-CAMP-2: nobody resigns while a card asks."""
    if a.verb == "resign" and st.step == Step.CARD:
        return IllegalActionError("R-CAMP-2", "card_first")
    return None


def _why_not(st: Any, a: Action) -> IllegalActionError | None:
    """Why a card's decision is refused (the table's guards say the rest)."""
    if st.step == Step.CARD:
        opts = ", ".join(f"choose {o.id}" for o in st.waiting.available(st))
        return IllegalActionError("R-CAMP-2", "card_asks", {"seat": st.decider + 1, "options": opts})
    if a.verb == "choose":
        return IllegalActionError("R-CAMP-2", "no_card_asks")
    if a.verb == "use":
        if a.arg not in st.held[st.decider]:
            return IllegalActionError("R-CAMP-4", "no_card_held", {"seat": st.decider + 1, "card": a.arg})
        return IllegalActionError("R-CAMP-4", "card_when")
    return None


def _written(st: Any, a: Action) -> None:
    """Every decision and roll, in notation: with the seed it replays the chapter."""
    st.history.append(fmt(a))


def _campaign_view(st: Any, obs: dict[str, Any]) -> None:
    obs["campaign"] = st.campaign_view()


#: what the campaign changes in the engine, registered with its state class
CAMPAIGN_HOOKS = Hooks(
    init=_init_fields, copy=_copy_fields, view=_campaign_view,
    phase_name=lambda st: "card" if st.step == Step.CARD else None,
    begin_turn=_turn_begins, deliver=_delivered,
    heart_counts=lambda st: st.players[st.seat].spec.heart_sales > 0,  # Thors Blut only with its card
    won=_won, stepped=_stepped, decisions=_card_choices, more=_usable, apply=_apply_card,
    refusal=_card_first, why=_why_not, applied=_written)


class CampaignState(GameState, CampaignFields):
    #: the base game's verb table and the chapter's own verb
    verbs = (*TABLE, AMBER_VERB, SAIL_VERB)
    #: the notation with ``choose``, ``use`` and ``buy amber``
    parse_action = staticmethod(parse)
    #: the turn's events, the card decisions and the chapter's own fields (engine/hooks.py)
    hooks = CAMPAIGN_HOOKS

    """One chapter in play. Create with :meth:`new_chapter`."""

    # ------------------------------------------------------------------ creation
    @classmethod
    def new_chapter(cls, group: Any, chapter: Chapter | str | int | os.PathLike[str], seed: int, short: bool = False,
                    start: int = 0, carried: dict[int, list[str]] | None = None,
                    sink: list | None = None) -> CampaignState:
        """Set up a chapter (R-CAMP-1) for ``group`` (a :class:`~.group.Group`
        or a list of ``(name, hero, colour)``); ``start`` is the seat holding
        the start tile. Carried cards come from the group unless given.
        ``sink`` receives what the engine says while the chapter opens (the
        card of spring read, the first turn begun): the game's opening."""
        ch = chapter if isinstance(chapter, Chapter) else load_chapter(chapter)
        if hasattr(group, "seats"):
            seats = [SeatSpec(*s) for s in group.seats()]
            carried = group.carried if carried is None else carried
        else:
            seats = [SeatSpec(*s) for s in group]
        n = len(seats)
        lo, hi = ch.players
        if not lo <= n <= hi:
            raise SetupError("chapter_players", {"chapter": ch.number, "low": lo, "high": hi, "n": n})
        if short and not ch.short_ambers:
            raise SetupError("chapter_short", {"chapter": ch.number})
        if not 0 <= start < n:
            raise SetupError("start_tile", {"n": n})
        mode = ModeSpec(
            id=f"campaign{ch.number}", name=ch.title, players=ch.players, layout="full",
            arrangement=ch.arrangement, rifts="none", trolls=False, rules=ch.rules,
            goal_ambers=ch.short_ambers if short else ch.goal_ambers, goal_crystals=ch.goal_crystals,
            delivery_taler=0, delivery_warriors=(), start_taler=ch.taler, start_supply=ch.warriors,
            start_amber=True, source=ch.file)
        rifts = effects.rift_placement(ch, island_for(ch.arrangement), seed) if ch.rifts_at_start else {}
        st = cls.new(mode, seats, seed, arrangement=ch.arrangement, rifts=rifts, first=start)
        if sink is None:
            st._setup_chapter(ch, short, start, carried or {})
            return st
        st.sink = sink
        try:
            st._setup_chapter(ch, short, start, carried or {})
        finally:
            del st.sink  # back to the class's None: copies of the state never write here
        return st

    def _setup_chapter(self, ch: Chapter, short: bool, start: int, carried: dict[int, list[str]]) -> None:
        self.chapter = ch
        self.short = short
        self.start_seat = start
        self.rules = set(ch.rules)
        self.epic_free = set()
        self.time_cards = ch.time_cards()
        if self.rifts:
            self.shuffles["rifts"] = [f"{self.island.label(h)} {k}" for h, k in sorted(self.rifts.items())]
        self._deal_sanctuary(ch)
        self.special_left = list(ch.special)
        heroes = load_heroes()
        n = len(self.players)
        for k in range(n):
            q = (start + k) % n
            p = self.players[q]
            self.base_specs[q] = heroes[p.hero]
            cards = list(ch.setup_cards.get(p.hero, ()))
            cards += [c for c in carried.get(q, ()) if c in ch.carry and c not in cards]
            for c in cards:
                if c in self.special_left:
                    self.special_left.remove(c)
                self.held[q].append(c)
                self.card_log.append((c, q, 0, "setup"))
            self.refresh_spec(q)
            p.life = p.max_life
            p.taler = ch.hero_taler.get(p.hero, ch.taler)
            sector = ch.arrangement.index(ch.beaches[k]) + 1
            p.hero_at = self.island.index(f"{sector}c3")  # R-ISLE-11: start beaches in seat order
            if ch.gode:
                p.gode_at = p.hero_at  # R-CAMP-5 / decision 15: chapter 3's Gode starts beside its hero
        self.round = 1
        self.time_round = 1
        self.step = Step.SETUP
        self.decider = start
        first = self.time_cards.get(1)
        if first:  # R-CAMP-2: the card of spring is read before the first turn
            self.read_card(first, None, ("begin", start), "time")
        else:
            self._begin_turn(start)

    def _deal_sanctuary(self, ch: Chapter) -> None:
        order: list[str] = []
        counter = SHUFFLE_COUNTER
        for i, item in enumerate(ch.sanctuary):
            if isinstance(item, str):
                if not ch.cards[item].finale:
                    order.append(item)
            else:
                mixed = dice.shuffle(list(item), self.seed, counter)
                counter += len(item) + 1
                self.shuffles[f"sanctuary[{i}]"] = mixed
                order.extend(mixed)
        self.sanctuary_left = order

    # ------------------------------------------------------------------ cards
    def read_card(self, cid: str, reader: int | None, resume: tuple | None, how: str) -> None:
        self.card_log.append((cid, reader, self.round, how))
        self._emit(E.CardRead, cid, reader, how)
        effects.run(self, cid, self.played_chapter.cards[cid].effects, reader, resume)

    def give_card(self, q: int, cid: str) -> str | None:
        """A special card from the deck to seat ``q`` ("top": the top card);
        None when it is not in the deck any more (R-CAMP-4: each exists once)."""
        if cid == "top":
            if not self.special_left:
                return None
            cid = self.special_left.pop(0)
        elif cid in self.special_left:
            self.special_left.remove(cid)
        else:
            return None
        self.held[q].append(cid)
        self.card_log.append((cid, q, self.round, "special"))
        self._emit(E.CardRead, cid, q, "special")
        self.refresh_spec(q)
        return cid

    def grant(self, q: int, cid: str) -> None:
        """Give seat ``q`` a special card as a card effect would: its own effects run."""
        effects.run(self, cid, (Effect("card", card=cid),), q, ("return", self.step, self.decider))
        self._legal = None
        self._own = None

    def refresh_spec(self, q: int) -> None:
        """A hero's abilities are those of its ability cards (chapters 1–2) or
        all printed ones (chapter 3), plus what held cards modify."""
        base = self.base_specs[q]
        cards = [self.played_chapter.cards[c] for c in self.held[q]]
        if self.played_chapter.abilities == "all":
            spec = base
        else:
            spec = HeroSpec(name=base.name, life=base.life)
            for card in cards:
                if card.hero == base.name and card.abilities:
                    spec = replace(spec, **{k: getattr(base, k) for k in card.abilities})
        for card in cards:
            for k, v in card.modify:
                spec = replace(spec, **{k: getattr(spec, k) + v})
        self.players[q].spec = spec

    def powers(self, q: int) -> set[str]:
        return {pw for c in self.held[q] for pw in self.played_chapter.cards[c].powers}

    def usable(self, q: int) -> list[str]:
        return [c for c in self.held[q] if self.played_chapter.cards[c].use]

    # ------------------------------------------------------------------ the turn
    def _wake_trolls(self) -> None:
        for h in list(self.troll_wait):
            if not any(self.units_of(q, h) for q in range(len(self.players))):
                self.troll_wait.remove(h)
                self.troll[h] = True
                self.crystal_at[h] = self.crystal_at.get(h, 0) + 1
                self._emit(E.TrollAppeared, h)

    def _buy_amber(self, a: Action) -> None:
        """R-CAMP-5: an amber bought at the market, the turn's action."""
        p = self.players[self.seat]
        p.taler -= self.amber_price
        p.amber = True
        self.amber_supply -= 1
        self._emit(E.Bought, p.seat, "amber", self.amber_price)
        self.action_done = True
        self._enter_phase(5)

    def _can_sail(self, p) -> bool:
        """Leifs Seekarte: from a beach, the whole movement to any other beach."""
        return (p.hero_at >= 0 and self.island.beach[p.hero_at] and self.hero_left == (2 if p.wisent else 1)
                and "sail" in self.powers(p.seat))

    def campaign_view(self, lang: str = "de") -> dict[str, Any]:
        """Plain data for a UI: chapter, time track, goal, held cards, the card log
        and a card's open decision."""
        ch = self.played_chapter
        w = self.waiting if self.step == Step.CARD else None
        return {
            "chapter": ch.number,
            "title": lang_text(ch.title, lang),
            "short": self.short,
            "goal": {"ambers": self.mode.goal_ambers, "crystals": self.mode.goal_crystals},
            "marker": min(self.round, len(ch.track)),
            "track": self.track_view(lang),
            "rules": sorted(self.rules),
            # what is in force with a rule to read, and what this chapter can still bring
            "introduced": sorted(self.rules | ({"rifts"} if self.rifts else set())
                                 | ({"trolls"} if self.mode.goal_crystals or any(self.troll) else set())),
            "can_come": sorted(ch.can_come),
            "amber_price": self.amber_price if "buy_amber" in self.rules else None,
            "held": [list(h) for h in self.held],
            "spent": [list(h) for h in self.spent],
            "sanctuary_left": len(self.sanctuary_left),
            "log": [{"card": c, "seat": None if s is None else s + 1, "round": r, "how": how}
                    for c, s, r, how in self.card_log],
            "choice": None if w is None else {
                "seat": w.seat + 1, "card": w.card,
                "options": [{"id": o.id, "text": lang_text(o.text, lang), "cost": o.cost,
                             "effects": [effect_view(e) for e in o.effects]} for o in w.options]},
            # what each held card does when played (cards are read aloud: public)
            "uses": {c: {"effects": [effect_view(e) for e in ch.cards[c].use], "carry": ch.cards[c].carry}
                     for h in self.held for c in h if ch.cards[c].use},
        }

    def track_view(self, lang: str = "de") -> list[dict[str, Any]]:
        """The time track, space by space: kind, card and whether it was read."""
        out = []
        marker = min(self.round, len(self.played_chapter.track))
        for i, kind in enumerate(self.played_chapter.track, start=1):
            cid = self.time_cards.get(i)
            out.append({"space": i, "kind": kind, "card": cid,
                        "title": lang_text(self.played_chapter.cards[cid].title, lang) if cid else "",
                        "read": cid is not None and i <= marker, "marker": i == marker})
        return out

    def card(self, cid: str):
        return self.played_chapter.cards[cid]

    def card_view(self, cid: str, lang: str = "de") -> dict[str, Any]:
        """A card as the app shows it: label, title, story and its effect in words."""
        c = self.played_chapter.cards[cid]
        return {"id": cid, "deck": c.deck, "label": c.label, "title": lang_text(c.title, lang),
                "story": lang_text(c.story_for(self.short), lang), "text": lang_text(c.text_for(self.short), lang),
                "usable": bool(c.use), "carry": c.carry, "introduces": list(self.played_chapter.introduces(cid))}

    def rules_in_force(self) -> list[str]:
        return sorted(self.rules)
