"""A whole campaign in the app (issue 18, "Measured"): one person and two bot
heroes play chapters 1 → 2 → 3 through the screens — the group page, the
chapter's cards, the game screen with the bots deciding in their worker, the
end of each chapter and back to the group table. The person's decisions are
scripted (the greedy policy, submitted through the game screen as a player's
decisions are); at every chapter start the carried cards are checked against
what the group table says and what the seats hold. Chapters 1 and 2 are
played in the short variant to keep the run time modest."""

from __future__ import annotations

import asyncio
import random
import sys
import time
from pathlib import Path

import pytest

from textual.widgets import Checkbox

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "campaign"))

from campaign_helpers import greedy_policy  # noqa: E402
from test_campaign_ui import text_of  # noqa: E402

from thorskliff.campaign.table import CampaignTable  # noqa: E402
from thorskliff.engine.actions import fmt  # noqa: E402
from thorskliff.ui.app import ThorsApp  # noqa: E402
from thorskliff.ui.screens.campaign import GroupScreen, table_of  # noqa: E402
from thorskliff.ui.screens.campaign_card import CardScreen  # noqa: E402
from thorskliff.ui.screens.campaign_game import CampaignGameScreen  # noqa: E402
from thorskliff.ui.screens.summary import CombatSummary, SinceSummary  # noqa: E402
from thorskliff.ui.widgets.campaign import carried_title  # noqa: E402

MEMBERS = [("Ann", "Bera", "brown"), ("Knut", "Oleif", "black", "heuristic"), ("Ulf", "Jorund", "grey", "heuristic")]
PERSON = 0


async def _play_chapter(pilot, app, number: int) -> dict:
    """From the group page: check what is carried in, begin, play to the
    end, back to the group table. Returns what was seen."""
    page = app.screen
    assert isinstance(page, GroupScreen)
    table = table_of(app)
    group = table.group("Solo")
    assert f"Als Nächstes: Kapitel {number}" in text_of(page.query_one("#grp-next"))
    from thorskliff.campaign.chapter import load_chapter

    takes = load_chapter(number).carry
    carried = {q: [c for c in cards if c in takes] for q, cards in group.carried.items()}
    carried = {q: c for q, c in carried.items() if c}
    if carried:  # the page says what goes in, and who brings it
        said = text_of(page.query_one("#grp-carry"))
        for q, cards in carried.items():
            assert MEMBERS[q][0] in said and all(carried_title(c) in said for c in cards)
    else:
        assert not page.query("#grp-carry")
    shorts = page.query("#grp-short")
    if shorts:
        shorts.first(Checkbox).value = True
    page.query_one("#grp-begin").press()
    await pilot.pause()
    gs = None
    policy, rng = greedy_policy(), random.Random(number)
    person_decisions = bot_decisions = 0
    summaries = {"CombatSummary": 0, "SinceSummary": 0}
    started = False
    for _ in range(200000):
        # not pilot.pause(): with bots deciding without a pause the screen is never idle
        await asyncio.sleep(0.002)
        if isinstance(app.screen, CardScreen):
            if app.screen.query("#card-body"):  # drawn: read aloud, then on (Enter)
                app.screen.action_next()
            continue
        if isinstance(app.screen, (CombatSummary, SinceSummary)):  # read, then on (Enter)
            if app.screen.query("#sum-go"):  # drawn
                summaries[type(app.screen).__name__] += 1
                app.screen.action_go()
            await asyncio.sleep(0.002)
            continue
        if gs is None:
            gs = next(s for s in app.screen_stack if isinstance(s, CampaignGameScreen))
        session = gs.session
        st = session.state
        if not started:  # the carry-overs are in the seats' hands from the first decision on
            started = True
            assert st.chapter.number == number
            for q, cards in carried.items():
                assert set(cards) <= set(st.held[q]), (number, q, cards, st.held[q])
            assert session.bots == {1: "heuristic", 2: "heuristic"}
        if st.is_terminal():
            break
        d = session.decider()
        if d == PERSON and gs.viewer == PERSON:  # the person holds the keyboard (the screen has synced)
            a = policy(st, st.legal_actions(), rng)
            assert gs.decide(fmt(a)), (fmt(a), gs.viewer, str(gs.query_one("#status").content))
            person_decisions += 1
        # else: a bot's seat: its worker decides
    else:
        st = gs.session.state if gs else None
        raise AssertionError(f"chapter {number} did not end: round {st and st.round}, step {st and st.step}, "
                             f"decider {gs and gs.session.decider()}, viewer {gs and gs.viewer}, screen {app.screen!r}")
    bot_decisions = sum(1 for line in gs.session.game.lines if line.partition(" ")[0] in ("2", "3"))
    outcome = gs.session.state.outcome()
    for _ in range(200):  # the winner's cards and the epilogue
        await asyncio.sleep(0.01)
        if isinstance(app.screen, CardScreen):
            if app.screen.query("#card-body"):
                app.screen.action_next()
        elif isinstance(app.screen, (CombatSummary, SinceSummary)):
            if app.screen.query("#sum-go"):
                app.screen.action_go()
        elif app.screen is gs and gs.end_shown:
            break
    assert gs.decision_items() == [("@group", "Zur Gruppentafel", True)]
    gs.decide("@group")
    await pilot.pause()
    assert isinstance(app.screen, GroupScreen)
    res = table.group("Solo").results[number]
    assert (res.winner, res.reason) == (outcome.winner, outcome.reason)
    return {"person": person_decisions, "bots": bot_decisions, "result": (res.winner, res.reason), **summaries}


@pytest.mark.timeout(900)  # three chapters through the screens: about two minutes alone, more on a busy machine
async def test_one_person_and_two_bot_heroes_play_the_whole_campaign():
    with CampaignTable() as table:
        table.create_group("Solo", MEMBERS)
    app = ThorsApp(handover=False, seed=21, bot_delay=0)
    seen = []
    t0 = time.perf_counter()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_campaign()
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        for number in (1, 2, 3):
            seen.append(await _play_chapter(pilot, app, number))
        assert "Die Kampagne ist zu Ende." in text_of(app.screen.query_one("#grp-next"))
    with CampaignTable() as table:
        assert sorted(table.group("Solo").results) == [1, 2, 3]
    assert all(s["person"] > 0 and s["bots"] > 0 for s in seen)
    # the person is told what the two bots did before each of their turns
    assert all(s["SinceSummary"] > 0 for s in seen), seen
    print(f"\nwhole campaign: {seen}; {time.perf_counter() - t0:.1f} s")
