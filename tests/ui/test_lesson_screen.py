"""The Lehrgang in the app (issue #29), played as a person would: from the
list, each lesson with its solution typed in notation (the coach's lines as
stated, the goal reached, the lesson marked finished) and with its wrong try
(the goal missed, the coach says why); a refusal says the engine's reason;
Nochmal begins again; the title screen leads there."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static

from uihelpers import paste_text, until

from thorskliff.tutorial.lesson import load_all
from thorskliff.tutorial.progress import Progress
from thorskliff.tutorial.run import DONE, FAILED
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.lesson import LessonListScreen, LessonScreen

LESSONS, _ = load_all()
IDS = [les.id for les in LESSONS]


def coach(screen) -> str:
    return str(screen.query_one("#coach", Static).content)


async def open_lesson(pilot, i: int) -> LessonScreen:
    await until(pilot, lambda: isinstance(pilot.app.screen, LessonListScreen), "the list")
    for _ in range(i - pilot.app.screen.query_one(OptionList).highlighted):
        await pilot.press("down")
    await pilot.press("enter")
    await until(pilot, lambda: isinstance(pilot.app.screen, LessonScreen) and pilot.app.screen.ready, "the lesson")
    return pilot.app.screen


async def decide(pilot, screen: LessonScreen, text: str) -> None:
    """``text`` typed in notation (':'), as a person may; a fight's summary is
    closed first, and 'end' with an amber to deliver is confirmed (the game asks)."""
    from thorskliff.ui.screens.choose import ChooseScreen

    await close_summaries(pilot, screen)
    made, lines = screen.run.taken, len(screen.run.game.lines)
    await pilot.press("colon")
    await paste_text(pilot, text)
    await pilot.press("enter")
    await until(pilot, lambda: screen.run.taken > made or screen.run.refused is not None
                or len(screen.run.game.lines) > lines or isinstance(pilot.app.screen, ChooseScreen), f"{text} taken")
    if isinstance(pilot.app.screen, ChooseScreen):  # "Bernstein abliefern?": end anyway
        await pilot.press("down", "enter")
        await until(pilot, lambda: screen.run.taken > made, f"{text} confirmed")
    await pilot.pause()


async def close_summaries(pilot, screen) -> None:
    """A fight's summary stands over the lesson, as in any game: read, then closed."""
    from thorskliff.ui.screens.combat import CombatScreen

    for _ in range(5):
        if pilot.app.screen is screen and not screen.run.status == "playing" and screen._combat is not None:
            await pilot.pause()
        if pilot.app.screen is screen or isinstance(pilot.app.screen, CombatScreen):
            return
        await pilot.press("escape")
        await pilot.pause()
    assert pilot.app.screen is screen, pilot.app.screen_stack


@pytest.mark.parametrize("i", range(len(LESSONS)), ids=IDS)
async def test_each_lesson_with_its_solution(i, tmp_path):
    les = LESSONS[i]
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, i)
        assert les.text("title", "de") in coach(screen) and les.text("goal", "de") in coach(screen)
        for step in les.steps:
            assert les.text(step.coach, "de") in coach(screen)
            await decide(pilot, screen, step.do)
            assert screen.run.refused is None, coach(screen)
        assert screen.run.status == DONE
        said = coach(screen)
        assert "Geschafft!" in said and les.text("done", "de") in said and "n Nochmal" in said
        assert les.id in Progress(app_data()).finished
        await close_summaries(pilot, screen)
        await pilot.press("q")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "back at the list")
        listed = str(app.screen.query_one(OptionList).get_option_at_index(i).prompt)
        assert listed.startswith("✓") and les.text("title", "de") in listed


@pytest.mark.parametrize("i", range(len(LESSONS)), ids=IDS)
async def test_each_lesson_with_its_wrong_try(i):
    les = LESSONS[i]
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, i)
        for line in les.wrong:
            if screen.run.status != "playing":
                break
            await decide(pilot, screen, line)
        assert screen.run.status == FAILED
        said = coach(screen)
        assert "Ziel verfehlt." in said and les.text("fail", "de") in said
        assert les.id not in Progress(app_data()).finished
        await close_summaries(pilot, screen)
        await pilot.press("n")  # Nochmal: the lesson from its start
        await until(pilot, lambda: app.screen is not screen and isinstance(app.screen, LessonScreen)
                    and app.screen.ready, "the lesson again")
        assert app.screen.run.status == "playing" and app.screen.run.made == 0
        assert les.text(les.steps[0].coach, "de") in coach(app.screen)


async def test_a_refusal_says_the_engines_reason_and_the_coach_marks_hexes_and_decision():
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, 0)
        targets, _ = screen._targets()
        assert targets == {screen._index("2c3"), screen._index("2c2")}
        marked = [str(p) for d, p, ok in screen.decision_items() if str(p).startswith("▶ ")]
        assert marked and "2c2" in marked[0]
        await decide(pilot, screen, "H 2c3-2c4")  # legal, but the coach's hexes stay marked
        await decide(pilot, screen, "H 2c4-1c4")
        said = coach(screen)
        assert "Nicht erlaubt:" in said and screen.run.taken == 1 and screen.run.made == 0, said
        assert "Das war nicht der Schritt dieser Lektion (u nimmt ihn zurück, n beginnt neu)." in said


async def test_the_title_screen_leads_to_the_lehrgang():
    app = ThorsApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        assert app.screen.query_one(OptionList).option_count == len(LESSONS) + 1  # and the first game with tips


async def test_a_damaged_progress_file_is_named_above_the_list():
    d = app_data()
    d.mkdir(parents=True, exist_ok=True)
    (d / "tutorial.json").write_text("kaputt")
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, LessonListScreen), "the list")
        notice = str(app.screen.query_one("#notice", Static).content)
        assert "beschädigt" in notice and "tutorial.json" in notice


def app_data():
    from thorskliff.ui.saves import data_dir

    return data_dir()


async def test_in_a_fight_the_combat_dialog_shows_the_coachs_line():
    from thorskliff.ui.screens.combat import CombatScreen

    i = IDS.index("kampf")
    les = LESSONS[i]
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_lesson(pilot, i)
        for step in les.steps[:-1]:
            await decide(pilot, screen, step.do)
        await until(pilot, lambda: isinstance(app.screen, CombatScreen), "the combat dialog")
        await pilot.pause()
        shown = str(app.screen.query_one("#c-prompt", Static).content)
        assert les.text("s5", "de") in shown  # "Lege die zweite 1 auch auf Krieger 1 (1>W1) …"


async def test_the_lists_cursor_starts_on_the_coachs_decision():
    """A play-test (tmux, 120x40): in the fight lesson Tab and Enter took 'Heldin 2c3 → 2c4',
    the list's first entry; the cursor now starts on the decision the coach names."""
    app = ThorsApp(tutorial=True, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_lesson(pilot, IDS.index("kampf"))
        await pilot.pause()
        lst = screen.decisions
        assert lst.get_option_at_index(lst.highlighted).id.endswith(":H 2c3-2c2")
        await pilot.press("tab", "enter")
        await until(pilot, lambda: screen.run.taken == 1, "a decision")
        assert screen.run.made == 1 and not screen.run.off_path
