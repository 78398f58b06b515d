"""Decisions and pieces in words, from the catalogue (``i18n``).

:func:`decision` says what a legal choice will do (menus), :func:`entry` what
a decision did (the game log). Both read only notation text and observation
data, so a remote session needs nothing more.
"""

from __future__ import annotations

from ..actions import LABELS, NotationError, parse
from . import glyphs as G
from .i18n import t


def seat_name(obs: dict, seat: int | None) -> str:
    if seat is None:
        return t("word.dice")
    p = obs["players"][seat]
    return p["name"]


def hero_label(p: dict) -> str:
    return f"{G.OWNER[p['colour']]} {p['name']}"


def potion(kind: str | None) -> str:
    return t(f"potion.{kind}") if kind else t("potion.hidden")


def terrain(kind: str) -> str:
    return t(f"terrain.{kind}")


def unit_code(code: str) -> str:
    """H, G, T, R, W1… as words (the enemy's W2 is 'Krieger 2')."""
    if code.startswith("W"):
        return t("unit.warrior_n", n=code[1:] or "")
    return t(f"unit.{code}")


def dice_text(kinds: str, vals) -> str:
    return " ".join(f"{k}{v}" for k, v in zip(kinds, vals))


def hexname(i: int) -> str:
    return LABELS[i]


def decision(text: str, step: str = "", obs: dict | None = None) -> str:
    """What choosing ``text`` does, for a menu."""
    try:
        a = parse(text)
    except NotationError:
        return text
    v = a.verb
    if v == "step":
        unit = t(f"unit.{a.arg}")
        if a.c >= 0:
            return t("do.step_on", unit=unit, a=hexname(a.a), b=hexname(a.b))
        return t("do.step", unit=unit, a=hexname(a.a), b=hexname(a.b))
    if v == "end":
        return t(f"do.end.{_end_key(step)}")
    if v in ("beach", "fight", "blitz", "throw", "lay"):
        return t(f"do.{v}", hex=hexname(a.a))
    if v == "haste":
        return t("do.haste", a=hexname(a.a), b=hexname(a.b))
    if v == "recruit":
        return t(f"do.recruit_{a.arg}", hex=hexname(a.a))
    if v == "gode":
        return t("do.gode", ability=" + ".join(t(f"ability.{x}") for x in a.arg.split("+")))
    if v in ("drink", "discard", "gift"):
        return t(f"do.{v}", potion=potion(a.arg))
    if v == "buy":
        return t("do.buy_now" if a.vals else "do.buy", potion=potion(a.arg))
    if v == "take":
        return t(f"do.take_{a.arg}")
    if v == "silver":
        gain = _silver_gain(obs, a.arg) if obs else None
        return t("do.silver", terrain=terrain(a.arg)) + (t("do.silver_gain", n=gain) if gain is not None else "")
    if v == "block":
        return t("do.block", dice=", ".join(str(x) for x in a.vals))
    if v == "hit":
        return t("do.hit", value=a.vals[0], unit=unit_code(a.arg))
    if v == "auto":
        return t("do.auto")
    if v == "gamble":
        return t(f"do.gamble_{a.arg}")
    if v == "epic":
        return t("do.epic", card=t(f"epic.{a.arg}"))
    if v == "crystal":
        return t(f"do.crystal_{a.arg}")
    if v == "roll":
        return t("do.roll", dice=dice_text(a.arg, a.vals))
    return t(f"do.{v}")


def _end_key(step: str) -> str:
    if step.startswith("c:"):
        return "window"
    return {"move": "move", "combat": "combat", "action": "action", "potion2": "action", "gift": "gift",
            "recruit": "recruit", "haste": "haste", "afterhaste": "turn", "turnend": "turn"}.get(step, "other")


def _silver_gain(obs: dict, terr: str) -> int | None:
    if obs is None or obs.get("turn") is None:
        return None
    seat = str(obs["turn"])
    n = sum(1 for hx in obs["hexes"] if hx["terrain"] == terr and hx["units"].get(seat, {}).get("warriors"))
    return max(0, n - 1)


def entry(e, obs: dict) -> str:
    """A log line: who did what (``e`` is a session LogEntry)."""
    if e.seat is None:
        a = parse(e.text)
        return t(f"log.roll.{e.purpose or 'other'}", dice=dice_text(a.arg, a.vals))
    who = seat_name(obs, e.seat)
    return t("log.line", who=who, what=decision(e.text, e.step, None))
