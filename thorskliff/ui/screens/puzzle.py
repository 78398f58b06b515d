"""The Rätsel screen (issue #30): a position from a real game, read only
(the game screen's map and tableaus), its choices, solve, "warum" (the
chance after each choice), next; the player's Glicko-2 rating shown and
updated after each attempt (:mod:`thorskliff.puzzles.rating`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...puzzles import Puzzle
from ...puzzles.rating import Book
from ..i18n import t
from ..words import decision
from ..keys import localize
from ..saves import data_dir
from ..widgets.hexmap import IslandMap
from ..widgets.panels import PhaseBar, Tableaus
from .game import island_coords


class PuzzleScreen(Screen):
    BINDINGS = [
        Binding("w", "why", "puzzle.show_why"),
        Binding("n", "next", "puzzle.next"),
        Binding("q,escape", "leave", "key.back"),
    ]
    DEFAULT_CSS = """
    PuzzleScreen #puzzle-side { width: 44; }
    PuzzleScreen #puzzle-map { width: 1fr; }
    """

    def __init__(self, puzzles: list[Puzzle] | None = None, folder=None):
        super().__init__()
        localize(self)
        if puzzles is None:
            from ...puzzles.fileformat import shipped

            puzzles = shipped()
        self.puzzles = puzzles
        self.book = Book(folder if folder is not None else data_dir())
        self.puzzle: Puzzle | None = self.book.next(puzzles)
        self.answered: str | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="puzzle-head")
        if self.puzzle is None:
            yield Static(t("puzzle.none"), id="puzzle-result")
            yield Footer()
            return
        obs = self.puzzle.state().observation(self.puzzle.seat)
        yield PhaseBar(id="phasebar")
        with Horizontal():
            with Vertical(id="puzzle-map"):
                yield IslandMap(island_coords(obs), id="map")
                yield Tableaus(id="tableaus")
            with Vertical(id="puzzle-side"):
                yield Static(id="puzzle-ask")
                yield OptionList(id="puzzle-choices")
                yield Static(id="puzzle-result")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        p = self.puzzle
        head = self.query_one("#puzzle-head", Static)
        if p is None:
            head.update(t("puzzle.player_rating", rating=round(self.book.me.rating), rd=round(self.book.me.rd)))
            return
        head.update(t("puzzle.header", id=p.id, theme=t(f"puzzle.theme.{p.theme}"),
                      rating=round(self.book.of(p).rating), player=round(self.book.me.rating)))
        st = p.state()
        obs = st.observation(p.seat)
        self.query_one(PhaseBar).show(obs)
        self.query_one(IslandMap).show(obs)
        self.query_one(Tableaus).show(obs)
        self.query_one("#puzzle-ask", Static).update(
            t("puzzle.to_move", seat=p.seat + 1, name=st.players[p.seat].name) + "\n" + t("puzzle.choices"))
        menu = self.query_one("#puzzle-choices", OptionList)
        menu.clear_options()
        self._step = str(st.step)
        menu.add_options([Option(self.said(a), id=a) for a, _ in sorted(p.choices)])
        menu.highlighted = 0
        menu.focus()
        self.query_one("#puzzle-result", Static).update("")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.solve(str(event.option.id))

    def solve(self, answer: str) -> None:
        """Judge ``answer`` (notation) once per puzzle; the ratings move then."""
        p = self.puzzle
        if p is None or self.answered is not None:
            return
        self.answered = answer
        right = answer == p.solution
        me, _ = self.book.attempt(p, right)
        said = t("puzzle.right" if right else "puzzle.wrong", solution=self.said(p.solution))
        self.query_one("#puzzle-result", Static).update(
            said + "\n" + t("puzzle.new_rating", rating=round(me.rating), rd=round(me.rd)))

    def why_text(self) -> str:
        p = self.puzzle
        if p is None:
            return ""
        return t("puzzle.why") + "\n" + "\n".join(f"  {self.said(a)}: {round(c * 100)} %" for a, c in p.choices)

    def said(self, notation: str) -> str:
        """A choice in the player's words, its notation after it (as the game's list shows)."""
        try:
            words = decision(notation, getattr(self, "_step", ""))
        except Exception:  # a chapter's card without its chapter: the notation is still true
            return notation
        return f"{words} ({notation})" if words != notation else notation

    def action_why(self) -> None:
        if self.puzzle is None:
            return
        if self.answered is None:
            self.solve("")  # seeing the answer first counts as a miss, as on lichess
        result = self.query_one("#puzzle-result", Static)
        result.update(f"{result.content}\n{self.why_text()}")

    async def action_next(self) -> None:
        self.puzzle = self.book.next([q for q in self.puzzles if q is not self.puzzle]) or self.book.next(self.puzzles)
        self.answered = None
        await self.recompose()
        self._show()

    def action_leave(self) -> None:
        self.app.pop_screen()
