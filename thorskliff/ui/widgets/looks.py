"""What a panel shows, to compare with what it shows already (a panel that
looks the same is not drawn again)."""

from __future__ import annotations

from rich.text import Text

from ..flow import Flow


def looks(content) -> object:
    """What a Static shows of ``content``: a Text's equality ignores its
    base style (bold, italic), which is part of what it shows."""
    if isinstance(content, Text):
        return content.plain, str(content.style), tuple(content.spans), content.justify
    if isinstance(content, Flow):
        return content.looks()
    return content
