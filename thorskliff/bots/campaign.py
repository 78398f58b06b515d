"""The campaign's own decisions for the greedy and heuristic bots (docs/rules.md
§18, docs/scenarios.md): a card's choice, playing a held special card (the
Heiler, a Segen) and buying an amber where a card allows it.

Like the rest of the policy it reads only the seat's observation: the
chapter's part (``obs["campaign"]``) says what each option of a choice and
each usable card does, in the card's own effects (cards are read aloud, so
they are public). Sailing with Leifs Seekarte needs nothing here: the sail
steps are among the hero's legal steps and the path costs pick them when a
far beach is nearer the goal.
"""

from __future__ import annotations

from ..engine.actions import Action
from ..campaign.notation import BUY_AMBER

#: the last chapter: a card that would carry on has no next chapter to carry into
LAST_CHAPTER = 3
#: rounds before the chapter's last space from which a card is played for what it gives at all
LATE = 3


def effect_value(p: dict, e: dict) -> float:
    """What one effect is worth to the player ``p`` (an observation's
    player), in Taler."""
    do, n = e["do"], e.get("n", 0)
    missing = p["max_life"] - p["life"]
    if do == "taler":
        return float(n)
    if do == "warriors":
        return 2.5 * n
    if do == "potion":  # a potion costs 3 Taler and an action at the market; a card's comes free
        return 3.5 if len(p["potions"]) < 3 else 0.0
    if do == "heal":
        if not p["hero_at"]:
            return 0.0  # a fainted hero is not healed by a card
        return 0.8 * (missing if e.get("full") else min(n, missing))
    if do == "crystal":
        return 6.0
    if do in ("card", "epic"):
        return 4.0
    if do == "gode":
        return 3.0
    if do == "_cbonus":
        return 1.0 if e.get("kind") == "S" else 0.9
    return 0.0


def option_value(p: dict, option: dict) -> float:
    return sum(effect_value(p, e) for e in option["effects"]) - option["cost"]


def pick_option(obs: dict, legal: list[Action]) -> Action | None:
    """The option of the card's choice worth most to the deciding seat."""
    choice = obs["campaign"]["choice"]
    if not choice:
        return None
    p = obs["players"][choice["seat"] - 1]
    best = None
    for o in sorted(choice["options"], key=lambda o: -option_value(p, o)):
        a = Action("choose", arg=o["id"])
        if a in legal:
            best = a
            break
    return best


def worth_using(obs: dict, cid: str) -> bool:
    """Play a held card now: when its healing is not wasted (the hero lacks
    all it heals, or is in danger), or late in the chapter when keeping it
    brings nothing (it does not carry on, or this is the last chapter)."""
    camp = obs["campaign"]
    card = camp["uses"].get(cid)
    if card is None:
        return False
    p = obs["players"][obs["viewer"] - 1]
    if not p["hero_at"]:
        return False
    missing = p["max_life"] - p["life"]
    heals = [e for e in card["effects"] if e["do"] == "heal"]
    if heals:
        want = max(p["max_life"] if e.get("full") else e["n"] for e in heals)
        if missing >= min(want, 5) or (missing and p["life"] <= 3):
            return True
    late = camp["marker"] >= len(camp["track"]) - LATE
    keeps = card["carry"] and camp["chapter"] < LAST_CHAPTER
    return late and not keeps and (missing > 0 or not heals)


def choose(obs: dict, legal: list[Action]) -> Action | None:
    """A campaign decision, or None to leave it to the step's handler."""
    camp = obs.get("campaign")
    if not camp:
        return None
    if obs["step"] == "card":
        return pick_option(obs, legal)
    for a in legal:
        if a.verb == "use" and worth_using(obs, a.arg):
            return a
    if BUY_AMBER in legal:
        return BUY_AMBER  # an amber at the market lies one step from the sanctuary
    return None
