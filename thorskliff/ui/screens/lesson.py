"""The Lehrgang in the app (issue #29): the list of lessons, and a lesson in
play — the game screen with the coach's line above the island. The coach says
what to look at; the hexes it names are marked on the island and the decision
it speaks of in the list (▶); a refused decision is said with the engine's
reason; ``n`` begins the lesson again ("Nochmal"), ``w`` goes on to the next
one, ``q`` back to the list. Finished lessons are kept in the data folder
(``thorskliff.tutorial.progress``)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...engine.actions import ActionError, fmt, hexindex
from ...tutorial.lesson import Lesson, general_text, load_all
from ...tutorial.progress import Progress
from ...tutorial.run import DONE, FAILED, PLAYING, LessonRun
from .. import i18n
from ..i18n import t
from ..keys import localize
from ..session import LocalSession
from .game import GameScreen
from .gameparts import thors_app

MARK = "▶ "
#: the list's last entry: a first game with tips (ui/tips.py)
FIRST_GAME = "@first_game"


def first_game_session(seed: int | None = None) -> LocalSession:
    """A Duell of the person against "Leicht", saved like any game; tips are on
    in it (``tips.first_game``)."""
    import random

    from ...game import Game
    from .. import saves

    seed = seed if seed is not None else random.randrange(1 << 31)
    game = Game.new("duell", [(_g("you"), "Bera", "brown"), ("Bot 2", "Oleif", "black")], seed)
    session = LocalSession(game, saves.new_path("duell"), bots={1: "leicht"})
    session.save()
    return session


def _g(key: str, **kw) -> str:
    return general_text(key, i18n.lang(), **kw)


class LessonSession(LocalSession):
    """A lesson's game behind the game screen's session interface: the
    learner's decisions go through :class:`LessonRun` (dice and the other
    seats follow at once), nothing is saved, no seat changes hands."""

    changes_seats = False
    hints = False

    def __init__(self, run: LessonRun):
        self.run = run
        others = {q: run.lesson.bot for q in range(run.state.num_players) if q != run.lesson.seat}
        super().__init__(run.game, None, bots=others)

    def bot_job(self):
        return None  # the run plays the other seats itself

    def submit(self, decision, seat):
        text = decision if isinstance(decision, str) else fmt(decision)
        before = len(self.game.lines)
        err = self.run.decide(text)
        if err is not None:
            raise err
        return self.game.lines[before:]

    def undo(self, seat=None) -> str:
        return self.run.undo()


class LessonScreen(GameScreen):
    BINDINGS = [
        Binding("n", "again", "key.lesson_again"),
        Binding("w", "next_lesson", "key.lesson_next"),
    ]
    RESULT = False
    NARROW_HIDDEN = GameScreen.NARROW_HIDDEN + ("toggle_focus", "bot_slower", "bot_faster")
    #: the coach's rows: as many as its words take at the window's width, within these
    COACH_ROWS = (3, 8)

    def __init__(self, lesson: Lesson, progress: Progress, lessons: list[Lesson] | None = None, **kw):
        self.lesson = lesson
        self.progress = progress
        self.lessons = lessons or [lesson]
        self.run = LessonRun(lesson)
        self._marked_done = False
        self._rows = self.COACH_ROWS[0] + 1
        super().__init__(LessonSession(self.run), handover=False, **kw)

    # ------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        parts = iter(super().compose())
        yield next(parts)  # the phase bar, then the coach under it
        yield Static(id="coach")
        yield from parts

    def on_mount(self) -> None:
        coach = self.query_one("#coach", Static)
        coach.styles.height = self._rows
        coach.styles.background = "darkblue"
        coach.styles.color = "white"
        coach.styles.padding = (0, 1)
        self._coach()

    def on_resize(self, event) -> None:
        # GameScreen.on_resize runs too (handlers run along the MRO): the coach's rows follow the width
        self._coach()

    def _layout(self, width: int, height: int, taken: int = 0) -> None:
        super()._layout(width, height - self._rows, taken=taken + self._rows)

    def _start_cursor(self) -> int:
        show = self.run.step.show
        return hexindex(show[0]) if show else max(0, self.run.state.players[self.lesson.seat].hero_at)

    # ------------------------------------------------------------ the coach
    def redraw(self) -> None:
        super().redraw()
        self._coach()

    def _coach(self) -> None:
        run, les, lang = self.run, self.lesson, i18n.lang()
        n = self.lessons.index(les) + 1 if les in self.lessons else les.order
        head = Text(f"{_g('list_title')} {n}/{len(self.lessons)}: {les.text('title', lang)} — ", style="bold")
        head.append(_g("goal", goal=les.text("goal", lang)))
        body = Text()
        if run.status == DONE:
            if not self._marked_done:
                self._marked_done = True
                self.progress.finish(les.id)
            body.append(_g("done") + " ", style="bold green")
            body.append(run.coach(lang))
            body.append("\n" + self._keys_after(), style="bold")
        elif run.status == FAILED:
            body.append(_g("failed") + " ", style="bold red")
            body.append(run.coach(lang))
            body.append("\n" + self._keys_after(), style="bold")
        else:
            body.append(f"{_g('coach')}: ", style="bold yellow")
            body.append(run.coach(lang))
            if run.refused is not None:
                body.append("\n" + _g("refused", why=self._engine_says(run.refused)), style="bold red")
        text = Text("\n").join([head, body])
        boxes = self.query("#coach")
        if not boxes:
            return  # not composed yet
        box = boxes.first(Static)
        box.update(text)
        width = max(20, (self.size.width or 80) - 2)
        rows = min(self.COACH_ROWS[1], max(self.COACH_ROWS[0], len(text.wrap(self.app.console, width))))
        if rows != self._rows:
            self._rows = rows
            box.styles.height = rows
            if hasattr(self, "map"):  # mounted: the island and the panels make room
                self._layout(self.size.width, self.size.height)

    def _prompt(self) -> None:
        """In a fight the combat dialog shows this prompt: the coach's line goes first there."""
        super()._prompt()
        if self.obs["combat"] is not None and self.run.status == PLAYING:
            box = self.query_one("#prompt", Static)
            said = Text(f"{_g('coach')}: ", style="bold yellow") + Text(self.run.coach(i18n.lang()))
            box.update(said + Text("\n") + (box.content if isinstance(box.content, Text) else Text(str(box.content))))

    def _keys_after(self) -> str:
        keys = [f"n {_g('retry')}"]
        if self._next() is not None:
            keys.append(f"w {_g('next')}")
        keys.append(f"q {_g('back')}")
        return " · ".join(keys)

    def say(self, text: str, error: bool = False) -> None:
        super().say(text, error)
        if error:
            self._coach()  # the refusal's reason in the coach's words too

    # ------------------------------------------------------------ marks
    def _targets(self):
        """The coach's hexes are the marked ones while nothing is selected
        (a selected stack shows where it can go, as in any game)."""
        if self.selected < 0 and self.run.status == PLAYING and self.run.step.show:
            return frozenset(hexindex(h) for h in self.run.step.show), frozenset()
        return super()._targets()

    def decision_items(self):
        items = super().decision_items()
        if self.run.status != PLAYING:
            return items
        want = self._want()
        out = []
        for d, p, ok in items:
            if d == want:
                p = Text(MARK, style="bold yellow") + (p if isinstance(p, Text) else Text(str(p)))
            out.append((d, p, ok))
        if not any(d == want for d, _, _ in items) and self.run.learner_decides():
            # the coach's decision is on another hex than the cursor's: say which, as the list does
            out.insert(0, ("", Text(MARK + self.run.step.do, style="bold yellow"), False))
        return out

    def _fill_decisions(self) -> None:
        """The list's cursor starts on the coach's decision at each new step."""
        super()._fill_decisions()
        point = (self.decision_point(), self.run.taken)
        if self.run.status != PLAYING or point == getattr(self, "_led", None):
            return
        want = self._want()
        lst = self.decisions
        for n in range(lst.option_count):
            if (lst.get_option_at_index(n).id or "").partition(":")[2] == want:
                lst.highlighted = n
                self._led = point  # once found: the list may be filled before the seat's decisions are
                break

    def _want(self) -> str:
        return fmt(self.run.state.parse_action(self.run.step.do))

    # ------------------------------------------------------------ keys
    def _next(self) -> Lesson | None:
        if self.lesson not in self.lessons:
            return None
        i = self.lessons.index(self.lesson)
        return self.lessons[i + 1] if i + 1 < len(self.lessons) else None

    def action_again(self) -> None:
        self.app.switch_screen(LessonScreen(self.lesson, self.progress, self.lessons))

    def action_next_lesson(self) -> None:
        nxt = self._next()
        if nxt is not None and self.run.status == DONE:
            self.app.switch_screen(LessonScreen(nxt, self.progress, self.lessons))

    def action_menu(self) -> None:
        self.app.pop_screen()  # back to the list of lessons

    def check_action(self, action: str, parameters):
        if action == "next_lesson":
            return self.run.status == DONE and self._next() is not None
        if action in ("hint", "seat_to_bot"):
            return False
        return super().check_action(action, parameters)


class LessonListScreen(Screen):
    """The lessons in their order, each with its skill and a mark when finished."""

    BINDINGS = [
        Binding("q,escape", "leave", "key.back"),
    ]
    DEFAULT_CSS = """
    LessonListScreen { align: center middle; }
    LessonListScreen #lessons-box { width: 90%; max-width: 100; height: auto; max-height: 100%; }
    LessonListScreen #notice { color: $warning; }
    """

    def __init__(self, folder=None):
        super().__init__()
        localize(self)
        from .. import saves

        self.progress = Progress(saves.data_dir())
        self.lessons, self.problems = load_all(folder)

    def compose(self) -> ComposeResult:
        with Vertical(id="lessons-box"):
            yield Static(Text(_g("list_title"), style="bold"), id="title")
            yield Static(Text(_g("list_hint"), style="dim"), id="lessons-hint")
            notes = [_g("bad_lesson", problem=p.say(i18n.lang())) for p in self.problems]
            if self.progress.notice:
                notes.append(_g("progress_reset", file=self.progress.notice))
            yield Static("\n".join(notes), id="notice")
            yield OptionList(*self._options(), id="lessons")
        yield Footer()

    def _options(self) -> list[Option]:
        lang = i18n.lang()
        out = []
        for i, les in enumerate(self.lessons, 1):
            done = les.id in self.progress.finished
            line = Text(f"{'✓' if done else '·'} {i:2}. ", style="green" if done else "")
            line.append(les.text("title", lang), style="bold")
            line.append(f" — {les.text('skill', lang)}", style="dim")
            out.append(Option(line, id=les.id))
        out.append(Option(Text("▸     " + _g("first_game"), style="bold"), id=FIRST_GAME))
        return out

    def on_mount(self) -> None:
        menu = self.query_one(OptionList)
        first_open = next((i for i, les in enumerate(self.lessons) if les.id not in self.progress.finished), 0)
        menu.highlighted = first_open if self.lessons else None
        menu.focus()

    def on_screen_resume(self) -> None:
        menu = self.query_one(OptionList)
        keep = menu.highlighted
        menu.clear_options()
        menu.add_options(self._options())
        menu.highlighted = keep

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id == FIRST_GAME:
            thors_app(self).play(first_game_session(thors_app(self).seed))
            return
        les = next(x for x in self.lessons if x.id == event.option.id)
        self.app.push_screen(LessonScreen(les, self.progress, self.lessons))

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()
