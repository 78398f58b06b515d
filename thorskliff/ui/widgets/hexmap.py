"""The island as a widget: hexes drawn by :mod:`..mapdraw`, a cursor moved
with the arrow keys or the mouse, and a message when a hex is chosen."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.color import Color
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from .. import mapdraw
from ..i18n import t
from ..keys import localize

#: arrow keys over flat-topped hexes: up/down stay in the column; left/right go
#: along the row, to the neighbour of the next column at the row's height: a
#: hex of an even column is the row's upper one, so from it → and ← go half a
#: hex down, from an odd column half a hex up. The key and the hex alone say
#: where the cursor goes (it once depended on the keys pressed before, so the
#: same keys from the same hex reached different hexes: issue #29); → then ←
#: comes back. Where that neighbour is off the island, the other one of that side.
UP, DOWN = (0, -1), (0, 1)
#: (from an even column, from an odd column): the neighbour tried first, then the other
RIGHT = (((1, 0), (1, -1)), ((1, -1), (1, 0)))
LEFT = (((-1, 1), (-1, 0)), ((-1, 0), (-1, 1)))


class IslandMap(Widget, can_focus=True):
    # The marks take the theme's colours in code (see _mark_style): parsing
    # component-class CSS costs more than drawing the whole island.
    DEFAULT_CSS = "IslandMap { width: auto; height: auto; }"
    MARKS = {"border": ("foreground-muted", ""), "cursor": ("accent", "bold reverse"),
             "select": ("warning", "bold"), "target": ("success", "bold"), "targetdot": ("success", "bold"),
             "fightdot": ("error", "bold")}
    BINDINGS = [
        Binding("up", "move('up')", "↑", show=False),
        Binding("down", "move('down')", "↓", show=False),
        Binding("left", "move('left')", "←", show=False),
        Binding("right", "move('right')", "→", show=False),
        Binding("enter,space", "choose", "key.select"),
    ]

    class Chosen(Message):
        """The player chose hex ``index`` (Enter, space or a click)."""

        def __init__(self, index: int):
            self.index = index
            super().__init__()

    class Moved(Message):
        def __init__(self, index: int):
            self.index = index
            super().__init__()

    def __init__(self, coords: list[tuple[int, int]], **kw):
        super().__init__(**kw)
        localize(self)
        self.coords = coords
        self.by_coord = {c: i for i, c in enumerate(coords)}
        self.obs: dict | None = None
        self.marks = mapdraw.Marks(cursor=0)
        self.geo = mapdraw.geometry(tuple(coords), *mapdraw.SCALES[-1])
        self._strips: list[Strip] | None = None
        #: the cursor's row with the focus marks laid over it, once drawn
        self._focused_row: Strip | None = None
        #: the last drawing: (base style, width), its characters and styles by line, its strips
        self._drawn: tuple | None = None
        #: what the drawing's styles were made from: the base style and the theme
        self._look: tuple | None = None
        #: the island drawn for a new view before it is painted (mapdraw's canvas), if any
        self._canvas: tuple[mapdraw.Canvas, tuple] | None = None
        #: what the last drawing was drawn from (the view's parts, the marks, the scale)
        self._drawn_from: tuple | None = None
        #: the island drawn without the cursor, and what from
        self._bare: tuple[tuple, mapdraw.Canvas] | None = None
        self._styles: dict[str, Style] = {}
        #: called with the new cursor hex instead of posting Moved, when set
        self.follow: Callable[[int], None] | None = None

    # ------------------------------------------------------------ data in
    def fit(self, width: int, height: int) -> None:
        """Choose the largest scale that fits ``width`` x ``height``."""
        geo = mapdraw.fits(self.coords, width, height)
        if (geo.a, geo.h) != (self.geo.a, self.geo.h):
            self.geo = geo
            self._strips = self._canvas = None
            self.refresh(layout=True)

    def show(self, obs: dict, marks: mapdraw.Marks | None = None) -> None:
        self.obs = obs
        if marks is not None:
            marks.focus = self.has_focus
            self.marks = marks
        self._repaint_changed()

    def set_marks(self, marks: mapdraw.Marks) -> None:
        marks.focus = self.has_focus
        self.marks = marks
        self._repaint_changed()

    def _repaint_changed(self) -> None:
        """A new view or new marks: the island is drawn at once and only the
        lines that look different are repainted. Most changes made elsewhere
        (a phase ended, a line in the log) leave a spectator's island as it
        was, and every screen at a hosted table redraws at each of them: the
        whole island was a third of the screen to compose, per screen."""
        last = self._drawn
        if last is None or self.obs is None:
            self._strips = self._focused_row = self._canvas = None
            self.refresh()
            return
        source = self._source()
        if source == self._drawn_from:
            return  # drawn from the same hexes, pieces and marks: it looks the same
        cv = self._draw(source)
        old_chars, old_styles = last[1], last[2]
        changed = [y for y in range(max(len(cv.chars), len(old_chars)))
                   if y >= len(cv.chars) or y >= len(old_chars)
                   or cv.chars[y] != old_chars[y] or cv.styles[y] != old_styles[y]]
        if changed:
            # render_line draws from this canvas, keeping the strips of the lines alike
            self._strips = self._focused_row = None
            self._canvas = (cv, source)
            width = max(self.size.width, cv.width, last[0][1])
            self.refresh(*(Region(0, y, width, 1) for y in changed))

    def _source(self) -> tuple:
        """What mapdraw.draw reads: the view's hexes, players and runestone,
        the marks (without the focus, laid over in render_line), the scale
        and the rift letters."""
        obs = self.obs
        assert obs is not None  # drawn only once shown a view (render_line returns first without)
        letters = tuple(t(f"riftletter.{k}") for k in ("kobold", "silber", "quelle"))
        return (obs["hexes"], obs["players"], obs.get("runestone"), replace(self.marks, focus=False),
                (self.geo.a, self.geo.h), letters)

    def _draw(self, source: tuple) -> mapdraw.Canvas:
        """The island without the cursor is drawn once per view and marks
        (kept with what it was drawn from); a cursor step lays the cursor
        over it (mapdraw.with_cursor) instead of drawing every hex anew."""
        bare = (*source[:3], replace(source[3], cursor=-1), *source[4:])
        if self._bare is None or self._bare[0] != bare:
            assert self.obs is not None  # as in _source
            letters = dict(zip(("kobold", "silber", "quelle"), source[5]))
            self._bare = (bare, mapdraw.draw(self.geo, self.obs, bare[3], letters))
        return mapdraw.with_cursor(self._bare[1], self.geo, source[3])

    @property
    def cursor(self) -> int:
        return self.marks.cursor

    def set_cursor(self, i: int) -> None:
        if i != self.marks.cursor:
            old, self.marks.cursor = self.marks.cursor, i
            self._repaint_hexes(old, i)
            if self.follow is not None:
                # at once, not as a message: what follows the cursor (hex info, the
                # list) is drawn in the same screen update as the island
                self.follow(i)
            else:
                self.post_message(self.Moved(i))

    def on_focus(self) -> None:
        self._focus_mark(True)

    def on_blur(self) -> None:
        self._focus_mark(False)

    def _focus_mark(self, on: bool) -> None:
        if self.marks.focus != on:
            self.marks.focus = on
            # the strips are drawn without the focus marks, which render_line lays
            # over them: a change of focus (every Tab) draws nothing anew
            self._focused_row = None
            g = self.geo
            if 0 <= self.marks.cursor < len(g.pos):
                self.refresh(Region(*g.pos[self.marks.cursor], g.a + 2 * g.h, 2 * g.h + 1))

    def _repaint_hexes(self, *hexes: int) -> None:
        """Only these hexes look different now (the cursor's, as it moves or
        the focus comes and goes): the island is drawn anew, but the screen
        repaints their boxes alone, not the whole island (a third of the
        screen at 120x40). The boxes hold the edges they share with their
        neighbours, where the cursor's edges are drawn over theirs."""
        self._strips = self._focused_row = self._canvas = None
        g = self.geo
        boxes = [Region(*g.pos[i], g.a + 2 * g.h, 2 * g.h + 1) for i in hexes if 0 <= i < len(g.pos)]
        self.refresh(*boxes) if boxes else self.refresh()

    # ------------------------------------------------------------ size
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.geo.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.geo.height

    # ------------------------------------------------------------ drawing
    def on_resize(self) -> None:
        self._strips = None  # they are as wide as the widget

    def notify_style_update(self) -> None:
        super().notify_style_update()
        # Textual calls this at every change of focus too (the :focus pseudo-class),
        # when nothing the island is drawn with has changed: its drawing is kept
        # unless its base style or the theme (the marks' colours) did change
        look = (self.rich_style, self.app.theme)
        if look != self._look:
            self._look = look
            self._styles.clear()
            self._strips = None
            self._drawn = None

    def _style(self, key: str, base: Style) -> Style:
        st = self._styles.get(key)
        if st is None:
            if key == "@bg":
                st = base
            elif key.startswith("@"):
                st = base + self._mark_style(key[1:], base)
            else:
                st = base + Style.parse(key)
            self._styles[key] = st
        return st

    def _render_strips(self) -> list[Strip]:
        if self.obs is None:
            return []
        self._focused_row = None
        if self._canvas is None:
            source = self._source()
            cv = self._draw(source)
        else:
            (cv, source), self._canvas = self._canvas, None
        self._drawn_from = source
        base = self.rich_style
        style = self._style
        width = max(self.size.width, cv.width)
        # a line drawn as before keeps its strip (a cursor step changes a few lines)
        last = self._drawn if self._drawn is not None and self._drawn[0] == (base, width) else None
        strips = []
        for y, (chars, styles) in enumerate(zip(cv.chars, cv.styles)):
            if last is not None and y < len(last[1]) and last[1][y] == chars and last[2][y] == styles:
                strips.append(last[3][y])
                continue
            # runs of one style, found by index: the island is redrawn after most
            # keys, and this loop was half of its cost with groupby
            segs = []
            start, key = 0, styles[0]
            for x in range(1, cv.width):
                if styles[x] is not key and styles[x] != key:
                    segs.append(Segment("".join(chars[start:x]), style(key, base)))
                    start, key = x, styles[x]
            segs.append(Segment("".join(chars[start:]), style(key, base)))
            strips.append(Strip(segs, cv.width).extend_cell_length(width, base))
        self._drawn = ((base, width), cv.chars, cv.styles, strips)
        return strips

    def _mark_style(self, name: str, base: Style) -> Style:
        var, attrs = self.MARKS[name]
        colour = Color.parse(self.app.theme_variables.get(var, "white"))
        if colour.a < 1 and base.bgcolor is not None:
            colour = Color.from_rich_color(base.bgcolor) + colour
        return Style.parse(f"{colour.hex6} {attrs}".strip())

    def render_line(self, y: int) -> Strip:
        if self._strips is None:
            self._strips = self._render_strips()
        if self.marks.focus and 0 <= self.marks.cursor < len(self.geo.pos):
            cells = mapdraw.focus_cells(self.geo, self.marks.cursor)
            if y == cells[0][1] and y < len(self._strips):
                if self._focused_row is None:
                    self._focused_row = self._with_marks(self._strips[y], cells)
                return self._focused_row
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.rich_style)

    def _with_marks(self, strip: Strip, cells) -> Strip:
        """``strip`` with the focus marks over it (mapdraw.focus_cells)."""
        style = self._style("@cursor", self.rich_style)
        parts, at = [], 0
        for x, _, ch in sorted(cells):
            parts += [strip.crop(at, x), Strip([Segment(ch, style)], 1)]
            at = x + 1
        parts.append(strip.crop(at, strip.cell_length))
        return Strip.join(parts)

    # ------------------------------------------------------------ input
    def peek(self, where: str) -> int | None:
        """The hex the arrow key ``where`` would move the cursor to."""
        q, r = self.coords[self.cursor]
        if where in ("up", "down"):
            cands = [UP if where == "up" else DOWN]
        else:
            cands = list((RIGHT if where == "right" else LEFT)[q % 2])
        for dq, dr in cands:
            i = self.by_coord.get((q + dq, r + dr))
            if i is not None:
                return i
        return None

    def action_move(self, where: str) -> None:
        i = self.peek(where)
        if i is not None:
            self.set_cursor(i)

    def hide_choose_key(self) -> None:
        """Leave Enter out of the footer: a screen that names it for the island
        and its list alike keeps one footer whichever has the keys."""
        for key, bindings in self._bindings.key_to_bindings.items():
            self._bindings.key_to_bindings[key] = [replace(b, show=False) if b.action == "choose" else b
                                                   for b in bindings]

    def action_choose(self) -> None:
        self.post_message(self.Chosen(self.cursor))

    def on_click(self, event) -> None:
        i = self.geo.hex_at(event.x, event.y)
        if i is None:
            # the slanted edges belong to both sides: try the cell beside
            i = self.geo.hex_at(event.x + 1, event.y) or self.geo.hex_at(event.x - 1, event.y)
        if i is not None:
            self.focus()
            self.set_cursor(i)
            self.post_message(self.Chosen(i))
