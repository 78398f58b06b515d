"""The data model of a campaign chapter (docs/scenarios.md): its cards, their
effects and options, the chapter itself, and the keys a file may hold. Read
by the loader (``chapter.py``) and its cross-checks (``checks.py``): the
loader calls the checks, and the checks read this module, not the loader
(they imported each other)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from ..scenario import HERO_KEYS, RULE_FLAGS

SEASONS = ("spring", "summer", "autumn", "winter")
SPACE_KINDS = (*SEASONS, "white", "darkness", "-")
DECKS = ("time", "sanctuary", "special")
CAMPAIGN_RULES = (*RULE_FLAGS, "buy_amber")
POWERS = ("sail",)
SPEC_KEYS = tuple(k for k in HERO_KEYS if k != "life")
WHERE_KINDS = ("farm", "well", "rift", "peak", "beach", "landscape", "market", "sanctuary")
UNIT_KINDS = ("warriors", "gode", "both")
TARGETS = ("reader", "all", "behind")  # and hero:NAME
#: the keys each effect takes besides ``do`` (docs/scenarios.md)
EFFECT_KEYS: dict[str, tuple[str, ...]] = {
    "story": (),
    "taler": ("n", "to"),
    "warriors": ("n", "to"),
    "potion": ("kind", "to"),
    "heal": ("n", "full", "to"),
    "card": ("card", "to", "instead"),
    "epic": ("item", "to", "instead"),
    "enable": ("rule", "price", "items"),
    "disable": ("rule",),
    "rifts": (),
    "trolls": (),
    "goal": ("ambers", "crystals"),
    "remove": ("units", "terrain", "kind", "level_min", "level_max", "count", "to"),
    "crystal": ("to",),
    "gode": ("marker", "to"),
    "choice": ("to", "options"),
    "darkness": (),
}
#: effects that may stop for a player's decision
DECIDING = frozenset({"choice", "potion", "crystal"})
CARD_KEYS = ("deck", "label", "title", "story", "text", "story_short", "text_short", "season", "finale", "effects",
             "hero", "abilities", "modify", "powers", "use", "each_turn", "carry")


#: what a chapter's first card brings to read besides its own: the rules every chapter plays with
BASE_RULES = ("movement", "combat")

@dataclass(frozen=True)
class Where:
    """Which hexes an effect touches; an empty field matches every hex."""

    terrain: tuple[str, ...] = ()
    kind: tuple[str, ...] = ()
    level_min: int = 0
    level_max: int = 5


@dataclass(frozen=True)
class Option:
    id: str
    text: dict[str, str]
    cost: int
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class Effect:
    do: str
    to: str = "reader"
    n: int = 0
    full: bool = False
    kind: str = ""
    card: str = ""
    item: str = ""
    rule: str = ""
    price: int = 0
    items: tuple[str, ...] = ()
    units: str = "warriors"
    where: Where = Where()
    count: int = 0
    options: tuple[Option, ...] = ()
    instead: tuple[Effect, ...] = ()
    ambers: int = 0
    crystals: int = 0
    marker: str = "blitz"


@dataclass(frozen=True)
class Card:
    id: str
    deck: str
    title: dict[str, str]
    story: dict[str, str] | None
    text: dict[str, str] | None
    effects: tuple[Effect, ...] = ()
    label: str = ""
    season: str = ""
    finale: bool = False
    hero: str = ""
    abilities: tuple[str, ...] = ()
    modify: tuple[tuple[str, int], ...] = ()
    powers: tuple[str, ...] = ()
    use: tuple[Effect, ...] = ()
    each_turn: tuple[Effect, ...] = ()
    carry: bool = False
    source: str = ""
    #: the story and text in the short variant, where they name the number of ambers
    story_short: dict[str, str] | None = None
    text_short: dict[str, str] | None = None

    def introduces(self) -> tuple[str, ...]:
        """What this card brings into the game that has a rule to read: the
        rules it enables (``potions``, ``blitz``, …), ``rifts`` when it lays
        them, ``trolls`` when trolls and crystals come (or a crystal goal)."""
        out: list[str] = []

        def walk(effects) -> None:
            for e in effects:
                if e.do == "enable" and e.rule not in out:
                    out.append(e.rule)
                elif e.do in ("rifts", "trolls") and e.do not in out:
                    out.append(e.do)
                elif e.do == "goal" and e.crystals and "trolls" not in out:
                    out.append("trolls")
                walk(e.instead)
                for o in e.options:
                    walk(o.effects)

        walk(self.effects)
        walk(self.use)
        walk(self.each_turn)
        return tuple(out)

    def story_for(self, short: bool) -> dict[str, str] | None:
        return self.story_short if short and self.story_short else self.story

    def text_for(self, short: bool) -> dict[str, str] | None:
        return self.text_short if short and self.text_short else self.text


@dataclass(frozen=True)
class Chapter:
    file: str
    number: int
    title: dict[str, str]
    intro: dict[str, str]
    epilogue: dict[str, str] | None
    players: tuple[int, int]
    arrangement: str
    rifts: str | dict[str, str]  # where rifts go when laid: "shuffled" or label -> kind
    beaches: tuple[str, ...]  # blocks whose beaches are start beaches, in seat order
    taler: int
    hero_taler: dict[str, int]
    warriors: int
    gode: bool
    rifts_at_start: bool
    rules: frozenset[str]
    abilities: str  # "cards" | "all"
    setup_cards: dict[str, tuple[str, ...]]
    carry: tuple[str, ...]
    goal_ambers: int
    short_ambers: int  # 0: no short variant (decision 17)
    goal_crystals: int
    track: tuple[str, ...]
    time: tuple[str, ...]
    sanctuary: tuple[str | tuple[str, ...], ...]  # a tuple is a group shuffled at setup
    special: tuple[str, ...]
    cards: dict[str, Card] = field(repr=False)
    #: the intro in the short variant, where it names the number of ambers
    intro_short: dict[str, str] | None = None

    @cached_property  # asked at every redraw of a chapter's screen; a chapter never changes
    def can_come(self) -> frozenset[str]:
        """Every rule (and ``rifts``, ``trolls``) this chapter has at its
        start or any of its cards can bring (special cards reached through
        other cards included)."""
        out = set(self.rules)
        if self.rifts_at_start:
            out.add("rifts")
        if self.goal_crystals:
            out.add("trolls")
        for c in self.cards.values():
            out.update(c.introduces())
        return frozenset(out)

    def introduces(self, cid: str) -> tuple[str, ...]:
        """What card ``cid`` brings (:meth:`Card.introduces`), with what the
        special cards it hands out bring (the Donnergode's Blitzschlag)."""
        out = list(self.cards[cid].introduces())
        if self.time and cid == self.time[0]:
            # the chapter's first card: the rules in force from the start, to read from the
            # first card on (movement and fights had no "Regel lesen" in chapter 1: issue #29)
            out = [*BASE_RULES, *out]
        for e in (*self.cards[cid].effects, *self.cards[cid].use):
            if e.do == "card" and e.card in self.cards:
                out += [x for x in self.cards[e.card].introduces() if x not in out]
        return tuple(out)

    def intro_for(self, short: bool) -> dict[str, str]:
        return self.intro_short if short and self.intro_short else self.intro

    def time_cards(self) -> dict[int, str]:
        """Space number (1-based) -> the time card read there."""
        spaces = [i for i, k in enumerate(self.track, start=1) if k != "-"]
        return dict(zip(spaces, self.time))

    def finale(self) -> tuple[str, ...]:
        return tuple(c for c in self.sanctuary if isinstance(c, str) and self.cards[c].finale)
