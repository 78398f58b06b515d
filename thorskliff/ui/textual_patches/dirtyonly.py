"""A partial screen update draws only the widgets it repaints.

Textual's compositor repaints the regions marked dirty, but draws every
widget inside the smallest rectangle around all of them
(``Compositor.render_partial_update``: ``crop = Region.from_union(...)``,
then ``_get_renders(crop)`` calls ``render_lines`` of each widget
overlapping it, every line of it). A cursor step on the island dirties two
hex boxes on the island and the hex panel beside it: the rectangle around
them held most of the game screen, and drawing the log, the decision list,
the status lines and the footer was a third of the server's work per key at
a hosted table (bench_ssh, #14).

This compositor gives ``_render_chops`` only the widgets that overlap a
dirty region, each drawn only over the lines that hold one. What reaches
the terminal is the same: the update writes the dirty spans alone, and the
cells of a span belong to widgets overlapping its region. A widget that
covers a cell of a span lies over it in every widget's way, so it is never
left out while one beneath it is drawn (the compositor keeps the widget in
front, ``visible_widgets`` in order).
"""

from __future__ import annotations

from collections.abc import Iterable

import textual.screen
from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip


class DirtyOnlyCompositor(Compositor):
    #: the dirty regions of the partial update being made (screen coordinates), else None
    _only: list[Region] | None = None

    def render_partial_update(self):
        self._only = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._only = None

    def _get_renders(self, crop: Region | None = None) -> Iterable[tuple[Region, Region, list[Strip]]]:
        only = self._only
        if not only or crop is None:
            return super()._get_renders(crop)
        return self._dirty_renders(only)

    def _dirty_renders(self, dirty: list[Region]) -> Iterable[tuple[Region, Region, list[Strip]]]:
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if not shown:
                continue
            top = bottom = None
            for d in dirty:
                if shown.overlaps(d):
                    y0, y1 = max(shown.y, d.y), min(shown.bottom, d.bottom)
                    top = y0 if top is None else min(top, y0)
                    bottom = y1 if bottom is None else max(bottom, y1)
            if top is None or bottom is None:
                continue
            # the clip narrowed to the lines that hold a dirty region: _render_chops
            # pairs the lines of region ∩ clip with the strips drawn here
            band = Region(shown.x, top, shown.width, bottom - top)
            yield (region, band,
                   widget.render_lines(Region(band.x - region.x, band.y - region.y, band.width, band.height)))


def install() -> None:
    """Every screen made from now on composes with DirtyOnlyCompositor."""
    # the patch itself: the class Textual's screens make their compositor from
    textual.screen.Compositor = DirtyOnlyCompositor  # type: ignore[misc]
