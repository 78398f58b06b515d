"""One source for what is legal and why not (issue #12, python-chess's
``is_legal`` beside its move generator): over many random games, at every
checked decision point of every step the verb table serves (setup, the Gode,
movement, picking a combat, a combat's potion windows, blocks and
assignments, silver, actions, gifts, the crystal, recruiting, haste, the end
of a turn, lying down):

- the decisions the engine lists are exactly the candidates of the step's
  verbs that pass every guard, asked without any fast generator, in order;
- a decision is legal exactly when no guard refuses it (``guards.check``),
  over a broad set of candidates: every unit to every neighbour and to hexes
  that are no neighbour, every verb of every other step, every potion;
- every refusal names a rule id of docs/rules.md and a catalogue key present in
  English and German, and says itself in both.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from test_random_play import Curious
from thorskliff.bots.randombot import RandomBot
from thorskliff.bots.runner import play_game
from thorskliff.campaign import CampaignState
from thorskliff.campaign.notation import BUY_AMBER
from thorskliff.engine.actions import END, EPIC_CARDS, GODE_ABILITIES, POTIONS, Action
from thorskliff.engine.guards import check, legal, plans
from thorskliff.engine.messages import catalogue
from thorskliff.engine.state import CHANCE, GameState
from thorskliff.engine.steps import CAMPAIGN_STEPS, COMBAT_STEPS, Step
from thorskliff.engine.verbs import TABLE
from thorskliff.scenario import TERRAINS

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"
EN, DE = catalogue("en"), catalogue("de")


def rule_ids() -> set[str]:
    return set(re.findall(r"^(?:- )?(R-[A-Z]+-[A-Z]?\d+)\b", RULES_MD.read_text(encoding="utf-8"), re.M))


def candidates(st: GameState, rng: random.Random) -> list[Action]:
    """A broad set of decisions to ask about at this point: the table's own
    candidates at this step, and decisions of every verb anywhere."""
    isl = st.island
    p = st.players[st.decider if st.seat < 0 or st.step in COMBAT_STEPS else st.seat]
    out: list[Action] = []
    for verb in st.verb_index.at.get(st.step, ()):
        out.extend(verb.candidates(st, p))
    some = rng.sample(range(isl.size), 4)
    units = {h for h in (p.hero_at, p.gode_at) if h >= 0} | {m[0] for m in st.moved}
    units |= {h for h, n in enumerate(st.wc[p.seat]) if n}
    for src in sorted(units)[:8] + some[:2]:
        for dst in (*isl.neighbours[src], rng.randrange(isl.size)):
            for u in "HGW":
                out.append(Action("step", src, dst, -1, u))
            out.append(Action("haste", src, dst))
            for m in st.moved:
                if m[0] == src:
                    out.append(Action("step", src, dst, m[1], "W"))
            out.append(Action("step", src, dst, rng.choice(isl.neighbours[src]), "W"))
        for verb in ("fight", "blitz", "throw", "beach", "lay"):
            out.append(Action(verb, src))
            out.extend(Action(verb, n) for n in isl.neighbours[src][:3])
        out.extend((Action("recruit", src, arg="W"), Action("recruit", src, arg="G")))
    out.extend(Action("recruit", h, arg=u) for h in st.recruit_cap for u in "WG")
    out.extend(Action("beach", h) for h in isl.beaches[:4])
    out.extend(Action("lay", h) for h in isl.farms[:4])
    out.extend(Action("gode", arg=g) for g in GODE_ABILITIES)
    out.extend(Action("gode", arg=f"{a}+{b}") for a in GODE_ABILITIES for b in GODE_ABILITIES if a != b)
    out.extend(Action("silver", arg=t) for t in TERRAINS)
    for k in POTIONS:
        out.extend((Action("gift", arg=k), Action("drink", arg=k), Action("discard", arg=k), Action("buy", arg=k)))
    out.append(Action("buy", arg="heil", vals=(1,)))
    out.extend(Action("epic", arg=c) for c in EPIC_CARDS)
    out.extend(Action(v) for v in ("met", "wisent", "hammer", "helm", "bath", "search", "rune", "sell", "deliver"))
    out.extend((Action("gamble", arg="small"), Action("gamble", arg="big"), Action("crystal", arg="S"),
                Action("crystal", arg="P"), END, Action("hit", arg="W1", vals=(3,)), Action("block", vals=(4,)),
                Action("auto"), Action("roll", arg="M", vals=(3,)), Action("step", 0, isl.size - 1, -1, "H")))
    out.extend(Action("take", arg=t) for t in ("taler", "amber", "crystal"))
    if isinstance(st, CampaignState):
        out.append(BUY_AMBER)
    return list(dict.fromkeys(out))


class Witness:
    """Asked after every decision of a game (``play_game``'s ``on_step``);
    checks every decision point of the rarer steps and every ``every``-th
    one of movement (the most frequent)."""

    def __init__(self, rules: set[str], seed: int, every: int):
        self.rules = rules
        self.rng = random.Random(seed)
        self.every = every
        self.n = 0
        self.steps: Counter = Counter()
        self.refused: Counter = Counter()  # (rule, key) of the refusals seen
        self.legal: Counter = Counter()  # verbs seen legal

    def __call__(self, st: GameState, action: Action | None) -> None:
        if st.is_terminal() or st.current_player() == CHANCE or st.step in CAMPAIGN_STEPS:
            return
        if st.step == Step.MOVE:
            self.n += 1
            if self.n % self.every:
                return
        where = f"round {st.round} seat {st.seat + 1} step {st.step} after {action}"
        listed = st.legal_actions()
        table = [a for a in listed if a.verb not in ("use",)]  # a campaign's cards are no verb of the table
        p = st.players[st.decider if st.seat < 0 or st.step in COMBAT_STEPS else st.seat]
        generic = legal(st, p, plans(st.verb_index.at.get(st.step, ()), fast=False))
        assert generic == table, f"{where}: the guards give {generic}, the engine lists {table}"
        self.steps[st.step] += 1
        listed_set = set(listed)
        for a in candidates(st, self.rng):
            err = check(st, a)
            if a in listed_set:
                self.legal[a.verb] += 1
                assert err is None, f"{where}: {a} is legal, yet {err.rule} {err.key} refuses it"
                continue
            assert err is not None, f"{where}: {a} is not legal, yet no guard refuses it"
            assert err.rule in self.rules, f"{where}: {a} refused by {err.rule}, no rule of docs/rules.md"
            assert err.key in EN and err.key in DE, f"{where}: {a} refused by key {err.key}, not in both catalogues"
            assert err.say("de") and err.say("en")  # every parameter the message names is given
            assert st.refusal(a) is not None and st.refusal(a).key == err.key, (where, a)
            self.refused[err.rule, err.key] += 1


def _games():
    """(label, make state or None, mode, bots, seed, round cap, every)."""
    yield "base-4p-random", None, "base", [RandomBot()] * 4, 7, 12, 4
    yield "duell-random", None, "duell", [RandomBot()] * 2, 9, 20, 4
    yield "episch-3p-random", None, "episch", [RandomBot()] * 3, 10, 15, 4
    seats = [("Ann", "Bera", "brown"), ("Bo", "Jorund", "black"), ("Cy", "Oleif", "grey")]
    for ch in (1, 2, 3):
        yield (f"chapter{ch}-random", lambda ch=ch: CampaignState.new_chapter(seats, ch, 3 + ch),
               "base", [RandomBot()] * 3, 3 + ch, 10, 4)


GAMES = list(_games())


@pytest.mark.parametrize("label,make,mode,bots,seed,cap,every", GAMES, ids=[g[0] for g in GAMES])
def test_a_decision_is_legal_exactly_when_no_guard_refuses_it(label, make, mode, bots, seed, cap, every):
    w = Witness(rule_ids(), seed, every)
    play_game(mode, bots, seed, round_cap=cap, on_step=w, state=make() if make else None)
    assert w.steps[Step.MOVE] > 10 and w.steps[Step.RECRUIT] + w.steps[Step.ACTION] > 0, w.steps
    assert w.refused, label


def test_deep_games_reach_every_step_and_every_kind_of_refusal():
    """Greedy play that grabs rare decisions (runestones, gifts, strikes,
    haste, epic cards) reaches every step of the table; refusals of movement,
    combat, recruiting, haste, potions and the turn's order are among those
    checked."""
    rules = rule_ids()
    steps: Counter = Counter()
    refused: Counter = Counter()
    legal_seen: Counter = Counter()
    for mode, players, seed in (("episch", 2, 50_002), ("episch", 3, 50_000)):
        w = Witness(rules, seed, 6)
        play_game(mode, [Curious()] * players, seed, round_cap=60, on_step=w)
        steps.update(w.steps)
        refused.update(w.refused)
        legal_seen.update(w.legal)
    for s in (Step.BEACH, Step.GODE, Step.MOVE, Step.COMBAT, Step.SILVER, Step.ACTION, Step.RECRUIT, Step.HASTE,
              Step.TURNEND, Step.GIFT):
        assert steps[s] > 0, (s, steps)
    keys = {k for _, k in refused}
    for key in ("not_neighbour", "climb", "hero_no_step", "no_step_left", "no_combat", "no_strike",
                "recruit_figure", "recruit_middle", "belongs", "no_potion", "nothing_to_end", "no_beach",
                "not_in_combat", "one_action_taken"):
        assert key in keys, (key, sorted(keys))
    for verb in ("step", "fight", "recruit", "haste", "end", "silver", "gode", "gift", "beach", "blitz"):
        assert legal_seen[verb] > 0, (verb, legal_seen)


def test_every_guard_of_the_table_names_a_rule_and_a_key_of_both_catalogues():
    """... and every verb decided at some step says how it is applied
    (a combat's stage verbs are applied by the combat)."""
    rules = rule_ids()
    for verb in (*TABLE, *CampaignState.verbs):
        assert verb.rule in rules, verb.name
        assert verb.apply is not None or not verb.steps, verb.name
        for g in (*verb.guards, *verb.elsewhere):
            assert g.rule in rules, (verb.name, g.rule)
            assert g.key in EN and g.key in DE, (verb.name, g.key)
