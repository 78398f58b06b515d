"""A correspondence game (#32, host/corr.py) in the lobby's words: the
choices of its terms when it is made, its row (its tempo, and the time its
waiting player has left), the count of games waiting for a player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..i18n import t

DAY = 24 * 3600.0
#: the times per move offered, in seconds (the default: two days)
PER_MOVE = (3600.0, DAY, 2 * DAY, 7 * DAY, 14 * DAY)
DEFAULT = 2 * DAY
#: the days of pause per seat offered
VACATION = (0, 3, 7, 14)


def per_move_label(seconds: float) -> str:
    if seconds < DAY:
        return t("corr.hours_1")
    days = int(seconds // DAY)
    return t("corr.day_1") if days == 1 else t("corr.days_n", n=days)


def tempo_items() -> list[tuple[str, str]]:
    items = [("live", t("corr.live"))]
    for s in PER_MOVE:
        key = "corr.per_move_default" if s == DEFAULT else "corr.per_move"
        items.append((f"corr:{int(s)}", t(key, label=per_move_label(s))))
    return items


def timeout_items(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    items = [(f"bot:{lv}", t("corr.timeout_bot", level=t(f"level.{lv}"))) for lv in levels]
    return items + [("resign", t("corr.timeout_resign"))]


def vacation_items() -> list[tuple[str, str]]:
    return [(str(n), t("corr.vacation_n", n=n) if n else t("corr.vacation_0")) for n in VACATION]


def left(seconds: float) -> str:
    """The time left, in whole days and hours ("noch 1 T 4 Std")."""
    s = max(0, int(seconds))
    d, h = s // int(DAY), (s % int(DAY)) // 3600
    return t("corr.left", d=d, h=h) if d else t("corr.left_hours", h=h)


def row_words(hg: Any, seat: int | None, now: float) -> tuple[str, str]:
    """A correspondence game's tempo, and the time left when ``seat`` must decide ("" else)."""
    c = hg.clocked
    if c is None:
        return "", ""
    tempo = t("corr.row", label=per_move_label(c.terms.per_move))
    mine = (seat is not None and not hg.finished and c.seat == seat and c.deadline is not None
            and hg.state.current_player() == seat)
    return tempo, left(c.deadline - now) if mine else ""


def ask_terms(app: Any, choice: Callable[[str, list[tuple[str, str]], Any], Any],
              done: Callable[[Any], None]) -> None:
    """Ask how fast a new game is: ``done(None)`` for a live one, else
    ``done((per_move, on_timeout, pause_days))`` once its time per move, what a
    timeout does and its pause days are chosen — the host's Terms, as a plain
    tuple (``choice(title, items, None)`` makes the dialog)."""
    from ...bots.registry import LEVELS

    def ask(title: str, items: list[tuple[str, str]], then: Callable[[str], None]) -> None:
        app.push_screen(choice(title, items, None), callback=lambda got: then(got) if got is not None else None)

    def tempo(got: str) -> None:
        if got == "live":
            done(None)
            return
        per_move = float(got.partition(":")[2])
        ask(t("corr.timeout"), timeout_items(tuple(LEVELS)),
            lambda how: ask(t("corr.vacation"), vacation_items(),
                            lambda days: done((per_move, how, int(days)))))

    ask(t("corr.tempo"), tempo_items(), tempo)
