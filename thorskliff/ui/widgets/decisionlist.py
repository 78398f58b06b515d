"""The list of the decisions of the seat at the keyboard."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from .. import choices
from ..i18n import t
from ..viewmemo import drawn_alike
from .looks import looks as _looks

def _start(items: list[tuple[str, Text | str, bool]]) -> int | None:
    """Where a new decision point's cursor starts: the first entry that can be
    chosen and gives nothing up for good (choices.gives_up), so that a reflex
    Enter never sells the amber; the first that can be chosen if all do."""
    ok = [n for n, (_, _, on) in enumerate(items) if on]
    return next((n for n in ok if not choices.gives_up(items[n][0])), ok[0] if ok else None)


class DecisionList(OptionList):
    """The legal decisions of the seat at the keyboard, in words; greyed
    entries (the action menu) carry their reason.

    Whether the keys are here or on the island shows in the box itself, not
    only in a colour: a heavy frame titled ``▶ …`` when it has the focus.
    The highlighted row starts on the first entry at each new decision point
    (a point the screen names; not one that gives something up); within one
    point it stays on its decision."""

    DEFAULT_CSS = """
    DecisionList { height: 1fr; border: round $panel-lighten-2; padding: 0; }
    DecisionList:focus { border: heavy $accent; border-title-color: $accent; border-title-style: bold; }
    """

    class Decide(Message):
        def __init__(self, decision: str):
            self.decision = decision
            super().__init__()

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        #: the decision point the entries belong to
        self.point: object = None
        self._title()

    def _title(self, focus: bool | None = None) -> None:
        focus = self.has_focus if focus is None else focus
        self.border_title = t("play.list_focus" if focus else "play.list_nofocus")

    def on_focus(self) -> None:
        self._title(True)

    def on_blur(self) -> None:
        self._title(False)

    def fill(self, items: list[tuple[str, Text | str, bool]], point: object = None) -> None:
        """``items``: (decision, prompt, enabled); ``point``: the decision
        point they belong to (a new one puts the cursor on the first entry)."""
        shown = [(d, str(p), ok) for d, p, ok in items]
        if shown == getattr(self, "_shown", None):
            if point == self.point:
                return  # the same entries: nothing to lay out again (the cursor keys over empty hexes)
            if self.highlighted == _start(items):
                # a new point with the same entries, highlighted where a new point starts
                # (a spectator's "no decision for you" at every decision of the table)
                self.point = point
                return
        self._shown = shown
        keep = None
        if point == self.point and self.highlighted is not None and self.highlighted < self.option_count:
            keep = (self.get_option_at_index(self.highlighted).id or "").partition(":")[2]
        self.point = point
        # set_options, not clear and add: the same number of lines lays out nothing anew
        self.set_options([Option(p, id=f"{n}:{d}", disabled=not ok) for n, (d, p, ok) in enumerate(items)])
        if items:
            first = _start(items)
            same = next((n for n, (d, _, ok) in enumerate(items) if ok and d == keep), None)
            self.highlighted = same if same is not None else first
        self._title()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        ident = event.option.id or ""
        self.post_message(self.Decide(ident.split(":", 1)[1]))

    def render_lines(self, crop: Region) -> list[Strip]:
        """Drawn once for every screen at a hosted table whose list looks the
        same (viewmemo.drawn_alike): every spectator's list says "no decision
        for you", and each decision that moves it (a prompt one line longer)
        drew all its lines anew on every screen, the largest part of a
        decision's cost per screen (#14)."""
        self._update_lines()
        if self.text_selection is not None:
            return super().render_lines(crop)
        app = self.app
        look = (type(self).__name__, self.id, tuple(sorted(self.classes)), tuple(sorted(self.get_pseudo_classes())),
                tuple((_looks(o.prompt), o.disabled) for o in self.options), self.highlighted,
                self._mouse_hovering_over, tuple(self.scroll_offset), tuple(self.region.size), crop,
                str(self.border_title), self.styles.border, self.styles.border_title_color,
                self.styles.border_title_style, self.styles.padding, app.theme, app.ansi_color,
                app.console._color_system, self.rich_style, self.background_colors)
        return drawn_alike(look, lambda: super(DecisionList, self).render_lines(crop))
