"""One seat's pieces and possessions."""

from __future__ import annotations

from ..scenario import HeroSpec
from .actions import EPIC_CARDS, GODE_ABILITIES
from .fields import AMBERS, Pos

# Faint stages (R-FAINT-1..6)
AWAKE = 0
FAINTED = 1  # fainted; the next own turn is the X turn
X_TURN = 2  # in the X turn
WAIT_NEXT = 3  # no farm at the end of the X turn: the next own turn is a waiting turn
WAITING = 4  # in the waiting turn
LYING = 5  # laid on ``lying_at``; stands up at the start of the next own turn

COLOURS = ("brown", "black", "grey", "white")
WEAPON_DICE = {"axe": ("M", "M"), "hammer": ("M", "M", "M"), "mjolnir": ("G", "G", "G")}
#: the Gode's marker: one ability, or two different ones with Hugin & Munin (R-GODE-2/5)
MARKERS = (*GODE_ABILITIES, *(f"{a}+{b}" for i, a in enumerate(GODE_ABILITIES) for b in GODE_ABILITIES[i + 1:]))
FAINTS = ("awake", "fainted", "x-turn", "waiting-next", "waiting", "lying")  # ``faint`` 0..5, as a position says it


class Player:
    __slots__ = (
        "seat", "name", "hero", "colour", "spec", "life", "heart", "crystals", "cbonus", "weapon",
        "wisent", "helm", "potions", "taler", "amber", "delivered", "supply", "track", "hero_at",
        "gode_at", "marker", "epic", "faint", "lying_at", "out",
    )
    # declared for the type checker (player.py and fields.py import each other's names)
    seat: int
    name: str
    hero: str
    colour: str
    spec: HeroSpec
    life: int
    heart: int
    crystals: int
    cbonus: str
    weapon: str
    wisent: bool
    helm: bool
    potions: list[tuple[str, int]]
    taler: int
    amber: bool
    delivered: int
    supply: int
    track: list[int]
    hero_at: int
    gode_at: int
    marker: str
    epic: tuple[str, ...]
    faint: int
    lying_at: int
    out: bool

    def __init__(self, seat: int, name: str, spec: HeroSpec, colour: str):
        self.seat = seat
        self.name = name
        self.hero = spec.name
        self.colour = colour
        self.spec = spec
        self.life = spec.life
        self.heart = 0  # Thors Blut: +1 max life per sale (R-AMBER-2)
        self.crystals = 0
        self.cbonus = ""  # second crystal: "S" die or "P" protection (R-CRYSTAL-2)
        self.weapon = "axe"
        self.wisent = False
        self.helm = False
        #: held potions as (kind, uses left); only an Eiletrank has more than one use
        self.potions = []
        self.taler = 0
        self.amber = False
        self.delivered = 0
        self.supply = 0
        self.track = []  # warriors waiting on the amber track (R-SETUP-B2)
        self.hero_at = -1
        self.gode_at = -1
        self.marker = "berserker"
        self.epic = ()
        self.faint = AWAKE
        self.lying_at = -1
        self.out = False

    def copy(self) -> Player:
        c = Player.__new__(Player)
        for k in Player.__slots__:
            setattr(c, k, getattr(self, k))
        c.potions = list(self.potions)
        c.track = list(self.track)
        return c

    @property
    def max_life(self) -> int:
        """R-UNIT-4: base + first crystal + heart card."""
        return self.spec.life + self.heart + (3 if self.crystals >= 1 else 0)

    def heal(self, n: int) -> int:
        got = max(0, min(n, self.max_life - self.life))
        self.life += got
        return got

    def has_potion(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.potions)

    def potion_kinds(self) -> set[str]:
        return {k for k, _ in self.potions}

    def eile_public(self, kind: str, uses: int) -> bool:
        """R-POT-7 / R-SECRET-1: a used Eiletrank lies face up."""
        return kind == "eile" and uses < self.spec.eile_uses

    def remove_potion(self, kind: str) -> tuple[str, int]:
        """Take one potion of ``kind``; a face-down one before a used Eiletrank."""
        best = None
        for i, (k, u) in enumerate(self.potions):
            if k == kind and (best is None or u > self.potions[best][1]):
                best = i
        assert best is not None, kind
        return self.potions.pop(best)

    def weapon_dice(self) -> tuple[str, ...]:
        return WEAPON_DICE[self.weapon]


def _at(kind: str, key: str | None = None, lo: int = 0, hi: int = 0, words: tuple[str, ...] = ()) -> Pos:
    return Pos(kind, lo, hi, words, table="players", key=key)


#: a player's fields as a position's [[players]] table holds them, in its
#: order (thorskliff/position.py iterates them): (attribute, Pos). The first
#: three make the Player; ``warriors`` is no attribute of it but the state's
#: warriors of its seat (``GameState.wc``); a life is checked against the
#: hero's life once heart and crystals are read.
POSITION: tuple[tuple[str, Pos], ...] = (
    ("name", _at("str")),
    ("hero", _at("hero")),
    ("colour", _at("choice", words=COLOURS)),
    ("life", _at("int", None, 0, 99)),
    ("heart", _at("int", None, 0, 5)),
    ("crystals", _at("int", None, 0, 6)),
    ("cbonus", _at("choice_opt", "crystal_bonus", words=("S", "P"))),
    ("weapon", _at("choice", words=tuple(WEAPON_DICE))),
    ("wisent", _at("bool")),
    ("helm", _at("bool")),
    ("potions", _at("potions")),
    ("taler", _at("int", None, 0, 999)),
    ("amber", _at("bool")),
    ("delivered", _at("int", None, 0, AMBERS)),
    ("supply", _at("int", None, 0, 10)),
    ("track", _at("ints_opt", None, 0, 3)),
    ("hero_at", _at("hex")),
    ("gode_at", _at("hex")),
    ("marker", _at("choice", words=MARKERS)),
    ("epic", _at("held", words=EPIC_CARDS)),
    ("faint", _at("faint", words=FAINTS)),
    ("lying_at", _at("hex")),
    ("out", _at("bool")),
    ("warriors", _at("warriors", None, 1, 10)),
)
