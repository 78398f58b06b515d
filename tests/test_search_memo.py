"""The search asks the heuristic once per searched decision for each
decision up to an iteration's first roll (issue 17, speed): the same
decisions since the root, deciding seat, legal decisions and potions of
that seat give the same answer whatever the deal, so remembering them may
not change a single visit or mean at the root."""

from __future__ import annotations

import pytest
from test_search_pinned import root_figures, searched_position

from thorskliff.bots.search import SearchBot


@pytest.mark.parametrize("where", [("duell", 2, 12, 90), ("base", 3, 14, 130), ("base", 4, 15, 160)])
def test_remembered_answers_change_nothing_at_the_root(monkeypatch, where):
    st = searched_position(*where)
    asked = []
    ask = SearchBot._ask
    monkeypatch.setattr(SearchBot, "_ask", lambda self, *a: asked.append(a[0].decisions) or ask(self, *a))
    remembered = root_figures(monkeypatch, st, 60, where[2])
    with_memory = len(asked)
    asked.clear()
    monkeypatch.setattr(SearchBot, "_heuristic",
                        lambda self, st, legal, rng, clock=None: SearchBot._ask(self, st, legal, rng))
    assert root_figures(monkeypatch, st, 60, where[2]) == remembered
    assert with_memory < len(asked)
