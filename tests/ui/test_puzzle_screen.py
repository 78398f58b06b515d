"""The Rätsel screen (issue #30), as a person uses it: from the title (t),
the position and its choices, a wrong answer (the rating falls, the screen
says the solution), warum (every choice's chance), next, a right answer."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from uihelpers import until

from thorskliff.puzzles.fileformat import shipped
from thorskliff.puzzles.rating import Book
from thorskliff.ui.app import ThorsApp
from thorskliff.ui.screens.puzzle import PuzzleScreen
from thorskliff.ui.saves import data_dir


def said(screen, wid: str) -> str:
    return str(screen.query_one(f"#{wid}", Static).content)


async def pick(pilot, screen: PuzzleScreen, answer: str) -> None:
    menu = screen.query_one("#puzzle-choices", OptionList)
    want = [menu.get_option_at_index(i).id for i in range(menu.option_count)].index(answer)
    menu.highlighted = want
    await pilot.press("enter")
    await until(pilot, lambda: screen.answered is not None, "answered")


async def test_title_leads_to_raetsel_solve_why_next():
    app = ThorsApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("t")
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen), "the Rätsel screen")
        screen = app.screen
        p = screen.puzzle
        assert p is not None and "Rätsel " + p.id in said(screen, "puzzle-head")
        assert "Am Zug: Platz" in said(screen, "puzzle-ask")
        assert screen.query_one("#puzzle-choices", OptionList).option_count == len(p.choices)
        wrong = p.choices[1][0]
        await pick(pilot, screen, wrong)
        assert f"Falsch. Die Lösung ist {screen.said(p.solution)}." in said(screen, "puzzle-result")
        assert p.solution in screen.said(p.solution)  # words, then the notation in brackets
        assert Book(data_dir()).me.rating < 1500
        await pilot.press("w")
        await pilot.pause()
        text = said(screen, "puzzle-result")
        assert "Warum" in text and all(f"{screen.said(a)}: {round(c * 100)} %" in text for a, c in p.choices)
        await pilot.press("n")
        await until(pilot, lambda: screen.puzzle is not p and screen.answered is None, "the next puzzle")
        q = screen.puzzle
        await pick(pilot, screen, q.solution)
        assert f"Richtig: {screen.said(q.solution)}." in said(screen, "puzzle-result")
        keys = {k: bs[0].description for k, bs in screen._bindings.key_to_bindings.items()}
        assert keys["w"] == "Warum" and keys["n"] == "Nächstes"  # the footer's words, never catalogue keys
        assert q.id in Book(data_dir()).solved


async def test_no_puzzles_says_so(tmp_path):
    app = ThorsApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(PuzzleScreen([], folder=tmp_path))
        await until(pilot, lambda: isinstance(app.screen, PuzzleScreen) and app.screen.query("#puzzle-result"),
                    "the Rätsel screen")
        assert "Keine Rätsel" in said(app.screen, "puzzle-result")
