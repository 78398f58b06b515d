"""The game at 80x24 (#27, 10): the footer names the game's keys (t, h, b and
: were left out), the bot's line fits its box, the phase bar shows only the
phases in force, and the result screen says what its fights count."""

from __future__ import annotations

from helpers import begin, place, position
from uihelpers import game_of, until

from thorskliff.ui.app import ThorsApp
from thorskliff.ui.session import LocalSession


def footer_keys(screen) -> list[tuple[str, str, int]]:
    """The footer's keys as shown: (key, word, right edge)."""
    from textual.widgets._footer import FooterKey

    return [(k.key_display, k.description, k.region.right) for k in screen.query(FooterKey) if k.display]


async def test_the_footer_names_every_key_at_80_columns():
    st = position(("Oleif", "Bera"))
    place(st, 0, "1c2", hero=True, warriors=1)
    place(st, 1, "2c2", hero=True)
    begin(st, 0, 1)
    session = LocalSession(game_of(st))
    session.submit("W 1c2-1c3", 0)  # something to take back: u too
    app = ThorsApp(session=session, handover=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until(pilot, lambda: footer_keys(app.screen), "the footer")
        shown = footer_keys(app.screen)
        keys = {k for k, _, _ in shown}
        assert {"t", "h", "b", ":", "u", "e", "?", "q"} <= keys, shown
        assert all(word for k, word, _ in shown if k != "^p"), shown  # each with its word
        assert max(right for _, _, right in shown) <= 80, shown  # and all of it on the screen
