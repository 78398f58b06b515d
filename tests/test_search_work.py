"""Schwer's budget (issue 17: a person waits at most 1 s at the 95th
percentile): ``search:<n>it/<m>h`` stops after the iteration in which the
rollouts reach ``m`` decisions asked of the heuristic bot, and is as
deterministic as an iteration budget."""

from __future__ import annotations

import random

import pytest
from test_search_pinned import searched_position

from thorskliff.bots.registry import LEVELS, bot_label, make_bot
from thorskliff.bots.search import SearchBot, public_state


def search(st, bot: SearchBot, seed: int = 5):
    seat = st.current_player()
    asked = []
    real = bot._iterate

    def counted(*a):  # the heuristic's decisions asked up to the end of every iteration
        real(*a)
        asked.append(bot._asked)

    bot._iterate = counted
    a = bot.choose_public(public_state(st, seat), list(st.legal_actions()), random.Random(seed))
    return a, asked


@pytest.mark.parametrize("where", [("base", 4, 15, 160), ("base", 3, 14, 130)])
def test_the_cap_stops_after_the_iteration_that_reaches_it(where):
    st = searched_position(*where)
    _, uncapped = search(st, SearchBot(iterations=60))
    assert len(uncapped) == 60
    cap = uncapped[29] - 1  # reached in the 30th iteration, not before
    a, capped = search(st, SearchBot(iterations=60, work=cap))
    assert len(capped) == 30 and capped[-2] < cap <= capped[-1]
    assert capped == uncapped[:30]  # the same iterations, stopped sooner
    assert search(st, SearchBot(iterations=60, work=cap)) == (a, capped)  # the same decision, every run
    _, iterations_first = search(st, SearchBot(iterations=10, work=cap))
    assert iterations_first == uncapped[:10]  # whichever budget runs out first
    _, work_only = search(st, SearchBot(work=cap))
    assert work_only == capped


def test_budget_names():
    bot = make_bot("search:400it/3000h")
    assert (bot.iterations, bot.work, bot.seconds) == (400, 3000, None)
    bot = make_bot("search:2500h")
    assert (bot.iterations, bot.work, bot.seconds) == (None, 2500, None)
    assert bot_label("search:400it/3000h") == "search:400it/3000h" and bot_label("search:2500h") == "search:2500h"
    assert repr(make_bot("search:2500h")) == "SearchBot(2500h)"
    for bad in ("search:0it/5h", "search:5it/0h", "search:/5h", "search:5h/4it", "search:1s/5h", "search:5it/h"):
        with pytest.raises(ValueError):
            make_bot(bad)
    hard = make_bot(LEVELS["schwer"])
    assert hard.iterations == 400 and hard.work == 2500
