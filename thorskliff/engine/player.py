"""One seat's pieces and possessions."""

from __future__ import annotations

from ..scenario import HeroSpec

# Faint stages (R-FAINT-1..6)
AWAKE = 0
FAINTED = 1  # fainted; the next own turn is the X turn
X_TURN = 2  # in the X turn
WAIT_NEXT = 3  # no farm at the end of the X turn: the next own turn is a waiting turn
WAITING = 4  # in the waiting turn
LYING = 5  # laid on ``lying_at``; stands up at the start of the next own turn

COLOURS = ("brown", "black", "grey", "white")
WEAPON_DICE = {"axe": ("M", "M"), "hammer": ("M", "M", "M"), "mjolnir": ("G", "G", "G")}


class Player:
    __slots__ = (
        "seat", "name", "hero", "colour", "spec", "life", "heart", "crystals", "cbonus", "weapon",
        "wisent", "helm", "potions", "taler", "amber", "delivered", "supply", "track", "hero_at",
        "gode_at", "marker", "epic", "faint", "lying_at", "out",
    )

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
        self.potions: list[tuple[str, int]] = []
        self.taler = 0
        self.amber = False
        self.delivered = 0
        self.supply = 0
        self.track: list[int] = []  # warriors waiting on the amber track (R-SETUP-B2)
        self.hero_at = -1
        self.gode_at = -1
        self.marker = "berserker"
        self.epic: tuple[str, ...] = ()
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
