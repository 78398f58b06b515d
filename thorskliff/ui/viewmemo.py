"""What every screen showing the same view draws from it alone, made once.

At a hosted table every spectator's screen redraws at every decision made
anywhere, from the same public view: the hub hands all of them one object
(``HubGame.public_view``). A panel text that follows from the view alone
(the tableaus wrapped to a width, the phase bar) is made once per view and
width, not once per screen (at 64 screens it was a fifth of the server's
work per decision). A seat's own view is made for it alone, so its texts
are never found here by another screen.

Entries are found by the view object's identity and hold the view, so its
id is not reused while the entry lives; the oldest go first."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar, cast

from .i18n import lang

T = TypeVar("T")

#: the texts made lately: (id of the view, what, the language) -> (the view, the text)
_MADE: OrderedDict[tuple, tuple[object, object]] = OrderedDict()
#: a few views (games) at a time, a handful of panels and widths each
KEEP = 32


def per_view(view: dict, what: tuple, make: Callable[[], T]) -> T:
    """``make()`` once per ``view`` object and ``what`` (the panel and whatever
    else its text depends on besides the view, its width say)."""
    key = (id(view), what, lang())
    made = _MADE.get(key)
    if made is not None and made[0] is view:
        _MADE.move_to_end(key)
        return cast(T, made[1])  # made by this ``make`` for this key
    text = make()
    _MADE[key] = (view, text)
    while len(_MADE) > KEEP:
        _MADE.popitem(last=False)
    return text


#: the lines drawn lately: what they were drawn from -> the strips
_DRAWN: OrderedDict[tuple, list] = OrderedDict()
#: whether panels take lines drawn for another screen (False: each draws its own, to compare)
sharing = True


def drawn_alike(look: tuple, draw: Callable[[], list]) -> list:
    """The strips of a panel drawn from ``look`` (everything they are drawn
    from: the text, the size, the styles, the terminal's colours), drawn once
    for every screen showing it. A strip keeps its terminal sequences once
    made, so the terminal's colour system is part of ``look``."""
    if not sharing:
        return draw()
    strips = _DRAWN.get(look)
    if strips is not None:
        _DRAWN.move_to_end(look)
        return strips
    strips = _DRAWN[look] = draw()
    while len(_DRAWN) > KEEP:
        _DRAWN.popitem(last=False)
    return strips
