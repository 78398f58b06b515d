"""The end screen's turning points at real choices (#30): the persons'
decisions are reviewed in a thread (bots/review.py) while the screen shows
the curve's swings; then it says the costliest decisions measured against
the best alternative, in the very sentence ``thorskliff analyse --budget``
prints; leaving the screen gives the review up."""

from __future__ import annotations

from pathlib import Path

from helpers import begin, place, position
from uihelpers import until

from thorskliff import record
from thorskliff.bots.review import review
from thorskliff.ui import i18n
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.curveview import cost_line
from thorskliff.ui.results import combats_won, table
from thorskliff.ui.screens.result import ResultScreen
from thorskliff.ui.session import LocalSession

RECORDS = Path(__file__).resolve().parent.parent / "records"
#: enough for the search to tell the mistake below from the best beyond its noise (tests/test_review.py)
BUDGET = 200


def thrown_away():
    """R-AMBER-4 / R-WIN-1: P1 (Oleif) stands on the sanctuary with his third amber at
    the end of his turn and ends it instead of delivering; P2 (Bera), one step away,
    attacks him there, loses, and P1 delivers in his next turn: seven record lines."""
    st = position()
    place(st, 0, "S", hero=True)
    place(st, 1, "M1", hero=True)
    for q in (0, 1):
        st.players[q].amber, st.players[q].delivered = True, 2
    st.amber_supply -= 6
    begin(st, 0, phase=5)
    game = record.from_state(st)
    for line in ("end", "H M1-S", "end", "fight S"):
        game.submit(line, game.state.current_player())
    game.submit("deliver", 0)
    assert game.state.outcome().winner == 0
    return game


def box_text(app) -> str:
    """The turning points as the screen shows them, their rows joined (a long line wraps in the box)."""
    region = app.screen.query_one("#r-swings").region
    rows = ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]
    return " ".join(" ".join(row[region.x:region.right] for row in rows[region.y:region.bottom]).split())


async def test_the_end_screen_says_the_costliest_decision_as_review_finds_it(monkeypatch):
    monkeypatch.setattr(ResultScreen, "REVIEW_BUDGET", BUDGET)
    game = thrown_away()
    seats = [(p.name, p.colour) for p in game.state.players]
    worst = review(game, BUDGET, seats={0, 1}).worst(3)
    assert [(j.seat, j.chosen, j.best) for j in worst] == [(0, "end", "deliver")]
    said = cost_line(worst[0], seats)
    assert said.startswith("Runde 1, P1: Zug beenden statt Bernstein am Heiligtum abgeben kostete ")
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(80, 30)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        screen = app.screen
        await until(pilot, lambda: screen.reviewed is not None, "the review")
        await pilot.pause()
        text = box_text(app)
        assert f"① {said}" in text, text
        assert i18n.t("curve.costly_marked", marks="①") in text
        # the dice's swing stays, named as dice, and is never blamed on Bera's attack
        assert "② Runde 1, P2: Würfelglück −" in text, text
        assert text.count(" kostete ") == 1  # P1's mistake alone: Bera's steps were her best
        assert not screen.query_one("#r-review").display  # the progress line is gone
        # the screen opened again (the list of decisions does so) says it at once: no second review
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the island")
        obs = game.view(0)
        app.push_screen(ResultScreen(obs, table(obs, combats_won(game)), True, game=game))
        await until(pilot, lambda: isinstance(app.screen, ResultScreen) and app.screen.review_ended.is_set(),
                    "the end screen again")
        again = app.screen
        assert again is not screen and again.review_worker is None and again.reviewed is not None
        await pilot.pause()
        assert f"① {said}" in box_text(app)


async def test_the_swings_show_while_the_review_runs_and_leaving_cancels_it(monkeypatch):
    """A budget no review of a whole game finishes while the test runs: the screen
    says the curve's swings and how far the review is; Esc leaves the screen, and
    the review's thread gives up (checked at every iteration of a search)."""
    monkeypatch.setattr(ResultScreen, "REVIEW_BUDGET", 10 ** 7)
    game = record.load(RECORDS / "base3-greedy.tkr")
    app = ThorsApp(session=LocalSession(game), handover=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        screen = app.screen
        await until(pilot, lambda: screen.review_progress[1] > 0, "the review's first progress")
        await pilot.pause()
        total = screen.review_progress[1]
        assert total > 50  # three persons' decisions with two or more choices
        assert i18n.t("curve.reviewing", done=0, total=total) in box_text(app) or \
            i18n.t("curve.reviewing", done=0, total=total) in str(screen.query_one("#r-review").render())
        assert i18n.t("curve.swings_marked", marks="① ② ③") in box_text(app)
        worker = screen.review_worker
        assert worker is not None and worker.is_running and not screen.review_ended.is_set()
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is not screen, "the island")
        await until(pilot, screen.review_ended.is_set, "the review's thread to give up")
        assert worker.is_cancelled and screen.reviewed is None
        assert screen.review_progress[0] == 0


async def test_bots_decisions_are_not_reviewed():
    """Only the persons' decisions are judged: with bots alone there is nothing to
    review, and the curve's swings stay."""
    session = LocalSession(record.load(RECORDS / "duell-greedy.tkr"), bots={0: "greedy", 1: "greedy"})
    app = ThorsApp(session=session, handover=False, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ResultScreen), "the end screen")
        screen = app.screen
        await pilot.pause()
        assert screen.review_worker is None and screen.review_ended.is_set()
        assert not screen.query_one("#r-review").display
        assert i18n.t("curve.swings_marked", marks="① ② ③") in box_text(app)


def test_the_seats_reviewed_are_the_persons_and_at_a_hosted_table_the_viewers():
    from types import SimpleNamespace

    from thorskliff.ui.screens.result import reviewed_seats

    game = record.load(RECORDS / "base4-greedy.tkr")
    assert reviewed_seats(game, False, None) == {0, 1, 2, 3}
    game.setup.bots = {1: "greedy", 3: "schwer"}
    assert reviewed_seats(game, False, None) == {0, 2}
    assert reviewed_seats(game, True, SimpleNamespace(seat=2)) == {2}
    assert reviewed_seats(game, True, SimpleNamespace(seat=None)) == set()  # a spectator
