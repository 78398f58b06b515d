"""The host's leaderboard (#32), from the lobby (key r): each pool's best
players by rating (OpenSkill's mu − 3 sigma, host/ratings.py) with their
uncertainty and games, the player's own place, and their latest rated games
— Enter on one opens it as the lobby does (its end screen, its replay)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..i18n import t
from ..keys import localize

#: how many players of a pool the page lists (the player's own row comes after, if lower)
TOP = 10


class RatingsScreen(ModalScreen[int | None]):
    """Dismissed with a game's id to open, or None."""

    DEFAULT_CSS = """
    RatingsScreen { align: center middle; }
    RatingsScreen > Vertical { width: 90%; max-width: 100; height: 90%; border: round $accent;
                               background: $surface; padding: 0 1; }
    RatingsScreen #r-board { height: auto; max-height: 60%; }
    RatingsScreen OptionList { height: 1fr; }
    """
    BINDINGS = [Binding("escape,q,r", "close", "key.back")]

    def __init__(self, store: Any, user: str):
        super().__init__()
        localize(self)
        self.store = store
        self.user = user

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(t("lobby.ratings_title"), style="bold"))
            yield Static(self._board(), id="r-board")
            yield Static(Text(t("lobby.ratings_recent", user=self.user), style="bold"))
            yield OptionList(*self._recent(), id="r-recent")

    def _board(self) -> Text:
        out = Text()
        pools: dict[str, list] = {}
        for pool, r in self.store.ratings():
            pools.setdefault(pool, []).append(r)
        if not pools:
            out.append(t("ratings.none"), style="italic")
            return out
        for pool, rs in pools.items():
            mode, _, n = pool.rpartition("-")
            out.append(t("ratings.pool", mode=t(f"mode.{mode}"), n=n) + "\n", style="bold")
            for i, r in enumerate(rs, 1):
                if i > TOP and r.player != self.user:
                    continue
                line = t("ratings.row", rank=i, player=r.player, shown=f"{r.shown:.1f}", mu=f"{r.mu:.1f}",
                         sigma=f"{r.sigma:.1f}", games=r.games)
                out.append(line + "\n", style="reverse" if r.player == self.user else "")
        out.rstrip()
        return out

    def _recent(self) -> list[Option]:
        results = self.store.results(self.user)
        if not results:
            return [Option(t("lobby.ratings_no_games"), disabled=True)]
        out = []
        for r in results:
            mode, _, n = r.pool.rpartition("-")
            place = t("lobby.ratings_won") if r.rank == 1 else (
                t("lobby.ratings_resigned") if r.rank == 3 else t("lobby.ratings_lost"))
            out.append(Option(t("lobby.ratings_game", id=r.game, mode=t(f"mode.{mode}"), n=n, place=place,
                                before=f"{r.before:.1f}", after=f"{r.after:.1f}"), id=str(r.game)))
        return out

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id) if event.option.id else None)

    def action_close(self) -> None:
        self.dismiss(None)
