"""The win-chance curve in words and in the terminal (``bots.curve`` computes it).

One sparkline per seat, drawn as the seat's chip (its colour as background,
bars in the contrasting colour; ``glyphs``), so brown, black, grey and white
stay apart on any theme — a plot library would add a dependency for eight
block characters. The swing lines are the same sentences on the end screen,
in the replay and in ``thorskliff analyse``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..bots.curve import GODE_HEAL, Decision, Swing, TurnPoint
from ..bots.review import Judged
from ..bots.search import HIDDEN
from . import glyphs as G
from .i18n import t
from .words import decision

BARS = "▁▂▃▄▅▆▇█"
#: the swings' marks under the curves: circled, so that a row of them does not
#: read as the axis's numbers (a play-tester took "2  1      3" for turns)
MARKS = "①②③④⑤⑥⑦⑧⑨"
#: a seat as the curve needs it: (name, colour)
Seat = tuple[str, str]


def pct(x: float) -> int:
    return round(100 * x)


def decision_words(d: Decision) -> str:
    """What the decision did, in words (the notation when words fail); a
    turn's start says so, with the most telling thing it did (short: the
    swing line fits the end screen's 80 columns)."""
    if d.step == GODE_HEAL:
        return t("curve.gode_heal", name=d.auto[0][1])
    if d.automatic:
        if not d.auto:
            return t("curve.turn_start")
        kind, name = d.auto[0]
        return t("curve.turn_start_with", what=t(f"curve.auto_{kind}", name=name))
    return notation_words(d.text, d.step)


def notation_words(text: str, step: str) -> str:
    """A decision in notation (as :func:`bots.curve.public_text` leaves it), in
    words; a potion whose kind stays its holder's is said without it."""
    verb, _, arg = text.partition(" ")
    if arg == HIDDEN:
        return t(f"do.{verb}_hidden")
    try:
        return decision(text, step)
    except Exception:  # a campaign card's decision without its chapter: notation is still true
        return text


def cost_line(j: Judged, seats: list[Seat]) -> str:
    """A decision measured against the best alternative (``bots.review``), as
    the end screen and ``thorskliff analyse --budget`` say it: "Runde 7,
    Jorund: … statt … kostete 14 Punkte (87% → 73%)"."""
    return t("curve.cost", round=j.round, name=seats[j.seat][0], chosen=notation_words(j.chosen, j.step),
             best=notation_words(j.best, j.step), loss=round(j.loss), before=pct(j.best_chance), after=pct(j.chance))


def dice_named(sw: Swing) -> bool:
    """Whether the swing is the dice's: they moved the chance more than the
    decision before them did, or that step had no alternative (issue 30)."""
    luck = sw.decision.dice_share(sw.seat)
    return bool(sw.decision.dice) and (not sw.decision.judged or abs(luck) > abs(sw.delta - luck))


def swing_line(sw: Swing, seats: list[Seat]) -> str:
    """A turning point in words; where the dice after the decision moved the
    chance more than the decision did, the dice are named, not the decision."""
    luck = sw.decision.dice_share(sw.seat)
    if dice_named(sw):
        return t("curve.swing_dice", round=sw.round, name=seats[sw.seat][0], points=f"{100 * luck:+.0f}".replace("-", "−"),
                 what=decision_words(sw.decision), before=pct(sw.before), after=pct(sw.after))
    who = seats[sw.decision.seat][0]
    fields = dict(round=sw.round, who=who, what=decision_words(sw.decision), before=pct(sw.before),
                  after=pct(sw.after), name=seats[sw.seat][0])
    return t("curve.swing_self" if sw.seat == sw.decision.seat else "curve.swing_other", **fields)


def sample(n: int, width: int) -> list[int]:
    """Which of ``n`` points each of at most ``width`` columns shows (first and last always)."""
    if n <= width:
        return list(range(n))
    return [round(c * (n - 1) / (width - 1)) for c in range(width)]


def mark(n: int) -> str:
    """The mark of the ``n``-th swing (from 1)."""
    return MARKS[n - 1] if 0 < n <= len(MARKS) else str(n)


def marks_legend(n: int) -> str:
    """The marks of ``n`` swings, for the legend that names them."""
    return " ".join(mark(i) for i in range(1, n + 1))


def sparkline(values: list[float]) -> str:
    return "".join(BARS[min(len(BARS) - 1, int(v * len(BARS)))] for v in values)


def chart(points: list[TurnPoint], seats: list[Seat], width: int, at: int | None = None,
          marks: Sequence[int] = ()) -> Text:
    """A line per seat: chip and name, the curve in at most ``width``
    columns, the chance at the end (or at point ``at``); under the curves,
    the marks ①, ②, … of the swings at points ``marks`` and ↑ at ``at`` (at a
    swing, its mark in reverse)."""
    label = max(len(name) for name, _ in seats) + 2
    cols = sample(len(points), max(2, width - label - 7))
    end = len(points) - 1 if at is None else at
    out = Text(no_wrap=True, overflow="crop")
    for q, (name, colour) in enumerate(seats):
        out.append(f"{G.OWNER[colour]} {name:<{label - 2}}", style=G.chip_style(colour))
        out.append(" ")
        out.append(sparkline([points[i].chances[q] for i in cols]), style=G.chip_style(colour))
        out.append(f" {pct(points[end].chances[q]):>3} %\n")
    row = [" "] * len(cols)
    for n, m in enumerate(marks, 1):
        row[_column(cols, m)] = mark(n)
    here = None if at is None else _column(cols, at)
    if here is not None and row[here] == " ":
        row[here] = "↑"
    line = "".join(row).rstrip()
    out.append(" " * (label + 1) + line[:here], style="bold")
    if here is not None and here < len(line):  # at a swing: its mark stays, shown as the step's place
        out.append(line[here], style="bold reverse")
        out.append(line[here + 1:], style="bold")
    out.rstrip()
    return out


def _column(cols: list[int], point: int) -> int:
    return min(range(len(cols)), key=lambda c: abs(cols[c] - point))


def swings_text(sws: list[Swing], seats: list[Seat]) -> Text:
    """The swings marked as :func:`chart` marks them, under a heading that says
    where the marks are."""
    out = Text(t("curve.swings_marked", marks=marks_legend(len(sws))) + "\n", style="bold") if sws \
        else Text(t("curve.no_swings"), style="dim")
    for i, sw in enumerate(sws):
        out.append(("\n" if i else "") + f"{mark(i + 1)} " + swing_line(sw, seats))
    return out


def distinct(worst: list[Judged], seats: list[Seat], top: int) -> list[Judged]:
    """The first ``top`` of ``worst`` whose sentences differ: a warrior sent on the same
    way as the one before it ("Krieger weiter: 5b1 → 5b2", the same loss) is said once."""
    out: list[Judged] = []
    said: set[str] = set()
    for j in worst:
        line = cost_line(j, seats)
        if line not in said:
            said.add(line)
            out.append(j)
    return out[:top]


def reviewed_text(worst: list[Judged], dice: list[Swing], seats: list[Seat]) -> Text:
    """The end screen's turning points once its review is done: the costliest
    decisions against the best alternative, then the swings the dice made,
    marked ①, ②, … in that order, as :func:`chart` marks them."""
    out = Text()
    if worst:
        out.append(t("curve.costly_marked", marks=marks_legend(len(worst))) + "\n", style="bold")
    else:
        out.append(t("curve.no_costly_short") + "\n", style="dim")
    for i, j in enumerate(worst, 1):
        out.append(f"{mark(i)} {cost_line(j, seats)}\n")
    if dice:
        legend = " ".join(mark(i) for i in range(len(worst) + 1, len(worst) + len(dice) + 1))
        out.append(t("curve.dice_marked", marks=legend) + "\n", style="bold")
    for i, sw in enumerate(dice, len(worst) + 1):
        out.append(f"{mark(i)} {swing_line(sw, seats)}\n")
    out.rstrip()
    return out


def point_at(points: list[TurnPoint], k: int) -> int:
    """The last curve point reached after the first ``k`` record lines."""
    return max((p.index for p in points if p.lines <= k), default=0)
