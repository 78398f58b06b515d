"""The observation's hexes (issue 17, speed): built from the state's indexes
instead of a pass per hex, they must say exactly what the plain per-hex
reading below says — key for key, in the same order — at every decision of
seeded games in every mode (rifts, trolls, lying heroes, runestones and
fights come up along the way)."""

from __future__ import annotations

import json

import pytest

from thorskliff.bots.randombot import RandomBot
from thorskliff.bots.runner import play_game
from thorskliff.engine.observation import observe


def plain_hex(st, h: int) -> dict:
    """One hex read field by field from the state (the observation as it was)."""
    isl = st.island
    units = {}
    for q, p in enumerate(st.players):
        w = st.wc[q][h]
        hero = p.hero_at == h
        gode = p.gode_at == h
        if w or hero or gode:
            units[str(q + 1)] = {"hero": hero, "mounted": hero and p.wisent, "gode": gode, "warriors": w}
    kind = isl.kind[h]
    rift = st.rifts.get(h)
    return {
        "label": isl.labels[h], "kind": "rift" if rift else ("farm" if kind == "farm" else kind),
        "well": isl.well[h] and not rift, "rift": rift, "terrain": isl.terrain[h], "beach": isl.beach[h],
        "level": isl.level[h], "units": units, "troll": st.troll[h], "taler": st.taler_at.get(h, 0),
        "ambers": st.amber_at.get(h, 0), "crystals": st.crystal_at.get(h, 0),
        "lying": st.lying[h] + 1 if h in st.lying else None,
    }


@pytest.mark.parametrize("mode,n,seed", [("duell", 2, 3), ("base", 3, 4), ("base", 4, 5), ("episch", 4, 6)])
def test_hexes_say_what_a_plain_reading_says(mode, n, seed):
    seen = {"lying": 0, "units": 0, "rift": 0}

    def check(st, _a):
        if st.decisions % 3:
            return
        got = observe(st, st.decisions % n)["hexes"]
        want = [plain_hex(st, h) for h in range(st.island.size)]
        assert json.dumps(got) == json.dumps(want)  # the same keys in the same order, the same values
        seen["lying"] += bool(st.lying)
        seen["units"] += sum(len(hx["units"]) > 1 for hx in got)
        seen["rift"] += bool(st.rifts)

    play_game(mode, [RandomBot() for _ in range(n)], seed, round_cap=25, on_step=check)
    assert all(seen.values())  # the games did lay heroes down, put units together and open rifts
