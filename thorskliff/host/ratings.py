"""Who plays well on a host (#32): OpenSkill ratings (the ``openskill``
package's Plackett–Luce model), one per pool — a mode and a table size
("duell-2", "base-3", "base-4"), since a win at a table of four says less
than one in a Duell.

A hosted game is rated when it ends with at least two persons at the table.
Only persons are rated: a seat played by a bot from the start is left out
(a bot's strength is its level's, measured in docs/bots.md, not a player's
to gain or lose; rating bots as fixed players would let a player farm
points from "Leicht"), and a person's seat stays theirs while a stand-in bot
played for them (they left the table). The placing:

- the winner first;
- a person who resigned last (below everyone still in at the end);
- everyone else shares the place between (a lost game of Thors Kliff has
  one winner and no second place); a draw puts all who did not resign first.

Each game is rated once: its results are written in one transaction keyed
by the game and the player, so of two processes finishing it only one
rates it (PostgreSQL's host, #31).
"""

from __future__ import annotations

from typing import NamedTuple

from openskill.models import PlackettLuce

#: the model every pool is rated with (its defaults: mu 25, sigma 25/3)
MODEL = PlackettLuce()


class Rating(NamedTuple):
    player: str
    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> float:
        """The conservative estimate a leaderboard sorts by (mu − 3 sigma): a
        newcomer starts at 0 and climbs as games make the rating surer."""
        return self.mu - 3 * self.sigma


class Result(NamedTuple):
    """One person's outcome of one rated game."""

    game: int
    player: str
    pool: str
    rank: int
    before: float
    after: float
    sigma: float


def pool(mode: str, players: int) -> str:
    return f"{mode}-{players}"


def placings(winner: int | None, resigned: set[int], seats: list[int]) -> dict[int, int]:
    """The rank of each of ``seats`` (1 the best) as the module says."""
    out = {}
    for s in seats:
        if s in resigned:
            out[s] = 3
        elif winner is None or s == winner:
            out[s] = 1
        else:
            out[s] = 2
    return out


def rate(game: int, pool_: str, people: dict[int, str], ranks: dict[int, int],
         known: dict[str, Rating]) -> list[Result]:
    """The results of one game: ``people`` the persons by seat, ``ranks``
    their placings, ``known`` their ratings before (a newcomer has none)."""
    seats = sorted(people)
    before = [known.get(people[s]) for s in seats]
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) if r else MODEL.rating()] for r in before]
    after = MODEL.rate(teams, ranks=[ranks[s] for s in seats])
    return [Result(game, people[s], pool_, ranks[s], teams[i][0].mu, after[i][0].mu, after[i][0].sigma)
            for i, s in enumerate(seats)]
