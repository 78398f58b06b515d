"""Snapshots of the summaries drawn from events, at 80x24 and 120x40: the
rulebook's combat example (variant A) as Bera reads it, and "since your last
turn" after a bot's turn in a Duell. Update with ``--snapshot-update`` after
a deliberate change, and look at the pictures."""

from __future__ import annotations

import pytest
from helpers import begin, place, position
from test_event_views import example_session, up
from uihelpers import game_of, until

from thorskliff.engine import events as E
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.summary import CombatSummary, SinceSummary
from thorskliff.ui.session import LocalSession

SIZES = [(80, 24), (120, 40)]


def log_at_end(app, last: str = "") -> bool:
    """The game screen's log (under the dialog) shows its last row, which says ``last``."""
    from thorskliff.ui.widgets.gamelog import GameLog

    log = app.screen_stack[-2].query_one(GameLog)
    return (bool(log.lines) and log.max_scroll_y > 0 and log.scroll_y >= log.max_scroll_y
            and last in log.lines[-1].text)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_combat_summary(snap_compare, size):
    app = ThorsApp(session=example_session(), handover=False)

    async def fight(pilot):
        await until(pilot, lambda: app.screen.__class__.__name__ == "CombatScreen" and app.screen.last is not None,
                    "the combat dialog")
        gs = app.screen.gs
        for h in ("1>H", "2>W1", "2>W2"):
            assert gs.decide(h), h
            await pilot.pause()
        await until(pilot, lambda: up(app, CombatSummary), f"the summary ({app.screen}, {gs.session.state.step})")
        # the summary's footer is filled after its first refresh (one pause was not enough on a busy machine)
        await until(pilot, lambda: len(app.screen.query("FooterKey")) > 0, "the summary's footer")
        # and the log behind it scrolls to its newest rows after a refresh of its own (once, on a
        # busy machine, the picture caught it before: "Gegenwurf" where "Beute" belongs)
        # (written as the game screen redraws: a loaded CI run caught the rows up to "Gegenwurf"
        # at their end, the combat's last three rows, to "Beute", written after the wait)
        await until(pilot, lambda: log_at_end(app, "Beute"), "the log behind at its newest rows")
        # and painted there: the picture once showed the rows scrolled to and once those before
        # (on a busy machine, the 80x24 log's last row "▲  Beute: …" where the stored picture
        # had the row above it), as the since-summary's shot below did
        from thorskliff.ui.widgets.panels import GameLog

        for lg in app.screen_stack[-2].query(GameLog):
            lg.refresh()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=fight)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_since_your_last_turn_after_a_bot(snap_compare, size):
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=2)
    place(st, 1, "3c2", hero=True, warriors=3)
    begin(st, 0, 1)
    session = LocalSession(game_of(st, auto_chance=True), bots={1: "greedy"})
    app = ThorsApp(session=session, handover=True, bot_delay=0)

    async def pass_turn(pilot):
        await until(pilot, lambda: getattr(app.screen, "ready", False), "the game")
        while not any(isinstance(e, E.TurnBegan) and e.seat == 1 for evs in session.events(0) for e in evs):
            app.screen.decide("end")
        await until(pilot, lambda: up(app, SinceSummary), "since your last turn")
        # the summary's footer is filled after its first refresh (one pause was not enough on a busy machine)
        await until(pilot, lambda: len(app.screen.query("FooterKey")) > 0, "the summary's footer")
        # and the log behind it scrolls to its newest rows after a refresh of its own (once, on a
        # busy machine, the picture caught it before: "Gegenwurf" where "Beute" belongs)
        await until(pilot, lambda: log_at_end(app), "the log behind at its newest rows")
        await pilot.pause()
        # the log below is written when the game screen redraws (the shot caught it two lines short)
        from thorskliff.ui.widgets.panels import GameLog

        logs = [lg for screen in app.screen_stack for lg in screen.query(GameLog) if lg.display]
        await until(pilot, lambda: logs and all(lg.lines and "Runde 2: P1 ist am Zug" in lg.lines[-1].text
                                                and lg.scroll_y >= lg.max_scroll_y for lg in logs), "the whole log")
        for lg in logs:  # and painted under the box
            lg.refresh()
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=pass_turn)
