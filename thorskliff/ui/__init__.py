"""The Textual app: pass-and-play at one terminal (issue 4).

Start it with ``python -m thorskliff.ui`` or :func:`thorskliff.ui.app.run`.
The engine never imports this package; the app talks to a game only through
:mod:`.session`.
"""
