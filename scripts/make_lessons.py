"""How the shipped lessons' positions were made (scenarios/tutorial/*.toml,
docs/tutorial.md): a Duell after the beaches (seed 7), changed by hand per
lesson, written with thorskliff.position.to_position. Run it to print one
lesson's [position] table: ``python scripts/make_lessons.py schritte``.
The lesson files hold the positions themselves; this script is not read by
the game."""

from __future__ import annotations

import sys

from thorskliff.engine.actions import hexindex as X
from thorskliff.game import Game
from thorskliff.position import to_position


def duell():
    g = Game.new("duell", [("Du", "Bera", "brown"), ("Gegner", "Oleif", "black")], seed=7, first=1)
    g.submit("beach 1c3")
    g.submit("beach 2c3")
    return g.state  # seat 1 (Du, on 2c3) moves, round 1; Gegner's hero on 1c3


def warriors(st, seat, *hexes):
    for h in hexes:
        st.wc[seat][X(h)] += 1
        st.players[seat].supply -= 1


def hero(st, seat, h):
    st.players[seat].hero_at = X(h)


def schritte(st):
    pass


def silber(st):
    warriors(st, 0, "2c1", "2b2", "1b1", "2b1")


def rekrutieren(st):
    warriors(st, 0, "2c2")


def kampf(st):
    warriors(st, 0, "2c3")
    warriors(st, 1, "2c2", "2c2")


def traenke(st):
    hero(st, 0, "2a1")


def troll(st):
    hero(st, 0, "2a1")
    warriors(st, 0, "2b2", "2a1")


def bernstein(st):
    hero(st, 0, "M2")


def eile(st):
    st.players[0].potions = [("eile", 2)]
    st.potion_supply["eile"] -= 1


def ohnmacht(st):
    p = st.players[0]  # fainted in the last round: this is its X turn (R-FAINT-3)
    p.faint = 2
    p.hero_at = -1
    p.life = 0
    p.amber = False
    st.amber_supply += 1
    warriors(st, 0, "2b2")


def gode(st):
    p = st.players[0]
    p.gode_at = X("2b2")
    p.marker = "blitz"
    warriors(st, 1, "2b1")


def wisent(st):
    hero(st, 0, "2c2")
    warriors(st, 0, "2b3", "2b2", "2a1", "2b1")


def runenstein(st):
    hero(st, 0, "2c4")
    p = st.players[0]
    p.delivered = 2
    p.track = []
    p.supply += 3
    st.amber_supply -= 2
    warriors(st, 0, "2a1", "2b3")


LESSONS = {f.__name__: f for f in (schritte, silber, rekrutieren, kampf, traenke, troll, bernstein, eile, ohnmacht, gode,
                                   wisent, runenstein)}


def position(name: str) -> str:
    st = duell()
    LESSONS[name](st)
    st.touched()
    return to_position(st)


if __name__ == "__main__":
    print(position(sys.argv[1]))
