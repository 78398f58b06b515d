"""The game log's lines, drawn from the engine's events as one seat may know
them (``session.events(viewer)``: another seat's potion kinds arrive
redacted and read "verdeckt", R-SECRET-1/2), in the catalogue's words
(``eventwords``).

Grouped so a reader follows who did what: a turn's start is a heading, each
line of a seat starts with its chip, a combat's events stand indented under
the combat, and dice are drawn as dice (the dice a protection blocked, too).
A :class:`LogWriter` reads the events line by line and keeps what it needs
from earlier lines (inside a combat or not, the last roll), so appending one
decision never reads the game again.

:class:`Hanging` wraps a line with its later rows indented under its first
word (the log and the side panel's tableaus).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from ..engine import events as E
from . import eventwords as W
from . import glyphs as G
from .i18n import t

#: where the catalogue's text takes the dice (split there, the dice drawn in between)
_DICE = "\x00"


def dice(roll: Sequence[tuple[str, int]], blocked: Sequence[int] = ()) -> Text:
    """Each die as its face on its kind's colour; blocked dice struck out."""
    left = list(blocked)
    out = Text()
    for k, v in roll:
        is_blocked = k != "S" and v in left
        if is_blocked:
            left.remove(v)
        style = f"bold {G.DIE_FG} on {G.DIE_BG.get(k, G.DIE_BG['K'])}"
        if is_blocked:
            style += " strike dim"
        out.append(f" {k}{G.PIPS.get(v, '')}{v} ", style=style)
        out.append("✗ " if is_blocked else " ", style="bold red" if is_blocked else "")
    return out


def _with_dice(key: str, drawn: Text, **kw) -> Text:
    head, _, tail = t(key, **kw).partition(_DICE)
    out = Text(head)
    out.append_text(drawn)
    out.append(tail)
    return out


class LogWriter:
    """Log lines from events, one record line's events at a time.

    ``colours`` are the seats' colours (their chips; None: plain text, as
    ``thorskliff log`` prints it); ``card_name`` and ``option_name`` say a
    campaign card's title and a card's option."""

    def __init__(self, names: W.Names, colours: Sequence[str] | None,
                 card_name: Callable[[str], str] | None = None,
                 option_name: Callable[[str, str], str | None] | None = None):
        self.names = names
        self.colours = colours
        self.plain = colours is None
        self.card_name = card_name
        self.option_name = option_name
        self.in_combat = False

    def state(self) -> tuple:
        """What the next line depends on (a log cut back to an earlier line restores it)."""
        return (self.in_combat,)

    def restore(self, state: tuple) -> None:
        (self.in_combat,) = state

    def _chip(self, seat: int | None) -> Text:
        if self.plain:
            return Text()
        if seat is None or seat == -1:
            return Text("   ")
        if seat == E.TROLL:
            return Text(G.TROLL + " ", style=G.TROLL_STYLE) + Text(" ")
        if self.colours is None:  # no seats' colours given: no chip
            return Text("   ")
        colour = self.colours[seat]
        return Text(G.OWNER[colour] + " ", style=G.chip_style(colour)) + Text(" ")

    def lines(self, evs: Sequence[E.Event]) -> list[Text]:
        out: list[Text] = []
        for e in evs:
            line = self.line(e)
            if line is not None:
                out.append(line)
        return out

    def line(self, e: E.Event) -> Text | None:
        """``e``'s line, or None for an event another line says."""
        n = self.names
        if isinstance(e, E.CombatEnded):
            self.in_combat = False
            return None
        if isinstance(e, E.Rolled):
            body = _with_dice(f"event.rolled_{e.purpose}", self._dice(list(zip(e.dice, e.vals))), dice=_DICE)
            return self._indent(self._chip(None) + body)
        if isinstance(e, E.Blocked):
            shown = list(zip(e.dice, e.vals))
            body = _with_dice("event.blocked", self._dice(shown), who=n.who(e.seat), vals=_DICE)
            return self._indent(self._chip(e.seat) + body)
        said = W.say(e, n, self.card_name, self.option_name)
        if said is None:
            return None
        if isinstance(e, E.TurnBegan):
            self.in_combat = False
            return self._chip(e.seat) + Text(said, style="bold underline")
        if isinstance(e, E.CombatBegan):
            self.in_combat = True
            mark = Text() if self.plain else Text(G.FIGHT + "  ", style="bold red")
            return mark + Text(said, style="bold")
        seat = getattr(e, "seat", getattr(e, "reader", None))
        body = self._chip(seat) + Text(said, style="bold" if isinstance(e, (E.Won, E.WentOut, E.Fainted)) else "")
        return self._indent(body)

    def _dice(self, roll: Sequence[tuple[str, int]]) -> Text:
        if self.plain:
            return Text(" ".join(f"{k}{v}" for k, v in roll))
        drawn = dice(roll)
        drawn.rstrip()
        return drawn

    def _indent(self, line: Text) -> Text:
        return Text("  ") + line if self.in_combat else line


# ---------------------------------------------------------------- wrapping


def first_word(plain: str, most: int) -> int:
    """The column of the first letter or digit of ``plain`` (at most ``most``)."""
    for i, ch in enumerate(plain):
        if ch.isalnum():
            return min(i, most)
    return 0


def hang(text: Text, width: int, console: Console) -> list[Text]:
    """``text`` (one paragraph) wrapped to ``width``, its later rows indented
    under its first word."""
    if width <= 0 or text.cell_len <= width:
        return [text]
    rows = text.wrap(console, width)
    if len(rows) <= 1:
        return [text]
    indent = first_word(text.plain, width // 2)
    first = rows[0]
    cut = len(first.plain)
    rest = text[cut:]
    skip = len(rest.plain) - len(rest.plain.lstrip(" "))
    rest = rest[skip:]
    out = [first]
    for row in rest.wrap(console, max(1, width - indent)):
        out.append(Text(" " * indent) + row)
    return out


def hang_all(text: Text, width: int, console: Console) -> Text:
    """Each paragraph of ``text`` wrapped to ``width`` with its later rows indented."""
    rows: list[Text] = []
    for par in text.split("\n", allow_blank=True):
        rows.extend(hang(par, width, console))
    return Text("\n").join(rows)


class Hanging:
    """A Rich renderable: ``text`` wrapped at the width it is drawn at, its
    later rows under its first word (a RichLog renders it once, at its width)."""

    def __init__(self, text: Text):
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from hang(self.text, options.max_width, console)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
