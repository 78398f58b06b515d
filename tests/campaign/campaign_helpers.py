"""Shared helpers of the campaign tests: chapter states, drivers that play a
chapter to its end, and a compact snapshot to compare card effects with."""

from __future__ import annotations

import random
from pathlib import Path

from thorskliff.engine.actions import Action, hexindex
from thorskliff.bots.greedy import GreedyBot
from thorskliff.campaign import CampaignState
from thorskliff.engine.state import CHANCE

HERE = Path(__file__).resolve().parent
SEATS = [("Ann", "Bera", "brown"), ("Bo", "Jorund", "black"), ("Cy", "Oleif", "grey"), ("Di", "Raghild", "white")]
END = Action("end")


def H(label: str) -> int:
    return hexindex(label)


def new(chapter: int | str = 1, n: int = 4, seed: int = 1, **kw) -> CampaignState:
    return CampaignState.new_chapter(SEATS[:n], chapter, seed, **kw)


def clear_board(st: CampaignState) -> None:
    """Heroes off the board, warriors back to supply: a test places what it needs."""
    for p in st.players:
        p.hero_at = p.gode_at = -1
        p.supply += sum(st.wc[p.seat])
    for w in st.wc:
        for h in range(len(w)):
            w[h] = 0


def begin(st: CampaignState, seat: int, phase: int) -> CampaignState:
    """Start ``seat``'s turn (start-of-turn effects run) at ``phase``."""
    st.time_round = max(st.time_round, st.round)
    st._begin_turn(seat)
    if phase > 0 and st.result is None and st.step != "card":
        st._reset_turn()
        st._enter_phase(phase)
    st._legal = None
    return st


def legal(st: CampaignState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def read(st: CampaignState, cid: str, reader: int | None, *choices: str) -> None:
    """Read card ``cid`` for ``reader`` now, answering its decisions in order."""
    st.read_card(cid, reader, ("return", st.step, st.decider), "test")
    st._legal = None
    for c in choices:
        assert st.step == "card", f"no decision due for {c!r}"
        st.apply_action(f"choose {c}")
    assert st.step != "card", f"{cid} still waits for {st.waiting.seat + 1}"


def snapshot(st: CampaignState) -> dict:
    out: dict = {"rules": frozenset(st.rules), "rifts": len(st.rifts), "trolls": sum(st.troll),
                 "result": st.result, "goal": (st.mode.goal_ambers, st.mode.goal_crystals),
                 "epic_free": frozenset(st.epic_free), "amber_price": st.amber_price}
    for p in st.players:
        q = p.seat
        out.update({
            f"taler{q}": p.taler, f"supply{q}": p.supply, f"board{q}": sum(st.wc[q]),
            f"potions{q}": tuple(sorted(p.potions)), f"life{q}": p.life, f"max{q}": p.max_life,
            f"held{q}": tuple(st.held[q]), f"crystals{q}": p.crystals, f"gode{q}": p.gode_at,
            f"epic{q}": p.epic, f"cbonus{q}": p.cbonus,
        })
    return out


def changes(before: dict, after: dict) -> dict:
    return {k: after[k] for k in after if after[k] != before[k]}


def passive(st: CampaignState, legal_: list[Action], rng: random.Random) -> Action:
    """Never delivers, never fights when it can help it: the chapter runs into darkness."""
    if END in legal_:
        return END
    quiet = [a for a in legal_ if a.verb not in ("deliver", "fight", "step")]
    return (quiet or legal_)[0]


def greedy_policy():
    bot = GreedyBot(strict=True)

    def policy(st, legal_, rng):
        return bot.choose(st.observation(st.current_player()), legal_, rng)
    return policy


def play_out(st: CampaignState, policy, seed: int = 0, max_steps: int = 40000, on_round=None) -> CampaignState:
    """Play to the end; ``on_round(st)`` sees the state whenever a new round starts."""
    rng = random.Random(seed)
    seen = st.round
    if on_round:
        on_round(st)
    for _ in range(max_steps):
        if st.is_terminal():
            return st
        if st.round != seen and st.step != "card":
            seen = st.round
            if on_round:
                on_round(st)
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance())
        else:
            st.apply_action(policy(st, st.legal_actions(), rng))
    raise AssertionError(f"no end after {max_steps} decisions (round {st.round}, step {st.step})")


def replay(st: CampaignState) -> CampaignState:
    """The same chapter rebuilt from its seed and its decisions."""
    again = CampaignState.new_chapter([(p.name, p.hero, p.colour) for p in st.players], st.chapter, st.seed,
                                      short=st.short, start=st.start_seat,
                                      carried={q: [c for c, s, r, how in st.card_log if s == q and how == "setup"
                                                   and c in st.chapter.carry] for q in range(st.num_players)})
    for line in st.history:
        again.apply_action(line)
    return again
