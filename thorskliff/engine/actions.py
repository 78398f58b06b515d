"""Decisions as small immutable values with a compact text notation.

An :class:`Action` is a named tuple; :func:`parse` reads the notation of
``docs/notation.md`` and :func:`fmt` writes it. Hexes are stored as indices,
which are the same on every island (``S`` 0, ``M1``–``M6`` 1–6, then nine
per sector), so the notation needs no board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from .dice import FACES
from ..loaderror import LoadError, one_line, plain_int
from .messages import Msg, Shape
from ..scenario import SLOTS, TERRAINS

POTIONS = ("heil", "kraft", "eile", "schutz")
GODE_ABILITIES = ("berserker", "heilen", "blitz")
EPIC_CARDS = ("rundschild", "huginmunin", "pfade", "mjolnir", "kampfrausch")
UNIT_LETTERS = ("H", "G", "W")


class ActionError(ValueError):
    """Base of every error about a decision: a message by key (``key`` and
    ``params``, said by :mod:`.messages`) and the rule id that forbids it
    (``rule``, may be empty). ``str()`` is the English text with the rule id;
    :meth:`say` gives it in another language. ``also``: further reasons the
    same decision is refused (each said after the first, with its rule)."""

    def __init__(self, key: str, params: Mapping[str, Any] | None = None, rule: str = "",
                 also: tuple[ActionError, ...] = ()):
        self.key = key
        self.params = dict(params or {})
        self.rule = rule
        self.also = also
        ValueError.__init__(self, self.say("en"))

    @property
    def msg(self) -> Msg:
        return Msg(self.key, self.params)

    def say(self, lang: str = "en") -> str:
        text = self.msg.say(lang)
        text = f"{text} ({self.rule})" if self.rule else text
        return "; ".join([text, *(e.say(lang) for e in self.also)])

    def __reduce__(self) -> tuple[Any, ...]:  # pickled across processes by key, not by its English words
        return _rebuild, (type(self), self.key, self.params, self.rule, self.also)


def _rebuild(cls: type[ActionError], key: str, params: dict[str, Any], rule: str,
             also: tuple[ActionError, ...] = ()) -> ActionError:
    err = ActionError.__new__(cls)
    ActionError.__init__(err, key, params, rule, also)
    return err


class NotationError(ActionError, LoadError):
    """The text is no decision: says what is malformed (a message by key). In
    a file, the loader wraps it in its own error with the line
    (``RecordError``). As a LoadError it has no file, line or key path:
    ``key`` is its message's key."""

    def __init__(self, key: str, params: Mapping[str, Any] | None = None):
        # the text as given may hold a line break (a pasted block): said on one line, in every language
        # (only such a text: a form like "H FROM-TO" is a str that says itself in each language)
        params = {k: one_line(v) if isinstance(v, str) and ("\n" in v or "\r" in v) else v
                  for k, v in (params or {}).items()}
        ActionError.__init__(self, key, params)
        self.file, self.line = "", 0
        self.problem = one_line(self.say("en"))

    def where(self) -> str:
        return ""


class IllegalActionError(ActionError):
    """A well-formed decision the rules forbid here: ``rule`` names the rule
    id, ``key`` and ``params`` the message (the first guard that failed)."""

    def __init__(self, rule: str, key: str, params: Mapping[str, Any] | None = None,
                 also: tuple[ActionError, ...] = ()):
        super().__init__(key, params, rule, also)


class WrongSeatError(IllegalActionError):
    """A decision sent by a seat that does not decide now."""


# --------------------------------------------------------------------- hexes

#: hex labels by index: the sanctuary S, the markets M1–M6 (R-ISLE-2), then nine per sector
LABELS: tuple[str, ...] = ("S", *(f"M{i}" for i in range(1, 7)),
                           *(f"{s}{slot}" for s in range(1, 7) for slot in SLOTS))
_INDEX = {lab.lower(): i for i, lab in enumerate(LABELS)}


def hexlabel(i: int) -> str:
    return LABELS[i]


def hexindex(text: str) -> int:
    try:
        return _INDEX[text.lower()]
    except KeyError:
        raise NotationError("n_no_hex", {"text": text, "labels": "S, M1–M6, 1a1–6c4"}) from None


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
    vals: tuple[int, ...] = ()

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
# No verb gives Taler, potions, ambers, crystals or cards to another player (R-DIPLO-1).
_BARE_VERBS = ("end", "sell", "deliver", "met", "wisent", "hammer", "helm", "bath", "search", "rune",
               "auto", "resign")


def parse(text: str) -> Action:
    """Read one decision in the notation of ``docs/notation.md``."""
    words = text.strip().split()
    if not words:
        raise NotationError("n_empty")
    head = words[0]
    low = head.lower()
    rest = words[1:]

    def want(n: int, shape: str) -> None:
        if len(rest) != n:
            raise NotationError("n_expected", {"text": text.strip(), "shape": Shape(shape)})

    if head in UNIT_LETTERS or (low in ("h", "g", "w") and rest and "-" in rest[0]):
        want(1, f"{head.upper()} FROM-TO")
        hexes = [hexindex(x) for x in rest[0].split("-")]
        if len(hexes) == 2:
            return Action("step", hexes[0], hexes[1], -1, head.upper())
        if len(hexes) == 3:
            return Action("step", hexes[1], hexes[2], hexes[0], head.upper())
        raise NotationError("n_step", {"text": text.strip()})
    if low == "haste":
        want(1, "haste FROM-TO")
        hexes = [hexindex(x) for x in rest[0].split("-")]
        if len(hexes) != 2:
            raise NotationError("n_expected", {"text": text.strip(), "shape": Shape("haste FROM-TO")})
        return Action("haste", hexes[0], hexes[1])
    if low in ("beach", "fight", "blitz", "throw", "lay"):
        want(1, f"{low} HEX")
        return Action(low, hexindex(rest[0]))
    if low == "recruit":
        want(2, "recruit W|G HEX")
        unit = rest[0].upper()
        if unit not in ("W", "G"):
            raise NotationError("n_recruit", {"text": text.strip()})
        return Action("recruit", hexindex(rest[1]), arg=unit)
    if low == "roll":
        if not rest:
            raise NotationError("n_roll_empty")
        kinds, vals = [], []
        for w in rest:
            k, x = w[:1].upper(), w[1:]
            if k not in FACES or not plain_int(x, 1):
                raise NotationError("n_no_die", {"text": w})
            if int(x) not in FACES[k]:
                raise NotationError("n_faces", {"text": w, "kind": k, "faces": sorted(set(FACES[k]))})
            kinds.append(k)
            vals.append(int(x))
        return Action("roll", arg="".join(kinds), vals=tuple(vals))
    if low == "block":
        if not rest or not all(plain_int(w, 1) for w in rest):
            raise NotationError("n_block", {"text": text.strip()})
        return Action("block", vals=tuple(sorted((int(w) for w in rest), reverse=True)))
    if ">" in head and not rest:
        val, _, target = head.partition(">")
        if not plain_int(val, 1) or not target:
            raise NotationError("n_hit", {"text": head})
        return Action("hit", arg=target.upper(), vals=(int(val),))
    if low == "gode":
        want(1, "gode berserker|heilen|blitz[+…]")
        parts = rest[0].lower().split("+")
        for p in parts:
            if p not in GODE_ABILITIES:
                raise NotationError("n_ability", {"text": p, "choices": ", ".join(GODE_ABILITIES)})
        if len(parts) > 2 or len(set(parts)) != len(parts):
            raise NotationError("n_gode_two")
        return Action("gode", arg="+".join(sorted(parts, key=GODE_ABILITIES.index)))
    if low == "buy":
        want(1, "buy POTION[!]")
        word = rest[0].lower()
        now = word.endswith("!")
        word = word.rstrip("!")
        if word not in POTIONS:
            raise NotationError("n_potion", {"text": word, "choices": ", ".join(POTIONS)})
        if now and word != "heil":
            raise NotationError("n_buy_now")
        return Action("buy", arg=word, vals=(1,) if now else ())
    if low in _WORD_VERBS:
        want(1, f"{low} {'|'.join(_WORD_VERBS[low])}")
        word = rest[0] if low == "crystal" else rest[0].lower()
        if low == "crystal":
            word = word.upper()
        if word not in _WORD_VERBS[low]:
            raise NotationError("n_one_of", {"text": rest[0], "verb": low, "choices": ", ".join(_WORD_VERBS[low])})
        return Action(low, arg=word)
    if low in _BARE_VERBS:
        want(0, low)
        return Action(low)
    raise NotationError("n_verb", {"text": head})
