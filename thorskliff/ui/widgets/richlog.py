"""Textual's RichLog, imported without attrs (#28: the game's first frame).

RichLog imports rich.pretty, which imports attrs when it is installed (it is,
as a dependency of the test tools and of aiohttp) only to pretty-print attrs
classes; the game log writes rich Text alone. attrs cost some 17 ms of CPU at
every start, a tenth of what the game adds to a minimal Textual app. It is
hidden from that one import; whatever imports attrs later gets it as usual.
"""

from __future__ import annotations

import sys

_hidden = "attr" not in sys.modules and "rich.pretty" not in sys.modules
if _hidden:
    sys.modules["attr"] = None  # type: ignore[assignment]  # an import of it raises ImportError
try:
    from textual.widgets import RichLog
finally:
    if _hidden:
        del sys.modules["attr"]

__all__ = ["RichLog"]
