"""Why a decision is illegal: the slow path of ``apply_action``.

Each check names the rule that forbids the decision and says so by a message
key (:mod:`.messages`). It runs only when a decision is not among the legal
ones, so it may be thorough rather than fast. The action phase's verbs are
explained by their own guards in the verb table (:mod:`.verbs`), the same
guards that generate them.
"""

from __future__ import annotations

from .actions import POTIONS, Action, IllegalActionError, hexlabel
from .messages import Msg
from .steps import COMBAT_STEPS, Step
from .verbs import TABLE, entry

#: the verbs decided at each step besides the verb table's and the free steps
STEP_VERBS = {
    Step.BEACH: ("beach",),
    Step.GODE: ("gode",),
    Step.MOVE: ("step",),
    Step.COMBAT: ("fight", "blitz", "throw"),
    Step.SILVER: ("silver",),
    Step.GIFT: ("gift",),
    Step.CRYSTAL: ("crystal",),
    Step.RECRUIT: ("recruit",),
    Step.HASTE: ("haste", "step"),
    Step.LAY: ("lay",),
}
#: where each verb belongs, for "belongs": (``why.where.<key>``, rule)
VERB_HOME = {
    "beach": ("setup", "R-SETUP-B4"), "gode": ("phase0", "R-GODE-2"), "step": ("phase1", "R-MOVE-1"),
    "fight": ("phase2", "R-COMBAT-1"), "blitz": ("phase2", "R-GODE-4"), "throw": ("phase2", "R-COMBAT-1"),
    "silver": ("phase3", "R-SILVER-1"), "recruit": ("phase5", "R-RECRUIT-1"), "haste": ("phase6", "R-POT-7"),
    "lay": ("lay", "R-FAINT-3"), "hit": ("assign", "R-COMBAT-1"), "auto": ("assign", "R-COMBAT-1"),
    "block": ("block", "R-COMBAT-1"), "gift": ("gift", "R-RUNE-2"), "crystal": ("crystal", "R-CRYSTAL-2"),
    **{v.verb: ("phase4", "R-ACT-1") for v in TABLE},
}


def table_verbs(step: Step) -> tuple[str, ...]:
    """The verb table's verbs decided at ``step``."""
    return tuple(dict.fromkeys(v.verb for v in TABLE if step in v.steps))


def verbs_at(step: Step) -> tuple[str, ...]:
    return STEP_VERBS.get(step, ()) + table_verbs(step)


ACTION_VERBS = table_verbs(Step.ACTION)


def explain(st, a: Action) -> IllegalActionError:
    step = st.step
    v = a.verb
    if v == "roll":
        return IllegalActionError("R-DICE-2", "no_roll_now")
    for h in (a.a, a.b, a.c):
        if h >= st.island.size:  # a label of sectors 5–6 on the Duell crescent
            return IllegalActionError("R-ISLE-10", "not_on_island",
                                      {"hex": hexlabel(h), "labels": st.island.describe_labels()})
    if v in ("sell", "deliver", "take"):
        return _free(st, a)
    if v in ("drink", "discard"):
        return _potion(st, a)
    if v == "end":
        if step == Step.COMBAT:
            return IllegalActionError("R-COMBAT-1", "combat_first")
        if step == Step.SILVER:
            return IllegalActionError("R-SILVER-1", "choose_terrain")
        return IllegalActionError("R-TURN-2", "nothing_to_end", {"step": str(step)})
    if step in COMBAT_STEPS:
        return _combat(st, a)
    if step == Step.AFTERHASTE:
        if v in ACTION_VERBS:
            return IllegalActionError("R-ACT-1", "no_action_after_haste")
        return IllegalActionError("R-POT-7", "after_haste")
    if v in ACTION_VERBS and step not in (Step.ACTION, Step.POTION2) and st.action_done \
            and st.decider == st.seat and 4 < st.phase < 7:
        p = st.players[st.seat]
        if v == "buy" and st.bought >= p.spec.potions_per_turn:
            return IllegalActionError("R-POT-2", "one_purchase")
        return IllegalActionError("R-ACT-1", "one_action_taken")
    if step == Step.POTION2 and v in ACTION_VERBS and not (v == "buy" and a.arg in POTIONS):
        return IllegalActionError("R-POT-2", "potion2_only")  # Bera's second purchase is no second action
    verb = entry(a, st.verbs)
    if verb is not None and step in verb.steps:
        return _guarded(st, a, verb)
    if v not in verbs_at(step):
        where, rule = VERB_HOME.get(v, ("other", "R-TURN-2"))
        return IllegalActionError(rule, "belongs", {"decision": str(a), "where": Msg(f"where.{where}"),
                                                    "phase": Msg(f"phase.{st.phase_key()}"), "step": str(step)})
    if v == "step":
        return _step(st, a)
    if v == "recruit":
        return _recruit(st, a)
    if v == "haste":
        return _haste(st, a)
    if v == "beach":
        return IllegalActionError("R-SETUP-B4", "no_beach", {"hex": hexlabel(a.a)})
    if v == "lay":
        return IllegalActionError("R-FAINT-3", "no_lay", {"hex": hexlabel(a.a)})
    if v == "fight":
        return IllegalActionError("R-COMBAT-1", "no_combat", {"hex": hexlabel(a.a)})
    if v in ("blitz", "throw"):
        return IllegalActionError("R-GODE-4", "no_strike", {"verb": v, "hex": hexlabel(a.a)})
    return IllegalActionError("R-TURN-2", "not_possible", {"decision": str(a)})


def _guarded(st, a: Action, verb) -> IllegalActionError:
    """A verb of the table: the first of its guards that fails."""
    p = st.players[st.seat]
    if p.hero_at < 0:
        return IllegalActionError("R-ACT-1", "hero_off")
    guard = verb.first_failing(st, p, a)
    if guard is None:  # every guard passes, yet the decision is not legal: the step's own limit
        return IllegalActionError(verb.rule, "not_possible", {"decision": str(a)})
    return guard.refusal(st, p, a)


def _free(st, a):
    p = st.players[st.seat]
    h = p.hero_at
    if st.decider != st.seat or st.step in COMBAT_STEPS or st.step in (Step.LAY, Step.BEACH):
        return IllegalActionError("R-TURN-3", "free_when")
    if h < 0:
        return IllegalActionError("R-TURN-3", "hero_off")
    if a.arg == "crystal" and st.troll[h]:
        return IllegalActionError("R-CRYSTAL-1", "troll_guards")
    if st.enemy_at(h, p.seat):
        return IllegalActionError("R-TURN-3", "enemy_here")
    if a.verb in ("sell", "deliver") and not p.amber:
        return IllegalActionError("R-UNIT-2", "no_amber")
    if a.verb == "sell":
        return IllegalActionError("R-ISLE-12", "no_farm", {"hex": hexlabel(h)})
    if a.verb == "deliver":
        return IllegalActionError("R-AMBER-3", "deliver_s")
    if a.arg == "amber" and p.amber:
        return IllegalActionError("R-UNIT-2", "one_amber")
    return IllegalActionError("R-TURN-3", "nothing_lying", {"thing": a.arg, "hex": hexlabel(h)})


def _potion(st, a):
    p = st.players[st.decider]
    if not p.has_potion(a.arg):
        return IllegalActionError("R-POT-1", "no_potion", {"hero": p.hero, "potion": a.arg})
    if a.verb == "discard":
        return IllegalActionError("R-POT-3", "discard_when")
    if a.arg == "eile":
        return IllegalActionError("R-POT-7", "eile_when")
    if a.arg == "heil":
        if st.step in COMBAT_STEPS and st.step not in (Step.C_DEF_PRE, Step.C_ATT_PRE):
            return IllegalActionError("R-POT-4", "no_heil_combat")
        return IllegalActionError("R-POT-4", "heil_hurt")
    if a.arg == "kraft":
        return IllegalActionError("R-POT-5", "kraft_when")
    return IllegalActionError("R-POT-6", "schutz_when")


def _combat(st, a):
    if a.verb == "hit":
        c = st.combat
        if c.queue and a.vals and a.vals[0] != c.queue[0]:
            return IllegalActionError("R-COMBAT-1", "smallest_first", {"value": c.queue[0]})
        return IllegalActionError("R-COMBAT-1", "no_target", {"target": a.arg})
    if a.verb == "block":
        return IllegalActionError("R-COMBAT-1", "block_how")
    return IllegalActionError("R-TURN-5", "not_in_combat", {"decision": str(a), "stage": st.step[2:]})


def _climb(isl, src, dst):
    return IllegalActionError("R-ISLE-6", "climb", {"at": hexlabel(src), "at_level": isl.level[src],
                                                   "to": hexlabel(dst), "to_level": isl.level[dst]})


def _step(st, a):
    p = st.players[st.seat]
    isl = st.island
    src, dst = a.a, a.b
    if dst not in isl.neighbours[src]:
        return IllegalActionError("R-MOVE-1", "not_neighbour", {"to": hexlabel(dst), "at": hexlabel(src)})
    if st.step == Step.HASTE:
        if a.arg != "G":
            return IllegalActionError("R-POT-7", "haste_only_hero")
        if "huginmunin" not in p.epic:
            return IllegalActionError("R-GODE-5", "gode_haste_hm")
        if st.gode_hasted:
            return IllegalActionError("R-GODE-5", "gode_haste_taken")
        if st.enemy_at(dst, st.seat):
            return IllegalActionError("R-GODE-5", "gode_haste_enemy", {"hex": hexlabel(dst)})
    if a.arg == "H":
        if p.hero_at != src:
            return IllegalActionError("R-MOVE-1", "hero_not_on", {"hex": hexlabel(src)})
        if st.hero_left <= 0:
            return IllegalActionError("R-MOVE-2", "hero_no_step")
    if a.arg == "G" and p.gode_at != src:
        return IllegalActionError("R-MOVE-1", "gode_not_on", {"hex": hexlabel(src)})
    if a.arg == "W" and not st.wc[st.seat][src]:
        return IllegalActionError("R-MOVE-1", "no_warrior_on", {"hex": hexlabel(src)})
    if a.arg == "W" and a.c >= 0 and not any(m[0] == src and m[1] == a.c and m[2] > 0 for m in st.moved):
        return IllegalActionError("R-MOVE-2", "warrior_no_on", {"prev": hexlabel(a.c), "hex": hexlabel(src)})
    if dst in st.lying and st.lying[dst] != st.seat:
        return IllegalActionError("R-FAINT-4", "fainted_lies", {"hex": hexlabel(dst)})
    if abs(isl.level[src] - isl.level[dst]) > 1:
        return _climb(isl, src, dst)
    return IllegalActionError("R-MOVE-1", "no_step_left")


def _haste(st, a):
    p = st.players[st.seat]
    isl = st.island
    src, dst = a.a, a.b
    if "haste" not in st.rules:
        return IllegalActionError("R-POT-7", "haste_off")
    if not p.has_potion("eile"):
        return IllegalActionError("R-POT-7", "no_eile", {"hero": p.hero})
    if st.haste_used:
        return IllegalActionError("R-POT-7", "one_haste")
    if p.hero_at != src:
        return IllegalActionError("R-POT-7", "haste_hero_not_on", {"hex": hexlabel(src)})
    if dst not in isl.neighbours[src]:
        return IllegalActionError("R-MOVE-1", "not_neighbour", {"to": hexlabel(dst), "at": hexlabel(src)})
    if dst in st.lying and st.lying[dst] != st.seat:
        return IllegalActionError("R-FAINT-4", "fainted_lies", {"hex": hexlabel(dst)})
    if st.troll[dst]:
        return IllegalActionError("R-POT-7", "haste_troll", {"hex": hexlabel(dst)})
    if st.enemy_at(dst, st.seat):
        return IllegalActionError("R-POT-7", "haste_enemy", {"hex": hexlabel(dst)})
    if abs(isl.level[src] - isl.level[dst]) > 1:
        return _climb(isl, src, dst)
    return IllegalActionError("R-POT-7", "no_haste_step", {"at": hexlabel(src), "to": hexlabel(dst)})


def _recruit(st, a):
    p = st.players[st.seat]
    if a.a in st.island.middle:
        return IllegalActionError("R-RECRUIT-1", "recruit_middle")
    if st.recruit_cap.get(a.a, 0) <= 0:
        return IllegalActionError("R-RECRUIT-1", "recruit_figure", {"hex": hexlabel(a.a)})
    if a.arg == "W":
        if p.supply <= 0:
            return IllegalActionError("R-RECRUIT-2", "recruit_supply")
        return IllegalActionError("R-RECRUIT-1", "recruit_cost")
    if "gode" not in st.rules:
        return IllegalActionError("R-GODE-1", "gode_off")
    if p.gode_at >= 0:
        return IllegalActionError("R-RECRUIT-2", "gode_on_board")
    return IllegalActionError("R-GODE-1", "gode_cost")
