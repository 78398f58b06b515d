"""Why a decision is illegal: the slow path of ``apply_action``.

Each check names the rule that forbids the decision. It runs only when a
decision is not among the legal ones, so it may be thorough rather than fast.
"""

from __future__ import annotations

from .steps import COMBAT_STEPS, Step
from .actions import Action, IllegalActionError, hexlabel

STEP_VERBS = {
    Step.BEACH: ("beach",),
    Step.GODE: ("gode",),
    Step.MOVE: ("step",),
    Step.COMBAT: ("fight", "blitz", "throw"),
    Step.SILVER: ("silver",),
    Step.ACTION: ("met", "wisent", "hammer", "helm", "buy", "gamble", "bath", "search", "rune", "epic"),
    Step.POTION2: ("buy",),
    Step.GIFT: ("gift",),
    Step.CRYSTAL: ("crystal",),
    Step.RECRUIT: ("recruit",),
    Step.HASTE: ("haste", "step"),
    Step.LAY: ("lay",),
}
VERB_HOME = {
    "beach": ("setup", "R-SETUP-B4"), "gode": ("phase 0", "R-GODE-2"), "step": ("phase 1", "R-MOVE-1"),
    "fight": ("phase 2", "R-COMBAT-1"), "blitz": ("phase 2", "R-GODE-4"), "throw": ("phase 2", "R-COMBAT-1"),
    "silver": ("phase 3", "R-SILVER-1"), "met": ("phase 4", "R-ACT-1"), "wisent": ("phase 4", "R-ACT-1"),
    "hammer": ("phase 4", "R-ACT-1"), "helm": ("phase 4", "R-ACT-1"), "buy": ("phase 4", "R-ACT-1"),
    "gamble": ("phase 4", "R-ACT-1"), "bath": ("phase 4", "R-ACT-1"), "search": ("phase 4", "R-ACT-1"),
    "rune": ("phase 4", "R-RUNE-1"), "epic": ("phase 4", "R-ACT-1"), "recruit": ("phase 5", "R-RECRUIT-1"),
    "haste": ("phase 6", "R-POT-7"), "lay": ("the end of an X turn", "R-FAINT-3"),
    "hit": ("a combat, when dice are assigned", "R-COMBAT-1"), "auto": ("a combat, when dice are assigned",
                                                                        "R-COMBAT-1"),
    "block": ("a combat, when protection blocks", "R-COMBAT-1"), "gift": ("building a runestone", "R-RUNE-2"),
    "crystal": ("taking the second crystal", "R-CRYSTAL-2"),
}


def explain(st, a: Action) -> IllegalActionError:
    step = st.step
    v = a.verb
    legal = st.legal_actions()
    if v == "roll":
        return IllegalActionError("no dice are to be rolled now", "R-DICE-2")
    for h in (a.a, a.b, a.c):
        if h >= st.island.size:  # a label of sectors 5–6 on the Duell crescent
            return IllegalActionError(f"{hexlabel(h)} is not on this island ({st.island.describe_labels()})",
                                      "R-ISLE-10")
    if v in ("sell", "deliver", "take"):
        return _free(st, a)
    if v in ("drink", "discard"):
        return _potion(st, a, legal)
    if v == "end":
        if step == Step.COMBAT:
            return IllegalActionError("every combat must be fought before the combat phase ends", "R-COMBAT-1")
        if step == Step.SILVER:
            return IllegalActionError("choose the terrain your warriors work", "R-SILVER-1")
        return IllegalActionError(f"nothing to end here ({step})", "R-TURN-2")
    if step in COMBAT_STEPS:
        return _combat(st, a, legal)
    if step == Step.AFTERHASTE:
        if v in STEP_VERBS[Step.ACTION]:
            return IllegalActionError("no action after haste: the turn is over but for free steps", "R-ACT-1")
        return IllegalActionError("after haste the turn is over but for free steps", "R-POT-7")
    if v in STEP_VERBS[Step.ACTION] and step not in (Step.ACTION, Step.POTION2) and st.action_done \
            and st.decider == st.seat and 4 < st.phase < 7:
        p = st.players[st.seat]
        if v == "buy" and st.bought >= p.spec.potions_per_turn:
            return IllegalActionError("one potion purchase per turn (Bera two)", "R-POT-2")
        return IllegalActionError("one action per turn, and this turn's is taken", "R-ACT-1")
    if v not in STEP_VERBS.get(step, ()):
        where, rule = VERB_HOME.get(v, ("another moment", "R-TURN-2"))
        return IllegalActionError(f"'{a}' belongs to {where}; now it is {st.phase_name()} ({step})", rule)
    if v == "step":
        return _step(st, a)
    if v == "recruit":
        return _recruit(st, a)
    if v in STEP_VERBS[Step.ACTION]:
        return _action(st, a)
    if v == "haste":
        return _haste(st, a)
    if v == "beach":
        return IllegalActionError(f"{hexlabel(a.a)} is no free beach", "R-SETUP-B4")
    if v == "lay":
        return IllegalActionError(f"{hexlabel(a.a)} is no free farm without enemies or another fainted hero",
                                  "R-FAINT-3")
    if v == "fight":
        return IllegalActionError(f"there is no combat on {hexlabel(a.a)}", "R-COMBAT-1")
    if v in ("blitz", "throw"):
        return IllegalActionError(f"no {v} at {hexlabel(a.a)}: once per turn, from a hex that is no combat hex, "
                                  "at a neighbour with enemies and no fainted hero", "R-GODE-4")
    return IllegalActionError(f"'{a}' is not possible now", "R-TURN-2")


def _free(st, a):
    p = st.players[st.seat]
    h = p.hero_at
    if st.decider != st.seat or st.step in COMBAT_STEPS or st.step in (Step.LAY, Step.BEACH):
        return IllegalActionError("free steps happen at decisions of one's own turn", "R-TURN-3")
    if h < 0:
        return IllegalActionError("the hero is not on the board", "R-TURN-3")
    if a.arg == "crystal" and st.troll[h]:
        return IllegalActionError("the troll still guards this crystal", "R-CRYSTAL-1")
    if st.enemy_at(h, p.seat):
        return IllegalActionError("an enemy stands on the hero's hex", "R-TURN-3")
    if a.verb in ("sell", "deliver") and not p.amber:
        return IllegalActionError("the hero carries no amber", "R-UNIT-2")
    if a.verb == "sell":
        return IllegalActionError(f"{hexlabel(h)} is no farm (rifts, markets and the sanctuary are none)",
                                  "R-ISLE-12")
    if a.verb == "deliver":
        return IllegalActionError("ambers are delivered at the sanctuary (S)", "R-AMBER-3")
    if a.arg == "amber" and p.amber:
        return IllegalActionError("a hero carries at most one amber", "R-UNIT-2")
    return IllegalActionError(f"there is no {a.arg} lying on {hexlabel(h)}", "R-TURN-3")


def _potion(st, a, legal):
    p = st.players[st.decider]
    if not p.has_potion(a.arg):
        return IllegalActionError(f"{p.hero} holds no {a.arg}", "R-POT-1")
    if a.verb == "discard":
        return IllegalActionError("potions are put back at a decision of one's own turn", "R-POT-3")
    if a.arg == "eile":
        return IllegalActionError("an Eiletrank is only used in one's own haste phase", "R-POT-7")
    if a.arg == "heil":
        if st.step in COMBAT_STEPS and st.step not in (Step.C_DEF_PRE, Step.C_ATT_PRE):
            return IllegalActionError("no Heiltrank inside a combat after its first roll", "R-POT-4")
        return IllegalActionError("a Heiltrank heals a hero on the board that has lost life", "R-POT-4")
    if a.arg == "kraft":
        return IllegalActionError("a Krafttrank is drunk in a combat on the hero's hex", "R-POT-5")
    return IllegalActionError("a Schutztrank is drunk in a combat on the hero's hex, after the opposing roll",
                              "R-POT-6")


def _combat(st, a, legal):
    if a.verb == "hit":
        c = st.combat
        if c.queue and a.vals and a.vals[0] != c.queue[0]:
            return IllegalActionError(f"dice are assigned smallest first: the next die shows {c.queue[0]}",
                                      "R-COMBAT-1")
        return IllegalActionError(f"{a.arg} cannot take a die: no such unit, or its damage already reaches its "
                                  "life", "R-COMBAT-1")
    if a.verb == "block":
        return IllegalActionError("protection blocks red dice of the roll, one per point", "R-COMBAT-1")
    return IllegalActionError(f"'{a}' is not possible at this point of the combat ({st.step[2:]})", "R-TURN-5")


def _step(st, a):
    p = st.players[st.seat]
    isl = st.island
    src, dst = a.a, a.b
    if dst not in isl.neighbours[src]:
        return IllegalActionError(f"{hexlabel(dst)} is no neighbour of {hexlabel(src)}", "R-MOVE-1")
    if st.step == Step.HASTE:
        if a.arg != "G":
            return IllegalActionError("in phase 6 only the hero moves, by an Eiletrank ('haste FROM-TO')", "R-POT-7")
        if "huginmunin" not in p.epic:
            return IllegalActionError("only a Gode with Hugin & Munin steps in phase 6", "R-GODE-5")
        if st.gode_hasted:
            return IllegalActionError("the Gode's haste step is taken", "R-GODE-5")
        if st.enemy_at(dst, st.seat):
            return IllegalActionError(f"the Gode's haste step never enters a hex with enemy units or a troll "
                                      f"({hexlabel(dst)})", "R-GODE-5")
    if a.arg == "H":
        if p.hero_at != src:
            return IllegalActionError(f"the hero is not on {hexlabel(src)}", "R-MOVE-1")
        if st.hero_left <= 0:
            return IllegalActionError("the hero has no step left (a hero that enters a hex with enemies stops)",
                                      "R-MOVE-2")
    if a.arg == "G" and p.gode_at != src:
        return IllegalActionError(f"the Gode is not on {hexlabel(src)}", "R-MOVE-1")
    if a.arg == "W" and not st.wc[st.seat][src]:
        return IllegalActionError(f"no own warrior stands on {hexlabel(src)}", "R-MOVE-1")
    if a.arg == "W" and a.c >= 0 and not any(m[0] == src and m[1] == a.c and m[2] > 0 for m in st.moved):
        return IllegalActionError(f"no warrior that came from {hexlabel(a.c)} to {hexlabel(src)} may move on "
                                  "(Bewegung 2: Berserker, and not after entering an enemy's hex)", "R-MOVE-2")
    if dst in st.lying and st.lying[dst] != st.seat:
        return IllegalActionError(f"a fainted hero lies on {hexlabel(dst)}; no enemy may enter", "R-FAINT-4")
    if abs(isl.level[src] - isl.level[dst]) > 1:
        return IllegalActionError(f"{hexlabel(src)} (level {isl.level[src]}) to {hexlabel(dst)} (level "
                                  f"{isl.level[dst]}) climbs more than one level", "R-ISLE-6")
    return IllegalActionError("that unit has no step left this turn", "R-MOVE-1")


def _haste(st, a):
    p = st.players[st.seat]
    isl = st.island
    src, dst = a.a, a.b
    if "haste" not in st.rules:
        return IllegalActionError("haste is not yet in force in this game", "R-POT-7")
    if not p.has_potion("eile"):
        return IllegalActionError(f"{p.hero} holds no Eiletrank", "R-POT-7")
    if st.haste_used:
        return IllegalActionError("one Eiletrank use per turn", "R-POT-7")
    if p.hero_at != src:
        return IllegalActionError(f"the hero is not on {hexlabel(src)}", "R-POT-7")
    if dst not in isl.neighbours[src]:
        return IllegalActionError(f"{hexlabel(dst)} is no neighbour of {hexlabel(src)}", "R-MOVE-1")
    if dst in st.lying and st.lying[dst] != st.seat:
        return IllegalActionError(f"a fainted hero lies on {hexlabel(dst)}; no enemy may enter", "R-FAINT-4")
    if st.troll[dst]:
        return IllegalActionError(f"a haste step never enters a troll's hex ({hexlabel(dst)})", "R-POT-7")
    if st.enemy_at(dst, st.seat):
        return IllegalActionError(f"a haste step never enters a hex with enemy units ({hexlabel(dst)})", "R-POT-7")
    if abs(isl.level[src] - isl.level[dst]) > 1:
        return IllegalActionError(f"{hexlabel(src)} (level {isl.level[src]}) to {hexlabel(dst)} (level "
                                  f"{isl.level[dst]}) climbs more than one level", "R-ISLE-6")
    return IllegalActionError(f"no haste step {hexlabel(src)}-{hexlabel(dst)}", "R-POT-7")


def _recruit(st, a):
    p = st.players[st.seat]
    if a.a in st.island.middle:
        return IllegalActionError("no recruiting on the market or the sanctuary", "R-RECRUIT-1")
    if st.recruit_cap.get(a.a, 0) <= 0:
        return IllegalActionError(f"no own figure on {hexlabel(a.a)} that has not recruited yet", "R-RECRUIT-1")
    if a.arg == "W":
        if p.supply <= 0:
            return IllegalActionError("no warrior left in the supply", "R-RECRUIT-2")
        return IllegalActionError("a warrior costs 2 Taler", "R-RECRUIT-1")
    if "gode" not in st.rules:
        return IllegalActionError("the Gode is not in play", "R-GODE-1")
    if p.gode_at >= 0:
        return IllegalActionError("the Gode is already on the board", "R-RECRUIT-2")
    return IllegalActionError("the Gode costs 3 Taler and warriors on 2 forest hexes", "R-GODE-1")


def _action(st, a):
    p = st.players[st.seat]
    if st.action_done and st.step == Step.ACTION:
        return IllegalActionError("one action per turn", "R-ACT-1")
    if p.hero_at < 0:
        return IllegalActionError("the hero is not on the board", "R-ACT-1")
    h = p.hero_at
    kind = st.island.kind[h]
    v = a.verb
    place = {"met": "a farm or the market", "wisent": "a farm", "hammer": "the market", "helm": "the market",
             "gamble": "the market", "bath": "a Heiße Quelle rift", "search": "a Silber rift",
             "rune": "a rift", "buy": "the market or a Kobold rift"}
    rift = st.rifts.get(h)
    ok_place = {
        "met": st.is_farm(h) or kind == "market", "wisent": st.is_farm(h), "hammer": kind == "market",
        "helm": kind == "market", "gamble": kind == "market", "bath": rift == "quelle",
        "search": rift == "silber", "rune": rift is not None, "buy": kind == "market" or rift == "kobold",
    }
    if v in ok_place and not ok_place[v]:
        return IllegalActionError(f"'{a}' needs the hero on {place[v]}, not on {hexlabel(h)}", "R-ACT-1")
    need_rule = {"wisent": "wisent", "helm": "helm", "gamble": "gamble", "buy": "potions", "rune": "runestone",
                 "epic": "epic"}
    if v in need_rule and need_rule[v] not in st.rules:
        return IllegalActionError(f"'{a}' is not yet in force in this game", "R-ACT-1")
    if v == "rune":
        if st.rune is not None:
            return IllegalActionError("one runestone stands already", "R-RUNE-1")
        if not (p.delivered >= 2 or p.crystals >= 2):
            return IllegalActionError("the runestone needs 2 ambers delivered or 2 crystals", "R-RUNE-1")
        if not p.amber:
            return IllegalActionError("the runestone costs the carried amber", "R-RUNE-1")
        return IllegalActionError("the runestone needs warriors on a scree and a forest hex", "R-RES-1")
    if v == "buy":
        if len(p.potions) >= 3 and not a.vals:
            return IllegalActionError("at most 3 potions held; put one back first", "R-POT-2")
        if st.bought >= p.spec.potions_per_turn:
            return IllegalActionError("one potion purchase per turn (Bera two)", "R-POT-2")
        if st.potion_supply.get(a.arg, 0) <= 0:
            return IllegalActionError(f"no {a.arg} left in the supply", "R-POT-1")
    if v in ("met", "bath") and p.life >= p.max_life:
        return IllegalActionError("the hero has lost no life", "R-UNIT-4")
    if v == "hammer" and p.weapon != "axe":
        return IllegalActionError("the hero has a better weapon already", "R-ACT-1")
    if v == "helm" and not st.helm_free:
        return IllegalActionError("there is only one helmet", "R-ACT-1")
    if v == "wisent":
        if p.wisent:
            return IllegalActionError("the hero rides a Wisent already", "R-ACT-1")
        if st.wisent_left <= 0:
            return IllegalActionError("no Wisent card left", "R-ACT-1")
        if p.taler >= p.spec.wisent_price:
            return IllegalActionError("the Wisent needs warriors on forest, meadow, scree and rock", "R-RES-1")
    if v == "epic":
        return IllegalActionError(f"the epic card {a.arg} needs 2 ambers or 2 crystals, 3 forest, its Taler and "
                                  "its place", "R-ACT-1")
    return IllegalActionError(f"'{a}': not enough Taler ({p.taler})", "R-ACT-1")
