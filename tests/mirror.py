"""What an app's partial updates put on a real terminal, beside a full redraw.

Each update the app displays is kept as the terminal sequences it writes and
fed to a terminal emulator (pyte, as the SSH tests read their sessions); a
fresh full render of the same screen is what the terminal must show."""

from __future__ import annotations

import pyte
from textual._compositor import CompositorUpdate


def screen_of(size: tuple[int, int], *updates: str) -> list[str]:
    """The lines a terminal of ``size`` shows after ``updates``."""
    screen = pyte.Screen(*size)
    stream = pyte.Stream(screen)
    for u in updates:
        stream.feed(u)
    return screen.display


class Mirror:
    """Every update the app displays, as the terminal sequences it writes."""

    def __init__(self, app):
        self.app = app
        self.sent: list[str] = []
        shown = app._display

        def display(screen, renderable):
            if isinstance(renderable, CompositorUpdate):
                self.sent.append(renderable.render_segments(app.console))
            return shown(screen, renderable)

        app._display = display

    def terminal(self, size: tuple[int, int]) -> list[str]:
        return screen_of(size, *self.sent)

    def fresh(self, size: tuple[int, int]) -> list[str]:
        update = self.app.screen._compositor.render_full_update()
        return screen_of(size, update.render_segments(self.app.console))


async def settle(pilot) -> None:
    """Until the app has handled its messages and drawn the frame they asked for:
    ``pilot.pause()`` waits for the screen's widgets to be idle, then draws the
    frame the update timer would (twice: a message handled may post another)."""
    await pilot.pause()
    await pilot.pause()
