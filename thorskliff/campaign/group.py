"""A campaign group (R-CAMP-1, R-CAMP-4, R-CAMP-7): the same players with
the same heroes in every chapter, the cards they carry from chapter to
chapter, and the results that make the group table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.messages import SetupError
from ..engine.player import COLOURS
from ..scenario import load_heroes
from .chapter import Chapter

#: the cards the group table has a column for (R-CAMP-7)
TABLE_CARDS = {"tattoo": "Tätowierung", "seekarte": "Seekarte"}


@dataclass(frozen=True)
class Member:
    player: str
    hero: str
    colour: str
    #: the kind of bot that plays this seat (``thorskliff.bots.registry``), "" for a person
    bot: str = ""


@dataclass(frozen=True)
class ChapterResult:
    chapter: int
    winner: int | None  # seat (member index), None for a draw
    reason: str  # ambers | crystals | last-standing | draw
    short: bool


@dataclass
class Group:
    name: str
    members: list[Member]
    #: seat -> special cards carried into the next chapter
    carried: dict[int, list[str]] = field(default_factory=dict)
    #: seat -> every carried card the seat ever received (the table's columns)
    received: dict[int, list[str]] = field(default_factory=dict)
    results: dict[int, ChapterResult] = field(default_factory=dict)

    def __post_init__(self) -> None:
        check_members(self.members)

    def seats(self) -> list[tuple[str, str, str]]:
        return [(m.player, m.hero, m.colour) for m in self.members]

    def bots(self) -> dict[int, str]:
        """Seat -> the kind of bot that plays it (seats people play are missing)."""
        return {q: m.bot for q, m in enumerate(self.members) if m.bot}

    def start(self, chapter: Chapter | str | int, seed: int, short: bool = False, start: int = 0):
        """A new chapter for this group, with its carried cards."""
        from .state import CampaignState

        return CampaignState.new_chapter(self, chapter, seed, short=short, start=start, carried=self.carried)

    def finish(self, st, carried_at_start: dict[int, list[str]] | None = None) -> ChapterResult:
        """Record a finished chapter and what carries over (R-CAMP-4)."""
        if st.result is None:
            raise ValueError("the chapter is not over yet")
        ch = st.chapter
        before = self.carried if carried_at_start is None else carried_at_start
        out = st.outcome()
        res = ChapterResult(ch.number, out.winner, out.reason, st.short)
        self.results[ch.number] = res
        self.carried = carry_over(st, before)
        for q, cards in self.carried.items():
            got = self.received.setdefault(q, [])
            got.extend(c for c in cards if c not in got)
        return res

    def table(self) -> list[dict[str, Any]]:
        """The group table of R-CAMP-7, one row per player. A chapter column is
        None while it is unplayed, else True/False; chapter 3 says how it was
        won: "red" (ambers), "blue" (crystals) or "won"."""
        rows = []
        for q, m in enumerate(self.members):
            row: dict[str, Any] = {"player": m.player, "hero": m.hero, "bot": m.bot}
            for n in (1, 2, 3):
                res = self.results.get(n)
                won: Any = None if res is None else res.winner == q
                if n == 3 and won and res is not None:
                    won = {"ambers": "red", "crystals": "blue"}.get(res.reason, "won")
                row[f"chapter{n}"] = won
            for cid in TABLE_CARDS:
                row[cid] = cid in self.received.get(q, [])
            rows.append(row)
        return rows

    def next_chapter(self) -> int:
        done = [n for n in self.results]
        return max(done) + 1 if done else 1


def carry_over(st, before: dict[int, list[str]]) -> dict[int, list[str]]:
    """Cards that go on: those held at the end that carry (unused ones only:
    a used card is spent), plus carried cards this chapter did not take in."""
    ch: Chapter = st.chapter
    out: dict[int, list[str]] = {}
    for q in range(len(st.players)):
        kept = [c for c in before.get(q, []) if c not in ch.carry]
        for c in st.held[q]:
            if ch.cards[c].carry and c not in kept:
                kept.append(c)
        if kept:
            out[q] = kept
    return out


def check_members(members: list[Member], check_bot: Callable[[str], str | None] | None = None) -> None:
    """ValueError for a group the campaign cannot seat (a SetupError, said in
    the player's language, but for the bots' own words). ``check_bot`` says why
    a seat's bot names no bot (the front end's registry: the campaign
    imports no bots); without it any name is kept and checked when the bot
    is started."""
    heroes = load_heroes()
    if not 2 <= len(members) <= 4:
        raise SetupError("group_players", {"n": len(members)})
    for m in members:
        if m.hero not in heroes:
            raise SetupError("hero", {"hero": m.hero, "heroes": ", ".join(heroes)})
        if m.colour not in COLOURS:
            raise SetupError("colour", {"colour": m.colour, "colours": ", ".join(COLOURS)})
        if not m.player.strip():
            raise SetupError("player_name")
        if not isinstance(m.bot, str):
            raise SetupError("bot_name", {"player": m.player, "bot": m.bot})
        problem = check_bot(m.bot) if m.bot and check_bot else None
        if problem:
            raise ValueError(problem)
    if len({m.hero for m in members}) != len(members):
        raise SetupError("hero_twice")
    if len({m.colour for m in members}) != len(members):
        raise SetupError("colour_twice")

