"""A combat's stages in the verb table (issue #12): its potion windows, the
red dice protection blocks and the assignment of the dice (turn-flow.md,
phase 2) are listed, refused and applied from one declaration, like every
other step's.

Over random games whose players seek fights and buy and drink potions
whenever they can (so the windows open), at every decision point inside a
combat:

- the engine lists exactly the candidates of the stage's verbs that pass
  every guard, in order (``guards.legal`` without any fast generator);
- over a broad set of decisions (every potion drunk or put back, passing,
  every die to every unit, every choice of red dice, auto, and decisions
  of other steps) a decision is legal exactly when no guard refuses it,
  and every refusal names a rule id of docs/rules.md and a key of both
  catalogues, and says itself in both languages;
- each decision listed is applied through its verb's ``apply``.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from test_verb_guards import DE, EN, rule_ids
from thorskliff.bench import seats
from thorskliff.engine.actions import END, POTIONS, Action
from thorskliff.engine.combat import unit_labels
from thorskliff.engine.dice import RED
from thorskliff.engine.guards import check, legal, plans
from thorskliff.engine.state import CHANCE, GameState
from thorskliff.engine.steps import COMBAT_STEPS, Step
from thorskliff.engine.turn_verbs import ASSIGN_STEPS, BLOCK_STEPS, STAGE_VERBS, WINDOW_STEPS


def candidates(st: GameState) -> list[Action]:
    c = st.combat
    out = [END, Action("auto"), Action("fight", c.hex), Action("recruit", c.hex, arg="W")]
    for k in POTIONS:
        out += [Action("drink", arg=k), Action("discard", arg=k)]
    values = sorted({v for _, v in c.roll} | set(c.queue) | {1, 6})
    for lab in unit_labels(c.att_units) + unit_labels(c.def_units) + ["W9"]:
        out.append(Action("hit", arg=lab))
        out += [Action("hit", arg=lab, vals=(v,)) for v in values]
    red = sorted((v for k, v in c.roll if k in RED), reverse=True)
    for n in range(1, len(red) + 1):
        out += [Action("block", vals=o) for o in set(combinations(red, n))]
    out.append(Action("block", vals=(7,)))
    return list(dict.fromkeys(out))


def test_R_COMBAT_1_a_combats_stages_are_listed_and_refused_by_the_table():
    rules = rule_ids()
    steps: Counter = Counter()
    refused: Counter = Counter()
    applied: Counter = Counter()
    for seed in range(1, 17):
        mode, n = (("base", 4), ("base", 3), ("duell", 2), ("episch", 3))[seed % 4]
        st = GameState.new(mode, seats(n), seed)
        rng = random.Random(seed)
        while not st.is_terminal() and st.round <= 60:
            if st.current_player() == CHANCE:
                st.apply_action(st.sample_chance())
                continue
            listed = st.legal_actions()
            if st.step in COMBAT_STEPS:
                where = f"seed {seed} round {st.round} step {st.step}"
                p = st.players[st.decider]
                generic = legal(st, p, plans(st.verb_index.at.get(st.step, ()), fast=False))
                assert generic == listed, f"{where}: the guards give {generic}, the engine lists {listed}"
                steps[st.step] += 1
                for a in candidates(st):
                    err = check(st, a)
                    if a in listed:
                        assert err is None, f"{where}: {a} is legal, yet {err.rule} {err.key} refuses it"
                        continue
                    assert err is not None, f"{where}: {a} is not legal, yet no guard refuses it"
                    assert err.rule in rules, (where, a, err.rule)
                    assert err.key in EN and err.key in DE, (where, a, err.key)
                    assert err.say("de") and err.say("en")
                    assert st.refusal(a).key == err.key, (where, a)
                    refused[err.rule, err.key] += 1
            a = rng.choice(listed)
            eager = [b for b in listed if b.verb in ("buy", "drink")]  # potions open the windows
            fights = [b for b in listed if b.verb != "end" and st.seat == st.decider and st.leads_to_combat(b)]
            for pick in (fights, eager):
                if pick and rng.random() < 0.8:
                    a = rng.choice(pick)
            if st.step in COMBAT_STEPS:
                applied[a.verb] += 1
            st.apply_action(a)
    # every kind of stage was reached, each kind of decision was applied
    assert sum(steps[s] for s in WINDOW_STEPS) and sum(steps[s] for s in BLOCK_STEPS), steps
    assert sum(steps[s] for s in ASSIGN_STEPS), steps
    for verb in ("drink", "end", "block", "hit", "auto"):
        assert applied[verb], (verb, applied)
    keys = {k for _, k in refused}
    for key in ("no_potion", "kraft_when", "schutz_when", "eile_when", "no_heil_combat", "smallest_first",
                "no_target", "block_how", "nothing_to_end", "not_in_combat"):
        assert key in keys, (key, sorted(refused), steps)


def test_every_stage_verb_is_declared_at_its_steps_with_its_apply():
    """No decision of a combat is generated, refused or applied outside the table."""
    at = GameState.verb_index.at
    for s in COMBAT_STEPS - {Step.C_ROLL}:
        assert at.get(s), s
    for verb in STAGE_VERBS:
        assert verb.steps <= COMBAT_STEPS and verb.apply and hasattr(GameState, verb.apply), verb.name
    assert Step.C_ROLL not in at  # the dice decide there
