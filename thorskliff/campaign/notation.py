"""The campaign's decisions in the game's notation (docs/scenarios.md,
"Notation"): ``choose ID`` answers a card, ``use ID`` plays a held special
card, ``buy amber`` buys an amber at the market. Everything else is read by
:func:`thorskliff.engine.actions.parse`.
"""

from __future__ import annotations

from ..engine.actions import Action, NotationError
from ..engine.messages import Shape
from ..engine.actions import parse as base_parse

CAMPAIGN_VERBS = ("choose", "use")
BUY_AMBER = Action("buy", arg="amber")


def parse(text: str) -> Action:
    words = text.strip().split()
    head = words[0].lower() if words else ""
    if head in CAMPAIGN_VERBS:
        if len(words) != 2:
            raise NotationError("n_expected", {"text": text.strip(), "shape": Shape(f"{head} ID")})
        return Action(head, arg=words[1].lower())
    if head == "buy" and len(words) == 2 and words[1].lower() == "amber":
        return BUY_AMBER
    return base_parse(text)
