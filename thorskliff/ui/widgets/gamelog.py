"""The game log beside the island or in the side panel."""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from .richlog import RichLog

from ..eventwords import Names
from ..logtext import Hanging, LogWriter

class GameLog(RichLog):
    """The game log: the events of each record line as the viewer may know
    them (``session.events(viewer)``), in words (``logtext``). Only lines
    new since the last sync are written; an undo or a step back in a replay
    cuts the rows of the lines taken back; another seat at the keyboard (or
    another width) writes the log anew."""

    # no scrollbar: in the few rows the log has, its thumb drew as a stray glyph ("▂") beside the
    # lines; the log follows the newest line, and the wheel or the keys still scroll it
    DEFAULT_CSS = "GameLog { height: 1fr; background: $surface; scrollbar-visibility: hidden; }"

    # Rows written change how far the log scrolls, never where a widget is (its height is
    # 1fr, its scrollbars hidden). RichLog's virtual size lays out the whole screen anew at
    # every row written or cut: a tenth of a hosted table's work per decision (bench_ssh, #14).
    virtual_size = Reactive(Size(0, 0), layout=False)

    def __init__(self, card: Callable[[str], dict] | None = None,
                 option: Callable[[str, str], str | None] | None = None, **kw):
        # min_width: RichLog renders at least 78 columns wide by default, which cut
        # long lines off beside a narrow island (80x24) instead of wrapping them
        super().__init__(wrap=True, markup=False, highlight=False, max_lines=2000, min_width=12, **kw)
        #: the events of the record lines written, as they were given (a line is known by its tuple)
        self.shown: list[tuple] = []
        self.viewer: int | None = None
        self.writer: LogWriter | None = None
        #: a campaign card's view by id: its title names the card a choice answered
        self.card = card
        #: the words of a campaign card's option, by card and option id
        self.option = option
        self._last: tuple[list[tuple], dict] | None = None
        self._width = 0
        #: per record line shown: whether its rows were drawn ("rows") or wait for the log's
        #: size ("wait": the log is not shown), their count up to it (drawn: counting the rows
        #: dropped beyond max_lines), and the writer's state after it
        self._marks: list[tuple] = []

    @property
    def count(self) -> int:
        return len(self.shown)

    def reset(self) -> None:
        """Write everything anew at the next sync (another language, say)."""
        self.clear()
        self.shown = []
        self._marks = []
        self.writer = None

    def on_resize(self, event) -> None:
        # lines are wrapped once, at the width they were written at: another width writes them anew
        # (RichLog's own handler runs after this one and writes what waited for a size)
        width, self._width = self._width, event.size.width
        if width and width != event.size.width and self._last is not None:
            self.reset()
            self.sync(*self._last)
        if not self._size_known and event.size.width:
            # the rows written before the log had a size are laid out now (RichLog's handler,
            # after this one); a lazy scroll to their end came after a dialog opened over the
            # screen (a resumed game's hand-over), whose background kept the oldest rows (#27.9)
            self.call_after_refresh(self._show_newest)

    def _show_newest(self) -> None:
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
            if self.screen is not self.app.screen:
                self.app.screen.refresh()  # the dialog's frame holds the screen behind it

    def sync(self, per_line: list[tuple], obs: dict) -> None:
        self._last = (per_line, obs)
        viewer = None if obs.get("viewer") is None else obs["viewer"] - 1
        k = j = len(self.shown)
        j = min(j, len(per_line))
        while j and per_line[j - 1] is not self.shown[j - 1]:
            j -= 1  # lines taken back (an undo, a step back): the same tuples up to j
        names = Names.of_obs(obs)
        if (viewer != self.viewer or self.writer is None or self.writer.names != names
                or (j < k and not self._cut(j))):
            # another seat reads the log anew (R-SECRET-2), the rows to cut are not known, or
            # a seat has another name now (a hosted game's free seat "P2" taken by anna): the
            # log is written anew, each line with the name the seat has
            self.reset()
            self.viewer = viewer
            card = self.card
            card_name = (lambda cid: card(cid)["title"]) if card is not None else None
            self.writer = LogWriter(names, [p["colour"] for p in obs["players"]], card_name, self.option)
        for evs in per_line[len(self.shown):]:
            for line in self.writer.lines(evs):
                self.write(Hanging(line))
            self.shown.append(evs)
            if self._size_known and not self._deferred_renders:
                self._marks.append(("rows", self._start_line + len(self.lines), self.writer.state()))
            else:
                self._marks.append(("wait", len(self._deferred_renders), self.writer.state()))

    def render_lines(self, crop: Region) -> list[Strip]:
        # RichLog asks for its style twice per row, each a walk over every ancestor's styles
        self._style_now = self.rich_style
        try:
            return super().render_lines(crop)
        finally:
            self._style_now = None

    @property
    def rich_style(self):
        style = getattr(self, "_style_now", None)
        return style if style is not None else super().rich_style

    def _cut(self, j: int) -> bool:
        """Keep the rows of the first ``j`` record lines only (False: their rows are not
        known, or some of them were dropped beyond max_lines). RichLog keeps its rows in
        ``lines`` (``_start_line``: how many it dropped; its cache of drawn rows goes) and,
        while it is not shown, what waits to be drawn in ``_deferred_renders``."""
        if not j or self.writer is None:  # nothing written yet: nothing to go back to
            return False
        how, n, state = self._marks[j - 1]
        if how == "wait" and not self._size_known and n <= len(self._deferred_renders):
            while len(self._deferred_renders) > n:
                self._deferred_renders.pop()
        elif how == "rows" and not self._deferred_renders and n >= self._start_line:
            del self.lines[n - self._start_line:]
            # only the rows cut are drawn anew (the cache knows a row by its index counting the dropped)
            for key in [key for key in self._line_cache.keys() if key[0] >= n]:
                self._line_cache.discard(key)
            self.virtual_size = Size(self._widest_line_width, len(self.lines))
        else:
            return False
        self.writer.restore(state)
        del self.shown[j:], self._marks[j:]
        if self.auto_scroll:
            self.scroll_end(animate=False, immediate=True)
        self.refresh()
        return True


