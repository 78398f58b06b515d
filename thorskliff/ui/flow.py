"""A row of a list set from whole pieces (a player's chip and name, a status): the
row breaks only between two pieces, never inside one.

Rich wraps a Text at any whitespace, a non-breaking space included (its words are
``\\s*\\S+\\s*``), so a name like "Bot 2" or a chip like " ▲ " was split over two
lines of a lobby row in a narrow terminal; and Rich's Columns sets its pieces on a
grid of equal columns, which spreads a row out. Here each piece is laid out whole;
one too wide for a whole line is cut with an ellipsis.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class Flow:
    """``pieces``: (separator, piece) pairs, the separator (plain spaces or
    punctuation) put before its piece unless the piece starts a line. A line
    after the first starts with ``indent`` spaces, so that it reads as the
    same row going on. ``after``: text on the lines below, wrapped as any text
    (a sentence, not pieces)."""

    def __init__(self, pieces: list[tuple[str, Text]], indent: int = 3, after: Text | None = None):
        self.pieces = pieces
        self.indent = indent
        self.after = after

    def looks(self) -> tuple:
        """What it shows, to compare with what a panel shows already (panels.show_changed)."""
        def text(x: Text) -> tuple:
            return x.plain, str(x.style), tuple(x.spans)

        return (self.indent, tuple((sep, text(p)) for sep, p in self.pieces),
                text(self.after) if self.after is not None else None)

    def lines(self, width: int) -> list[Text]:
        """The row's lines for ``width`` cells."""
        width = max(1, width)
        lines: list[Text] = []
        line = Text()
        for sep, piece in self.pieces:
            start = not line.plain.strip()
            if not start and line.cell_len + len(sep) + piece.cell_len > width:
                lines.append(line)
                line = Text(" " * min(self.indent, width - 1))
                start = True
            if not start:
                line.append(sep)
            piece = piece.copy()
            room = width - line.cell_len
            if piece.cell_len > room:
                piece.truncate(max(1, room), overflow="ellipsis")
            line.append(piece)
        lines.append(line)
        return lines

    def __str__(self) -> str:
        """The row on one line (what a test or a log reads), then the text after it."""
        row = "".join((sep if i else "") + piece.plain for i, (sep, piece) in enumerate(self.pieces))
        return row + ("\n" + self.after.plain if self.after is not None and self.after.plain else "")

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        text = Text("\n").join(self.lines(options.max_width))
        text.no_wrap = True
        text.overflow = "ellipsis"
        yield text
        if self.after is not None and self.after.plain:
            yield self.after

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((p.cell_len for _, p in self.pieces), default=0)
        longest = max((cell_len(line) for line in str(self).splitlines()), default=0)
        return Measurement(min(widest, options.max_width), min(longest, options.max_width))
