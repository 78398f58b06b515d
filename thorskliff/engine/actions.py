"""Decisions as small immutable values with a compact text notation.

An :class:`Action` is a named tuple; :func:`parse` reads the notation of
``docs/notation.md`` and :func:`fmt` writes it. Hexes are stored as indices,
which are the same on every island (``S`` 0, ``M1``–``M6`` 1–6, then nine
per sector), so the notation needs no board.
"""

from __future__ import annotations

from typing import NamedTuple

from .dice import FACES
from ..loaderror import LoadError, plain_int
from ..scenario import SLOTS, TERRAINS

POTIONS = ("heil", "kraft", "eile", "schutz")
GODE_ABILITIES = ("berserker", "heilen", "blitz")
EPIC_CARDS = ("rundschild", "huginmunin", "pfade", "mjolnir", "kampfrausch")
UNIT_LETTERS = ("H", "G", "W")


class ActionError(ValueError):
    """Base of every error about a decision."""


class NotationError(ActionError, LoadError):
    """The text is no decision: says what is malformed. In a file, the
    loader wraps it in its own error with the line (``RecordError``)."""

    def __init__(self, problem: str):
        LoadError.__init__(self, "", problem)


class IllegalActionError(ActionError):
    """A well-formed decision the rules forbid here; ``rule`` names the rule id."""

    def __init__(self, message: str, rule: str = ""):
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class WrongSeatError(IllegalActionError):
    """A decision sent by a seat that does not decide now."""


# --------------------------------------------------------------------- hexes

LABELS: tuple[str, ...] = ("S", *(f"M{i}" for i in range(1, 7)),
                           *(f"{s}{slot}" for s in range(1, 7) for slot in SLOTS))
_INDEX = {lab.lower(): i for i, lab in enumerate(LABELS)}


def hexlabel(i: int) -> str:
    return LABELS[i]


def hexindex(text: str) -> int:
    try:
        return _INDEX[text.lower()]
    except KeyError:
        raise NotationError(f"{text!r} is no hex label (S, M1–M6, 1a1–6c4)") from None


# --------------------------------------------------------------------- action


class Action(NamedTuple):
    """One decision or chance outcome.

    ``verb`` says what it is; ``a``/``b``/``c`` are hexes (or -1); ``arg`` a
    word (unit letter, potion, terrain, target); ``vals`` dice values.
    """

    verb: str
    a: int = -1
    b: int = -1
    c: int = -1
    arg: str = ""
    vals: tuple = ()

    def __str__(self) -> str:
        return fmt(self)


#: the decision that ends a step (phase, combat stage or turn)
END = Action("end")


def fmt(a: Action) -> str:
    v = a.verb
    if v == "step":  # unit step, optionally continuing from its previous hex
        if a.c >= 0:
            return f"{a.arg} {LABELS[a.c]}-{LABELS[a.a]}-{LABELS[a.b]}"
        return f"{a.arg} {LABELS[a.a]}-{LABELS[a.b]}"
    if v == "haste":
        return f"haste {LABELS[a.a]}-{LABELS[a.b]}"
    if v in ("beach", "fight", "blitz", "throw", "lay"):
        return f"{v} {LABELS[a.a]}"
    if v == "recruit":
        return f"recruit {a.arg} {LABELS[a.a]}"
    if v == "roll":
        return "roll " + " ".join(f"{k}{x}" for k, x in zip(a.arg, a.vals))
    if v == "block":
        return "block " + " ".join(str(x) for x in a.vals)
    if v == "hit":
        return f"{a.vals[0]}>{a.arg}"
    if v == "buy" and a.vals:
        return f"buy {a.arg}!"
    if v in ("gode",):
        return f"gode {a.arg}"
    if a.arg:
        return f"{v} {a.arg}"
    return v


# Verbs that take one word from a fixed list.
_WORD_VERBS: dict[str, tuple[str, ...]] = {
    "drink": POTIONS,
    "discard": POTIONS,
    "gift": POTIONS,
    "silver": TERRAINS,
    "take": ("taler", "amber", "crystal"),
    "gamble": ("small", "big"),
    "epic": EPIC_CARDS,
    "crystal": ("S", "P"),
}
_BARE_VERBS = ("end", "sell", "deliver", "met", "wisent", "hammer", "helm", "bath", "search", "rune",
               "auto", "resign")


def parse(text: str) -> Action:
    """Read one decision in the notation of ``docs/notation.md``."""
    words = text.strip().split()
    if not words:
        raise NotationError("empty decision")
    head = words[0]
    low = head.lower()
    rest = words[1:]

    def want(n: int, shape: str) -> None:
        if len(rest) != n:
            raise NotationError(f"{text.strip()!r}: expected '{shape}'")

    if head in UNIT_LETTERS or (low in ("h", "g", "w") and rest and "-" in rest[0]):
        want(1, f"{head.upper()} FROM-TO")
        hexes = [hexindex(x) for x in rest[0].split("-")]
        if len(hexes) == 2:
            return Action("step", hexes[0], hexes[1], -1, head.upper())
        if len(hexes) == 3:
            return Action("step", hexes[1], hexes[2], hexes[0], head.upper())
        raise NotationError(f"{text.strip()!r}: a step is FROM-TO, or PREV-FROM-TO for a unit moving on")
    if low == "haste":
        want(1, "haste FROM-TO")
        hexes = [hexindex(x) for x in rest[0].split("-")]
        if len(hexes) != 2:
            raise NotationError(f"{text.strip()!r}: expected 'haste FROM-TO'")
        return Action("haste", hexes[0], hexes[1])
    if low in ("beach", "fight", "blitz", "throw", "lay"):
        want(1, f"{low} HEX")
        return Action(low, hexindex(rest[0]))
    if low == "recruit":
        want(2, "recruit W|G HEX")
        unit = rest[0].upper()
        if unit not in ("W", "G"):
            raise NotationError(f"{text.strip()!r}: recruit a warrior (W) or the Gode (G)")
        return Action("recruit", hexindex(rest[1]), arg=unit)
    if low == "roll":
        if not rest:
            raise NotationError("roll needs dice, e.g. 'roll M3 K1'")
        kinds, vals = [], []
        for w in rest:
            k, x = w[:1].upper(), w[1:]
            if k not in FACES or not plain_int(x, 1):
                raise NotationError(f"{w!r} is no die: write a kind K/M/G/S and its value, e.g. M3")
            if int(x) not in FACES[k]:
                raise NotationError(f"{w!r}: a {k} die shows {sorted(set(FACES[k]))}")
            kinds.append(k)
            vals.append(int(x))
        return Action("roll", arg="".join(kinds), vals=tuple(vals))
    if low == "block":
        if not rest or not all(plain_int(w, 1) for w in rest):
            raise NotationError(f"{text.strip()!r}: expected 'block' and die values, e.g. 'block 4 3'")
        return Action("block", vals=tuple(sorted((int(w) for w in rest), reverse=True)))
    if ">" in head and not rest:
        val, _, target = head.partition(">")
        if not plain_int(val, 1) or not target:
            raise NotationError(f"{head!r}: a hit is VALUE>TARGET, e.g. 3>W1")
        return Action("hit", arg=target.upper(), vals=(int(val),))
    if low == "gode":
        want(1, "gode berserker|heilen|blitz[+…]")
        parts = rest[0].lower().split("+")
        for p in parts:
            if p not in GODE_ABILITIES:
                raise NotationError(f"{p!r} is no ability of the Gode ({', '.join(GODE_ABILITIES)})")
        if len(parts) > 2 or len(set(parts)) != len(parts):
            raise NotationError("the Gode takes one ability, or two different ones with Hugin & Munin")
        return Action("gode", arg="+".join(sorted(parts, key=GODE_ABILITIES.index)))
    if low == "buy":
        want(1, "buy POTION[!]")
        word = rest[0].lower()
        now = word.endswith("!")
        word = word.rstrip("!")
        if word not in POTIONS:
            raise NotationError(f"{word!r} is no potion ({', '.join(POTIONS)})")
        if now and word != "heil":
            raise NotationError("only a Heiltrank can be drunk at once when bought (buy heil!)")
        return Action("buy", arg=word, vals=(1,) if now else ())
    if low in _WORD_VERBS:
        want(1, f"{low} {'|'.join(_WORD_VERBS[low])}")
        word = rest[0] if low == "crystal" else rest[0].lower()
        if low == "crystal":
            word = word.upper()
        if word not in _WORD_VERBS[low]:
            raise NotationError(f"{rest[0]!r}: {low} takes one of {', '.join(_WORD_VERBS[low])}")
        return Action(low, arg=word)
    if low in _BARE_VERBS:
        want(0, low)
        return Action(low)
    raise NotationError(f"{head!r} begins no decision (see docs/notation.md)")
