"""What each decision or roll did, as typed events, and who may see what.

The engine reports every change a player would notice — a unit moved, a
combat began, dice rolled or blocked, damage dealt, a unit defeated, a hero
fainted or stood up, plunder paid or laid down, a retreat or a hold,
something taken, bought, delivered or sold, a card read, a game won — as it
happens: a rule calls ``self._emit(E.Moved, seat, unit, src, dst)`` at the
place where the thing happens — the kind itself, so the type checker reads the
arguments against the kind's fields there — and :class:`~thorskliff.game.Game`
collects the events of each record line (``Game.events``), made when they are
first read (:func:`made`): replaying a record only notes them. Records stay as
they are: the events of a saved game come from replaying it.

Each kind also has a name (``Event.kind``, "moved"), which the JSON output
and the app's texts use. Everything is public (R-SECRET-1: "everything else is open")
except fields marked ``secret``: a potion's kind, seen only by the seat that
holds it. :func:`visible` gives the events one seat (or a spectator, None)
may see, with hidden parts redacted to None.

Hexes are 0-based hex indices (``hexlabel`` names them); seats are 0-based,
:data:`TROLL` (-2) stands for a troll.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, ParamSpec, TypeVar, dataclass_transform

TROLL = -2


class _Secret:
    """The default of a field only the event's ``seat`` may see (R-SECRET-1): None."""

    def __repr__(self) -> str:
        return "_secret()"


_SECRET = _Secret()


def _secret() -> Any:
    """A field only the event's ``seat`` may see (R-SECRET-1); None unless given."""
    return _SECRET


class FrozenEventError(AttributeError):
    """An event is never changed once made."""


@dataclass_transform(eq_default=True, frozen_default=True)
class Event:
    """One thing that happened; a kind of event declares its fields as a
    frozen dataclass would (``name: type`` and defaults, in order).

    Not ``@dataclass(frozen=True)``: that writes and compiles half a dozen
    methods for each of the ~40 kinds, which made importing this module
    cost as much as the rest of the engine (#12). Here each kind only lists
    its fields (``__init_subclass__``), and the methods below serve them all:
    made with positional or keyword arguments, immutable, equal when of the
    same kind with equal fields, hashable, shown as ``Kind(field=value, …)``.
    """

    kind: ClassVar[str] = ""
    #: hex-valued fields (named in JSON by label)
    hexes: ClassVar[tuple[str, ...]] = ()
    #: the kind's fields in order, those only its seat may see, and the defaults of the last ones
    fields: ClassVar[tuple[str, ...]] = ()
    secret: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        own = [n for n, t in cls.__dict__.get("__annotations__", {}).items() if "ClassVar" not in str(t)]
        cls.fields = cls.fields + tuple(own)
        defaults = dict(cls._defaults)
        for n in own:
            if n in cls.__dict__:
                v = cls.__dict__[n]
                defaults[n] = None if v is _SECRET else v
                if v is _SECRET:
                    cls.secret = cls.secret + (n,)
                delattr(cls, n)  # the instance's value, never the class's
            elif defaults:
                raise TypeError(f"{cls.__name__}.{n}: a field without a default after one with a default")
        cls._defaults = defaults
        setattr(cls, "__match_args__", cls.fields)

    def __init__(self, *args: Any, **kw: Any) -> None:
        names = self.fields
        n = len(args)
        if n > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} fields, not {n}")
        if kw and not kw.keys() <= set(names[n:]):
            wrong = sorted(kw.keys() - set(names[n:]))
            raise TypeError(f"{type(self).__name__}: no field or given twice: {', '.join(wrong)}")
        d = self.__dict__
        d.update(zip(names, args))
        defaults = self._defaults
        for k in names[n:]:  # in the fields' order, so that equal events hash alike
            if k in kw:
                d[k] = kw[k]
            elif k in defaults:
                d[k] = defaults[k]
            else:
                d.clear()
                raise TypeError(f"{type(self).__name__}: the field {k!r} is missing")

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenEventError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenEventError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash((type(self), *self.__dict__.values()))

    def __repr__(self) -> str:
        return f"{type(self).__qualname__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    def values(self) -> dict[str, Any]:
        """The fields and their values, in order."""
        return {k: self.__dict__[k] for k in self.fields}

    def replaced(self, **changes: Any) -> Event:
        """A copy with ``changes``."""
        return type(self)(**{**self.__dict__, **changes})

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` (0-based seat, None: spectator) may see it."""
        if not self.secret or viewer == getattr(self, "seat", None):
            return self
        return self.replaced(**dict.fromkeys(self.secret))

    def to_json(self) -> dict[str, Any]:
        from .actions import hexlabel

        d: dict[str, Any] = {"kind": self.kind}
        for k, v in self.values().items():
            if k in self.hexes:
                v = hexlabel(v) if isinstance(v, int) and v >= 0 else None
            elif k in ("seat", "attacker", "defender", "winner", "reader", "taker", "to") and isinstance(v, int):
                v = "troll" if v == TROLL else (v + 1 if v >= 0 else None)
            elif isinstance(v, tuple):
                v = list(v)
            d[k] = v
        return d


_E = TypeVar("_E", bound="Event")
KINDS: dict[str, type[Event]] = {}


def _kind(name: str, *hexes: str) -> Callable[[type[_E]], type[_E]]:
    def deco(cls: type[_E]) -> type[_E]:
        cls.kind = name
        cls.hexes = hexes
        KINDS[name] = cls
        return cls
    return deco


# ------------------------------------------------------------------ the turn
@_kind("placed", "hex")
class Placed(Event):
    """A hero chose its beach (R-SETUP-B4)."""
    seat: int
    hex: int


@_kind("turn")
class TurnBegan(Event):
    seat: int
    round: int


@_kind("rune_count", "hex")
class RuneCounted(Event):
    """R-RUNE-3: the runestone's counter went down at its owner's turn."""
    seat: int
    hex: int
    left: int


@_kind("stood_up", "hex")
class StoodUp(Event):
    """R-FAINT-5: the hero stands up where it lay, with half its life and 3 Taler."""
    seat: int
    hex: int
    life: int


@_kind("marker")
class MarkerSet(Event):
    seat: int
    marker: str


@_kind("moved", "src", "dst")
class Moved(Event):
    """A unit (H hero, G Gode, W warrior) stepped; ``haste``: an Eiletrank's or Hugin & Munin's step."""
    seat: int
    unit: str
    src: int
    dst: int
    haste: bool = False


@_kind("took", "hex")
class Took(Event):
    """Taler, an amber or a crystal taken from a hex (``auto``: an amber from a beach, R-AMBER-1)."""
    seat: int
    what: str
    hex: int
    n: int = 1
    auto: bool = False


@_kind("sold", "hex")
class Sold(Event):
    seat: int
    hex: int
    taler: int


@_kind("delivered", "hex")
class Delivered(Event):
    seat: int
    hex: int
    count: int  # ambers delivered so far
    taler: int
    warriors: int


@_kind("crystal_bonus")
class CrystalBonus(Event):
    seat: int
    bonus: str  # S (a die) or P (protection)


@_kind("silver")
class Silver(Event):
    seat: int
    terrain: str
    taler: int


@_kind("healed")
class Healed(Event):
    """The hero's life went up: ``cause`` met, bath, heil (drunk), heilen (the Gode), card."""
    seat: int
    cause: str
    before: int
    after: int


@_kind("bought")
class Bought(Event):
    """An action's purchase: ``item`` met, wisent, hammer, helm, potion, epic (with ``card``),
    amber; a potion's ``potion`` kind only its buyer sees (R-POT-1), unless drunk at once."""
    seat: int
    item: str
    price: int
    card: str = ""
    potion: str | None = _secret()
    drunk: bool = False


@_kind("gamble")
class Gambled(Event):
    seat: int
    stake: str
    price: int


@_kind("gamble_won")
class GambleWon(Event):
    seat: int
    taler: int


@_kind("search")
class Searched(Event):
    seat: int
    taler: int


@_kind("rune", "hex")
class RuneRaised(Event):
    seat: int
    hex: int


@_kind("gift")
class Gift(Event):
    """A potion taken from the supply as the runestone's gift (R-RUNE-2)."""
    seat: int
    potion: str | None = _secret()


@_kind("discard")
class Discarded(Event):
    """A potion put back to the supply (R-POT-3)."""
    seat: int
    potion: str | None = _secret()


@_kind("drank")
class Drank(Event):
    """A potion drunk: its kind is public from now on."""
    seat: int
    potion: str


@_kind("recruited", "hex")
class Recruited(Event):
    seat: int
    unit: str
    hex: int
    price: int


@_kind("laid", "hex")
class Laid(Event):
    """A fainted hero laid on a farm or beach (R-FAINT-3/6)."""
    seat: int
    hex: int


@_kind("out")
class WentOut(Event):
    """R-OUT-1: a seat left the game (``reason`` resign, faint, rune)."""
    seat: int
    reason: str


@_kind("won")
class Won(Event):
    seat: int | None
    reason: str


# ------------------------------------------------------------------ combat
@_kind("combat", "hex")
class CombatBegan(Event):
    """A combat or a lone strike on ``hex``; units as labels (H, G, W1, T, R) and the heroes' life."""
    hex: int
    attacker: int
    defender: int
    strike: bool
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    att_life: int
    def_life: int
    black: int = 0


@_kind("rolled")
class Rolled(Event):
    """Dice fell: ``purpose`` attack, counter, kraft_att, kraft_def, gamble."""
    purpose: str
    dice: str
    vals: tuple[int, ...]


@_kind("blocked")
class Blocked(Event):
    """Red dice blocked by protection (§8); ``seat`` is the blocking side's owner;
    ``dice`` the kind of each value's die (:func:`.dice.blocked_kinds`)."""
    seat: int
    vals: tuple[int, ...]
    dice: str


@_kind("damage", "hex")
class Damaged(Event):
    """Damage assigned to one unit; a hero's life ``before`` and ``after``."""
    seat: int
    unit: str
    hex: int
    amount: int
    before: int
    after: int


@_kind("defeated", "hex")
class Defeated(Event):
    """A unit defeated (a warrior back to its supply, the Gode off the board, a troll or runestone felled)."""
    seat: int
    unit: str
    hex: int


@_kind("fainted", "hex")
class Fainted(Event):
    """R-FAINT-1: the hero left the board; its Taler went to ``taker`` (a seat) or onto the
    hex; its ``amber`` was "taken" (by the taker), "laid" (on the hex) or "" (none)."""
    seat: int
    hex: int
    taler: int
    amber: str
    taker: int | None


@_kind("retreat", "src", "dst")
class Retreated(Event):
    seat: int
    unit: str
    src: int
    dst: int


@_kind("held", "hex")
class Held(Event):
    """No defender stands: the attackers hold the hex."""
    seat: int
    hex: int


@_kind("combat_end", "hex")
class CombatEnded(Event):
    hex: int
    attacker: int
    defender: int
    strike: bool


@_kind("plunder", "hex")
class Plunder(Event):
    """R-COMBAT-5/6 at the end of the combat phase: ``how`` paid (to the seat),
    laid (on ``hex``, where its hero fainted) or lost (the hero is in its X turn)."""
    seat: int
    n: int
    how: str
    hex: int = -1


# ------------------------------------------------------------------ campaign
@_kind("card")
class CardRead(Event):
    """A campaign card read (R-CAMP-2); ``how``: time, space, given, …"""
    card: str
    reader: int | None
    how: str


@_kind("chose")
class Chose(Event):
    """A choice on a card; a potion chosen says only "potion" to the others."""
    seat: int
    card: str
    option: str
    potion: str | None = _secret()


@_kind("warriors", "hex")
class WarriorsPlaced(Event):
    """A card put ``n`` warriors (negative: took them) on a hex."""
    seat: int
    hex: int
    n: int


@_kind("gode_placed", "hex")
class GodePlaced(Event):
    seat: int
    hex: int


@_kind("gode_removed", "hex")
class GodeRemoved(Event):
    seat: int
    hex: int


@_kind("troll", "hex")
class TrollAppeared(Event):
    hex: int


@_kind("taler")
class TalerChanged(Event):
    """Taler given or taken by a card (``n`` may be negative)."""
    seat: int
    n: int
    cause: str = "card"


@_kind("potion_given")
class PotionGiven(Event):
    """A card gave a potion; its kind only its owner sees."""
    seat: int
    potion: str | None = _secret()


# ------------------------------------------------------------------ helpers
#: what a rule said, as the engine keeps it until somebody reads it (GameState._emit):
#: the event's kind and the arguments that make it
Said = tuple[Callable[..., Event], tuple[Any, ...], dict[str, Any]]


P = ParamSpec("P")


class Teller:
    """What the game state says happened (a base of
    :class:`~thorskliff.engine.fields.GameFields`, so every rule's mixin has it)."""

    #: where the events of the decision being applied go: a Game sets it around
    #: each apply and makes the events when they are read; None: nobody listens
    #: (bots' copies, which pay nothing for events)
    sink: list[Said] | None = None

    def _emit(self, kind: Callable[P, Event], /, *args: P.args, **kw: P.kwargs) -> None:
        """Say that ``kind(*args, **kw)`` happened: the type checker reads the
        arguments against the kind's fields here, where the rule is, while the
        event itself is made only when somebody reads it."""
        if self.sink is not None:
            self.sink.append((kind, args, kw))


def made(said: Said) -> Event:
    """The event a rule said."""
    kind, args, kw = said
    return kind(*args, **kw)


def visible(events: Iterable[Event], viewer: int | None) -> list[Event]:
    """The events ``viewer`` (0-based seat, None: a spectator) may see, secrets redacted."""
    return [e.seen_by(viewer) for e in events]


def combats(events: Iterable[Event]) -> list[list[Event]]:
    """Each combat's events, from its CombatBegan to its CombatEnded (never merged)."""
    out: list[list[Event]] = []
    cur: list[Event] | None = None
    for e in events:
        if isinstance(e, CombatBegan):
            cur = [e]
            out.append(cur)
        elif cur is not None:
            cur.append(e)
            if isinstance(e, CombatEnded):
                cur = None
        elif isinstance(e, Plunder) and out and isinstance(out[-1][-1], (CombatEnded, Plunder)):
            out[-1].append(e)  # paid at the end of the phase, right after its last combat
    return out
