"""Win chances of a seat's decisions (issue 17, hints): thorskliff.bots.chances.

An exact Duell position: seat 1's hero carries its third amber on M1, next
to the sanctuary; stepping there and delivering wins at once (R-AMBER-3,
R-AMBER-4, R-WIN-1). Seat 2's hero carries its third amber on M3, also next
to the sanctuary: any other decision lets seat 2 win on its turn.
"""

from __future__ import annotations

import pytest
from helpers import begin, place, position

from thorskliff.bots.chances import top_choices
from thorskliff.engine.actions import Action, parse


def race(kinds=("heil", "kraft")):
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True, warriors=2)
    place(st, 1, "M3", hero=True)
    for p in st.players:
        p.amber = True
        p.delivered = st.mode.goal_ambers - 1
    st.players[1].potions = [(k, 1) for k in kinds]  # face down: seat 1 may not see their kinds
    for k in kinds:
        st.potion_supply[k] -= 1
    begin(st, 0, 0)
    return st


def test_top_choices_are_ordered_probabilities_with_the_winning_step_first():
    st = race()
    got = top_choices(st, 0, n=3, iterations=120)
    assert len(got) == 3
    assert all(isinstance(a, Action) and a in st.legal_actions() for a, _ in got)
    assert len({a for a, _ in got}) == 3
    chances = [q for _, q in got]
    assert all(0.0 <= q <= 1.0 for q in chances)
    assert chances == sorted(chances, reverse=True)
    assert got[0] == (parse("H M1-S"), 1.0)  # delivering the third amber ends the game (R-AMBER-4)
    assert chances[1] < 0.5  # anything else leaves seat 2 the sanctuary next turn
    assert top_choices(st, 0, n=3, iterations=120) == got  # the same position gives the same hint
    assert len(top_choices(st, 0, n=1, iterations=40)) == 1


def fight(kinds):
    """Seat 1's hero (M1, 2 warriors) next to seat 2's hero (M2, 1 warrior),
    both carrying their second amber beside the sanctuary: stepping in is a
    fight, where seat 2's face-down potions count (Krafttrank R-POT-5,
    Schutztrank R-POT-6, Heiltrank R-POT-4) — but seat 1 may not know their
    kinds (R-POT-1)."""
    st = position(("Oleif", "Bera"))
    place(st, 0, "M1", hero=True, warriors=2)
    place(st, 1, "M2", hero=True, warriors=1)
    for p in st.players:
        p.amber = True
        p.delivered = 1
    st.players[1].potions = [(k, 1) for k in kinds]
    for k in kinds:
        st.potion_supply[k] -= 1
    begin(st, 0, 0)
    return st


def test_the_hint_does_not_depend_on_the_other_seats_secret_potions():
    """The same position (same seed) with other face-down kinds at seat 2,
    and so another supply: the same decisions with the same chances, to the
    last digit. (With seat 2's kinds leaked into the search, the three
    answers differ: that is what this test would catch.)"""
    base = top_choices(fight(("kraft", "kraft")), 0, iterations=80)
    assert any(0.05 < q < 0.95 for _, q in base)  # not a position where nothing could differ
    for kinds in (("heil", "schutz"), ("schutz", "schutz")):
        st = fight(kinds)
        assert top_choices(st, 0, iterations=80) == base
        assert st.players[1].potions != fight(("kraft", "kraft")).players[1].potions


def test_progress_and_stop():
    seen = []
    got = top_choices(race(), 0, iterations=60, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(d, 60) for d in range(10, 61, 10)] and got
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 25

    short = top_choices(race(), 0, iterations=10_000, stop=stop)
    assert len(calls) == 26 and 1 <= len(short) <= 3  # ended after 25 iterations, ranked what it had


def test_a_seat_that_does_not_decide_gets_no_hint():
    with pytest.raises(ValueError, match="seat 2"):
        top_choices(race(), 1)
