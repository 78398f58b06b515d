"""Stylesheets read when a screen needs them (a screen's own ``.tcss``)."""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen


def load_css(app: App, screen: Screen) -> None:
    """Read a screen's stylesheet if the app has not yet: Textual does so when
    a screen is pushed, not for the default screen."""
    changed = False
    for path in screen.css_path:
        if not app.stylesheet.has_source(str(path), ""):
            app.stylesheet.read(path)
            changed = True
    if changed:
        app.stylesheet.reparse()
        app.stylesheet.update(app)
