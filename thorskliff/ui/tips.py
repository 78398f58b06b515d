"""Tips for a first game (issue #29): at each of the person's decision points
one line on what matters now, made from the game's state (where the hero's
amber goes, which terrain pays the most silver, what the hero's field
offers). Words from the catalogue (``[tips]``); nothing here decides.

Tips are on by default in a local game of one person against bots that are
all "Leicht"; the key ``i`` switches them (``GameScreen.action_toggle_tips``)."""

from __future__ import annotations

from collections import deque

from ..engine.state import GameState
from .i18n import t

WELL_WORDS = ("forest", "meadow", "scree", "rock")


def first_game(session) -> bool:
    """A local game of one person against bots that are all "Leicht"."""
    bots = getattr(session, "bots", None) or {}
    if not bots or hasattr(session, "card_view"):  # no bots; a campaign chapter: its cards teach
        return False
    humans = session.humans() if hasattr(session, "humans") else []
    if len(humans) != 1:
        return False
    from ..bots.registry import LEVELS  # only here: the app's start imports no bot

    return all(k in ("leicht", LEVELS["leicht"]) for k in bots.values())


def path(st: GameState, start: int, goals: set[int]) -> list[int]:
    """A shortest way of steps (levels as the rules allow) from ``start`` to one
    of ``goals``, without ``start``; [] when there is none or start is one."""
    if start in goals or start < 0:
        return []
    steps = st.island.steps
    back = {start: -1}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in steps[h]:
            if n in back:
                continue
            back[n] = h
            if n in goals:
                out = [n]
                while back[out[-1]] != start:
                    out.append(back[out[-1]])
                return out[::-1]
            todo.append(n)
    return []


def tip(st: GameState, seat: int) -> str | None:
    """The tip for ``seat`` at the decision point of ``st``, or None."""
    if st.is_terminal() or st.current_player() != seat:
        return None
    p = st.players[seat]
    lab = st.island.label
    step = str(st.step.value if hasattr(st.step, "value") else st.step)
    kind = st.island.kind
    here = p.hero_at
    if step == "beach":
        return t("tips.beach")
    if step == "move":
        if here < 0:
            return None
        if p.amber:
            sanctuary = {h for h in range(len(kind)) if kind[h] == "sanctuary"}
            if here in sanctuary:
                return t("tips.deliver")
            way = path(st, here, sanctuary)
            if way:
                return t("tips.to_sanctuary", hex=lab(way[0]), n=len(way))
        elif st.amber_supply > 0:
            beaches = set(st.island.beaches)
            way = path(st, here, beaches)
            if way:
                return t("tips.to_beach", hex=lab(way[-1]), next=lab(way[0]), n=len(way))
        return t("tips.move")
    if step == "combat":
        return t("tips.combat", hexes=", ".join(lab(h) for h in sorted(st.combat_hexes)) or "–")
    if step == "c:att_assign":
        return t("tips.assign")
    if step == "silver":
        best, count = None, 0
        for terrain in WELL_WORDS:
            n = sum(1 for h, c in enumerate(st.wc[seat]) if c and st.island.terrain[h] == terrain)
            if n > count:
                best, count = terrain, n
        if best is None:
            return None
        return t("tips.silver", terrain=t(f"terrain.{best}"), n=count, taler=max(0, count - 1))
    if step == "action":
        k = kind[here] if here >= 0 else ""
        if k == "farm" and p.amber:
            return t("tips.sell_or_deliver")
        if k == "market" and p.taler >= 3 and len(p.potions) < 3:
            return t("tips.market", taler=p.taler)
        return t("tips.action")
    if step == "recruit":
        return t("tips.recruit", taler=p.taler)
    if step == "haste":
        return t("tips.haste")
    return None
