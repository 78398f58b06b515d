"""Whole campaigns played by bots, headless (issue 18).

Each run is one group (2–4 heroes, all played by the same kind of bot, the
players' count and heroes following the seed) playing chapters 1 → 2 → 3 in
a row, each chapter starting with the cards the last one carried over
(``Group.finish``). It checks that every chapter ends (a win or the
Finsternis) and counts, for every chapter and seat, whether the seat held a
special card it could play (a card with a use: the Heiler, a Segen) and
whether it played one; Leifs Seekarte, which is not played but lets its
holder sail from beach to beach, is counted apart (held, sailed).

Prints one line per campaign and the totals; exits with 1 when a chapter
did not end or fewer than ``--need`` of the chapters in which a bot held a
playable card saw it play one.

Run: python scripts/bench_campaign.py [--runs 30] [--seed 1] [--bot heuristic] [--need 0.8]
"""

from __future__ import annotations

import argparse
import sys
import time

from thorskliff.bots.registry import make_bot
from thorskliff.bots.runner import play_game
from thorskliff.campaign import Group, Member
from thorskliff.campaign.state import CampaignState
from thorskliff.engine.player import COLOURS

HEROES = ("Raghild", "Bera", "Oleif", "Jorund")
CHAPTER_ROUNDS = 19  # the time track's last space is the Finsternis


def group_for(seed: int, bot: str) -> Group:
    n = 2 + seed % 3
    k = seed % 4
    heroes = (HEROES[k:] + HEROES[:k])[:n]
    return Group(f"bench{seed}", [Member(f"P{i + 1}", h, COLOURS[i], bot) for i, h in enumerate(heroes)])


class Watch:
    """What each seat held and played during one chapter. Only cards held
    while the chapter runs count (the winner's Segen, read at the end, is
    for the next chapter)."""

    def __init__(self, n: int):
        self.held = [False] * n  # a card with a use (Heiler, Segen)
        self.played = [False] * n
        self.charts = [False] * n  # Leifs Seekarte
        self.sailed = [False] * n
        self.uses = 0
        self.sails = 0

    def __call__(self, st: CampaignState, a) -> None:
        if a is not None and a.verb == "use":
            q = st.seat  # a card is played in one's own turn
            self.uses += 1
            self.played[q] = self.held[q] = True
        elif a is not None and a.verb == "step" and a.arg == "H" and a.b not in st.island.neighbours[a.a]:
            self.sails += 1
            self.sailed[st.seat] = True
        if st.is_terminal():
            return
        for q, cards in enumerate(st.held):
            if any(st.chapter.cards[c].use for c in cards):
                self.held[q] = True
            if any("sail" in st.chapter.cards[c].powers for c in cards):
                self.charts[q] = True


def campaign(seed: int, bot: str) -> list[dict]:
    g = group_for(seed, bot)
    out = []
    for number in (1, 2, 3):
        st = g.start(number, seed * 10 + number, start=seed % len(g.members))
        w = Watch(len(g.members))
        bots = [make_bot(m.bot) for m in g.members]
        r = play_game("", bots, st.seed, round_cap=CHAPTER_ROUNDS + 1, on_step=w, state=st)
        ended = r.state.is_terminal()
        if ended:
            g.finish(r.state)
        out.append({"chapter": number, "ended": ended, "winner": r.winner, "reason": r.reason, "rounds": r.rounds,
                    "held": sum(w.held), "played": sum(1 for h, p in zip(w.held, w.played) if h and p),
                    "uses": w.uses, "sails": w.sails, "charts": sum(w.charts),
                    "sailed": sum(1 for h, p in zip(w.charts, w.sailed) if h and p), "carried": {q: list(c) for q, c in g.carried.items()}})
        if not ended:
            break
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1, help="the first seed (runs use seed, seed+1, …)")
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--need", type=float, default=0.8)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    chapters = ended = held = played = uses = sails = charts = sailed = 0
    reasons: dict[str, int] = {}
    for seed in range(args.seed, args.seed + args.runs):
        rows = campaign(seed, args.bot)
        line = []
        for r in rows:
            chapters += 1
            ended += r["ended"]
            held += r["held"]
            played += r["played"]
            uses += r["uses"]
            sails += r["sails"]
            charts += r["charts"]
            sailed += r["sailed"]
            reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
            who = "draw" if r["winner"] is None else f"P{r['winner'] + 1}"
            line.append(f"ch{r['chapter']} {r['reason']}/{who} r{r['rounds']} held {r['held']} played {r['played']}")
        print(f"seed {seed} ({len(group_for(seed, args.bot).members)}p): " + " | ".join(line), flush=True)
    share = played / held if held else 1.0
    print(f"\n{args.runs} campaigns, {chapters} chapters, {ended} ended ({', '.join(f'{k} {v}' for k, v in sorted(reasons.items()))})")
    print(f"chapter-seats holding a special card to play (Heiler, Segen): {held}; of them played one: {played} "
          f"({share:.1%})")
    print(f"cards played: {uses}; chapter-seats holding Leifs Seekarte: {charts}, of them sailed: {sailed} "
          f"({sails} sails); {time.perf_counter() - t0:.1f} s")
    ok = ended == chapters == 3 * args.runs and share >= args.need
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
